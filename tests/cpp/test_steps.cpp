// The step sequence: order and length, operands and cell ranges, and find_step. (The words,
// formulas and flags are checked in test_steps_text.cpp.)
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "attention/attention.h"
#include "steps/steps.h"
#include "steps_fixtures.h"

using attn::Granularity;
using attn::MatrixId;
using attn::Scenario;
using attn::Stage;
using attn::Step;

using fixtures::steps_of;
using fixtures::tokens_scenario;

namespace {

struct Key {
  Stage stage;
  int head, query;
  bool operator==(const Key& o) const {
    return stage == o.stage && head == o.head && query == o.query;
  }
};

std::ostream& operator<<(std::ostream& os, const Key& k) {
  return os << "{stage " << int(k.stage) << ", head " << k.head << ", query " << k.query << "}";
}

std::vector<Key> keys(const std::vector<Step>& steps) {
  std::vector<Key> out;
  for (const Step& st : steps) out.push_back({st.stage, st.head, st.query});
  return out;
}

void check_cells(const attn::CellRange& c, int row0, int rows, int col0, int cols) {
  CHECK(c.row0 == row0);
  CHECK(c.rows == rows);
  CHECK(c.col0 == col0);
  CHECK(c.cols == cols);
}

}  // namespace

TEST_CASE("per-query order: heads in turn, projections, then each query's row stages", "[steps]") {
  const auto steps = steps_of(tokens_scenario(2, 2, 4), Granularity::PerQuery);
  const std::vector<Key> expected = {
      {Stage::ProjectQ, 0, -1},   {Stage::ProjectK, 0, -1},   {Stage::ProjectV, 0, -1},
      {Stage::Scores, 0, 0},      {Stage::Scale, 0, 0},       {Stage::Softmax, 0, 0},
      {Stage::WeightedSum, 0, 0}, {Stage::Scores, 0, 1},      {Stage::Scale, 0, 1},
      {Stage::Softmax, 0, 1},     {Stage::WeightedSum, 0, 1}, {Stage::ProjectQ, 1, -1},
      {Stage::ProjectK, 1, -1},   {Stage::ProjectV, 1, -1},   {Stage::Scores, 1, 0},
      {Stage::Scale, 1, 0},       {Stage::Softmax, 1, 0},     {Stage::WeightedSum, 1, 0},
      {Stage::Scores, 1, 1},      {Stage::Scale, 1, 1},       {Stage::Softmax, 1, 1},
      {Stage::WeightedSum, 1, 1}, {Stage::Concat, -1, -1},    {Stage::OutputProjection, -1, -1},
  };
  CHECK(keys(steps) == expected);
}

TEST_CASE("per-matrix order: one step per whole matrix per head", "[steps]") {
  Scenario s = tokens_scenario(3, 2, 4);
  s.mask = attn::MaskKind::Causal;
  const std::vector<Key> expected = {
      {Stage::ProjectQ, 0, -1},    {Stage::ProjectK, 0, -1},    {Stage::ProjectV, 0, -1},
      {Stage::Scores, 0, -1},      {Stage::Scale, 0, -1},       {Stage::Mask, 0, -1},
      {Stage::Softmax, 0, -1},     {Stage::WeightedSum, 0, -1}, {Stage::ProjectQ, 1, -1},
      {Stage::ProjectK, 1, -1},    {Stage::ProjectV, 1, -1},    {Stage::Scores, 1, -1},
      {Stage::Scale, 1, -1},       {Stage::Mask, 1, -1},        {Stage::Softmax, 1, -1},
      {Stage::WeightedSum, 1, -1}, {Stage::Concat, -1, -1},     {Stage::OutputProjection, -1, -1},
  };
  CHECK(keys(steps_of(s, Granularity::PerMatrix)) == expected);
}

