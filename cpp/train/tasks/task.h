// A training task: its vocabularies, its sentences (training and held out), and how an example
// becomes a teacher-forced batch. docs/tasks.md describes both tasks.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <variant>
#include <vector>

#include "generator.h"
#include "train/config.h"
#include "train/model.h"

namespace attn::train {

/// Words <-> ids, in a fixed order.
class Vocab {
 public:
  Vocab() = default;
  explicit Vocab(std::vector<std::string> words);
  int size() const { return static_cast<int>(words_.size()); }
  const std::string& word(int id) const { return words_[static_cast<std::size_t>(id)]; }
  const std::vector<std::string>& words() const { return words_; }
  /// The id of `word`, or -1.
  int id(const std::string& word) const;

 private:
  std::vector<std::string> words_;
  std::unordered_map<std::string, int> ids_;
};

/// What a target word is, for the alignment figures.
enum class WordKind { Determiner = 0, Adjective = 1, Noun = 2, Verb = 3, Symbol = 4 };

/// One sentence pair. Target word j translates source word aligned[j].
struct Example {
  std::vector<std::string> source;
  std::vector<std::string> target;
  std::vector<int> aligned;    ///< per target word: index of its source word
  std::vector<WordKind> kind;  ///< per target word
  std::vector<bool> crossed;   ///< per target word: in an adjective-noun pair whose order flips
  std::vector<int> noun_of;    ///< per target determiner: index of its noun's source word; else -1
};

enum class Split { Training = 0, Validation = 1, Test = 2 };

class Task {
 public:
  /// Sentences may have at most this many words (source side).
  static constexpr int kMaxWords = 16;

  virtual ~Task() = default;
  virtual TaskKind kind() const = 0;
  const Vocab& source_vocab() const { return source_; }
  const Vocab& target_vocab() const { return target_; }
  /// The model this task trains at the sizes of `config`.
  virtual ModelConfig model_config(const TrainConfig& config) const = 0;
  /// Teacher-forced batch of examples (model.h Batch).
  virtual Batch to_batch(const std::vector<Example>& examples) const = 0;
  /// The fixed held-out example whose attention the snapshots record.
  virtual Example probe() const = 0;
  /// The correct example for source words, or nothing if they are not a sentence of the task.
  virtual std::optional<Example> reference(const std::vector<std::string>& source) const = 0;

  /// Which split an example belongs to: held out when fnv1a64 of its source words joined by
  /// spaces is 0 (validation) or 10 (test) modulo 20, and the probe; training otherwise.
  Split split_of(const Example& example) const;
  /// A random training example (never a held-out one), drawn from `stream`.
  Example training_example(SplitMix64* stream) const;
  /// `count` distinct examples of a held-out split, the same for every seed.
  std::vector<Example> held_out(Split split, int count) const;
  /// Typed text -> source words: split on spaces, ASCII letters lower-cased; an error (field
  /// "sentence") names an unknown word and lists the lexicon, or states the length limit.
  std::variant<std::vector<std::string>, InputError> read_source(const std::string& text) const;

 protected:
  /// A task's own rules on known words (the copy task: length and distinct symbols); an error
  /// names the rule broken.
  virtual std::optional<InputError> check_rules(const std::vector<std::string>&) const {
    return std::nullopt;
  }
  /// One example drawn from `stream` from the task's whole distribution.
  virtual Example random_example(SplitMix64* stream) const = 0;
  Vocab source_, target_;

 private:
  mutable std::vector<std::string> probe_source_;  ///< probe().source, on first use
};

std::unique_ptr<Task> make_task(TaskKind kind);

/// ids of words in `vocab` (each word must be in it).
std::vector<int> ids_of(const Vocab& vocab, const std::vector<std::string>& words);
/// "w1 w2 w3".
std::string join_words(const std::vector<std::string>& words);

}  // namespace attn::train
