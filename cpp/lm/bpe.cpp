#include "lm/bpe.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <utility>
#include <vector>

namespace attn::lm {

namespace {

// The UTF-8 code points of `s`, each as its bytes.
std::vector<std::string> code_points(const std::string& s) {
  std::vector<std::string> out;
  for (unsigned char c : s) {
    if ((c & 0xC0) != 0x80 || out.empty()) out.emplace_back();
    out.back().push_back(static_cast<char>(c));
  }
  return out;
}

// Word -> count, words as defined in bpe.h.
std::map<std::string, long> count_words(const std::string& text) {
  std::map<std::string, long> words;
  std::string word;
  auto flush = [&] {
    if (!word.empty()) ++words[word];
    word.clear();
  };
  for (char c : text) {
    if (c == ' ' || c == '\n') flush();
    word.push_back(c);
    if (c == '\n') flush();
  }
  flush();
  return words;
}

void add_piece(Tokenizer* t, const std::string& piece, float score) {
  t->pieces.push_back(piece);
  t->scores.push_back(score);
  t->ids.emplace(piece, t->size() - 1);
}

}  // namespace

Tokenizer learn_bpe(const std::string& text, int vocab_size) {
  Tokenizer t;
  for (const char* s : {"<unk>", "\n<s>\n", "\n</s>\n"}) add_piece(&t, s, 0.0f);
  for (int b = 0; b < 256; ++b) {
    char piece[8];
    std::snprintf(piece, sizeof piece, "<0x%02X>", b);
    add_piece(&t, piece, 0.0f);
  }
  // Code points, most frequent first (ties: byte order), " " always among them.
  std::map<std::string, long> cp_count{{" ", 0}};
  for (const std::string& cp : code_points(text)) ++cp_count[cp];
  std::vector<std::pair<long, std::string>> by_count;
  for (const auto& [cp, n] : cp_count) by_count.emplace_back(-n, cp);
  std::sort(by_count.begin(), by_count.end());
  for (const auto& [n, cp] : by_count) add_piece(&t, cp, 0.0f);

  // Each distinct word as a list of ids, with its count.
  std::vector<std::vector<int>> words;
  std::vector<long> counts;
  for (const auto& [word, n] : count_words(text)) {
    std::vector<int> ids;
    for (const std::string& cp : code_points(word)) ids.push_back(t.ids.at(cp));
    words.push_back(std::move(ids));
    counts.push_back(n);
  }
  for (int merge = 0; t.size() < vocab_size; ++merge) {
    std::map<std::pair<int, int>, long> pairs;
    for (std::size_t w = 0; w < words.size(); ++w) {
      for (std::size_t i = 0; i + 1 < words[w].size(); ++i) {
        pairs[{words[w][i], words[w][i + 1]}] += counts[w];
      }
    }
    if (pairs.empty()) break;
    auto best = pairs.begin();  // map order: ties keep the smallest ids
    for (auto it = pairs.begin(); it != pairs.end(); ++it) {
      if (it->second > best->second) best = it;
    }
    const auto [a, b] = best->first;
    const std::string joined = t.pieces[a] + t.pieces[b];
    // The same string may come from another pair ("a"+"bc", "ab"+"c"): reuse its id.
    auto found = t.ids.find(joined);
    const int id = found != t.ids.end() ? found->second : t.size();
    if (found == t.ids.end()) add_piece(&t, joined, -static_cast<float>(merge));
    for (std::vector<int>& w : words) {
      std::vector<int> merged;
      for (std::size_t i = 0; i < w.size(); ++i) {
        const bool pair = i + 1 < w.size() && w[i] == a && w[i + 1] == b;
        merged.push_back(pair ? id : w[i]);
        if (pair) ++i;
      }
      w = std::move(merged);
    }
  }
  t.index();
  return t;
}

}  // namespace attn::lm
