#!/usr/bin/env bash
# Builds the three WebAssembly modules into build/wasm/: attention.mjs + .wasm (the stepper),
# train.mjs + .wasm (the training engine, loaded by the Learn view's worker and the CLI) and
# lm.mjs + .wasm (the language model, loaded by the Model view's worker).
set -euo pipefail
cd "$(dirname "$0")/../.."
# emcc's link step runs Debian's node tooling (acorn), which this machine's node only finds here.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
# Configure every time (a second or two): a build folder configured before a target existed
# would not know it ("No rule to make target 'train'").
cmake --preset wasm >/dev/null
cmake --build build/wasm -j2 --target attention train lm
node tools/make/build-node.mjs
