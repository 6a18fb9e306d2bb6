// Task 1: toy English -> French with word-order changes (docs/tasks.md). Encoder-decoder;
// the decoder's cross-attention is the alignment the learner watches form.
#pragma once

#include "train/tasks/task.h"

namespace attn::train {

class TranslateTask : public Task {
 public:
  /// Target vocabulary ids of the start and end tokens.
  static constexpr int kStart = 0;  ///< "<s>"
  static constexpr int kEnd = 1;    ///< "</s>"

  TranslateTask();
  TaskKind kind() const override { return TaskKind::Translate; }
  /// One encoder layer (self-attention per config) and one decoder layer with cross-attention.
  ModelConfig model_config(const TrainConfig& config) const override;
  /// source: the English ids; input: <s> + French ids; target: French ids + </s>.
  Batch to_batch(const std::vector<Example>& examples) const override;
  /// "the small black cat sees a red car" -> "le petit chat noir voit une voiture rouge".
  Example probe() const override;
  /// The French of a grammatical English sentence (NP VERB [NP]), or nothing.
  std::optional<Example> reference(const std::vector<std::string>& source) const override;

 protected:
  Example random_example(SplitMix64* stream) const override;
};

}  // namespace attn::train
