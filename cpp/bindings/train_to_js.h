// cpp/train structs <-> plain JavaScript values, for train_bindings.cpp (same layout as to_js.h:
// matrices {rows, cols, data: Float64Array} copied out of the heap; names as in
// web/src/wasm/train-client.ts, snake_case like the C++ fields).
#pragma once

#include <emscripten/val.h>

#include <variant>
#include <vector>

#include "train/train.h"

namespace bindings {

using emscripten::val;

val failure(const attn::train::InputError& e);
val to_js(const attn::train::Progress& p);
val to_js(const attn::train::Snapshot& s);
val to_js(const attn::train::WatchedAttention& w);
val to_js(const attn::train::Metrics& m);
val to_js(const attn::train::TrainConfig& c);
val to_js(const attn::train::Translation& t);

/// A TrainSettings object -> TrainConfig, checked: each field present with its JS type (whole
/// numbers where the config has integers), then validate(); the first wrong field otherwise.
std::variant<attn::train::TrainConfig, attn::train::InputError> config_from_js(const val& settings);

}  // namespace bindings
