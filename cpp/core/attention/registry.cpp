// The registry of matrices (registry.h): one row per matrix of a trace.
#include "attention/registry.h"

#include <stdexcept>

namespace attn {
namespace {

const Matrix* present(const std::optional<Matrix>& m) { return m ? &*m : nullptr; }
const HeadTrace& head_of(const Trace& t, int head) {
  return t.heads.at(static_cast<std::size_t>(head));
}

// Lambdas without captures convert to the table's function pointers.
#define TRACE(expr) [](const Trace& t, int) -> const Matrix* { return expr; }
#define HEAD(field) [](const Trace& t, int h) -> const Matrix* { return &head_of(t, h).field; }

using D = Dim;
using I = MatrixId;

}  // namespace

const std::vector<MatrixInfo>& matrix_registry() {
  static const std::vector<MatrixInfo> rows = {
      // id, trace field, file field, TeX, row TeX, per head, editable, rows, cols, getter
      {I::EmbeddingsQ, "embeddingsQ", "", "E_q", "", false, false, D::M, D::DModel,
       TRACE(&t.inputs.embeddings_q)},
      {I::EmbeddingsKv, "embeddingsKv", "", "E_{kv}", "", false, false, D::N, D::DModel,
       TRACE(&t.inputs.embeddings_kv)},
      {I::PositionalQ, "positionalQ", "", "P_q", "", false, false, D::M, D::DModel,
       TRACE(&t.inputs.positional_q)},
      {I::PositionalKv, "positionalKv", "", "P_{kv}", "", false, false, D::N, D::DModel,
       TRACE(&t.inputs.positional_kv)},
      {I::Xq, "xQ", "x_q", "X_q", "", false, true, D::M, D::DModel, TRACE(&t.inputs.x_q)},
      {I::Xkv, "xKv", "x_kv", "X_{kv}", "", false, true, D::N, D::DModel, TRACE(&t.inputs.x_kv)},
      {I::Wq, "wQ", "w_q", "W_Q", "", false, true, D::DModel, D::HDK, TRACE(&t.inputs.w_q)},
      {I::Wk, "wK", "w_k", "W_K", "", false, true, D::DModel, D::HDK, TRACE(&t.inputs.w_k)},
      {I::Wv, "wV", "w_v", "W_V", "", false, true, D::DModel, D::HDV, TRACE(&t.inputs.w_v)},
      {I::Wo, "wO", "w_o", "W_O", "", false, true, D::HDV, D::DModel, TRACE(present(t.inputs.w_o))},
      {I::WBilinear, "wBilinear", "w_bilinear", "W_a", "", false, true, D::DK, D::HDK,
       TRACE(present(t.inputs.w_bilinear))},
      {I::WAdditiveQ, "wAdditiveQ", "w_additive_q", "W_1", "", false, true, D::DK, D::HDA,
       TRACE(present(t.inputs.w_additive_q))},
      {I::WAdditiveK, "wAdditiveK", "w_additive_k", "W_2", "", false, true, D::DK, D::HDA,
       TRACE(present(t.inputs.w_additive_k))},
      {I::VAdditive, "vAdditive", "v_additive", "v_a", "", false, true, D::Heads, D::DA,
       TRACE(present(t.inputs.v_additive))},
      {I::BQ, "bQ", "b_q", "b_Q", "", false, true, D::One, D::HDK, TRACE(present(t.inputs.b_q))},
      {I::BK, "bK", "b_k", "b_K", "", false, true, D::One, D::HDK, TRACE(present(t.inputs.b_k))},
      {I::BV, "bV", "b_v", "b_V", "", false, true, D::One, D::HDV, TRACE(present(t.inputs.b_v))},
      {I::BO, "bO", "b_o", "b_O", "", false, true, D::One, D::DModel, TRACE(present(t.inputs.b_o))},
      {I::QAll, "qAll", "", "Q", "", false, false, D::M, D::HDK, TRACE(&t.q_all)},
      {I::KAll, "kAll", "", "K", "", false, false, D::N, D::HDK, TRACE(&t.k_all)},
      {I::VAll, "vAll", "", "V", "", false, false, D::N, D::HDV, TRACE(&t.v_all)},
      {I::Mask, "mask", "", "M", "", false, false, D::M, D::N, TRACE(&t.mask)},
      {I::Concat, "concat", "", "\\mathrm{Concat}", "", false, false, D::M, D::HDV, TRACE(&t.concat)},
      {I::Output, "output", "", "Y", "", false, false, D::M, D::Out, TRACE(&t.output)},
      // A head's matrices (HeadTrace), in its trace value's order.
      {I::Q, "q", "", "Q", "q", true, false, D::M, D::DK, HEAD(q)},
      {I::K, "k", "", "K", "", true, false, D::N, D::DK, HEAD(k)},
      {I::V, "v", "", "V", "", true, false, D::N, D::DV, HEAD(v)},
      {I::Scores, "scores", "", "S", "s", true, false, D::M, D::N, HEAD(scores)},
      {I::Scaled, "scaled", "", "\\tilde{S}", "\\tilde{s}", true, false, D::M, D::N, HEAD(scaled)},
      {I::Masked, "masked", "", "\\hat{S}", "\\hat{s}", true, false, D::M, D::N, HEAD(masked)},
      {I::Weights, "weights", "", "A", "a", true, false, D::M, D::N, HEAD(weights)},
      {I::HeadOutput, "output", "", "O", "o", true, false, D::M, D::DV, HEAD(output)},
  };
  return rows;
}

#undef TRACE
#undef HEAD

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
