#!/usr/bin/env bash
# Builds the fuzz targets on the stable toolchain, without cargo-fuzz: the same instrumentation
# cargo-fuzz adds with `-s none` (libFuzzer's coverage, no sanitizer). Binaries land in
# target/fuzz/bin/<target>.
#
# FUZZ_QUICK=1 (what CI sets): opt-level 1 and no debug info, for a build in about half the CPU;
# the targets then run fewer inputs a second (CI runs each for 10 s, as a check, not a campaign).
set -euo pipefail
cd "$(dirname "$0")"
if [ "${FUZZ_QUICK:-0}" = 1 ]; then
  export CARGO_PROFILE_RELEASE_OPT_LEVEL=1 CARGO_PROFILE_RELEASE_DEBUG=0
fi
export RUSTFLAGS="--cfg fuzzing -Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares -Cdebug-assertions -Coverflow-checks"
# An explicit --target keeps the flags off build scripts and proc macros (as cargo-fuzz does).
host=$(rustc -vV | sed -n 's/^host: //p')
cargo build --release --quiet --target-dir ../target/fuzz --target "$host" --bins
mkdir -p ../target/fuzz/bin
for bin in spec read replay args fpuzzles compare iss; do
  cp "../target/fuzz/$host/release/$bin" ../target/fuzz/bin/
done
