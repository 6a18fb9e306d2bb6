// Task 2: copy a sequence, "x1..xn | x1..xn", with a causal two-layer, attention-only decoder: an
// induction head forms in layer 2 over a previous-token head in layer 1 (docs/tasks.md).
#pragma once

#include "train/tasks/task.h"

namespace attn::train {

class CopyTask : public Task {
 public:
  static constexpr int kSymbols = 26;                   ///< "a" .. "z"
  static constexpr int kMinLength = 4, kMaxLength = 8;  ///< n, the symbols to copy
  static constexpr int kSeparator = kSymbols;           ///< target id of "|"
  /// Token embeddings start uniform in (-2, 2), twice the positional encoding's range, so the
  /// first patterns follow tokens rather than positions (docs/tasks.md: the positional shortcut).
  static constexpr double kEmbeddingInit = 2.0;

  CopyTask();
  TaskKind kind() const override { return TaskKind::Copy; }
  /// Two attention-only decoder layers, no encoder (d_ff unused); the vocabulary is the symbols
  /// and "|".
  ModelConfig model_config(const TrainConfig& config) const override;
  /// Source x1..xn, target y1..ym (the copy: y = x when training). input: x1..xn | y1..y(m-1)
  /// (n + m tokens); target: -1 for the first n positions (nothing to predict before the
  /// separator), then y1..ym: position n + j predicts y(j+1).
  Batch to_batch(const std::vector<Example>& examples) const override;
  /// "f c k a h d".
  Example probe() const override;
  /// The copy of any symbols.
  std::optional<Example> reference(const std::vector<std::string>& source) const override;

 protected:
  /// Typed symbols must follow the training distribution: kMinLength..kMaxLength of them, no
  /// symbol twice (a repeat makes "which one comes next" ambiguous for the induction head).
  std::optional<InputError> check_rules(const std::vector<std::string>& symbols) const override;
  /// n in [kMinLength, kMaxLength], n distinct symbols, uniform.
  Example random_example(SplitMix64* stream) const override;
};

}  // namespace attn::train
