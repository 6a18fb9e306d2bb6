// The two tasks' sentences, the held-out split, reading typed text and the config limits.
#include <catch2/catch.hpp>
#include <set>

#include "train/tasks/copy.h"
#include "train/tasks/translate.h"

using namespace attn::train;

namespace {
std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  std::string w;
  for (char c : text + " ") {
    if (c != ' ') {
      w += c;
    } else if (!w.empty()) {
      out.push_back(w);
      w.clear();
    }
  }
  return out;
}
}  // namespace

TEST_CASE("translate: the grammar's word order, agreement and alignment", "[train]") {
  const TranslateTask task;
  const Example e = task.probe();
  CHECK(join_words(e.source) == "the small black cat sees a red car");
  CHECK(join_words(e.target) == "le petit chat noir voit une voiture rouge");
  CHECK(e.aligned == std::vector<int>{0, 1, 3, 2, 4, 5, 7, 6});  // chat <-> cat, noir <-> black
  CHECK(e.crossed == std::vector<bool>{false, false, true, true, false, false, true, true});
  CHECK(e.noun_of[0] == 3);
  CHECK(e.noun_of[5] == 7);
  CHECK(e.kind[4] == WordKind::Verb);

  const auto fem = task.reference(words("a big green flower likes the small house"));
  REQUIRE(fem);
  CHECK(join_words(fem->target) == "une grande fleur verte aime la petite maison");
  const auto intransitive = task.reference(words("the boy runs"));
  REQUIRE(intransitive);
  CHECK(join_words(intransitive->target) == "le garçon court");
  CHECK_FALSE(task.reference(words("the cat sleeps a dog")));
  CHECK_FALSE(task.reference(words("cat the sees")));
  CHECK(task.source_vocab().size() == 28);
  CHECK(task.target_vocab().size() == 37);  // <s>, </s> and 35 French forms ("rouge" once)
}

TEST_CASE("held-out sentences never appear in training", "[train]") {
  for (TaskKind kind : {TaskKind::Translate, TaskKind::Copy}) {
    const auto task = make_task(kind);
    std::set<std::string> held;
    for (Split split : {Split::Validation, Split::Test}) {
      for (const Example& e : task->held_out(split, 200)) held.insert(join_words(e.source));
    }
    CHECK(held.size() == 400);  // distinct, and validation and test do not overlap
    held.insert(join_words(task->probe().source));
    attn::SplitMix64 stream(7);
    for (int i = 0; i < 5000; ++i) {
      REQUIRE(held.count(join_words(task->training_example(&stream).source)) == 0);
    }
  }
}

TEST_CASE("copy: the batch predicts the copy after the separator only", "[train]") {
  const CopyTask task;
  const Example e = task.probe();
  const Batch b = task.to_batch({e});
  const int n = static_cast<int>(e.source.size());
  REQUIRE(b.input[0].size() == static_cast<std::size_t>(2 * n));
  CHECK(b.input[0][static_cast<std::size_t>(n)] == CopyTask::kSeparator);
  CHECK(b.target[0][static_cast<std::size_t>(n - 1)] == -1);
  CHECK(b.target[0][static_cast<std::size_t>(n)] == b.input[0][0]);
  CHECK(b.target[0].back() == b.input[0][static_cast<std::size_t>(n - 1)]);
}

TEST_CASE("typed text: unknown words, empty and long sentences are errors naming the field",
          "[train]") {
  const TranslateTask task;
  auto ok = task.read_source("  The small  black cat\tsees a red car ");
  REQUIRE(std::holds_alternative<std::vector<std::string>>(ok));
  CHECK(join_words(std::get<std::vector<std::string>>(ok)) == "the small black cat sees a red car");

  auto unknown = task.read_source("the cta sleeps");
  REQUIRE(std::holds_alternative<InputError>(unknown));
  const InputError& e = std::get<InputError>(unknown);
  CHECK(e.field == "sentence");
  CHECK(e.message.rfind("unknown word \"cta\" in sentence; the words it knows are: a, big, bird,",
                        0) == 0);
  CHECK(e.message.find("sleeps") != std::string::npos);

  CHECK(std::get<InputError>(task.read_source("   ")).message.rfind("sentence is empty", 0) == 0);
  std::string long_text;
  for (int i = 0; i < 17; ++i) long_text += "the ";
  CHECK(std::get<InputError>(task.read_source(long_text)).message ==
        "sentence has 17 words; it must have at most 16");
}

TEST_CASE("typed text: a full stop is named, not the word it follows", "[train]") {
  const TranslateTask task;
  const auto stop = task.read_source("The cat sleeps.");
  REQUIRE(std::holds_alternative<InputError>(stop));
  CHECK(std::get<InputError>(stop).message ==
        "unknown word \"sleeps.\" in sentence: the model knows \"sleeps\" but not the \".\" "
        "after it; leave punctuation out");
}

TEST_CASE("copy: typed symbols follow the task's rules, named when broken", "[train]") {
  const CopyTask task;
  CHECK(std::holds_alternative<std::vector<std::string>>(task.read_source("c a t s")));
  const auto repeat = task.read_source("a a b c");
  REQUIRE(std::holds_alternative<InputError>(repeat));
  CHECK(std::get<InputError>(repeat).field == "sentence");
  CHECK(std::get<InputError>(repeat).message ==
        "the copy task's symbols are all different; \"a\" appears twice (symbols 1 and 2)");
  const auto nine = task.read_source("a b c d e f g h i");
  REQUIRE(std::holds_alternative<InputError>(nine));
  CHECK(std::get<InputError>(nine).message == "the copy task copies 4 to 8 symbols; got 9");
  CHECK(std::get<InputError>(task.read_source("a b c")).message ==
        "the copy task copies 4 to 8 symbols; got 3");
}

TEST_CASE("config: each limit is named in its message", "[train]") {
  CHECK_FALSE(validate(default_config(TaskKind::Translate)));
  CHECK_FALSE(validate(default_config(TaskKind::Copy)));
  auto error_of = [](auto change) {
    TrainConfig c = default_config(TaskKind::Translate);
    change(c);
    const auto e = validate(c);
    return e ? e->field + ": " + e->message : std::string("none");
  };
  CHECK(error_of([](TrainConfig& c) { c.d_model = 100; }) ==
        "d_model: d_model is 100; it must be between 8 and 64");
  CHECK(error_of([](TrainConfig& c) { c.heads = 3; }) ==
        "heads: heads is 3; it must divide d_model (32)");
  CHECK(error_of([](TrainConfig& c) { c.d_ff = 4; }) ==
        "d_ff: d_ff is 4; it must be between 8 and 256");
  CHECK(error_of([](TrainConfig& c) { c.steps = 0; }) ==
        "steps: steps is 0; it must be between 1 and 2000");
  CHECK(error_of([](TrainConfig& c) { c.learning_rate = 0.5; }) ==
        "learning_rate: learning_rate is 0.5; it must be between 1e-05 and 0.1");
  CHECK(error_of([](TrainConfig& c) { c.batch = 500; }) ==
        "batch: batch is 500; it must be between 1 and 128");
  CHECK(error_of([](TrainConfig& c) { c.seed = 1ULL << 60; }).rfind("seed: seed is", 0) == 0);
}
