// Shapes that never contradict: an operand names the whole matrix it shows and, when the step uses
// less of it, the part it uses (a head's block, a query's row); every matrix product says why its
// sizes fit, with the step's real sizes, in both granularities.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "attention/attention.h"
#include "steps/steps.h"
#include "steps_fixtures.h"

using attn::Granularity;
using attn::Operand;
using attn::Scenario;
using attn::ScoreKind;
using attn::Stage;
using attn::Step;
using fixtures::steps_of;
using fixtures::tokens_scenario;

namespace {

const Step& step_at(const std::vector<Step>& steps, Stage stage, int head, int query) {
  const int k = attn::find_step(steps, stage, head, query);
  REQUIRE(k >= 0);
  return steps[k];
}

void check_names(const Operand& o, const std::string& label, const std::string& part) {
  CHECK(o.label == label);
  CHECK(o.part == part);
}

/// What every rule ends with after its sizes, for products over `inner` (or mixed inner sizes).
std::string why(const std::string& agree, const std::string& added) {
  return ": the inner sizes agree (" + agree +
         "). @ is the matrix product: result cell (i, j) is row i of the left times column j of "
         "the right, " +
         added + ", so the result has the left's rows and the right's columns.";
}

bool is_product(Stage s) {
  return s == Stage::ProjectQ || s == Stage::ProjectK || s == Stage::ProjectV ||
         s == Stage::Scores || s == Stage::WeightedSum || s == Stage::OutputProjection;
}

}  // namespace

TEST_CASE("a weight's operand is the whole matrix, its part the head's block", "[steps]") {
  const auto steps = steps_of(tokens_scenario(3, 2, 8), Granularity::PerQuery);  // d_k = 4
  const Step& q = step_at(steps, Stage::ProjectQ, 1, -1);
  check_names(q.operands[0], "X", "");
  check_names(q.operands[1], "W_Q", "W_Q^{(2)}");
  check_names(q.result, "Q_{2}", "");
  CHECK(q.shapes == "X (3×8) · W_Q⁽²⁾ (8×4) → Q_2 (3×4)");
  CHECK(q.formula == "Q_{2} = X W_Q^{(2)}");
  check_names(step_at(steps, Stage::ProjectK, 0, -1).operands[1], "W_K", "W_K^{(1)}");
  check_names(step_at(steps, Stage::ProjectV, 1, -1).operands[1], "W_V", "W_V^{(2)}");

  // With a single head the block is the whole matrix: no part.
  const auto one = steps_of(fixtures::worked_example(), Granularity::PerQuery);
  check_names(step_at(one, Stage::ProjectQ, 0, -1).operands[1], "W_Q", "");
}

TEST_CASE("cross-attention: the key side's weights name their block too", "[steps]") {
  Scenario s = tokens_scenario(4, 2, 8);
  s.key_tokens = {"s1", "s2", "s3"};
  const auto steps = steps_of(s, Granularity::PerMatrix);
  const Step& v = step_at(steps, Stage::ProjectV, 1, -1);
  check_names(v.operands[0], "X_{kv}", "");
  check_names(v.operands[1], "W_V", "W_V^{(2)}");
  CHECK(v.shapes == "X_kv (3×8) · W_V⁽²⁾ (8×4) → V_2 (3×4)");
  CHECK(v.size_rule == "(3×8) @ (8×4) → (3×4)" + why("8 = 8", "8 products added"));
  CHECK(step_at(steps, Stage::Scores, 0, -1).size_rule.rfind("(4×4) @ (4×3) → (4×3):", 0) == 0);
}

TEST_CASE("a per-query step names the row it reads and writes", "[steps]") {
  Scenario s = tokens_scenario(3, 2, 8);
  s.mask = attn::MaskKind::Causal;
  const auto steps = steps_of(s, Granularity::PerQuery);
  const Step& scores = step_at(steps, Stage::Scores, 1, 2);
  check_names(scores.operands[0], "Q_{2}", "q_{3}");
  check_names(scores.operands[1], "K_{2}^{\\top}", "");
  check_names(scores.result, "S_{2}", "s_{3}");
  check_names(step_at(steps, Stage::Scale, 1, 2).result, "\\tilde{S}_{2}", "\\tilde{s}_{3}");
  check_names(step_at(steps, Stage::Mask, 1, 2).result, "\\hat{S}_{2}", "\\hat{s}_{3}");
  check_names(step_at(steps, Stage::Softmax, 1, 2).result, "A_{2}", "a_{3}");
  const Step& sum = step_at(steps, Stage::WeightedSum, 1, 2);
  check_names(sum.operands[0], "A_{2}", "a_{3}");
  check_names(sum.operands[1], "V_{2}", "");
  check_names(sum.result, "O_{2}", "o_{3}");

  // Whole matrices have no part; nor has a row that is the whole matrix (one query).
  for (const Step& st : steps_of(s, Granularity::PerMatrix)) {
    if (st.stage >= Stage::Scores) CHECK(st.result.part.empty());
  }
  const auto single = steps_of(tokens_scenario(1, 2, 8), Granularity::PerQuery);
  CHECK(step_at(single, Stage::Scores, 0, 0).operands[0].part.empty());
}

