// validate(): every limit of scenario.h, checked in the order of the scenario file's fields.
// Messages follow one pattern: "<field> is <value>; it must be <limit>".
#include "scenario/scenario.h"

#include <set>
#include <utility>

#include "scenario/file_matrices.h"
#include "scenario/scenario_checks.h"
#include "scenario/scenario_modern.h"

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

// A given matrix in a scenario without it (file_matrices.h Presence), or nothing. A W_O given
// with `w_o: null` is its mode's error (check_output_mode).
Error check_presence(const FileMatrix& f, const Scenario& s) {
  if (!(s.*f.given) || file_matrix_present(f, s)) return std::nullopt;
  if (f.presence != Presence::ScoreKind) {
    if (*f.absent_given == '\0') return std::nullopt;
    return fail(f.field, f.absent_given);
  }
  const std::string field = f.field;
  return fail(field, field + " is given but score is \"" + checks::score_name(s.score) +
                         "\"; it is only used by score \"" + checks::score_name(f.score) + "\"");
}

// A given matrix of `f`'s shape in `s`: a bias's length, or a matrix's rows and columns.
Error check_shape(const FileMatrix& f, const Scenario& s) {
  const std::optional<Matrix>& given = s.*f.given;
  if (!given) return std::nullopt;
  const auto [rows, cols] = file_matrix_shape(f, s);
  const std::string words = file_matrix_shape_words(f, s);
  if (f.group == FileGroup::Bias) return checks::check_bias(f.field, *given, cols, words);
  return check_matrix(f.field, *given, rows, cols, words);
}

// W_O is generated, none (`w_o: null`) or given, and then holds a matrix.
Error check_output_mode(const Scenario& s) {
  if (s.w_o_mode == OutputProjection::Given) {
    if (!s.w_o) return fail("w_o", "w_o is missing; it must be a matrix when given explicitly");
    return std::nullopt;
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

// The inputs and projections (FileGroup::Matrix): each given one where the scenario has it
// (no x_kv in self-attention), of its shape; then W_O's mode.
Error check_matrices(const Scenario& s) {
  for (const FileMatrix& f : file_matrices()) {
    if (f.group != FileGroup::Matrix) continue;
    if (auto e = check_presence(f, s)) return e;
    if (auto e = check_shape(f, s)) return e;
  }
  return check_output_mode(s);
}

// The biases: each of its length (b_q, b_k: heads·d_k; b_v: heads·d_v; b_o: d_model), then each
// only where the scenario has it (b_o only with an output projection to add it to).
Error check_biases(const Scenario& s) {
  for (const FileMatrix& f : file_matrices()) {
    if (f.group != FileGroup::Bias) continue;
    if (auto e = check_shape(f, s)) return e;
  }
  for (const FileMatrix& f : file_matrices()) {
    if (f.group != FileGroup::Bias) continue;
    if (auto e = check_presence(f, s)) return e;
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
  const int h = s.heads, da = s.hidden_dim_a();
  if (h * da > Limits::kMaxProjectionWidth) {
    return fail("d_a", "heads\u00b7d_a is " + std::to_string(h * da) + "; it must be at most " +
                           std::to_string(Limits::kMaxProjectionWidth));
  }
  for (const FileMatrix& f : file_matrices()) {
    if (f.group != FileGroup::Score) continue;
    if (auto e = check_presence(f, s)) return e;
    if (auto e = check_shape(f, s)) return e;
  }
  return std::nullopt;
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
  // kv_heads before the matrices: it sets the widths of W_K, W_V, b_K and b_V.
  if (auto e = modern_fields::check_modern(s)) return e;
  if (auto e = check_matrices(s)) return e;
  if (auto e = check_biases(s)) return e;
  if (auto e = check_scoring(s)) return e;
  if (auto e = checks::check_edits(s)) return e;
  if (auto e = check_text("title", s.title, Limits::kMaxTitleBytes)) return e;
  return check_text("source", s.source, Limits::kMaxSourceBytes);
}

}  // namespace attn
