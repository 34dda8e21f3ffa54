#!/usr/bin/env bash
# The page beside the native build, in one run: the same puzzles solved by the same strategy
# - natively, the page's own request (`coverlab_web::call`, the code the module runs) timed
#   in-process (examples/bench.rs, built in the page's `wasm` profile): one request per puzzle,
#   then the set repeated BENCH_REPEAT times (default 10) in one request, made once untimed and
#   then BENCH_TRIES times (default 7);
# - in the page in headless Chromium, the same requests timed in the worker around the call;
#   the set in one request only once the worker's warm-up has ended and the request has run
#   untimed for BENCH_WARM seconds (default 3: V8's optimising tier), then BENCH_TRIES times;
# - natively, `coverlab solve --jobs 1 --stats` (each puzzle's solve alone, and the whole
#   process on the repeated set, BENCH_TRIES times), for reference.
# Prints per-puzzle medians and means, and for the set in one request the least, median and
# most CPU time a puzzle of the tries (Linux: the waits for a core of a loaded machine are not
# counted) with the page / native ratio of the least; checks that the page found the native
# build's solutions. PAGE_BEFORE=old.html times that page too, in the same run, beside the
# native request and the new page (before and after a change).
#
#   crates/web/bench.sh [FILE [STRATEGY [N]]]
#
# Defaults: the first 100 of tests/data/9x9/17_clue_first200.txt, `fast`. The Frisch 25×25 set,
# each puzzle stopped after BENCH_CAP seconds (default 60) in both:
#   BENCH_CAP=20 crates/web/bench.sh tests/data/25x25/gecode_frisch_18.txt fast 18
# The native CLI is built with `--profile fast-build --no-default-features --features kissat`
# (without kissat when KISSAT=0, as the page then is) unless
# NATIVE=path/to/coverlab names one; NATIVE_CALL=path names a built examples/bench, PAGE=path a
# built page. Needs node and chromium.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cd "$root"
file=${1:-tests/data/9x9/17_clue_first200.txt}
strategy=${2:-fast}
count=${3:-100}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# (awk reads the whole file: `grep | head` ended the script with SIGPIPE under pipefail.)
awk -v count="$count" '!/^#/ && !/^[[:space:]]*$/ && n < count { print; n++ }' "$file" > "$work/puzzles.txt"

if [ -n "${PAGE:-}" ]; then
  cp "$PAGE" "$work/coverlab.html"
else
  "$here/build.sh" "$work" >&2
fi
target_dir=${CARGO_TARGET_DIR:-$root/target}
# The native side has what the page has: kissat without CaDiCaL (KISSAT=0: neither).
features=()
[ "${KISSAT:-1}" = 0 ] || features=(--features kissat)
if [ -z "${NATIVE:-}" ]; then
  cargo build --quiet --profile fast-build --no-default-features "${features[@]}"
  NATIVE=$target_dir/fast-build/coverlab
fi
cap=${BENCH_CAP:-60}
# The page's requests natively, in-process, in the page's profile (fat LTO, opt-level 3).
if [ -z "${NATIVE_CALL:-}" ] && [ "$count" -gt 30 ]; then
  cargo build --quiet --profile wasm -p coverlab-web --example bench "${features[@]}"
  NATIVE_CALL=$target_dir/wasm/examples/bench
fi
if [ "$count" -le 30 ]; then
  # Small, hard sets: no in-process run (it has no cap).
  echo '{"runs": [], "batch": null}' > "$work/call.json"
else
  "$NATIVE_CALL" "$work/puzzles.txt" "$strategy" > "$work/call.json"
fi
"$NATIVE" solve --strategy "$strategy" --jobs 1 --stats --format json --timeout "$cap" "$work/puzzles.txt" > "$work/native.jsonl" 2>/dev/null || true
# The whole process on the set repeated BENCH_REPEAT times (default 10), BENCH_TRIES times, its
# CPU time (user and system), beside the page's one request of the same.
# Only for sets of more than 30 puzzles, as in the page (small, hard sets are timed one by one).
for _ in $(seq "${BENCH_REPEAT:-10}"); do cat "$work/puzzles.txt"; done > "$work/repeated.txt"
: > "$work/native.cpu"
if [ "$count" -gt 30 ]; then
  for _ in $(seq "${BENCH_TRIES:-7}"); do
    # bash's `time`: the child's user and system seconds.
    ( TIMEFORMAT='%U %S'; time "$NATIVE" solve --strategy "$strategy" --jobs 1 "$work/repeated.txt" > /dev/null 2>&1 || true ) 2>> "$work/native.cpu"
  done
fi
driver() {
  BENCH_CAP=$cap DRIVER_TIMEOUT=$((cap * (count + 1) + 300)) node "$here/tests/driver.mjs" bench "$1" "$work/puzzles.txt" "$strategy"
}
if [ -n "${PAGE_BEFORE:-}" ]; then driver "$PAGE_BEFORE" > "$work/before.json"; else echo null > "$work/before.json"; fi
driver "$work/coverlab.html" > "$work/page.json"

node - "$work/native.jsonl" "$work/page.json" "$file" "$strategy" "$work/coverlab.html" "$work/native.cpu" "$work/call.json" "$work/before.json" "${PAGE_BEFORE:-}" <<'JS'
const fs = require("fs");
const [nativeFile, pageFile, file, strategy, page, cpuFile, callFile, beforeFile, beforePage] = process.argv.slice(2);
const call = JSON.parse(fs.readFileSync(callFile, "utf8"));
const nativeCpu = fs.readFileSync(cpuFile, "utf8").trim().split("\n").filter((l) => l)
  .map((l) => l.split(" ").reduce((a, b) => a + 1000 * Number(b), 0));
