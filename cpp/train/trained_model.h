// A trained model as the page and the commands use it: its run's config, the task (vocabularies),
// the weights and the head the app names; greedy translation of a typed sentence.
#pragma once

#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "train/config.h"
#include "train/metrics.h"
#include "train/model.h"
#include "train/tasks/task.h"

namespace attn::train {

struct TrainedModel {
  TrainConfig config;
  std::shared_ptr<const Task> task;
  Model model;
  /// The head the app names (0-based), or kMeanOfHeads (-1, metrics.h) for the mean of the heads'
  /// weights: whichever scores best on the validation split (translate: cross-attention
  /// alignment; copy: layer 2's induction, always one head). Set by Trainer::evaluate().
  int head = 0;
};

/// A typed sentence run through a model. Translate: target is the greedy French (no end token);
/// attention[h] is cross-attention head h, (target.size(), source.size()): row j is the decoder
/// position that produces target word j, column i is source word i. Copy: target is the greedy
/// copy; attention[h] is layer 2's self-attention head h, (target.size(), 2n): row j is the
/// position that produces copied symbol j, columns the input x1..xn | y1..y(n-1).
struct Translation {
  std::vector<std::string> source;
  std::vector<std::string> target;
  std::vector<std::string> key_tokens;  ///< the columns of attention (source for translate)
  std::vector<Matrix> attention;        ///< one (rows, cols) matrix per head
  int head = 0;                         ///< TrainedModel::head (kMeanOfHeads: the mean)
  /// The correct output when the words are a sentence of the task, else empty.
  std::vector<std::string> reference;
};

/// Reads `text` (Task::read_source: an unknown word is an InputError naming it and listing the
/// lexicon) and decodes it greedily.
std::variant<Translation, InputError> translate(const TrainedModel& model, const std::string& text);

}  // namespace attn::train
