// llama2.c's version-0 checkpoint ("legacy" export), both ways.
//
// Layout (little-endian): seven int32 dim, hidden_dim, n_layers, n_heads, n_kv_heads,
// vocab_size (negative when the classifier is not shared with the embedding), seq_len; then
// float32 tensors, each row-major (out, in): embedding (vocab, dim); rms_att (layers, dim);
// wq (layers, dim, dim); wk, wv (layers, kv_dim, dim); wo (layers, dim, dim); rms_ffn (layers,
// dim); w1 (layers, hidden, dim); w2 (layers, dim, hidden); w3 (layers, hidden, dim);
// rms_final (dim); the legacy RoPE tables cos, sin (seq_len, head_size / 2) each (written, skipped
// on reading: RoPE is recomputed in float64); wcls (vocab, dim) when not shared.
#pragma once

#include <string>

#include "lm/weights.h"

namespace attn::lm {

/// The checkpoint bytes of `w` (values rounded to float32).
std::string write_checkpoint(const LmWeights& w);
/// Reads checkpoint bytes; "" or why they are refused (a header out of limits, a file of the
/// wrong size: truncated or with bytes left over, each with the expected size).
std::string read_checkpoint(const std::string& bytes, LmWeights* out);
/// `w` with every value rounded to float32, as write then read would give.
LmWeights round_to_f32(const LmWeights& w);

}  // namespace attn::lm
