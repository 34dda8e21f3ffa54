#!/usr/bin/env bash
# Builds the fuzz targets (fuzz/build.sh) and runs each for SECONDS (default 15), starting from
# the seeds in fuzz/corpus/<target> and growing a working corpus in target/fuzz/corpus/<target>
# (kept between runs on one machine, never committed). Fails on the first crash, leak of an
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
for t in "${targets[@]}"; do
  corpus=target/fuzz/corpus/$t
  mkdir -p "$corpus"
  cp -n fuzz/corpus/"$t"/* "$corpus"/ 2>/dev/null || true
  echo "fuzz $t: ${seconds}s from $(ls "$corpus" | wc -l) inputs"
  log=target/fuzz/$t.log
  status=0
  target/fuzz/bin/"$t" "$corpus" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 \
    -artifact_prefix=target/fuzz/artifacts/"$t"- -print_final_stats=1 > "$log" 2>&1 || status=$?
  grep -E '^stat::(number_of_executed_units|new_units_added)' "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -40 "$log" >&2
    echo "fuzz $t failed (exit $status); the input is in target/fuzz/artifacts/" >&2
    exit 1
  fi
done
