// validate(): a good scenario passes; each bad input is rejected with a message naming the field,
// the offending value and the limit.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "scenario/scenario.h"

using attn::Matrix;
using attn::Scenario;

namespace {

Scenario good() {
  Scenario s;
  s.query_tokens = {"the", "cat", "sat"};
  return s;  // d_model 8, 2 heads, generated everything
}

// Checks that `s` is rejected for `field`, and that the message holds every piece in `parts`.
void expect_rejected(const Scenario& s, const std::string& field,
                     const std::vector<std::string>& parts) {
  const auto error = attn::validate(s);
  REQUIRE(error.has_value());
  INFO("message: " << error->message);
  CHECK(error->field == field);
  CHECK(error->message.find(field) != std::string::npos);
  for (const std::string& part : parts) CHECK(error->message.find(part) != std::string::npos);
}

}  // namespace

TEST_CASE("a default scenario and the worked example pass validation", "[scenario]") {
  CHECK_FALSE(attn::validate(good()).has_value());

  Scenario ex;
  ex.query_tokens = {"w1", "w2", "w3", "w4"};
  ex.d_model = 3;
  ex.heads = 1;
  ex.x_q = Matrix::Identity(4, 3);
  ex.w_q = ex.w_k = ex.w_v = Matrix::Identity(3, 3);
  ex.w_o_mode = attn::OutputProjection::None;
  CHECK_FALSE(attn::validate(ex).has_value());

  Scenario cross = good();
  cross.key_tokens = {"a", "b"};
  cross.d_model = 10;
  cross.heads = 3;
  cross.d_k = 4;  // explicit head sizes: d_model need not divide by heads
  cross.d_v = 5;
  cross.padded_keys = {1};
  cross.mask = attn::MaskKind::Causal;
  cross.x_kv = Matrix::Zero(2, 10);
  cross.w_o_mode = attn::OutputProjection::Given;
  cross.w_o = Matrix::Constant(15, 10, 1e6);
  CHECK_FALSE(attn::validate(cross).has_value());
}

TEST_CASE("sizes out of range are rejected naming the value and the limits", "[scenario]") {
  Scenario s = good();
  s.d_model = 2000;
  expect_rejected(s, "d_model", {"d_model is 2000; it must be between 1 and 1024"});
  s = good();
  s.d_model = 0;
  expect_rejected(s, "d_model", {"0", "1024"});
  s = good();
  s.heads = 17;
  expect_rejected(s, "heads", {"17", "16"});
  s = good();
  s.d_k = 513;
  expect_rejected(s, "d_k", {"513", "512"});
  s = good();
  s.d_v = -1;
  expect_rejected(s, "d_v", {"-1", "512"});
}

TEST_CASE("defaulted head sizes need heads to divide d_model and fit the limit", "[scenario]") {
  Scenario s = good();
  s.d_model = 10;
  s.heads = 3;
  expect_rejected(s, "heads", {"3", "d_model (10)"});
  s.d_k = 4;  // d_v still defaulted
  expect_rejected(s, "heads", {"3", "10"});
  s = good();
  s.d_model = 1024;
  s.heads = 1;
  s.d_v = 16;
  expect_rejected(s, "d_k", {"1024", "512"});
}

TEST_CASE("the projections' width heads·d_k and heads·d_v is bounded", "[scenario]") {
  Scenario s = good();
  s.d_model = 1024;
  s.heads = 16;
  s.d_k = 128;  // 16 · 128 = 2048 > 1024
  expect_rejected(s, "d_k", {"2048", "1024"});
  s.d_k = 64;
  s.d_v = 65;  // 16 · 65 = 1040
  expect_rejected(s, "d_v", {"1040", "1024"});
  s.d_v = 64;
  CHECK_FALSE(attn::validate(s).has_value());
}

TEST_CASE("token lists are checked for count and length", "[scenario]") {
  Scenario s = good();
  s.query_tokens.clear();
  expect_rejected(s, "query_tokens", {"empty", "1", "512"});
  s.query_tokens.assign(513, "x");
  expect_rejected(s, "query_tokens", {"513", "512"});
  s = good();
  s.key_tokens.assign(600, "y");
  expect_rejected(s, "key_tokens", {"600", "512"});
  s = good();
  s.query_tokens[1] = std::string(41, 'a');
  expect_rejected(s, "query_tokens", {"query_tokens[1]", "41", "40"});
  s = good();
  s.key_tokens = {"a", ""};
  expect_rejected(s, "key_tokens", {"key_tokens[1]", "0", "40"});
}

