// Scaled dot-product and multi-head attention (see attention.h for the conventions).
//
// run_attention() records the trace by calling the one-operation functions below, in order;
// attention_direct() recomputes the output independently, in the textbook matrix form, so that a
// test comparing the two checks the traced computation.
#include "attention.h"

#include <cmath>
#include <limits>
#include <utility>

#include "generator.h"

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

// Fills in everything the scenario leaves out: X_q (m, d_model), X_kv (n, d_model),
// W_Q, W_K (d_model, h*d_k), W_V (d_model, h*d_v), W_O (h*d_v, d_model) or none.
Inputs resolve_inputs(const Scenario& s) {
  Inputs in;
  const int dm = s.d_model, hk = s.heads * s.head_dim_k(), hv = s.heads * s.head_dim_v();

  // One side (query or key/value): a given X is used as is, with zero positional encoding;
  // otherwise X = token embeddings + sinusoidal positions (positions count from 0 per sentence).
  auto side = [&](const std::vector<std::string>& tokens, const std::optional<Matrix>& given,
                  Matrix& embeddings, Matrix& positional, Matrix& x) {
    const int count = static_cast<int>(tokens.size());
    embeddings = given ? *given : token_embeddings(tokens, dm, s.seed);
    positional = (s.positional_encoding && !given) ? positional_encoding(count, dm)
                                                   : Matrix::Zero(count, dm);
    x = embeddings + positional;
  };
  side(s.query_tokens, s.x_q, in.embeddings_q, in.positional_q, in.x_q);
  if (s.is_self_attention()) {
    // Self-attention: keys and values come from the very same matrix as the queries.
    in.embeddings_kv = in.embeddings_q;
    in.positional_kv = in.positional_q;
    in.x_kv = in.x_q;
  } else {
    side(s.key_tokens, s.x_kv, in.embeddings_kv, in.positional_kv, in.x_kv);
  }

  in.w_q = s.w_q ? *s.w_q : weight_matrix(dm, hk, s.seed, WeightTag::WQ);
  in.w_k = s.w_k ? *s.w_k : weight_matrix(dm, hk, s.seed, WeightTag::WK);
  in.w_v = s.w_v ? *s.w_v : weight_matrix(dm, hv, s.seed, WeightTag::WV);
  if (s.w_o_mode == OutputProjection::Given) {
    in.w_o = *s.w_o;
  } else if (s.w_o_mode == OutputProjection::Generated) {
    in.w_o = weight_matrix(hv, dm, s.seed, WeightTag::WO);
  }
  return in;
}

// Shapes: X_q (m, d_model), X_kv (n, d_model); per head Q (m, d_k), K (n, d_k), V (n, d_v),
// scores/scaled/masked/weights (m, n), output (m, d_v); concat (m, h*d_v); output (m, d_model)
// with W_O, (m, h*d_v) without.
Trace run_attention(const Scenario& s) {
  Trace t;
  t.inputs = resolve_inputs(s);
  const Inputs& in = t.inputs;
  t.d_k = s.head_dim_k();
  t.d_v = s.head_dim_v();

  // Project all heads at once; head i is a column block of these.
  t.q_all = in.x_q * in.w_q;
  t.k_all = in.x_kv * in.w_k;
  t.v_all = in.x_kv * in.w_v;

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
    ht.scores = dot_scores(ht.q, ht.k);
    ht.scaled = scale_scores(ht.scores, t.d_k);
    ht.masked = apply_mask(ht.scaled, t.mask);  // all-ones mask: equal to scaled
    ht.weights = softmax_rows(ht.masked);
    ht.output = weighted_sum(ht.weights, ht.v);
    head_outputs.push_back(ht.output);
    t.heads.push_back(std::move(ht));
  }

  // Put the heads side by side, then mix them back to d_model columns with W_O (if any).
  t.concat = concat_heads(head_outputs);
  t.output = in.w_o ? Matrix(t.concat * *in.w_o) : t.concat;
  return t;
}

// The textbook form, per head i: O_i = softmax(Q_i K_i^T / sqrt(d_k) + B) V_i, where B is the
// additive mask (0 = attend, -inf = masked); output = [O_1 ... O_h] W_O. Shapes as run_attention.
Matrix attention_direct(const Inputs& in, int heads, int d_k, int d_v, const KeyMask& mask) {
  const Eigen::Index m = in.x_q.rows(), n = in.x_kv.rows();
  const Matrix additive =
      (mask.array() == 0.0).select(Matrix::Constant(m, n, kMinusInf), Matrix::Zero(m, n));
  Matrix concat(m, static_cast<Eigen::Index>(heads) * d_v);
  for (int h = 0; h < heads; ++h) {
    // Project with this head's columns of the weights directly (not slices of a full Q).
    const Matrix q = in.x_q * in.w_q.middleCols(h * d_k, d_k);
    const Matrix k = in.x_kv * in.w_k.middleCols(h * d_k, d_k);
    const Matrix v = in.x_kv * in.w_v.middleCols(h * d_v, d_v);
    const Matrix logits = (q * k.transpose()) / std::sqrt(static_cast<double>(d_k)) + additive;
    // Whole-matrix softmax: subtract each row's max, exponentiate, divide by the row sums.
    const Eigen::VectorXd row_max = logits.rowwise().maxCoeff();
    Matrix e = (logits.colwise() - row_max).array().exp().matrix();
    for (Eigen::Index i = 0; i < m; ++i) {
      // A fully masked row has max -inf (and -inf - -inf is NaN): defined as zero weights.
      if (row_max(i) == kMinusInf) e.row(i).setZero();
    }
    const Eigen::VectorXd row_sum = e.rowwise().sum();
    Matrix a = e;
    for (Eigen::Index i = 0; i < m; ++i) {
      if (row_sum(i) > 0.0) a.row(i) /= row_sum(i);
    }
    concat.middleCols(static_cast<Eigen::Index>(h) * d_v, d_v) = a * v;
  }
  return in.w_o ? Matrix(concat * *in.w_o) : concat;
}

}  // namespace attn
