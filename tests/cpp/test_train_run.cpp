// Whole training runs: the default configs reach their criteria on every seed 1-12, and runs are
// deterministic.
#include <catch2/catch.hpp>

#include "train/tasks/copy.h"
#include "train/tasks/translate.h"
#include "train/train.h"

using namespace attn::train;

namespace {

// The default run of `task` with `seed`, trained to the end and evaluated on held-out sentences.
Metrics default_run(TaskKind task, std::uint64_t seed) {
  TrainConfig c = default_config(task);
  c.seed = seed;
  Trainer trainer(c);
  trainer.train_steps(c.steps);
  return trainer.evaluate();
}

}  // namespace

TEST_CASE("the default translate run reaches every criterion on held-out sentences (seed 1)",
          "[train][slow]") {
  Trainer trainer(default_config(TaskKind::Translate));
  CHECK(trainer.train_steps(10000) == trainer.progress().steps);
  const Metrics m = trainer.evaluate();
  INFO("sequence " << m.sequence_accuracy << " alignment " << m.alignment << " crossed "
                   << m.alignment_crossed);
  CHECK(m.sequence_accuracy >= 0.95);
  CHECK(m.alignment >= 0.9);
  CHECK(m.alignment_crossed >= 0.9);
  CHECK(m.criteria_met);
  const auto t =
      std::get<Translation>(translate(trainer.trained(), "the small black cat sees a red car"));
  CHECK(join_words(t.target) == "le petit chat noir voit une voiture rouge");
  CHECK(t.reference == t.target);
  // Snapshots: step 0, every 10 steps, the last; the probe's maps, one per head.
  const auto& snaps = trainer.snapshots();
  CHECK(snaps.front().step == 0);
  CHECK(snaps.back().step == trainer.progress().steps);
  CHECK(snaps.back().attention[0].size() == 4);
  CHECK(snaps.back().attention[0][0].rows() == 8);
  CHECK(snaps.back().alignment > snaps.front().alignment);
}

TEST_CASE("the default copy run forms an induction head (seed 1)", "[train][slow]") {
  Trainer trainer(default_config(TaskKind::Copy));
  trainer.train_steps(10000);
  const Metrics m = trainer.evaluate();
  INFO("induction " << m.alignment << " previous token " << m.previous_token << " sequence "
                    << m.sequence_accuracy);
  CHECK(m.alignment >= 0.9);
  CHECK(m.criteria_met);
  CHECK(m.head != kMeanOfHeads);  // one head of layer 2 does it
  CHECK(trainer.watched().size() == 2);
}

TEST_CASE("the default translate run meets the criteria on seeds 2-12 too", "[train][slow]") {
  for (std::uint64_t seed = 2; seed <= 12; ++seed) {
    const Metrics m = default_run(TaskKind::Translate, seed);
    INFO("seed " << seed << ": sequence " << m.sequence_accuracy << " alignment " << m.alignment
                 << " crossed " << m.alignment_crossed);
    CHECK(m.criteria_met);
  }
}

TEST_CASE("the default copy run forms an induction head on seeds 2-12 too", "[train][slow]") {
  for (std::uint64_t seed = 2; seed <= 12; ++seed) {
    const Metrics m = default_run(TaskKind::Copy, seed);
    INFO("seed " << seed << ": induction " << m.alignment);
    CHECK(m.criteria_met);
  }
}

TEST_CASE("training is deterministic: same seed, same losses bit for bit", "[train]") {
  for (TaskKind task : {TaskKind::Translate, TaskKind::Copy}) {
    TrainConfig c = default_config(task);
    c.d_model = 16;
    c.heads = 2;
    c.steps = 15;
    c.encoder_self_attention = true;
    auto losses = [&c](std::uint64_t seed) {
      c.seed = seed;
      Trainer t(c);
      t.train_steps(7);  // in two slices: slicing changes nothing
      t.train_steps(100);
      return t.losses();
    };
    const std::vector<double> a = losses(5), b = losses(5), other = losses(6);
    INFO(task_name(task));
    REQUIRE(a.size() == 15);
    CHECK(a == b);
    CHECK(a != other);
    CHECK(a.back() < a.front());
  }
}

TEST_CASE("the named head is the best on the pattern score, the mean only when better", "[train]") {
  const TranslateTask task;
  HeadFigures f;
  f.alignment = {0.8, 0.85, 0.7};
  f.mean_alignment = 0.95;
  CHECK(best_head(task, f) == kMeanOfHeads);
  CHECK(pattern_score(task, f, kMeanOfHeads) == 0.95);
  f.mean_alignment = 0.85;  // a tie: the single head
  CHECK(best_head(task, f) == 1);
  const CopyTask copy;
  f.induction = {0.2, 0.97};
  f.mean_induction = 0.98;  // copy names one head, however the mean scores
  CHECK(best_head(copy, f) == 1);
  CHECK(pattern_score(copy, f, 0) == 0.2);
}
