// The JSON scenario file (docs/scenario.md) to and from a Scenario.
#pragma once

#include <string>
#include <variant>
#include <vector>

#include "scenario/json.h"
#include "scenario/scenario.h"

namespace attn {

/// Parses a scenario file. On failure returns a ValidationError whose `field` is the offending
/// field ("" for a syntax error) and whose message says what is wrong, e.g.
/// "d_model must be a whole number, got \"eight\"", "unknown field \"dmodel\"",
/// "invalid JSON at line 3, column 7: expected ',' or '}'".
/// Parsing checks types and shapes of JSON values only; call validate() for limits.
/// With `spans`, also where each top-level field's value lies in `text` (json.h).
std::variant<Scenario, ValidationError> parse_scenario_json(const std::string& text,
                                                            std::vector<JsonSpan>* spans = nullptr);

}  // namespace attn
