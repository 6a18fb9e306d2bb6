// The module algorithms.mjs: the KV cache and FlashAttention of a scenario's heads
// (algorithms_js.h), apart from the stepper's attention.mjs so that its first load stays small.
// One EMSCRIPTEN_BINDINGS block; the scenario's bytes are copied in at once (text_in.h).
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "algorithms_js.h"
#include "text_in.h"

using bindings::text_in;
using emscripten::val;

EMSCRIPTEN_BINDINGS(attention_algorithms) {
  emscripten::function(
      "kvCache",
      +[](const val& json, int head) { return bindings::kv_cache_js(text_in(json), head); });
  emscripten::function(
      "flash", +[](const val& json, int head, double block_q, double block_k) {
        return bindings::flash_js(text_in(json), head, block_q, block_k);
      });
  emscripten::function(
      "flashTile", +[](const val& json, int head, double block_q, double block_k, int index) {
        return bindings::flash_tile_js(text_in(json), head, block_q, block_k, index);
      });
  emscripten::function(
      "algorithmDifference", +[](const val& json, int algorithm, double block_q, double block_k) {
        return bindings::algorithm_difference_js(text_in(json), algorithm, block_q, block_k);
      });
}
