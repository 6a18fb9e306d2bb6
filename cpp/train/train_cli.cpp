// train_cli: trains a model natively and prints one JSON object on stdout (progress on stderr).
//   train_cli [--task translate|copy] [--seed N] [--steps N] [--d-model N] [--heads N] [--d-ff N]
//             [--learning-rate X] [--batch N] [--encoder-self-attention on|off]
//             [--eval-every N] [--out model.json] [--run run.json]
// stdout: {"task","seed","steps","seconds","parameters","metrics":{"token_accuracy",
// "sequence_accuracy","alignment","alignment_crossed",...}} (docs/tasks.md). With --eval-every N
// the model is also fully evaluated every N steps and "steps_to_criteria" / "seconds_to_criteria"
// say when the criteria were first met (training time only). --out writes the model file
// (serialise.h), --run the run file (run_file.h). Exit code 2 on a bad option.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "train/run_file.h"
#include "train/serialise.h"
#include "train/trainer.h"

namespace {

using attn::train::Metrics;

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

}  // namespace

int main(int argc, char** argv) {
#ifdef __GLIBC__
  // Keep freed blocks for reuse: by default glibc maps every block over 128 KB afresh (and the
  // kernel zeroes its pages), which cost a third of a training step here. WebAssembly's allocator
  // never does this.
  mallopt(M_MMAP_THRESHOLD, 256 * 1024 * 1024);
  mallopt(M_TRIM_THRESHOLD, 512 * 1024 * 1024);
#endif
  attn::train::TrainConfig config = attn::train::default_config(attn::train::TaskKind::Translate);
  int eval_every = 0;
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
    } else {
      return usage("unknown option " + flag);
    }
  }
  if (const auto error = attn::train::validate(config)) return usage(error->message);

  attn::train::Trainer trainer(config);
  int to_criteria = -1;
  double seconds_to_criteria = 0.0, cpu_seconds_to_criteria = 0.0;
  double cpu_seconds = 0.0;
  while (!trainer.progress().done) {
    const std::clock_t cpu_start = std::clock();
    trainer.train_steps(eval_every > 0 ? eval_every : config.snapshot_every);
    cpu_seconds += static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
    const auto p = trainer.progress();
    std::fprintf(stderr, "step %d/%d loss %.4f held-out token accuracy %.3f alignment %.3f\n",
                 p.step, p.steps, p.loss, p.token_accuracy, p.alignment);
    if (eval_every > 0 && to_criteria < 0) {
      const Metrics m = trainer.evaluate();
      std::fprintf(stderr, "  full evaluation %s\n", attn::train::metrics_to_json(m).c_str());
      if (m.criteria_met) {
        to_criteria = p.step;
        seconds_to_criteria = p.seconds;
        cpu_seconds_to_criteria = cpu_seconds;
      }
    }
  }
  const Metrics m = trainer.evaluate();
  const auto p = trainer.progress();
  std::printf(
      "{\"task\":\"%s\",\"seed\":%llu,\"steps\":%d,\"seconds\":%s,\"parameters\":%d,"
      "\"metrics\":%s",
      attn::train::task_name(config.task), static_cast<unsigned long long>(config.seed), p.step,
      number(p.seconds).c_str(), trainer.trained().model.parameter_count(),
      attn::train::metrics_to_json(m).c_str());
  std::printf(",\"cpu_seconds\":%s", number(cpu_seconds).c_str());
  if (eval_every > 0) {
    std::printf(
        ",\"steps_to_criteria\":%s,\"seconds_to_criteria\":%s,"
        "\"cpu_seconds_to_criteria\":%s",
        to_criteria < 0 ? "null" : std::to_string(to_criteria).c_str(),
        to_criteria < 0 ? "null" : number(seconds_to_criteria).c_str(),
        to_criteria < 0 ? "null" : number(cpu_seconds_to_criteria).c_str());
  }
  std::printf("}\n");
  if (!out_path.empty() && !write_file(out_path, attn::train::model_to_json(trainer.trained()))) {
    return 1;
  }
  if (!run_path.empty() && !write_file(run_path, attn::train::run_to_json(trainer, m))) return 1;
  return 0;
}
