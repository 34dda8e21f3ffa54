#!/usr/bin/env bash
# Builds the coverlab page: the engine (crates/web) to WebAssembly in the `wasm` profile
# (release, stripped), through wasm-metadce and wasm-opt when they are installed (Debian's
# `binaryen`; WASM_OPT=0 skips them), then ONE self-contained HTML file: crates/web/page/page.html with the worker's
# script (page/worker.js) and the module (gzipped, base64) inlined. It opens from disk, with no server.
#
#   crates/web/build.sh [OUT_DIR]           # default out/web; writes OUT_DIR/coverlab.html
#   crates/web/build.sh --quick [OUT_DIR]   # the same page built for a test, not for speed
#
# --quick (what CI builds for the browser test): opt-level 1 without link-time optimisation, in
# 16 code units, and wasm-opt -O1 instead of -O3. The same code, so the same behaviour; the
# module is about 13 % larger and slower (docs/web.md), and it takes about 250 s of CPU to build
# from nothing instead of 450 s.
#
# Needs the wasm32-unknown-unknown target (`rustup target add wasm32-unknown-unknown`: this
# script adds it when rustup is there). Honours CARGO_TARGET_DIR. Prints the page's path and
# sizes.
set -euo pipefail
wasm_opt_level=-O3
if [ "${1:-}" = --quick ]; then
  shift
  export CARGO_PROFILE_WASM_OPT_LEVEL=1 CARGO_PROFILE_WASM_LTO=off CARGO_PROFILE_WASM_CODEGEN_UNITS=16
  wasm_opt_level=-O1
fi
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:-$root/out/web}
target_dir=${CARGO_TARGET_DIR:-$root/target}
case $target_dir in /*) ;; *) target_dir=$root/$target_dir ;; esac

if command -v rustup >/dev/null && ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi
# kissat (C), for `auto`'s hand-over on large grids, as natively: clang compiles the `kissat`
# crate's sources for wasm32 against wasi-libc's headers, and strategies/src/sat/wasm_libc.rs
# defines the few C functions they call (Debian: clang, llvm for llvm-ar, wasi-libc). KISSAT=0
# builds the page without it: the hand-over then goes to batsat.
features=()
if [ "${KISSAT:-1}" != 0 ]; then
  include=${WASI_INCLUDE:-/usr/include/wasm32-wasi}
  if ! command -v "${CC_wasm32_unknown_unknown:-clang}" >/dev/null || [ ! -f "$include/stdlib.h" ]; then
    echo "kissat in the page needs clang and wasi-libc's headers in $include (Debian: apt-get install" \
      "clang llvm wasi-libc), or KISSAT=0 for a page without kissat" >&2
    exit 1
  fi
  export CC_wasm32_unknown_unknown=${CC_wasm32_unknown_unknown:-clang}
  # The kissat crate's own flags (-DQUIET -DNOPTIONS -DNPROOFS -DNDEBUG -DCOMPACT) leave out its
  # output, options and proofs; wasm32-wasi for the headers (the objects are the same wasm32).
  export CFLAGS_wasm32_unknown_unknown="--target=wasm32-wasi -isystem $include"
  features=(--features kissat)
fi
(cd "$root" && cargo build --quiet -p coverlab-web --target wasm32-unknown-unknown --profile wasm "${features[@]}")
built=$target_dir/wasm32-unknown-unknown/wasm/coverlab_web.wasm
mkdir -p "$out"
wasm=$out/coverlab.wasm
if [ "${WASM_OPT:-1}" != 0 ] && command -v wasm-opt >/dev/null && command -v wasm-metadce >/dev/null; then
  # The CLI's library links wasm-bindgen's exports and imports (its progress bars and plots
  # depend on crates that bring them on this target), which nothing here calls: wasm-metadce
  # keeps only what the page's three calls and the memory reach. Then -O3 (-O1 with --quick): the search's speed
  # matters more here than the last bytes (docs/web.md has the sizes).
  roots=$out/roots.json
  printf '%s\n' '[{"name": "root", "root": true, "reaches": ["cl_request", "cl_call", "cl_response", "memory"]},' \
    ' {"name": "cl_request", "export": "cl_request"}, {"name": "cl_call", "export": "cl_call"},' \
    ' {"name": "cl_response", "export": "cl_response"}, {"name": "memory", "export": "memory"}]' > "$roots"
  # The features rustc enables by default on wasm32-unknown-unknown (binaryen does not read
  # them from the module), every one in every browser that runs WebAssembly today.
  features=(--enable-bulk-memory --enable-sign-ext --enable-mutable-globals --enable-nontrapping-float-to-int
    --enable-reference-types --enable-multivalue)
  wasm-metadce "${features[@]}" -f "$roots" "$built" -o "$out/kept.wasm" > /dev/null
  wasm-opt "${features[@]}" "$wasm_opt_level" "$out/kept.wasm" -o "$wasm"
  rm -f "$roots" "$out/kept.wasm"
else
  echo "no wasm-opt and wasm-metadce (Debian's binaryen): the module is inlined as built, larger" >&2
  cp "$built" "$wasm"
fi

page=$out/coverlab.html
awk -v worker="$here/page/worker.js" -v wasm="$wasm" '
  /<!--CL_WORKER-->/ {
    print "<script type=\"text/plain\" id=\"cl-worker\">"
    while ((getline line < worker) > 0) print line
    print "</script>"
    next
  }
  /<!--CL_WASM-->/ {
    printf "<script type=\"application/octet-stream\" id=\"cl-wasm\" data-encoding=\"gzip\">"
    fflush()
    system("gzip -9 -n -c \"" wasm "\" | base64 -w0")
    print "</script>"
    next
  }
  { print }
' "$here/page/page.html" > "$page.tmp"
mv "$page.tmp" "$page"
echo "$page: $(wc -c < "$page") bytes (module $(wc -c < "$built") bytes built, $(wc -c < "$wasm") inlined, gzipped)"
