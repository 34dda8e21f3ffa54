#!/usr/bin/env bash
# The page in headless Chromium: builds it (crates/web/build.sh), installs Debian's chromium
# when it is missing (skips with a message when apt-get is not there either), and runs the
# browser test (crates/web/tests/it/browser.rs, driven by tests/driver.mjs over the DevTools
# protocol). What .ci/run calls.
#
#   crates/web/tests/browser.sh              # install what is missing, build the page, run the test
#   crates/web/tests/browser.sh --quick      # the same with the page built quickly (build.sh --quick)
#   crates/web/tests/browser.sh --install    # only install what is missing (.ci/run does this in the
#                                            # background while it compiles)
#   crates/web/tests/browser.sh --page FILE  # only run the test, on a page built already (.ci/run
#                                            # builds it in the background during the tests)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
cd "$root"
# Debian's packages: chromium, node (the driver), binaryen (wasm-metadce and wasm-opt: without
# them the page is built, but over its 3 MB budget, which the test checks), and the C compiler
# for kissat.
missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v node >/dev/null || missing+=(nodejs)
command -v wasm-opt >/dev/null && command -v wasm-metadce >/dev/null || missing+=(binaryen)
# kissat in the module (build.sh): clang, llvm-ar (Debian's llvm) and wasi-libc's headers. About
# 25 s of apt-get here (clang 14 and wasi-libc: 9.6 MB of packages; llvm was installed already).
kissat_missing=()
command -v clang >/dev/null || kissat_missing+=(clang)
command -v llvm-ar >/dev/null || kissat_missing+=(llvm)
[ -f /usr/include/wasm32-wasi/stdlib.h ] || kissat_missing+=(wasi-libc)
if [ $((${#missing[@]} + ${#kissat_missing[@]})) -gt 0 ]; then
  if command -v apt-get >/dev/null; then
    SUDO=$(command -v sudo || true)
    $SUDO apt-get update -qq
    [ ${#missing[@]} -eq 0 ] || $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
    [ ${#kissat_missing[@]} -eq 0 ] || $SUDO apt-get install -y -qq --no-install-recommends "${kissat_missing[@]}" >/dev/null
  else
    echo "skipped: the browser test needs ${missing[*]} ${kissat_missing[*]}, and there is no apt-get to install them"
    exit 0
  fi
fi
[ "${1:-}" != --install ] || exit 0
if [ "${1:-}" = --page ]; then
  page=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
else
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
  "$here/../build.sh" "$@" "$out"
  page=$out/coverlab.html
fi
# `--workspace --test it` with the filter, not `-p coverlab-web`: the features cargo unifies then
# are those of `cargo test --workspace`, whose build this reuses (with `-p` it rebuilt the
# engine's crates with the web crate's features alone: about 110 s of CPU in CI).
COVERLAB_WEB_PAGE="$page" cargo test --quiet --workspace --test it browser -- --nocapture
