// Defaults and limits of a training run (config.h).
#include "train/config.h"

#include <cmath>
#include <sstream>

namespace attn::train {
namespace {

std::optional<InputError> out_of_range(const char* field, long long value, long long low,
                                       long long high) {
  if (value >= low && value <= high) return std::nullopt;
  return InputError{field, std::string(field) + " is " + std::to_string(value) +
                               "; it must be between " + std::to_string(low) + " and " +
                               std::to_string(high)};
}

std::string shortest(double x) {
  std::ostringstream out;
  out << x;
  return out.str();
}

}  // namespace

TrainConfig default_config(TaskKind task) {
  TrainConfig c;
  c.task = task;
  if (task == TaskKind::Copy) {
    c.heads = 2;
    c.steps = 400;
    c.learning_rate = 7e-3;  // d_ff stays, unused: the copy task's layers are attention-only
  }
  return c;
}

std::optional<InputError> validate(const TrainConfig& c) {
  if (c.task != TaskKind::Translate && c.task != TaskKind::Copy) {
    return InputError{"task", "task must be \"translate\" or \"copy\""};
  }
  using L = TrainLimits;
  if (auto e = out_of_range("d_model", c.d_model, L::kMinDModel, L::kMaxDModel)) return e;
  if (auto e = out_of_range("heads", c.heads, 1, L::kMaxHeads)) return e;
  if (c.d_model % c.heads != 0) {
    return InputError{"heads", "heads is " + std::to_string(c.heads) +
                                   "; it must divide d_model (" + std::to_string(c.d_model) + ")"};
  }
  if (auto e = out_of_range("d_ff", c.d_ff, L::kMinDFF, L::kMaxDFF)) return e;
  if (auto e = out_of_range("steps", c.steps, 1, L::kMaxSteps)) return e;
  if (!(c.learning_rate >= L::kMinLearningRate && c.learning_rate <= L::kMaxLearningRate)) {
    const std::string value =
        std::isfinite(c.learning_rate) ? shortest(c.learning_rate) : "not a number";
    return InputError{"learning_rate", "learning_rate is " + value + "; it must be between " +
                                           shortest(L::kMinLearningRate) + " and " +
                                           shortest(L::kMaxLearningRate)};
  }
  if (auto e = out_of_range("batch", c.batch, 1, L::kMaxBatch)) return e;
  if (c.seed > L::kMaxSeed) {
    return InputError{"seed", "seed is " + std::to_string(c.seed) + "; it must be between 0 and " +
                                  std::to_string(L::kMaxSeed)};
  }
  if (auto e = out_of_range("snapshot_every", c.snapshot_every, 1, L::kMaxSnapshotEvery)) return e;
  return std::nullopt;
}

const char* task_name(TaskKind task) { return task == TaskKind::Copy ? "copy" : "translate"; }

std::optional<TaskKind> task_from_name(const std::string& name) {
  if (name == "translate") return TaskKind::Translate;
  if (name == "copy") return TaskKind::Copy;
  return std::nullopt;
}

}  // namespace attn::train
