// What a learner may choose for a training run, its limits and defaults.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace attn::train {

/// The two tasks of docs/tasks.md. Values may cross to JavaScript: append only.
enum class TaskKind {
  Translate = 0,  ///< toy English -> French, encoder-decoder; cross-attention learns alignment
  Copy = 1,       ///< "x1..xn | x1..xn", two-layer decoder-only; an induction head forms
};

/// One training run. default_config() gives the defaults of each task; validate() the limits.
/// The field values here are the translate task's defaults (default_config() has both tasks').
struct TrainConfig {
  TaskKind task = TaskKind::Translate;
  int d_model = 32;                     ///< width of every token vector
  int heads = 4;                        ///< attention heads; must divide d_model
  int d_ff = 64;                        ///< hidden width of the feed-forward sublayers
  int steps = 200;                      ///< Adam steps in the run
  double learning_rate = 4e-3;          ///< Adam's step size
  int batch = 32;                       ///< sentences per step
  std::uint64_t seed = 1;               ///< weights and training sentences
  bool encoder_self_attention = false;  ///< Translate: the encoder layer has self-attention
  int snapshot_every = 10;  ///< a snapshot at step 0, every this many steps, and the end
};

/// Limits checked by validate() (the file size of a saved model stays under the 4 MB the JSON
/// reader accepts at the largest sizes).
struct TrainLimits {
  static constexpr int kMinDModel = 8, kMaxDModel = 64;
  static constexpr int kMaxHeads = 8;
  static constexpr int kMinDFF = 8, kMaxDFF = 256;
  static constexpr int kMaxSteps = 2000;
  static constexpr double kMinLearningRate = 1e-5, kMaxLearningRate = 0.1;
  static constexpr int kMaxBatch = 128;
  static constexpr std::uint64_t kMaxSeed = (1ULL << 53) - 1;  ///< exact in a JSON number
  static constexpr int kMaxSnapshotEvery = 2000;
};

/// A rejected input, returned as a value (never thrown). `field` names what was wrong: a
/// TrainConfig field ("d_model", "learning_rate", ...), "sentence" for a typed sentence, "head",
/// or a model-file field; `message` names the field, the value and the limit, e.g.
/// "d_model is 100; it must be between 8 and 64".
struct InputError {
  std::string field;
  std::string message;
};

/// The default run of a task: it reaches the task's criteria for every seed 1..12 (docs/tasks.md
/// has the table). Translate: d_model 32, 4 heads, d_ff 64, no encoder self-attention, lr 4e-3,
/// 200 steps. Copy: d_model 32, 2 heads, attention-only layers (d_ff unused), lr 7e-3, 400 steps.
TrainConfig default_config(TaskKind task);

/// The first value outside its limits, or nothing.
std::optional<InputError> validate(const TrainConfig& config);

/// "translate" or "copy".
const char* task_name(TaskKind task);
/// The task of a name, or nothing.
std::optional<TaskKind> task_from_name(const std::string& name);

}  // namespace attn::train
