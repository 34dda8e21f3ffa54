#!/usr/bin/env bash
# Builds the fuzz targets (fuzz/build.sh) and runs each for SECONDS (default 15), two at a time
# (FUZZ_JOBS), starting from the seeds in fuzz/corpus/<target> and growing a working corpus in
# target/fuzz/corpus/<target> (kept between runs on one machine, never committed). Fails on the first crash, leak of an
# assertion, or input over the memory limit; the input that did it is in target/fuzz/artifacts.
#
# usage: fuzz/run.sh [SECONDS] [TARGET...]      targets: spec read replay args fpuzzles compare iss
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-15}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(spec read replay args fpuzzles compare iss)
fuzz/build.sh
mkdir -p target/fuzz/artifacts
# One target's run: its log in target/fuzz/<target>.log, its exit status returned.
fuzz_one() {
  local t=$1 corpus=target/fuzz/corpus/$1
  mkdir -p "$corpus"
  cp -n fuzz/corpus/"$t"/* "$corpus"/ 2>/dev/null || true
  target/fuzz/bin/"$t" "$corpus" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 \
    -artifact_prefix=target/fuzz/artifacts/"$t"- -print_final_stats=1 > target/fuzz/"$t".log 2>&1
}
# FUZZ_JOBS targets at a time (default 2: libFuzzer runs one thread, the machine has two cores).
jobs=${FUZZ_JOBS:-2}
for ((i = 0; i < ${#targets[@]}; i += jobs)); do
  batch=("${targets[@]:i:jobs}")
  pids=()
  for t in "${batch[@]}"; do
    echo "fuzz $t: ${seconds}s from $(ls fuzz/corpus/"$t" 2>/dev/null | wc -l) seed inputs"
    fuzz_one "$t" &
    pids+=($!)
  done
  for k in "${!batch[@]}"; do
    t=${batch[k]}
    status=0
    wait "${pids[k]}" || status=$?
    grep -E '^stat::(number_of_executed_units|new_units_added)' target/fuzz/"$t".log | sed "s/^/$t /" || true
    if [ "$status" -ne 0 ]; then
      tail -40 target/fuzz/"$t".log >&2
      echo "fuzz $t failed (exit $status); the input is in target/fuzz/artifacts/" >&2
      exit 1
    fi
  done
done
