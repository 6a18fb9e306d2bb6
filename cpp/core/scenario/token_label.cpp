#include "scenario/token_label.h"

#include "scenario/quote.h"

namespace attn {

namespace {

/// Code points of `text`, or an empty list when it is not UTF-8.
std::vector<unsigned> code_points(const std::string& text) {
  std::vector<unsigned> out;
  for (std::size_t i = 0; i < text.size();) {
    unsigned cp = 0;
    const std::size_t length = utf8_char(text, i, &cp);
    if (length == 0) return {};
    out.push_back(cp);
    i += length;
  }
  return out;
}

/// GPT-2's byte alphabet: printable bytes stand for themselves, and the 68 others (0x00–0x20,
/// 0x7F–0xA0, 0xAD), in order, are U+0100..U+0143. Returns the byte of `cp`, or -1.
int byte_of(unsigned cp) {
  const bool printable =
      (cp >= 0x21 && cp <= 0x7E) || (cp >= 0xA1 && cp <= 0xAC) || (cp >= 0xAE && cp <= 0xFF);
  if (printable) return static_cast<int>(cp);
  if (cp < 0x100 || cp > 0x143) return -1;
  const unsigned n = cp - 0x100;
  if (n <= 0x20) return static_cast<int>(n);              // 0x00..0x20
  if (n <= 0x20 + 34) return static_cast<int>(n + 0x5E);  // 0x7F..0xA0
  return 0xAD;
}

/// The bytes a byte-level BPE token stands for, when every character is in the byte alphabet,
/// one is not ASCII, and the bytes are UTF-8; otherwise `raw` itself.
std::string undo_byte_level(const std::string& raw) {
  const std::vector<unsigned> cps = code_points(raw);
  std::string bytes;
  bool remapped = false;
  for (unsigned cp : cps) {
    const int b = byte_of(cp);
    if (b < 0) return raw;
    remapped = remapped || cp >= 0x80;
    bytes += static_cast<char>(b);
  }
  if (!remapped || code_points(bytes).empty()) return raw;
  return bytes;
}

/// SentencePiece: "▁" is a space, and a whole token "<0x41>" is that one byte (ASCII only: a
/// lone byte of a longer character means nothing on its own).
std::string undo_sentencepiece(const std::string& raw) {
  // By hand, not sscanf: scanf would add ~10 KB to the wasm.
  const auto hex = [](char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  if (raw.size() == 6 && raw.compare(0, 3, "<0x") == 0 && raw[5] == '>') {
    const int high = hex(raw[3]), low = hex(raw[4]);
    if (high >= 0 && low >= 0 && high < 8)
      return std::string(1, static_cast<char>(high * 16 + low));
  }
  std::string out;
  const std::string mark = "\u2581";
  for (std::size_t i = 0; i < raw.size();) {
    if (raw.compare(i, mark.size(), mark) == 0) {
      out += ' ';
      i += mark.size();
    } else {
      out += raw[i++];
    }
  }
  return out;
}

/// Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): shown, they
/// would reorder the text after them ("âĢ®" in a byte-level BPE vocabulary is U+202E).
bool is_bidi_control(unsigned cp) {
  return (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

/// "⟨U+202E⟩": a character that must not act, named instead.
void append_named(unsigned cp, std::string* out) {
  const char* digits = "0123456789ABCDEF";
  append_utf8(0x27E8, out);
  *out += "U+";
  for (int shift = 12; shift >= 0; shift -= 4) *out += digits[(cp >> shift) & 0xF];
  append_utf8(0x27E9, out);
}

/// Blanks and control characters as visible signs: ␣ ↵ ⇥, C0 as its Control Picture (␀…␟),
/// DEL as ␡, a bidirectional control by its name (⟨U+202E⟩); anything else as it is.
std::string visible(const std::string& text, bool blanks) {
  std::string out;
  for (unsigned cp : code_points(text)) {
    if (is_bidi_control(cp)) {
      append_named(cp, &out);
      continue;
    }
    if (cp == ' ' && blanks)
      cp = 0x2423;
    else if (cp == '\n')
      cp = 0x21B5;
    else if (cp == '\t')
      cp = 0x21E5;
    else if (cp < 0x20)
      cp += 0x2400;
    else if (cp == 0x7F)
      cp = 0x2421;
    append_utf8(cp, &out);
  }
  return out;
}

}  // namespace

std::string token_label(const std::string& raw) {
  if (code_points(raw).empty()) return raw;  // not UTF-8: the scenario reader refuses it anyway
  if (raw.size() > 2 && raw.compare(0, 2, "##") == 0) return "-" + visible(raw.substr(2), false);
  std::string text = undo_sentencepiece(undo_byte_level(raw));
  const std::size_t start = text.find_first_not_of(' ');
  if (start == std::string::npos) return visible(text, true);  // blank: show each space
  // A leading space marks a word's start; the label is the word.
  return visible(text.substr(start), false);
}

std::vector<std::string> token_labels(const std::vector<std::string>& raw) {
  std::vector<std::string> out;
  out.reserve(raw.size());
  for (const std::string& t : raw) out.push_back(token_label(t));
  return out;
}

}  // namespace attn