TEST_CASE("sequence lengths follow the stages that apply", "[steps]") {
  Scenario s = tokens_scenario(3, 2, 4);
  // h * (3 projections + m * 4 row stages) + Concat + OutputProjection
  CHECK(steps_of(s, Granularity::PerQuery).size() == 2 * (3 + 3 * 4) + 2);
  CHECK(steps_of(s, Granularity::PerMatrix).size() == 2 * 7 + 2);

  SECTION("a mask adds a fifth row stage") {
    s.mask = attn::MaskKind::Causal;
    CHECK(steps_of(s, Granularity::PerQuery).size() == 2 * (3 + 3 * 5) + 2);
    CHECK(steps_of(s, Granularity::PerMatrix).size() == 2 * 8 + 2);
  }
  SECTION("padded keys alone are a mask too") {
    s.padded_keys = {2};
    CHECK(steps_of(s, Granularity::PerQuery).size() == 2 * (3 + 3 * 5) + 2);
  }
  SECTION("no W_O drops the output projection") {
    s.w_o_mode = attn::OutputProjection::None;
    const auto steps = steps_of(s, Granularity::PerQuery);
    CHECK(steps.size() == 2 * (3 + 3 * 4) + 1);
    CHECK(steps.back().stage == Stage::Concat);
    CHECK(steps_of(s, Granularity::PerMatrix).size() == 2 * 7 + 1);
  }
  SECTION("cross-attention: m queries over n keys") {
    Scenario c = tokens_scenario(12, 2, 16);
    c.key_tokens = {"s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9"};
    CHECK(steps_of(c, Granularity::PerQuery).size() == 2 * (3 + 12 * 4) + 2);
  }
}

