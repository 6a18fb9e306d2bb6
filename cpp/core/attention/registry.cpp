// The registry of matrices (registry.h): one row per matrix of a trace.
#include "attention/registry.h"

#include <stdexcept>

namespace attn {
namespace {

const Matrix* present(const std::optional<Matrix>& m) { return m ? &*m : nullptr; }
const HeadTrace& head_of(const Trace& t, int head) {
  return t.heads.at(static_cast<std::size_t>(head));
}

Matrix* present(std::optional<Matrix>& m) { return m ? &*m : nullptr; }
/// A bias, made a (1, width) row of zeros when absent.
Matrix* made(std::optional<Matrix>& b, Eigen::Index width) {
  if (!b) b = Matrix::Zero(1, width);
  return &*b;
}

// Lambdas without captures convert to the table's function pointers.
#define TRACE(expr) [](const Trace& t, int) -> const Matrix* { return expr; }
#define HEAD(field) [](const Trace& t, int h) -> const Matrix* { return &head_of(t, h).field; }
#define HEAD_OPTIONAL(field) \
  [](const Trace& t, int h) -> const Matrix* { return present(head_of(t, h).field); }
#define INPUT(expr) [](Inputs& in) -> Matrix* { return expr; }

using D = Dim;
using I = MatrixId;

}  // namespace

const std::vector<MatrixInfo>& matrix_registry() {
  static const std::vector<MatrixInfo> rows = {
      // id, its name, trace field, file field, TeX, row TeX, per head, editable, optional, the
      // score kind it belongs to, rows, cols, getter, and an editable one's place in the inputs
      {I::EmbeddingsQ, "EmbeddingsQ", "embeddingsQ", "", "E_q", "", false, false, false, "", D::M,
       D::DModel, TRACE(&t.inputs.embeddings_q)},
      {I::EmbeddingsKv, "EmbeddingsKv", "embeddingsKv", "", "E_{kv}", "", false, false, false, "",
       D::N, D::DModel, TRACE(&t.inputs.embeddings_kv)},
      {I::PositionalQ, "PositionalQ", "positionalQ", "", "P_q", "", false, false, false, "", D::M,
       D::DModel, TRACE(&t.inputs.positional_q)},
      {I::PositionalKv, "PositionalKv", "positionalKv", "", "P_{kv}", "", false, false, false, "",
       D::N, D::DModel, TRACE(&t.inputs.positional_kv)},
      {I::Xq, "Xq", "xQ", "x_q", "X_q", "", false, true, false, "", D::M, D::DModel,
       TRACE(&t.inputs.x_q), INPUT(&in.x_q)},
      {I::Xkv, "Xkv", "xKv", "x_kv", "X_{kv}", "", false, true, false, "", D::N, D::DModel,
       TRACE(&t.inputs.x_kv), INPUT(&in.x_kv)},
      {I::Wq, "Wq", "wQ", "w_q", "W_Q", "", false, true, false, "", D::DModel, D::HDK,
       TRACE(&t.inputs.w_q), INPUT(&in.w_q)},
      {I::Wk, "Wk", "wK", "w_k", "W_K", "", false, true, false, "", D::DModel, D::KvDK,
       TRACE(&t.inputs.w_k), INPUT(&in.w_k)},
      {I::Wv, "Wv", "wV", "w_v", "W_V", "", false, true, false, "", D::DModel, D::KvDV,
       TRACE(&t.inputs.w_v), INPUT(&in.w_v)},
      {I::Wo, "Wo", "wO", "w_o", "W_O", "", false, true, true, "", D::HDV, D::DModel,
       TRACE(present(t.inputs.w_o)), INPUT(present(in.w_o))},
      {I::WBilinear, "WBilinear", "wBilinear", "w_bilinear", "W_a", "", false, true, true,
       "general", D::DK, D::HDK, TRACE(present(t.inputs.w_bilinear)),
       INPUT(present(in.w_bilinear))},
      {I::WAdditiveQ, "WAdditiveQ", "wAdditiveQ", "w_additive_q", "W_1", "", false, true, true,
       "additive", D::DK, D::HDA, TRACE(present(t.inputs.w_additive_q)),
       INPUT(present(in.w_additive_q))},
      {I::WAdditiveK, "WAdditiveK", "wAdditiveK", "w_additive_k", "W_2", "", false, true, true,
       "additive", D::DK, D::HDA, TRACE(present(t.inputs.w_additive_k)),
       INPUT(present(in.w_additive_k))},
      {I::VAdditive, "VAdditive", "vAdditive", "v_additive", "v_a", "", false, true, true,
       "additive", D::Heads, D::DA, TRACE(present(t.inputs.v_additive)),
       INPUT(present(in.v_additive))},
      {I::BQ, "BQ", "bQ", "b_q", "b_Q", "", false, true, true, "", D::One, D::HDK,
       TRACE(present(t.inputs.b_q)), INPUT(made(in.b_q, in.w_q.cols()))},
      {I::BK, "BK", "bK", "b_k", "b_K", "", false, true, true, "", D::One, D::KvDK,
       TRACE(present(t.inputs.b_k)), INPUT(made(in.b_k, in.w_k.cols()))},
      {I::BV, "BV", "bV", "b_v", "b_V", "", false, true, true, "", D::One, D::KvDV,
       TRACE(present(t.inputs.b_v)), INPUT(made(in.b_v, in.w_v.cols()))},
      {I::BO, "BO", "bO", "b_o", "b_O", "", false, true, true, "", D::One, D::DModel,
       TRACE(present(t.inputs.b_o)), INPUT(in.w_o ? made(in.b_o, in.w_o->cols()) : nullptr)},
      {I::QAll, "QAll", "qAll", "", "Q", "", false, false, false, "", D::M, D::HDK,
       TRACE(&t.q_all)},
      {I::KAll, "KAll", "kAll", "", "K", "", false, false, false, "", D::N, D::KvDK,
       TRACE(&t.k_all)},
      {I::VAll, "VAll", "vAll", "", "V", "", false, false, false, "", D::N, D::KvDV,
       TRACE(&t.v_all)},
      {I::Mask, "Mask", "mask", "", "M", "", false, false, false, "", D::M, D::N, TRACE(&t.mask)},
      {I::Concat, "Concat", "concat", "", "\\mathrm{Concat}", "", false, false, false, "", D::M,
       D::HDV, TRACE(&t.concat)},
      {I::Output, "Output", "output", "", "Y", "", false, false, false, "", D::M, D::Out,
       TRACE(&t.output)},
      // A head's matrices (HeadTrace), in its trace value's order.
      {I::Q, "Q", "q", "", "Q", "q", true, false, false, "", D::M, D::DK, HEAD(q)},
      {I::K, "K", "k", "", "K", "", true, false, false, "", D::N, D::DK, HEAD(k)},
      {I::V, "V", "v", "", "V", "", true, false, false, "", D::N, D::DV, HEAD(v)},
      {I::QRotated, "QRotated", "qRotated", "", "\\bar{Q}", "\\bar{q}", true, false, true, "", D::M,
       D::DK, HEAD_OPTIONAL(q_rotated)},
      {I::KRotated, "KRotated", "kRotated", "", "\\bar{K}", "", true, false, true, "", D::N, D::DK,
       HEAD_OPTIONAL(k_rotated)},
      {I::Scores, "Scores", "scores", "", "S", "s", true, false, false, "", D::M, D::N,
       HEAD(scores)},
      {I::Scaled, "Scaled", "scaled", "", "\\tilde{S}", "\\tilde{s}", true, false, false, "", D::M,
       D::N, HEAD(scaled)},
      {I::Bias, "Bias", "bias", "", "B", "b", true, false, true, "", D::M, D::N,
       HEAD_OPTIONAL(bias)},
      {I::Masked, "Masked", "masked", "", "\\hat{S}", "\\hat{s}", true, false, false, "", D::M,
       D::N, HEAD(masked)},
      {I::Weights, "Weights", "weights", "", "A", "a", true, false, false, "", D::M, D::N,
       HEAD(weights)},
      {I::HeadOutput, "HeadOutput", "output", "", "O", "o", true, false, false, "", D::M, D::DV,
       HEAD(output)},
      {I::Lse, "Lse", "lse", "", "L", "", true, false, false, "", D::M, D::One, HEAD(lse)},
  };
  return rows;
}

#undef TRACE
#undef HEAD
#undef HEAD_OPTIONAL
#undef INPUT

const MatrixInfo* matrix_info(int id) {
  // A table indexed by id, built once from the registry (which is ordered as the trace value).
  static const std::vector<const MatrixInfo*> by_id = [] {
    std::vector<const MatrixInfo*> out(matrix_registry().size(), nullptr);
    for (const MatrixInfo& row : matrix_registry()) out.at(static_cast<int>(row.id)) = &row;
    return out;
  }();
  if (id < 0 || id >= static_cast<int>(by_id.size())) return nullptr;
  return by_id[static_cast<std::size_t>(id)];
}

int dim_size(Dim d, const Scenario& s, bool has_wo) {
  switch (d) {
    case Dim::One:
      return 1;
    case Dim::M:
      return s.m();
    case Dim::N:
      return s.n();
    case Dim::DModel:
      return s.d_model;
    case Dim::Heads:
      return s.heads;
    case Dim::DK:
      return s.head_dim_k();
    case Dim::DV:
      return s.head_dim_v();
    case Dim::DA:
      return s.hidden_dim_a();
    case Dim::HDK:
      return s.heads * s.head_dim_k();
    case Dim::HDV:
      return s.heads * s.head_dim_v();
    case Dim::HDA:
      return s.heads * s.hidden_dim_a();
    case Dim::Out:
      return has_wo ? s.d_model : s.heads * s.head_dim_v();
    case Dim::KvDK:
      return s.kv_head_count() * s.head_dim_k();
    case Dim::KvDV:
      return s.kv_head_count() * s.head_dim_v();
  }
  return 0;
}

const Matrix& trace_matrix(const Trace& t, MatrixId id, int head) {
  const MatrixInfo* info = matrix_info(static_cast<int>(id));
  if (!info) throw std::invalid_argument("unknown MatrixId");
  const Matrix* m = info->get(t, head);
  if (!m) throw std::out_of_range(std::string("the trace has no ") + info->trace_field);
  return *m;
}

}  // namespace attn
