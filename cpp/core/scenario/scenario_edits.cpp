// validate()'s check of the cell edits (scenario_checks.h, check_edits): each edit must name a
// matrix this scenario has, a cell inside it, and a value an explicit matrix could hold.
#include <cmath>
#include <string>

#include "scenario/file_matrices.h"
#include "scenario/quote.h"
#include "scenario/scenario_checks.h"

namespace attn {
namespace checks {
namespace {

/// The shape of the matrix an edit may name, or why the scenario has no such matrix.
struct Target {
  bool exists = false;
  int rows = 0, cols = 0;
  std::string why_not;  ///< the end of the message when !exists, from its "; " or ", but "
};

/// The words of the names an edit may use: "x_q, x_kv, ..., b_o" (file_matrices.h's order).
std::string known_names() {
  std::string out;
  for (const FileMatrix& f : file_matrices())
    out += (out.empty() ? "" : ", ") + std::string(f.field);
  return out;
}

/// The matrix called `name` in scenario `s` (its shape rule in file_matrices.cpp), after
/// generation. A bias is editable whether given or absent (an absent one is zeros).
Target target(const Scenario& s, const std::string& name) {
  const FileMatrix* f = file_matrix(name);
  if (!f) return {false, 0, 0, "; it must be one of " + known_names()};
  if (file_matrix_present(*f, s)) {
    const auto [rows, cols] = file_matrix_shape(*f, s);
    return {true, rows, cols, ""};
  }
  if (f->presence != Presence::ScoreKind) return {false, 0, 0, f->absent_edit};
  // A scoring parameter exists only with the score kind that uses it.
  return {false, 0, 0,
          ", but score is \"" + score_name(s.score) + "\"; " + name + " is only used by score \"" +
              score_name(f->score) + "\""};
}

/// "<path> is <index>; it must be between 0 and <size - 1> (<matrix> is <rows>×<cols>)".
Error check_index(const std::string& path, int index, int size, const std::string& matrix,
                  const Target& t) {
  if (index >= 0 && index < size) return std::nullopt;
  return out_of_range("edits", path, std::to_string(index),
                      between(0, size - 1) + " (" + matrix + " is " + shape(t.rows, t.cols) + ")");
}

}  // namespace

Error check_edits(const Scenario& s) {
  const std::size_t count = s.edits.size();
  if (count > static_cast<std::size_t>(Limits::kMaxEdits)) {
    return fail("edits", "edits has " + std::to_string(count) + " cells; it must have at most " +
                             std::to_string(Limits::kMaxEdits));
  }
  for (std::size_t i = 0; i < count; ++i) {
    const CellEdit& e = s.edits[i];
    const std::string path = "edits[" + std::to_string(i) + "]";
    // The matrix: known, and present in this scenario (its score kind, its sides, its W_O).
    const Target t = target(s, e.matrix);
    if (!t.exists) {
      return fail("edits", path + ".matrix is " + quote(e.matrix) + t.why_not);
    }
    // The cell: inside the matrix's (rows, cols).
    if (auto err = check_index(path + ".row", e.row, t.rows, e.matrix, t)) return err;
    if (auto err = check_index(path + ".col", e.col, t.cols, e.matrix, t)) return err;
    // The value: what an explicit matrix entry may be.
    if (!std::isfinite(e.value) || std::fabs(e.value) > Limits::kMaxAbsValue) {
      return entry_error("edits", path + ".value", number(e.value));
    }
  }
  return std::nullopt;
}

}  // namespace checks
}  // namespace attn
