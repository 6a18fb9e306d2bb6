// The variants of attention, one table each: how a query scores a key (ScoreKind), which keys a
// query may see (MaskKind), and room for position schemes. A row holds everything the project
// needs from a variant: the scenario file's word for it, the hook the traced path and training
// call, its direct reference (plain loops, for the tests), and its words for the step and page.
// The bindings export these tables; the page reads them from the module (no copy in web/src).
//
// To add a variant: append its enum value (values cross to JavaScript and live in links: never
// renumber), write its hook and reference in variants.cpp and append its row. docs/architecture.md
// names the few other files a variant with new fields or matrices touches.
#pragma once

#include <string>
#include <vector>

#include "kernels/kernels.h"
#include "matrix.h"

namespace attn {

/// Which keys a query may see before padding (kernels: mask_rule_into). Append only.
enum class MaskKind { None = 0, Causal = 1, Window = 2 };

/// How a query is scored against a key. Row vectors q, k of length d_k. Append only.
enum class ScoreKind {
  Dot = 0,        ///< q · k                          (Luong, "dot")
  ScaledDot = 1,  ///< q · k / sqrt(d_k)              (Vaswani et al.; the default)
  General = 2,    ///< q W_a k^T, W_a (d_k, d_k)      (Luong, "general" / bilinear)
  Additive = 3,   ///< v_a · tanh(q W_1 + k W_2), W_1, W_2 (d_k, d_a), v_a (d_a)  (Bahdanau)
};

/// What a mask rule reads from the scenario.
struct MaskParams {
  int window = 0;  ///< Window: how many keys a query sees, itself included (>= 1)
};

struct MaskVariant {
  MaskKind kind;
  const char* name;  ///< the scenario file's word ("causal")
  /// Whether query i may see key j (0-based), padding aside: the hook of the mask kernel.
  bool (*visible)(int i, int j, const MaskParams& p);
  /// The direct reference for tests: the same rule written from its definition as a set.
  bool (*reference)(int i, int j, const MaskParams& p);
  /// Appended to the Mask step's sentence ("" = nothing to add), 1-based as the page counts.
  std::string (*step_text)(const MaskParams& p);
};

/// A head's scoring parameters, as blocks of the scenario's (empty when the kind has none).
struct ScoreParams {
  Matrix w_a;   ///< General: (d_k, d_k)
  Matrix w1;    ///< Additive: W_1 (d_k, d_a)
  Matrix w2;    ///< Additive: W_2 (d_k, d_a)
  RowVector v;  ///< Additive: v_a (1, d_a)
};

struct ScoreVariant {
  ScoreKind kind;
  const char* ident;  ///< the kind's name, as the page's ScoreKind spells it ("ScaledDot")
  const char* name;   ///< the scenario file's word ("scaled_dot")
  bool scaled;        ///< divides by sqrt(d_k): the trace has a Scale step
  /// The traced hook: out (m, n) = the raw scores of q (m, d_k) against k (n, d_k).
  void (*scores)(const ConstMatrixRef& q, const ConstMatrixRef& k, const ScoreParams& p,
                 MatrixRef out);
  /// The direct reference for tests: the raw score of q row i and k row j as plain loops.
  double (*reference)(const Matrix& q, Eigen::Index i, const Matrix& k, Eigen::Index j,
                      const ScoreParams& p);
  const char* title;   ///< the page's title of the per-head box ("Scaled dot-product attention")
  const char* box;     ///< the Scores stage's box in the pipeline figure ("MatMul")
  const char* symbol;  ///< what S is, plain Unicode ("S = Q Kᵀ")
};

/// RoPE's pairing of a head's components (docs/variants.md): Interleaved (2i, 2i+1), as Meta's
/// Llama and llama2.c; Half (i, i + dims/2), as Hugging Face's rotate_half. Append only.
enum class RopeStyle { Interleaved = 0, Half = 1 };

/// Rotary position embedding's settings, as the scenario file's `rope` object gives them (here so
/// that both the scenario and variants/rope/ can name them).
struct Rope {
  double theta = 10000.0;                    ///< the base; pair i turns by theta^(-2i/dims)
  RopeStyle style = RopeStyle::Interleaved;  ///< which components pair up
  int dims = 0;                              ///< how many leading components rotate (even)
};

/// A position scheme's row (RoPE, ALiBi: docs/variants.md). None is registered yet; a scheme
/// supplies a hook on a head's q and k rows (position p of each row) or on its scaled scores.
struct PositionVariant {
  const char* name;
  void (*rotate)(MatrixRef rows, int first_position);   ///< on q or k (m, d_k); or nullptr
  void (*bias)(MatrixRef scaled, int head, int heads);  ///< on scores (m, n); or nullptr
  const char* step_text;
};

const std::vector<MaskVariant>& mask_variants();
const std::vector<ScoreVariant>& score_variants();
const std::vector<PositionVariant>& position_variants();
/// The row of a kind (every kind has one).
const MaskVariant& mask_variant(MaskKind kind);
const ScoreVariant& score_variant(ScoreKind kind);
/// The row whose file word is `name`; nullptr for none.
const MaskVariant* mask_named(const std::string& name);
const ScoreVariant* score_named(const std::string& name);
/// The file words of a table, for messages: "\"none\", \"causal\" or \"window\"".
std::string mask_names();
std::string score_names();

/// visible (m, n): 1 where query i may see key j under the rule, 0 where it is masked.
void mask_rule_into(MaskKind kind, const MaskParams& p, MatrixRef visible);

}  // namespace attn
