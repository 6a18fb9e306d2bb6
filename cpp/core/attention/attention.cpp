// Multi-head attention with every scoring function (see attention.h for the conventions).
//
// run_attention() records the trace by calling the one-operation functions below, in order. The
// inputs come from resolve_inputs() (inputs.cpp); attention_direct() (attention_direct.cpp)
// recomputes the output independently, so that a test comparing the two checks the trace.
#include "attention/attention.h"

#include <cmath>
#include <limits>
#include <utility>

namespace attn {
namespace {

constexpr double kMinusInf = -std::numeric_limits<double>::infinity();

}  // namespace

// Returns (m, n): 1 where query i may attend to key j, 0 where it is masked.
KeyMask build_mask(int m, int n, MaskKind kind, const std::vector<int>& padded_keys) {
  KeyMask mask = KeyMask::Ones(m, n);
  // Causal: query i sees keys 0..i only, so it cannot look at later tokens.
  if (kind == MaskKind::Causal) {
    for (int i = 0; i < m; ++i) {
      for (int j = i + 1; j < n; ++j) mask(i, j) = 0.0;
    }
  }
  // Padding: a padded key is ignored by every query (its whole column is masked). Indices outside
  // [0, n) are skipped here; validate() rejects them before a scenario gets this far.
  for (int key : padded_keys) {
    if (key >= 0 && key < n) mask.col(key).setZero();
  }
  return mask;
}

// mask is (m, n); returns the indices of the rows with no 1 at all, in increasing order.
std::vector<int> fully_masked_rows(const KeyMask& mask) {
  std::vector<int> rows;
  for (Eigen::Index i = 0; i < mask.rows(); ++i) {
    if ((mask.row(i).array() == 0.0).all()) rows.push_back(static_cast<int>(i));
  }
  return rows;
}

// m is (rows, h*width); returns (rows, width): the column block of head `head`.
Matrix head_block(const Matrix& m, int head, int width) {
  return m.middleCols(static_cast<Eigen::Index>(head) * width, width);
}

// q is (m, d_k), k is (n, d_k); returns S (m, n) with S(i, j) = q_i · k_j, how well query i
// matches key j.
Matrix dot_scores(const Matrix& q, const Matrix& k) { return q * k.transpose(); }

// q is (m, d_k), w_a is (d_k, d_k), k is (n, d_k); returns (m, n) with S(i, j) = q_i W_a k_j^T.
// W_a lets a query match a key through learned cross-terms q_a k_b, not only along equal axes;
// with W_a = I it is the dot score. Mapping the queries first costs one (m, d_k) product.
Matrix general_scores(const Matrix& q, const Matrix& w_a, const Matrix& k) {
  const Matrix q_mapped = q * w_a;  // (m, d_k): each query mapped by the bilinear form
  return q_mapped * k.transpose();
}

// q is (m, d_k), k is (n, d_k), w1 and w2 are (d_k, d_a), v is (1, d_a); returns (m, n).
// Each query and each key is mapped into a d_a-wide hidden space; for every pair the two hidden
// vectors are added and squashed by tanh (a one-layer network on the pair), and v_a weighs the
// d_a hidden units into one number.
Matrix additive_scores(const Matrix& q, const Matrix& k, const Matrix& w1, const Matrix& w2,
                       const RowVector& v) {
  // Rows as vector products (1, d_k) x (d_k, d_a), the same arithmetic as drill_score's, so that
  // a drilled cell reproduces its score bit for bit.
  Matrix hidden_k(k.rows(), w2.cols());  // (n, d_a): row j is k_j W_2, shared by every query
  for (Eigen::Index j = 0; j < k.rows(); ++j) {
    const RowVector k_j = k.row(j);
    hidden_k.row(j) = k_j * w2;
  }
  Matrix scores(q.rows(), k.rows());
  for (Eigen::Index i = 0; i < q.rows(); ++i) {
    const RowVector q_i = q.row(i);
    const RowVector hidden_q = q_i * w1;  // (1, d_a)
    for (Eigen::Index j = 0; j < k.rows(); ++j) {
      const RowVector hidden = (hidden_q + hidden_k.row(j)).array().tanh().matrix();  // (1, d_a)
      scores(i, j) = v.cwiseProduct(hidden).sum();  // v_a · tanh(q_i W_1 + k_j W_2)
    }
  }
  return scores;
}

// scores is (m, n); returns (m, n). Dividing by sqrt(d_k) keeps the scores' spread near 1 whatever
// d_k is (a sum of d_k products grows like sqrt(d_k)), so the softmax does not saturate.
Matrix scale_scores(const Matrix& scores, int d_k) {
  return scores / std::sqrt(static_cast<double>(d_k));
}

// scaled and mask are (m, n); returns (m, n) with masked entries set to -inf, so that the softmax
// gives them weight exactly 0.
Matrix apply_mask(const Matrix& scaled, const KeyMask& mask) {
  Matrix masked = scaled;
  for (Eigen::Index i = 0; i < masked.rows(); ++i) {
    for (Eigen::Index j = 0; j < masked.cols(); ++j) {
      if (mask(i, j) == 0.0) masked(i, j) = kMinusInf;
    }
  }
  return masked;
}

// masked is (m, n); returns A (m, n), each row a probability distribution over the keys.
Matrix softmax_rows(const Matrix& masked) {
  Matrix weights = Matrix::Zero(masked.rows(), masked.cols());
  for (Eigen::Index i = 0; i < masked.rows(); ++i) {
    // Row maximum over the unmasked (finite) entries. Subtracting it makes the largest exponent
    // exp(0) = 1, so nothing overflows, and leaves the ratios unchanged.
    double row_max = kMinusInf;
    for (Eigen::Index j = 0; j < masked.cols(); ++j) {
      if (masked(i, j) != kMinusInf && masked(i, j) > row_max) row_max = masked(i, j);
    }
    // Every key masked: by definition the row stays all zeros (flagged by the trace).
    if (row_max == kMinusInf) continue;
    // Exponentiate the unmasked entries (masked ones keep weight exactly 0) and sum them.
    double sum = 0.0;
    for (Eigen::Index j = 0; j < masked.cols(); ++j) {
      if (masked(i, j) == kMinusInf) continue;
      weights(i, j) = std::exp(masked(i, j) - row_max);
      sum += weights(i, j);
    }
    // Normalise: the row now sums to 1 (sum >= 1 because the maximum contributed exp(0)).
    weights.row(i) /= sum;
  }
  return weights;
}

// weights is (m, n), v is (n, d_v); returns (m, d_v): row i is the mix of the value rows weighted
// by how much query i attends to each key.
Matrix weighted_sum(const Matrix& weights, const Matrix& v) { return weights * v; }

// head_outputs is h matrices of (m, d_v); returns (m, h*d_v), head 0 in the leftmost columns.
Matrix concat_heads(const std::vector<Matrix>& head_outputs) {
  if (head_outputs.empty()) return Matrix();
  const Eigen::Index m = head_outputs.front().rows();
  Eigen::Index width = 0;
  for (const Matrix& o : head_outputs) width += o.cols();
  Matrix concat(m, width);
  Eigen::Index col = 0;
  for (const Matrix& o : head_outputs) {
    concat.middleCols(col, o.cols()) = o;
    col += o.cols();
  }
  return concat;
}

// x (rows, in), w (in, out), b (1, out): the product first, then the bias row added to each row.
Matrix affine(const Matrix& x, const Matrix& w, const std::optional<Matrix>& b) {
  Matrix out = x * w;
  if (b) out.rowwise() += b->row(0);
  return out;
}

namespace {

// The raw scores of head `head` in the trace's score kind: q (m, d_k), k (n, d_k) -> (m, n). The
// scoring parameters are the head's blocks of those in t.inputs (present for their kind).
Matrix head_scores(const Trace& t, int head, const Matrix& q, const Matrix& k) {
  const Inputs& in = t.inputs;
  switch (t.score) {
    case ScoreKind::General:
      return general_scores(q, head_block(*in.w_bilinear, head, t.d_k), k);
    case ScoreKind::Additive:
      return additive_scores(q, k, head_block(*in.w_additive_q, head, t.d_a),
                             head_block(*in.w_additive_k, head, t.d_a), in.v_additive->row(head));
    case ScoreKind::Dot:
    case ScoreKind::ScaledDot:
      break;
  }
  return dot_scores(q, k);
}

}  // namespace

// Shapes: X_q (m, d_model), X_kv (n, d_model); per head Q (m, d_k), K (n, d_k), V (n, d_v),
// scores/scaled/masked/weights (m, n), output (m, d_v); concat (m, h*d_v); output (m, d_model)
// with W_O, (m, h*d_v) without.
Trace run_attention(const Scenario& s) {
  Trace t;
  t.inputs = resolve_inputs(s);
  const Inputs& in = t.inputs;
  t.score = s.score;
  t.d_k = s.head_dim_k();
  t.d_v = s.head_dim_v();
  t.d_a = s.score == ScoreKind::Additive ? s.hidden_dim_a() : 0;

  // Project all heads at once; head i is a column block of these.
  t.q_all = affine(in.x_q, in.w_q, in.b_q);
  t.k_all = affine(in.x_kv, in.w_k, in.b_k);
  t.v_all = affine(in.x_kv, in.w_v, in.b_v);

  t.mask = build_mask(s.m(), s.n(), s.mask, s.padded_keys);
  t.has_mask = s.mask == MaskKind::Causal || !s.padded_keys.empty();
  t.fully_masked_queries = fully_masked_rows(t.mask);

  // Each head attends independently, on its own slice of Q, K and V.
  std::vector<Matrix> head_outputs;
  for (int h = 0; h < s.heads; ++h) {
    HeadTrace ht;
    ht.q = head_block(t.q_all, h, t.d_k);
    ht.k = head_block(t.k_all, h, t.d_k);
    ht.v = head_block(t.v_all, h, t.d_v);
    ht.scores = head_scores(t, h, ht.q, ht.k);
    // Only scaled dot-product attention divides by sqrt(d_k); the others pass scores on as is.
    ht.scaled = t.score == ScoreKind::ScaledDot ? scale_scores(ht.scores, t.d_k) : ht.scores;
    ht.masked = apply_mask(ht.scaled, t.mask);  // all-ones mask: equal to scaled
    ht.weights = softmax_rows(ht.masked);
    ht.output = weighted_sum(ht.weights, ht.v);
    head_outputs.push_back(ht.output);
    t.heads.push_back(std::move(ht));
  }

  // Put the heads side by side, then mix them back to d_model columns with W_O (if any).
  t.concat = concat_heads(head_outputs);
  t.output = in.w_o ? affine(t.concat, *in.w_o, in.b_o) : t.concat;
  return t;
}

}  // namespace attn
