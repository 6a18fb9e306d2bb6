#include "scenario/json.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace attn {
namespace {

using Kind = JsonValue::Kind;

// Appends code point `cp` (at most 0x10FFFF, not a surrogate) to `out` as UTF-8.
void append_utf8(unsigned cp, std::string* out) {
  static const unsigned kLead[] = {0x00, 0xC0, 0xE0, 0xF0};
  const int extra = cp < 0x80 ? 0 : cp < 0x800 ? 1 : cp < 0x10000 ? 2 : 3;  // continuation bytes
  out->push_back(static_cast<char>(kLead[extra] | (cp >> (6 * extra))));
  for (int i = extra - 1; i >= 0; --i) {
    out->push_back(static_cast<char>(0x80 | ((cp >> (6 * i)) & 0x3F)));
  }
}

// Recursive-descent parser over `text_`. Every method returns false after recording the first
// error (message and byte offset); nothing throws.
class Parser {
 public:
  // A leading UTF-8 byte-order mark is skipped.
  explicit Parser(const std::string& text)
      : text_(text), begin_(text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0), pos_(begin_) {}

  bool document(JsonValue* out) {
    if (!value(out, 0)) return false;
    skip_whitespace();
    return pos_ == text_.size() || fail("unexpected " + found() + " after the JSON value");
  }

  JsonError error() const {
    JsonError e{1, 1, message_};
    for (std::size_t i = begin_; i < error_pos_ && i < text_.size(); ++i) {
      if (text_[i] == '\n') {
        ++e.line;
        e.column = 1;
      } else if ((static_cast<unsigned char>(text_[i]) & 0xC0) != 0x80) {
        ++e.column;  // a column is a code point: UTF-8 continuation bytes do not count
      }
    }
    return e;
  }

 private:
  // Records the first error, at the current position or at `pos`.
  bool fail(const std::string& message, std::size_t pos = std::string::npos) {
    message_ = message;
    error_pos_ = pos == std::string::npos ? pos_ : pos;
    return false;
  }
  // Consumes `c` if it is next.
  bool eat(char c) {
    const bool next = at(c);
    pos_ += next ? 1 : 0;
    return next;
  }
  bool at(char c) const { return !at_end() && text_[pos_] == c; }
  // The byte `ahead` places after the current one, or '\0' past the end.
  char peek(std::size_t ahead = 0) const { return at_end(ahead) ? '\0' : text_[pos_ + ahead]; }
  bool at_end(std::size_t ahead = 0) const { return pos_ + ahead >= text_.size(); }
  // Skips the bytes that are in `set`; returns how many.
  std::size_t skip(const char* set) {
    const std::size_t start = pos_;
    pos_ = std::min(text_.find_first_not_of(set, pos_), text_.size());
    return pos_ - start;
  }
  std::size_t skip_digits() { return skip("0123456789"); }
  void skip_whitespace() { skip(" \t\n\r"); }

  // The character at the current position, for messages: 'x', end of input, or byte 0xNN.
  std::string found() const {
    const unsigned char c = static_cast<unsigned char>(peek());
    char buf[16];
    std::snprintf(buf, sizeof buf, c >= 0x20 && c < 0x7F ? "'%c'" : "byte 0x%02X", c);
    return at_end() ? "end of input" : buf;
  }

  bool value(JsonValue* v, int depth) {
    if (++values_ > JsonLimits::kMaxValues) return fail("more than 1000000 values in one file");
    skip_whitespace();
    const char c = peek();
    if (c == '{' || c == '[') {
      if (depth >= JsonLimits::kMaxDepth) return fail("arrays and objects nested deeper than 64");
      return container(v, depth + 1);
    }
    if (c == '"') {
      v->kind = Kind::String;
      return string(&v->string);
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
      v->kind = Kind::Number;
      return number(&v->number);
    }
    if (c != 't' && c != 'f' && c != 'n') return fail("expected a value, got " + found());
    const std::string word = c == 't' ? "true" : c == 'f' ? "false" : "null";
    if (text_.compare(pos_, word.size(), word) != 0) return fail("expected '" + word + "'");
    pos_ += word.size();
    v->kind = c == 'n' ? Kind::Null : Kind::Bool;
    v->boolean = c == 't';
    return true;
  }

  // An array  [ value, ... ]  or an object  { "name": value, ... }.
  bool container(JsonValue* v, int depth) {
    const bool is_object = text_[pos_++] == '{';
    const char close = is_object ? '}' : ']';
    v->kind = is_object ? Kind::Object : Kind::Array;
    skip_whitespace();
    if (eat(close)) return true;
    for (;;) {
      JsonValue* element = is_object ? &v->object.emplace_back().second : &v->array.emplace_back();
      if (is_object) {  // "name":
        skip_whitespace();
        if (!at('"')) return fail("expected a member name in double quotes, got " + found());
        if (!string(&v->object.back().first)) return false;
        skip_whitespace();
        if (!eat(':')) return fail("expected ':' after a member name, got " + found());
      }
      if (!value(element, depth)) return false;
      skip_whitespace();
      if (eat(close)) return true;
      if (!eat(',')) {
        return fail(std::string("expected ',' or '") + close + "' after " +
                    (is_object ? "an object member" : "an array element") + ", got " + found());
      }
    }
  }

