// Numbers and tokens as text: format_fixed (JavaScript's toFixed, digit for digit) and the LaTeX
// and plain-text helpers the step texts share (steps_text.h).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "scenario/json_number.h"
#include "scenario/token_label.h"
#include "steps/steps.h"
#include "steps/steps_text.h"

namespace attn {
namespace {

/// JavaScript's Number::toString for a finite |x| >= 1e21, which toFixed falls back to: the
/// shortest digits that read back as x, in exponent form ("1e+21", "-1.2345e+32").
std::string js_exponent_string(double x) {
  char buf[64];
  // The fewest significant digits (1..17) whose correctly rounded decimal reads back as x.
  for (int precision = 0; precision < 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*e", precision, std::fabs(x));
    if (reads_back_as(buf, std::fabs(x))) break;
  }
  // buf is "d.ddde+XX" or "de+XX": keep the mantissa; write the exponent as JavaScript does.
  std::string s(buf);
  const auto e = s.find('e');
  std::string mantissa = s.substr(0, e);
  const int exponent = std::atoi(s.c_str() + e + 1);
  return (x < 0 ? "-" : "") + mantissa + "e+" + std::to_string(exponent);
}

/// Adds one unit in the last place to a string of decimal digits, carrying as needed.
void increment_digits(std::string& digits) {
  for (auto it = digits.rbegin(); it != digits.rend(); ++it) {
    if (*it != '9') {
      ++*it;
      return;
    }
    *it = '0';
  }
  digits.insert(digits.begin(), '1');
}

}  // namespace

std::string format_fixed(double x, int digits) {
  if (std::isnan(x)) return "\\mathrm{NaN}";
  if (std::isinf(x)) return x < 0 ? "-\\infty" : "\\infty";
  digits = std::clamp(digits, 0, 100);
  if (std::fabs(x) >= 1e21) return js_exponent_string(x);

  // A double is f * 2^e with a 53-bit integer f, so its exact decimal expansion has at most
  // 53 - e fraction digits (e from frexp). Printing that many digits rounds nothing: glibc and
  // musl print the exact expansion, and the rounding below is ours, not printf's.
  int exponent = 0;
  std::frexp(x, &exponent);
  const int precision = std::max(digits + 1, 53 - exponent);
  std::vector<char> buf(static_cast<size_t>(precision) + 32);
  std::snprintf(buf.data(), buf.size(), "%.*f", precision, std::fabs(x));
  const std::string exact(buf.data());
  const auto dot = exact.find('.');

  // Keep the integer part and `digits` fraction digits; the first dropped digit decides.
  // Ties (a dropped "5000...") round away from zero, as toFixed picks the larger n on |x|.
  std::string kept = exact.substr(0, dot) + exact.substr(dot + 1, digits);
  if (exact[dot + 1 + digits] >= '5') increment_digits(kept);

  const bool is_zero = kept.find_first_not_of('0') == std::string::npos;
  std::string out = (x < 0 && !is_zero) ? "-" : "";  // no "-0.0000"
  const size_t int_len = kept.size() - digits;
  out += kept.substr(0, int_len);
  if (digits > 0) out += "." + kept.substr(int_len);
  return out;
}

std::string latex_number(double x) { return format_fixed(x, kShownDigits); }

std::string latex_factor(double x) {
  const std::string s = latex_number(x);
  return s[0] == '-' ? "(" + s + ")" : s;
}

std::vector<int> shown_indices(int count, int max_shown, int head, int tail) {
  std::vector<int> out;
  if (count <= max_shown) {
    for (int i = 0; i < count; ++i) out.push_back(i);
    return out;
  }
  for (int i = 0; i < head; ++i) out.push_back(i);
  out.push_back(-1);
  for (int i = count - tail; i < count; ++i) out.push_back(i);
  return out;
}

std::string latex_row(const RowVector& v) {
  std::string s = "\\begin{bmatrix} ";
  const auto cols = shown_indices(static_cast<int>(v.size()), 6, 3, 2);
  for (size_t k = 0; k < cols.size(); ++k) {
    if (k > 0) s += " & ";
    s += cols[k] < 0 ? "\\cdots" : latex_number(v(cols[k]));
  }
  return s + " \\end{bmatrix}";
}

std::string latex_matrix(const Matrix& a) {
  const auto rows = shown_indices(static_cast<int>(a.rows()), 4, 2, 1);
  const auto cols = shown_indices(static_cast<int>(a.cols()), 4, 2, 1);
  std::string s = "\\begin{bmatrix} ";
  for (size_t r = 0; r < rows.size(); ++r) {
    if (r > 0) s += " \\\\ ";
    for (size_t c = 0; c < cols.size(); ++c) {
      if (c > 0) s += " & ";
      if (rows[r] < 0) {
        s += cols[c] < 0 ? "\\ddots" : "\\vdots";
      } else {
        s += cols[c] < 0 ? "\\cdots" : latex_number(a(rows[r], cols[c]));
      }
    }
  }
  return s + " \\end{bmatrix}";
}

std::string dims(int rows, int cols) {
  return "(" + std::to_string(rows) + "×" + std::to_string(cols) + ")";
}

std::string token_name(const std::vector<std::string>& tokens, int i) {
  // Tokens are quoted by their labels; two with one label are told apart by their number.
  const std::string label = token_label(tokens[i]);
  const std::string quoted = "'" + label + "'";
  const auto same = [&](const std::string& t) { return token_label(t) == label; };
  if (std::count_if(tokens.begin(), tokens.end(), same) < 2) return quoted;
  return quoted + " (token " + std::to_string(i + 1) + ")";
}

std::string token_list(const std::vector<std::string>& tokens, const std::vector<int>& indices) {
  const size_t shown = indices.size() > 4 ? 3 : indices.size();
  std::string s;
  for (size_t k = 0; k < shown; ++k) s += (k > 0 ? ", " : "") + token_name(tokens, indices[k]);
  if (shown < indices.size()) s += " and " + std::to_string(indices.size() - shown) + " more";
  return s;
}

std::string unicode_label(const std::string& latex) {
  static const char* const kSuperscripts[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
  static const std::vector<std::pair<std::string, std::string>> kWords = {
      {"\\tilde{S}^{B}", "S̃ᴮ"}, {"\\tilde{S}", "S̃"}, {"\\hat{S}", "Ŝ"},
      {"\\bar{Q}", "Q̄"},        {"\\bar{K}", "K̄"},   {"\\mathrm{Concat}", "Concat"},
      {"^{\\top}", "ᵀ"}};
  std::string s = latex;
  for (const auto& [from, to] : kWords) {
    for (auto at = s.find(from); at != std::string::npos; at = s.find(from)) {
      s.replace(at, from.size(), to);
    }
  }
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s.compare(i, 3, "^{(") == 0) {  // ^{(12)} -> ⁽¹²⁾
      out += "⁽";
      for (i += 3; i < s.size() && s[i] != ')'; ++i) out += kSuperscripts[s[i] - '0'];
      out += "⁾";
      i += 1;  // the closing '}'
    } else if (s[i] != '{' && s[i] != '}') {
      out += s[i];  // _{2} -> _2, _{kv} -> _kv
    }
  }
  return out;
}

}  // namespace attn
