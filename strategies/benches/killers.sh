#!/usr/bin/env bash
# Killer sudokus from f-puzzles JSON lines, whole process, one thread: per puzzle the time to the
# first solution (`solve --max-solutions 1`) and to the uniqueness proof (`count --max-solutions
# 2`), best of three, in ms, then the whole file in one process, as users run it.
#
#   strategies/benches/killers.sh [FILE.jsonl] [STRATEGY]
#
# PROFILE (default fast-build: no LTO, quick to build) picks the cargo profile of the binary;
# CARGO_TARGET_DIR is honoured.
#
# FILE defaults to ../shared/data/variants/killer_tarek_42.jsonl (the TAREK_ALL collection of
# the Interactive Sudoku Solver, whose own benchmark proves all 42 unique in about 0.77 s in
# process on a machine of this kind); STRATEGY to the default (auto).
set -euo pipefail
cd "$(dirname "$0")/../.."
file=${1:-../shared/data/variants/killer_tarek_42.jsonl}
strategy=${2:-auto}
profile=${PROFILE:-fast-build}
cargo build --profile "$profile" --quiet
bin=${CARGO_TARGET_DIR:-target}/$profile/coverlab
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Wall time of one run in ms (bash's microsecond clock), the best of three.
best_ms() {
  local best="" t0 t1 ms
  for _ in 1 2 3; do
    t0=$EPOCHREALTIME
    "$@" > "$tmp/o.json"
    t1=$EPOCHREALTIME
    ms=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", (b - a) * 1000 }')
    if [ -z "$best" ] || awk -v x="$ms" -v y="$best" 'BEGIN { exit !(x < y) }'; then best=$ms; fi
  done
  printf '%s' "$best"
}
printf '| puzzle | first solution (ms) | unique (ms) | guesses to prove |\n| ---: | ---: | ---: | ---: |\n'
i=0
while IFS= read -r line; do
  i=$((i + 1))
  printf '%s\n' "$line" > "$tmp/p.jsonl"
  first=$(best_ms "$bin" solve --jobs 1 --strategy "$strategy" --max-solutions 1 "$tmp/p.jsonl")
  unique=$(best_ms "$bin" count --jobs 1 --strategy "$strategy" --max-solutions 2 --format json "$tmp/p.jsonl")
  guesses=$(sed -n 's/.*"guesses":\([0-9]*\).*/\1/p' "$tmp/o.json")
  printf '| %d | %s | %s | %s |\n' "$i" "$first" "$unique" "$guesses"
done < "$file"
echo
echo "whole file, one process: coverlab count --max-solutions 2 --jobs 1 --strategy $strategy"
/usr/bin/time -f "%e s wall, %U s user" "$bin" count --max-solutions 2 --jobs 1 --strategy "$strategy" --stats "$file" > /dev/null
