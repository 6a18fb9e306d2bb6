// Scenarios and small helpers shared by the Catch2 tests (steps, drill, sweep, worked example).
#pragma once

#include <catch2/catch.hpp>
#include <initializer_list>
#include <string>
#include <vector>

#include "attention/attention.h"
#include "steps/steps.h"

namespace fixtures {

/// A row vector from its values: row({1, 2, 3}) is (1, 3).
inline attn::RowVector row(std::initializer_list<double> values) {
  attn::RowVector r(static_cast<Eigen::Index>(values.size()));
  Eigen::Index c = 0;
  for (double v : values) r(c++) = v;
  return r;
}

/// Self-attention over `tokens` tokens named a, b, c, ...; generated inputs.
inline attn::Scenario tokens_scenario(int tokens, int heads, int d_model) {
  attn::Scenario s;
  for (int i = 0; i < tokens; ++i) s.query_tokens.push_back(std::string(1, char('a' + i)));
  s.heads = heads;
  s.d_model = d_model;
  return s;
}

/// The multi-head article's sentence (docs/conventions.md): 9 tokens, d_model 512, 8 heads of 64.
inline attn::Scenario article_sentence() {
  attn::Scenario s;
  s.query_tokens = {"Anthony", "Hopkins", "admired", "Michael", "Bay",
                    "as",      "a",       "great",   "director"};
  s.d_model = 512;
  s.heads = 8;
  return s;
}

/// The worked example of docs/conventions.md: four words, one head, d_k = 3, no W_O.
inline attn::Scenario worked_example() {
  using attn::Matrix;
  attn::Scenario s;
  s.query_tokens = {"word1", "word2", "word3", "word4"};
  s.d_model = 3;
  s.heads = 1;
  s.x_q = (Matrix(4, 3) << 1, 0, 0, 0, 1, 0, 1, 1, 0, 0, 0, 1).finished();
  s.w_q = (Matrix(3, 3) << 2, 0, 2, 2, 0, 0, 2, 1, 2).finished();
  s.w_k = (Matrix(3, 3) << 2, 2, 2, 0, 2, 1, 0, 1, 1).finished();
  s.w_v = (Matrix(3, 3) << 1, 1, 0, 0, 1, 1, 0, 0, 0).finished();
  s.w_o_mode = attn::OutputProjection::None;
  return s;
}

/// The steps of a scenario that must be valid.
inline std::vector<attn::Step> steps_of(const attn::Scenario& s, attn::Granularity g) {
  REQUIRE_FALSE(attn::validate(s).has_value());
  return attn::build_steps(s, attn::run_attention(s), g);
}

}  // namespace fixtures
