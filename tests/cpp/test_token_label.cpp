// Token labels: real tokenizers' notations undone for display (byte-level BPE, SentencePiece,
// WordPiece), everything else unchanged, and the step texts quoting labels.
#include <catch2/catch.hpp>
#include <string>

#include "scenario/token_label.h"
#include "steps/steps_text.h"

using attn::token_label;

TEST_CASE("plain words and special tokens are shown as they are", "[token_label]") {
  for (const char* t : {"Anthony", "director.", "[CLS]", "[SEP]", "<s>", "</s>", "<|endoftext|>",
                        "café", "Ñandú", "über", "😀", "##", "x_1"})
    CHECK(token_label(t) == t);
}

TEST_CASE("byte-level BPE tokens show the text their bytes spell", "[token_label]") {
  CHECK(token_label("\u0120the") == "the");                  // Ġthe: a space, then "the"
  CHECK(token_label("\u0120") == "\u2423");                  // Ġ alone: one visible space, ␣
  CHECK(token_label("\u0120\u0120") == "\u2423\u2423");      // two spaces
  CHECK(token_label("\u010A") == "\u21B5");                  // Ċ: a newline, ↵
  CHECK(token_label("\u0109") == "\u21E5");                  // ĉ: a tab, ⇥
  CHECK(token_label("\u00C3\u00A9t\u00C3\u00A9") == "été");  // Ã©tÃ©: the bytes of "été"
  CHECK(token_label("\u0120\u00C3\u00A9t\u00C3\u00A9") == "été");
  CHECK(token_label("\u00E2\u0122\u013B") == "\u2019");  // âĢĻ: the bytes E2 80 99 of ’
  // Bytes that are not UTF-8 on their own (half of a character) keep the raw token.
  CHECK(token_label("\u00C3") == "\u00C3");
  CHECK(token_label("\u00E2\u0122") == "\u00E2\u0122");
}

TEST_CASE("SentencePiece tokens drop the word-start mark and spell byte fallbacks",
          "[token_label]") {
  CHECK(token_label("\u2581the") == "the");
  CHECK(token_label("\u2581") == "\u2423");
  CHECK(token_label("<0x0A>") == "\u21B5");
  CHECK(token_label("<0x41>") == "A");
  CHECK(token_label("<0xE2>") == "<0xE2>");  // one byte of a longer character: left as is
  CHECK(token_label("<0x0A") == "<0x0A");
}

TEST_CASE("WordPiece continuation pieces are joined with a hyphen", "[token_label]") {
  CHECK(token_label("##ing") == "-ing");
  CHECK(token_label("##s") == "-s");
  CHECK(token_label("play") == "play");
}

TEST_CASE("control characters in a token are shown as visible signs", "[token_label]") {
  CHECK(token_label("a\tb") == "a\u21E5b");
  CHECK(token_label("a\x1b") == "a\u241B");
  CHECK(token_label(" ") == "\u2423");
}

TEST_CASE("step texts quote tokens by their labels", "[token_label]") {
  const std::vector<std::string> tokens = {"[CLS]", "\u0120the", "play", "##ing", "\u0120the"};
  CHECK(attn::token_name(tokens, 0) == "'[CLS]'");
  CHECK(attn::token_name(tokens, 3) == "'-ing'");
  // Two raw tokens with one label are told apart by their number, as equal tokens are.
  CHECK(attn::token_name(tokens, 1) == "'the' (token 2)");
  const std::vector<std::string> mixed = {"the", "\u2581the", "cat"};
  CHECK(attn::token_name(mixed, 1) == "'the' (token 2)");
  CHECK(attn::token_name(mixed, 2) == "'cat'");
}

TEST_CASE("bidirectional controls in a label are named, never applied", "[token_label]") {
  // "âĢ®" is byte-level BPE for the bytes E2 80 AE: U+202E RIGHT-TO-LEFT OVERRIDE.
  CHECK(token_label("\u00e2\u0122\u00ae") == "\u27e8U+202E\u27e9");
  CHECK(token_label("\u0120a\u00e2\u0123\u00a6b") == "a\u27e8U+2066\u27e9b");
  CHECK(token_label("x\u202Ay") == "x\u27e8U+202A\u27e9y");
  CHECK(token_label("\u2069") == "\u27e8U+2069\u27e9");
}
