// llama2.c's version-0 checkpoint: the round trip (shared and separate classifier) and every
// refusal, each naming what is wrong.
#include <catch2/catch.hpp>
#include <cstring>
#include <utility>

#include "lm/checkpoint.h"
#include "lm_fixtures.h"

using namespace attn::lm;

namespace {

int header(const std::string& bytes, int i) {
  int v = 0;
  std::memcpy(&v, bytes.data() + 4 * i, 4);
  return v;
}

std::string with_header(std::string bytes, int i, int v) {
  std::memcpy(&bytes[4 * i], &v, 4);
  return bytes;
}

}  // namespace

TEST_CASE("checkpoint round trip: the header and every float32 value") {
  for (bool shared : {true, false}) {
    const LmWeights w = tiny_weights(shared);
    const std::string bytes = write_checkpoint(w);
    CHECK(header(bytes, 0) == 16);
    CHECK(header(bytes, 4) == 2);
    CHECK(header(bytes, 5) == (shared ? 11 : -11));  // negative: the classifier is its own
    LmWeights back;
    REQUIRE(read_checkpoint(bytes, &back) == "");
    CHECK(back.config.shared_classifier == shared);
    const LmWeights rounded = round_to_f32(w);
    const std::vector<const attn::Matrix*> a = std::as_const(back).params(), b = rounded.params();
    REQUIRE(a.size() == b.size());
    for (std::size_t i = 0; i < a.size(); ++i) CHECK(*a[i] == *b[i]);
    CHECK(write_checkpoint(back) == bytes);
  }
}

TEST_CASE("the file size follows llama2.c's layout, RoPE tables included") {
  const LmWeights w = tiny_weights(false);
  // 7 ints + params + 2 tables of (seq_len, head_size / 2).
  const long floats = w.parameter_count() + 2 * 9 * 2;
  CHECK(write_checkpoint(w).size() == static_cast<std::size_t>(28 + 4 * floats));
}

TEST_CASE("every refusal names the problem") {
  const std::string bytes = write_checkpoint(tiny_weights(true));
  LmWeights out;
  CHECK_THAT(read_checkpoint("", &out), Catch::Contains("fewer than the 28-byte header"));
  CHECK_THAT(read_checkpoint(bytes.substr(0, bytes.size() - 4), &out),
             Catch::Contains("truncated") && Catch::Contains(std::to_string(bytes.size())));
  CHECK_THAT(read_checkpoint(bytes + "xxxx", &out), Catch::Contains("describes"));
  CHECK_THAT(read_checkpoint(with_header(bytes, 3, 3), &out),
             Catch::Contains("dim is 16; it must be a multiple of n_heads (3)"));
  CHECK_THAT(read_checkpoint(with_header(bytes, 4, 3), &out),
             Catch::Contains("n_heads is 4; it must be a multiple of n_kv_heads (3)"));
  CHECK_THAT(read_checkpoint(with_header(bytes, 2, 0), &out),
             Catch::Contains("n_layers is 0; it must be between 1 and 256"));
  CHECK_THAT(read_checkpoint(with_header(bytes, 5, 0), &out), Catch::Contains("vocab_size is 0"));
  CHECK_THAT(read_checkpoint(with_header(bytes, 5, -2147483647 - 1), &out),
             Catch::Contains("vocab_size is"));
  // A huge header is refused by its size before anything is allocated.
  CHECK_THAT(read_checkpoint(with_header(bytes, 0, 16384), &out), Catch::Contains("truncated"));
  CHECK(out.layers.empty());  // nothing kept from a refused file
}
