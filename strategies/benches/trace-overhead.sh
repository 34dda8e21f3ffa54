#!/usr/bin/env bash
# What tracing costs when it is off.
#
# Builds coverlab twice: as shipped (every strategy calls the trace API; with no --trace the sink
# is the NullSink, so each call is one predictable branch), and with `--features trace-off`
# (every trace call compiled out). Then runs `coverlab bench` with both binaries, alternating,
# on the same files, and prints each strategy's throughput ratio shipped / trace-off (median of
# the rounds). The brief: within 3% (ratio ≥ 0.97).
#
# usage: strategies/benches/trace-overhead.sh [ROUNDS] [FILE...]
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-3}
shift || true
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
  files=(tests/data/9x9/17_clue_first200.txt tests/data/9x9/magictour_top1465_first50.txt tests/data/16x16/gecode_janko_55.txt)
fi
strategies=${STRATEGIES:-fast,singles-hidden,dlx}
out=$(mktemp -d)
cargo build --release --quiet
cp target/release/coverlab "$out/shipped"
cargo build --release --quiet --features trace-off --target-dir target/trace-off
cp target/trace-off/release/coverlab "$out/trace-off"
for round in $(seq "$rounds"); do
  for build in shipped trace-off; do
    "$out/$build" bench --strategies "$strategies" --limit 2 --min-seconds 1 "${files[@]}" > "$out/$build.$round.md"
  done
done
python3 - "$out" "$rounds" <<'PY'
import re, statistics, sys
out, rounds = sys.argv[1], int(sys.argv[2])
def table(path):
    rows, file = {}, None
    for line in open(path):
        if line.startswith("## "):
            file = line[3:].split(" (")[0]
        m = re.match(r"\| ([\w-]+) \| (\d+) \| (\d+) \| (\d+) \| ([\d.]+) \|", line)
        if m:
            rows[(file, m.group(1))] = float(m.group(5))
    return rows
runs = {b: [table(f"{out}/{b}.{r}.md") for r in range(1, rounds + 1)] for b in ("shipped", "trace-off")}
print("| file | strategy | shipped puzzles/s | trace-off puzzles/s | ratio (median of %d rounds) |" % rounds)
print("| --- | --- | ---: | ---: | ---: |")
for key in runs["shipped"][0]:
    ratios = [s[key] / o[key] for s, o in zip(runs["shipped"], runs["trace-off"]) if o.get(key)]
    s = statistics.median(r[key] for r in runs["shipped"])
    o = statistics.median(r[key] for r in runs["trace-off"])
    print(f"| {key[0]} | {key[1]} | {s:.0f} | {o:.0f} | {statistics.median(ratios):.3f} |")
PY
