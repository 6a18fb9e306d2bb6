// The words and formulas of per-query steps: one query row i of one head, Scale .. WeightedSum
// (Scores is in steps_text_scores.cpp). Row symbols: q_i (1, d_k), s_i, s̃_i, ŝ_i, a_i (1, n),
// o_i (1, d_v); i and j count from 1. Without a Scale step (every score kind but ScaledDot) the
// mask and softmax read s_i itself, so s̃ does not appear.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "steps/steps_text.h"

namespace attn {
namespace {

/// What every per-query text needs: the head's trace, the row, its symbols and the tokens.
struct Row {
  const TextContext& c;
  const Step& st;
  const HeadTrace& head;
  int i;                   ///< query index, 0-based
  std::string sub;         ///< "3": the 1-based query number used in subscripts
  std::string who;         ///< "'Michael'"
  int n;                   ///< number of keys
  std::string scaled;      ///< "\\tilde{s}" after a Scale step, else "s"
  std::string scaled_u;    ///< the same in Unicode: "s̃" or "s"
  std::string scores;      ///< "scaled scores" after a Scale step, else "scores" (+ bias)
  std::string mask_in;     ///< what the mask reads: `scaled`, or "\\tilde{s}^{B}" with ALiBi
  std::string mask_in_u;   ///< the same in Unicode: "s̃ᴮ" with ALiBi
  std::string softmax_in;  ///< "\\hat{s}" after a mask, else `mask_in`

  Row(const TextContext& ctx, const Step& step)
      : c(ctx),
        st(step),
        head(ctx.trace.heads[step.head]),
        i(step.query),
        sub(std::to_string(step.query + 1)),
        who(token_name(ctx.scenario.query_tokens, step.query)),
        n(static_cast<int>(ctx.trace.inputs.x_kv.rows())),
        scaled(has_scale_step(ctx.trace) ? "\\tilde{s}" : "s"),
        scaled_u(has_scale_step(ctx.trace) ? "s̃" : "s"),
        scores(std::string(has_scale_step(ctx.trace) ? "scaled scores" : "scores") +
               (ctx.scenario.alibi ? " plus bias" : "")),
        mask_in(ctx.scenario.alibi ? "\\tilde{s}^{B}" : scaled),
        mask_in_u(ctx.scenario.alibi ? "s̃ᴮ" : scaled_u),
        softmax_in(ctx.trace.has_mask ? "\\hat{s}" : mask_in) {}

