#include "lm/corpus.h"

#include <cmath>
#include <fstream>
#include <sstream>
#include <unordered_map>

namespace attn::lm {

std::string read_file(const std::string& path, std::string* bytes) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return path + ": cannot be read (no such file, or no permission)";
  std::ostringstream s;
  s << in.rdbuf();
  *bytes = s.str();
  return "";
}

std::string write_file(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  if (!out || !out.write(bytes.data(), static_cast<std::streamsize>(bytes.size())) ||
      !out.flush()) {
    return path + ": cannot be written";
  }
  return "";
}

std::string read_corpus(const std::string& path, Corpus* out) {
  Corpus c;
  c.path = path;
  const std::string error = read_file(path, &c.text);
  if (!error.empty()) return "corpus " + error + " (bash tools/make/lm-corpus.sh writes it)";
  if (c.text.size() < 1000) return "corpus " + path + ": too small to split (under 1000 bytes)";
  const std::size_t at = c.text.size() * 95 / 100;
  // The next line start at or after `at` (the file ends with a newline, so one exists).
  c.held_out_start = c.text[at - 1] == '\n' ? at : c.text.find('\n', at) + 1;
  *out = std::move(c);
  return "";
}

NgramBits ngram_bits_per_byte(const std::vector<int>& train, const std::vector<int>& held_out,
                              int vocab_size, std::size_t held_out_bytes) {
  std::vector<double> uni(vocab_size, 0.0), from(vocab_size, 0.0);
  std::unordered_map<long, double> pair;  // a * vocab + b -> count
  for (std::size_t i = 0; i < train.size(); ++i) {
    uni[train[i]] += 1;
    if (i > 0)
      pair[static_cast<long>(train[i - 1]) * vocab_size + train[i]] += 1, from[train[i - 1]] += 1;
  }
  const double n = static_cast<double>(train.size());
  NgramBits bits;
  for (std::size_t i = 1; i < held_out.size(); ++i) {
    const int a = held_out[i - 1], b = held_out[i];
    const double p_uni = (uni[b] + 1) / (n + vocab_size);
    auto it = pair.find(static_cast<long>(a) * vocab_size + b);
    const double c_ab = it == pair.end() ? 0.0 : it->second;
    bits.unigram -= std::log2(p_uni);
    bits.bigram -= std::log2((c_ab + p_uni) / (from[a] + 1));
  }
  bits.unigram /= static_cast<double>(held_out_bytes);
  bits.bigram /= static_cast<double>(held_out_bytes);
  return bits;
}

}  // namespace attn::lm
