// Biases b_q, b_k, b_v, b_o (docs/scenario.md): read and checked, added to every row of their
// product, edited like a (1, length) row, and absent meaning exactly today's computation; and the
// two text fields title and source, which the core accepts and checks but never computes with.
#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "attention/attention.h"
#include "scenario/scenario.h"
#include "scenario/scenario_json.h"

using attn::Matrix;
using attn::Scenario;
using attn::ValidationError;

namespace {

Scenario parsed(const std::string& text) {
  auto result = attn::parse_scenario_json(text);
  if (const auto* e = std::get_if<ValidationError>(&result)) FAIL(e->message);
  Scenario s = std::get<Scenario>(result);
  const auto invalid = attn::validate(s);
  if (invalid) FAIL(invalid->message);
  return s;
}

// The error of a file the reader or validate() refuses.
ValidationError refused(const std::string& text) {
  auto result = attn::parse_scenario_json(text);
  if (const auto* e = std::get_if<ValidationError>(&result)) return *e;
  const auto invalid = attn::validate(std::get<Scenario>(result));
  REQUIRE(invalid.has_value());
  return *invalid;
}

void expect_refused(const std::string& text, const std::string& field, const std::string& message) {
  INFO(text);
  const ValidationError e = refused(text);
  CHECK(e.field == field);
  CHECK(e.message == message);
}

// Three tokens, d_model 4, 2 heads of 2, every weight generated; `more` adds members.
std::string small(const std::string& more) {
  return R"({"query_tokens": ["a", "b", "c"], "d_model": 4, "heads": 2)" +
         (more.empty() ? "" : ", " + more) + "}";
}

// The tiny example worked by hand below: identity weights, dot score, one head.
const char* const kTiny = R"({
  "query_tokens": ["x", "y"], "d_model": 2, "heads": 1, "score": "dot",
  "x_q": [[1, 0], [0, 1]],
  "w_q": [[1, 0], [0, 1]], "w_k": [[1, 0], [0, 1]], "w_v": [[1, 0], [0, 1]],
  "w_o": [[1, 0], [0, 1]],
  "b_q": [1, 2], "b_k": [0, 1], "b_v": [1, 1], "b_o": [0.5, -0.5]
})";

}  // namespace

TEST_CASE("a tiny example with biases, worked by hand", "[bias]") {
  const attn::Trace t = attn::run_attention(parsed(kTiny));
  // Q = X I + [1, 2], K = X I + [0, 1], V = X I + [1, 1]: the bias is added to every row.
  CHECK(t.q_all == (Matrix(2, 2) << 2, 2, 1, 3).finished());
  CHECK(t.k_all == (Matrix(2, 2) << 1, 1, 0, 2).finished());
  CHECK(t.v_all == (Matrix(2, 2) << 2, 1, 1, 2).finished());
  // S = Q K^T = [[4, 4], [4, 6]]; row 1's softmax is [1, e^2] / (1 + e^2).
  CHECK(t.heads[0].scores == (Matrix(2, 2) << 4, 4, 4, 6).finished());
  const double a = 1.0 / (1.0 + std::exp(2.0)), b = 1.0 - a;
  CHECK(t.heads[0].weights(0, 0) == 0.5);
  CHECK(t.heads[0].weights(1, 0) == Approx(a).epsilon(1e-15));
  // O = A V; Y = O I + [0.5, -0.5].
  CHECK(t.output(0, 0) == 2.0);
  CHECK(t.output(0, 1) == 1.0);
  CHECK(t.output(1, 0) == Approx(2 * a + b + 0.5).epsilon(1e-15));
  CHECK(t.output(1, 1) == Approx(a + 2 * b - 0.5).epsilon(1e-15));
}

