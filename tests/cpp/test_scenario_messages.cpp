// The rules every message of the scenario reader keeps (scenario/quote.h, docs/scenario.md):
// one line, no control character, a few hundred bytes at most, the field named, the limit stated
// for a value out of range, and where the text is when it is not UTF-8.
#include <catch2/catch.hpp>
#include <string>

#include "scenario/quote.h"
#include "scenario/scenario.h"
#include "scenario/scenario_json.h"

namespace {

using attn::ValidationError;

// The error of a file the reader or validate() refuses.
ValidationError refused(const std::string& text) {
  auto result = attn::parse_scenario_json(text);
  if (const auto* e = std::get_if<ValidationError>(&result)) return *e;
  const auto invalid = attn::validate(std::get<attn::Scenario>(result));
  REQUIRE(invalid.has_value());
  return *invalid;
}

// True when `s` holds a byte a terminal would act on: C0, DEL, C1 (as UTF-8: C2 80..9F), the line
// and paragraph separators and bidirectional controls (E2 80 A8..AE), the BOM (EF BB BF).
bool has_control(const std::string& s) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    const unsigned char d = i + 1 < s.size() ? static_cast<unsigned char>(s[i + 1]) : 0;
    const unsigned char e = i + 2 < s.size() ? static_cast<unsigned char>(s[i + 2]) : 0;
    if (c < 0x20 || c == 0x7F || (c == 0xC2 && d >= 0x80 && d <= 0x9F)) return true;
    if (c == 0xE2 && d == 0x80 && e >= 0xA8 && e <= 0xAE) return true;
    if (c == 0xEF && d == 0xBB && e == 0xBF) return true;
  }
  return false;
}

// Every message rule, then the exact message.
void expect_message(const std::string& text, const std::string& field, const std::string& message) {
  INFO(text.substr(0, 200));
  const ValidationError e = refused(text);
  CHECK_FALSE(has_control(e.message));
  CHECK_FALSE(has_control(e.field));
  CHECK(e.message.size() <= 300);
  if (!e.field.empty()) CHECK(e.message.find(e.field) != std::string::npos);
  CHECK(e.field == field);
  CHECK(e.message == message);
}

const std::string kTokens = R"({"query_tokens": ["a", "b"])";
// kTokens plus one more member, e.g. with(R"("d_model": 4)").
std::string with(const std::string& member) { return kTokens + ", " + member + "}"; }

}  // namespace

