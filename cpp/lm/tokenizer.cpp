#include "lm/tokenizer.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <queue>
#include <tuple>

#include "lm/binary.h"

namespace attn::lm {

void Tokenizer::index() {
  ids.clear();
  max_token_length = 0;
  for (int i = 0; i < size(); ++i) {
    ids.emplace(pieces[i], i);  // the first id wins, as a stable lookup
    max_token_length = std::max(max_token_length, static_cast<int>(pieces[i].size()));
  }
}

std::string read_tokenizer(const std::string& bytes, int vocab_size, Tokenizer* out) {
  Reader r(bytes);
  Tokenizer t;
  std::int32_t max_len = 0;
  if (!r.i32(&max_len)) return "tokenizer: the file is empty or shorter than its 4-byte header";
  for (int i = 0; i < vocab_size; ++i) {
    float score = 0;
    std::int32_t len = 0;
    if (!r.f32(&score) || !r.i32(&len) || len < 0 || !r.take(len)) {
      return "tokenizer: the file ends at entry " + std::to_string(i) + ", but the model's " +
             "vocabulary has " + std::to_string(vocab_size) +
             " entries (a tokenizer of another vocabulary, or a truncated file)";
    }
    t.scores.push_back(score);
    t.pieces.push_back(r.last());
  }
  if (!r.done()) {
    return "tokenizer: " + std::to_string(r.left()) + " bytes are left after the model's " +
           std::to_string(vocab_size) + " entries (a tokenizer of another vocabulary)";
  }
  t.index();
  if (!t.ids.count(" ")) return "tokenizer: no \" \" piece (llama2.c's dummy prefix needs one)";
  for (int b = 0; b < 256 && vocab_size > 0; ++b) {
    char want[8];
    std::snprintf(want, sizeof want, "<0x%02X>", b);
    if (b + kFirstByteId >= vocab_size || t.pieces[b + kFirstByteId] != want) {
      return std::string("tokenizer: id ") + std::to_string(b + kFirstByteId) + " must be the " +
             "byte piece " + want + " (byte fallback at ids 3-258)";
    }
  }
  *out = std::move(t);
  return "";
}

std::string write_tokenizer(const Tokenizer& t) {
  Writer w;
  w.i32(t.max_token_length);
  for (int i = 0; i < t.size(); ++i) {
    w.f32(t.scores[i]);
    w.i32(static_cast<std::int32_t>(t.pieces[i].size()));
    w.bytes(t.pieces[i]);
  }
  return w.out;
}

namespace {

// The first tokens before merging: one per code point in the vocabulary, else one per byte.
void initial_tokens(const Tokenizer& t, const std::string& text, std::vector<int>* tokens) {
  std::string cp;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = text[i];
    if ((c & 0xC0) != 0x80) cp.clear();  // an ASCII or leading byte starts a code point
    cp.push_back(static_cast<char>(c));
    const bool more = i + 1 < text.size() && (text[i + 1] & 0xC0) == 0x80;
    if (more && cp.size() < 4) continue;  // continuation bytes follow
    auto it = t.ids.find(cp);
    if (it != t.ids.end()) {
      tokens->push_back(it->second);
    } else {
      for (unsigned char b : cp) tokens->push_back(b + kFirstByteId);
    }
    cp.clear();
  }
}

// A merge candidate: the pair of live nodes (left, right) holding ids (lid, rid).
struct Candidate {
  float score;
  int left, right, lid, rid, merged;
  // Highest score first, then leftmost (node numbers follow text order): run.c's choice.
  bool operator<(const Candidate& o) const {
    return std::tie(score, o.left) < std::tie(o.score, left);
  }
};

}  // namespace

std::vector<int> encode(const Tokenizer& t, const std::string& text, bool bos) {
  std::vector<int> tok;
  if (bos) tok.push_back(kBos);
  if (!text.empty()) tok.push_back(t.ids.at(" "));
  initial_tokens(t, text, &tok);
  // A doubly linked list over the tokens; merging keeps the left node and unlinks the right.
  const int n = static_cast<int>(tok.size());
  std::vector<int> next(n), prev(n);
  for (int i = 0; i < n; ++i) next[i] = i + 1, prev[i] = i - 1;
  std::priority_queue<Candidate> heap;
  auto consider = [&](int left, int right) {
    if (left < 0 || right >= n) return;
    auto it = t.ids.find(t.pieces[tok[left]] + t.pieces[tok[right]]);
    if (it == t.ids.end() || !(t.scores[it->second] > -1e10f)) return;
    heap.push({t.scores[it->second], left, right, tok[left], tok[right], it->second});
  };
  for (int i = 0; i + 1 < n; ++i) consider(i, i + 1);
  while (!heap.empty()) {
    const Candidate c = heap.top();
    heap.pop();
    // Stale: a neighbour merged since this pair was seen.
    if (next[c.left] != c.right || tok[c.left] != c.lid || tok[c.right] != c.rid) continue;
    tok[c.left] = c.merged;
    tok[c.right] = -1;
    next[c.left] = next[c.right];
    if (next[c.right] < n) prev[next[c.right]] = c.left;
    next[c.right] = -1;
    consider(prev[c.left], c.left);
    consider(c.left, next[c.left]);
  }
  std::vector<int> out;
  for (int i = 0; i < n; i = next[i]) out.push_back(tok[i]);
  return out;
}

std::string decode_piece(const Tokenizer& t, int prev_token, int token) {
  const std::string& piece = t.pieces.at(token);
  if (prev_token == kBos && !piece.empty() && piece[0] == ' ') return piece.substr(1);
  unsigned int byte = 0;
  char tail = 0;
  if (piece.size() == 6 && std::sscanf(piece.c_str(), "<0x%02X%c", &byte, &tail) == 2 &&
      tail == '>') {
    return std::string(1, static_cast<char>(byte));
  }
  return piece;
}

std::string decode(const Tokenizer& t, const std::vector<int>& ids) {
  std::string text;
  int prev = -1;
  for (int id : ids) {
    if (id != kBos && id != kEos) text += decode_piece(t, prev, id);
    prev = id;
  }
  return text;
}

}  // namespace attn::lm
