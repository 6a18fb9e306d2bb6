// Native benchmark of one causal head three ways: the core's standard path (the (n, n) scores
// formed), FlashAttention's tiles (only (B_r, B_c) at a time) and KV-cache decoding (one query
// per step). Usage: bench_variants [n...] (default 64 256 1024). Prints per n the median of 9
// runs of each, the ratio to standard, the largest score buffer each holds and the largest
// difference of its output from the standard one. Figures, not assertions: speed is not tested.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <vector>

#include "attention/attention.h"
#include "generator.h"
#include "variants/flash/flash.h"
#include "variants/kv_cache/kv_cache.h"

namespace {

using attn::Matrix;
constexpr int kDim = 64, kBlock = 64, kRuns = 9;

Matrix random_matrix(int rows, int cols, std::uint64_t seed) {
  attn::SplitMix64 gen(seed);
  Matrix x(rows, cols);
  for (int i = 0; i < rows; ++i) {
    for (int j = 0; j < cols; ++j) x(i, j) = gen.next_symmetric(1.0);
  }
  return x;
}

// Median milliseconds of kRuns calls of `run`.
double median_ms(const std::function<void()>& run) {
  std::vector<double> ms;
  for (int r = 0; r < kRuns; ++r) {
    const auto start = std::chrono::steady_clock::now();
    run();
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                     .count());
  }
  std::sort(ms.begin(), ms.end());
  return ms[kRuns / 2];
}

void bench(int n) {
  const Matrix q = random_matrix(n, kDim, 1), k = random_matrix(n, kDim, 2);
  const Matrix v = random_matrix(n, kDim, 3);
  const attn::KeyMask mask = attn::build_mask(n, n, attn::MaskKind::Causal, {});
  const attn::variants::HeadInputs in{
      q, k, v, 1.0 / std::sqrt(double(kDim)), mask, attn::variants::no_bias()};
  Matrix standard, flash, decoded(n, kDim);
  const double t_std = median_ms([&] {
    const Matrix w = attn::softmax_rows(
        attn::apply_mask(attn::scale_scores(attn::dot_scores(q, k), kDim), mask));
    standard = attn::weighted_sum(w, v);
  });
  const double t_flash =
      median_ms([&] { flash = attn::variants::flash_attention(in, kBlock, kBlock).output; });
  const double t_kv = median_ms([&] {
    for (const auto& s : attn::variants::decode_with_kv_cache(in)) decoded.row(s.t) = s.output;
  });
  const double kib_std = n * double(n) * 8 / 1024, kib_tile = double(kBlock) * kBlock * 8 / 1024;
  std::printf("%6d %12.3f %10.3f %6.2fx %10.3f %6.2fx %12.0f %10.0f %10.1e %10.1e\n", n, t_std,
              t_flash, t_flash / t_std, t_kv, t_kv / t_std, kib_std, kib_tile,
              (flash - standard).cwiseAbs().maxCoeff(), (decoded - standard).cwiseAbs().maxCoeff());
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> sizes;
  for (int i = 1; i < argc; ++i) sizes.push_back(std::atoi(argv[i]));
  if (sizes.empty()) sizes = {64, 256, 1024};
  std::printf("one causal head, d_k = d_v = %d, flash tiles %dx%d; medians of %d runs (ms)\n", kDim,
              kBlock, kBlock, kRuns);
  std::printf("%6s %12s %10s %7s %10s %7s %12s %10s %10s %10s\n", "n", "standard", "flash", "ratio",
              "kv-cache", "ratio", "scores KiB", "tile KiB", "flash diff", "kv diff");
  for (int n : sizes) bench(n);
  return 0;
}
