// The copy task's symbols, sequences and batches (copy.h).
#include "train/tasks/copy.h"

#include <utility>

namespace attn::train {
namespace {

Example copy_of(const std::vector<std::string>& symbols) {
  Example e;
  e.source = symbols;
  e.target = symbols;
  for (std::size_t j = 0; j < symbols.size(); ++j) {
    e.aligned.push_back(static_cast<int>(j));
    e.kind.push_back(WordKind::Symbol);
    e.crossed.push_back(false);
    e.noun_of.push_back(-1);
  }
  return e;
}

}  // namespace

CopyTask::CopyTask() {
  std::vector<std::string> symbols;
  for (int i = 0; i < kSymbols; ++i) symbols.push_back(std::string(1, static_cast<char>('a' + i)));
  source_ = Vocab(symbols);
  symbols.push_back("|");
  target_ = Vocab(symbols);
}

ModelConfig CopyTask::model_config(const TrainConfig& config) const {
  ModelConfig m;
  m.d_model = config.d_model;
  m.heads = config.heads;
  m.d_ff = config.d_ff;
  m.encoder = false;
  m.decoder_layers = 2;
  m.feed_forward = false;
  m.embedding_init = kEmbeddingInit;
  m.target_vocab = target_.size();
  return m;
}

Batch CopyTask::to_batch(const std::vector<Example>& examples) const {
  Batch b;
  for (const Example& e : examples) {
    const std::vector<int> x = ids_of(target_, e.source);
    const std::vector<int> y = ids_of(target_, e.target);
    std::vector<int> input = x;
    input.push_back(kSeparator);
    input.insert(input.end(), y.begin(), y.end() - 1);
    std::vector<int> target(x.size(), -1);
    target.insert(target.end(), y.begin(), y.end());
    b.source.emplace_back();
    b.input.push_back(std::move(input));
    b.target.push_back(std::move(target));
  }
  return b;
}

Example CopyTask::probe() const { return copy_of({"f", "c", "k", "a", "h", "d"}); }

std::optional<Example> CopyTask::reference(const std::vector<std::string>& source) const {
  return copy_of(source);
}

std::optional<InputError> CopyTask::check_rules(const std::vector<std::string>& symbols) const {
  const int n = static_cast<int>(symbols.size());
  if (n < kMinLength || n > kMaxLength) {
    return InputError{"sentence", "the copy task copies " + std::to_string(kMinLength) + " to " +
                                      std::to_string(kMaxLength) + " symbols; got " +
                                      std::to_string(n)};
  }
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < i; ++j) {
      if (symbols[static_cast<std::size_t>(i)] != symbols[static_cast<std::size_t>(j)]) continue;
      return InputError{"sentence", "the copy task's symbols are all different; \"" +
                                        symbols[static_cast<std::size_t>(i)] +
                                        "\" appears twice (symbols " + std::to_string(j + 1) +
                                        " and " + std::to_string(i + 1) + ")"};
    }
  }
  return std::nullopt;
}

Example CopyTask::random_example(SplitMix64* stream) const {
  const int n = kMinLength + static_cast<int>(stream->next() % (kMaxLength - kMinLength + 1));
  // A partial Fisher-Yates shuffle of the symbols: the first n are distinct and uniform.
  std::vector<int> order(kSymbols);
  for (int i = 0; i < kSymbols; ++i) order[static_cast<std::size_t>(i)] = i;
  std::vector<std::string> symbols;
  for (int i = 0; i < n; ++i) {
    const int j = i + static_cast<int>(stream->next() % static_cast<std::uint64_t>(kSymbols - i));
    std::swap(order[static_cast<std::size_t>(i)], order[static_cast<std::size_t>(j)]);
    symbols.push_back(source_.word(order[static_cast<std::size_t>(i)]));
  }
  return copy_of(symbols);
}

}  // namespace attn::train
