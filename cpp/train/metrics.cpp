// Held-out figures (metrics.h).
#include "train/metrics.h"

#include <algorithm>
#include <limits>

#include "train/decode.h"

namespace attn::train {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

struct Count {
  int hits = 0, total = 0;
  void add(bool hit) {
    hits += hit ? 1 : 0;
    ++total;
  }
  double fraction() const { return total > 0 ? static_cast<double>(hits) / total : kNaN; }
};

int argmax(const Matrix& weights, int row) {
  Eigen::Index col = 0;
  weights.row(row).maxCoeff(&col);
  return static_cast<int>(col);
}

// Counts per candidate (each head, then the mean of the heads) -> the heads' fractions; the
// mean's into *mean.
std::vector<double> fractions(const std::vector<Count>& counts, double* mean) {
  std::vector<double> out;
  for (const Count& c : counts) out.push_back(c.fraction());
  *mean = out.back();
  out.pop_back();
  return out;
}

// The heads' weights of one sentence, then their mean (rows, cols): the candidates for the head
// the app names.
std::vector<Matrix> candidates(const std::vector<Matrix>& per_head) {
  std::vector<Matrix> out = per_head;
  out.push_back(mean_of_heads(per_head));
  return out;
}

// Cross-attention rows of the target words (not the end position) against the alignment.
void translate_heads(const ForwardPass& pass, const std::vector<Example>& examples, int heads,
                     HeadFigures* f) {
  const std::size_t n = static_cast<std::size_t>(heads) + 1;
  std::vector<Count> align(n), crossed(n), own(n), noun(n);
  const AttentionCache& cross = pass.decoder.front().cross_attention;
  for (std::size_t s = 0; s < examples.size(); ++s) {
    const Example& e = examples[s];
    const std::vector<Matrix> weights = candidates(cross.weights[s]);
    for (std::size_t h = 0; h < n; ++h) {
      for (std::size_t j = 0; j < e.target.size(); ++j) {
        const int peak = argmax(weights[h], static_cast<int>(j));
        if (e.kind[j] == WordKind::Determiner) {
          own[h].add(peak == e.aligned[j]);
          noun[h].add(peak == e.noun_of[j]);
          continue;
        }
        align[h].add(peak == e.aligned[j]);
        if (e.crossed[j]) crossed[h].add(peak == e.aligned[j]);
      }
    }
  }
  f->alignment = fractions(align, &f->mean_alignment);
  f->crossed = fractions(crossed, &f->mean_crossed);
  f->determiner_own = fractions(own, &f->mean_determiner_own);
  f->determiner_noun = fractions(noun, &f->mean_determiner_noun);
}

// Input x1..xn | x1..x(n-1) (0-based positions): in layer 2, row n + j (holding x_j, j >= 1)
// should peak on j, where x_(j+1) sat the first time; in layer 1, the rows of x2..xn (1..n-1, the
// keys the induction head reads) on the row before.
void copy_heads(const ForwardPass& pass, const std::vector<Example>& examples, int heads,
                HeadFigures* f) {
  const std::size_t count = static_cast<std::size_t>(heads) + 1;
  std::vector<Count> induction(count), previous(count);
  for (std::size_t s = 0; s < examples.size(); ++s) {
    const int n = static_cast<int>(examples[s].source.size());
    const std::vector<Matrix> first = candidates(pass.decoder[0].self_attention.weights[s]);
    const std::vector<Matrix> second = candidates(pass.decoder[1].self_attention.weights[s]);
    for (std::size_t h = 0; h < count; ++h) {
      for (int q = 1; q < n; ++q) previous[h].add(argmax(first[h], q) == q - 1);
      for (int q = n + 1; q < 2 * n; ++q) induction[h].add(argmax(second[h], q) == q - n);
    }
  }
  double unused = 0.0;
  f->induction = fractions(induction, &f->mean_induction);
  f->previous_token = fractions(previous, &unused);
}

}  // namespace