TEST_CASE("the trace with biases equals the direct computation, head by head", "[bias]") {
  // Cross-attention, 2 heads, d_k 3 and d_v 2 (so b_v's blocks differ from b_q's), causal.
  const Scenario s = parsed(R"({"query_tokens": ["a", "b", "c"], "key_tokens": ["d", "e"],
    "d_model": 4, "heads": 2, "d_k": 3, "d_v": 2, "mask": "causal", "seed": 5,
    "b_q": [0.1, -0.2, 0.3, 0.4, -0.5, 0.6], "b_k": [1, 2, 3, 4, 5, 6],
    "b_v": [-1, 0.5, 2, -3], "b_o": [0.25, 0, -0.25, 9]})");
  const attn::Trace t = attn::run_attention(s);
  const attn::Inputs& in = t.inputs;
  REQUIRE(in.b_v.has_value());
  const Matrix v1 = in.x_kv.row(1) * in.w_v + *in.b_v;
  CHECK((t.v_all.row(1) - v1).cwiseAbs().maxCoeff() < 1e-14);
  CHECK(t.heads[1].v.row(0) == t.v_all.block(0, 2, 1, 2));
  const Matrix direct = attn::attention_direct(in, s.score, 2, 3, 2, t.mask);
  CHECK((direct - t.output).cwiseAbs().maxCoeff() < 1e-12);
  // Without its biases the same inputs give a different output: they are really used.
  attn::Inputs plain = in;
  plain.b_q = plain.b_k = plain.b_v = plain.b_o = std::nullopt;
  CHECK((attn::attention_direct(plain, s.score, 2, 3, 2, t.mask) - t.output).norm() > 1e-3);
}

TEST_CASE("without biases the computation is exactly the plain product", "[bias]") {
  const Scenario s = parsed(small(""));
  const attn::Trace t = attn::run_attention(s);
  CHECK_FALSE(t.inputs.b_q.has_value());
  CHECK_FALSE(t.inputs.b_o.has_value());
  CHECK(t.q_all == t.inputs.x_q * t.inputs.w_q);
  CHECK(t.output == t.concat * *t.inputs.w_o);
  // Zero biases given change no number (x + 0 is x).
  const attn::Trace zero =
      attn::run_attention(parsed(small(R"("b_q": [0, 0, 0, 0], "b_o": [0, 0, 0, 0])")));
  CHECK(zero.q_all == t.q_all);
  CHECK(zero.output == t.output);
}

TEST_CASE("biases are never generated, and giving one changes no generated number", "[bias]") {
  const attn::Trace plain = attn::run_attention(parsed(small("")));
  const attn::Trace biased = attn::run_attention(parsed(small(R"("b_k": [1, 1, 1, 1])")));
  CHECK(biased.inputs.w_k == plain.inputs.w_k);
  CHECK(biased.inputs.x_q == plain.inputs.x_q);
  CHECK(biased.q_all == plain.q_all);
  CHECK(biased.k_all == (plain.k_all.array() + 1.0).matrix());
}

TEST_CASE("bias fields: type, length and entries refused with the field and the limit", "[bias]") {
  expect_refused(small(R"("b_q": [1, 2, 3])"), "b_q",
                 "b_q has 3 numbers; it must have 4 (heads\u00b7d_k)");
  expect_refused(small(R"("b_v": [1, 2, 3, 4, 5])"), "b_v",
                 "b_v has 5 numbers; it must have 4 (heads\u00b7d_v)");
  expect_refused(small(R"("b_o": [])"), "b_o", "b_o has 0 numbers; it must have 4 (d_model)");
  expect_refused(small(R"("b_k": [1, true, 3, 4])"), "b_k", "b_k[1] must be a number, got true");
  expect_refused(small(R"("b_q": [[1, 2, 3, 4]])"), "b_q",
                 "b_q[0] must be a number, got an array");
  expect_refused(small(R"("b_q": 1)"), "b_q",
                 "b_q must be a vector (an array of numbers, not of rows), got 1");
  expect_refused(small(R"("b_q": [0, 2e6, 0, 0])"), "b_q",
                 "b_q[1] is 2000000; it must be a finite number between -1000000 and 1000000");
  expect_refused(small(R"("b_o": [0, 0, 1e400, 0])"), "b_o",
                 "b_o[2] is 1e400; it must be a finite number between -1000000 and 1000000");
  expect_refused(small(R"("w_o": null, "b_o": [0, 0, 0, 0])"), "b_o",
                 "b_o is given but w_o is null; there is no output projection to add it to, so "
                 "b_o must be left out");
  expect_refused(small(R"("B_Q": [0, 0, 0, 0])"), "B_Q",
                 "unknown field \"B_Q\" (did you mean \"b_q\"?)");
}

