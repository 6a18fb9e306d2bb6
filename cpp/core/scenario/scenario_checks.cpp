// The helpers validate() is built from (scenario_checks.h): numbers and shapes as messages print
// them, range checks, and the check of one explicit matrix.
#include "scenario/scenario_checks.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace attn {
namespace checks {

Error fail(const std::string& field, const std::string& message) {
  return ValidationError{field, message};
}

std::string number(double x) {
  if (std::isnan(x)) return "NaN";
  if (std::isinf(x)) return x > 0 ? "infinity" : "-infinity";
  char buf[40];
  if (x == std::floor(x) && std::fabs(x) < 1e15) {
    std::snprintf(buf, sizeof buf, "%.0f", x);
    return buf;
  }
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(buf, sizeof buf, "%.*g", digits, x);
    if (std::strtod(buf, nullptr) == x) break;
  }
  return buf;
}

std::string shape(Eigen::Index rows, Eigen::Index cols) {
  return std::to_string(rows) + "\u00d7" + std::to_string(cols);  // "3×4"
}

Error check_range(const std::string& field, long long value, long long lo, long long hi) {
  if (value >= lo && value <= hi) return std::nullopt;
  return fail(field, field + " is " + std::to_string(value) + "; it must be between " +
                         std::to_string(lo) + " and " + std::to_string(hi));
}

std::string score_name(ScoreKind kind) {
  switch (kind) {
    case ScoreKind::Dot:
      return "dot";
    case ScoreKind::ScaledDot:
      return "scaled_dot";
    case ScoreKind::General:
      return "general";
    case ScoreKind::Additive:
      return "additive";
  }
  return std::to_string(static_cast<int>(kind));
}

Error check_matrix(const std::string& field, const Matrix& x, Eigen::Index rows, Eigen::Index cols,
                   const std::string& shape_words) {
  if (x.rows() != rows || x.cols() != cols) {
    return fail(field, field + " has shape " + shape(x.rows(), x.cols()) + "; it must be " +
                           shape(rows, cols) + " (" + shape_words + ")");
  }
  for (Eigen::Index r = 0; r < rows; ++r) {
    for (Eigen::Index c = 0; c < cols; ++c) {
      const double v = x(r, c);
      if (std::isfinite(v) && std::fabs(v) <= Limits::kMaxAbsValue) continue;
      return fail(field, field + "[" + std::to_string(r) + "][" + std::to_string(c) + "] is " +
                             number(v) + "; it must be a finite number between " +
                             number(-Limits::kMaxAbsValue) + " and " +
                             number(Limits::kMaxAbsValue));
    }
  }
  return std::nullopt;
}

}  // namespace checks
}  // namespace attn
