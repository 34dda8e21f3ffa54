#!/usr/bin/env bash
# Builds the command-line binaries of CaDiCaL and kissat, the SAT peers of the large-grid
# benchmarks (strategies/benches/hardness.py), from the sources two crates.io crates vendor:
# `cadical` 0.1.16 (the one coverlab's `sat` strategy links) and `rustsat-kissat`. Nothing of it
# is committed: the sources stay in cargo's registry, the binaries go to target/peers/.
#
#   strategies/benches/peers/build-sat-peers.sh      # prints the two binaries' paths
#
# Needs cargo (to fetch the crates: crates.io only), make, gcc and g++. One job at a time (the
# machines have two cores).
set -euo pipefail
cd "$(dirname "$0")/../../.."
out=$PWD/target/peers
mkdir -p "$out/fetch/src"

# A throwaway package that depends on both crates, so that `cargo fetch` brings their sources.
cat > "$out/fetch/Cargo.toml" <<'EOF'
[package]
name = "peers-fetch"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
cadical = "=0.1.16"
rustsat-kissat = "=0.7.5"

[workspace]
EOF
echo 'fn main() {}' > "$out/fetch/src/main.rs"
(cd "$out/fetch" && cargo fetch --quiet)
registry=${CARGO_HOME:-$HOME/.cargo}/registry/src
cadical_src=$(ls -d "$registry"/*/cadical-0.1.16/cadical | head -1)
kissat_src=$(ls -d "$registry"/*/rustsat-kissat-0.7.5/csrc | head -1)

# CaDiCaL: the crate vendors the sources without the scripts its configure needs; compile the
# CLI (src/cadical.cpp's main, every other file but the model-based tester mobical.cpp) directly,
# optimised, without assertions, as its default build does.
if [ ! -x "$out/cadical/cadical" ]; then
  rm -rf "$out/cadical-src"
  cp -r "$cadical_src" "$out/cadical-src"
  src=$out/cadical-src/src
  mkdir -p "$out/cadical"
  objs=()
  for c in "$src"/*.cpp; do
    [ "$(basename "$c")" = mobical.cpp ] && continue
    o=$out/cadical-src/$(basename "${c%.cpp}").o
    g++ -std=c++17 -O3 -DNDEBUG -DNBUILD -DNTRACING -c "$c" -o "$o" -I"$src"
    objs+=("$o")
  done
  g++ -O3 -o "$out/cadical/cadical" "${objs[@]}"
fi

# kissat: the crate vendors the sources without the generated build.h; compile the CLI directly
# with the flags of its default build (optimised, no assertions).
if [ ! -x "$out/kissat/kissat" ]; then
  rm -rf "$out/kissat-src"
  cp -r "$kissat_src" "$out/kissat-src"
  src=$out/kissat-src/src
  version=$(cat "$out/kissat-src/VERSION")
  printf '#define VERSION "%s"\n#define COMPILER "gcc"\n#define ID "crates.io rustsat-kissat 0.7.5"\n#define BUILD "coverlab build-sat-peers.sh"\n#define DIR "%s"\n' \
    "$version" "$src" > "$src/build.h"
  mkdir -p "$out/kissat"
  objs=()
  for c in "$src"/*.c; do
    o=$out/kissat-src/$(basename "${c%.c}").o
    gcc -O3 -DNDEBUG -DNEMBEDDED -DNPROOFS -DQUIET -c "$c" -o "$o" -I"$src"
    objs+=("$o")
  done
  gcc -O3 -o "$out/kissat/kissat" "${objs[@]}" -lm
fi

"$out/cadical/cadical" --version > /dev/null
"$out/kissat/kissat" --version > /dev/null
echo "$out/cadical/cadical"
echo "$out/kissat/kissat"
