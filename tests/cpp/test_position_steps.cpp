// The position schemes' stages (steps.h): RopeK and RopeQ present only with rope, Alibi only
// with alibi, each in its place in the walk; their operands and results are the trace's own
// matrices (K -> K̄, Q -> Q̄, S̃ + B -> biased), whose numbers the formulas print; the Mask step
// then reads S̃ + B. Scenarios without them keep their old sequence.
#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "attention/attention.h"
#include "attention/registry.h"
#include "generator.h"
#include "steps/steps.h"
#include "variants/alibi/alibi.h"

using attn::Granularity;
using attn::MatrixId;
using attn::Scenario;
using attn::Stage;

namespace {

Scenario small(bool rope, bool alibi) {
  Scenario s;
  s.query_tokens = {"the", "cat", "sat", "on"};
  s.d_model = 8;
  s.heads = 2;  // d_k = 4
  s.seed = 7;
  s.mask = attn::MaskKind::Causal;
  if (rope) s.rope = attn::Rope{10000.0, attn::RopeStyle::Half, 0};
  s.position_offset = rope ? 3 : 0;
  s.alibi = alibi;
  return s;
}

std::vector<Stage> stages_of(const std::vector<attn::Step>& steps, int head) {
  std::vector<Stage> out;
  for (const attn::Step& st : steps) {
    if (st.head == head) out.push_back(st.stage);
  }
  return out;
}

int count(const std::vector<attn::Step>& steps, Stage stage) {
  int n = 0;
  for (const attn::Step& st : steps) n += st.stage == stage;
  return n;
}

}  // namespace

TEST_CASE("position steps: present only when set, in the walk's order", "[steps][position]") {
  const Scenario plain = small(false, false);
  const attn::Trace tp = attn::run_attention(plain);
  const auto none = attn::build_steps(plain, tp, Granularity::PerQuery);
  CHECK(count(none, Stage::RopeK) + count(none, Stage::RopeQ) + count(none, Stage::Alibi) == 0);

  const Scenario both = small(true, true);
  REQUIRE_FALSE(attn::validate(both));
  const attn::Trace t = attn::run_attention(both);
  const auto per_matrix = attn::build_steps(both, t, Granularity::PerMatrix);
  CHECK(stages_of(per_matrix, 1) ==
        std::vector<Stage>{Stage::ProjectQ, Stage::ProjectK, Stage::ProjectV, Stage::RopeK,
                           Stage::RopeQ, Stage::Scores, Stage::Scale, Stage::Alibi, Stage::Mask,
                           Stage::Softmax, Stage::WeightedSum});
  const auto per_query = attn::build_steps(both, t, Granularity::PerQuery);
  CHECK(count(per_query, Stage::RopeK) == 2);      // one per head, every key at once
  CHECK(count(per_query, Stage::RopeQ) == 2 * 4);  // one per head and query
  CHECK(count(per_query, Stage::Alibi) == 2 * 4);
  const std::vector<Stage> head0 = stages_of(per_query, 0);
  CHECK(head0[3] == Stage::RopeK);
  CHECK(head0[4] == Stage::RopeQ);  // query 0 starts with its own rotation
  CHECK(head0[5] == Stage::Scores);
  // The step keys agree with the built steps, and find_step finds the new stages.
  const auto keys = attn::step_keys(t, Granularity::PerQuery);
  REQUIRE(keys.size() == per_query.size());
  CHECK(attn::find_step(per_query, Stage::RopeQ, 1, 2) >= 0);
  CHECK(per_query[static_cast<std::size_t>(attn::find_step(per_query, Stage::Alibi, 1, 2))].query ==
        2);
  CHECK(attn::stage_order(Stage::RopeK) < attn::stage_order(Stage::Scores));
  CHECK(attn::stage_order(Stage::Alibi) > attn::stage_order(Stage::Scale));
  CHECK(attn::stage_order(Stage::Alibi) < attn::stage_order(Stage::Mask));
}

