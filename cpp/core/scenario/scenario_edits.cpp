// validate()'s check of the cell edits (scenario_checks.h, check_edits): each edit must name a
// matrix this scenario has, a cell inside it, and a value an explicit matrix could hold.
#include <cmath>
#include <string>

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

/// The matrix called `name` in scenario `s` (its shapes as in scenario.h), after generation.
Target target(const Scenario& s, const std::string& name) {
  const int dm = s.d_model, h = s.heads, dk = s.head_dim_k(), da = s.hidden_dim_a();
  const int hk = h * dk, hv = h * s.head_dim_v();
  // A scoring parameter exists only with the score kind that uses it.
  auto scoring = [&](ScoreKind used_by, int rows, int cols) {
    if (s.score == used_by) return Target{true, rows, cols, ""};
    return Target{false, 0, 0,
                  ", but score is \"" + score_name(s.score) + "\"; " + name +
                      " is only used by score \"" + score_name(used_by) + "\""};
  };
  if (name == "x_q") return {true, s.m(), dm, ""};
  if (name == "x_kv") {
    if (!s.is_self_attention()) return {true, s.n(), dm, ""};
    return {false, 0, 0,
            ", but there is no x_kv in self-attention; edit x_q, which the keys and values share"};
  }
  if (name == "w_q" || name == "w_k") return {true, dm, hk, ""};
  if (name == "w_v") return {true, dm, hv, ""};
  if (name == "w_o") {
    if (s.w_o_mode != OutputProjection::None) return {true, hv, dm, ""};
    return {false, 0, 0, ", but w_o is null (there is no output projection)"};
  }
  if (name == "w_bilinear") return scoring(ScoreKind::General, dk, hk);
  if (name == "w_additive_q" || name == "w_additive_k") {
    return scoring(ScoreKind::Additive, dk, h * da);
  }
  if (name == "v_additive") return scoring(ScoreKind::Additive, h, da);
  // A bias is a (1, length) row, editable whether given or absent (an absent one is zeros).
  if (name == "b_q" || name == "b_k") return {true, 1, hk, ""};
  if (name == "b_v") return {true, 1, hv, ""};
  if (name == "b_o") {
    if (s.w_o_mode != OutputProjection::None) return {true, 1, dm, ""};
    return {false, 0, 0, ", but w_o is null (there is no output projection to add b_o to)"};
  }
  return {false, 0, 0,
          "; it must be one of x_q, x_kv, w_q, w_k, w_v, w_o, w_bilinear, w_additive_q, "
          "w_additive_k, v_additive, b_q, b_k, b_v, b_o"};
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
