// How a token is shown to a learner. Real tokenizers write their tokens in private notations:
// - byte-level BPE (GPT-2, RoBERTa) maps every byte to a printable character, so a space is "Ġ"
//   (U+0120) and a newline "Ċ" (U+010A), and "Ã©" is the two bytes of "é";
// - SentencePiece (T5, Llama) marks a word's start with "▁" (U+2581) and writes a byte it cannot
//   spell as "<0x0A>";
// - WordPiece (BERT) marks a piece that continues a word with "##".
// A label undoes the notation: "Ġthe" and "▁the" show as "the", "Ã©" as "é", "##ing" as "-ing"
// (joined to the token before it), and a token that is only blank as visible signs ("␣", "↵",
// "⇥"). Special tokens such as [CLS], <s> and <|endoftext|> are already readable and stay as they
// are. The scenario keeps the raw token; only what is shown changes.
#pragma once

#include <string>
#include <vector>

namespace attn {

/// The label of one raw token (UTF-8 in, UTF-8 out; never empty for a non-empty token).
std::string token_label(const std::string& raw);

/// token_label of each token, in order.
std::vector<std::string> token_labels(const std::vector<std::string>& raw);

}  // namespace attn
