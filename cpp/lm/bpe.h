// Learning a BPE vocabulary from text, in llama2.c's layout (tokenizer.h):
//   ids 0-2: "<unk>", "\n<s>\n", "\n</s>\n" (as llama2.c's exported vocabularies), score 0;
//   ids 3-258: the byte pieces "<0x00>".."<0xFF>", score 0;
//   then every code point of the text (and " "), most frequent first, score 0;
//   then the merges in the order learned, merge k scored -k, so run.c's "highest score first"
//   replays them in that order.
// The text is cut into words before counting pairs: a word is a run of non-space, non-newline
// characters with the one space before it; a newline is a word of its own. Merges never cross
// words, so no piece holds a space except at its start.
#pragma once

#include <string>

#include "lm/tokenizer.h"

namespace attn::lm {

/// A vocabulary of exactly `vocab_size` entries (fewer if the text runs out of pairs) learned
/// from `text`; each merge joins the most frequent adjacent pair (ties: the smallest ids).
Tokenizer learn_bpe(const std::string& text, int vocab_size);

}  // namespace attn::lm
