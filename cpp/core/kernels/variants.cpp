// The variant tables (variants.h): each row's hook, direct reference and words.
#include "kernels/variants.h"

#include <cmath>

namespace attn {
namespace {

// --- Masks: whether query i sees key j (padding is applied on top, by the caller). ---

bool all_visible(int, int, const MaskParams&) { return true; }
// Causal: query i sees keys 0..i only, so it cannot look at later tokens.
bool causal_visible(int i, int j, const MaskParams&) { return j <= i; }
// Window: query i sees its `window` latest keys, itself included: i - window < j <= i (Mistral's
// sliding window).
bool window_visible(int i, int j, const MaskParams& p) { return j <= i && j > i - p.window; }

// The references, from the definitions: the keys a query sees, listed one by one.
bool causal_reference(int i, int j, const MaskParams&) {
  for (int key = 0; key <= i; ++key) {
    if (key == j) return true;  // keys 0, 1, ..., i
  }
  return false;
}
bool window_reference(int i, int j, const MaskParams& p) {
  for (int back = 0; back < p.window; ++back) {
    if (i - back == j) return true;  // the query itself, then the `window` - 1 keys before it
  }
  return false;
}

std::string no_text(const MaskParams&) { return ""; }
std::string causal_text(const MaskParams&) {
  return "; the look-ahead mask lets query i see only keys 1 to i";
}
std::string window_text(const MaskParams& p) {
  const std::string w = std::to_string(p.window);
  return "; the sliding window of " + w + " lets query i see only its " + w + " latest keys, i − " +
         std::to_string(p.window - 1) + " to i";
}

// --- Scores: the hooks are the kernels; the references are plain loops. ---

void dot_hook(const ConstMatrixRef& q, const ConstMatrixRef& k, const ScoreParams&, MatrixRef out) {
  dot_scores_into(q, k, out);
}
void general_hook(const ConstMatrixRef& q, const ConstMatrixRef& k, const ScoreParams& p,
                  MatrixRef out) {
  general_scores_into(q, p.w_a, k, out);
}
void additive_hook(const ConstMatrixRef& q, const ConstMatrixRef& k, const ScoreParams& p,
                   MatrixRef out) {
  additive_scores_into(q, k, p.w1, p.w2, p.v, out);
}

// sum over c of q_ic k_jc.
double dot_reference(const Matrix& q, Eigen::Index i, const Matrix& k, Eigen::Index j,
                     const ScoreParams&) {
  double s = 0.0;
  for (Eigen::Index c = 0; c < q.cols(); ++c) s += q(i, c) * k(j, c);
  return s;
}
// The dot product over sqrt(d_k), in one place with its score.
double scaled_dot_reference(const Matrix& q, Eigen::Index i, const Matrix& k, Eigen::Index j,
                            const ScoreParams& p) {
  return dot_reference(q, i, k, j, p) / std::sqrt(static_cast<double>(q.cols()));
}
// sum over a, b of q_ia W_a(a, b) k_jb.
double general_reference(const Matrix& q, Eigen::Index i, const Matrix& k, Eigen::Index j,
                         const ScoreParams& p) {
  double s = 0.0;
  for (Eigen::Index a = 0; a < q.cols(); ++a) {
    for (Eigen::Index b = 0; b < q.cols(); ++b) s += q(i, a) * p.w_a(a, b) * k(j, b);
  }
  return s;
}
// sum over hidden units u of v_u tanh(sum_c q_ic W_1(c, u) + sum_c k_jc W_2(c, u)).
double additive_reference(const Matrix& q, Eigen::Index i, const Matrix& k, Eigen::Index j,
                          const ScoreParams& p) {
  double s = 0.0;
  for (Eigen::Index u = 0; u < p.v.cols(); ++u) {
    double pre = 0.0;
    for (Eigen::Index c = 0; c < q.cols(); ++c) pre += q(i, c) * p.w1(c, u) + k(j, c) * p.w2(c, u);
    s += p.v(u) * std::tanh(pre);
  }
  return s;
}

template <typename Row>
std::string words(const std::vector<Row>& rows) {
  std::string out;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (i > 0) out += i + 1 == rows.size() ? " or " : ", ";
    out += std::string("\"") + rows[i].name + "\"";
  }
  return out;
}

}  // namespace

const std::vector<MaskVariant>& mask_variants() {
  static const std::vector<MaskVariant> rows = {
      {MaskKind::None, "none", all_visible, all_visible, no_text},
      {MaskKind::Causal, "causal", causal_visible, causal_reference, causal_text},
      {MaskKind::Window, "window", window_visible, window_reference, window_text},
  };
  return rows;
}

const std::vector<ScoreVariant>& score_variants() {
  static const std::vector<ScoreVariant> rows = {
      {ScoreKind::Dot, "Dot", "dot", false, dot_hook, dot_reference,
       "Dot-product attention (Luong)", "MatMul", "S = Q Kᵀ"},
      {ScoreKind::ScaledDot, "ScaledDot", "scaled_dot", true, dot_hook, scaled_dot_reference,
       "Scaled dot-product attention", "MatMul", "S = Q Kᵀ"},
      {ScoreKind::General, "General", "general", false, general_hook, general_reference,
       "General (bilinear) attention (Luong)", "MatMul ×2", "S = Q W_a Kᵀ"},
      {ScoreKind::Additive, "Additive", "additive", false, additive_hook, additive_reference,
       "Additive attention (Bahdanau)", "Add, tanh", "tanh(q W₁ + k W₂) v_aᵀ"},
  };
  return rows;
}

const std::vector<PositionVariant>& position_variants() {
  static const std::vector<PositionVariant> rows;  // RoPE, ALiBi: docs/variants.md
  return rows;
}

const MaskVariant& mask_variant(MaskKind kind) {
  return mask_variants().at(static_cast<std::size_t>(kind));
}
const ScoreVariant& score_variant(ScoreKind kind) {
  return score_variants().at(static_cast<std::size_t>(kind));
}

const MaskVariant* mask_named(const std::string& name) {
  for (const MaskVariant& row : mask_variants()) {
    if (name == row.name) return &row;
  }
  return nullptr;
}
const ScoreVariant* score_named(const std::string& name) {
  for (const ScoreVariant& row : score_variants()) {
    if (name == row.name) return &row;
  }
  return nullptr;
}

std::string mask_names() { return words(mask_variants()); }
std::string score_names() { return words(score_variants()); }

void mask_rule_into(MaskKind kind, const MaskParams& p, MatrixRef visible) {
  const MaskVariant& rule = mask_variant(kind);
  for (Eigen::Index i = 0; i < visible.rows(); ++i) {
    for (Eigen::Index j = 0; j < visible.cols(); ++j) {
      visible(i, j) = rule.visible(static_cast<int>(i), static_cast<int>(j), p) ? 1.0 : 0.0;
    }
  }
}

}  // namespace attn