const native = fs.readFileSync(nativeFile, "utf8").trim().split("\n").map((l) => JSON.parse(l));
const result = JSON.parse(fs.readFileSync(pageFile, "utf8"));
const before = JSON.parse(fs.readFileSync(beforeFile, "utf8"));
for (const r of [result, before]) if (r && r.error) { console.error(r); process.exit(1); }
const runs = result.runs;
const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { median: q(0.5), mean: s.reduce((a, b) => a + b, 0) / s.length, max: s[s.length - 1], min: s[0] };
};
let same = 0, both = 0;
runs.forEach((r, i) => {
  if (r.solution && native[i] && native[i].solutions[0]) { both++; if (r.solution === native[i].solutions[0]) same++; }
});
// Times over the puzzles both solved (a capped or stopped one counts its time up to the cap).
const n = stats(native.map((r) => r.micros / 1000));
const p = stats(runs.map((r) => r.ms));
const fmt = (x) => x < 10 ? x.toFixed(3) : x.toFixed(1);
console.log(`${file}, ${runs.length} puzzles, strategy ${strategy}; page ${fs.statSync(page).size} bytes`);
console.log(`solved: native ${native.filter((r) => r.status === "solved").length}, page ${runs.filter((r) => r.status === "solved").length}; the same solution in ${same} of the ${both} both solved`);
console.log(`| | median ms | mean ms | max ms |\n| --- | ---: | ---: | ---: |`);
console.log(`| native CLI, the solve alone (\`--stats\`) | ${fmt(n.median)} | ${fmt(n.mean)} | ${fmt(n.max)} |`);
const c = call.runs.length ? stats(call.runs.map((r) => r.ms)) : null;
if (c) console.log(`| native, each request (in-process) | ${fmt(c.median)} | ${fmt(c.mean)} | ${fmt(c.max)} |`);
console.log(`| page, each request (in the worker) | ${fmt(p.median)} | ${fmt(p.mean)} | ${fmt(p.max)} |`);
if (c) console.log(`| page / native request | ${(p.median / c.median).toFixed(2)}× | ${(p.mean / c.mean).toFixed(2)}× | |`);
else console.log(`| page / native solve | ${(p.median / n.median).toFixed(2)}× | ${(p.mean / n.mean).toFixed(2)}× | |`);
console.log("(a request: reading it and the puzzle, compiling the spec, building the strategy, solving, writing the");
console.log("record; the page's clock in a worker ticks every 0.1 ms)");
if (c) {
  const bad = call.runs.filter((r, i) => r.solution !== (native[i] && native[i].solutions[0] || null)).length;
  if (bad) { console.error(`the in-process requests differ from the CLI on ${bad} puzzles`); process.exit(1); }
}
let ok = true;
if (result.batch) {
  const k = result.batch.puzzles;
  // µs a puzzle: least, median and most of the tries.
  const us = (xs) => { const s = stats(xs.filter((x) => x != null).map((x) => 1000 * x / k)); return s; };
  const row = (label, s, base) => console.log(`| ${label} | ${s.min.toFixed(1)} | ${s.median.toFixed(1)} | ${s.max.toFixed(1)} | ` +
    (base ? `${(s.min / base.min).toFixed(2)}× | ${(s.median / base.median).toFixed(2)}× |` : "| |"));
  console.log(`\nthe set ${k / runs.length} times over (${k} puzzles) in one request, µs a puzzle over ` +
    `${result.batch.tries.length} tries; CPU time unless said`);
  console.log("| | least | median | most | / native, least | / native, median |\n| --- | ---: | ---: | ---: | ---: | ---: |");
  const nc = call.batch ? us(call.batch.tries.map((t) => t.cpu_ms)) : null;
  if (nc) row("native request, in-process (its thread)", nc, null);
  if (nativeCpu.length) row("native CLI, whole process", us(nativeCpu), nc);
  for (const [label, r] of [["page before", before], ["page", result]]) {
    if (!r || !r.batch) continue;
    const t = r.batch.tries;
    row(`${label}: the renderer, every thread`, us(t.map((x) => x.cpu_ms)), nc);
    if (t.every((x) => x.worker_cpu_ms > 0)) row(`${label}: the worker's thread`, us(t.map((x) => x.worker_cpu_ms)), nc);
    row(`${label}: wall`, us(t.map((x) => x.ms)), call.batch ? us(call.batch.tries.map((x) => x.ms)) : null);
    const same = r.batch.solutions.every((s, i) => s && native[i] && s === native[i].solutions[0]);
    if (!same) { console.error(`${label}: the set in one request found other solutions than the native build`); ok = false; }
    if (r.warm) {
      const w = JSON.parse(r.warm);
      console.log(`  (${label}'s own warm-up: ${w.slices} slices of 10 puzzles in ${w.ms.toFixed(0)} ms, the first ${w.first.toFixed(1)} ms, the best ${w.best.toFixed(1)} ms)`);
    }
  }
  if (beforePage) console.log(`page before: ${beforePage}, ${fs.statSync(beforePage).size} bytes`);
}
if (runs.length <= 30) {
  console.log("native, per puzzle (ms): " + native.map((r) => r.status === "solved" ? (r.micros / 1000).toFixed(0) : r.status).join(" "));
  console.log("page, per puzzle (ms): " + runs.map((r) => r.status === "solved" ? r.ms.toFixed(0) : r.status).join(" "));
}
if (!ok || same !== both) process.exit(1);
JS
