// The steps of the scoring functions other than scaled dot: no Scale step, the Scores step's
// operands (the scoring parameters included) and its words, formulas and numbers.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "attention/attention.h"
#include "steps/steps.h"
#include "steps/steps_text.h"
#include "steps_fixtures.h"

using attn::Granularity;
using attn::Matrix;
using attn::MatrixId;
using attn::Scenario;
using attn::ScoreKind;
using attn::Stage;
using attn::Step;
using fixtures::steps_of;
using fixtures::tokens_scenario;

namespace {

const ScoreKind kKinds[] = {ScoreKind::Dot, ScoreKind::ScaledDot, ScoreKind::General,
                            ScoreKind::Additive};

Scenario scored(ScoreKind kind, int tokens, int heads, int d_model) {
  Scenario s = tokens_scenario(tokens, heads, d_model);
  s.score = kind;
  return s;
}

const Step& step_at(const std::vector<Step>& steps, Stage stage, int head, int query) {
  const int k = attn::find_step(steps, stage, head, query);
  REQUIRE(k >= 0);
  return steps[k];
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

void check_cells(const attn::CellRange& c, int row0, int rows, int col0, int cols) {
  CHECK(c.row0 == row0);
  CHECK(c.rows == rows);
  CHECK(c.col0 == col0);
  CHECK(c.cols == cols);
}

}  // namespace

TEST_CASE("the new MatrixId values are appended after Output", "[steps][scoring]") {
  CHECK(static_cast<int>(MatrixId::Output) == 15);
  CHECK(static_cast<int>(MatrixId::WBilinear) == 16);
  CHECK(static_cast<int>(MatrixId::WAdditiveQ) == 17);
  CHECK(static_cast<int>(MatrixId::WAdditiveK) == 18);
  CHECK(static_cast<int>(MatrixId::VAdditive) == 19);
}

TEST_CASE("only scaled dot-product attention has a Scale step", "[steps][scoring]") {
  for (ScoreKind kind : kKinds) {
    INFO("score kind " << int(kind));
    Scenario s = scored(kind, 3, 2, 4);
    const int row_stages = kind == ScoreKind::ScaledDot ? 4 : 3;
    // h * (3 projections + m * row stages) + Concat + OutputProjection
    const auto per_query = steps_of(s, Granularity::PerQuery);
    CHECK(per_query.size() == std::size_t(2 * (3 + 3 * row_stages) + 2));
    CHECK(steps_of(s, Granularity::PerMatrix).size() == std::size_t(2 * (3 + row_stages) + 2));
    CHECK((attn::find_step(per_query, Stage::Scale, 0, 0) >= 0) == (kind == ScoreKind::ScaledDot));
    s.mask = attn::MaskKind::Causal;
    CHECK(steps_of(s, Granularity::PerQuery).size() ==
          std::size_t(2 * (3 + 3 * (row_stages + 1)) + 2));
  }
}

TEST_CASE("without a Scale step the mask and softmax read the scores themselves",
          "[steps][scoring]") {
  Scenario s = scored(ScoreKind::Dot, 3, 1, 4);
  auto steps = steps_of(s, Granularity::PerQuery);
  const Step& softmax = step_at(steps, Stage::Softmax, 0, 1);
  CHECK(softmax.operands[0].matrix == MatrixId::Scores);
  CHECK(softmax.operands[0].label == "S");
  CHECK(contains(softmax.shapes, "softmax(s_2 (1×3))"));
  CHECK(contains(softmax.formula, "e^{s_{2,j}"));
  CHECK(contains(softmax.sentence, "Softmax turns the scores of 'b'"));

  s.mask = attn::MaskKind::Causal;
  steps = steps_of(s, Granularity::PerQuery);
  const Step& mask = step_at(steps, Stage::Mask, 0, 1);
  CHECK(mask.operands[0].matrix == MatrixId::Scores);
  CHECK(contains(mask.shapes, "s_2 (1×3) + mask → ŝ_2 (1×3)"));
  CHECK(contains(mask.formula, "\\begin{cases} s_{2,j}"));
  CHECK_FALSE(contains(mask.formula, "tilde"));
  const Step& last = step_at(steps, Stage::Mask, 0, 2);
  CHECK(last.sentence == "No key is masked for 'c', so its scores pass unchanged.");
  const auto whole = steps_of(s, Granularity::PerMatrix);
  CHECK(step_at(whole, Stage::Mask, 0, -1).operands[0].label == "S");
}

TEST_CASE("the Scores step reads the head's block of each scoring parameter", "[steps][scoring]") {
  SECTION("general: Q_2, W_a's block 2, K_2 transposed") {
    const Scenario s = scored(ScoreKind::General, 3, 2, 8);  // d_k = 4
    const attn::Trace t = attn::run_attention(s);
    const auto steps = attn::build_steps(s, t, Granularity::PerQuery);
    const Step& st = step_at(steps, Stage::Scores, 1, 2);
    REQUIRE(st.operands.size() == 3);
    CHECK(st.operands[0].matrix == MatrixId::Q);
    CHECK(st.operands[1].matrix == MatrixId::WBilinear);
    CHECK(st.operands[1].part == "W_a^{(2)}");
    CHECK((st.operands[1].rows == 4 && st.operands[1].cols == 8));
    check_cells(st.operands[1].cells, 0, 4, 4, 4);
    CHECK(st.operands[2].matrix == MatrixId::K);
    CHECK(st.operands[2].transposed);
    CHECK(&attn::trace_matrix(t, MatrixId::WBilinear, -1) == &*t.inputs.w_bilinear);
    CHECK(st.shapes ==
          "Q_2 (3×4) · W_a⁽²⁾ (4×4) · K_2ᵀ (4×3) → S_2 (3×3); q_3 (1×4) · W_a⁽²⁾ "
          "(4×4) · K_2ᵀ (4×3) → s_3 (1×3)");
    CHECK(st.formula == "s_{3,j} = q_{3} W_a^{(2)} k_{j}^{\\top}");
    CHECK(contains(st.sentence, "Luong's general (bilinear) score"));
  }
  SECTION("additive: Q_1, W_1's block, K_1, W_2's block, v_a's row") {
    Scenario s = scored(ScoreKind::Additive, 3, 2, 8);
    s.d_a = 3;
    const attn::Trace t = attn::run_attention(s);
    const auto steps = attn::build_steps(s, t, Granularity::PerMatrix);
    const Step& st = step_at(steps, Stage::Scores, 1, -1);
    REQUIRE(st.operands.size() == 5);
    const MatrixId ids[] = {MatrixId::Q, MatrixId::WAdditiveQ, MatrixId::K, MatrixId::WAdditiveK,
                            MatrixId::VAdditive};
    for (int k = 0; k < 5; ++k) CHECK(st.operands[k].matrix == ids[k]);
    check_cells(st.operands[1].cells, 0, 4, 3, 3);
    check_cells(st.operands[3].cells, 0, 4, 3, 3);
    check_cells(st.operands[4].cells, 1, 1, 0, 3);
    CHECK_FALSE(st.operands[2].transposed);
    CHECK(st.operands[4].part == "v_a^{(2)}");
    CHECK(&attn::trace_matrix(t, MatrixId::WAdditiveQ, 0) == &*t.inputs.w_additive_q);
    CHECK(&attn::trace_matrix(t, MatrixId::WAdditiveK, 0) == &*t.inputs.w_additive_k);
    CHECK(&attn::trace_matrix(t, MatrixId::VAdditive, 0) == &*t.inputs.v_additive);
    CHECK(st.formula ==
          "(S_{2})_{i,j} = \\tanh(q_i W_1^{(2)} + k_j W_2^{(2)})\\, (v_a^{(2)})^{\\top}");
    CHECK(st.shapes ==
          "Q_2 (3×4) · W_1⁽²⁾ (4×3) → (3×3); K_2 (3×4) · W_2⁽²⁾ (4×3) → (3×3); "
          "tanh(row i + row j) (1×3) · v_a⁽²⁾ᵀ (3×1) → S_2 (3×3)");
    CHECK(contains(st.sentence, "Bahdanau's additive score"));
  }
}

TEST_CASE("per-query Scores formulas show the hand-checkable numbers", "[steps][scoring]") {
  SECTION("general: q_1 W_a = [5, -2], s_11 = 5 · 1 + (-2) · 2 = 1") {
    Scenario s = tokens_scenario(2, 1, 2);
    s.score = ScoreKind::General;
    s.x_q = (Matrix(2, 2) << 1, 2, 0, 1).finished();
    s.w_q = s.w_k = s.w_v = Matrix::Identity(2, 2);
    s.w_bilinear = (Matrix(2, 2) << 1, 0, 2, -1).finished();
    const auto steps = steps_of(s, Granularity::PerQuery);
    const Step& st = step_at(steps, Stage::Scores, 0, 0);
    CHECK(st.formula == "s_{1,j} = q_{1} W_a k_{j}^{\\top}");
    CHECK(st.formula_numbers ==
          "q_{1} W_a = \\begin{bmatrix} 5.0000 & -2.0000 \\end{bmatrix}, \\quad s_{1,1} = "
          "(q_{1} W_a) \\cdot k_{1} = 5.0000 \\cdot 1.0000 + (-2.0000) \\cdot 2.0000 = 1.0000, "
          "\\quad s_{1,:} = \\begin{bmatrix} 1.0000 & -2.0000 \\end{bmatrix}");
  }
  SECTION("additive: tanh(1) and tanh(0.5) weighted by v_a = [2, -3]") {
    Scenario s = tokens_scenario(1, 1, 2);
    s.key_tokens = {"k"};
    s.score = ScoreKind::Additive;
    s.x_q = (Matrix(1, 2) << 1, 0).finished();
    s.x_kv = (Matrix(1, 2) << 0, 1).finished();
    s.w_q = s.w_k = s.w_v = Matrix::Identity(2, 2);
    s.w_additive_q = (Matrix(2, 2) << 0.5, -1, 2, 0).finished();
    s.w_additive_k = (Matrix(2, 2) << 1, 0, 0.5, 1.5).finished();
    s.v_additive = (Matrix(1, 2) << 2, -3).finished();
    const auto steps = steps_of(s, Granularity::PerQuery);
    const Step& st = step_at(steps, Stage::Scores, 0, 0);
    CHECK(st.formula == "s_{1,j} = \\tanh(q_{1} W_1 + k_{j} W_2)\\, v_a^{\\top}");
    CHECK(st.formula_numbers ==
          "q_{1} W_1 + k_{1} W_2 = \\begin{bmatrix} 1.0000 & 0.5000 \\end{bmatrix}, \\quad "
          "s_{1,1} = 2.0000 \\tanh(1.0000) + (-3.0000) \\tanh(0.5000) = 0.1368, \\quad s_{1,:} = "
          "\\begin{bmatrix} 0.1368 \\end{bmatrix}");
    CHECK(st.sentence ==
          "The query 'a' is compared with the only key by Bahdanau's additive score "
          "(Luong calls it concat): its query vector times W_1 and each key vector times W_2 (2 "
          "hidden units each) are added, passed through tanh, and weighted by v_a into one "
          "number per key.");
  }
}

TEST_CASE("every kind's formulas end with the trace's numbers", "[steps][scoring]") {
  for (ScoreKind kind : kKinds) {
    Scenario s = fixtures::article_sentence();
    s.score = kind;
    s.d_a = 16;
    s.mask = attn::MaskKind::Causal;
    s.padded_keys = {0};  // query 1 is fully masked: flagged texts too
    const attn::Trace t = attn::run_attention(s);
    for (Granularity g : {Granularity::PerQuery, Granularity::PerMatrix}) {
      for (const Step& st : attn::build_steps(s, t, g)) {
        INFO("kind " << int(kind) << ", stage " << int(st.stage) << ", head " << st.head
                     << ", query " << st.query);
        const Matrix& result = attn::trace_matrix(t, st.result.matrix, st.result.head);
        const std::string shown =
            st.query >= 0 ? attn::latex_row(result.row(st.query)) : attn::latex_matrix(result);
        const std::string& f = st.formula_numbers;
        REQUIRE(f.size() >= shown.size());
        CHECK(f.substr(f.size() - shown.size()) == shown);
        CHECK(f.size() < 600);
        CHECK(st.sentence.back() == '.');
        if (st.stage == Stage::Scores && st.query == 0) {
          CHECK(st.flagged);
          CHECK(contains(st.sentence, "no key is visible to 'Anthony'"));
        }
      }
    }
  }
}
