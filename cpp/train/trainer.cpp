// The training loop, its snapshots and the final evaluation (trainer.h).
#include "train/trainer.h"

#include <chrono>
#include <limits>

namespace attn::train {
namespace {

constexpr std::uint64_t kGolden = 0x9E3779B97F4A7C15ULL;

// Translate: the cross-attention rows of the target words; copy: both layers' self-attention.
std::vector<WatchedAttention> watched_of(const Task& task, const Example& probe) {
  if (task.kind() == TaskKind::Translate) return {{"cross-attention", probe.target, probe.source}};
  std::vector<std::string> tokens = probe.source;
  tokens.push_back("|");
  tokens.insert(tokens.end(), probe.source.begin(), probe.source.end() - 1);
  return {{"layer 1 self-attention", tokens, tokens}, {"layer 2 self-attention", tokens, tokens}};
}

// The watched maps of sentence 0 of `pass`, per map and head.
std::vector<std::vector<Matrix>> watched_maps(const Task& task, const ForwardPass& pass, int rows) {
  std::vector<std::vector<Matrix>> maps;
  if (task.kind() == TaskKind::Translate) {
    maps.emplace_back();
    for (const Matrix& w : pass.decoder.front().cross_attention.weights[0]) {
      maps.back().push_back(w.topRows(rows));
    }
    return maps;
  }
  for (const DecoderLayerCache& layer : pass.decoder)
    maps.push_back(layer.self_attention.weights[0]);
  return maps;
}

}  // namespace

Trainer::Trainer(const TrainConfig& config)
    : adam_(config.learning_rate), data_(SplitMix64(config.seed ^ kGolden).next()) {
  trained_.config = config;
  trained_.task = make_task(config.task);
  trained_.model = Model(trained_.task->model_config(config), config.seed);
  progress_examples_ = trained_.task->held_out(Split::Validation, kProgressExamples);
  watched_ = watched_of(*trained_.task, trained_.task->probe());
  take_snapshot(std::numeric_limits<double>::quiet_NaN());
}

int Trainer::train_steps(int n) {
  const auto start = std::chrono::steady_clock::now();
  const Task& task = *trained_.task;
  int run = 0;
  for (; run < n && step_ < trained_.config.steps; ++run) {
    std::vector<Example> examples;
    for (int i = 0; i < trained_.config.batch; ++i)
      examples.push_back(task.training_example(&data_));
    const double loss = trained_.model.loss_and_gradients(task.to_batch(examples));
    adam_.step(trained_.model.parameters());
    ++step_;
    losses_.push_back(loss);
    if (step_ % trained_.config.snapshot_every == 0 || step_ == trained_.config.steps) {
      take_snapshot(loss);
    }
  }
  seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return run;
}

void Trainer::take_snapshot(double loss) {
  const Task& task = *trained_.task;
  const HeadFigures f = teacher_forced(trained_.model, task, progress_examples_);
  Snapshot s;
  s.step = step_;
  s.loss = step_ == 0 ? f.loss : loss;
  s.held_out_loss = f.loss;
  s.token_accuracy = f.token_accuracy;
  s.head = best_head(task, f);
  s.alignment = pattern_score(task, f, s.head);
  const Example probe = task.probe();
  const ForwardPass pass = trained_.model.forward(task.to_batch({probe}));
  s.attention = watched_maps(task, pass, static_cast<int>(probe.target.size()));
  snapshots_.push_back(std::move(s));
}

Progress Trainer::progress() const {
  Progress p;
  p.step = step_;
  p.steps = trained_.config.steps;
  p.loss = losses_.empty() ? std::numeric_limits<double>::quiet_NaN() : losses_.back();
  p.seconds = seconds_;
  p.done = step_ >= trained_.config.steps;
  p.token_accuracy = snapshots_.back().token_accuracy;
  p.alignment = snapshots_.back().alignment;
  return p;
}

Metrics Trainer::evaluate() {
  const Task& task = *trained_.task;
  const Metrics m = attn::train::evaluate(trained_.model, task,
                                          task.held_out(Split::Validation, kEvaluationExamples),
                                          task.held_out(Split::Test, kEvaluationExamples));
  trained_.head = m.head;
  return m;
}

}  // namespace attn::train