TEST_CASE("seed beyond 2^53 - 1 is rejected", "[scenario]") {
  Scenario s = good();
  s.seed = attn::Limits::kMaxSeed;
  CHECK_FALSE(attn::validate(s).has_value());
  s.seed = attn::Limits::kMaxSeed + 1;
  expect_rejected(s, "seed", {"9007199254740992", "9007199254740991"});
}

TEST_CASE("padded keys must be valid, distinct key indices", "[scenario]") {
  Scenario s = good();  // self-attention over 3 tokens: keys 0..2
  s.padded_keys = {0, 3};
  expect_rejected(s, "padded_keys", {"padded_keys[1]", "3", "between 0 and 2"});
  s.padded_keys = {-1};
  expect_rejected(s, "padded_keys", {"-1", "between 0 and 2"});
  s.padded_keys = {2, 1, 2};
  expect_rejected(s, "padded_keys", {"padded_keys[2]", "2", "already"});
  s.key_tokens = {"a", "b", "c", "d", "e"};  // cross-attention: the limit follows the key count
  s.padded_keys = {4, 5};
  expect_rejected(s, "padded_keys", {"5", "between 0 and 4"});
}

TEST_CASE("explicit matrices must have exactly the documented shape", "[scenario]") {
  Scenario s = good();
  s.d_model = 3;
  s.heads = 1;
  s.w_q = Matrix::Zero(3, 4);
  expect_rejected(s, "w_q",
                  {"w_q has shape 3\u00d74; it must be 3\u00d73 (d_model \u00d7 heads\u00b7d_k)"});

  s = good();  // m = 3, d_model 8, 2 heads of 4
  s.x_q = Matrix::Zero(8, 3);
  expect_rejected(s, "x_q", {"8\u00d73", "3\u00d78"});
  s = good();
  s.w_k = Matrix::Zero(8, 7);
  expect_rejected(s, "w_k", {"8\u00d77", "8\u00d78"});
  s = good();
  s.d_v = 3;
  s.w_v = Matrix::Zero(8, 8);
  expect_rejected(s, "w_v", {"8\u00d78", "8\u00d76"});
  s = good();
  s.d_v = 3;
  s.w_o_mode = attn::OutputProjection::Given;
  s.w_o = Matrix::Zero(8, 8);
  expect_rejected(s, "w_o", {"8\u00d78", "6\u00d78"});
  s.w_o.reset();
  expect_rejected(s, "w_o", {"missing"});

  s = good();
  s.key_tokens = {"a", "b"};
  s.x_kv = Matrix::Zero(3, 8);
  expect_rejected(s, "x_kv", {"3\u00d78", "2\u00d78"});
}

TEST_CASE("x_kv is only accepted with key tokens (cross-attention)", "[scenario]") {
  Scenario s = good();
  s.x_kv = Matrix::Zero(3, 8);
  expect_rejected(s, "x_kv", {"key_tokens", "self-attention"});
}

TEST_CASE("matrix entries must be finite and within 1e6", "[scenario]") {
  Scenario s = good();
  s.w_q = Matrix::Zero(8, 8);
  (*s.w_q)(2, 5) = 2.5e6;
  expect_rejected(s, "w_q", {"w_q[2][5] is 2500000", "-1000000", "1000000"});
  (*s.w_q)(2, 5) = std::numeric_limits<double>::quiet_NaN();
  expect_rejected(s, "w_q", {"NaN", "finite"});
  s = good();
  s.x_q = Matrix::Zero(3, 8);
  (*s.x_q)(1, 0) = -std::numeric_limits<double>::infinity();
  expect_rejected(s, "x_q", {"x_q[1][0]", "-infinity", "1000000"});
  (*s.x_q)(1, 0) = -1000000.5;
  expect_rejected(s, "x_q", {"-1000000.5", "1000000"});
}
