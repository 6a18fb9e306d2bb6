// Core structs -> plain JavaScript values, for bindings.cpp.
//
// Layout crossing to JS: every matrix is {rows, cols, data: Float64Array}, row-major, and every
// vector a Float64Array, each a *copy* (slice) of the wasm heap, so later calls that grow memory
// cannot detach it. Errors are values ({ok: false, error: {field, message}}), never thrown C++
// exceptions, so nothing leaks and the message survives. Nothing returned needs .delete().
#pragma once

#include <emscripten/val.h>

#include <string>
#include <vector>

#include "attention/attention.h"
#include "attention/registry.h"
#include "explain/drill.h"
#include "scenario/scenario.h"
#include "scenario/token_label.h"
#include "steps/steps.h"

namespace bindings {

using emscripten::val;

val to_js(const attn::Matrix& m);
val to_js(const attn::RowVector& v);
val to_js(const std::vector<std::string>& items);
val to_js(const std::vector<int>& items);
/// A Float64Array copy.
val to_js(const std::vector<double>& items);
/// Head `head`'s matrices: a HeadTraceValue.
val head_to_js(const attn::Trace& t, int head);
/// The TraceValue fields that are not matrices: tokens, sizes, score, mask flags; title and
/// source when the scenario has them.
val trace_header(const attn::Scenario& s, const attn::Trace& t);
val to_js(const attn::Scenario& s, const attn::Trace& t);
val to_js(const attn::Operand& o);
val to_js(const attn::Step& s);
val failure(const attn::ValidationError& e);
val success(const char* key, const val& value);
val to_js(const attn::ScoreDrill& d);
val to_js(const attn::WeightDrill& d);
val to_js(const attn::OutputDrill& d);
val to_js(const attn::ProductDrill& d);
/// The core's tables for the page (tools/make/gen-registry.mjs writes web/src/wasm/registry.ts):
/// {matrices, scores, masks}, each row as plain values.
val registry_to_js();

}  // namespace bindings