TEST_CASE("title and source: text of a limited length, not part of the computation", "[bias]") {
  const Scenario s = parsed(small(R"("title": "BERT layer 0", "source": "bert-base \u00e9")"));
  CHECK(*s.title == "BERT layer 0");
  CHECK(*s.source == "bert-base \u00e9");
  CHECK(attn::run_attention(s).output == attn::run_attention(parsed(small(""))).output);
  const std::string title120(120, 't'), source300(300, 's');
  parsed(small("\"title\": \"" + title120 + "\", \"source\": \"" + source300 + "\""));
  expect_refused(small("\"title\": \"" + title120 + "t\""), "title",
                 "title is 121 bytes long; it must be between 1 and 120 bytes");
  expect_refused(small("\"source\": \"" + source300 + "s\""), "source",
                 "source is 301 bytes long; it must be between 1 and 300 bytes");
  expect_refused(small(R"("title": "")"), "title",
                 "title is 0 bytes long; it must be between 1 and 120 bytes");
  expect_refused(small(R"("source": 7)"), "source", "source must be a string, got 7");
  // Bytes, not characters: 61 two-byte letters are 122 bytes.
  std::string wide;
  for (int i = 0; i < 61; ++i) wide += "\u00e9";
  expect_refused(small("\"title\": \"" + wide + "\""), "title",
                 "title is 122 bytes long; it must be between 1 and 120 bytes");
}

TEST_CASE("an edit of a bias: an absent one becomes present, zeros but that cell", "[bias]") {
  const attn::Trace plain = attn::run_attention(parsed(small("")));
  const Scenario s = parsed(small(R"("edits": [{"matrix": "b_q", "row": 0, "col": 2, "value": 3}])"));
  const attn::Trace t = attn::run_attention(s);
  REQUIRE(t.inputs.b_q.has_value());
  CHECK(*t.inputs.b_q == (Matrix(1, 4) << 0, 0, 3, 0).finished());
  CHECK(t.q_all.col(2) == (plain.q_all.col(2).array() + 3.0).matrix());
  CHECK(t.q_all.col(1) == plain.q_all.col(1));
  CHECK(t.k_all == plain.k_all);
  // A given bias is edited in place; the later edit of one cell wins.
  const attn::Trace given = attn::run_attention(parsed(small(
      R"("b_o": [1, 2, 3, 4], "edits": [{"matrix": "b_o", "row": 0, "col": 3, "value": 5},
      {"matrix": "b_o", "row": 0, "col": 3, "value": -1}])")));
  CHECK(*given.inputs.b_o == (Matrix(1, 4) << 1, 2, 3, -1).finished());
}

TEST_CASE("an edit of a bias is checked like any edit", "[bias]") {
  expect_refused(small(R"("edits": [{"matrix": "b_k", "row": 1, "col": 0, "value": 1}])"), "edits",
                 "edits[0].row is 1; it must be between 0 and 0 (b_k is 1\u00d74)");
  expect_refused(small(R"("edits": [{"matrix": "b_v", "row": 0, "col": 4, "value": 1}])"), "edits",
                 "edits[0].col is 4; it must be between 0 and 3 (b_v is 1\u00d74)");
  expect_refused(small(R"("w_o": null, "edits": [{"matrix": "b_o", "row": 0, "col": 0,
                 "value": 1}])"),
                 "edits",
                 "edits[0].matrix is \"b_o\", but w_o is null (there is no output projection to "
                 "add b_o to)");
}
