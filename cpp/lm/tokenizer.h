// A BPE vocabulary in llama2.c's tokenizer.bin format, applied exactly as llama2.c's run.c applies
// it (encode(), decode()).
//
// File layout (little-endian): int32 max_token_length, then for each of the vocab_size entries a
// float32 score, an int32 byte length and that many bytes (no terminator). The vocabulary size is
// not in the file: it is the checkpoint's. Ids 0, 1, 2 are <unk>, BOS and EOS; ids 3..258 are the
// byte pieces "<0x00>".."<0xFF>" (byte fallback); a " " piece must exist (the dummy prefix).
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

namespace attn::lm {

constexpr int kBos = 1;
constexpr int kEos = 2;
constexpr int kFirstByteId = 3;  ///< byte b falls back to id b + 3

struct Tokenizer {
  std::vector<std::string> pieces;  ///< (vocab_size) the bytes of each piece
  std::vector<float> scores;        ///< (vocab_size) higher merges first
  int max_token_length = 0;
  std::unordered_map<std::string, int> ids;  ///< piece -> first id holding it

  int size() const { return static_cast<int>(pieces.size()); }
  /// Rebuilds `ids` and `max_token_length` from `pieces`.
  void index();
};

/// Reads tokenizer.bin bytes for a model of `vocab_size`; "" or the reason it is refused (a file
/// too short for that vocabulary, bytes left over, no " " piece, byte pieces not at 3..258).
std::string read_tokenizer(const std::string& bytes, int vocab_size, Tokenizer* out);
/// The tokenizer.bin bytes of `t`.
std::string write_tokenizer(const Tokenizer& t);

/// run.c's encode(): optional BOS, the dummy prefix " " when text is not empty, one token per
/// UTF-8 code point found in the vocabulary (else one byte-fallback token per byte), then merges
/// the adjacent pair whose concatenation has the highest score (leftmost on ties) until none is
/// left. A heap over candidate pairs gives run.c's result in O(n log n) instead of O(n^2).
std::vector<int> encode(const Tokenizer& t, const std::string& text, bool bos);

/// run.c's decode(): the bytes of `token`, its leading space dropped after BOS, a byte piece
/// "<0xAB>" as the byte itself.
std::string decode_piece(const Tokenizer& t, int prev_token, int token);
/// The text of `ids`, each decoded after its predecessor; BOS and EOS give no text.
std::string decode(const Tokenizer& t, const std::vector<int>& ids);

}  // namespace attn::lm
