// The other algorithms of a run's heads (attention/algorithms.h) for the page's worker and the
// trace command: {ok: true, ...} or {ok: false, error: {field, message}} with the field
// "algorithm", "block_q", "block_k" or "head". Vectors are Float64Array copies (a running
// maximum not yet set is -Infinity), matrices {rows, cols, data}.
#pragma once

#include <emscripten/val.h>

namespace bindings {

using emscripten::val;

/// kvCache(id, head) -> {ok, decode: [{t, cacheLen, weights (t+1), output (d_v)}]}.
val kv_cache_js(int id, int head);
/// flash(id, head, blockQ, blockK) -> {ok, flash: {blockQ, blockK, tiles: [{qBlock, kBlock, m,
/// l}], output (m, d_v), lse (m; NaN for a fully masked query), weights (m, n) recovered}}.
val flash_js(int id, int head, double block_q, double block_k);
/// flashTile(id, head, blockQ, blockK, index) -> {ok, tile: {index, qBlock, kBlock, row0, rows,
/// col0, cols, s, p, mOld, lOld, rescale, rowSum, m, l, oOld, oNew}}; tile null past the last.
val flash_tile_js(int id, int head, double block_q, double block_k, int index);
/// algorithmDifference(id, algorithm, blockQ, blockK) -> {ok, output, weights}: the largest
/// |difference| from the trace over every head (algorithm 1 = kv-cache, 2 = flash).
val algorithm_difference_js(int id, int algorithm, double block_q, double block_k);

}  // namespace bindings
