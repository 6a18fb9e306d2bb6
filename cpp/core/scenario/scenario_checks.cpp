// The helpers validate() is built from (scenario_checks.h): numbers and shapes as messages print
// them, range checks, and the check of one explicit matrix.
#include "scenario/scenario_checks.h"

#include <cmath>
#include <cstdio>

#include "scenario/json_number.h"

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
    if (reads_back_as(buf, x)) break;
  }
  return buf;
}

std::string shape(Eigen::Index rows, Eigen::Index cols) {
  return std::to_string(rows) + "\u00d7" + std::to_string(cols);  // "3×4"
}

ValidationError out_of_range(const std::string& field, const std::string& path,
                             const std::string& value, const std::string& limit) {
  return {field, path + " is " + value + "; it must be " + limit};
}

std::string between(long long lo, long long hi) {
  return "between " + std::to_string(lo) + " and " + std::to_string(hi);
}

namespace {

// The sizes of scenario.h with their ranges; d_k, d_v and d_a may be 0, meaning a default.
struct Size {
  const char* field;
  int lo, hi;
  const char* zero_means;
};
const Size kSizes[] = {{"d_model", 1, Limits::kMaxDModel, nullptr},
                       {"heads", 1, Limits::kMaxHeads, nullptr},
                       {"d_k", 0, Limits::kMaxHeadDim, "d_model / heads"},
                       {"d_v", 0, Limits::kMaxHeadDim, "d_model / heads"},
                       {"d_a", 0, Limits::kMaxHeadDim, "d_k"}};

const Size& size(const std::string& field) {
  for (const Size& s : kSizes) {
    if (field == s.field) return s;
  }
  return kSizes[0];
}

}  // namespace

std::string size_limit(const std::string& field) {
  const Size& s = size(field);
  const std::string zero = s.zero_means ? std::string(" (0 means ") + s.zero_means + ")" : "";
  return between(s.lo, s.hi) + zero;
}

Error check_size(const std::string& field, long long value) {
  const Size& s = size(field);
  if (value >= s.lo && value <= s.hi) return std::nullopt;
  return out_of_range(field, field, std::to_string(value), size_limit(field));
}

ValidationError entry_error(const std::string& field, const std::string& path,
                            const std::string& value) {
  return out_of_range(field, path, value,
                      "a finite number " + between(-static_cast<long long>(Limits::kMaxAbsValue),
                                                   static_cast<long long>(Limits::kMaxAbsValue)));
}

std::string score_name(ScoreKind kind) { return score_variant(kind).name; }

std::string window_limit() { return between(1, Limits::kMaxTokens); }

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
      return entry_error(field, field + "[" + std::to_string(r) + "][" + std::to_string(c) + "]",
                         number(v));
    }
  }
  return std::nullopt;
}

Error check_bias(const std::string& field, const Matrix& b, Eigen::Index length,
                 const std::string& length_words) {
  if (b.rows() != 1 || b.cols() != length) {
    return fail(field, field + " has " + std::to_string(b.size()) + " numbers; it must have " +
                           std::to_string(length) + " (" + length_words + ")");
  }
  for (Eigen::Index c = 0; c < length; ++c) {
    const double v = b(0, c);
    if (std::isfinite(v) && std::fabs(v) <= Limits::kMaxAbsValue) continue;
    return entry_error(field, field + "[" + std::to_string(c) + "]", number(v));
  }
  return std::nullopt;
}

}  // namespace checks
}  // namespace attn
