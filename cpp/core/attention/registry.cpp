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
using Getter = const Matrix* (*)(const Trace&, int);
using Input = Matrix* (*)(Inputs&);

/// A matrix of the scenario file (editable): its shape rule and score kind are the file table's.
/// Its CSV label and file name are `csv`; its trace JSON field is its file field.
MatrixInfo from_file(I id, const char* name, const char* trace_field, const char* field,
                     const char* tex, const char* csv, bool optional, Getter get, Input input) {
  const FileMatrix& f = *file_matrix(field);
  const char* score = f.presence == Presence::ScoreKind ? score_variant(f.score).name : "";
  return {id,    name,   trace_field, f.field, tex, "",  false, true, optional,
          score, f.rows, f.cols,      f.field, csv, csv, get,   input};
}

}  // namespace

const std::vector<MatrixInfo>& matrix_registry() {
  static const std::vector<MatrixInfo> rows = {
      // id, its name, trace field, file field, TeX, row TeX, per head, editable, optional, the
      // score kind it belongs to, rows, cols, JSON field, CSV label and file, getter (from_file:
      // its CSV name and an editable one's place in the inputs, the rest from the file's table)
      {I::EmbeddingsQ, "EmbeddingsQ", "embeddingsQ", "", "E_q", "", false, false, false, "", D::M,
       D::DModel, "", "", "", TRACE(&t.inputs.embeddings_q)},
      {I::EmbeddingsKv, "EmbeddingsKv", "embeddingsKv", "", "E_{kv}", "", false, false, false, "",
       D::N, D::DModel, "", "", "", TRACE(&t.inputs.embeddings_kv)},
      {I::PositionalQ, "PositionalQ", "positionalQ", "", "P_q", "", false, false, false, "", D::M,
       D::DModel, "", "", "", TRACE(&t.inputs.positional_q)},
      {I::PositionalKv, "PositionalKv", "positionalKv", "", "P_{kv}", "", false, false, false, "",
       D::N, D::DModel, "", "", "", TRACE(&t.inputs.positional_kv)},
      // The scenario file's matrices (editable), in the trace value's order.
      from_file(I::Xq, "Xq", "xQ", "x_q", "X_q", "X_q", false, TRACE(&t.inputs.x_q),
                INPUT(&in.x_q)),
      from_file(I::Xkv, "Xkv", "xKv", "x_kv", "X_{kv}", "X_kv", false, TRACE(&t.inputs.x_kv),
                INPUT(&in.x_kv)),
      from_file(I::Wq, "Wq", "wQ", "w_q", "W_Q", "W_Q", false, TRACE(&t.inputs.w_q),
                INPUT(&in.w_q)),
      from_file(I::Wk, "Wk", "wK", "w_k", "W_K", "W_K", false, TRACE(&t.inputs.w_k),
                INPUT(&in.w_k)),
      from_file(I::Wv, "Wv", "wV", "w_v", "W_V", "W_V", false, TRACE(&t.inputs.w_v),
                INPUT(&in.w_v)),
      from_file(I::Wo, "Wo", "wO", "w_o", "W_O", "W_O", true, TRACE(present(t.inputs.w_o)),
                INPUT(present(in.w_o))),
      from_file(I::WBilinear, "WBilinear", "wBilinear", "w_bilinear", "W_a", "W_a", true,
                TRACE(present(t.inputs.w_bilinear)), INPUT(present(in.w_bilinear))),
      from_file(I::WAdditiveQ, "WAdditiveQ", "wAdditiveQ", "w_additive_q", "W_1", "W_1", true,
                TRACE(present(t.inputs.w_additive_q)), INPUT(present(in.w_additive_q))),
      from_file(I::WAdditiveK, "WAdditiveK", "wAdditiveK", "w_additive_k", "W_2", "W_2", true,
                TRACE(present(t.inputs.w_additive_k)), INPUT(present(in.w_additive_k))),
      from_file(I::VAdditive, "VAdditive", "vAdditive", "v_additive", "v_a", "v_a", true,
                TRACE(present(t.inputs.v_additive)), INPUT(present(in.v_additive))),
      from_file(I::BQ, "BQ", "bQ", "b_q", "b_Q", "b_Q", true, TRACE(present(t.inputs.b_q)),
                INPUT(made(in.b_q, in.w_q.cols()))),
      from_file(I::BK, "BK", "bK", "b_k", "b_K", "b_K", true, TRACE(present(t.inputs.b_k)),
                INPUT(made(in.b_k, in.w_k.cols()))),
      from_file(I::BV, "BV", "bV", "b_v", "b_V", "b_V", true, TRACE(present(t.inputs.b_v)),
                INPUT(made(in.b_v, in.w_v.cols()))),
      from_file(I::BO, "BO", "bO", "b_o", "b_O", "b_O", true, TRACE(present(t.inputs.b_o)),
                INPUT(in.w_o ? made(in.b_o, in.w_o->cols()) : nullptr)),
      {I::QAll, "QAll", "qAll", "", "Q", "", false, false, false, "", D::M, D::HDK, "q", "", "",
       TRACE(&t.q_all)},
      {I::KAll, "KAll", "kAll", "", "K", "", false, false, false, "", D::N, D::KvDK, "k", "", "",
       TRACE(&t.k_all)},
      {I::VAll, "VAll", "vAll", "", "V", "", false, false, false, "", D::N, D::KvDV, "v", "", "",
       TRACE(&t.v_all)},
      {I::Mask, "Mask", "mask", "", "M", "", false, false, false, "", D::M, D::N, "mask", "", "",
       TRACE(&t.mask)},
      {I::Concat, "Concat", "concat", "", "\\mathrm{Concat}", "", false, false, false, "", D::M,
       D::HDV, "concat", "Concat", "Concat", TRACE(&t.concat)},
      {I::Output, "Output", "output", "", "Y", "", false, false, false, "", D::M, D::Out, "output",
       "Y (output)", "Y", TRACE(&t.output)},
      // A head's matrices (HeadTrace), in its trace value's order.
      {I::Q, "Q", "q", "", "Q", "q", true, false, false, "", D::M, D::DK, "q", "Q_{h}", "Q_{h}",
       HEAD(q)},
      {I::K, "K", "k", "", "K", "", true, false, false, "", D::N, D::DK, "k", "K_{h}", "K_{h}",
       HEAD(k)},
      {I::V, "V", "v", "", "V", "", true, false, false, "", D::N, D::DV, "v", "V_{h}", "V_{h}",
       HEAD(v)},
      {I::QRotated, "QRotated", "qRotated", "", "\\bar{Q}", "\\bar{q}", true, false, true, "", D::M,
       D::DK, "q_rotated", "Q\u0304_{h} rotated", "Q_rotated_{h}", HEAD_OPTIONAL(q_rotated)},
      {I::KRotated, "KRotated", "kRotated", "", "\\bar{K}", "", true, false, true, "", D::N, D::DK,
       "k_rotated", "K\u0304_{h} rotated", "K_rotated_{h}", HEAD_OPTIONAL(k_rotated)},
      {I::Scores, "Scores", "scores", "", "S", "s", true, false, false, "", D::M, D::N, "scores",
       "S_{h} scores", "S_{h}", HEAD(scores)},
      {I::Scaled, "Scaled", "scaled", "", "\\tilde{S}", "\\tilde{s}", true, false, false, "", D::M,
       D::N, "scaled", "S\u0303_{h} scaled", "S_scaled_{h}", HEAD(scaled)},
      {I::Bias, "Bias", "bias", "", "B", "b", true, false, true, "", D::M, D::N, "bias",
       "B_{h} ALiBi bias", "B_{h}", HEAD_OPTIONAL(bias)},
      {I::Biased, "Biased", "biased", "", "\\tilde{S}^{B}", "\\tilde{s}^{B}", true, false, true, "",
       D::M, D::N, "biased", "S\u0303\u1d2e_{h} scaled + bias", "S_biased_{h}",
       HEAD_OPTIONAL(biased)},
      {I::Masked, "Masked", "masked", "", "\\hat{S}", "\\hat{s}", true, false, false, "", D::M,
       D::N, "masked", "\u015c_{h} masked", "S_masked_{h}", HEAD(masked)},
      {I::Weights, "Weights", "weights", "", "A", "a", true, false, false, "", D::M, D::N,
       "weights", "A_{h} weights", "A_{h}", HEAD(weights)},
      {I::HeadOutput, "HeadOutput", "output", "", "O", "o", true, false, false, "", D::M, D::DV,
       "output", "O_{h} output", "O_{h}", HEAD(output)},
      {I::Lse, "Lse", "lse", "", "L", "", true, false, false, "", D::M, D::One, "lse", "", "",
       HEAD(lse)},
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

const Matrix& trace_matrix(const Trace& t, MatrixId id, int head) {
  const MatrixInfo* info = matrix_info(static_cast<int>(id));
  if (!info) throw std::invalid_argument("unknown MatrixId");
  const Matrix* m = info->get(t, head);
  if (!m) throw std::out_of_range(std::string("the trace has no ") + info->trace_field);
  return *m;
}

}  // namespace attn
