// Private to the core: the modern attention fields of a scenario file (docs/scenario.md):
// kv_heads, rope {theta, style, dims}, position_offset, sink_tokens and alibi. Reading them from
// JSON (types and shapes, as scenario_json_values.h does for the other fields) and checking their
// limits (for validate()). Messages follow the one pattern: "<field> is <value>; it must be
// <limit>", the field named as the file writes it ("rope.dims").
#pragma once

#include <optional>
#include <string>

#include "scenario/json.h"
#include "scenario/scenario.h"

namespace attn {
namespace modern_fields {

/// The largest position_offset: RoPE's angles stay exact enough in doubles well beyond it.
constexpr int kMaxPositionOffset = 1000000;

/// Whether `name` is one of the modern fields.
bool is_modern_field(const std::string& name);

/// Reads modern field `name` from `v` into `s` (is_modern_field(name) must hold).
std::optional<ValidationError> read_modern_field(const std::string& name, const JsonValue& v,
                                                 Scenario* s);

/// After every field is read: positional_encoding defaults to false when rope is set and the
/// file does not say (RoPE is the position scheme then).
void apply_defaults(bool positional_encoding_given, Scenario* s);

/// The limits of the modern fields, given the sizes are valid: kv_heads divides heads, rope's
/// theta, style and dims fit a head of d_k, position_offset in range, sink_tokens between 0 and
/// n with a causal or window mask only.
std::optional<ValidationError> check_modern(const Scenario& s);

}  // namespace modern_fields
}  // namespace attn
