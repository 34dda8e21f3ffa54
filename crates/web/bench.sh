#!/usr/bin/env bash
# The page beside the native build, in one run: the same puzzles solved by the same strategy
# natively (`coverlab solve --jobs 1 --stats`, each puzzle's solve time) and in the page in
# headless Chromium (one request per puzzle, timed in the worker around the call: reading the
# puzzle, solving, writing the record). Prints per-puzzle medians and means and their ratio,
# and checks that the page found the native build's solutions.
#
#   crates/web/bench.sh [FILE [STRATEGY [N]]]
#
# Defaults: the first 100 of tests/data/9x9/17_clue_first200.txt, `fast`. The Frisch 25×25 set:
#   crates/web/bench.sh tests/data/25x25/gecode_frisch_18.txt fast 18
# The native binary is built with `--profile fast-build --no-default-features` unless
# NATIVE=path/to/coverlab names one (a `cargo build --release --no-default-features` is the
# fair one: the page is built with release's fat LTO). Needs node and chromium.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cd "$root"
file=${1:-tests/data/9x9/17_clue_first200.txt}
strategy=${2:-fast}
count=${3:-100}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
grep -v '^#' "$file" | grep -v '^[[:space:]]*$' | head -n "$count" > "$work/puzzles.txt"

"$here/build.sh" "$work" >&2
target_dir=${CARGO_TARGET_DIR:-$root/target}
if [ -z "${NATIVE:-}" ]; then
  cargo build --quiet --profile fast-build --no-default-features
  NATIVE=$target_dir/fast-build/coverlab
fi
"$NATIVE" solve --strategy "$strategy" --jobs 1 --stats --format json "$work/puzzles.txt" > "$work/native.jsonl" 2>/dev/null || true
node "$here/tests/driver.mjs" bench "$work/coverlab.html" "$work/puzzles.txt" "$strategy" > "$work/page.json"

node - "$work/native.jsonl" "$work/page.json" "$file" "$strategy" "$work/coverlab.html" <<'JS'
const fs = require("fs");
const [nativeFile, pageFile, file, strategy, page] = process.argv.slice(2);
const native = fs.readFileSync(nativeFile, "utf8").trim().split("\n").map((l) => JSON.parse(l));
const result = JSON.parse(fs.readFileSync(pageFile, "utf8"));
if (result.error) { console.error(result); process.exit(1); }
const runs = result.runs;
const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { median: q(0.5), mean: s.reduce((a, b) => a + b, 0) / s.length, max: s[s.length - 1] };
};
let same = 0;
runs.forEach((r, i) => { if (r.solution && native[i] && r.solution === native[i].solutions[0]) same++; });
const n = stats(native.map((r) => r.micros / 1000));
const p = stats(runs.map((r) => r.ms));
const fmt = (x) => x < 10 ? x.toFixed(3) : x.toFixed(1);
console.log(`${file}, ${runs.length} puzzles, strategy ${strategy}; page ${fs.statSync(page).size} bytes`);
console.log(`solved: native ${native.filter((r) => r.status === "solved").length}, page ${runs.filter((r) => r.status === "solved").length}; same solution ${same}/${runs.length}`);
console.log(`| | median ms | mean ms | max ms |\n| --- | ---: | ---: | ---: |`);
console.log(`| native | ${fmt(n.median)} | ${fmt(n.mean)} | ${fmt(n.max)} |`);
console.log(`| page | ${fmt(p.median)} | ${fmt(p.mean)} | ${fmt(p.max)} |`);
console.log(`| page / native | ${(p.median / n.median).toFixed(2)}× | ${(p.mean / n.mean).toFixed(2)}× | |`);
if (runs.length <= 30) console.log("page, per puzzle (ms): " + runs.map((r) => r.ms.toFixed(0)).join(" "));
if (same !== runs.length) process.exit(1);
JS
