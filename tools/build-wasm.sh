#!/usr/bin/env bash
# Builds the two WebAssembly modules into build/wasm/: attention.mjs + .wasm (the stepper) and
# train.mjs + .wasm (the training engine, loaded by the Learn view's worker and the CLI).
set -euo pipefail
cd "$(dirname "$0")/.."
# emcc's link step runs Debian's node tooling (acorn), which this machine's node only finds here.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
if [ ! -f build/wasm/CMakeCache.txt ]; then
  cmake --preset wasm >/dev/null
fi
cmake --build build/wasm -j2 --target attention train
