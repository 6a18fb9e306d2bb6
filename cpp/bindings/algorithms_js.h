// The other algorithms of a scenario's heads (attention/algorithms.h), in their own module
// (algorithms.mjs, algorithms_bindings.cpp) so the stepper's first load does not carry them: the
// page's worker loads it on first use, and the trace command. Each takes the scenario's JSON text
// (computed once and cached: runs.h `compute`) and answers {ok: true, ...} or {ok: false, error:
// {field, message}} with the field "algorithm", "block_q", "block_k", "head" or the scenario's
// own. Vectors are Float64Array copies (a running maximum not yet set is -Infinity), matrices
// {rows, cols, data}.
#pragma once

#include <emscripten/val.h>

#include <string>

namespace bindings {

using emscripten::val;

/// kvCache(json, head) -> {ok, decode: [{t, cacheLen, weights (t+1), output (d_v)}]}.
val kv_cache_js(const std::string& json, int head);
/// flash(json, head, blockQ, blockK) -> {ok, flash: {blockQ, blockK, tiles: [{qBlock, kBlock, m,
/// l}], output (m, d_v), lse (m; NaN for a fully masked query), weights (m, n) recovered}}.
val flash_js(const std::string& json, int head, double block_q, double block_k);
/// flashTile(json, head, blockQ, blockK, index) -> {ok, tile: {index, qBlock, kBlock, row0, rows,
/// col0, cols, s, p, mOld, lOld, rescale, rowSum, m, l, oOld, oNew}}; tile null past the last.
val flash_tile_js(const std::string& json, int head, double block_q, double block_k, int index);
/// algorithmDifference(json, algorithm, blockQ, blockK) -> {ok, output, weights}: the largest
/// |difference| from the trace over every head (algorithm 1 = kv-cache, 2 = flash).
val algorithm_difference_js(const std::string& json, int algorithm, double block_q, double block_k);

}  // namespace bindings
