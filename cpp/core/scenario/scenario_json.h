// The JSON scenario file (docs/scenario.md) to and from a Scenario.
#pragma once

#include <string>
#include <variant>

#include "scenario/scenario.h"

namespace attn {

/// Parses a scenario file. On failure returns a ValidationError whose `field` is the offending
/// field ("" for a syntax error) and whose message says what is wrong, e.g.
/// "d_model must be a whole number, got \"eight\"", "unknown field \"dmodel\"",
/// "invalid JSON at line 3, column 7: expected ',' or '}'".
/// Parsing checks types and shapes of JSON values only; call validate() for limits.
std::variant<Scenario, ValidationError> parse_scenario_json(const std::string& text);

}  // namespace attn
