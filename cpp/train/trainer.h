// Training as an object the page drives in slices: train_steps(n), then read progress() and the
// snapshots, so a worker can post progress between slices. Deterministic for a given seed and
// build: weights from SplitMix64 streams (model.cpp), training sentences from the stream seeded
// with mix(seed ^ golden), fixed summation order (plain Eigen products, single thread).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "train/adam.h"
#include "train/metrics.h"
#include "train/trained_model.h"

namespace attn::train {

/// An attention map the snapshots record for the probe sentence (tasks: probe()).
struct WatchedAttention {
  std::string name;  ///< "cross-attention", "layer 1 self-attention", "layer 2 self-attention"
  std::vector<std::string> query_tokens;  ///< one per row
  std::vector<std::string> key_tokens;    ///< one per column
};

/// The state of training at one step, for replaying how attention formed.
struct Snapshot {
  int step = 0;
  double loss = 0.0;            ///< training loss of this step (held-out batch loss at step 0)
  double held_out_loss = 0.0;   ///< teacher-forced, on the fixed held-out batch
  double token_accuracy = 0.0;  ///< teacher-forced, on the fixed held-out batch
  double alignment = 0.0;       ///< pattern score of the best head now, same batch
  int head = 0;                 ///< that head, or kMeanOfHeads (the mean of the heads)
  /// attention[w][h]: watched map w (Trainer::watched()), head h, (rows, cols) of the probe.
  std::vector<std::vector<Matrix>> attention;
};

struct Progress {
  int step = 0;                 ///< steps done
  int steps = 0;                ///< steps of the run
  double loss = 0.0;            ///< training loss of the last step (NaN before the first)
  double seconds = 0.0;         ///< wall time spent in train_steps so far
  bool done = false;            ///< step == steps
  double token_accuracy = 0.0;  ///< of the latest snapshot
  double alignment = 0.0;       ///< of the latest snapshot
};

class Trainer {
 public:
  /// Sentences in the fixed held-out batch of the snapshots, and in each full-evaluation split.
  static constexpr int kProgressExamples = 32;
  static constexpr int kEvaluationExamples = 200;

  /// `config` must pass validate(). Takes the step-0 snapshot.
  explicit Trainer(const TrainConfig& config);

  /// Runs up to n more Adam steps (never past config.steps), snapshotting every
  /// config.snapshot_every steps and at the last; returns the steps run.
  int train_steps(int n);
  Progress progress() const;
  /// losses()[i] is the training loss of step i + 1.
  const std::vector<double>& losses() const { return losses_; }
  const std::vector<Snapshot>& snapshots() const { return snapshots_; }
  const std::vector<WatchedAttention>& watched() const { return watched_; }

  /// Full held-out evaluation: the head on kEvaluationExamples validation sentences, everything
  /// else on kEvaluationExamples test sentences with greedy decoding. Sets the model's head.
  Metrics evaluate();
  const TrainedModel& trained() const { return trained_; }

 private:
  void take_snapshot(double loss);

  TrainedModel trained_;
  Adam adam_;
  SplitMix64 data_;
  std::vector<Example> progress_examples_;
  std::vector<WatchedAttention> watched_;
  int step_ = 0;
  double seconds_ = 0.0;
  std::vector<double> losses_;
  std::vector<Snapshot> snapshots_;
};

}  // namespace attn::train
