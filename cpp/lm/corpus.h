// The corpus of the shipped model and its fixed split (docs/tasks.md, "Task 3"): one plain-text
// file; held-out = the bytes [B0, end) where B0 is the start of the first line at or after 95 %
// of the file; training = the bytes before B0. Each part is encoded on its own with BOS first.
#pragma once

#include <string>
#include <vector>

#include "lm/tokenizer.h"

namespace attn::lm {

struct Corpus {
  std::string path;
  std::string text;                ///< the whole file
  std::size_t held_out_start = 0;  ///< B0
  std::string train_text() const { return text.substr(0, held_out_start); }
  std::string held_out_text() const { return text.substr(held_out_start); }
};

/// Reads `path` and places the split; "" or why it cannot (missing, empty).
std::string read_corpus(const std::string& path, Corpus* out);

/// Reads a whole file into *bytes; "" or a message naming the file.
std::string read_file(const std::string& path, std::string* bytes);
/// Writes bytes to a file; "" or a message naming the file.
std::string write_file(const std::string& path, const std::string& bytes);

/// Unigram and bigram models of the training tokens, measured on held-out tokens in bits per
/// byte (the same tokens the model predicts: held-out[1..] after BOS). Unigram: add-one
/// smoothing; bigram: p(b|a) = (c(a,b) + p_uni(b)) / (c(a) + 1), Dirichlet smoothing towards the
/// unigram with prior weight 1.
struct NgramBits {
  double unigram = 0, bigram = 0;
};
NgramBits ngram_bits_per_byte(const std::vector<int>& train, const std::vector<int>& held_out,
                              int vocab_size, std::size_t held_out_bytes);

}  // namespace attn::lm
