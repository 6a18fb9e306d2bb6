// The words and formulas of the steps: exact shapes, formulas and sentences for the articles'
// examples, masked and fully masked queries, and the numbers every formula shows.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "attention/attention.h"
#include "steps/steps.h"
#include "steps/steps_text.h"
#include "steps_fixtures.h"

using attn::Granularity;
using attn::Scenario;
using attn::Stage;
using attn::Step;
using fixtures::steps_of;

namespace {

const Step& step_at(const std::vector<Step>& steps, Stage stage, int head, int query) {
  const int k = attn::find_step(steps, stage, head, query);
  REQUIRE(k >= 0);
  return steps[k];
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("every formula shows the trace's values as format_fixed prints them", "[steps]") {
  Scenario s = fixtures::article_sentence();
  s.mask = attn::MaskKind::Causal;
  const attn::Trace t = attn::run_attention(s);
  for (Granularity g : {Granularity::PerQuery, Granularity::PerMatrix}) {
    for (const Step& st : attn::build_steps(s, t, g)) {
      INFO("stage " << int(st.stage) << ", head " << st.head << ", query " << st.query);
      const attn::Matrix& result = attn::trace_matrix(t, st.result.matrix, st.result.head);
      const std::string shown =
          st.query >= 0 ? attn::latex_row(result.row(st.query)) : attn::latex_matrix(result);
      const std::string& f = st.formula_numbers;
      REQUIRE(f.size() >= shown.size());
      CHECK(f.substr(f.size() - shown.size()) == shown);  // ends with the result's numbers
      CHECK(f.size() < 600);
      CHECK(!st.formula.empty());
      CHECK(!st.shapes.empty());
      CHECK(st.sentence.back() == '.');
    }
  }
}

TEST_CASE("the article's sentence: shapes and sentences name sizes and tokens", "[steps]") {
  const Scenario s = fixtures::article_sentence();
  const auto steps = steps_of(s, Granularity::PerQuery);
  const Step& proj = step_at(steps, Stage::ProjectQ, 1, -1);
  CHECK(proj.shapes == "X (9×512) · W_Q⁽²⁾ (512×64) → Q_2 (9×64)");
  CHECK(proj.formula == "Q_{2} = X W_Q^{(2)}");
  CHECK(proj.sentence ==
        "In head 2, each of the 9 tokens gets a query vector: its row of X (512 numbers) is "
        "multiplied by columns 65–128 of W_Q, so Q_2 is 9×64.");

  const Step& scores = step_at(steps, Stage::Scores, 1, 3);
  CHECK(scores.shapes ==
        "Q_2 (9×64) · K_2ᵀ (64×9) → S_2 (9×9); q_4 (1×64) · K_2ᵀ (64×9) → s_4 (1×9)");
  CHECK(scores.formula == "s_{4,j} = q_{4} \\cdot k_{j}");
  CHECK(scores.sentence ==
        "In head 2, the query 'Michael' is compared with each of the 9 keys: every score is the "
        "dot product of its query vector with one key vector.");

  const Step& scale = step_at(steps, Stage::Scale, 1, 3);
  CHECK(scale.shapes == "S_2 (9×9) / √64 → S̃_2 (9×9); s_4 (1×9) / √64 → s̃_4 (1×9)");
  CHECK(scale.sentence ==
        "In head 2, dividing the scores of 'Michael' by √64 = 8 keeps them from growing with d_k, "
        "so the softmax does not saturate.");

  const Step& weighted = step_at(steps, Stage::WeightedSum, 1, 3);
  CHECK(weighted.shapes ==
        "A_2 (9×9) · V_2 (9×64) → O_2 (9×64); a_4 (1×9) · V_2 (9×64) → o_4 (1×64)");
  CHECK(weighted.sentence.find("the output for 'Michael' is the weighted sum of the 9 value "
                               "vectors") != std::string::npos);

  const Step& cat = steps[steps.size() - 2];
  CHECK(cat.shapes == "O_1 (9×64) | O_2 (9×64) | … | O_8 (9×64) → Concat (9×512)");
  CHECK(cat.formula ==
        "\\mathrm{Concat} = \\begin{bmatrix} O_{1} & O_{2} & \\cdots & O_{8} \\end{bmatrix}");
  CHECK(cat.sentence ==
        "The 8 head outputs (9×64 each) are placed side by side along the columns, giving 9×512.");
  CHECK(steps.back().shapes == "Concat (9×512) · W_O (512×512) → Y (9×512)");
  CHECK(steps.back().formula == "Y = \\mathrm{Concat}\\, W_O");
}

TEST_CASE("the worked example: one head, no subscripts, the article's numbers", "[steps]") {
  const auto steps = steps_of(fixtures::worked_example(), Granularity::PerQuery);
  REQUIRE(steps.size() == 3 + 4 * 4 + 1);  // no W_O

  const Step& proj = step_at(steps, Stage::ProjectK, 0, -1);
  CHECK(proj.formula == "K = X W_K");
  CHECK(proj.shapes == "X (4×3) · W_K (3×3) → K (4×3)");
  CHECK(proj.sentence ==
        "Each of the 4 tokens gets a key vector: its row of X (3 numbers) is multiplied by W_K, "
        "so K is 4×3.");

  // q_1 = [2, 0, 2], k_1 = [2, 2, 2]: s_{1,1} = 8; the row of raw scores is [8, 2, 10, 2].
  const Step& scores = step_at(steps, Stage::Scores, 0, 0);
  CHECK(scores.operands[1].label == "K^{\\top}");
  CHECK(scores.formula_numbers ==
        "s_{1,1} = q_{1} \\cdot k_{1} = 2.0000 \\cdot 2.0000 + 0.0000 \\cdot 2.0000 + "
        "2.0000 \\cdot 2.0000 = 8.0000, \\quad s_{1,:} = "
        "\\begin{bmatrix} 8.0000 & 2.0000 & 10.0000 & 2.0000 \\end{bmatrix}");
  CHECK(scores.sentence ==
        "The query 'word1' is compared with each of the 4 keys: every score is the dot product "
        "of its query vector with one key vector.");

  const Step& scale = step_at(steps, Stage::Scale, 0, 0);
  CHECK(contains(scale.sentence, "by √3 ≈ 1.7321 keeps them"));

  // The article's weights for word 1: 0.236089863, 0.00738987555, 0.749130386, 0.00738987555.
  const Step& softmax = step_at(steps, Stage::Softmax, 0, 0);
  CHECK(softmax.formula ==
        "a_{1,j} = \\frac{e^{\\tilde{s}_{1,j} - \\max_l \\tilde{s}_{1,l}}}{\\sum_l "
        "e^{\\tilde{s}_{1,l} - \\max_l \\tilde{s}_{1,l}}}");
  CHECK(contains(softmax.formula_numbers, "\\max_l \\tilde{s}_{1,l} = 5.7735"));
  CHECK(contains(softmax.formula_numbers, "\\frac{e^{4.6188 - 5.7735}}{1.3349} = 0.2361"));
  CHECK(contains(softmax.formula_numbers,
                 "\\begin{bmatrix} 0.2361 & 0.0074 & 0.7491 & 0.0074 \\end{bmatrix}"));
  CHECK(softmax.sentence ==
        "Softmax turns the scaled scores of 'word1' into weights that are positive and sum to 1; "
        "its largest weight, 0.7491, goes to 'word3'.");

  // The article's output row 1: [0.98522025, 1.74174051, 0.75652026].
  const Step& sum = step_at(steps, Stage::WeightedSum, 0, 0);
  CHECK(sum.formula == "o_{1} = \\sum_j a_{1,j} v_j");
  CHECK(sum.formula_numbers ==
        "o_{1} = 0.2361\\, v_{1} + 0.0074\\, v_{2} + 0.7491\\, v_{3} + 0.0074\\, v_{4} = "
        "\\begin{bmatrix} 0.9852 & 1.7417 & 0.7565 \\end{bmatrix}");

  const Step& cat = steps.back();
  CHECK(cat.stage == Stage::Concat);
  CHECK(cat.formula == "\\mathrm{Concat} = O");
  CHECK(cat.sentence ==
        "With a single head there is nothing to place side by side: Concat is O itself (4×3).");
}

TEST_CASE("mask steps name the masked keys", "[steps]") {
  Scenario s = fixtures::tokens_scenario(3, 2, 4);
  s.mask = attn::MaskKind::Causal;
  const auto steps = steps_of(s, Granularity::PerQuery);
  const Step& first = step_at(steps, Stage::Mask, 0, 0);
  CHECK(first.shapes == "S̃_1 (3×3) + mask → Ŝ_1 (3×3); s̃_1 (1×3) + mask → ŝ_1 (1×3)");
  CHECK(first.sentence ==
        "In head 1, for 'a', masked keys ('b', 'c') get −∞, so they will receive exactly zero "
        "weight.");
  CHECK(contains(first.formula_numbers, " & -\\infty & -\\infty \\end{bmatrix}"));
  CHECK(step_at(steps, Stage::Mask, 1, 2).sentence ==
        "In head 2, no key is masked for 'c', so its scaled scores pass unchanged.");
  CHECK(contains(step_at(steps, Stage::Softmax, 0, 0).sentence,
                 "into weights that sum to 1, with exactly 0 for the masked keys; its largest "
                 "weight, 1.0000, goes to 'a'."));

  const auto whole = steps_of(s, Granularity::PerMatrix);
  CHECK(step_at(whole, Stage::Mask, 0, -1).sentence ==
        "In head 1, masked entries (3 of 9) become −∞, so they will receive exactly zero weight; "
        "the look-ahead mask lets query i see only keys 1 to i.");
}

TEST_CASE("steps of a fully masked query are flagged and say why", "[steps]") {
  // Causal and key 'a' padded: query 'a' may only see 'a', which is hidden, so it sees nothing.
  Scenario s = fixtures::tokens_scenario(3, 2, 4);
  s.mask = attn::MaskKind::Causal;
  s.padded_keys = {0};
  const std::string why =
      "no key is visible to 'a', so by definition its weights are all zero and its output is a "
      "zero vector.";

  const auto steps = steps_of(s, Granularity::PerQuery);
  for (const Step& st : steps) {
    INFO("stage " << int(st.stage) << ", head " << st.head << ", query " << st.query);
    const bool whole_after_heads = st.stage == Stage::Concat || st.stage == Stage::OutputProjection;
    CHECK(st.flagged == (st.query == 0 || whole_after_heads));
    if (st.flagged) CHECK(contains(st.sentence, "no key is visible"));
  }
  CHECK(contains(step_at(steps, Stage::Scores, 0, 0).sentence, "vector; " + why));
  CHECK(step_at(steps, Stage::Mask, 1, 0).sentence ==
        "In head 2, every key is masked for 'a', so no key is visible: by definition its weights "
        "are all zero and its output is a zero vector.");
  const Step& softmax = step_at(steps, Stage::Softmax, 0, 0);
  CHECK(softmax.formula == "a_{1,j} = 0 \\text{ for every } j \\text{ (no key is visible)}");
  CHECK(softmax.formula_numbers ==
        "a_{1,:} = \\begin{bmatrix} 0.0000 & 0.0000 & 0.0000 \\end{bmatrix}");
  CHECK(contains(steps.back().sentence, "; " + why));

  const auto whole = steps_of(s, Granularity::PerMatrix);
  for (const Step& st : whole) CHECK(st.flagged == (st.stage >= Stage::Scores));
  CHECK(step_at(whole, Stage::Mask, 0, -1).sentence ==
        "In head 1, masked entries (6 of 9) become −∞, so they will receive exactly zero weight; "
        "the look-ahead mask lets query i see only keys 1 to i; the padding keys ('a') are hidden "
        "from every query; " +
            why);
}

TEST_CASE("cross-attention names both sides", "[steps]") {
  Scenario s = fixtures::tokens_scenario(12, 2, 16);
  s.key_tokens = {"s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9"};
  const auto steps = steps_of(s, Granularity::PerQuery);
  const Step& k = step_at(steps, Stage::ProjectK, 0, -1);
  CHECK(k.operands[0].label == "X_{kv}");
  CHECK(k.sentence ==
        "In head 1, each of the 9 key tokens gets a key vector: its row of X_kv (16 numbers) is "
        "multiplied by columns 1–8 of W_K, so K_1 is 9×8.");
  CHECK(step_at(steps, Stage::ProjectQ, 0, -1).operands[0].label == "X_q");
  CHECK(step_at(steps, Stage::Scores, 0, 0).shapes ==
        "Q_1 (12×8) · K_1ᵀ (8×9) → S_1 (12×9); q_1 (1×8) · K_1ᵀ (8×9) → s_1 (1×9)");
}