TEST_CASE("scoring parameters name the head's block or row", "[steps][scoring]") {
  Scenario s = tokens_scenario(3, 2, 8);
  s.score = ScoreKind::Additive;
  s.d_a = 3;
  const auto additive = steps_of(s, Granularity::PerMatrix);
  const Step& st = step_at(additive, Stage::Scores, 1, -1);
  check_names(st.operands[1], "W_1", "W_1^{(2)}");
  check_names(st.operands[3], "W_2", "W_2^{(2)}");
  check_names(st.operands[4], "v_a", "v_a^{(2)}");
  CHECK(st.size_rule ==
        "Q_2 W_1⁽²⁾: (3×4) @ (4×3) → (3×3); K_2 W_2⁽²⁾: (3×4) @ (4×3) → (3×3); tanh(…) v_a⁽²⁾ᵀ, "
        "for each pair (i, j): (1×3) @ (3×1) → (1×1)" +
            why("4 = 4, 4 = 4, 3 = 3", "as many products added as the inner size"));

  s.score = ScoreKind::General;
  const auto general = steps_of(s, Granularity::PerQuery);
  const Step& row = step_at(general, Stage::Scores, 1, 2);
  check_names(row.operands[1], "W_a", "W_a^{(2)}");
  CHECK(row.size_rule ==
        "q_3 W_a⁽²⁾: (1×4) @ (4×4) → (1×4); (q_3 W_a⁽²⁾) K_2ᵀ: (1×4) @ (4×3) → (1×3)" +
            why("4 = 4, 4 = 4", "4 products added"));
}

TEST_CASE("every matrix product says why its sizes fit, per query and per matrix", "[steps]") {
  const Scenario s = fixtures::article_sentence();  // 9 tokens, d_model 512, 8 heads of 64
  const auto rows = steps_of(s, Granularity::PerQuery);
  const auto whole = steps_of(s, Granularity::PerMatrix);
  CHECK(step_at(rows, Stage::ProjectQ, 1, -1).size_rule ==
        "(9×512) @ (512×64) → (9×64)" + why("512 = 512", "512 products added"));
  const std::string dk = why("64 = 64", "64 products added");
  CHECK(step_at(rows, Stage::Scores, 1, 3).size_rule == "(1×64) @ (64×9) → (1×9)" + dk);
  CHECK(step_at(whole, Stage::Scores, 1, -1).size_rule == "(9×64) @ (64×9) → (9×9)" + dk);
  const std::string n = why("9 = 9", "9 products added");
  CHECK(step_at(rows, Stage::WeightedSum, 1, 3).size_rule == "(1×9) @ (9×64) → (1×64)" + n);
  CHECK(step_at(whole, Stage::WeightedSum, 1, -1).size_rule == "(9×9) @ (9×64) → (9×64)" + n);
  CHECK(whole.back().size_rule ==
        "(9×512) @ (512×512) → (9×512)" + why("512 = 512", "512 products added"));

  // Products only, in every score kind and both granularities.
  for (ScoreKind kind :
       {ScoreKind::Dot, ScoreKind::ScaledDot, ScoreKind::General, ScoreKind::Additive}) {
    Scenario k = tokens_scenario(3, 2, 8);
    k.score = kind;
    k.mask = attn::MaskKind::Causal;
    for (Granularity g : {Granularity::PerQuery, Granularity::PerMatrix}) {
      for (const Step& st : steps_of(k, g)) {
        INFO("kind " << int(kind) << ", stage " << int(st.stage) << ", query " << st.query);
        CHECK(st.size_rule.empty() == !is_product(st.stage));
      }
    }
  }
}
