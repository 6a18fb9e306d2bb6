#!/usr/bin/env bash
# Speed and size figures, printed side by side in one run (never asserted in tests):
#   * trace + per-query steps for each example scenario: native -O3 vs the wasm module in Node
#     (the wasm figure includes the copy of every matrix and step into JavaScript values);
#   * training time to the criteria, native vs wasm in Node vs the page's worker in Chromium
#     (tools/bench/bench-train.mjs, seeds 1-12; the page built apart, npm run build:bench);
#   * attention alone at 512 tokens: native vs wasm vs a plain-JavaScript reference
#     (tools/bench/bench-js.mjs), and a new scenario to its first step, eager vs lazy
#     (tools/bench/bench-core-run.mjs);
#   * main-thread CPU per step of the built app at 6, 48 and 512 tokens and the Hopkins size,
#     previous and this build in turns (tools/bench/bench-step.mjs: a CDP trace of N steps by →,
#     medians by kind of the thread's CPU time, the longest task, the total in wall time beside,
#     the ratio of the totals);
#   * at 512 tokens in the built app: main-thread long tasks and the wall time of opening a link,
#     applying another sentence and ten steps (tools/bench/bench-longtasks.mjs);
#   * the language model: its files raw and gzip, the recorded native training time, native
#     generation (tools/bench/bench-lm.mjs), and in the page's Model view in Chromium the time to
#     the first generated token and tokens/s (tools/bench/bench-lm-page.mjs);
#   * the built site's files, raw and gzipped (both wasm modules among them);
#   * each page's first load in Chromium, raw / gzip / brotli by file, and what sw.js then
#     precaches (tools/bench/bench-load.mjs);
#   * the stepper's wasm per optimisation choice, size and speed (tools/bench/bench-wasm-opt.mjs; the
#     O3 and Oz variants are built into build/wasm-O3 and build/wasm-Oz, for the bench only);
#   * beside the previous build (BENCH_PREVIOUS, a git ref, default HEAD~1, built into
#     build/previous by tools/make/build-previous.sh): a 768-wide, 12-head, 64-token layer with
#     biases (tools/bench/gen-layer.mjs, 51 MB) read and traced in Node (bench-layer.mjs) and
#     opened from Load scenario in Chromium (bench-open.mjs), and the first step at 4x CPU + Fast
#     3G (bench-slow-start.mjs).
set -euo pipefail
cd "$(dirname "$0")/../.."
scenarios=(examples/small-default.json examples/from-scratch.json examples/cross-attention.json
  examples/anthony-hopkins.json)

npm run --silent build:native >/dev/null
npm run --silent build:wasm >/dev/null
native=$(build/native/bench_attention "${scenarios[@]}")
node tools/bench/bench-wasm.mjs "$native" "${scenarios[@]}"

echo
# The largest size the app takes: attention alone, native vs wasm vs plain JavaScript.
largest=$(mktemp --suffix=.json)
node -e 'const t = Array.from({ length: 512 }, (_, i) => "t" + i);
  console.log(JSON.stringify({ query_tokens: t, d_model: 512, heads: 8, mask: "causal", seed: 42 }))' >"$largest"
# glibc returns each big matrix to the system (mmap/munmap), so every run pays ~100 MB of fresh
# page faults that the wasm heap never does: time native both as built and with malloc reusing it.
read -r _ native_default _ < <(build/native/bench_attention --trace-only "$largest")
read -r _ native_reuse _ < <(GLIBC_TUNABLES=glibc.malloc.mmap_threshold=4294967295:glibc.malloc.trim_threshold=4294967295 \
  build/native/bench_attention --trace-only "$largest")
node tools/bench/bench-js.mjs "$largest" "$native_reuse" "$native_default"
rm -f "$largest"

echo
echo "a new scenario to its first step in the wasm module: eager run vs lazy open + step(0)"
node tools/bench/bench-core-run.mjs 9:512:8 48:1024:16 512:512:8

echo
read -r prev_wasm prev_dist < <(bash tools/make/build-previous.sh "${BENCH_PREVIOUS:-HEAD~1}")
layer=$(mktemp --suffix=.json)
node tools/bench/gen-layer.mjs >"$layer"
node tools/bench/bench-layer.mjs "$layer" "previous=$prev_wasm" "this build=build/wasm"
rm -f "$layer"

echo
node node_modules/vite/bin/vite.js build --config web/vite.config.ts --logLevel silent
node tools/bench/bench-open.mjs "previous=$prev_dist" "this build=dist"
echo
node tools/bench/bench-slow-start.mjs "previous=$prev_dist" "this build=dist"

echo
npm run --silent build:bench
node tools/bench/bench-train.mjs

echo
echo "the language model (models/kjv/, native):"
node tools/bench/bench-lm.mjs
# The Model view in Chromium: time to the first generated token, tokens/s (dist/ is built above).
node tools/bench/bench-lm-page.mjs

echo
BENCH_CPU=1 node tools/bench/bench-step.mjs 30 "previous=$prev_dist" "this build=dist"

echo
node tools/bench/bench-longtasks.mjs

echo
echo "built site (dist/):"
printf '  %-44s %10s %10s\n' file bytes gzip
total=0; total_gz=0
while IFS= read -r f; do
  raw=$(stat -c %s "$f"); gz=$(gzip -9c "$f" | wc -c)
  total=$((total + raw)); total_gz=$((total_gz + gz))
  printf '  %-44s %10d %10d\n' "${f#dist/}" "$raw" "$gz"
done < <(find dist -type f \( -name '*.js' -o -name '*.css' -o -name '*.wasm' -o -name '*.html' \) | sort)
printf '  %-44s %10d %10d\n' "total, every page and lazy chunk (no fonts)" "$total" "$total_gz"

echo
node tools/bench/bench-load.mjs

echo
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
for opt in O3 Oz; do
  cmake -S . -B "build/wasm-$opt" -DWASM_OPT="$opt" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_TOOLCHAIN_FILE=/usr/share/emscripten/cmake/Modules/Platform/Emscripten.cmake >/dev/null
  cmake --build "build/wasm-$opt" -j2 --target attention >/dev/null
done
node tools/bench/bench-wasm-opt.mjs examples/anthony-hopkins.json \
  "mixed (default): -O3 maths, -Oz text=build/wasm" "O3 everywhere=build/wasm-O3" \
  "Oz everywhere=build/wasm-Oz"
