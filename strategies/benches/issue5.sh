#!/usr/bin/env bash
# Issue 5's figures, side by side in one run: the 9×9 peer (the `sudoku` crate 0.8, a JCZSolve
# port, built from ../shared/tools/peer-sudoku) and `coverlab bench` on the same files, then the
# large grids (16×16, 25×25, generated 36×36 / 49×49).
#
# usage: strategies/benches/issue5.sh [DATA_DIR] [SECONDS]
#   DATA_DIR  the public corpora (default ../shared/data beside the repository)
#   SECONDS   CPU seconds per 9×9 measurement (default 3)
# Environment: STRATEGIES (9×9 strategies, default auto,band-9x9), LARGE (large-grid strategies,
# default auto,sat), TIMEOUT (seconds per large puzzle, default 10), GRIDS (36×36 and 49×49
# grids made, default 5).
#
# Peer ratios: divide the `puzzles/s` of a coverlab row by the peer's figure printed just before
# it. The machine is shared: only ratios from one run mean anything.
set -euo pipefail
cd "$(dirname "$0")/../.."
data=${1:-../shared/data}
secs=${2:-3}
strategies=${STRATEGIES:-auto,band-9x9}
large=${LARGE:-auto,sat}
timeout=${TIMEOUT:-10}
if [ ! -d "$data/9x9" ]; then
  echo "no corpora at $data (pass DATA_DIR)" >&2
  exit 2
fi
cargo build --release --quiet
cargo build --release --quiet -p coverlab-strategies --example gen_grids
bin=target/release/coverlab
peer=""
if [ -f ../shared/tools/peer-sudoku/Cargo.toml ]; then
  CARGO_TARGET_DIR=target/peer-sudoku cargo build --release --quiet --manifest-path ../shared/tools/peer-sudoku/Cargo.toml
  peer=target/peer-sudoku/release/peer-sudoku
fi
for f in 17_clue magictour_top1465 forum_hardest_1905_11plus forum_hardest_1106; do
  echo "### $f"
  if [ -n "$peer" ]; then "$peer" "$data/9x9/$f.txt" count2 "$secs"; fi
  "$bin" bench --strategies "$strategies" --limit 2 --min-seconds "$secs" "$data/9x9/$f.txt"
done
echo "### 16×16, first solution and uniqueness"
"$bin" bench --strategies "$large" --limit 1 --min-seconds 3 --timeout "$timeout" "$data/16x16/generated_minimal_30.txt"
"$bin" bench --strategies "$large" --limit 2 --min-seconds 3 --timeout "$timeout" "$data/16x16/generated_minimal_30.txt"
echo "### 25×25, first solution and uniqueness"
"$bin" bench --strategies "$large" --limit 1 --min-seconds 0 --timeout "$timeout" "$data/25x25/gecode_frisch_18.txt"
"$bin" bench --strategies "$large" --limit 2 --min-seconds 0 --timeout "$timeout" "$data/25x25/gecode_frisch_18.txt"
echo "### 36×36 and 49×49, random full grids, half the cells blanked (seed 7)"
tmp=$(mktemp -d)
for n in 36 49; do
  target/release/examples/gen_grids "$n" "${GRIDS:-5}" 50 7 > "$tmp/half$n.txt"
  "$bin" bench --strategies "$large" --limit 1 --min-seconds 0 --timeout "$timeout" "$tmp/half$n.txt"
done
echo "### whole process: coverlab solve --count --max-solutions 2 --jobs 1"
for f in 17_clue magictour_top1465; do
  /usr/bin/env time -f "$f: %e s wall, %M KB max RSS" "$bin" solve --count --max-solutions 2 --jobs 1 "$data/9x9/$f.txt" > /dev/null
done
