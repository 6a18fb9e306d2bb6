// Greedy translation of a typed sentence with its attention (trained_model.h).
#include "train/trained_model.h"

#include "train/decode.h"

namespace attn::train {

std::variant<Translation, InputError> translate(const TrainedModel& trained,
                                                const std::string& text) {
  const Task& task = *trained.task;
  auto read = task.read_source(text);
  if (auto* error = std::get_if<InputError>(&read)) return *error;
  Translation t;
  t.source = std::get<std::vector<std::string>>(read);
  t.target = decode_sources(trained.model, task, {t.source}).front();
  t.head = trained.head;
  if (const auto reference = task.reference(t.source)) t.reference = reference->target;

  // Teacher-force the model's own output to read the attention that produced it.
  Example decoded;
  decoded.source = t.source;
  decoded.target = t.target;
  const ForwardPass pass = trained.model.forward(task.to_batch({decoded}));
  const int rows = static_cast<int>(t.target.size());
  if (task.kind() == TaskKind::Translate) {
    t.key_tokens = t.source;
    for (const Matrix& w : pass.decoder.front().cross_attention.weights[0]) {
      t.attention.push_back(w.topRows(rows));  // the last row produced the end token
    }
    return t;
  }
  // Copy: input x1..xn | y1..y(n-1); the row producing y_j is n + j - 1 (1-based j).
  t.key_tokens = t.source;
  t.key_tokens.push_back("|");
  t.key_tokens.insert(t.key_tokens.end(), t.target.begin(), t.target.end() - 1);
  for (const Matrix& w : pass.decoder.back().self_attention.weights[0]) {
    t.attention.push_back(w.bottomRows(rows));
  }
  return t;
}

}  // namespace attn::train
