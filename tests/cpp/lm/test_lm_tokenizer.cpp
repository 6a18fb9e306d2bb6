// The BPE tokenizer: its llama2.c layout, the tokenizer.bin round trip, encode/decode round trips
// and run.c's merge order (checked against a plain transcription of run.c's O(n^2) loop).
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "generator.h"
#include "lm/bpe.h"
#include "lm/tokenizer.h"

using namespace attn::lm;

namespace {

const std::string kText =
    "In the beginning God created the heaven and the earth.\n"
    "And the earth was without form, and void; and darkness was upon the face of the deep.\n"
    "And God said, Let there be light: and there was light.\n";

// run.c's merge loop as written there: scan every pair, keep the first of the best scores.
std::vector<int> run_c_merges(const Tokenizer& t, std::vector<int> tok) {
  while (true) {
    float best = -1e10f;
    int best_id = -1, best_i = -1;
    for (std::size_t i = 0; i + 1 < tok.size(); ++i) {
      auto it = t.ids.find(t.pieces[tok[i]] + t.pieces[tok[i + 1]]);
      if (it != t.ids.end() && t.scores[it->second] > best) {
        best = t.scores[it->second], best_id = it->second, best_i = static_cast<int>(i);
      }
    }
    if (best_i < 0) return tok;
    tok[best_i] = best_id;
    tok.erase(tok.begin() + best_i + 1);
  }
}

// The tokens before merging: BOS, the dummy prefix, one per byte of ASCII text.
std::vector<int> unmerged(const Tokenizer& t, const std::string& ascii) {
  std::vector<int> tok{kBos, t.ids.at(" ")};
  for (char c : ascii) tok.push_back(t.ids.at(std::string(1, c)));
  return tok;
}

}  // namespace

TEST_CASE("learn_bpe lays the vocabulary out as llama2.c expects") {
  const Tokenizer t = learn_bpe(kText, 300);
  REQUIRE(t.size() == 300);
  CHECK(t.pieces[0] == "<unk>");
  CHECK(t.pieces[1] == "\n<s>\n");
  CHECK(t.pieces[3] == "<0x00>");
  CHECK(t.pieces[3 + 0x41] == "<0x41>");
  CHECK(t.pieces[258] == "<0xFF>");
  CHECK(t.ids.count(" ") == 1);
  // Merges are scored in the order learned: later merges score lower.
  CHECK(t.scores[299] < t.scores[298]);
  CHECK(t.pieces[299].size() >= 2);
}

TEST_CASE("tokenizer.bin round trip keeps every piece and score") {
  const Tokenizer t = learn_bpe(kText, 320);
  Tokenizer back;
  REQUIRE(read_tokenizer(write_tokenizer(t), t.size(), &back) == "");
  CHECK(back.pieces == t.pieces);
  CHECK(back.scores == t.scores);
  CHECK(back.max_token_length == t.max_token_length);
}

TEST_CASE("encode then decode gives the text back, byte fallback included") {
  const Tokenizer t = learn_bpe(kText, 330);
  for (const std::string text : {std::string("And the earth was light."), std::string("héllo ✓ 😀"),
                                 std::string("  two  spaces\nand a newline\n"), std::string("")}) {
    const std::vector<int> ids = encode(t, text, true);
    CHECK(ids.front() == kBos);
    // The dummy prefix is the first piece's leading space, which decoding after BOS drops.
    CHECK(decode(t, ids) == text);
  }
  // Characters the corpus never had fall back to their bytes at ids 3-258.
  const std::vector<int> ids = encode(t, "✓", false);
  CHECK(ids == std::vector<int>{t.ids.at(" "), 0xE2 + 3, 0x9C + 3, 0x93 + 3});
}

TEST_CASE("encode merges the highest-scoring pair first, as run.c does") {
  Tokenizer t = learn_bpe("abc", 259 + 4);  // bytes, " ", a, b, c; no merges yet
  t.pieces.push_back("ab"), t.scores.push_back(-1.0f);
  t.pieces.push_back("bc"), t.scores.push_back(0.0f);
  t.index();
  // "bc" outranks "ab", so "abc" is a + bc even though ab comes first in the text.
  CHECK(encode(t, "abc", false) == std::vector<int>{t.ids.at(" "), t.ids.at("a"), t.ids.at("bc")});
  t.scores.back() = -2.0f;
  CHECK(encode(t, "abc", false) == std::vector<int>{t.ids.at(" "), t.ids.at("ab"), t.ids.at("c")});
}

TEST_CASE("the heap encoder equals run.c's loop on random text") {
  const Tokenizer t = learn_bpe(kText, 400);
  attn::SplitMix64 rng(5);
  const std::string alphabet = "aehnrt dw.,";
  for (int trial = 0; trial < 200; ++trial) {
    std::string text;
    const int n = 1 + static_cast<int>(rng.next_unit() * 60);
    for (int i = 0; i < n; ++i) text += alphabet[static_cast<int>(rng.next_unit() * 11)];
    REQUIRE(encode(t, text, true) == run_c_merges(t, unmerged(t, text)));
  }
}

TEST_CASE("a tokenizer of another vocabulary is refused with the reason") {
  const Tokenizer t = learn_bpe(kText, 300);
  const std::string bytes = write_tokenizer(t);
  Tokenizer out;
  CHECK_THAT(read_tokenizer(bytes, 301, &out),
             Catch::Contains("ends at entry 300") && Catch::Contains("301 entries"));
  CHECK_THAT(read_tokenizer(bytes, 299, &out), Catch::Contains("bytes are left after"));
  CHECK_THAT(read_tokenizer("", 300, &out), Catch::Contains("empty"));
  CHECK_THAT(read_tokenizer(bytes.substr(0, 100), 300, &out), Catch::Contains("ends at entry"));
  CHECK(out.size() == 0);  // nothing was kept from a refused file
}
