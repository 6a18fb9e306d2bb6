// Drilling into one cell (see drill.h): a projection, score, weight or output value written out
// term by term, from the trace's own matrices so that the drill and the trace always agree.
#include "explain/drill.h"

#include <cmath>
#include <limits>

namespace attn {
namespace {

constexpr double kMinusInf = -std::numeric_limits<double>::infinity();

bool in_range(int index, Eigen::Index size) { return index >= 0 && index < size; }

// Dot / ScaledDot / General: products = q_mapped ⊙ k (d_k), summed to the raw score.
void fill_products(ScoreDrill& d) {
  d.products = d.q_mapped.cwiseProduct(d.k);
  d.sum = d.products.sum();
}

// Additive (Bahdanau): w1, w2 are the head's (d_k, d_a) blocks of W_1, W_2; v_a is (d_a).
// hidden = tanh(q W_1 + k W_2) (d_a); products = v_a ⊙ hidden (d_a); score = their sum.
void fill_additive(ScoreDrill& d, const Matrix& w1, const Matrix& w2, const RowVector& v_a) {
  d.hidden_q = d.q * w1;
  d.hidden_k = d.k * w2;
  d.hidden = (d.hidden_q + d.hidden_k).array().tanh().matrix();
  d.v_a = v_a;
  d.products = d.v_a.cwiseProduct(d.hidden);
  d.sum = d.products.sum();
}

// row (1, L) and column (L, 1) -> the drill of their product: terms, sum from l = 0 up, then the
// entry w_column of the bias (1, width) when there is one, and the stored value.
ProductDrill product_drill(const RowVector& row, const Matrix& column, int w_column,
                           const std::optional<Matrix>& bias, double stored) {
  ProductDrill d;
  d.row = row;
  d.column = column.transpose();
  d.terms = d.row.cwiseProduct(d.column);
  d.sum = 0.0;
  for (Eigen::Index l = 0; l < d.terms.size(); ++l) d.sum += d.terms(l);
  d.has_bias = bias.has_value();
  d.bias = d.has_bias ? (*bias)(0, w_column) : 0.0;
  d.sum += d.bias;
  d.w_column = w_column;
  d.stored = stored;
  return d;
}

}  // namespace

// Shapes: q, k, q_mapped, products (d_k); Additive: hidden_q, hidden_k, hidden, v_a, products
// (d_a). Out-of-range head, i or j: a default drill (empty vectors).
ScoreDrill drill_score(const Scenario& s, const Trace& t, int head, int i, int j) {
  ScoreDrill d;
  if (!in_range(head, static_cast<Eigen::Index>(t.heads.size()))) return d;
  const HeadTrace& h = t.heads[static_cast<std::size_t>(head)];
  if (!in_range(i, h.q.rows()) || !in_range(j, h.k.rows())) return d;

  d.kind = s.score;
  // With RoPE the score is of the rotated q and k.
  d.q = h.q_rotated ? h.q_rotated->row(i) : h.q.row(i);
  d.k = h.k_rotated ? h.k_rotated->row(j) : h.k.row(j);
  const Inputs& in = t.inputs;
  switch (d.kind) {
    case ScoreKind::Dot:
    case ScoreKind::ScaledDot:
      // The score is q · k: the query is used as it is.
      d.q_mapped = d.q;
      fill_products(d);
      break;
    case ScoreKind::General:
      // q W_a k^T = (q W_a) · k: map the query by the head's (d_k, d_k) block, then a dot product.
      if (in.w_bilinear) {
        d.q_mapped = d.q * head_block(*in.w_bilinear, head, t.d_k);
        fill_products(d);
      }
      break;
    case ScoreKind::Additive: {
      // v_a · tanh(q W_1 + k W_2): both vectors are mapped to d_a, added, squashed, weighted.
      const int d_a = s.hidden_dim_a();
      if (in.w_additive_q && in.w_additive_k && in.v_additive) {
        fill_additive(d, head_block(*in.w_additive_q, head, d_a),
                      head_block(*in.w_additive_k, head, d_a), in.v_additive->row(head));
      }
      break;
    }
  }
  // Only scaled dot-product attention divides, by sqrt(d_k); the trace's `scaled` is the same
  // division (scale_scores), and equals the raw scores for the other kinds.
  d.divisor = score_variant(d.kind).scaled ? std::sqrt(static_cast<double>(t.d_k)) : 1.0;
  d.scaled = d.sum / d.divisor;
  d.masked = t.mask(i, j) == 0.0;
  return d;
}

// Shapes: row, shifted, exps, weights (n). Follows softmax_rows step for step (same order of the
// sum, same division), so `weights` equals the trace's row bit for bit.
WeightDrill drill_weight(const Trace& t, int head, int i, int j) {
  WeightDrill d;
  if (!in_range(head, static_cast<Eigen::Index>(t.heads.size()))) return d;
  const HeadTrace& h = t.heads[static_cast<std::size_t>(head)];
  if (!in_range(i, h.masked.rows()) || !in_range(j, h.masked.cols())) return d;

  d.row = h.masked.row(i);
  const Eigen::Index n = d.row.size();
  // The maximum over the unmasked entries; none at all means the row is fully masked.
  double row_max = kMinusInf;
  for (Eigen::Index c = 0; c < n; ++c) {
    if (d.row(c) != kMinusInf && d.row(c) > row_max) row_max = d.row(c);
  }
  d.fully_masked = row_max == kMinusInf;
  d.max = d.fully_masked ? 0.0 : row_max;

  // Subtract the maximum (masked entries stay -inf), exponentiate (masked -> exactly 0), sum.
  d.shifted = RowVector::Constant(n, kMinusInf);
  d.exps = RowVector::Zero(n);
  d.sum = 0.0;
  for (Eigen::Index c = 0; c < n; ++c) {
    if (d.row(c) == kMinusInf) continue;
    d.shifted(c) = d.row(c) - d.max;
    d.exps(c) = std::exp(d.shifted(c));
    d.sum += d.exps(c);
  }
  // Normalise; a fully masked row stays all zeros (sum 0, nothing to divide).
  d.weights = d.fully_masked ? RowVector(RowVector::Zero(n)) : RowVector(d.exps / d.sum);
  d.weight = d.weights(j);
  return d;
}

// Shapes: weights, values, terms (n). o_ic = sum_j a_ij v_jc.
OutputDrill drill_output(const Trace& t, int head, int i, int c) {
  OutputDrill d;
  if (!in_range(head, static_cast<Eigen::Index>(t.heads.size()))) return d;
  const HeadTrace& h = t.heads[static_cast<std::size_t>(head)];
  if (!in_range(i, h.weights.rows()) || !in_range(c, h.v.cols())) return d;

  d.weights = h.weights.row(i);
  d.values = h.v.col(c).transpose();
  // Each key's value, weighted by how much query i attends to that key.
  d.terms = d.weights.cwiseProduct(d.values);
  d.sum = d.terms.sum();
  return d;
}

// Shapes: row, column, terms (d_model). Q takes X_q and b_q; K and V take X_kv and b_k, b_v. Head
// h's component c is column h*width + c of W (width d_k, or d_v for V).
ProductDrill drill_projection(const Trace& t, Projection which, int head, int i, int c) {
  if (!in_range(head, static_cast<Eigen::Index>(t.heads.size()))) return {};
  const HeadTrace& h = t.heads[static_cast<std::size_t>(head)];
  const Inputs& in = t.inputs;
  const bool query = which == Projection::Query;
  const Matrix& x = query ? in.x_q : in.x_kv;
  const Matrix& w = query ? in.w_q : which == Projection::Key ? in.w_k : in.w_v;
  const Matrix& stored = query ? h.q : which == Projection::Key ? h.k : h.v;
  const auto& bias = query ? in.b_q : which == Projection::Key ? in.b_k : in.b_v;
  if (!in_range(i, stored.rows()) || !in_range(c, stored.cols())) return {};
  // K and V come from the head's K/V head (grouped-query attention), Q from its own block.
  const int block = query ? head : h.kv_head;
  const int column = block * static_cast<int>(stored.cols()) + c;
  return product_drill(x.row(i), w.col(column), column, bias, stored(i, c));
}

// Shapes: row, column, terms (h*d_v). Without W_O the output is Concat: nothing is multiplied.
ProductDrill drill_final_output(const Trace& t, int i, int c) {
  if (!in_range(i, t.output.rows()) || !in_range(c, t.output.cols())) return {};
  if (!t.inputs.w_o) {
    ProductDrill d;
    d.row = t.concat.row(i);
    d.w_column = c;
    d.sum = t.concat(i, c);
    d.stored = t.output(i, c);
    d.product = false;
    return d;
  }
  return product_drill(t.concat.row(i), t.inputs.w_o->col(c), c, t.inputs.b_o, t.output(i, c));
}

}  // namespace attn