TEST_CASE("position steps: RoPE's operands and results are the trace's q, k and rotated",
          "[steps][position]") {
  const Scenario s = small(true, false);
  const attn::Trace t = attn::run_attention(s);
  for (const attn::Step& st : attn::build_steps(s, t, Granularity::PerQuery)) {
    if (st.stage != Stage::RopeQ && st.stage != Stage::RopeK) continue;
    const bool q = st.stage == Stage::RopeQ;
    INFO("head " << st.head << " query " << st.query);
    REQUIRE(st.operands.size() == 1);
    CHECK(st.operands[0].matrix == (q ? MatrixId::Q : MatrixId::K));
    CHECK(st.result.matrix == (q ? MatrixId::QRotated : MatrixId::KRotated));
    const attn::HeadTrace& h = t.heads[static_cast<std::size_t>(st.head)];
    CHECK(&attn::trace_matrix(t, st.result.matrix, st.head) == &*(q ? h.q_rotated : h.k_rotated));
    CHECK(st.result.rows == 4);  // m = n = 4
    CHECK(st.result.cols == t.d_k);
    CHECK_FALSE(st.flagged);  // before the scores, like the projections
    if (!q) continue;
    CHECK(st.result.cells.row0 == st.query);
    CHECK(st.result.cells.rows == 1);
    // Its position and its rotated row, to the 4 decimals shown.
    const int p = st.query + 3;
    CHECK(st.formula_numbers.find("p = " + std::to_string(st.query) +
                                  " + 3 = " + std::to_string(p)) != std::string::npos);
    CHECK(st.formula_numbers.find(attn::format_fixed((*h.q_rotated)(st.query, 0), 4)) !=
          std::string::npos);
    // Pair 1 of the half style pairs components 1 and 3 and turns by p · 10000^(-2/4).
    CHECK(st.formula_numbers.find(attn::format_fixed(p * std::pow(10000.0, -0.5), 4)) !=
          std::string::npos);
    CHECK(st.formula.find("i+d/2") != std::string::npos);
    CHECK(st.sentence.find("(its index from 0) + 3 (position_offset)") != std::string::npos);
  }
}

TEST_CASE("position steps: the Scores step reads q̄ and k̄ in its numbers", "[steps][position]") {
  const Scenario s = small(true, false);
  const attn::Trace t = attn::run_attention(s);
  const auto steps = attn::build_steps(s, t, Granularity::PerQuery);
  const attn::Step& st =
      steps[static_cast<std::size_t>(attn::find_step(steps, Stage::Scores, 0, 2))];
  const attn::HeadTrace& h = t.heads[0];
  const std::string first = attn::format_fixed((*h.q_rotated)(2, 0), 4);
  CHECK(st.formula_numbers.find(first) != std::string::npos);
  CHECK(std::abs(h.q_rotated->row(2).dot(h.k_rotated->row(0)) - h.scores(2, 0)) < 1e-12);
}

TEST_CASE("position steps: ALiBi adds B to the scaled scores; the mask reads the sum",
          "[steps][position]") {
  const Scenario s = small(false, true);
  const attn::Trace t = attn::run_attention(s);
  const std::vector<double> slopes = attn::variants::alibi_slopes(2);
  for (const attn::Step& st : attn::build_steps(s, t, Granularity::PerMatrix)) {
    const attn::HeadTrace& h = t.heads[static_cast<std::size_t>(st.head < 0 ? 0 : st.head)];
    if (st.stage == Stage::Mask) {
      CHECK(st.operands[0].matrix == MatrixId::Biased);
      CHECK(st.sentence.find("with ALiBi it masks") != std::string::npos);
    }
    if (st.stage != Stage::Alibi) continue;
    REQUIRE(st.operands.size() == 2);
    CHECK(st.operands[0].matrix == MatrixId::Scaled);
    CHECK(st.operands[1].matrix == MatrixId::Bias);
    CHECK(st.result.matrix == MatrixId::Biased);
    CHECK(*h.biased == h.scaled + *h.bias);  // the same additions, bit for bit
    CHECK((*h.bias)(3, 1) == -slopes[static_cast<std::size_t>(st.head)] * 2.0);
    // Visible entries of the masked scores are the biased ones, exactly.
    CHECK(h.masked(3, 1) == (*h.biased)(3, 1));
    const std::string slope = attn::format_fixed(slopes[static_cast<std::size_t>(st.head)], 4);
    CHECK(st.sentence.find("slope " + slope + " (2^(−8·" + std::to_string(st.head + 1) + "/2)") !=
          std::string::npos);
    CHECK(st.formula_numbers.find(attn::format_fixed((*h.biased)(1, 0), 4)) != std::string::npos);
  }
  const auto rows = attn::build_steps(s, t, Granularity::PerQuery);
  const attn::Step& row = rows[static_cast<std::size_t>(attn::find_step(rows, Stage::Alibi, 1, 3))];
  CHECK(row.result.cells.row0 == 3);
  CHECK(row.formula_numbers.find(attn::format_fixed((*t.heads[1].bias)(3, 0), 4)) !=
        std::string::npos);
  const attn::Step& mask = rows[static_cast<std::size_t>(attn::find_step(rows, Stage::Mask, 1, 3))];
  CHECK(mask.formula.find("\\tilde{s}^{B}_{4,j}") != std::string::npos);
}

TEST_CASE("position_offset shifts the sinusoidal positions; 0 leaves them as they were",
          "[steps][position]") {
  Scenario s = small(false, false);
  const attn::Trace at0 = attn::run_attention(s);
  CHECK(at0.inputs.positional_q == attn::positional_encoding(4, 8));
  s.position_offset = 5;
  const attn::Trace at5 = attn::run_attention(s);
  const attn::Matrix longer = attn::positional_encoding(9, 8);
  CHECK(at5.inputs.positional_q == longer.bottomRows(4));
  CHECK(at5.inputs.embeddings_q == at0.inputs.embeddings_q);
}
