// The algorithms' names and what each needs of a scenario (see algorithm.h).
#include "scenario/algorithm.h"

#include <cmath>

#include "scenario/scenario.h"
#include "scenario/scenario_checks.h"

namespace attn {

namespace {

const char* const kNames[] = {"standard", "kv-cache", "flash"};

// "block_q is 0; it must be a whole number between 1 and 1024", or nothing.
std::optional<ValidationError> block_problem(const char* field, double value) {
  if (value >= 1 && value <= kMaxBlock && std::floor(value) == value) return std::nullopt;
  return ValidationError{field, std::string(field) + " is " + checks::number(value) +
                                    "; it must be a whole number " + block_limit()};
}

}  // namespace

const char* algorithm_name(Algorithm a) { return kNames[static_cast<int>(a)]; }

std::optional<Algorithm> algorithm_named(const std::string& word) {
  for (int i = 0; i < 3; ++i) {
    if (word == kNames[i]) return static_cast<Algorithm>(i);
  }
  return std::nullopt;
}

std::string algorithm_names() { return "\"standard\", \"kv-cache\" or \"flash\""; }

std::string block_limit() { return checks::between(1, kMaxBlock); }

std::optional<ValidationError> algorithm_problem(const Scenario& s, Algorithm a, double block_q,
                                                 double block_k) {
  if (a == Algorithm::Standard) return std::nullopt;
  const std::string said = std::string("algorithm is \"") + algorithm_name(a) + "\", which ";
  if (a == Algorithm::KvCache) {
    // Decoding appends the token's own key: the keys are the queries' tokens, none from the future.
    if (!s.is_self_attention()) {
      return ValidationError{"algorithm", said +
                                              "decodes causal self-attention; key_tokens is "
                                              "given (cross-attention); it must be left out"};
    }
    if (s.mask != MaskKind::Causal && s.mask != MaskKind::Window) {
      return ValidationError{"algorithm", said + "decodes causal self-attention; mask is \"" +
                                              mask_variant(s.mask).name +
                                              "\"; it must be \"causal\" or \"window\""};
    }
  }
  // Both compute q_i · k_j per pair (tile by tile, or one cached row at a time).
  if (s.score != ScoreKind::ScaledDot && s.score != ScoreKind::Dot) {
    return ValidationError{"algorithm", said + "works on dot-product scores; score is \"" +
                                            checks::score_name(s.score) +
                                            "\"; it must be \"scaled_dot\" or \"dot\""};
  }
  if (a != Algorithm::Flash) return std::nullopt;
  if (auto e = block_problem("block_q", block_q)) return e;
  return block_problem("block_k", block_k);
}

}  // namespace attn
