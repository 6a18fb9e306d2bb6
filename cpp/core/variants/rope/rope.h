// Rotary position embedding (RoPE; Su et al. 2021, "RoFormer").
//
// Applied to each head's q (m, d_k) and k (n, d_k) after the projection and its bias. Row r sits
// at position p = r + position_offset. The first `dims` components (even, 2..d_k) form dims/2
// pairs; pair i turns by the angle p · theta^(-2i/dims), the rest pass through unchanged:
//   (x_a, x_b) -> (x_a cos − x_b sin, x_a sin + x_b cos).
// Which components pair up is the style:
//   Interleaved: (2i, 2i+1)       (Meta's Llama and llama2.c: consecutive pairs as complex numbers)
//   Half:        (i, i + dims/2)  (Hugging Face's rotate_half)
// A rotation keeps each pair's length, and q_m · k_n after rotation depends on m − n only.
#pragma once

#include <Eigen/Dense>
#include <string>
#include <vector>

#include "kernels/variants.h"
#include "matrix.h"

namespace attn {
namespace variants {

// The settings (theta, style, dims) are kernels/variants.h's, shared with the scenario.
using ::attn::Rope;
using ::attn::RopeStyle;

/// One rotated pair: components a and b of a row turn together by p · frequency.
struct RopePair {
  int index;         ///< i, 0 .. dims/2 − 1
  int a, b;          ///< the components, (2i, 2i+1) or (i, i + dims/2)
  double frequency;  ///< theta^(-2i/dims), radians per position
};

/// The dims/2 pairs of `rope`, in order of i.
std::vector<RopePair> rope_pairs(const Rope& rope);

/// x (rows, d_k) -> (rows, d_k): row r rotated at position r + position_offset.
Matrix apply_rope(Eigen::Ref<const Matrix> x, const Rope& rope, int position_offset);

/// The same in place, on rows (rows, d_k) that may be a block of a bigger matrix (a head's
/// columns of Q): the shape of a position scheme's hook on q and k.
void rope_in_place(Eigen::Ref<Matrix> rows, const Rope& rope, int position_offset);

/// "" when `rope` fits a head of d_k components, else "<field> is <value>; it must be <limit>":
/// theta finite and > 1, dims even between 2 and d_k, position_offset between 0 and 1000000.
std::string rope_problem(const Rope& rope, int d_k, long long position_offset);

/// The style as the scenario file writes it: "interleaved" or "half".
const char* rope_style_name(RopeStyle style);

}  // namespace variants
}  // namespace attn
