// JSON text output (json_out.h).
#include "train/json_out.h"

#include <cmath>
#include <cstdio>

namespace attn::train::json {

void number(std::string* out, double x) {
  if (!std::isfinite(x)) {
    *out += "null";
    return;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  *out += buf;
}

void string(std::string* out, const std::string& s) {
  *out += '"';
  for (const char c : s) {
    if (c == '"' || c == '\\') {
      *out += '\\';
      *out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
      *out += buf;
    } else {
      *out += c;
    }
  }
  *out += '"';
}

void strings(std::string* out, const std::vector<std::string>& words) {
  *out += '[';
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (i > 0) *out += ',';
    string(out, words[i]);
  }
  *out += ']';
}

void matrix(std::string* out, const Matrix& m) {
  *out += '[';
  for (Eigen::Index r = 0; r < m.rows(); ++r) {
    *out += r > 0 ? ",[" : "[";
    for (Eigen::Index c = 0; c < m.cols(); ++c) {
      if (c > 0) *out += ',';
      number(out, m(r, c));
    }
    *out += ']';
  }
  *out += ']';
}

void key(std::string* out, const char* name, bool first) {
  if (!first) *out += ',';
  string(out, name);
  *out += ':';
}

}  // namespace attn::train::json