TEST_CASE("user text in a message is escaped, cut and quoted in one way", "[messages]") {
  CHECK(attn::quote("dmodel") == "\"dmodel\"");
  CHECK(attn::quote("a\"b\\c") == R"("a\"b\\c")");
  CHECK(attn::quote("\x1B[2J\n\t\r") == R"("\u001B[2J\n\t\r")");
  CHECK(attn::quote("\x7F\xC2\x9B") == R"("\u007F\u009B")");                  // DEL, C1 CSI
  CHECK(attn::quote("\xE2\x80\xAEgnp.exe") == R"("\u202Egnp.exe")");          // bidi override
  CHECK(attn::quote("x\xE2\x80\xA8y\xEF\xBB\xBF") == R"("x\u2028y\uFEFF")");  // separator, BOM
  CHECK(attn::quote("caf\xC3\xA9 \xF0\x9F\x98\x80") == "\"caf\xC3\xA9 \xF0\x9F\x98\x80\"");
  CHECK(attn::quote("a\xFF"
                    "b") ==
        "\"a\xEF\xBF\xBD"
        "b\"");  // a byte that is not UTF-8: U+FFFD
  // Forty characters are kept (an emoji is one, an escape as many as it is written with).
  std::string escapes;
  for (int i = 0; i < 6; ++i) escapes += "\\u001B";
  CHECK(attn::quote(std::string(10, '\x1B')) == "\"" + escapes + "\xE2\x80\xA6\"");
  CHECK(attn::quote(std::string(40, 'x')) == "\"" + std::string(40, 'x') + "\"");
  CHECK(attn::quote(std::string(41, 'x')) == "\"" + std::string(40, 'x') + "\xE2\x80\xA6\"");
  std::string emoji;
  for (int i = 0; i < 50; ++i) emoji += "\xF0\x9F\x98\x80";
  CHECK(attn::quote(emoji) == "\"" + emoji.substr(0, 160) + "\xE2\x80\xA6\"");
  CHECK(attn::escape_text("") == "");
}

TEST_CASE("names and values from the file reach a message escaped and cut", "[messages]") {
  expect_message(with(R"("\u001b[31mred": 1)"), R"(\u001B[31mred)",
                 R"(unknown field "\u001B[31mred")");
  expect_message(with("\"" + std::string(3900000, 'x') + "\": 1"),
                 std::string(40, 'x') + "\xE2\x80\xA6",
                 "unknown field \"" + std::string(40, 'x') + "\xE2\x80\xA6\"");
  expect_message(with(R"("": 1)"), "", "an empty field name is not a scenario field");
  expect_message(
      with(R"("edits": [{"matrix": "\u001b[2Jw_q\n", "row": 0, "col": 0, "value": 1}])"), "edits",
      R"(edits[0].matrix is "\u001B[2Jw_q\n"; it must be one of x_q, x_kv, w_q, w_k, )"
      "w_v, w_o, w_bilinear, w_additive_q, w_additive_k, v_additive, b_q, b_k, b_v, b_o");
  expect_message(
      with(R"("edits": [{"": 1}])"), "edits",
      R"(edits[0] has an empty field name; an edit has "matrix", "row", "col" and "value")");
  expect_message(with(R"("mask": "causal\u2028")"), "mask",
                 R"(mask must be "none", "causal" or "window", got "causal\u2028")");
  expect_message(
      R"({"query_tokens": ["a
b"]})",
      "", R"(invalid JSON at line 1, column 21: a line break inside a string; write it as \n)");
}

TEST_CASE("a number out of range names its place and the limit, even beyond a double",
          "[messages]") {
  const std::string entry = "it must be a finite number between -1000000 and 1000000";
  expect_message(with(R"("d_model": 2, "x_q": [[1, 1e400], [0, 1]])"), "x_q",
                 "x_q[0][1] is 1e400; " + entry);
  expect_message(with(R"("d_model": 2, "w_q": [[1, 0], [-1e400, 1]])"), "w_q",
                 "w_q[1][0] is -1e400; " + entry);
  expect_message(with(R"("d_model": 1, "heads": 1, "x_q": [[0], [2e6]])"), "x_q",
                 "x_q[1][0] is 2000000; " + entry);
  expect_message(with(R"("edits": [{"matrix": "w_q", "row": 0, "col": 0, "value": 1e999}])"),
                 "edits", "edits[0].value is 1e999; " + entry);
  expect_message(with(R"("d_model": 4294967296)"), "d_model",
                 "d_model is 4294967296; it must be between 1 and 1024");
  expect_message(with(R"("heads": -1e400)"), "heads",
                 "heads is -1e400; it must be between 1 and 16");
  expect_message(with(R"("d_k": 1e20)"), "d_k",
                 "d_k is 1e+20; it must be between 0 and 512 (0 means d_model / heads)");
  expect_message(with(R"("d_v": 513)"), "d_v",
                 "d_v is 513; it must be between 0 and 512 (0 means d_model / heads)");
  expect_message(
      with(R"("padded_keys": [1e400])"), "padded_keys",
      "padded_keys[0] is 1e400; it must be a key index between 0 and n - 1, at most 511");
  expect_message(with(R"("edits": [{"matrix": "w_q", "row": 0, "col": -4294967296, "value": 1}])"),
                 "edits",
                 "edits[0].col is -4294967296; it must be between 0 and the matrix's columns - 1, "
                 "at most 1023");
  expect_message(with(R"("seed": 1e400)"), "seed",
                 "seed must be a whole number between 0 and 9007199254740991, got 1e400");
  // A literal of any length is cut like any user text.
  expect_message(
      with(R"("d_model": 1)" + std::string(500, '0')), "d_model",
      "d_model is 1" + std::string(39, '0') + "\xE2\x80\xA6; it must be between 1 and 1024");
}

TEST_CASE("text that is not UTF-8 or holds a lone surrogate is refused, saying where",
          "[messages]") {
  const std::string at = "query_tokens[1] at line 1, column 25 ";
  const std::string q = R"({"query_tokens": ["a", ")";
  expect_message(q + "\xFF\"]}", "query_tokens", at + "is not valid UTF-8 (byte 0xFF)");
  expect_message(q + "\xC3\"]}", "query_tokens", at + "is not valid UTF-8 (byte 0xC3)");
  expect_message(q + "\xC0\xAF\"]}", "query_tokens", at + "is not valid UTF-8 (byte 0xC0)");
  expect_message(q + "\xF8\x88\x80\x80\"]}", "query_tokens", at + "is not valid UTF-8 (byte 0xF8)");
  expect_message(q + "\xF4\x90\x80\x80\"]}", "query_tokens", at + "is not valid UTF-8 (byte 0xF4)");
  expect_message(q + "\xED\xA0\xBD\"]}", "query_tokens",
                 at + "holds a lone surrogate U+D83D, which is not valid UTF-8");
  expect_message(q + "ok\xED\xBF\xBF\"]}", "query_tokens",
                 "query_tokens[1] at line 1, column 27 holds a lone surrogate U+DFFF, which is not "
                 "valid UTF-8");
  const std::string pair = R"( (a surrogate escape needs its pair: \uD83D\uDE00))";
  for (const char* lone : {R"(\uD83D)", R"(\uDE00)", R"(\uD83D\u0041)", R"(\uD83Dx)"}) {
    expect_message(q + lone + "\"]}", "query_tokens",
                   at + "holds a lone surrogate \\u" + std::string(lone).substr(2, 4) + pair);
  }
  // In a member name, in a nested value, in an unknown field, outside any string.
  expect_message("{\"query_tokens\": [\"a\"], \"d\xFF\": 1}", "",
                 "a field name at line 1, column 27 is not valid UTF-8 (byte 0xFF)");
  expect_message(with("\"edits\": [{\"matrix\": \"w\xFF\", \"row\": 0, \"col\": 0, \"value\": 1}]"),
                 "edits", "edits[0].matrix at line 1, column 53 is not valid UTF-8 (byte 0xFF)");
  expect_message(with("\"edits\": [{\"m\xC0\": 1}]"), "edits",
                 "a field name in edits[0] at line 1, column 43 is not valid UTF-8 (byte 0xC0)");
  expect_message(with("\"x\\u001b\": [\"\xFF\"]"), "",
                 R"(["x\u001B"][0] at line 1, column 43 is not valid UTF-8 (byte 0xFF))");
  expect_message("{\"query_tokens\": [\"a\", \xFF]}", "",
                 "invalid JSON at line 1, column 24: expected a value, got byte 0xFF, which is not "
                 "UTF-8");
  expect_message("{\"query_tokens\": [\"a\" \xC3\xA9]}", "",
                 "invalid JSON at line 1, column 23: expected ',' or ']' after an array element, "
                 "got '\xC3\xA9'");
}