Matrix mean_of_heads(const std::vector<Matrix>& per_head) {
  Matrix mean = per_head.front();
  for (std::size_t h = 1; h < per_head.size(); ++h) mean += per_head[h];
  return mean / static_cast<double>(per_head.size());
}

HeadFigures teacher_forced(const Model& model, const Task& task,
                           const std::vector<Example>& examples) {
  const Batch batch = task.to_batch(examples);
  const ForwardPass pass = model.forward(batch);
  const std::vector<int> targets = flat_targets(batch);
  HeadFigures f;
  f.loss = Model::loss(pass, batch);
  Count tokens;
  for (std::size_t r = 0; r < targets.size(); ++r) {
    if (targets[r] >= 0) tokens.add(argmax(pass.logits, static_cast<int>(r)) == targets[r]);
  }
  f.token_accuracy = tokens.fraction();
  const int heads = model.config().heads;
  if (task.kind() == TaskKind::Copy) {
    copy_heads(pass, examples, heads, &f);
  } else {
    translate_heads(pass, examples, heads, &f);
  }
  return f;
}

double pattern_score(const Task& task, const HeadFigures& f, int head) {
  const bool copy = task.kind() == TaskKind::Copy;
  if (head == kMeanOfHeads) return copy ? f.mean_induction : f.mean_alignment;
  return (copy ? f.induction : f.alignment)[static_cast<std::size_t>(head)];
}

int best_head(const Task& task, const HeadFigures& f) {
  const auto& scores = task.kind() == TaskKind::Copy ? f.induction : f.alignment;
  const int heads = static_cast<int>(scores.size());
  int best = 0;
  for (int h = 1; h < heads; ++h) {
    if (pattern_score(task, f, h) > pattern_score(task, f, best)) best = h;
  }
  // Copy names one head: the lesson is that a single head does the induction.
  if (task.kind() == TaskKind::Copy) return best;
  return pattern_score(task, f, kMeanOfHeads) > pattern_score(task, f, best) ? kMeanOfHeads : best;
}

Metrics evaluate(const Model& model, const Task& task, const std::vector<Example>& validation,
                 const std::vector<Example>& test) {
  Metrics m;
  const HeadFigures chosen_on = teacher_forced(model, task, validation);
  m.head = best_head(task, chosen_on);
  const HeadFigures f = teacher_forced(model, task, test);
  m.loss = f.loss;
  m.token_accuracy = f.token_accuracy;
  m.alignment = pattern_score(task, f, m.head);
  if (task.kind() == TaskKind::Copy) {
    m.alignment_crossed = m.determiner_own = m.determiner_noun = kNaN;
    const auto& prev = chosen_on.previous_token;
    m.previous_token_head =
        static_cast<int>(std::max_element(prev.begin(), prev.end()) - prev.begin());
    m.previous_token = f.previous_token[static_cast<std::size_t>(m.previous_token_head)];
  } else {
    const bool mean = m.head == kMeanOfHeads;
    const std::size_t h = mean ? 0 : static_cast<std::size_t>(m.head);
    m.alignment_crossed = mean ? f.mean_crossed : f.crossed[h];
    m.determiner_own = mean ? f.mean_determiner_own : f.determiner_own[h];
    m.determiner_noun = mean ? f.mean_determiner_noun : f.determiner_noun[h];
    m.previous_token = kNaN;
  }
  std::vector<std::vector<std::string>> sources;
  for (const Example& e : test) sources.push_back(e.source);
  const auto outputs = decode_sources(model, task, sources);
  Count exact;
  for (std::size_t s = 0; s < test.size(); ++s) exact.add(outputs[s] == test[s].target);
  m.sequence_accuracy = exact.fraction();
  m.criteria_met = meets_criteria(task.kind(), m);
  return m;
}

bool meets_criteria(TaskKind task, const Metrics& m) {
  if (task == TaskKind::Copy) return m.alignment >= 0.9;
  return m.sequence_accuracy >= 0.95 && m.alignment >= 0.9 && m.alignment_crossed >= 0.9;
}

}  // namespace attn::train
