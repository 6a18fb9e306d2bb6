// The matrices of the scenario file (file_matrices.h): one row each.
#include "scenario/file_matrices.h"

namespace attn {

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

const char* dim_words(Dim d) {
  // Indexed by Dim; Out is d_model in a file (only the trace's output lacks W_O).
  static const char* const words[] = {"1",
                                      "query tokens",
                                      "key tokens",
                                      "d_model",
                                      "heads",
                                      "d_k",
                                      "d_v",
                                      "d_a",
                                      "heads\u00b7d_k",
                                      "heads\u00b7d_v",
                                      "heads\u00b7d_a",
                                      "d_model",
                                      "kv_heads\u00b7d_k",
                                      "kv_heads\u00b7d_v"};
  return words[static_cast<int>(d)];
}

const std::vector<FileMatrix>& file_matrices() {
  using D = Dim;
  using G = FileGroup;
  using P = Presence;
  const ScoreKind any = ScoreKind::ScaledDot;  // read only with Presence::ScoreKind
  static const std::vector<FileMatrix> rows = {
      // field, member, group, presence, score kind, rows, cols, absent messages
      {"x_q", &Scenario::x_q, G::Matrix, P::Always, any, D::M, D::DModel, "", ""},
      {"x_kv", &Scenario::x_kv, G::Matrix, P::CrossAttention, any, D::N, D::DModel,
       "x_kv is given but key_tokens is empty; it must be left out in self-attention, where x_q "
       "is used for the keys and values",
       ", but there is no x_kv in self-attention; edit x_q, which the keys and values share"},
      {"w_q", &Scenario::w_q, G::Matrix, P::Always, any, D::DModel, D::HDK, "", ""},
      {"w_k", &Scenario::w_k, G::Matrix, P::Always, any, D::DModel, D::KvDK, "", ""},
      {"w_v", &Scenario::w_v, G::Matrix, P::Always, any, D::DModel, D::KvDV, "", ""},
      {"w_o", &Scenario::w_o, G::Matrix, P::OutputProjection, any, D::HDV, D::DModel, "",
       ", but w_o is null (there is no output projection)"},
      {"w_bilinear", &Scenario::w_bilinear, G::Score, P::ScoreKind, ScoreKind::General, D::DK,
       D::HDK, "", ""},
      {"w_additive_q", &Scenario::w_additive_q, G::Score, P::ScoreKind, ScoreKind::Additive, D::DK,
       D::HDA, "", ""},
      {"w_additive_k", &Scenario::w_additive_k, G::Score, P::ScoreKind, ScoreKind::Additive, D::DK,
       D::HDA, "", ""},
      {"v_additive", &Scenario::v_additive, G::Score, P::ScoreKind, ScoreKind::Additive, D::Heads,
       D::DA, "", ""},
      {"b_q", &Scenario::b_q, G::Bias, P::Always, any, D::One, D::HDK, "", ""},
      {"b_k", &Scenario::b_k, G::Bias, P::Always, any, D::One, D::KvDK, "", ""},
      {"b_v", &Scenario::b_v, G::Bias, P::Always, any, D::One, D::KvDV, "", ""},
      {"b_o", &Scenario::b_o, G::Bias, P::OutputProjection, any, D::One, D::DModel,
       "b_o is given but w_o is null; there is no output projection to add it to, so b_o must "
       "be left out",
       ", but w_o is null (there is no output projection to add b_o to)"},
  };
  return rows;
}

const FileMatrix* file_matrix(const std::string& field) {
  for (const FileMatrix& f : file_matrices()) {
    if (field == f.field) return &f;
  }
  return nullptr;
}

bool file_matrix_present(const FileMatrix& f, const Scenario& s) {
  switch (f.presence) {
    case Presence::Always:
      return true;
    case Presence::CrossAttention:
      return !s.is_self_attention();
    case Presence::OutputProjection:
      return s.w_o_mode != OutputProjection::None;
    case Presence::ScoreKind:
      return s.score == f.score;
  }
  return false;
}

std::pair<int, int> file_matrix_shape(const FileMatrix& f, const Scenario& s) {
  const bool has_wo = s.w_o_mode != OutputProjection::None;
  return {dim_size(f.rows, s, has_wo), dim_size(f.cols, s, has_wo)};
}

std::string file_matrix_shape_words(const FileMatrix& f, const Scenario& s) {
  // K's and V's widths say kv_heads only when the scenario sets it (else they are heads·d_k).
  const bool grouped = s.kv_heads.has_value();
  const Dim cols = grouped || (f.cols != Dim::KvDK && f.cols != Dim::KvDV) ? f.cols
                   : f.cols == Dim::KvDK                                   ? Dim::HDK
                                                                           : Dim::HDV;
  if (f.group == FileGroup::Bias) return dim_words(cols);
  return std::string(dim_words(f.rows)) + " \u00d7 " + dim_words(cols);
}

}  // namespace attn
