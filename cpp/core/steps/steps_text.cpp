// The words and formulas of whole-matrix steps (projections, per-matrix granularity, Concat,
// output projection), and the helpers shared with the per-query texts (steps_text_rows.cpp).
#include "steps/steps_text.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace attn {

std::string sentence(const Trace& t, int head, const std::string& body) {
  if (t.heads.size() > 1 && head >= 0) return "In head " + std::to_string(head + 1) + ", " + body;
  std::string s = body;
  if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
  return s;
}

std::string sqrt_words(int d_k) {
  const double root = std::sqrt(static_cast<double>(d_k));
  const bool whole = root == std::floor(root);
  return "√" + std::to_string(d_k) +
         (whole ? " = " + std::to_string(static_cast<int>(root)) : " ≈ " + latex_number(root));
}

std::string saturation_words(const Matrix& weights) {
  // A row saturates when one key takes kSaturated or more of its weight.
  const Eigen::Index m = weights.rows();
  int saturated = 0;
  double top = 0.0;
  for (Eigen::Index i = 0; i < m; ++i) {
    const double row_top = weights.row(i).maxCoeff();
    if (row_top >= kSaturated) ++saturated;
    top = std::max(top, row_top);
  }
  if (saturated == 0) return ", so the softmax does not saturate";
  return "; even so, " + std::to_string(saturated) + " of the " + std::to_string(m) +
         (saturated == 1 ? " rows gives" : " rows give") + " one key " +
         format_fixed(kSaturated, 1) + " or more (up to " + format_fixed(top, kShownDigits) +
         "), so the softmax saturates there";
}

namespace {

/// Weights and scoring parameters: a step reads one head's block (or row) of them.
bool is_weight(MatrixId id) {
  return id == MatrixId::Wq || id == MatrixId::Wk || id == MatrixId::Wv ||
         (id >= MatrixId::WBilinear && id <= MatrixId::BO);
}

}  // namespace

std::string symbol(const Operand& o) {
  return is_weight(o.matrix) && !o.part.empty() ? o.part : o.label;
}

std::string operand_shape(const Operand& o) {
  // A weight's head block (or v_a's row) shows its block; every other operand its whole (stored)
  // shape.
  const bool block = is_weight(o.matrix);
  int rows = block ? o.cells.rows : o.rows, cols = block ? o.cells.cols : o.cols;
  if (o.transposed) std::swap(rows, cols);
  return unicode_label(symbol(o)) + " " + dims(rows, cols);
}

std::string size_rule(const std::vector<Product>& products) {
  std::string sizes, agree;
  bool same_inner = true;
  for (const Product& p : products) {
    sizes += sizes.empty() ? "" : "; ";
    sizes += (p.name.empty() ? "" : p.name + ": ") + dims(p.rows, p.inner) + " @ " +
             dims(p.inner, p.cols) + " → " + dims(p.rows, p.cols);
    agree += agree.empty() ? "" : ", ";
    agree += std::to_string(p.inner) + " = " + std::to_string(p.inner);
    same_inner = same_inner && p.inner == products.front().inner;
  }
  const std::string added = same_inner ? std::to_string(products.front().inner) + " products added"
                                       : "as many products added as the inner size";
  return sizes + ": the inner sizes agree (" + agree +
         "). @ is the matrix product: result cell (i, j) is row i of the left times column j of "
         "the right, " +
         added + ", so the result has the left's rows and the right's columns.";
}

std::string no_visible_key_clause(const TextContext& c, const std::vector<int>& queries) {
  const bool one = queries.size() == 1;
  return "no key is visible to " + token_list(c.scenario.query_tokens, queries) +
         ", so by definition " + (one ? "its" : "their") + " weights are all zero and " +
         (one ? "its output is a zero vector" : "their outputs are zero vectors");
}

std::string finish_sentence(const TextContext& c, const Step& st, const std::string& body) {
  if (!st.flagged) return sentence(c.trace, st.head, body + ".");
  const std::vector<int> queries =
      st.query >= 0 ? std::vector<int>{st.query} : c.trace.fully_masked_queries;
  return sentence(c.trace, st.head, body + "; " + no_visible_key_clause(c, queries) + ".");
}

bool has_scale_step(const Trace& t) { return score_variant(t.score).scaled; }