TEST_CASE("operands, results and cell ranges of representative steps", "[steps]") {
  Scenario s = tokens_scenario(3, 2, 8);  // d_k = d_v = 4
  s.mask = attn::MaskKind::Causal;
  const auto steps = steps_of(s, Granularity::PerQuery);

  SECTION("ProjectQ of head 2 reads X and head 2's column block of W_Q") {
    const Step& st = steps[attn::find_step(steps, Stage::ProjectQ, 1, -1)];
    REQUIRE(st.operands.size() == 2);
    CHECK(st.operands[0].matrix == MatrixId::Xq);
    CHECK(st.operands[0].label == "X");
    check_cells(st.operands[0].cells, 0, 3, 0, 8);
    CHECK(st.operands[1].matrix == MatrixId::Wq);
    CHECK(st.operands[1].label == "W_Q");
    CHECK(st.operands[1].part == "W_Q^{(2)}");
    CHECK(st.operands[1].head == -1);
    CHECK((st.operands[1].rows == 8 && st.operands[1].cols == 8));
    check_cells(st.operands[1].cells, 0, 8, 4, 4);
    CHECK(st.result.matrix == MatrixId::Q);
    CHECK(st.result.head == 1);
    CHECK(st.result.label == "Q_{2}");
    CHECK((st.result.rows == 3 && st.result.cols == 4));
    check_cells(st.result.cells, 0, 3, 0, 4);
  }
  SECTION("Scores of head 2, query 3: row 3 of Q_2 against all of K_2, shown transposed") {
    const Step& st = steps[attn::find_step(steps, Stage::Scores, 1, 2)];
    REQUIRE(st.operands.size() == 2);
    CHECK(st.operands[0].matrix == MatrixId::Q);
    check_cells(st.operands[0].cells, 2, 1, 0, 4);
    CHECK(st.operands[1].matrix == MatrixId::K);
    CHECK(st.operands[1].transposed);
    CHECK(st.operands[1].label == "K_{2}^{\\top}");
    CHECK((st.operands[1].rows == 3 && st.operands[1].cols == 4));  // stored (n, d_k)
    check_cells(st.operands[1].cells, 0, 3, 0, 4);
    CHECK(st.result.matrix == MatrixId::Scores);
    CHECK(st.result.label == "S_{2}");
    check_cells(st.result.cells, 2, 1, 0, 3);
  }
  SECTION("Scale, Mask and Softmax read the previous stage's row") {
    const Step& scale = steps[attn::find_step(steps, Stage::Scale, 0, 1)];
    CHECK(scale.operands[0].matrix == MatrixId::Scores);
    CHECK(scale.result.matrix == MatrixId::Scaled);
    CHECK(scale.result.label == "\\tilde{S}_{1}");
    const Step& mask = steps[attn::find_step(steps, Stage::Mask, 0, 1)];
    CHECK(mask.operands[0].matrix == MatrixId::Scaled);
    CHECK(mask.result.matrix == MatrixId::Masked);
    CHECK(mask.result.label == "\\hat{S}_{1}");
    const Step& softmax = steps[attn::find_step(steps, Stage::Softmax, 0, 1)];
    CHECK(softmax.operands[0].matrix == MatrixId::Masked);
    CHECK(softmax.result.matrix == MatrixId::Weights);
    check_cells(softmax.result.cells, 1, 1, 0, 3);
  }
  SECTION("WeightedSum: a row of A_h times all of V_h gives a row of O_h") {
    const Step& st = steps[attn::find_step(steps, Stage::WeightedSum, 1, 0)];
    CHECK(st.operands[0].matrix == MatrixId::Weights);
    check_cells(st.operands[0].cells, 0, 1, 0, 3);
    CHECK(st.operands[1].matrix == MatrixId::V);
    CHECK(st.operands[1].label == "V_{2}");
    check_cells(st.operands[1].cells, 0, 3, 0, 4);
    CHECK(st.result.matrix == MatrixId::HeadOutput);
    CHECK(st.result.label == "O_{2}");
    check_cells(st.result.cells, 0, 1, 0, 4);
  }
  SECTION("Concat and the output projection work on whole matrices") {
    const Step& cat = steps[steps.size() - 2];
    REQUIRE(cat.operands.size() == 2);
    CHECK(cat.operands[0].matrix == MatrixId::HeadOutput);
    CHECK(cat.operands[0].head == 0);
    CHECK(cat.operands[1].head == 1);
    CHECK(cat.result.matrix == MatrixId::Concat);
    CHECK(cat.result.label == "\\mathrm{Concat}");
    check_cells(cat.result.cells, 0, 3, 0, 8);
    const Step& out = steps.back();
    CHECK(out.operands[0].matrix == MatrixId::Concat);
    CHECK(out.operands[1].matrix == MatrixId::Wo);
    CHECK(out.operands[1].label == "W_O");
    CHECK(out.result.matrix == MatrixId::Output);
    CHECK(out.result.label == "Y");
    check_cells(out.result.cells, 0, 3, 0, 8);
  }
  SECTION("per-matrix steps read and write whole matrices") {
    const auto whole = steps_of(s, Granularity::PerMatrix);
    const Step& st = whole[attn::find_step(whole, Stage::Scores, 0, -1)];
    CHECK(st.query == -1);
    check_cells(st.operands[0].cells, 0, 3, 0, 4);
    check_cells(st.result.cells, 0, 3, 0, 3);
  }
}

TEST_CASE("find_step finds (stage, head, query) and reports what is absent", "[steps]") {
  const Scenario s = tokens_scenario(3, 2, 4);
  const auto steps = steps_of(s, Granularity::PerQuery);
  const int k = attn::find_step(steps, Stage::Softmax, 1, 2);
  REQUIRE(k >= 0);
  CHECK(keys({steps[k]}) == std::vector<Key>{{Stage::Softmax, 1, 2}});
  CHECK(attn::find_step(steps, Stage::ProjectV, 1, 7) == 2 + 15);  // query ignored
  CHECK(attn::find_step(steps, Stage::Mask, 0, 0) == -1);          // no mask in this scenario
  CHECK(attn::find_step(steps, Stage::Scores, 0, 3) == -1);        // no query 4
  CHECK(attn::find_step(steps, Stage::Scores, 2, 0) == -1);        // no head 3
  CHECK(attn::find_step(steps, Stage::Concat, -1, -1) == int(steps.size()) - 2);

  const auto whole = steps_of(s, Granularity::PerMatrix);
  CHECK(attn::find_step(whole, Stage::Softmax, 1, 2) == 7 + 5);  // per matrix: query ignored
}
