// Decoding with a KV cache: causal self-attention computed one position at a time, the way a
// language model generates. At step t the new token's key k_t and value v_t are appended to the
// cache, which then holds K[0..t] (t+1, d_k) and V[0..t] (t+1, d_v); the new query q_t attends
// over those rows only. Nothing of the earlier queries is recomputed, and row t of the standard
// causal attention is exactly what step t computes.
//
// The head's inputs are HeadInputs (variants/head.h) with m = n (self-attention). The mask row t
// restricted to keys 0..t still applies (padding, a window, sinks); keys after t are never read.
#pragma once

#include <Eigen/Dense>
#include <string>
#include <vector>

#include "matrix.h"
#include "variants/head.h"

namespace attn {
namespace variants {

/// The cache of one head: K (length, d_k) and V (length, d_v), one row appended per step.
class KvCache {
 public:
  /// Room for `capacity` positions, reserved at once (a real cache is preallocated too).
  KvCache(Eigen::Index capacity, Eigen::Index d_k, Eigen::Index d_v);
  /// Appends key row k (1, d_k) and value row v (1, d_v) as position length().
  void append(const Eigen::Ref<const RowVector>& k, const Eigen::Ref<const RowVector>& v);
  Eigen::Index length() const { return length_; }
  /// The filled rows: (length, d_k) and (length, d_v).
  Eigen::Ref<const Matrix> keys() const { return keys_.topRows(length_); }
  Eigen::Ref<const Matrix> values() const { return values_.topRows(length_); }

 private:
  Matrix keys_, values_;
  Eigen::Index length_ = 0;
};

/// What one decoding step computed.
struct DecodeStep {
  int t = 0;          ///< the position decoded: query q_t, cache row t appended
  int cache_len = 0;  ///< rows in the cache after appending: t + 1
  RowVector weights;  ///< (1, t+1) softmax of q_t's visible scores over the cache, 0 if masked
  RowVector output;   ///< (1, d_v) weights · V[0..t]; zeros for a fully masked query
};

/// Runs the head as n decoding steps, in order t = 0 .. n−1. Requires m = n.
std::vector<DecodeStep> decode_with_kv_cache(const HeadInputs& in);

/// "" when the head can be decoded (its shapes fit and m = n), else why not.
std::string kv_cache_problem(const HeadInputs& in);

}  // namespace variants
}  // namespace attn
