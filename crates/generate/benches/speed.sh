#!/usr/bin/env bash
# Generation speed, side by side with qqwing in the same run (issue 14's figures).
#
#   crates/generate/benches/speed.sh [COUNT]
#
# - 9×9 minimal unique puzzles: `coverlab generate -n COUNT --minimal -j1` against
#   `qqwing --generate COUNT --one-line` (Debian's qqwing; skipped when not installed), whole
#   processes, one core each, three rounds, the ratio per round;
# - 16×16 (≤ 55% givens), 25×25 and 36×36 (≤ 60%): one process per seed 1–10, median and max;
# - 64×64 full grids: one process per seed 1–10, median and max.
# Builds the release binary first. Runs in about a minute.
set -euo pipefail
cd "$(dirname "$0")/../../.."
COUNT=${1:-2000}
cargo build --release -q
BIN=target/release/coverlab

secs() { # secs CMD...: wall seconds of one run, output discarded
    local t0 t1
    t0=$(date +%s.%N)
    "$@" >/dev/null 2>&1
    t1=$(date +%s.%N)
    echo "$t1 - $t0" | bc -l
}

echo "## 9×9 minimal puzzles, $COUNT per process, one core"
echo
echo "| round | coverlab (puzzles/s) | qqwing (puzzles/s) | ratio |"
echo "|---|---:|---:|---:|"
for round in 1 2 3; do
    c=$(secs taskset -c 0 "$BIN" generate -n "$COUNT" --minimal --seed "$round" -j1 -q)
    if command -v qqwing >/dev/null; then
        q=$(secs taskset -c 0 qqwing --generate "$COUNT" --one-line)
        printf '| %d | %.0f | %.0f | %.1f× |\n' "$round" "$(echo "$COUNT / $c" | bc -l)" \
            "$(echo "$COUNT / $q" | bc -l)" "$(echo "$q / $c" | bc -l)"
    else
        printf '| %d | %.0f | (qqwing not installed) | |\n' "$round" "$(echo "$COUNT / $c" | bc -l)"
    fi
done

stats() { # stats LABEL TIMES...: median and max of the times
    local label=$1
    shift
    printf '%s\n' "$@" | sort -g | awk -v label="$label" '
        { t[NR] = $1 } END { m = (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2;
        printf "| %s | %d | %.3f s | %.3f s |\n", label, NR, m, t[NR] }'
}

echo
echo "## Larger grids: one whole process per seed (reading, generating, writing)"
echo
echo "| what | seeds | median | max |"
echo "|---|---:|---:|---:|"
for spec in "16 140" "25 375" "36 777"; do
    set -- $spec
    times=()
    for seed in $(seq 1 10); do
        times+=("$(secs "$BIN" generate --size "$1" --clues "$2" --seed "$seed" -j1 -q)")
    done
    stats "$1×$1, unique, $2 givens ($(( 100 * $2 / ($1 * $1) ))%)" "${times[@]}"
done
times=()
for seed in $(seq 1 10); do
    times+=("$(secs "$BIN" generate --size 16 --minimal --seed "$seed" -j1 -q)")
done
stats "16×16, minimal" "${times[@]}"
times=()
for seed in $(seq 1 10); do
    times+=("$(secs "$BIN" generate --size 64 --full --seed "$seed" -j1 -q)")
done
stats "64×64 full grid" "${times[@]}"
