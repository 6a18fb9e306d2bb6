// train_cli: trains natively, for measuring and for the figures of docs/tasks.md.
//   train_cli [--task translate|copy] [--seed N] [--steps N] [--d-model N] [--heads N]
//             [--d-ff N] [--learning-rate X] [--batch N] [--encoder-self-attention on|off]
//             [--eval-every N] [--seeds A-B] [--out model.json] [--run run.json]
// One run: one JSON object on stdout (progress on stderr), {"task","seed","steps","seconds",
// "parameters","metrics":{"token_accuracy","sequence_accuracy","alignment","alignment_crossed",
// ...}} (held-out split). With --eval-every N the model is also fully evaluated every N steps and
// "steps_to_criteria" / "seconds_to_criteria" say when the criteria were first met.
// --seeds A-B: one run per seed A..B (evaluated every 10 steps unless --eval-every says
// otherwise), a Markdown table on stdout. --out writes the model file (serialise.h), --run the
// run file (run_file.h). Exit code 2 on a bad option.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "train/run_file.h"
#include "train/serialise.h"
#include "train/trainer.h"

namespace {

using attn::train::Metrics;
using attn::train::TaskKind;
using attn::train::TrainConfig;

int usage(const std::string& message) {
  std::fprintf(stderr, "train_cli: %s\n", message.c_str());
  return 2;
}

std::string number(double x) {
  if (!std::isfinite(x)) return "null";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}

// Writes `text` to `path`; false (with a message on stderr) when it cannot.
bool write_file(const std::string& path, const std::string& text) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  bool ok = f && std::fwrite(text.data(), 1, text.size(), f) == text.size();
  if (f) ok = std::fclose(f) == 0 && ok;
  if (!ok) std::fprintf(stderr, "train_cli: cannot write %s\n", path.c_str());
  return ok;
}

// A named head for the table: 1-based, or "mean".
std::string head_cell(int head) {
  return head == attn::train::kMeanOfHeads ? "mean" : std::to_string(head + 1);
}

// A whole run: trains to the end, fully evaluating every `eval_every` steps (0: only at the end)
// until the criteria are first met. Seconds are training time only (train_steps).
struct Run {
  Metrics final;
  int steps = 0, parameters = 0;
  double seconds = 0.0, cpu_seconds = 0.0;
  int to_criteria = -1;  ///< steps when first met, -1 if never
  double seconds_to_criteria = 0.0, cpu_seconds_to_criteria = 0.0;
};

Run train(attn::train::Trainer& trainer, int eval_every, bool verbose) {
  const TrainConfig& config = trainer.trained().config;
  Run run;
  while (!trainer.progress().done) {
    const std::clock_t cpu_start = std::clock();
    trainer.train_steps(eval_every > 0 ? eval_every : config.snapshot_every);
    run.cpu_seconds += static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
    const auto p = trainer.progress();
    if (verbose) {
      std::fprintf(stderr, "step %d/%d loss %.4f held-out token accuracy %.3f alignment %.3f\n",
                   p.step, p.steps, p.loss, p.token_accuracy, p.alignment);
    }
    if (eval_every > 0 && run.to_criteria < 0 && trainer.evaluate().criteria_met) {
      run.to_criteria = p.step;
      run.seconds_to_criteria = p.seconds;
      run.cpu_seconds_to_criteria = run.cpu_seconds;
    }
  }
  run.final = trainer.evaluate();
  run.steps = trainer.progress().step;
  run.seconds = trainer.progress().seconds;
  run.parameters = trainer.trained().model.parameter_count();
  return run;
}

std::string fixed(double x, int digits) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", digits, x);
  return buf;
}

// One Markdown row per seed, then the medians of the times and the worst of each figure.
void seed_table(TrainConfig config, std::uint64_t first, std::uint64_t last, int eval_every) {
  const bool copy = config.task == TaskKind::Copy;
  std::printf(copy ? "| seed | steps to criteria | CPU s to criteria | CPU s, %d steps | induction "
                     "| previous token | sequence | token | heads (L2, L1) |\n"
                     "|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
                   : "| seed | steps to criteria | CPU s to criteria | CPU s, %d steps | sequence "
                     "| alignment | crossed | det. → own | det. → noun | token | head |\n"
                     "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
              config.steps);
  std::vector<double> steps, seconds, totals, worst(4, 1.0);  // the four figures with a minimum
  int met = 0;
  for (std::uint64_t seed = first; seed <= last; ++seed) {
    config.seed = seed;
    attn::train::Trainer trainer(config);
    const Run r = train(trainer, eval_every, false);
    const Metrics& m = r.final;
    const bool ok = r.to_criteria >= 0;
    met += ok && m.criteria_met ? 1 : 0;
    if (ok) {
      steps.push_back(r.to_criteria);
      seconds.push_back(r.cpu_seconds_to_criteria);
    }
    totals.push_back(r.cpu_seconds);
    const std::vector<double> figures =
        copy ? std::vector<double>{m.alignment, m.previous_token, m.sequence_accuracy,
                                   m.token_accuracy}
             : std::vector<double>{m.sequence_accuracy, m.alignment, m.alignment_crossed,
                                   m.token_accuracy};
    for (std::size_t i = 0; i < worst.size(); ++i) worst[i] = std::min(worst[i], figures[i]);
    std::printf("| %llu | %s | %s | %s", static_cast<unsigned long long>(seed),
                ok ? std::to_string(r.to_criteria).c_str() : "never",
                ok ? fixed(r.cpu_seconds_to_criteria, 2).c_str() : "–",
                fixed(r.cpu_seconds, 2).c_str());
    if (copy) {
      std::printf(" | %s | %s | %s | %s | %s, %d |\n", fixed(m.alignment, 3).c_str(),
                  fixed(m.previous_token, 3).c_str(), fixed(m.sequence_accuracy, 3).c_str(),
                  fixed(m.token_accuracy, 3).c_str(), head_cell(m.head).c_str(),
                  m.previous_token_head + 1);
    } else {
      std::printf(" | %s | %s | %s | %s | %s | %s | %s |\n", fixed(m.sequence_accuracy, 3).c_str(),
                  fixed(m.alignment, 3).c_str(), fixed(m.alignment_crossed, 3).c_str(),
                  fixed(m.determiner_own, 3).c_str(), fixed(m.determiner_noun, 3).c_str(),
                  fixed(m.token_accuracy, 3).c_str(), head_cell(m.head).c_str());
    }
    std::fflush(stdout);
  }
  auto median = [](std::vector<double> v) {
    if (v.empty()) return std::nan("");
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
  };
  std::printf("| %d/%llu met | median %s | median %s | median %s", met,
              static_cast<unsigned long long>(last - first + 1), fixed(median(steps), 0).c_str(),
              fixed(median(seconds), 2).c_str(), fixed(median(totals), 2).c_str());
  for (int i = 0; i < 3; ++i) std::printf(" | min %s", fixed(worst[i], 3).c_str());
  std::printf(copy ? " | min %s | |\n" : " | | | min %s | |\n", fixed(worst[3], 3).c_str());
}

}  // namespace

