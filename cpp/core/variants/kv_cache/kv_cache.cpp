// KV-cache decoding: one query per step against the keys and values cached so far.
#include "variants/kv_cache/kv_cache.h"

#include <limits>

#include "kernels/kernels.h"

namespace attn {
namespace variants {

namespace {

constexpr double kMinusInf = -std::numeric_limits<double>::infinity();

// Softmax of q_t over the cache rows 0..t it may see: (1, t+1), masked keys exactly 0; all zeros
// when it sees none (the kernels' row softmax, as the traced path).
RowVector step_weights(const HeadInputs& in, const KvCache& cache, Eigen::Index t) {
  const Eigen::Index len = cache.length();
  // Scores of q_t against each cached key (scaled, plus the bias), -inf where masked.
  Matrix s(1, len);
  for (Eigen::Index j = 0; j < len; ++j) {
    if (!is_visible(in, t, j)) {
      s(0, j) = kMinusInf;
    } else {
      s(0, j) = in.scale * in.q.row(t).dot(cache.keys().row(j)) + bias_at(in, t, j);
    }
  }
  softmax_rows_in_place(s);
  return s.row(0);
}

}  // namespace

KvCache::KvCache(Eigen::Index capacity, Eigen::Index d_k, Eigen::Index d_v)
    : keys_(capacity, d_k), values_(capacity, d_v) {}

void KvCache::append(const Eigen::Ref<const RowVector>& k, const Eigen::Ref<const RowVector>& v) {
  keys_.row(length_) = k;
  values_.row(length_) = v;
  ++length_;
}

std::vector<DecodeStep> decode_with_kv_cache(const HeadInputs& in) {
  const Eigen::Index n = in.k.rows();
  KvCache cache(n, in.k.cols(), in.v.cols());
  std::vector<DecodeStep> steps;
  steps.reserve(n);
  for (Eigen::Index t = 0; t < n; ++t) {
    // The new token brings its key and value: the cache grows to (t+1, d_k) and (t+1, d_v).
    cache.append(in.k.row(t), in.v.row(t));
    DecodeStep step;
    step.t = static_cast<int>(t);
    step.cache_len = static_cast<int>(cache.length());
    step.weights = step_weights(in, cache, t);
    // (1, t+1) x (t+1, d_v) -> (1, d_v): the mix of the cached values.
    step.output = step.weights * cache.values();
    steps.push_back(std::move(step));
  }
  return steps;
}

std::string kv_cache_problem(const HeadInputs& in) {
  const std::string shapes = head_shape_problem(in);
  if (!shapes.empty()) return shapes;
  if (in.q.rows() != in.k.rows()) {
    return "the KV cache decodes self-attention: there are " + std::to_string(in.q.rows()) +
           " queries; there must be as many as keys (" + std::to_string(in.k.rows()) + ")";
  }
  return "";
}

}  // namespace variants
}  // namespace attn