  // RFC 8259 grammar: -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
  bool number(double* out) {
    const std::size_t start = pos_;
    eat('-');
    const bool leading_zero = at('0');
    const std::size_t integer_digits = skip_digits();
    if (integer_digits == 0) return fail("expected a digit, got " + found());
    if (leading_zero && integer_digits > 1) return fail("leading zeros are not allowed", start);
    if (eat('.') && skip_digits() == 0) return fail("expected a digit after '.', got " + found());
    if (eat('e') || eat('E')) {
      if (!eat('+')) eat('-');
      if (skip_digits() == 0) return fail("expected a digit in the exponent, got " + found());
    }
    const std::string digits = text_.substr(start, pos_ - start);
    char* end = nullptr;
    *out = std::strtod(digits.c_str(), &end);
    if (end != digits.c_str() + digits.size() || !std::isfinite(*out)) {
      return fail("the number " + digits.substr(0, 40) + " cannot be read as a double", start);
    }
    return true;
  }

  bool string(std::string* out) {
    const std::size_t start = pos_++;  // opening '"'
    for (;;) {
      if (at_end()) return fail("string is never closed (missing '\"')", start);
      const unsigned char c = static_cast<unsigned char>(text_[pos_]);
      if (eat('"')) return true;
      if (c < 0x20) return fail("control character " + found() + " in a string; escape it");
      if (c == '\\') {
        if (!escape(out)) return false;
      } else if (c < 0x80) {
        out->push_back(static_cast<char>(c));
        ++pos_;
      } else if (!utf8_sequence(out)) {
        return false;
      }
    }
  }

  bool escape(std::string* out) {
    const std::size_t start = pos_++;  // '\'
    const char* const kFrom = "\"\\/bfnrt";
    const char* const kTo = "\"\\/\b\f\n\r\t";
    const char e = peek();
    if (const char* const hit = e == '\0' ? nullptr : std::strchr(kFrom, e)) {
      out->push_back(kTo[hit - kFrom]);
      return eat(e);
    }
    if (!eat('u')) return fail("invalid escape: '\\' followed by " + found());
    unsigned cp = 0;
    if (!hex4(&cp)) return false;
    if (cp >= 0xD800 && cp <= 0xDBFF && text_.compare(pos_, 2, "\\u") == 0) {
      // A UTF-16 surrogate pair: high (D800..DBFF) then low (DC00..DFFF) -> one code point.
      pos_ += 2;
      unsigned low = 0;
      if (!hex4(&low)) return false;
      if (low >= 0xDC00 && low <= 0xDFFF) cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
    }
    if (cp >= 0xD800 && cp <= 0xDFFF) return fail("unpaired surrogate in a \\u escape", start);
    append_utf8(cp, out);
    return true;
  }

  bool hex4(unsigned* out) {
    const std::string hex = text_.substr(pos_, 4);
    const std::size_t hex_digits = std::strspn(hex.c_str(), "0123456789abcdefABCDEF");
    if (hex_digits != 4) return fail("expected 4 hex digits after \\u");
    *out = static_cast<unsigned>(std::strtoul(hex.c_str(), nullptr, 16));
    pos_ += 4;
    return true;
  }

  // One raw multi-byte UTF-8 character inside a string: checked (no overlong forms, no
  // surrogates, nothing above U+10FFFF) and copied.
  bool utf8_sequence(std::string* out) {
    const unsigned char lead = static_cast<unsigned char>(text_[pos_]);
    const int length = lead < 0xC0 || lead >= 0xF8 ? 0 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    const unsigned minimum = length == 4 ? 0x10000 : length == 3 ? 0x800 : 0x80;
    unsigned cp = lead & (0x7F >> length);
    for (int i = 1; i < length; ++i) {  // continuation bytes 10xxxxxx
      const unsigned char c = static_cast<unsigned char>(peek(static_cast<std::size_t>(i)));
      if ((c & 0xC0) != 0x80) return fail("invalid UTF-8 in a string at " + found());
      cp = (cp << 6) | (c & 0x3F);
    }
    if (length == 0 || cp < minimum || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
      return fail("invalid UTF-8 in a string at " + found());
    }
    out->append(text_, pos_, static_cast<std::size_t>(length));
    pos_ += static_cast<std::size_t>(length);
    return true;
  }

  const std::string& text_;
  const std::size_t begin_;  // after a byte-order mark, if any
  std::size_t pos_;
  std::size_t values_ = 0;
  std::string message_;
  std::size_t error_pos_ = 0;
};

}  // namespace

std::variant<JsonValue, JsonError> parse_json(const std::string& text) {
  if (text.size() > JsonLimits::kMaxBytes) {
    return JsonError{0, 0, "the file is over 4 MB (" + std::to_string(text.size()) + " bytes)"};
  }
  Parser parser(text);
  JsonValue value;
  if (!parser.document(&value)) return parser.error();
  return value;
}

}  // namespace attn