int main(int argc, char** argv) {
#ifdef __GLIBC__
  // Keep freed blocks for reuse: by default glibc maps every block over 128 KB afresh (and the
  // kernel zeroes its pages). WebAssembly's allocator never does this.
  mallopt(M_MMAP_THRESHOLD, 256 * 1024 * 1024);
  mallopt(M_TRIM_THRESHOLD, 512 * 1024 * 1024);
#endif
  TrainConfig config = attn::train::default_config(TaskKind::Translate);
  int eval_every = -1;
  unsigned long long first = 0, last = 0;
  std::string out_path, run_path;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (i + 1 >= argc) return usage(flag + " needs a value");
    const std::string value = argv[++i];
    if (flag == "--task") {
      const auto task = attn::train::task_from_name(value);
      if (!task) return usage("--task must be translate or copy, got " + value);
      const auto seed = config.seed;
      config = attn::train::default_config(*task);
      config.seed = seed;
    } else if (flag == "--seed") {
      config.seed = std::strtoull(value.c_str(), nullptr, 10);
    } else if (flag == "--steps") {
      config.steps = std::atoi(value.c_str());
    } else if (flag == "--d-model") {
      config.d_model = std::atoi(value.c_str());
    } else if (flag == "--heads") {
      config.heads = std::atoi(value.c_str());
    } else if (flag == "--d-ff") {
      config.d_ff = std::atoi(value.c_str());
    } else if (flag == "--learning-rate") {
      config.learning_rate = std::atof(value.c_str());
    } else if (flag == "--batch") {
      config.batch = std::atoi(value.c_str());
    } else if (flag == "--encoder-self-attention") {
      config.encoder_self_attention = value == "on";
    } else if (flag == "--out") {
      out_path = value;
    } else if (flag == "--run") {
      run_path = value;
    } else if (flag == "--eval-every") {
      eval_every = std::atoi(value.c_str());
    } else if (flag == "--seeds") {
      if (std::sscanf(value.c_str(), "%llu-%llu", &first, &last) != 2 || first > last) {
        return usage("--seeds must be A-B with A <= B, got " + value);
      }
    } else {
      return usage("unknown option " + flag);
    }
  }
  if (const auto error = attn::train::validate(config)) return usage(error->message);
  if (last > 0) {
    seed_table(config, first, last, eval_every < 0 ? 10 : eval_every);
    return 0;
  }

  attn::train::Trainer trainer(config);
  const Run r = train(trainer, std::max(eval_every, 0), true);
  std::printf(
      "{\"task\":\"%s\",\"seed\":%llu,\"steps\":%d,\"seconds\":%s,\"parameters\":%d,"
      "\"metrics\":%s,\"cpu_seconds\":%s",
      attn::train::task_name(config.task), static_cast<unsigned long long>(config.seed), r.steps,
      number(r.seconds).c_str(), r.parameters, attn::train::metrics_to_json(r.final).c_str(),
      number(r.cpu_seconds).c_str());
  if (eval_every > 0) {
    const bool met = r.to_criteria >= 0;
    std::printf(
        ",\"steps_to_criteria\":%s,\"seconds_to_criteria\":%s,"
        "\"cpu_seconds_to_criteria\":%s",
        met ? std::to_string(r.to_criteria).c_str() : "null",
        met ? number(r.seconds_to_criteria).c_str() : "null",
        met ? number(r.cpu_seconds_to_criteria).c_str() : "null");
  }
  std::printf("}\n");
  if (!out_path.empty() && !write_file(out_path, attn::train::model_to_json(trainer.trained()))) {
    return 1;
  }
  if (!run_path.empty() && !write_file(run_path, attn::train::run_to_json(trainer, r.final)))
    return 1;
  return 0;
}
