// What every task shares: vocabularies, the held-out rule, reading typed text (task.h).
#include "train/tasks/task.h"

#include <algorithm>
#include <set>

#include "scenario/quote.h"
#include "train/tasks/copy.h"
#include "train/tasks/translate.h"

namespace attn::train {
namespace {

// Fixed streams for the held-out sets: the same sentences whatever the run's seed.
constexpr std::uint64_t kHeldOutSeed = 0x4845'4C44'4F55'5400ULL;

}  // namespace

Vocab::Vocab(std::vector<std::string> words) : words_(std::move(words)) {
  for (std::size_t i = 0; i < words_.size(); ++i) ids_[words_[i]] = static_cast<int>(i);
}

int Vocab::id(const std::string& word) const {
  const auto it = ids_.find(word);
  return it == ids_.end() ? -1 : it->second;
}

Split Task::split_of(const Example& example) const {
  if (probe_source_.empty()) probe_source_ = probe().source;
  if (example.source == probe_source_) return Split::Validation;
  switch (fnv1a64(join_words(example.source)) % 20) {
    case 0:
      return Split::Validation;
    case 10:
      return Split::Test;
    default:
      return Split::Training;
  }
}

Example Task::training_example(SplitMix64* stream) const {
  for (;;) {
    Example e = random_example(stream);
    if (split_of(e) == Split::Training) return e;
  }
}

std::vector<Example> Task::held_out(Split split, int count) const {
  SplitMix64 stream(kHeldOutSeed + static_cast<std::uint64_t>(split));
  std::vector<Example> out;
  std::set<std::string> seen;
  while (static_cast<int>(out.size()) < count) {
    Example e = random_example(&stream);
    if (split_of(e) == split && seen.insert(join_words(e.source)).second) {
      out.push_back(std::move(e));
    }
  }
  return out;
}

std::variant<std::vector<std::string>, InputError> Task::read_source(
    const std::string& text) const {
  std::vector<std::string> words;
  std::string word;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    const char c = i < text.size() ? text[i] : ' ';
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      if (!word.empty()) words.push_back(word);
      word.clear();
    } else {
      word += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    }
  }
  const std::string example = join_words(probe().source);
  if (words.empty()) {
    return InputError{
        "sentence", "sentence is empty; type words separated by spaces, e.g. \"" + example + "\""};
  }
  if (static_cast<int>(words.size()) > kMaxWords) {
    return InputError{"sentence", "sentence has " + std::to_string(words.size()) +
                                      " words; it must have at most " + std::to_string(kMaxWords)};
  }
  for (const std::string& w : words) {
    if (source_.id(w) >= 0) continue;
    // "sleeps." is a known word with punctuation attached: name the mark, not the word.
    const std::size_t end = w.find_last_not_of(".,;:!?");
    if (end != std::string::npos && end + 1 < w.size() && source_.id(w.substr(0, end + 1)) >= 0) {
      return InputError{"sentence", "unknown word \"" + w + "\" in sentence: the model knows \"" +
                                        w.substr(0, end + 1) + "\" but not the \"" +
                                        w.substr(end + 1) + "\" after it; leave punctuation out"};
    }
    std::vector<std::string> lexicon = source_.words();
    std::sort(lexicon.begin(), lexicon.end());
    std::string list;
    for (const std::string& known : lexicon) list += (list.empty() ? "" : ", ") + known;
    return InputError{"sentence",
                      "unknown word " + quote(w) + " in sentence; the words it knows are: " + list};
  }
  if (auto broken = check_rules(words)) return *broken;
  return words;
}

std::unique_ptr<Task> make_task(TaskKind kind) {
  if (kind == TaskKind::Copy) return std::make_unique<CopyTask>();
  return std::make_unique<TranslateTask>();
}

std::vector<int> ids_of(const Vocab& vocab, const std::vector<std::string>& words) {
  std::vector<int> ids;
  for (const std::string& w : words) ids.push_back(vocab.id(w));
  return ids;
}

std::string join_words(const std::vector<std::string>& words) {
  std::size_t size = words.size();
  for (const std::string& w : words) size += w.size();
  std::string out;
  out.reserve(size);
  for (const std::string& w : words) {
    if (!out.empty()) out += ' ';
    out += w;
  }
  return out;
}

}  // namespace attn::train
