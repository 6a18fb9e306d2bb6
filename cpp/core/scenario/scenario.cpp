// validate(): every limit of scenario.h, checked in the order of the scenario file's fields.
// Messages follow one pattern: "<field> is <value>; it must be <limit>".
#include "scenario/scenario.h"

#include <set>
#include <utility>

#include "scenario/scenario_checks.h"

namespace attn {
namespace {

using checks::check_matrix;
using checks::check_size;
using checks::Error;
using checks::fail;

Error check_tokens(const std::string& field, const std::vector<std::string>& tokens,
                   bool required) {
  const int count = static_cast<int>(tokens.size());
  if (required && count == 0) {
    return fail(field, field + " is empty; it must have between 1 and " +
                           std::to_string(Limits::kMaxTokens) + " tokens");
  }
  if (count > Limits::kMaxTokens) {
    return fail(field, field + " has " + std::to_string(count) + " tokens; it must have at most " +
                           std::to_string(Limits::kMaxTokens));
  }
  for (int i = 0; i < count; ++i) {
    const std::size_t bytes = tokens[static_cast<std::size_t>(i)].size();
    if (bytes == 0 || bytes > static_cast<std::size_t>(Limits::kMaxTokenLength)) {
      return fail(field, field + "[" + std::to_string(i) + "] is " + std::to_string(bytes) +
                             " bytes long; it must be between 1 and " +
                             std::to_string(Limits::kMaxTokenLength) + " bytes");
    }
  }
  return std::nullopt;
}

Error check_sizes(const Scenario& s) {
  // d_k and d_v: 0 means d_model / heads (scenario_checks.cpp has the ranges).
  const std::pair<const char*, int> sizes[] = {
      {"d_model", s.d_model}, {"heads", s.heads}, {"d_k", s.d_k}, {"d_v", s.d_v}};
  for (const auto& [field, value] : sizes) {
    if (auto e = check_size(field, value)) return e;
  }
  // A defaulted d_k or d_v is d_model / heads: it must divide evenly and respect the limit.
  if ((s.d_k == 0 || s.d_v == 0) && s.d_model % s.heads != 0) {
    return fail("heads", "heads is " + std::to_string(s.heads) + "; it must divide d_model (" +
                             std::to_string(s.d_model) + ") when d_k or d_v is not given");
  }
  const int split = s.d_model / s.heads;
  const std::pair<std::string, int> dims[] = {{"d_k", s.d_k}, {"d_v", s.d_v}};
  for (const auto& [field, given] : dims) {
    if (given == 0 && split > Limits::kMaxHeadDim) {
      return fail(field, field + " is d_model / heads = " + std::to_string(split) +
                             "; it must be at most " + std::to_string(Limits::kMaxHeadDim) +
                             " (give " + field + " or use more heads)");
    }
  }
  // The projections' width bounds the work of every step: heads·d_k and heads·d_v.
  const std::pair<std::string, int> widths[] = {{"d_k", s.heads * s.head_dim_k()},
                                                {"d_v", s.heads * s.head_dim_v()}};
  for (const auto& [field, width] : widths) {
    if (width > Limits::kMaxProjectionWidth) {
      return fail(field, "heads\u00b7" + field + " is " + std::to_string(width) +
                             "; it must be at most " + std::to_string(Limits::kMaxProjectionWidth));
    }
  }
  return std::nullopt;
}

// `window` goes with mask "window" only, and is a whole number from 1 to the token limit.
Error check_window(const Scenario& s) {
  const bool windowed = s.mask == MaskKind::Window;
  if (!windowed && s.window) {
    return fail("window", "window is given but mask is \"" +
                              std::string(mask_variant(s.mask).name) +
                              "\"; it is only used by mask \"window\"");
  }
  if (windowed && !s.window) {
    return fail("window", "mask is \"window\" but window is missing; it must be a whole number " +
                              checks::window_limit());
  }
  if (windowed && (*s.window < 1 || *s.window > Limits::kMaxTokens)) {
    return fail("window", "window is " + std::to_string(*s.window) + "; it must be " +
                              checks::window_limit());
  }
  return std::nullopt;
}

Error check_mask(const Scenario& s) {
  const auto kinds = mask_variants().size();
  if (static_cast<std::size_t>(s.mask) >= kinds) {
    return fail("mask", "mask is " + std::to_string(static_cast<int>(s.mask)) + "; it must be " +
                            mask_names());
  }
  if (auto e = check_window(s)) return e;
  const int n = s.n();
  std::set<int> seen;
  for (std::size_t i = 0; i < s.padded_keys.size(); ++i) {
    const int key = s.padded_keys[i];
    const std::string item = "padded_keys[" + std::to_string(i) + "]";
    if (key < 0 || key >= n) {
      return fail("padded_keys", item + " is " + std::to_string(key) +
                                     "; it must be a key index between 0 and " +
                                     std::to_string(n - 1));
    }
    if (!seen.insert(key).second) {
      return fail("padded_keys", item + " is " + std::to_string(key) +
                                     ", which is already listed; each key may be padded once");
    }
  }
  return std::nullopt;
}

Error check_matrices(const Scenario& s) {
  const int dm = s.d_model, hk = s.heads * s.head_dim_k(), hv = s.heads * s.head_dim_v();
  if (s.x_q) {
    if (auto e = check_matrix("x_q", *s.x_q, s.m(), dm, "query tokens \u00d7 d_model")) return e;
  }
  if (s.x_kv) {
    // In self-attention the keys and values come from x_q itself: there is no second matrix.
    if (s.is_self_attention()) {
      return fail("x_kv",
                  "x_kv is given but key_tokens is empty; it must be left out in "
                  "self-attention, where x_q is used for the keys and values");
    }
    if (auto e = check_matrix("x_kv", *s.x_kv, s.n(), dm, "key tokens \u00d7 d_model")) return e;
  }
  const std::string per_head_k = "d_model \u00d7 heads\u00b7d_k";
  if (s.w_q) {
    if (auto e = check_matrix("w_q", *s.w_q, dm, hk, per_head_k)) return e;
  }
  if (s.w_k) {
    if (auto e = check_matrix("w_k", *s.w_k, dm, hk, per_head_k)) return e;
  }
  if (s.w_v) {
    if (auto e = check_matrix("w_v", *s.w_v, dm, hv, "d_model \u00d7 heads\u00b7d_v")) return e;
  }
  if (s.w_o_mode == OutputProjection::Given) {
    if (!s.w_o) return fail("w_o", "w_o is missing; it must be a matrix when given explicitly");
    return check_matrix("w_o", *s.w_o, hv, dm, "heads\u00b7d_v \u00d7 d_model");
  }
  if (s.w_o_mode != OutputProjection::Generated && s.w_o_mode != OutputProjection::None) {
    return fail("w_o", "w_o mode is " + std::to_string(static_cast<int>(s.w_o_mode)) +
                           "; it must be generated (0), none (1) or given (2)");
  }
  if (s.w_o) {
    return fail("w_o",
                "w_o holds a matrix but is not marked as given; it must be left out or "
                "marked as given");
  }
  return std::nullopt;
}

// The biases: each of its length (b_q, b_k: heads·d_k; b_v: heads·d_v; b_o: d_model), and b_o
// only with an output projection to add it to.
Error check_biases(const Scenario& s) {
  const int hk = s.heads * s.head_dim_k(), hv = s.heads * s.head_dim_v();
  struct Bias {
    const char* field;
    const std::optional<Matrix>& given;
    int length;
    const char* length_words;
  };
  const Bias biases[] = {{"b_q", s.b_q, hk, "heads\u00b7d_k"},
                         {"b_k", s.b_k, hk, "heads\u00b7d_k"},
                         {"b_v", s.b_v, hv, "heads\u00b7d_v"},
                         {"b_o", s.b_o, s.d_model, "d_model"}};
  for (const Bias& b : biases) {
    if (!b.given) continue;
    if (auto e = checks::check_bias(b.field, *b.given, b.length, b.length_words)) return e;
  }
  if (s.b_o && s.w_o_mode == OutputProjection::None) {
    return fail("b_o",
                "b_o is given but w_o is null; there is no output projection to add it to, so "
                "b_o must be left out");
  }
  return std::nullopt;
}

// title and source: plain text of 1..limit UTF-8 bytes (the reader has checked the encoding).
Error check_text(const char* field, const std::optional<std::string>& text, int limit) {
  if (!text) return std::nullopt;
  const std::size_t bytes = text->size();
  if (bytes >= 1 && bytes <= static_cast<std::size_t>(limit)) return std::nullopt;
  return fail(field, std::string(field) + " is " + std::to_string(bytes) +
                         " bytes long; it must be between 1 and " + std::to_string(limit) +
                         " bytes");
}

// The scoring function and its parameters: a known kind; d_a within the head-size limits; each
// scoring matrix only with the kind that uses it, and then of its documented shape.
Error check_scoring(const Scenario& s) {
  if (s.score < ScoreKind::Dot || s.score > ScoreKind::Additive) {
    return fail("score", "score is " + std::to_string(static_cast<int>(s.score)) +
                             "; it must be dot (0), scaled_dot (1), general (2) or additive (3)");
  }
  // d_a: 0 means d_k (already within the limits); checked whatever the kind, used by additive.
  if (auto e = check_size("d_a", s.d_a)) return e;
  const int h = s.heads, dk = s.head_dim_k(), da = s.hidden_dim_a();
  if (h * da > Limits::kMaxProjectionWidth) {
    return fail("d_a", "heads\u00b7d_a is " + std::to_string(h * da) + "; it must be at most " +
                           std::to_string(Limits::kMaxProjectionWidth));
  }
  struct Parameter {
    const char* field;
    const std::optional<Matrix>& given;
    ScoreKind used_by;
    int rows, cols;
    const char* shape_words;
  };
  const Parameter parameters[] = {
      {"w_bilinear", s.w_bilinear, ScoreKind::General, dk, h * dk, "d_k \u00d7 heads\u00b7d_k"},
      {"w_additive_q", s.w_additive_q, ScoreKind::Additive, dk, h * da,
       "d_k \u00d7 heads\u00b7d_a"},
      {"w_additive_k", s.w_additive_k, ScoreKind::Additive, dk, h * da,
       "d_k \u00d7 heads\u00b7d_a"},
      {"v_additive", s.v_additive, ScoreKind::Additive, h, da, "heads \u00d7 d_a"},
  };
  for (const Parameter& p : parameters) {
    if (!p.given) continue;
    const std::string field = p.field;
    if (s.score != p.used_by) {
      return fail(field, field + " is given but score is \"" + checks::score_name(s.score) +
                             "\"; it is only used by score \"" + checks::score_name(p.used_by) +
                             "\"");
    }
    if (auto e = check_matrix(field, *p.given, p.rows, p.cols, p.shape_words)) return e;
  }
  return std::nullopt;
}

// block_q and block_k go with "flash" only; then what the algorithm needs (algorithm.cpp).
Error check_algorithm(const Scenario& s) {
  for (const auto& [field, given] : {std::pair{"block_q", s.block_q}, {"block_k", s.block_k}}) {
    if (given && s.algorithm != Algorithm::Flash) {
      return fail(field, std::string(field) + " is given but algorithm is \"" +
                             algorithm_name(s.algorithm) + "\"; it is only used by \"flash\"");
    }
  }
  return algorithm_problem(s, s.algorithm, s.block_rows(), s.block_cols());
}

}  // namespace

std::optional<ValidationError> validate(const Scenario& s) {
  if (auto e = check_tokens("query_tokens", s.query_tokens, true)) return e;
  if (auto e = check_tokens("key_tokens", s.key_tokens, false)) return e;
  if (auto e = check_sizes(s)) return e;
  if (s.seed > Limits::kMaxSeed) {
    return fail("seed", "seed is " + std::to_string(s.seed) + "; it must be between 0 and " +
                            std::to_string(Limits::kMaxSeed));
  }
  if (auto e = check_mask(s)) return e;
  if (auto e = check_matrices(s)) return e;
  if (auto e = check_biases(s)) return e;
  if (auto e = check_scoring(s)) return e;
  if (auto e = checks::check_edits(s)) return e;
  if (auto e = check_text("title", s.title, Limits::kMaxTitleBytes)) return e;
  if (auto e = check_text("source", s.source, Limits::kMaxSourceBytes)) return e;
  return check_algorithm(s);
}

}  // namespace attn
