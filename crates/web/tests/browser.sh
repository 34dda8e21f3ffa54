#!/usr/bin/env bash
# The page in headless Chromium: builds it (crates/web/build.sh), installs Debian's chromium
# when it is missing (skips with a message when apt-get is not there either), and runs the
# browser test (crates/web/tests/it/browser.rs, driven by tests/driver.mjs over the DevTools
# protocol). What .ci/run calls.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
cd "$root"
if ! command -v chromium >/dev/null || ! command -v node >/dev/null; then
  if command -v apt-get >/dev/null; then
    SUDO=$(command -v sudo || true)
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq chromium nodejs >/dev/null
  else
    echo "skipped: the browser test needs chromium and node, and there is no apt-get to install them"
    exit 0
  fi
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$here/../build.sh" "$out"
COVERLAB_WEB_PAGE="$out/coverlab.html" cargo test --quiet -p coverlab-web --test it browser -- --nocapture
