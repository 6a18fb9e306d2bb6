// A loaded file's outline for the core's worker (see file_outline.h).
#include "file_outline.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "runs.h"
#include "scenario/file_matrices.h"

namespace bindings {

namespace {

using emscripten::val;

// The fewest characters of a number in JSON, as json-size.ts counts them: a whole one 1, any
// other 3 ("0.5"), a negative one 1 more, a non-finite one 4 ("null").
double number_length(double x) {
  if (!std::isfinite(x)) return 4;
  return (std::trunc(x) == x ? 1 : 3) + (x < 0 ? 1 : 0);
}

// The brackets and commas of an array of n items.
double brackets(Eigen::Index n) { return static_cast<double>(std::max<Eigen::Index>(1, n) + 1); }

// A matrix as JSON: an array of rows, or a bias's one flat array.
double min_json_length(const attn::Matrix& m, bool flat) {
  double sum = flat ? brackets(m.cols()) : brackets(m.rows()) + m.rows() * brackets(m.cols());
  for (Eigen::Index i = 0; i < m.size(); ++i) sum += number_length(m.data()[i]);
  return sum;
}

// Each matrix the file gives, in file order: field, begin, end, rows, cols, json (file_outline.h).
val outline(const attn::Scenario& s, const std::vector<attn::JsonSpan>& spans) {
  val out = val::array();
  for (const attn::JsonSpan& span : spans) {
    const attn::FileMatrix* f = attn::file_matrix(span.name);
    if (f == nullptr || !(s.*f->given)) continue;  // not a matrix, or w_o: null
    const attn::Matrix& m = *(s.*f->given);
    out.call<void>("push", span.name, static_cast<double>(span.begin),
                   static_cast<double>(span.end), static_cast<double>(m.rows()),
                   static_cast<double>(m.cols()),
                   min_json_length(m, f->group == attn::FileGroup::Bias));
  }
  return out;
}

}  // namespace

val check_file(const std::string& json) {
  std::vector<attn::JsonSpan> spans;
  val out = check_scenario(json, &spans);
  const attn::Scenario* s = checked_scenario();
  if (!out["ok"].as<bool>() || s == nullptr) return out;
  out.set("matrices", outline(*s, spans));
  return out;
}

}  // namespace bindings
