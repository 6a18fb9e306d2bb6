#!/usr/bin/env bash
# Every suite, in order: Catch2 on the native core, node --test on the wasm module, pytest on the
# Python package (it traces through the wasm module and inlines the standalone build), Playwright
# on the built page in Chromium, then types, the C++ layers (tools/check/check-layers-cpp.sh), lint and
# formatting. Stops at the first failing suite.
set -euo pipefail
cd "$(dirname "$0")/../.."

section() { printf '\n== %s\n' "$*"; }

section "C++ core: Catch2 via ctest"
npm run --silent build:native
(cd build/native && ctest --output-on-failure -j2)

section "WebAssembly module: node --test"
npm run --silent build:wasm
node --test tests/wasm/

section "Page, standalone and benchmark-page builds"
node node_modules/vite/bin/vite.js build --config web/vite.config.ts --logLevel warn
npm run --silent build:standalone
npm run --silent build:bench

section "Python: pytest"
# Debian's interpreter (numpy, torch, nbconvert), whatever python3 comes first on PATH.
/usr/bin/python3 -m pytest -q tests/python

section "Page: Playwright in Chromium"
node node_modules/@playwright/test/cli.js test

section "Types, lint, formatting"
npm run --silent typecheck
npm run --silent lint
