#!/usr/bin/env bash
# The Interactive Sudoku Solver's hard benchmarks (its `EXAMPLE_HARD_BENCHMARKS`: three renban and
# three thermometer puzzles, minimal, few or no givens), side by side in one run: per puzzle,
# coverlab's whole process proving the puzzle unique (`count --max-solutions 2 --jobs 1`, read
# from the ISS string, best of three) and ISS's own benchmark in process (best of three), with the
# ratio. ISS is not committed here: give its checkout (github.com/sigh/Interactive-Sudoku-Solver,
# run with the machine's node).
#
#   strategies/benches/iss-hard.sh ISS_DIR [STRATEGY]
set -euo pipefail
cd "$(dirname "$0")/../.."
iss=${1:?give the Interactive Sudoku Solver checkout (git clone https://github.com/sigh/Interactive-Sudoku-Solver)}
strategy=${2:-auto}
cargo build --release --quiet
bin=target/release/coverlab
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
names=("Hard renban 1" "Hard renban 2" "Hard renban 3" "I want to break free" "A kind of magic" "Bicycle race")
# ISS's figures: best of three, in process.
list=$(IFS=,; echo "${names[*]}")
(cd "$iss" && node tools/perf/benchmark_puzzles.js --max-backtracks none --puzzles "$list" --repeat 3 --json) > "$tmp/iss.json"
best_ms() {
  local best="" t0 t1 ms
  for _ in 1 2 3; do
    t0=$EPOCHREALTIME
    "$@" > "$tmp/out.txt"
    t1=$EPOCHREALTIME
    ms=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", (b - a) * 1000 }')
    if [ -z "$best" ] || awk -v x="$ms" -v y="$best" 'BEGIN { exit !(x < y) }'; then best=$ms; fi
  done
  printf '%s' "$best"
}
printf '| puzzle | coverlab %s, whole process (ms) | count | ISS in process (ms) | ISS status | coverlab / ISS |\n' "$strategy"
printf '| --- | ---: | ---: | ---: | --- | ---: |\n'
for name in "${names[@]}"; do
  grep -F "# EXAMPLES: $name" tests/data/iss/corpus.txt | sed 's/  # .*//' > "$tmp/p.txt"
  ours=$(best_ms "$bin" count --jobs 1 --strategy "$strategy" --max-solutions 2 "$tmp/p.txt")
  count=$(cat "$tmp/out.txt")
  read -r theirs status < <(python3 -c '
import json, sys
rows = {r["puzzle"]: r for r in json.load(open(sys.argv[1]))}
r = rows[sys.argv[2]]
print(r["ms"], r["status"])' "$tmp/iss.json" "$name")
  ratio=$(awk -v a="$ours" -v b="$theirs" 'BEGIN { printf "%.2f", a / b }')
  printf '| %s | %s | %s | %s | %s | %s |\n' "$name" "$ours" "$count" "$theirs" "$status" "$ratio"
done
