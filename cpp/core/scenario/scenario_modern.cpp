// The modern attention fields of a scenario file (scenario_modern.h): reading and limits.
#include "scenario/scenario_modern.h"

#include <cmath>

#include "scenario/quote.h"
#include "scenario/scenario_checks.h"
#include "scenario/scenario_json_values.h"

namespace attn {
namespace modern_fields {
namespace {

using Error = std::optional<ValidationError>;
using Kind = JsonValue::Kind;
using json_values::read_int;
using json_values::wrong;

const char* const kRopeKeys[] = {"theta", "style", "dims"};

std::string dims_limit(const std::string& d_k) { return "an even number between 2 and d_k" + d_k; }

// One key of the rope object into `rope`; `path` is "rope.<key>".
Error read_rope_key(const std::string& key, const JsonValue& v, Rope* rope) {
  const std::string path = "rope." + key;
  if (key == "theta") {
    if (v.kind != Kind::Number || !std::isfinite(v.number)) {
      return wrong("rope", path, "a finite number above 1", v);
    }
    rope->theta = v.number;
    return std::nullopt;
  }
  if (key == "style") {
    if (v.kind == Kind::String && v.string == "interleaved") {
      rope->style = RopeStyle::Interleaved;
    } else if (v.kind == Kind::String && v.string == "half") {
      rope->style = RopeStyle::Half;
    } else {
      return wrong("rope", path, "\"interleaved\" or \"half\"", v);
    }
    return std::nullopt;
  }
  if (Error e = read_int("rope", path, v, &rope->dims, dims_limit(""))) return e;
  // 0 stands for "absent" (d_k) inside the core, so a written 0 is refused here.
  if (rope->dims < 2) {
    return checks::out_of_range("rope", path, std::to_string(rope->dims), dims_limit(""));
  }
  return std::nullopt;
}

// null: no rope; an object of theta, style, dims (each optional, each at most once).
Error read_rope(const JsonValue& v, Scenario* s) {
  if (v.kind == Kind::Null) {
    s->rope.reset();
    return std::nullopt;
  }
  if (v.kind != Kind::Object) {
    return wrong("rope", "rope", "null or an object {\"theta\", \"style\", \"dims\"}", v);
  }
  Rope rope;
  std::vector<std::string> seen;
  for (const auto& [key, value] : v.object) {
    bool known = false;
    for (const char* k : kRopeKeys) known = known || key == k;
    if (!known) {
      return ValidationError{"rope", "unknown field " + quote(key) +
                                         " in rope; it may have \"theta\", \"style\" and \"dims\""};
    }
    for (const std::string& earlier : seen) {
      if (earlier == key) return ValidationError{"rope", "duplicate field \"rope." + key + "\""};
    }
    seen.push_back(key);
    if (Error e = read_rope_key(key, value, &rope)) return e;
  }
  s->rope = rope;
  return std::nullopt;
}

Error check_kv_heads(const Scenario& s) {
  if (!s.kv_heads) return std::nullopt;
  const int kv = *s.kv_heads;
  if (kv < 1 || kv > s.heads || s.heads % kv != 0) {
    return checks::fail("kv_heads", "kv_heads is " + std::to_string(kv) +
                                        "; it must divide heads (" + std::to_string(s.heads) +
                                        ") and be between 1 and " + std::to_string(s.heads));
  }
  return std::nullopt;
}

Error check_rope(const Scenario& s) {
  if (!s.rope) return std::nullopt;
  const int d_k = s.head_dim_k();
  if (s.rope->theta <= 1.0) {
    return checks::fail("rope", "rope.theta is " + checks::number(s.rope->theta) +
                                    "; it must be a finite number above 1");
  }
  const int dims = s.rope_dims();
  if (dims < 2 || dims > d_k || dims % 2 != 0) {
    // Without rope.dims, every component rotates: then d_k itself must be even.
    const std::string value =
        s.rope->dims > 0 ? std::to_string(dims) : "d_k = " + std::to_string(d_k);
    return checks::fail("rope", "rope.dims is " + value + "; it must be " +
                                    dims_limit(" (" + std::to_string(d_k) + ")"));
  }
  return std::nullopt;
}

Error check_positions(const Scenario& s) {
  if (s.position_offset < 0 || s.position_offset > kMaxPositionOffset) {
    return checks::fail("position_offset", "position_offset is " +
                                               std::to_string(s.position_offset) + "; it must be " +
                                               checks::between(0, kMaxPositionOffset));
  }
  if (s.sink_tokens < 0 || s.sink_tokens > s.n()) {
    return checks::fail("sink_tokens", "sink_tokens is " + std::to_string(s.sink_tokens) +
                                           "; it must be between 0 and " + std::to_string(s.n()) +
                                           " (the number of keys)");
  }
  if (s.sink_tokens > 0 && s.mask == MaskKind::None) {
    return checks::fail("sink_tokens", "sink_tokens is " + std::to_string(s.sink_tokens) +
                                           " but mask is \"none\"; sinks are keys a \"causal\" or "
                                           "\"window\" mask keeps visible");
  }
  return std::nullopt;
}

}  // namespace

bool is_modern_field(const std::string& name) {
  return name == "kv_heads" || name == "rope" || name == "position_offset" ||
         name == "sink_tokens" || name == "alibi";
}

std::optional<ValidationError> read_modern_field(const std::string& name, const JsonValue& v,
                                                 Scenario* s) {
  if (name == "rope") return read_rope(v, s);
  if (name == "alibi") {
    if (v.kind != Kind::Bool) return wrong(name, name, "true or false", v);
    s->alibi = v.boolean;
    return std::nullopt;
  }
  if (name == "kv_heads") {
    int kv = 0;
    if (Error e = read_int(name, name, v, &kv, "a whole number that divides heads")) return e;
    s->kv_heads = kv;
    return std::nullopt;
  }
  if (name == "position_offset") {
    return read_int(name, name, v, &s->position_offset, checks::between(0, kMaxPositionOffset));
  }
  return read_int(name, name, v, &s->sink_tokens, "between 0 and the number of keys");
}

void apply_defaults(bool positional_encoding_given, Scenario* s) {
  if (s->rope && !positional_encoding_given) s->positional_encoding = false;
}

std::optional<ValidationError> check_modern(const Scenario& s) {
  if (Error e = check_kv_heads(s)) return e;
  if (Error e = check_rope(s)) return e;
  return check_positions(s);
}

}  // namespace modern_fields
}  // namespace attn
