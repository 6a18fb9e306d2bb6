#include "lm/json.h"

#include <cmath>
#include <cstdio>

#include "scenario/quote.h"

namespace attn::lm::json {

std::string number(double x) {
  if (!std::isfinite(x)) return "null";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}

std::string string(const std::string& s) {
  std::string out = "\"";
  for (std::size_t i = 0; i < s.size();) {
    unsigned cp = 0;
    const std::size_t n = utf8_char(s, i, &cp);
    if (n == 0) {
      append_utf8(0xFFFD, &out);  // not UTF-8 (e.g. half of a character's bytes)
      ++i;
      continue;
    }
    if (cp == '"' || cp == '\\') {
      out += '\\', out += static_cast<char>(cp);
    } else if (cp < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", cp);
      out += buf;
    } else {
      out.append(s, i, n);
    }
    i += n;
  }
  return out + "\"";
}

std::string ints(const std::vector<int>& v) {
  std::string out = "[";
  for (std::size_t i = 0; i < v.size(); ++i) out += (i ? "," : "") + std::to_string(v[i]);
  return out + "]";
}

std::string strings(const std::vector<std::string>& v) {
  std::string out = "[";
  for (std::size_t i = 0; i < v.size(); ++i) out += (i ? "," : "") + string(v[i]);
  return out + "]";
}

std::string row(const Eigen::Ref<const RowVector>& r) {
  std::string out = "[";
  for (Eigen::Index i = 0; i < r.size(); ++i) out += (i ? "," : "") + number(r(i));
  return out + "]";
}

std::string matrix(const Matrix& m) {
  std::string out = "[";
  for (Eigen::Index i = 0; i < m.rows(); ++i) out += (i ? "," : "") + row(m.row(i));
  return out + "]";
}

}  // namespace attn::lm::json
