// Private to the core (not part of what crosses to JavaScript): the words and formulas of each step
// (steps_text.cpp, steps_text_rows.cpp) and the number and token formatting they share
// (format.cpp).
//
// Conventions of every text: heads and tokens are numbered from 1 ("head 2", q_{3}, "token 4");
// with a single head the head subscripts are left out (Q, K^T, S, A, O, W_Q). Numbers are
// format_fixed(x, kShownDigits), the same digits the page shows in its matrices.
#pragma once

#include <string>
#include <vector>

#include "matrix.h"
#include "steps/steps.h"

namespace attn {

/// Decimals shown in formula_numbers and sentences.
constexpr int kShownDigits = 4;

// --- Numbers as LaTeX (format.cpp) ---

/// format_fixed(x, kShownDigits): "0.2361", "-1.5000", "-\infty".
std::string latex_number(double x);
/// latex_number, in parentheses when negative, for use as a factor or after "+": "(-1.5000)".
std::string latex_factor(double x);
/// Which of `count` entries to show, in order: all of them when count <= max_shown, else the
/// first `head`, then -1 (standing for the dots), then the last `tail`.
std::vector<int> shown_indices(int count, int max_shown, int head, int tail);
/// A row vector (1, k) as a LaTeX bmatrix; k > 6 shows the first 3, \cdots, the last 2.
std::string latex_row(const RowVector& v);
/// A matrix (r, c) as a LaTeX bmatrix; more than 4 rows (columns) show the first 2, dots and the
/// last 1 of them, so at most 4 x 4 entries appear.
std::string latex_matrix(const Matrix& a);

// --- Words (format.cpp) ---

/// Shape in words: (9, 64) -> "(9×64)".
std::string dims(int rows, int cols);
/// A token named in a sentence by its label (scenario/token_label.h): 'Bay', or "'the' (token 4)"
/// when its label occurs more than once.
std::string token_name(const std::vector<std::string>& tokens, int i);
/// Tokens listed in a sentence, comma separated: "'a', 'great'"; more than 4 list the first 3
/// and "and 5 more".
std::string token_list(const std::vector<std::string>& tokens, const std::vector<int>& indices);
/// A LaTeX operand label in plain Unicode for `shapes` and sentences:
/// "K_{2}^{\top}" -> "K_2ᵀ", "W_Q^{(2)}" -> "W_Q⁽²⁾", "\tilde{S}_{2}" -> "S̃_2", "X_{kv}" -> "X_kv".
std::string unicode_label(const std::string& latex);

// --- The text of a step ---

/// A softmax row whose largest weight reaches this is called saturated: one key takes nearly all.
constexpr double kSaturated = 0.9;
/// The end of the Scale sentence, read from the weights A (m, n): ", so the softmax does not
/// saturate", or "; even so, 2 of the 6 rows give one key 0.9 or more (up to 0.9510), so the
/// softmax saturates there".
std::string saturation_words(const Matrix& weights);

/// Everything the text of one step may read.
struct TextContext {
  const Scenario& scenario;
  const Trace& trace;
};

// --- Pieces shared by the step texts (steps_text.cpp) ---

/// A sentence about head `head`: "In head 2, " + body with several heads, else body capitalized.
std::string sentence(const Trace& t, int head, const std::string& body);
/// "√64 = 8", or "√3 ≈ 1.7321" when d_k is not a perfect square.
std::string sqrt_words(int d_k);
/// The LaTeX symbol a formula uses for an operand: a weight's head block by its part ("W_Q^{(2)}"),
/// any other operand by its label (per-query texts write the row, q_{4}, themselves).
std::string symbol(const Operand& o);
/// An operand's Unicode name and the shape it takes part with: "K_2ᵀ (64×9)", "W_Q⁽²⁾ (512×64)"
/// (a weight's head block), "Q_2 (9×64)" (whole matrix, even when the step reads one row).
std::string operand_shape(const Operand& o);
/// One matrix product: (rows×inner) @ (inner×cols) → (rows×cols); `name` ("Q_2 W_1⁽²⁾") tells
/// the products of a step with several apart, and is empty for a step with one.
struct Product {
  std::string name;
  int rows = 0, inner = 0, cols = 0;
};
/// Step::size_rule for the products of one step, in order: each product's sizes, then why they
/// fit and what @ does.
std::string size_rule(const std::vector<Product>& products);
/// "no key is visible to 'a', so by definition its weights are all zero and its output is a
/// zero vector" (plural for several queries).
std::string no_visible_key_clause(const TextContext& c, const std::vector<int>& queries);
/// `body` + the no-visible-key clause when the step is flagged (about the step's query, or every
/// fully masked query for a whole-matrix step) + ".", as a sentence about the step's head.
std::string finish_sentence(const TextContext& c, const Step& st, const std::string& body);
/// Whether the trace's score kind has a Scale step (ScaledDot only); without one the scores go on
/// to the mask and softmax unscaled, shown as s rather than \tilde{s}.
bool has_scale_step(const Trace& t);

/// Fills shapes, formula, formula_numbers and sentence of `step`, whose structure (stage, head,
/// query, operands, result, flagged) build_steps has already set. (steps_text.cpp)
void describe_step(const TextContext& c, Step& step);

/// The same for the per-row stages Scale .. WeightedSum when step.query >= 0, i.e. one query row
/// of one head. (steps_text_rows.cpp)
void describe_query_step(const TextContext& c, Step& step);

/// The same for a Scores step, whole matrix or one query row, in the trace's score kind.
/// (steps_text_scores.cpp)
void describe_scores(const TextContext& c, Step& step);

/// The same for the position schemes' stages RopeK, RopeQ and Alibi, whole matrix or one query
/// row. (steps_text_position.cpp)
void describe_position_step(const TextContext& c, Step& step);

}  // namespace attn
