#!/usr/bin/env bash
# The Interactive Sudoku Solver's hard benchmarks (its `EXAMPLE_HARD_BENCHMARKS`: three renban and
# three thermometer puzzles, minimal, few or no givens), side by side in one run: per puzzle,
# coverlab's whole process proving the puzzle unique (`count --max-solutions 2 --jobs 1`, read
# from the ISS string) and ISS's own benchmark, each the best of three, in ms:
# - wall: coverlab's whole process against ISS in process (its own `ms`), as ISS reports it;
# - CPU: user + system time of the whole process on both sides (ISS: one node process per puzzle,
#   so node's start and the solver's loading are in it: the `empty grid` row measures them).
# On a machine shared with other work wall times mislead (a process waits for a core); the CPU
# columns and their ratio do not. ISS is not committed here: give its checkout
# (github.com/sigh/Interactive-Sudoku-Solver, run with the machine's node).
#
#   strategies/benches/iss-hard.sh ISS_DIR [STRATEGY]
#
# PROFILE (default fast-build: no LTO, quick to build) picks the cargo profile of the binary;
# CARGO_TARGET_DIR is honoured.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
iss=${1:?give the Interactive Sudoku Solver checkout (git clone https://github.com/sigh/Interactive-Sudoku-Solver)}
iss=$(cd "$iss" && pwd)
strategy=${2:-auto}
profile=${PROFILE:-fast-build}
cargo build --profile "$profile" --quiet
bin=${CARGO_TARGET_DIR:-target}/$profile/coverlab
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
names=("Hard renban 1" "Hard renban 2" "Hard renban 3" "I want to break free" "A kind of magic" "Bicycle race")
# Runs "$@" three times; sets best_wall and best_cpu (ms, each the least of the three). The
# command's output is left in $tmp/out.txt, /usr/bin/time's in $tmp/time.txt.
best_of_three() {
  best_wall="" best_cpu=""
  local t0 t1 wall cpu
  for _ in 1 2 3; do
    t0=$EPOCHREALTIME
    /usr/bin/time -f "%U %S" -o "$tmp/time.txt" "$@" > "$tmp/out.txt"
    t1=$EPOCHREALTIME
    wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", (b - a) * 1000 }')
    cpu=$(awk '{ printf "%.0f", ($1 + $2) * 1000 }' "$tmp/time.txt")
    if [ -z "$best_wall" ] || awk -v x="$wall" -v y="$best_wall" 'BEGIN { exit !(x < y) }'; then best_wall=$wall; fi
    if [ -z "$best_cpu" ] || [ "$cpu" -lt "$best_cpu" ]; then best_cpu=$cpu; fi
  done
}
# ISS, one node process per run, three runs: its own in-process `ms` and the process's CPU, each
# the least of the three; its status.
iss_run() {
  cd "$iss"
  iss_ms="" best_cpu=""
  local cpu ms
  for _ in 1 2 3; do
    /usr/bin/time -f "%U %S" -o "$tmp/time.txt" node tools/perf/benchmark_puzzles.js --max-backtracks none "$@" --repeat 1 --json > "$tmp/out.txt"
    cpu=$(awk '{ printf "%.0f", ($1 + $2) * 1000 }' "$tmp/time.txt")
    read -r ms iss_status < <(python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))[0]
print(r["ms"], r["status"])' "$tmp/out.txt")
    if [ -z "$iss_ms" ] || awk -v x="$ms" -v y="$iss_ms" 'BEGIN { exit !(x < y) }'; then iss_ms=$ms; fi
    if [ -z "$best_cpu" ] || [ "$cpu" -lt "$best_cpu" ]; then best_cpu=$cpu; fi
  done
  cd "$root"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
printf '| puzzle | coverlab %s wall (ms) | ISS in process (ms) | wall ratio | coverlab CPU (ms) | ISS CPU (ms) | CPU ratio | count | ISS status |\n' "$strategy"
printf '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n'
for name in "${names[@]}"; do
  grep -F "# EXAMPLES: $name" tests/data/iss/corpus.txt | sed 's/  # .*//' > "$tmp/p.txt"
  best_of_three "$bin" count --jobs 1 --strategy "$strategy" --max-solutions 2 "$tmp/p.txt"
  ours_wall=$best_wall ours_cpu=$best_cpu
  count=$(cat "$tmp/out.txt")
  iss_run --puzzles "$name"
  printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$name" "$ours_wall" "$iss_ms" "$(ratio "$ours_wall" "$iss_ms")" \
    "$ours_cpu" "$best_cpu" "$(ratio "$ours_cpu" "$best_cpu")" "$count" "$iss_status"
done
# What ISS's process costs before any search: an empty 9×9 grid (two solutions at once).
iss_run --input .
printf '| empty grid (ISS start) | | %s | | | %s | | | %s |\n' "$iss_ms" "$best_cpu" "$iss_status"
