// UTF-8 text from a scenario file: reading and writing one character, and the one place where
// such text goes into a message. A message is one line that a terminal or a page shows as it is, so
// user text in it is escaped and cut:
// - control characters (C0, DEL, C1), line and paragraph separators, zero-width and
//   bidirectional controls and the BOM are written as escapes: \n, \t, \u001B, \u202E;
// - '"' and '\' are escaped as in JSON, so a quoted value reads back unambiguously;
// - a byte that is not UTF-8 (the file is refused before, but a message never trusts it) is
//   written as U+FFFD;
// - beyond kMaxQuoted characters (an escape counts as the characters it is written with) the
//   rest is cut and "…" says so.
#pragma once

#include <cstddef>
#include <string>

namespace attn {

/// Characters of user text kept in a message before "…" (\u001B counts as 6).
constexpr std::size_t kMaxQuoted = 40;

/// The length in bytes of the UTF-8 character at text[pos], with its code point in `cp`; 0 when
/// the bytes there are not one (a stray byte, overlong, a surrogate, above U+10FFFF, cut short).
std::size_t utf8_char(const std::string& text, std::size_t pos, unsigned* cp);

/// Appends code point `cp` (at most 0x10FFFF, not a surrogate) to `out` as UTF-8.
void append_utf8(unsigned cp, std::string* out);

/// `text` escaped and cut, without quotes: `a\"b`, `\u001B[2J`, `xxxx…`.
std::string escape_text(const std::string& text);

/// `text` escaped, cut and in double quotes: "dmodel", "\u001B[2Jw_q", "xxxx…".
std::string quote(const std::string& text);

}  // namespace attn
