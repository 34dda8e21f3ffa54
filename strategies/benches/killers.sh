#!/usr/bin/env bash
# Killer sudokus from f-puzzles JSON lines, whole process, one thread: per puzzle the time to the
# first solution (`solve --max-solutions 1`) and to the uniqueness proof (`count --max-solutions
# 2`), then the whole file in one process, as users run it.
#
#   strategies/benches/killers.sh [FILE.jsonl] [STRATEGY]
#
# FILE defaults to ../shared/data/variants/killer_tarek_42.jsonl (the TAREK_ALL collection of
# the Interactive Sudoku Solver, whose own benchmark proves all 42 unique in about 0.77 s in
# process on a machine of this kind); STRATEGY to the default (auto).
set -euo pipefail
cd "$(dirname "$0")/../.."
file=${1:-../shared/data/variants/killer_tarek_42.jsonl}
strategy=${2:-auto}
cargo build --release --quiet
bin=target/release/coverlab
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '| puzzle | first solution (s) | unique (s) | guesses to prove |\n| ---: | ---: | ---: | ---: |\n'
i=0
while IFS= read -r line; do
  i=$((i + 1))
  printf '%s\n' "$line" > "$tmp/p.jsonl"
  first=$( { /usr/bin/time -f %e "$bin" solve --jobs 1 --strategy "$strategy" --max-solutions 1 "$tmp/p.jsonl" > /dev/null; } 2>&1 | tail -1)
  unique=$( { /usr/bin/time -f %e "$bin" count --jobs 1 --strategy "$strategy" --max-solutions 2 --format json "$tmp/p.jsonl" > "$tmp/o.json"; } 2>&1 | tail -1)
  guesses=$(sed -n 's/.*"guesses":\([0-9]*\).*/\1/p' "$tmp/o.json")
  printf '| %d | %s | %s | %s |\n' "$i" "$first" "$unique" "$guesses"
done < "$file"
echo
echo "whole file, one process: coverlab count --max-solutions 2 --jobs 1 --strategy $strategy"
/usr/bin/time -f "%e s wall, %U s user" "$bin" count --max-solutions 2 --jobs 1 --strategy "$strategy" --stats "$file" > /dev/null
