// Resolving the inputs of one attention computation (attention.h, resolve_inputs): what the file
// gives is used as is, what it leaves out is generated from the seed (generator.h), and the
// scenario's cell edits are applied last, on top of either.
#include <optional>
#include <string>

#include "attention/attention.h"
#include "attention/registry.h"
#include "generator.h"

namespace attn {
namespace {

/// The resolved matrix a scenario-file matrix name (CellEdit::matrix) names, by the registry's
/// editable rows; nullptr when `in` has none (no W_O, a scoring matrix the score kind does not
/// use, an unknown name). A bias is made present.
Matrix* input_matrix(Inputs& in, const std::string& name) {
  for (const MatrixInfo& row : matrix_registry()) {
    if (row.input && name == row.file_field) return row.input(in);
  }
  return nullptr;
}

/// A given matrix, or a generated (rows, cols) one from the stream of `tag`.
Matrix given_or_generated(const std::optional<Matrix>& given, int rows, int cols,
                          std::uint64_t seed, WeightTag tag) {
  return given ? *given : weight_matrix(rows, cols, seed, tag);
}

/// Applies the edits in order. Edits of X_q or X_kv also set the embedding's cell to the value
/// minus the positional encoding, so that embeddings + positional gives X back up to rounding
/// (X itself is exactly the value; docs/scenario.md bounds the difference). validate()
/// has checked every name, row and column; anything else is skipped, never written out of range.
void apply_edits(const std::vector<CellEdit>& edits, Inputs& in) {
  for (const CellEdit& e : edits) {
    Matrix* target = input_matrix(in, e.matrix);
    if (!target || e.row < 0 || e.row >= target->rows() || e.col < 0 || e.col >= target->cols()) {
      continue;
    }
    (*target)(e.row, e.col) = e.value;
    if (e.matrix == "x_q") in.embeddings_q(e.row, e.col) = e.value - in.positional_q(e.row, e.col);
    if (e.matrix == "x_kv") {
      in.embeddings_kv(e.row, e.col) = e.value - in.positional_kv(e.row, e.col);
    }
  }
}

}  // namespace

// Fills in everything the scenario leaves out: X_q (m, d_model), X_kv (n, d_model),
// W_Q (d_model, h*d_k), W_K (d_model, g*d_k), W_V (d_model, g*d_v) with g = kv_heads,
// W_O (h*d_v, d_model) or none, and the scoring
// parameters of the score kind: W_a (d_k, h*d_k); W_1, W_2 (d_k, h*d_a) and v_a (h, d_a).
Inputs resolve_inputs(const Scenario& s) {
  Inputs in;
  const int dm = s.d_model, h = s.heads, dk = s.head_dim_k(), da = s.hidden_dim_a();
  const int hk = h * dk, g = s.kv_head_count();
  const int gk = g * dk, gv = g * s.head_dim_v(), hv = h * s.head_dim_v();

  // One side (query or key/value): a given X is used as is, with zero positional encoding;
  // otherwise X = token embeddings + sinusoidal positions (token r of a sentence at position
  // r + position_offset, as RoPE counts them).
  auto side = [&](const std::vector<std::string>& tokens, const std::optional<Matrix>& given,
                  Matrix& embeddings, Matrix& positional, Matrix& x) {
    const int count = static_cast<int>(tokens.size());
    embeddings = given ? *given : token_embeddings(tokens, dm, s.seed);
    positional = (s.positional_encoding && !given)
                     ? positional_encoding(count, dm, s.position_offset)
                     : Matrix::Zero(count, dm);
    x = embeddings + positional;
  };
  side(s.query_tokens, s.x_q, in.embeddings_q, in.positional_q, in.x_q);
  if (!s.is_self_attention()) {
    side(s.key_tokens, s.x_kv, in.embeddings_kv, in.positional_kv, in.x_kv);
  }

  in.w_q = given_or_generated(s.w_q, dm, hk, s.seed, WeightTag::WQ);
  // Grouped-query attention: W_K and W_V have the columns of g = kv_heads heads only.
  in.w_k = given_or_generated(s.w_k, dm, gk, s.seed, WeightTag::WK);
  in.w_v = given_or_generated(s.w_v, dm, gv, s.seed, WeightTag::WV);
  if (s.w_o_mode == OutputProjection::Given) {
    in.w_o = *s.w_o;
  } else if (s.w_o_mode == OutputProjection::Generated) {
    in.w_o = weight_matrix(hv, dm, s.seed, WeightTag::WO);
  }

  // Only the parameters of the scenario's own scoring function exist.
  if (s.score == ScoreKind::General) {
    in.w_bilinear = given_or_generated(s.w_bilinear, dk, hk, s.seed, WeightTag::WBilinear);
  } else if (s.score == ScoreKind::Additive) {
    in.w_additive_q = given_or_generated(s.w_additive_q, dk, h * da, s.seed, WeightTag::WAdditiveQ);
    in.w_additive_k = given_or_generated(s.w_additive_k, dk, h * da, s.seed, WeightTag::WAdditiveK);
    in.v_additive = given_or_generated(s.v_additive, h, da, s.seed, WeightTag::VAdditive);
  }

  // Biases are used as given, never generated: absent stays absent (zero) unless edited.
  in.b_q = s.b_q;
  in.b_k = s.b_k;
  in.b_v = s.b_v;
  if (in.w_o) in.b_o = s.b_o;

  apply_edits(s.edits, in);
  if (s.is_self_attention()) {
    // Self-attention: keys and values come from the very same matrix as the queries, edits
    // included.
    in.embeddings_kv = in.embeddings_q;
    in.positional_kv = in.positional_q;
    in.x_kv = in.x_q;
  }
  return in;
}

}  // namespace attn
