// The words and formulas of the position schemes' stages (steps.h): RopeK (K_h (n, d_k) -> K̄_h),
// RopeQ (Q_h (m, d_k) -> Q̄_h, or one row q_i (1, d_k) -> q̄_i at position p = i +
// position_offset) and Alibi (S̃_h + B_h (m, n), or its row s̃_i + b_i (1, n)). Pair i of RoPE
// turns by φ_i = p·θ^(−2i/d); components and pairs count from 0 here, as in that formula.
#include <cmath>
#include <string>
#include <vector>

#include "steps/steps_text.h"
#include "variants/alibi/alibi.h"
#include "variants/rope/rope.h"

namespace attn {
namespace {

/// Pairs shown with their numbers in a row's formula: the first 3 and the last 1 of more than 4.
std::vector<int> shown_pairs(int count) { return shown_indices(count, 4, 3, 1); }

/// The scenario's rope with its dims resolved (absent dims: every component of d_k).
Rope resolved_rope(const Scenario& s) {
  Rope rope = *s.rope;
  rope.dims = s.rope_dims();
  return rope;
}

/// "(2i, 2i+1)" or "(i, i + d/2)": which components pair up, in words.
std::string pairing_words(const Rope& rope) {
  return rope.style == RopeStyle::Half
             ? "halves: component i pairs with i + d/2, as Hugging Face's rotate_half"
             : "neighbours: components 2i and 2i+1 pair up, as Meta's and llama2.c's interleaved";
}

/// The rotation of one pair of row `r` of `v` ("q", "3": q_{3}; "k", "r"), in symbols.
std::string pair_formula(const Rope& rope, const std::string& v, const std::string& r) {
  const bool half = rope.style == RopeStyle::Half;
  const std::string ia = half ? "i" : "2i", ib = half ? "i+d/2" : "2i+1";
  const auto x = [&](const std::string& comp) { return v + "_{" + r + "," + comp + "}"; };
  const auto bar = [&](const std::string& comp) {
    return "\\bar{" + v + "}_{" + r + "," + comp + "}";
  };
  return bar(ia) + " = " + x(ia) + " \\operatorname{cos} φ_i - " + x(ib) +
         " \\operatorname{sin} φ_i, \\quad " + bar(ib) + " = " + x(ia) +
         " \\operatorname{sin} φ_i + " + x(ib) +
         " \\operatorname{cos} φ_i, \\quad φ_i = p\\, θ^{-2i/" + std::to_string(rope.dims) + "}";
}

/// θ as people write it: "10000", or with 4 decimals when not whole.
std::string theta_words(double theta) {
  return theta == std::floor(theta) && theta < 1e15 ? std::to_string(static_cast<long long>(theta))
                                                    : format_fixed(theta, kShownDigits);
}

/// "components 5–8 pass through unchanged" when dims < d_k, else "".
std::string pass_through(const Rope& rope, int d_k) {
  if (rope.dims >= d_k) return "";
  return "; components " + std::to_string(rope.dims) + "–" + std::to_string(d_k - 1) +
         " pass through unchanged (rope.dims = " + std::to_string(rope.dims) + ")";
}

/// RopeQ of one query row: q_i -> q̄_i with every shown pair's angle and numbers.
void rope_row(const TextContext& c, Step& st) {
  const Rope rope = resolved_rope(c.scenario);
  const HeadTrace& h = c.trace.heads[static_cast<std::size_t>(st.head)];
  const int i = st.query, d_k = c.trace.d_k, offset = c.scenario.position_offset;
  const int p = i + offset;
  const std::string sub = std::to_string(i + 1);
  const std::vector<variants::RopePair> pairs = variants::rope_pairs(rope);
  st.shapes = operand_shape(st.operands[0]) + " → " + operand_shape(st.result) + "; q_" + sub +
              " " + dims(1, d_k) + " → q̄_" + sub + " " + dims(1, d_k);
  st.formula = pair_formula(rope, "q", sub);
  const std::string theta = theta_words(rope.theta);
  std::string numbers = "θ = " + theta + ", \\quad p = " + std::to_string(i) + " + " +
                        std::to_string(offset) + " = " + std::to_string(p);
  for (int k : shown_pairs(static_cast<int>(pairs.size()))) {
    if (k < 0) {
      numbers += ", \\quad \\dots";
      continue;
    }
    const variants::RopePair& pr = pairs[static_cast<std::size_t>(k)];
    const std::string ki = std::to_string(k);
    numbers += ", \\quad φ_{" + ki + "} = " + std::to_string(p) + " \\cdot θ^{-" +
               std::to_string(2 * k) + "/" + std::to_string(rope.dims) +
               "} = " + latex_number(p * pr.frequency) + ": (" + latex_number(h.q(i, pr.a)) + ", " +
               latex_number(h.q(i, pr.b)) + ") → (" + latex_number((*h.q_rotated)(i, pr.a)) + ", " +
               latex_number((*h.q_rotated)(i, pr.b)) + ")";
  }
  st.formula_numbers =
      numbers + ", \\quad \\bar{q}_{" + sub + "} = " + latex_row(h.q_rotated->row(i));
  st.sentence = sentence(
      c.trace, st.head,
      "RoPE turns the query vector of " + token_name(c.scenario.query_tokens, i) +
          " at position p = " + std::to_string(i) + " (its index from 0) + " +
          std::to_string(offset) + " (position_offset) = " + std::to_string(p) + ": each of its " +
          std::to_string(pairs.size()) + " pairs of components (" + pairing_words(rope) +
          ") turns by φ_i = p·θ^(−2i/" + std::to_string(rope.dims) + ") with θ = " + theta +
          ", pair 0 the fastest" + pass_through(rope, d_k) +
          "; a turn keeps each pair's length, so q̄·k̄ depends only on how far apart the two " +
          "tokens are.");
}

/// RopeK, or RopeQ of the whole matrix: every row r turned at its position r + position_offset.
void rope_matrix(const TextContext& c, Step& st) {
  const Rope rope = resolved_rope(c.scenario);
  const Operand &in = st.operands[0], &r = st.result;
  const bool keys = st.stage == Stage::RopeK;
  st.shapes = operand_shape(in) + " → " + operand_shape(r);
  st.formula = pair_formula(rope, keys ? "k" : "q", "r") + ", \\quad p = r - 1 + " +
               std::to_string(c.scenario.position_offset);
  st.formula_numbers = r.label + " = " + latex_matrix(trace_matrix(c.trace, r.matrix, r.head));
  const std::string who = keys ? "key" : "query";
  st.sentence = sentence(
      c.trace, st.head,
      "RoPE turns every " + who + " vector of " + unicode_label(in.label) +
          " at its own position p (token index from 0 + position_offset " +
          std::to_string(c.scenario.position_offset) + "): each pair of components (" +
          pairing_words(rope) + ") turns by φ_i = p·θ^(−2i/" + std::to_string(rope.dims) +
          "), θ = " + theta_words(rope.theta) + pass_through(rope, c.trace.d_k) + ", so " +
          unicode_label(r.label) + " is " + std::to_string(r.rows) + "×" + std::to_string(r.cols) +
          (keys ? "; the scores will read K̄, and each query its own q̄." : "."));
}

/// "slope = 2^(−8·2/4) = 0.2500 (2^(−8h/heads) for head h of a power of two heads)", or the
/// paper's rule for other head counts.
std::string slope_words(int head, int heads) {
  const double slope = variants::alibi_slopes(heads)[static_cast<std::size_t>(head)];
  const bool power = (heads & (heads - 1)) == 0;
  const std::string rule =
      power ? "2^(−8·" + std::to_string(head + 1) + "/" + std::to_string(heads) + "), the rule " +
                  "2^(−8h/heads) for head h of a power of two heads"
            : "the ALiBi paper's rule for " + std::to_string(heads) +
                  " heads, not a power of two: the slopes 2^(−8h/c) of the c heads of the largest "
                  "power of two below, then every other slope of 2c heads";
  return "slope " + format_fixed(slope, kShownDigits) + " (" + rule + ")";
}

/// Alibi: S̃_h + B_h, B_h(i, j) = −slope·|i − j|; whole matrix or one query row.
void alibi(const TextContext& c, Step& st) {
  const Trace& t = c.trace;
  const HeadTrace& h = t.heads[static_cast<std::size_t>(st.head)];
  const Operand &s_op = st.operands[0], &b = st.operands[1], &r = st.result;
  const std::string slope = slope_words(st.head, static_cast<int>(t.heads.size()));
  st.shapes = operand_shape(s_op) + " + " + operand_shape(b) + " → " + operand_shape(r);
  if (st.query < 0) {
    st.formula = r.label + " = " + s_op.label + " + " + b.label + ", \\quad " + b.label +
                 "_{ij} = -m\\, |i - j|";
    st.formula_numbers = r.label + " = " + latex_matrix(*h.biased);
    st.sentence = finish_sentence(
        c, st,
        "ALiBi adds the distance bias " + unicode_label(b.label) + " " + dims(b.rows, b.cols) +
            " to the scores: entry (i, j) is −m·|i − j| with m the head's " + slope +
            ", so farther keys lose more; the mask then reads " + unicode_label(r.label));
    return;
  }
  const int i = st.query;
  const std::string sub = std::to_string(i + 1);
  const std::string in = has_scale_step(t) ? "\\tilde{s}" : "s";
  st.shapes += "; " + std::string(has_scale_step(t) ? "s̃" : "s") + "_" + sub + " " +
               dims(1, b.cols) + " + b_" + sub + " " + dims(1, b.cols) + " → s̃ᴮ_" + sub + " " +
               dims(1, b.cols);
  st.formula = "\\tilde{s}^{B}_{" + sub + ",j} = " + in + "_{" + sub + ",j} + b_{" + sub +
               ",j}, \\quad b_{" + sub + ",j} = -m\\, |" + sub + " - j|";
  st.formula_numbers = "b_{" + sub + ",:} = " + latex_row(h.bias->row(i)) +
                       ", \\quad \\tilde{s}^{B}_{" + sub + ",:} = " + latex_row(h.biased->row(i));
  st.sentence = finish_sentence(
      c, st,
      "ALiBi adds to the scores of " + token_name(c.scenario.query_tokens, i) +
          " a bias of −m·|i − j| per key, m the head's " + slope +
          ": 0 for itself and more negative the farther the key; the mask then reads s̃ᴮ_" + sub);
}

}  // namespace

void describe_position_step(const TextContext& c, Step& st) {
  if (st.stage == Stage::Alibi) return alibi(c, st);
  if (st.stage == Stage::RopeQ && st.query >= 0) return rope_row(c, st);
  rope_matrix(c, st);
}

}  // namespace attn
