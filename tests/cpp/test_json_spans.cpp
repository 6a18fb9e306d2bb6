// Where the top-level members' values lie in a scenario file's text (json.h's JsonSpan): the
// core's worker cuts the page's copy of a loaded file from these bytes instead of reading the
// whole text again in JavaScript (web/src/wasm/stored-files.ts).
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "scenario/json.h"
#include "scenario/scenario_json.h"

namespace {

using attn::JsonSpan;

// Each span's name and the text it covers.
std::vector<std::string> cut(const std::string& text, const std::vector<JsonSpan>& spans) {
  std::vector<std::string> out;
  for (const JsonSpan& s : spans)
    out.push_back(s.name + "=" + text.substr(s.begin, s.end - s.begin));
  return out;
}

}  // namespace

TEST_CASE("spans cover each top-level value exactly, whitespace left out") {
  const std::string text =
      "\xEF\xBB\xBF{ \"query_tokens\" :\n [\"a\", \"b\"] ,\"x_q\":[[1, -0.5],\n [2e3,4]]\t,"
      " \"heads\": 1 ,\"title\":\"{\\\"]\" }\n";
  std::vector<JsonSpan> spans;
  REQUIRE(std::holds_alternative<attn::JsonValue>(attn::parse_json(text, &spans)));
  CHECK(cut(text, spans) == std::vector<std::string>{"query_tokens=[\"a\", \"b\"]",
                                                     "x_q=[[1, -0.5],\n [2e3,4]]", "heads=1",
                                                     "title=\"{\\\"]\""});
}

TEST_CASE("spans are of the top level only, and none for an array or a failed parse") {
  std::vector<JsonSpan> spans;
  REQUIRE(std::holds_alternative<attn::JsonValue>(attn::parse_json(
      R"({"edits": [{"matrix": "x_q", "row": 0}], "rope": {"base": 10}})", &spans)));
  CHECK(spans.size() == 2);
  spans.clear();
  REQUIRE(std::holds_alternative<attn::JsonValue>(attn::parse_json("[{\"a\": 1}]", &spans)));
  CHECK(spans.empty());
  CHECK(std::holds_alternative<attn::JsonError>(attn::parse_json("{\"a\": [1,}", &spans)));
}

TEST_CASE("a scenario file's spans come with its parse, and the scenario is the same") {
  const std::string text = R"({"query_tokens": ["a", "b"], "d_model": 2, "x_q": [[1, 2], [3, 4]]})";
  std::vector<JsonSpan> spans;
  auto with = attn::parse_scenario_json(text, &spans);
  auto without = attn::parse_scenario_json(text);
  REQUIRE(std::holds_alternative<attn::Scenario>(with));
  REQUIRE(std::holds_alternative<attn::Scenario>(without));
  CHECK(*std::get<attn::Scenario>(with).x_q == *std::get<attn::Scenario>(without).x_q);
  CHECK(cut(text, spans) == std::vector<std::string>{"query_tokens=[\"a\", \"b\"]", "d_model=2",
                                                     "x_q=[[1, 2], [3, 4]]"});
}
