// Grouped-query attention: which key/value head each query head reads.
#include "variants/gqa/gqa.h"

namespace attn {
namespace variants {

int kv_head_of(int head, int heads, int kv_heads) {
  // heads / kv_heads query heads per group; integer division puts head i in group i / size.
  const int group_size = heads / kv_heads;
  return head / group_size;
}

std::vector<std::vector<int>> query_heads_of(int heads, int kv_heads) {
  std::vector<std::vector<int>> groups(kv_heads);
  for (int h = 0; h < heads; ++h) groups[kv_head_of(h, heads, kv_heads)].push_back(h);
  return groups;
}

// kv is (n, kv_heads·width); returns (n, width), a copy of the group's block.
Matrix kv_block_for(Eigen::Ref<const Matrix> kv, int head, int heads, int kv_heads, int width) {
  const int g = kv_head_of(head, heads, kv_heads);
  return kv.middleCols(static_cast<Eigen::Index>(g) * width, width);
}

// kv is (n, kv_heads·width); returns (n, heads·width): query head h's block is K/V head g(h)'s.
Matrix repeat_kv(Eigen::Ref<const Matrix> kv, int heads, int kv_heads, int width) {
  Matrix out(kv.rows(), static_cast<Eigen::Index>(heads) * width);
  for (int h = 0; h < heads; ++h) {
    out.middleCols(static_cast<Eigen::Index>(h) * width, width) =
        kv_block_for(kv, h, heads, kv_heads, width);
  }
  return out;
}

std::string kv_heads_problem(long long kv_heads, int heads) {
  if (kv_heads < 1 || kv_heads > heads || heads % kv_heads != 0) {
    return "kv_heads is " + std::to_string(kv_heads) + "; it must divide heads (" +
           std::to_string(heads) + ") and be between 1 and " + std::to_string(heads);
  }
  return "";
}

long long kv_cache_bytes_per_token(int kv_heads, int d_head, int bytes_per_number) {
  return 2LL * kv_heads * d_head * bytes_per_number;
}

}  // namespace variants
}  // namespace attn
