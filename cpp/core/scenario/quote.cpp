// User text in messages (quote.h): escaped so that a message stays one plain line, and cut.
#include "scenario/quote.h"

#include <cstdio>

namespace attn {
namespace {

// Characters that would break the line, move the cursor, colour the terminal or reorder what
// follows: written as escapes.
bool is_control(unsigned cp) {
  return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || (cp >= 0x200B && cp <= 0x200F) ||
         (cp >= 0x2028 && cp <= 0x202E) || (cp >= 0x2060 && cp <= 0x2069) || cp == 0xFEFF;
}

// JSON's two-character escapes.
const char* short_escape(unsigned cp) {
  switch (cp) {
    case '"':
      return "\\\"";
    case '\\':
      return "\\\\";
    case '\n':
      return "\\n";
    case '\t':
      return "\\t";
    case '\r':
      return "\\r";
    case '\b':
      return "\\b";
    case '\f':
      return "\\f";
    default:
      return nullptr;
  }
}

}  // namespace

void append_utf8(unsigned cp, std::string* out) {
  static const unsigned kLead[] = {0x00, 0xC0, 0xE0, 0xF0};
  const int extra = cp < 0x80 ? 0 : cp < 0x800 ? 1 : cp < 0x10000 ? 2 : 3;  // continuation bytes
  out->push_back(static_cast<char>(kLead[extra] | (cp >> (6 * extra))));
  for (int i = extra - 1; i >= 0; --i) {
    out->push_back(static_cast<char>(0x80 | ((cp >> (6 * i)) & 0x3F)));
  }
}

std::size_t utf8_char(const std::string& text, std::size_t pos, unsigned* cp) {
  const auto byte = [&](std::size_t k) {
    return pos + k < text.size() ? static_cast<unsigned char>(text[pos + k]) : 0u;
  };
  const unsigned lead = byte(0);
  const std::size_t length = lead < 0x80   ? 1
                             : lead < 0xC0 ? 0
                             : lead < 0xE0 ? 2
                             : lead < 0xF0 ? 3
                             : lead < 0xF8 ? 4
                                           : 0;
  const unsigned minimum = length == 4 ? 0x10000 : length == 3 ? 0x800 : length == 2 ? 0x80 : 0;
  *cp = length == 1 ? lead : lead & (0x7Fu >> length);
  for (std::size_t k = 1; k < length; ++k) {  // continuation bytes 10xxxxxx
    if ((byte(k) & 0xC0) != 0x80) return 0;
    *cp = (*cp << 6) | (byte(k) & 0x3F);
  }
  const bool bad = *cp < minimum || *cp > 0x10FFFF || (*cp >= 0xD800 && *cp <= 0xDFFF);
  return pos < text.size() && !bad ? length : 0;
}

std::string escape_text(const std::string& text) {
  std::string out;
  std::size_t shown = 0;  // characters written to `out`, an escape counting as its length
  for (std::size_t i = 0; i < text.size();) {
    unsigned cp = 0;
    const std::size_t length = utf8_char(text, i, &cp);
    std::string one = length > 0 ? text.substr(i, length) : "\uFFFD";  // a stray byte: U+FFFD
    cp = length > 0 ? cp : 0xFFFD;
    i += length > 0 ? length : 1;
    if (const char* escape = short_escape(cp)) {
      one = escape;
    } else if (is_control(cp)) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04X", cp);
      one = buf;
    }
    const std::size_t width = cp < 0x80 || one[0] == '\\' ? one.size() : 1;
    if (shown + width > kMaxQuoted) return out + "\u2026";  // "…"
    out += one;
    shown += width;
  }
  return out;
}

std::string quote(const std::string& text) { return "\"" + escape_text(text) + "\""; }

}  // namespace attn
