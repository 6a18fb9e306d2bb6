// The words and formulas of the Scores step, for each scoring function (scenario/scenario.h
// ScoreKind) and both granularities: the whole S_h (query = -1) or one query row s_i. The operands
// are those of steps.h: Q_h, then K_h^T (Dot, ScaledDot); W_a, K_h^T (General); W_1, K_h, W_2,
// v_a (Additive).
#include <string>
#include <vector>

#include "steps/steps_text.h"

namespace attn {
namespace {

/// What every Scores text needs: the head's trace and, for a query row, its number and token.
struct ScoreStep {
  const TextContext& c;
  const Step& st;
  const HeadTrace& head;
  int i;            ///< query index, 0-based; -1 for the whole matrix
  std::string sub;  ///< "4": the 1-based query number used in subscripts ("" for the matrix)
  std::string n;    ///< number of keys, as text

  ScoreStep(const TextContext& ctx, const Step& step)
      : c(ctx),
        st(step),
        head(ctx.trace.heads[step.head]),
        i(step.query),
        sub(step.query >= 0 ? std::to_string(step.query + 1) : ""),
        n(std::to_string(ctx.trace.inputs.x_kv.rows())) {}

  bool row() const { return i >= 0; }
  /// The q and k the scores read: the rotated ones with RoPE (q̄, k̄), else the head's own.
  const Matrix& q() const { return head.q_rotated ? *head.q_rotated : head.q; }
  const Matrix& k() const { return head.k_rotated ? *head.k_rotated : head.k; }
  /// Rows of the query side of every product: 1 for a query row, else m.
  int rows() const { return row() ? 1 : op(0).rows; }
  const Operand& op(int k) const { return st.operands[k]; }
  /// "the query 'Michael' is compared with each of the 9 keys" (one row) or "every query is
  /// compared with every key" (the whole matrix).
  std::string compared() const {
    if (!row()) return "every query is compared with every key at once";
    const std::string keys = n == "1" ? "the only key" : "each of the " + n + " keys";
    return "the query " + token_name(c.scenario.query_tokens, i) + " is compared with " + keys;
  }
  /// The whole-matrix shapes, then for a row "; " + the row's own: "q_4 (1×64)" + rest.
  std::string shapes(const std::string& matrix, const std::string& row_rest) const {
    if (!row()) return matrix;
    const bool rotated = op(0).matrix == MatrixId::QRotated;  // RoPE: the row read is q̄
    return matrix + (rotated ? "; q̄_" : "; q_") + sub + " " + dims(1, op(0).cols) + row_rest +
           " → s_" + sub + " " + dims(1, static_cast<int>(head.scores.cols()));
  }
  /// The result's numbers that end every formula_numbers: s_{4,:} = [row], or S = [matrix].
  std::string result_numbers(const std::string& matrix_formula) const {
    if (!row()) return matrix_formula + " = " + latex_matrix(head.scores);
    return "s_{" + sub + ",:} = " + latex_row(head.scores.row(i));
  }
};

/// "a_1 · b_1 + a_2 · b_2 + … " over the shown entries of two rows of equal length.
std::string dot_terms(const RowVector& a, const RowVector& b) {
  std::string terms;
  for (int d : shown_indices(static_cast<int>(a.size()), 6, 3, 2)) {
    terms += terms.empty() ? "" : " + ";
    terms += d < 0 ? "\\dots" : latex_factor(a(d)) + " \\cdot " + latex_factor(b(d));
  }
  return terms;
}

/// Dot and ScaledDot: S_h = Q_h K_h^T (m, n); s_i = q_i K_h^T (1, n).
void dot(const ScoreStep& x, Step& st) {
  const Operand &q = x.op(0), &k = x.op(1);
  st.shapes =
      x.shapes(operand_shape(q) + " · " + operand_shape(k) + " → " + operand_shape(st.result),
               " · " + operand_shape(k));
  st.size_rule = size_rule({{"", x.rows(), q.cols, k.rows}});  // K_h is stored (n, d_k)
  const bool luong = x.c.trace.score == ScoreKind::Dot;
  const std::string unscaled = luong ? " (Luong's dot score, used without dividing by √d_k)" : "";
  if (x.row()) {
    st.formula = "s_{" + x.sub + ",j} = q_{" + x.sub + "} \\cdot k_{j}";
    st.formula_numbers = "s_{" + x.sub + ",1} = q_{" + x.sub +
                         "} \\cdot k_{1} = " + dot_terms(x.q().row(x.i), x.k().row(0)) + " = " +
                         latex_number(x.head.scores(x.i, 0)) + ", \\quad " + x.result_numbers("");
    st.sentence = finish_sentence(x.c, st,
                                  x.compared() + ": every score is the dot product of its query " +
                                      "vector with one key vector" + unscaled);
    return;
  }
  st.formula = st.result.label + " = " + q.label + " " + k.label;
  st.formula_numbers = x.result_numbers(st.formula);
  st.sentence =
      finish_sentence(x.c, st,
                      x.compared() + ": cell (i, j) of " + unicode_label(st.result.label) +
                          " is the dot product of query i with key j" + unscaled);
}

/// General (Luong): S_h = Q_h W_a K_h^T, W_a (d_k, d_k): (m, d_k) x (d_k, d_k) x (d_k, n).
void general(const ScoreStep& x, Step& st) {
  const Operand &q = x.op(0), &w = x.op(1), &k = x.op(2);
  st.shapes = x.shapes(operand_shape(q) + " · " + operand_shape(w) + " · " + operand_shape(k) +
                           " → " + operand_shape(st.result),
                       " · " + operand_shape(w) + " · " + operand_shape(k));
  // (Q_h W_a) K_h^T: the query side times W_a's block, then times K_h^T.
  const std::string qw_u =
      (x.row() ? "q_" + x.sub : unicode_label(q.label)) + " " + unicode_label(symbol(w));
  st.size_rule =
      size_rule({{qw_u, x.rows(), w.cells.rows, w.cells.cols},
                 {"(" + qw_u + ") " + unicode_label(k.label), x.rows(), w.cells.cols, k.rows}});
  const std::string by = " by Luong's general (bilinear) score";
  if (x.row()) {
    // q_i W_a (1, d_k): the query mapped by the bilinear form, then a dot product with each key.
    const Matrix w_a = head_block(*x.c.trace.inputs.w_bilinear, x.st.head, x.c.trace.d_k);
    const RowVector q_i = x.q().row(x.i);
    const RowVector mapped = q_i * w_a;
    const std::string qw = "q_{" + x.sub + "} " + symbol(w);
    st.formula = "s_{" + x.sub + ",j} = " + qw + " k_{j}^{\\top}";
    st.formula_numbers = qw + " = " + latex_row(mapped) + ", \\quad s_{" + x.sub + ",1} = (" + qw +
                         ") \\cdot k_{1} = " + dot_terms(mapped, x.k().row(0)) + " = " +
                         latex_number(x.head.scores(x.i, 0)) + ", \\quad " + x.result_numbers("");
    st.sentence = finish_sentence(x.c, st,
                                  x.compared() + by + ": its query vector is first multiplied by " +
                                      operand_shape(w) +
                                      ", then the dot product with each key vector is taken");
    return;
  }
  st.formula = st.result.label + " = " + q.label + " " + symbol(w) + " " + k.label;
  st.formula_numbers = x.result_numbers(st.formula);
  st.sentence = finish_sentence(
      x.c, st,
      x.compared() + by + ": " + operand_shape(w) + " sits between " + operand_shape(q) + " and " +
          operand_shape(k) + ", so cell (i, j) is q_i W_a k_jᵀ, a dot product in which every " +
          "pair of a query component and a key component can count");
}

/// Additive (Bahdanau): s_ij = tanh(q_i W_1 + k_j W_2) v_a^T with W_1, W_2 (d_k, d_a), v_a (1,
/// d_a).
void additive(const ScoreStep& x, Step& st) {
  const Trace& t = x.c.trace;
  const Operand &q = x.op(0), &w1 = x.op(1), &k = x.op(2), &w2 = x.op(3), &v = x.op(4);
  const int d_a = t.d_a;
  const std::string vt_u = unicode_label(symbol(v)) + "ᵀ " + dims(d_a, 1);
  const std::string vt =
      t.heads.size() == 1 ? symbol(v) + "^{\\top}" : "(" + symbol(v) + ")^{\\top}";
  st.shapes = x.shapes(operand_shape(q) + " · " + operand_shape(w1) + " → " + dims(q.rows, d_a) +
                           "; " + operand_shape(k) + " · " + operand_shape(w2) + " → " +
                           dims(k.rows, d_a) + "; tanh(row i + row j) " + dims(1, d_a) + " · " +
                           vt_u + " → " + operand_shape(st.result),
                       " · " + operand_shape(w1) + " + k_j " + dims(1, k.cols) + " · " +
                           operand_shape(w2) + " → " + dims(1, d_a) + "; tanh(…) · " + vt_u +
                           " → s_" + x.sub + ",j, for each of the " + x.n + " keys");
  const std::string w1_u = unicode_label(symbol(w1)), w2_u = unicode_label(symbol(w2));
  const std::string q_u = x.row() ? "q_" + x.sub : unicode_label(q.label);
  const std::string k_u = x.row() ? "k_j" : unicode_label(k.label);
  const int keys = x.row() ? 1 : k.rows;
  st.size_rule = size_rule({{q_u + " " + w1_u, x.rows(), k.cols, d_a},
                            {k_u + " " + w2_u, keys, k.cols, d_a},
                            {"tanh(…) " + unicode_label(symbol(v)) + "ᵀ" +
                                 (x.row() ? ", for each key j" : ", for each pair (i, j)"),
                             1, d_a, 1}});
  const std::string by = " by Bahdanau's additive score (Luong calls it concat)";
  const std::string words = unicode_label(symbol(w1)) + " " + dims(k.cols, d_a) + " and " +
                            unicode_label(symbol(w2)) + " " + dims(k.cols, d_a);
  if (x.row()) {
    // The pre-activation q_i W_1 + k_1 W_2 (1, d_a) of key 1, then sum_u v_u tanh(pre_u).
    const Matrix w_1 = head_block(*t.inputs.w_additive_q, x.st.head, d_a);
    const Matrix w_2 = head_block(*t.inputs.w_additive_k, x.st.head, d_a);
    const RowVector q_i = x.q().row(x.i), k_1 = x.k().row(0);
    const RowVector pre = q_i * w_1 + k_1 * w_2;
    const RowVector v_a = t.inputs.v_additive->row(x.st.head);
    std::string terms;
    for (int u : shown_indices(d_a, 6, 3, 2)) {
      terms += terms.empty() ? "" : " + ";
      terms += u < 0 ? "\\dots" : latex_factor(v_a(u)) + " \\tanh(" + latex_number(pre(u)) + ")";
    }
    const std::string pre_sym = "q_{" + x.sub + "} " + symbol(w1) + " + k_{1} " + symbol(w2);
    st.formula = "s_{" + x.sub + ",j} = \\tanh(q_{" + x.sub + "} " + symbol(w1) + " + k_{j} " +
                 symbol(w2) + ")\\, " + vt;
    st.formula_numbers = pre_sym + " = " + latex_row(pre) + ", \\quad s_{" + x.sub +
                         ",1} = " + terms + " = " + latex_number(x.head.scores(x.i, 0)) +
                         ", \\quad " + x.result_numbers("");
    st.sentence = finish_sentence(
        x.c, st,
        x.compared() + by + ": its query vector times " + unicode_label(symbol(w1)) +
            " and each key vector times " + unicode_label(symbol(w2)) + " (" + std::to_string(d_a) +
            " hidden units each) are added, passed through tanh, and " + "weighted by " +
            unicode_label(symbol(v)) + " into one number per key");
    return;
  }
  const std::string cell =
      t.heads.size() == 1 ? st.result.label + "_{i,j}" : "(" + st.result.label + ")_{i,j}";
  st.formula = cell + " = \\tanh(q_i " + symbol(w1) + " + k_j " + symbol(w2) + ")\\, " + vt;
  st.formula_numbers = x.result_numbers(st.result.label);  // the cells' formula is above
  st.sentence = finish_sentence(
      x.c, st,
      x.compared() + by + ": the queries and the keys are mapped by " + words + " to " +
          std::to_string(d_a) + " hidden units; for each pair (i, j) the two are added, passed " +
          "through tanh and weighted by " + unicode_label(symbol(v)) + " into cell (i, j)");
}

}  // namespace

void describe_scores(const TextContext& c, Step& st) {
  const ScoreStep x(c, st);
  switch (c.trace.score) {
    case ScoreKind::General:
      return general(x, st);
    case ScoreKind::Additive:
      return additive(x, st);
    case ScoreKind::Dot:
    case ScoreKind::ScaledDot:
      break;
  }
  dot(x, st);
}

}  // namespace attn
