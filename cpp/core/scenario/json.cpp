#include "scenario/json.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "scenario/json_number.h"
#include "scenario/quote.h"

namespace attn {
namespace {

using Kind = JsonValue::Kind;

// "0xFF", "U+D83D": a byte or a code point for a message.
std::string hex(unsigned x, const char* format) {
  char buf[16];
  std::snprintf(buf, sizeof buf, format, x);
  return buf;
}

// A member name in a path: a plain word as it is, anything else quoted in brackets.
std::string path_name(const std::string& name) {
  const bool word = !name.empty() && name.size() <= kMaxQuoted &&
                    name.find_first_not_of(
                        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                        "0123456789_") == std::string::npos;
  return word ? name : "[" + quote(name) + "]";
}

// Recursive-descent parser over `text_`. Every method returns false after recording the first
// error (message and byte offset); nothing throws.
class Parser {
 public:
  // A leading UTF-8 byte-order mark is skipped.
  Parser(const std::string& text, std::vector<JsonSpan>* spans)
      : text_(text), begin_(byte_order_mark(text)), pos_(begin_), spans_(spans) {}

  bool document(JsonValue* out) {
    if (!value(out, 0)) return false;
    skip_whitespace();
    return pos_ == text_.size() || fail("unexpected " + found() + " after the JSON value");
  }