  /// "<matrix shapes>; <row shapes>", e.g. "...→ S_2 (9×9); q_3 (1×64) · K_2ᵀ (64×9) → s_3 (1×9)".
  std::string shapes(const std::string& matrix_op, const std::string& row_in,
                     const std::string& row_op, const std::string& row_out, int out_cols) const {
    const Operand& in = st.operands[0];
    return matrix_op + "; " + row_in + "_" + sub + " " + dims(1, in.cols) + row_op + row_out + "_" +
           sub + " " + dims(1, out_cols);
  }
  /// The sentence with the lead for the head, the flagged clause and a full stop.
  std::string say(const std::string& body) const {
    if (!st.flagged) return sentence(c.trace, st.head, body + ".");
    return sentence(c.trace, st.head, body + "; " + no_visible_key_clause(c, {i}) + ".");
  }
  /// The sentence for a flagged Mask / Softmax / WeightedSum step, which is about nothing else.
  std::string fully_masked_sentence() const {
    return sentence(c.trace, st.head,
                    "every key is masked for " + who + ", so no key is visible: by definition " +
                        "its weights are all zero and its output is a zero vector.");
  }
};

/// s̃_i = s_i / sqrt(d_k): (1, n) -> (1, n).
void scale(const Row& r, Step& st) {
  const std::string root = "√" + std::to_string(r.c.trace.d_k);
  st.shapes =
      r.shapes(operand_shape(st.operands[0]) + " / " + root + " → " + operand_shape(st.result), "s",
               " / " + root + " → ", "s̃", r.n);
  st.formula = "\\tilde{s}_{" + r.sub + ",j} = s_{" + r.sub + ",j} / \\sqrt{d_k}";
  st.formula_numbers = "\\tilde{s}_{" + r.sub + ",:} = " + latex_row(r.head.scores.row(r.i)) +
                       " / \\sqrt{" + std::to_string(r.c.trace.d_k) +
                       "} = " + latex_row(r.head.scaled.row(r.i));
  // Whether the softmax saturates is read from this row's weights, not assumed.
  const double top = r.head.weights.row(r.i).maxCoeff();
  const std::string verdict = top >= kSaturated ? "; even so, its largest weight is " +
                                                      format_fixed(top, kShownDigits) +
                                                      ", so the softmax saturates"
                                                : ", so the softmax does not saturate";
  st.sentence = r.say("dividing the scores of " + r.who + " by " + sqrt_words(r.c.trace.d_k) +
                      " keeps them from growing with d_k" + verdict);
}

/// ŝ_i: s̃_i with the masked keys set to -inf, (1, n) -> (1, n).
void mask(const Row& r, Step& st) {
  st.shapes = r.shapes(operand_shape(st.operands[0]) + " + mask → " + operand_shape(st.result),
                       r.mask_in_u, " + mask → ", "ŝ", r.n);
  st.formula = "\\hat{s}_{" + r.sub + ",j} = \\begin{cases} " + r.mask_in + "_{" + r.sub +
               ",j} & \\text{if key } j \\text{ is visible to query } " + r.sub +
               " \\\\ -\\infty & \\text{if it is masked} \\end{cases}";
  st.formula_numbers = "\\hat{s}_{" + r.sub + ",:} = " + latex_row(r.head.masked.row(r.i));
  std::vector<int> hidden;
  for (int j = 0; j < r.n; ++j) {
    if (r.c.trace.mask(r.i, j) == 0.0) hidden.push_back(j);
  }
  // With ALiBi the mask reads the scaled scores plus the bias (the Alibi step's result).
  const std::string what =
      r.c.scenario.alibi ? " (of s̃ᴮ, the scaled scores plus ALiBi's bias)" : "";
  if (st.flagged) {
    st.sentence = r.fully_masked_sentence();
  } else if (hidden.empty()) {
    st.sentence =
        r.say("no key is masked for " + r.who + ", so its " + r.scores + " pass unchanged");
  } else {
    st.sentence =
        r.say("for " + r.who + ", masked keys (" + token_list(r.c.scenario.kv_tokens(), hidden) +
              ") get −∞" + what + ", so they will receive exactly zero weight");
  }
}

/// a_i = softmax(ŝ_i) over the keys, subtracting the row maximum: (1, n) -> (1, n).
void softmax(const Row& r, Step& st) {
  st.shapes =
      r.shapes("softmax(" + operand_shape(st.operands[0]) + ") → " + operand_shape(st.result),
               r.c.trace.has_mask ? "softmax(ŝ" : "softmax(" + r.mask_in_u, ") → ", "a", r.n);
  const std::string x = r.softmax_in + "_{" + r.sub + ",";
  const std::string max = "\\max_l " + x + "l}";
  const RowVector weights = r.head.weights.row(r.i);
  if (st.flagged) {
    st.formula = "a_{" + r.sub + ",j} = 0 \\text{ for every } j \\text{ (no key is visible)}";
    st.formula_numbers = "a_{" + r.sub + ",:} = " + latex_row(weights);
    st.sentence = r.fully_masked_sentence();
    return;
  }
  st.formula = "a_{" + r.sub + ",j} = \\frac{e^{" + x + "j} - " + max + "}}{\\sum_l e^{" + x +
               "l} - " + max + "}}";
  // The row maximum and the denominator, over the visible (finite) entries.
  // masked equals scaled (+ ALiBi's bias) where no key is masked.
  const RowVector in =
      (r.c.trace.has_mask || r.c.scenario.alibi ? r.head.masked : r.head.scaled).row(r.i);
  double top = -std::numeric_limits<double>::infinity(), sum = 0.0;
  int first = -1;
  for (int j = 0; j < r.n; ++j) {
    if (std::isfinite(in(j))) top = std::max(top, in(j));
    if (std::isfinite(in(j)) && first < 0) first = j;
  }
  for (int j = 0; j < r.n; ++j) sum += std::isfinite(in(j)) ? std::exp(in(j)-top) : 0.0;
  const std::string f = std::to_string(first + 1);
  st.formula_numbers = max + " = " + latex_number(top) + ", \\quad \\sum_l e^{" + x + "l} - " +
                       latex_factor(top) + "} = " + latex_number(sum) + ", \\quad a_{" + r.sub +
                       "," + f + "} = \\frac{e^{" + latex_number(in(first)) + " - " +
                       latex_factor(top) + "}}{" + latex_number(sum) +
                       "} = " + latex_number(weights(first)) + ", \\quad a_{" + r.sub +
                       ",:} = " + latex_row(weights);
  int best = 0;
  weights.maxCoeff(&best);
  const bool some_masked = (r.c.trace.mask.row(r.i).array() == 0.0).any();
  st.sentence = r.say(
      "softmax turns the " + r.scores + " of " + r.who + " into weights that " +
      (some_masked ? "sum to 1, with exactly 0 for the masked keys" : "are positive and sum to 1") +
      "; its largest weight, " + latex_number(weights(best)) + ", goes to " +
      token_name(r.c.scenario.kv_tokens(), best));
}

/// o_i = sum_j a_ij v_j = a_i V_h: (1, n) x (n, d_v) -> (1, d_v).
void weighted_sum(const Row& r, Step& st) {
  const Operand& v = st.operands[1];
  st.shapes = r.shapes(
      operand_shape(st.operands[0]) + " · " + operand_shape(v) + " → " + operand_shape(st.result),
      "a", " · " + operand_shape(v) + " → ", "o", static_cast<int>(v.cols));
  st.size_rule = size_rule({{"", 1, r.n, v.cols}});
  st.formula = "o_{" + r.sub + "} = \\sum_j a_{" + r.sub + ",j} v_j";
  std::string terms;
  for (int j : shown_indices(r.n, 6, 3, 2)) {
    terms += terms.empty() ? "" : " + ";
    terms += j < 0 ? "\\dots"
                   : latex_number(r.head.weights(r.i, j)) + "\\, v_{" + std::to_string(j + 1) + "}";
  }
  st.formula_numbers = "o_{" + r.sub + "} = " + terms + " = " + latex_row(r.head.output.row(r.i));
  if (st.flagged) {
    st.sentence = r.fully_masked_sentence();
    return;
  }
  st.sentence = r.say("the output for " + r.who + " is the weighted sum of the " +
                      std::to_string(r.n) + " value vectors: one row of " + std::to_string(v.cols) +
                      " numbers in " + unicode_label(st.result.label));
}

}  // namespace

void describe_query_step(const TextContext& c, Step& st) {
  const Row r(c, st);
  switch (st.stage) {
    case Stage::Scale:
      return scale(r, st);
    case Stage::Mask:
      return mask(r, st);
    case Stage::Softmax:
      return softmax(r, st);
    default:
      return weighted_sum(r, st);
  }
}

}  // namespace attn
