// Greedy decoding (decode.h).
#include "train/decode.h"

#include "train/tasks/copy.h"
#include "train/tasks/translate.h"

namespace attn::train {

// The encoder runs once; the decoder reruns on the growing prefixes (sentences are short, so the
// quadratic cost is small and no key/value cache is needed).
TokenIds greedy_decode(const Model& model, const TokenIds& source, TokenIds prefixes,
                       const std::vector<int>& max_new, int stop) {
  ForwardPass pass;
  model.encode(source, &pass);
  TokenIds generated(prefixes.size());
  std::vector<bool> done(prefixes.size());
  bool all_done = true;
  for (std::size_t s = 0; s < prefixes.size(); ++s) {
    done[s] = max_new[s] <= 0;
    all_done = all_done && done[s];
  }
  while (!all_done) {
    model.decode(prefixes, &pass);
    all_done = true;
    for (std::size_t s = 0; s < prefixes.size(); ++s) {
      if (done[s]) continue;
      const int si = static_cast<int>(s);
      Eigen::Index next = 0;
      pass.logits.row(pass.target.start[si] + pass.target.length[si] - 1).maxCoeff(&next);
      const int id = static_cast<int>(next);
      if (id == stop) {
        done[s] = true;
        continue;
      }
      prefixes[s].push_back(id);
      generated[s].push_back(id);
      done[s] = static_cast<int>(generated[s].size()) >= max_new[s];
      all_done = all_done && done[s];
    }
  }
  return generated;
}

std::vector<std::vector<std::string>> decode_sources(
    const Model& model, const Task& task, const std::vector<std::vector<std::string>>& sources) {
  TokenIds source, prefixes;
  std::vector<int> max_new;
  const bool copy = task.kind() == TaskKind::Copy;
  for (const auto& words : sources) {
    const int n = static_cast<int>(words.size());
    if (copy) {
      std::vector<int> prefix = ids_of(task.target_vocab(), words);
      prefix.push_back(CopyTask::kSeparator);
      source.emplace_back();
      prefixes.push_back(prefix);
      max_new.push_back(n);
    } else {
      source.push_back(ids_of(task.source_vocab(), words));
      prefixes.push_back({TranslateTask::kStart});
      max_new.push_back(2 * n + 2);
    }
  }
  const int stop = copy ? -1 : TranslateTask::kEnd;
  std::vector<std::vector<std::string>> out;
  for (const auto& ids : greedy_decode(model, source, prefixes, max_new, stop)) {
    out.emplace_back();
    for (int id : ids) out.back().push_back(task.target_vocab().word(id));
  }
  return out;
}

}  // namespace attn::train
