#!/usr/bin/env bash
# The page in headless Chromium: builds it (crates/web/build.sh), installs Debian's chromium
# when it is missing (skips with a message when apt-get is not there either), and runs the
# browser test (crates/web/tests/it/browser.rs, driven by tests/driver.mjs over the DevTools
# protocol). What .ci/run calls.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
cd "$root"
# Debian's packages: chromium, node (the driver), binaryen (wasm-metadce and wasm-opt: without
# them the page is built, but over its 3 MB budget, which the test checks).
missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v node >/dev/null || missing+=(nodejs)
command -v wasm-opt >/dev/null && command -v wasm-metadce >/dev/null || missing+=(binaryen)
if [ ${#missing[@]} -gt 0 ]; then
  if command -v apt-get >/dev/null; then
    SUDO=$(command -v sudo || true)
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "skipped: the browser test needs ${missing[*]}, and there is no apt-get to install them"
    exit 0
  fi
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$here/../build.sh" "$out"
COVERLAB_WEB_PAGE="$out/coverlab.html" cargo test --quiet -p coverlab-web --test it browser -- --nocapture