namespace {

/// Appends, when the step is flagged, the clause on fully masked queries, and the full stop.
std::string finish(const TextContext& c, const Step& st, const std::string& s) {
  if (!st.flagged) return s + ".";
  return s + "; " + no_visible_key_clause(c, c.trace.fully_masked_queries) + ".";
}

/// ProjectQ/K/V: X (rows, d_model) · W block (d_model, d) (+ b block (1, d)) -> Q_h/K_h/V_h
/// (rows, d). Without a bias the words are those of the plain product.
void describe_projection(const TextContext& c, Step& st) {
  const Operand &x = st.operands[0], &w = st.operands[1], &r = st.result;
  const Operand* b = st.operands.size() > 2 ? &st.operands[2] : nullptr;
  st.shapes = operand_shape(x) + " · " + operand_shape(w) + (b ? " + " + operand_shape(*b) : "") +
              " → " + operand_shape(r);
  st.size_rule = size_rule({{"", x.rows, w.cells.rows, w.cells.cols}});
  st.formula = r.label + " = " + x.label + " " + symbol(w) + (b ? " + " + symbol(*b) : "");
  st.formula_numbers = st.formula + " = " + latex_matrix(trace_matrix(c.trace, r.matrix, r.head));

  const bool q = st.stage == Stage::ProjectQ;
  const std::string kind = q ? "query" : st.stage == Stage::ProjectK ? "key" : "value";
  const std::string side = c.scenario.is_self_attention() ? "" : q ? "query " : "key ";
  const std::string w_name = q ? "W_Q" : st.stage == Stage::ProjectK ? "W_K" : "W_V";
  const std::string block = c.trace.heads.size() == 1
                                ? w_name
                                : "columns " + std::to_string(w.cells.col0 + 1) + "–" +
                                      std::to_string(w.cells.col0 + w.cells.cols) + " of " + w_name;
  const std::string bias = b ? ", then the bias row " + unicode_label(symbol(*b)) + " (" +
                                   std::to_string(b->cells.cols) + " numbers) is added to every row"
                             : "";
  st.sentence =
      sentence(c.trace, st.head,
               "each of the " + std::to_string(x.rows) + " " + side + "tokens gets a " + kind +
                   " vector: its row of " + unicode_label(x.label) + " (" + std::to_string(x.cols) +
                   " numbers) is multiplied by " + block + bias + ", so " + unicode_label(r.label) +
                   " is " + std::to_string(r.rows) + "×" + std::to_string(r.cols) + ".");
}

/// Scale .. WeightedSum of one head, whole matrices: (m, n) or (m, d_v) results.
void describe_head_matrix(const TextContext& c, Step& st) {
  const Trace& t = c.trace;
  const Operand &in = st.operands[0], &r = st.result;
  const std::string n = std::to_string(t.inputs.x_kv.rows());
  const std::string in_u = unicode_label(in.label), r_u = unicode_label(r.label);
  std::string body;
  switch (st.stage) {
    case Stage::Scale:
      st.shapes = operand_shape(in) + " / √" + std::to_string(t.d_k) + " → " + operand_shape(r);
      st.formula = r.label + " = " + in.label + " / \\sqrt{d_k}";
      body = "dividing every score by " + sqrt_words(t.d_k) +
             " keeps the scores from growing with d_k" + saturation_words(t.heads[st.head].weights);
      break;
    case Stage::Mask: {
      st.shapes = operand_shape(in) + " + mask → " + operand_shape(r);
      st.formula = r.label + " = " + in.label +
                   " + M, \\quad M_{ij} = \\begin{cases} 0 & \\text{if key } j \\text{ is visible "
                   "to query } i \\\\ -\\infty & \\text{if it is masked} \\end{cases}";
      const auto masked = (t.mask.array() == 0.0).count();
      body = "masked entries (" + std::to_string(masked) + " of " + std::to_string(t.mask.size()) +
             ") become −∞, so they will receive exactly zero weight";
      body += mask_variant(c.scenario.mask)
                  .step_text(MaskParams{c.scenario.window.value_or(0)});  // the kind's words
      if (c.scenario.alibi) body += "; with ALiBi it masks " + in_u + ", the scores plus the bias";
      if (!c.scenario.padded_keys.empty()) {
        body += "; the padding keys (" +
                token_list(c.scenario.kv_tokens(), c.scenario.padded_keys) +
                ") are hidden from every query";
      }
      break;
    }
    case Stage::Softmax:
      st.shapes = "softmax(" + operand_shape(in) + ") → " + operand_shape(r);
      st.formula = r.label + " = \\operatorname{softmax}_{\\text{row}}(" + in.label + ")";
      body = "softmax works along each row, over the " + n + " keys: each query's weights are " +
             (t.has_mask ? "non-negative (exactly 0 for masked keys)" : "positive") +
             " and sum to 1, and cell (i, j) is how much query i attends to key j";
      break;
    default:  // WeightedSum
      st.shapes =
          operand_shape(in) + " · " + operand_shape(st.operands[1]) + " → " + operand_shape(r);
      st.size_rule = size_rule({{"", in.rows, in.cols, st.operands[1].cols}});
      st.formula = r.label + " = " + in.label + " " + st.operands[1].label;
      body = "each row of " + r_u + " is one query's output: the " + n +
             " value vectors added up with that query's weights from its row of " + in_u;
      break;
  }
  // The formula again (d_k as a number, the mask's cases left out), then the result's numbers.
  const std::string lhs = st.stage == Stage::Mask    ? r.label
                          : st.stage == Stage::Scale ? r.label + " = " + in.label + " / \\sqrt{" +
                                                           std::to_string(t.d_k) + "}"
                                                     : st.formula;
  st.formula_numbers = lhs + " = " + latex_matrix(trace_matrix(t, r.matrix, r.head));
  st.sentence = sentence(t, st.head, finish(c, st, body));
}

/// Concat: h x O_i (m, d_v) -> (m, h*d_v), heads side by side along the columns.
void describe_concat(const TextContext& c, Step& st) {
  const Operand& r = st.result;
  const Operand& o = st.operands[0];
  const auto heads = shown_indices(static_cast<int>(st.operands.size()), 4, 2, 1);
  std::string shapes, blocks;
  for (size_t k = 0; k < heads.size(); ++k) {
    shapes += k > 0 ? " | " : "";
    blocks += k > 0 ? " & " : "";
    shapes += heads[k] < 0 ? "…" : operand_shape(st.operands[heads[k]]);
    blocks += heads[k] < 0 ? "\\cdots" : st.operands[heads[k]].label;
  }
  st.shapes = shapes + " → " + operand_shape(r);
  st.formula =
      r.label + " = " +
      (st.operands.size() == 1 ? o.label : "\\begin{bmatrix} " + blocks + " \\end{bmatrix}");
  st.formula_numbers = st.formula + " = " + latex_matrix(c.trace.concat);
  const std::string h = std::to_string(st.operands.size());
  const std::string each = std::to_string(o.rows) + "×" + std::to_string(o.cols);
  st.sentence =
      st.operands.size() == 1
          ? finish(c, st,
                   "With a single head there is nothing to place side by side: Concat is " +
                       unicode_label(o.label) + " itself (" + each + ")")
          : finish(c, st,
                   "The " + h + " head outputs (" + each +
                       " each) are placed side by side along the columns, giving " +
                       std::to_string(r.rows) + "×" + std::to_string(r.cols));
}

/// Concat (m, h*d_v) · W_O (h*d_v, d_model) (+ b_O (1, d_model)) -> Y (m, d_model).
void describe_output_projection(const TextContext& c, Step& st) {
  const Operand &cat = st.operands[0], &w = st.operands[1], &r = st.result;
  const Operand* b = st.operands.size() > 2 ? &st.operands[2] : nullptr;
  st.shapes = operand_shape(cat) + " · " + operand_shape(w) + (b ? " + " + operand_shape(*b) : "") +
              " → " + operand_shape(r);
  st.size_rule = size_rule({{"", cat.rows, cat.cols, w.cols}});
  st.formula = r.label + " = " + cat.label + "\\, " + w.label + (b ? " + " + b->label : "");
  st.formula_numbers = st.formula + " = " + latex_matrix(c.trace.output);
  const std::string bias =
      b ? ", then the bias row b_O (" + std::to_string(b->cols) + " numbers) is added to every row"
        : "";
  st.sentence = finish(c, st,
                       "W_O " + dims(w.rows, w.cols) + " mixes the heads: each token's row of " +
                           std::to_string(cat.cols) + " concatenated numbers is multiplied by " +
                           "it" + bias + ", giving the final output Y " + dims(r.rows, r.cols) +
                           ", one row per query token");
}

}  // namespace

void describe_step(const TextContext& c, Step& st) {
  if (st.stage == Stage::Scores) return describe_scores(c, st);
  if (st.stage == Stage::RopeK || st.stage == Stage::RopeQ || st.stage == Stage::Alibi) {
    return describe_position_step(c, st);
  }
  if (st.query >= 0) return describe_query_step(c, st);
  switch (st.stage) {
    case Stage::ProjectQ:
    case Stage::ProjectK:
    case Stage::ProjectV:
      return describe_projection(c, st);
    case Stage::Concat:
      return describe_concat(c, st);
    case Stage::OutputProjection:
      return describe_output_projection(c, st);
    default:
      return describe_head_matrix(c, st);
  }
}

}  // namespace attn
