// Native benchmark: time to compute the trace and the per-query step sequence of scenario files.
// Usage: bench_attention [--trace-only] FILE.json...  Prints one line per file:
// "<file> <ms per run> <runs>". --trace-only times the attention alone, without the steps.
// tools/bench/bench.sh runs the same files through the wasm module and prints both side by side.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <variant>

#include "attention/attention.h"
#include "scenario/scenario_json.h"
#include "steps/steps.h"

namespace {

// Runs trace + steps repeatedly for at least ~0.5 s; returns milliseconds per run.
double time_scenario(const attn::Scenario& s, bool trace_only, int* runs_out) {
  using clock = std::chrono::steady_clock;
  std::size_t sink = 0;  // keeps the work observable so it is not optimized away
  int runs = 0;
  const auto start = clock::now();
  auto elapsed = clock::duration::zero();
  while (elapsed < std::chrono::milliseconds(500) || runs < 5) {
    const attn::Trace t = attn::run_attention(s);
    sink +=
        trace_only ? t.heads.size() : attn::build_steps(s, t, attn::Granularity::PerQuery).size();
    ++runs;
    elapsed = clock::now() - start;
  }
  *runs_out = runs;
  if (sink == 0) std::fprintf(stderr, "no steps\n");
  return std::chrono::duration<double, std::milli>(elapsed).count() / runs;
}

}  // namespace

int main(int argc, char** argv) {
  const bool trace_only = argc > 1 && std::string(argv[1]) == "--trace-only";
  for (int i = trace_only ? 2 : 1; i < argc; ++i) {
    std::ifstream in(argv[i]);
    std::stringstream text;
    text << in.rdbuf();
    auto parsed = attn::parse_scenario_json(text.str());
    if (auto* e = std::get_if<attn::ValidationError>(&parsed)) {
      std::fprintf(stderr, "%s: %s\n", argv[i], e->message.c_str());
      return 2;
    }
    const attn::Scenario& s = std::get<attn::Scenario>(parsed);
    if (auto e = attn::validate(s)) {
      std::fprintf(stderr, "%s: %s\n", argv[i], e->message.c_str());
      return 2;
    }
    int runs = 0;
    const double ms = time_scenario(s, trace_only, &runs);
    std::printf("%s %.4f %d\n", argv[i], ms, runs);
  }
  return 0;
}
