#!/usr/bin/env bash
# coverlab beside its peers, in one run: the 9×9 peer (the `sudoku` crate 0.8, a JCZSolve port,
# built from ../shared/tools/peer-sudoku) and `coverlab bench` on the same files, then the large
# grids (16×16, 25×25, generated 36×36 / 49×49). The figures of strategies/PERFORMANCE.md.
#
# usage: strategies/benches/peers-side-by-side.sh [DATA_DIR] [SECONDS]
#   DATA_DIR  the public corpora (default ../shared/data beside the repository)
#   SECONDS   CPU seconds per 9×9 measurement (default 3)
# Environment: STRATEGIES (9×9 strategies, default auto,band-9x9), LARGE (large-grid strategies,
# default auto,sat), TIMEOUT (seconds per large puzzle, default 10), GRIDS (36×36 and 49×49
# grids made, default 5).
#
# Peer ratios: divide the `puzzles/s` of a coverlab row by the peer's figure printed just before
# it. The machine is shared: only ratios from one run mean anything.
# 16×16 also has a DLX peer, the `exact-covers` crate (a dev-dependency, run by
# strategies/examples/peer_dlx.rs on the same exact-cover model). The large grids also have
# CP-SAT (Google OR-tools), run by strategies/benches/peers/cpsat.py on the same files; the script
# installs the `ortools` package from PyPI when it is missing (CPSAT=0 skips it). The peers are
# described in strategies/benches/peers/README.md.
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
cargo build --release --quiet -p coverlab-strategies --example gen_grids --example peer_dlx
bin=target/release/coverlab
peer=""
if [ -f ../shared/tools/peer-sudoku/Cargo.toml ]; then
  CARGO_TARGET_DIR=target/peer-sudoku cargo build --release --quiet --manifest-path ../shared/tools/peer-sudoku/Cargo.toml
  peer=target/peer-sudoku/release/peer-sudoku
fi
cpsat=""
if [ "${CPSAT:-1}" != 0 ]; then
  python3 -c 'import ortools' 2> /dev/null || python3 -m pip install --quiet ortools
  cpsat="python3 strategies/benches/peers/cpsat.py"
fi
# CP-SAT on FILE, first solution, with WORKERS workers (default 1).
peer_cpsat() {
  if [ -n "$cpsat" ]; then $cpsat "$1" --workers "${2:-1}" --timeout "$timeout"; fi
}
for f in 17_clue magictour_top1465 forum_hardest_1905_11plus forum_hardest_1106; do
  echo "### $f"
  if [ -n "$peer" ]; then "$peer" "$data/9x9/$f.txt" count2 "$secs"; fi
  "$bin" bench --strategies "$strategies" --limit 2 --min-seconds "$secs" "$data/9x9/$f.txt"
done
echo "### 16×16, first solution and uniqueness"
target/release/examples/peer_dlx "$data/16x16/generated_minimal_30.txt" --limit 1
peer_cpsat "$data/16x16/generated_minimal_30.txt"
"$bin" bench --strategies "$large" --limit 1 --min-seconds 3 --timeout "$timeout" "$data/16x16/generated_minimal_30.txt"
target/release/examples/peer_dlx "$data/16x16/generated_minimal_30.txt" --limit 2
"$bin" bench --strategies "$large" --limit 2 --min-seconds 3 --timeout "$timeout" "$data/16x16/generated_minimal_30.txt"
echo "### 25×25, first solution and uniqueness"
peer_cpsat "$data/25x25/gecode_frisch_18.txt"
peer_cpsat "$data/25x25/gecode_frisch_18.txt" 2
"$bin" bench --strategies "$large" --limit 1 --min-seconds 0 --timeout "$timeout" "$data/25x25/gecode_frisch_18.txt"
"$bin" bench --strategies "$large" --limit 2 --min-seconds 0 --timeout "$timeout" "$data/25x25/gecode_frisch_18.txt"
echo "### 36×36 and 49×49, random full grids, half the cells blanked (seed 7)"
tmp=$(mktemp -d)
for n in 36 49; do
  target/release/examples/gen_grids "$n" "${GRIDS:-5}" 50 7 > "$tmp/half$n.txt"
  peer_cpsat "$tmp/half$n.txt"
  "$bin" bench --strategies "$large" --limit 1 --min-seconds 0 --timeout "$timeout" "$tmp/half$n.txt"
done
echo "### 36×36 and 49×49, half blank with balanced holes (as many in every row and column; seed 7)"
for n in 36 49; do
  target/release/examples/gen_grids "$n" "${GRIDS:-5}" 50 7 balanced > "$tmp/balanced$n.txt"
  "$bin" bench --strategies auto --limit 1 --min-seconds 0 --timeout "$timeout" "$tmp/balanced$n.txt"
done
# Whole-process wall time per puzzle of FILE, each line its own input: `coverlab ARGS...`.
# Prints: puzzles done within the timeout (solved; for a count, counted exactly), median and max
# seconds (a timeout counts as the timeout). Meant for `solve` and `count --max-solutions 2` on
# unique puzzles.
per_puzzle() {
  local file=$1 label=$2
  shift 2
  local times=() line out ok=0 total=0
  while IFS= read -r line; do
    [ -z "$line" ] && continue
    local start end
    start=$(date +%s%N)
    # Done: exit 0 and no count cut short ("1+" is a count stopped by the timeout).
    if out=$(printf '%s\n' "$line" | "$bin" "$@" --timeout "$timeout" - 2> /dev/null) && [[ $out != *+* ]]; then
      ok=$((ok + 1))
    fi
    end=$(date +%s%N)
    times+=("$(( (end - start) / 1000000 ))")
    total=$((total + 1))
  done < "$file"
  printf '%s\n' "${times[@]}" | sort -n | awk -v label="$label" -v ok="$ok" -v total="$total" \
    '{ t[NR] = $1 } END { printf "| %s | %d/%d | %.2f | %.2f | %s |\n", label, ok, total, t[int((NR + 1) / 2)] / 1000, t[NR] / 1000, "" }'
}
echo "### one puzzle per process, --jobs 1 against --jobs 2 (a portfolio: two CaDiCaL copies race)"
echo "| run | solved | median s | max s | |"
echo "| --- | ---: | ---: | ---: | --- |"
for jobs in 1 2; do
  per_puzzle "$data/25x25/gecode_frisch_18.txt" "25×25 first solution, --jobs $jobs" solve --jobs "$jobs"
  per_puzzle "$data/25x25/gecode_frisch_18.txt" "25×25 count to 2, --jobs $jobs" count --max-solutions 2 --jobs "$jobs"
done
for n in 36 49; do
  per_puzzle "$tmp/half$n.txt" "${n}×${n} half blank, --jobs 2" solve --jobs 2
done
echo "### 36×36, share of blanked cells from 40 % to 70 % (seed 7): the hardest share is about half"
for blank in 40 60 70; do
  target/release/examples/gen_grids 36 "${GRIDS:-5}" "$blank" 7 > "$tmp/blank$blank.txt"
  "$bin" bench --strategies auto --limit 1 --min-seconds 0 --timeout "$timeout" "$tmp/blank$blank.txt"
done
echo "### whole process: coverlab solve --count --max-solutions 2 --jobs 1"
for f in 17_clue magictour_top1465; do
  /usr/bin/env time -f "$f: %e s wall, %M KB max RSS" "$bin" solve --count --max-solutions 2 --jobs 1 "$data/9x9/$f.txt" > /dev/null
done
