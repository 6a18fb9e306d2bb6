// Grouped-query attention (GQA; Ainslie et al. 2023): `heads` query heads share `kv_heads`
// key/value heads, kv_heads dividing heads. Each K/V head serves a group of heads / kv_heads
// consecutive query heads: query head i uses K/V head ⌊i / (heads / kv_heads)⌋, exactly as Llama's
// repeat_kv expands them. kv_heads = heads is ordinary multi-head attention, kv_heads = 1
// multi-query attention (Shazeer 2019).
//
// Layout (as attention/attention.h): K = X W_K is (n, kv_heads·d_k), V is (n, kv_heads·d_v);
// K/V head g takes columns [g·d_k, (g+1)·d_k) of K and [g·d_v, (g+1)·d_v) of V.
#pragma once

#include <Eigen/Dense>
#include <string>
#include <vector>

#include "matrix.h"

namespace attn {
namespace variants {

/// The K/V head of query head `head`: head / (heads / kv_heads).
int kv_head_of(int head, int heads, int kv_heads);

/// For each K/V head g, the query heads that use it, in order (the split view's groups).
std::vector<std::vector<int>> query_heads_of(int heads, int kv_heads);

/// Columns of K/V head kv_head_of(head, ...) in kv (n, kv_heads·width) -> (n, width): what query
/// head `head` attends with.
Matrix kv_block_for(Eigen::Ref<const Matrix> kv, int head, int heads, int kv_heads, int width);

/// Llama's repeat_kv on the column layout: kv (n, kv_heads·width) -> (n, heads·width), each K/V
/// head's block repeated for every query head of its group, so that plain multi-head attention
/// over the result is grouped-query attention.
Matrix repeat_kv(Eigen::Ref<const Matrix> kv, int heads, int kv_heads, int width);

/// "" when kv_heads is between 1 and heads and divides heads, else the message naming kv_heads.
std::string kv_heads_problem(long long kv_heads, int heads);

/// Bytes the KV cache holds per token and per layer: 2 (K and V) · kv_heads · d_head ·
/// bytes_per_number (2 for fp16/bf16, 8 for this core's doubles).
long long kv_cache_bytes_per_token(int kv_heads, int d_head, int bytes_per_number);

}  // namespace variants
}  // namespace attn