  JsonError error() const {
    JsonError e{1, 1, message_, encoding_, path_, name_at_error_, member_};
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
  // Records an encoding error (not UTF-8, a lone surrogate) at `pos`, with where it is.
  bool fail_encoding(const std::string& message, std::size_t pos) {
    encoding_ = true;
    name_at_error_ = in_name_;
    const std::size_t steps = steps_.size() - (in_name_ ? 1 : 0);
    for (std::size_t k = 0; k < steps; ++k) {
      const Step& step = steps_[k];
      if (step.name == nullptr) {
        path_ += "[" + std::to_string(step.index) + "]";
      } else {
        path_ += (k == 0 ? "" : ".") + path_name(*step.name);
      }
    }
    if (steps > 0 && steps_[0].name != nullptr) member_ = *steps_[0].name;
    return fail(message, pos);
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
  // Skips digits; returns how many. Plain loops: find_first_not_of per byte was 18 % of a read.
  std::size_t skip_digits() {
    const std::size_t start = pos_;
    while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') ++pos_;
    return pos_ - start;
  }
  void skip_whitespace() {
    for (; pos_ < text_.size(); ++pos_) {
      const char c = text_[pos_];
      if (c != ' ' && c != '\n' && c != '\r' && c != '\t') return;
    }
  }

  // The character at the current position, for messages: 'x', 'é', a line break, control
  // character U+001B, byte 0xFF (not UTF-8), end of input.
  std::string found() const {
    if (at_end()) return "end of input";
    const unsigned char c = static_cast<unsigned char>(peek());
    if (c == '\n') return "a line break";
    if (c == '\r') return "a carriage return";
    if (c == '\t') return "a tab";
    if (c >= 0x20 && c < 0x7F) return std::string("'") + static_cast<char>(c) + "'";
    if (c < 0x80) return "control character " + hex(c, "U+%04X");
    unsigned cp = 0;
    const std::size_t length = utf8_char(text_, pos_, &cp);
    if (length == 0) return "byte " + hex(c, "0x%02X") + ", which is not UTF-8";
    return "'" + escape_text(text_.substr(pos_, length)) + "'";
  }

  bool value(JsonValue* v, int depth) {
    if (++values_ > JsonLimits::kMaxValues) {
      return fail("more than " + std::to_string(JsonLimits::kMaxValues) + " values in one file");
    }
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
      return number(v);
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
    steps_.push_back({nullptr, 0});
    for (std::size_t index = 0;; ++index) {
      JsonValue* element = is_object ? &v->object.emplace_back().second : &v->array.emplace_back();
      if (is_object) {  // "name":
        skip_whitespace();
        if (!at('"')) return fail("expected a member name in double quotes, got " + found());
        in_name_ = true;
        if (!string(&v->object.back().first)) return false;
        in_name_ = false;
        steps_.back().name = &v->object.back().first;
        skip_whitespace();
        if (!eat(':')) return fail("expected ':' after a member name, got " + found());
      }
      steps_.back().index = index;
      const bool top = spans_ != nullptr && is_object && depth == 1;  // a span to record
      if (top) skip_whitespace();
      const std::size_t begin = pos_;
      if (!value(element, depth)) return false;
      if (top) spans_->push_back({v->object.back().first, begin, pos_});
      skip_whitespace();
      if (eat(close)) {
        steps_.pop_back();
        return true;
      }
      if (!eat(',')) {
        return fail(std::string("expected ',' or '") + close + "' after " +
                    (is_object ? "an object member" : "an array element") + ", got " + found());
      }
    }
  }

  // RFC 8259 grammar: -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
  bool number(JsonValue* v) {
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
    if (!json_number(text_.data() + start, pos_ - start, &v->number)) {
      const std::string digits = text_.substr(start, pos_ - start);
      return fail("the number " + escape_text(digits) + " cannot be read as a double", start);
    }
    // Beyond a double: the digits are kept, so that its reader can name it.
    if (!std::isfinite(v->number)) v->string = text_.substr(start, pos_ - start);
    return true;
  }

  bool string(std::string* out) {
    const std::size_t start = pos_++;  // opening '"'
    for (;;) {
      if (at_end()) return fail("string is never closed (missing '\"')", start);
      const unsigned char c = static_cast<unsigned char>(text_[pos_]);
      if (eat('"')) return true;
      if (c < 0x20) {
        return fail(found() + " inside a string; write it as " +
                    escape_text(std::string(1, static_cast<char>(c))));
      }
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
    if (cp >= 0xD800 && cp <= 0xDFFF) {
      return fail_encoding("holds a lone surrogate " + hex(cp, "\\u%04X") +
                               " (a surrogate escape needs its pair: \\uD83D\\uDE00)",
                           start);
    }
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
  // surrogates, nothing above U+10FFFF) and copied. A lone surrogate arrives as ED A0..BF xx:
  // from a file that holds one, or from a JS string that does (wasm/core-bytes.ts).
  bool utf8_sequence(std::string* out) {
    unsigned cp = 0;
    const std::size_t length = utf8_char(text_, pos_, &cp);
    if (length == 0) {
      const unsigned char lead = static_cast<unsigned char>(peek());
      const unsigned char next = static_cast<unsigned char>(peek(1));
      const unsigned char last = static_cast<unsigned char>(peek(2));
      if (lead == 0xED && next >= 0xA0 && (next & 0xC0) == 0x80 && (last & 0xC0) == 0x80) {
        const unsigned surrogate = 0xD000 | ((next & 0x3Fu) << 6) | (last & 0x3Fu);
        return fail_encoding(
            "holds a lone surrogate " + hex(surrogate, "U+%04X") + ", which is not valid UTF-8",
            pos_);
      }
      return fail_encoding("is not valid UTF-8 (byte " + hex(lead, "0x%02X") + ")", pos_);
    }
    out->append(text_, pos_, length);
    pos_ += length;
    return true;
  }

  // One open array (the index of its current element) or object (its current member's name).
  struct Step {
    const std::string* name;
    std::size_t index;
  };

  const std::string& text_;
  const std::size_t begin_;  // after a byte-order mark, if any
  std::size_t pos_;
  std::size_t values_ = 0;
  std::vector<JsonSpan>* spans_;  // the top-level members' values, when asked for
  std::vector<Step> steps_;       // where the parser is, from the top
  bool in_name_ = false;          // reading a member name
  std::string message_;
  std::size_t error_pos_ = 0;
  bool encoding_ = false;
  std::string path_;
  bool name_at_error_ = false;
  std::string member_;
};

}  // namespace

std::size_t byte_order_mark(const std::string& text) {
  return text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
}

std::variant<JsonValue, JsonError> parse_json(const std::string& text,
                                              std::vector<JsonSpan>* spans) {
  if (text.size() > JsonLimits::kMaxBytes) {
    JsonError too_large;
    too_large.message = "the file is over " + std::to_string(JsonLimits::kMaxMegabytes) + " MB (" +
                        std::to_string(text.size()) + " bytes)";
    return too_large;
  }
  Parser parser(text, spans);
  JsonValue value;
  if (!parser.document(&value)) return parser.error();
  return value;
}

}  // namespace attn
