#!/usr/bin/env bash
# bash tools/make/build-previous.sh [REF]   (default: HEAD~1)
# Builds another commit's stepper for the benchmarks to set beside this build: its files are
# taken with git archive into build/previous/src (no worktree, no checkout), its wasm module built
# there and its site into build/previous/src/dist. Prints the two folders: WASM_DIR DIST_DIR.
set -euo pipefail
cd "$(dirname "$0")/../.."
ref=${1:-HEAD~1}
src=build/previous/src
rm -rf "$src" && mkdir -p "$src"
git archive "$ref" | tar -x -C "$src"
ln -s "$PWD/node_modules" "$src/node_modules"
(cd "$src" && npm run --silent build:wasm >/dev/null &&
  node node_modules/vite/bin/vite.js build --config web/vite.config.ts --logLevel silent)
echo "$src/build/wasm $src/dist"
