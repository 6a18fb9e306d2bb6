// lm eval, generate, attention: a checkpoint (and its tokenizer) in, one JSON object out.
#include <iostream>

#include "lm/cli.h"
#include "lm/corpus.h"
#include "lm/decode.h"
#include "lm/eval.h"
#include "lm/head_scenario.h"
#include "lm/json.h"
#include "lm/model.h"

namespace attn::lm::cli {

namespace {

std::string head_list(const HeadScores& s, double threshold, const std::string& extra) {
  std::string out = "[";
  for (std::size_t l = 0; l < s.size(); ++l) {
    for (std::size_t h = 0; h < s[l].size(); ++h) {
      if (s[l][h] < threshold) continue;
      out += (out.size() > 1 ? ",{" : "{") + std::string("\"layer\":") + std::to_string(l) +
             ",\"head\":" + std::to_string(h) + ",\"score\":" + json::number(s[l][h]) + extra + "}";
    }
  }
  return out + "]";
}

std::string all_scores(const HeadScores& s) {
  std::string out = "[";
  for (std::size_t l = 0; l < s.size(); ++l) {
    out += (l ? ",[" : "[");
    for (std::size_t h = 0; h < s[l].size(); ++h) out += (h ? "," : "") + json::number(s[l][h]);
    out += "]";
  }
  return out + "]";
}

// MODEL TOKENIZER ["text"]: the ids to run (--ids as given, else BOS + the encoded text).
struct Input {
  LmWeights w;
  Tokenizer tok;
  bool has_tokenizer = false;
  std::vector<int> ids;
};

Input read_input(const Args& a, const char* what) {
  if (a.positional.size() < 2 || a.positional.size() > 3) {
    throw CliError(std::string("expected MODEL TOKENIZER \"") + what + "\" (TOKENIZER may be - " +
                   "with --ids), got " + std::to_string(a.positional.size()) + " arguments");
  }
  Input in;
  in.w = load_model(a.positional[0]);
  in.has_tokenizer = a.positional[1] != "-";
  if (in.has_tokenizer) in.tok = load_tokenizer(a.positional[1], in.w.config.vocab_size);
  if (a.has("--ids")) {
    in.ids = a.ids(in.w.config.vocab_size);
  } else if (!in.has_tokenizer) {
    throw CliError("TOKENIZER is -, so the input must come as --ids 1,2,3");
  } else {
    in.ids = encode(in.tok, a.positional.size() == 3 ? a.positional[2] : "", true);
  }
  if (static_cast<int>(in.ids.size()) > in.w.config.seq_len) {
    throw CliError(std::string(what) + ": " + std::to_string(in.ids.size()) + " tokens; the " +
                   "model's context holds at most " + std::to_string(in.w.config.seq_len));
  }
  return in;
}

}  // namespace

int run_eval(const Args& a) {
  if (a.positional.size() != 2) throw CliError("expected MODEL TOKENIZER");
  const LmWeights w = load_model(a.positional[0]);
  const Tokenizer tok = load_tokenizer(a.positional[1], w.config.vocab_size);
  Corpus corpus;
  const std::string error = read_corpus(a.text("--corpus", "build/lm/kjv.txt"), &corpus);
  if (!error.empty()) throw CliError(error);
  const std::string held_text = corpus.held_out_text();
  const std::vector<int> train = encode(tok, corpus.train_text(), true);
  const std::vector<int> held = encode(tok, held_text, true);
  const HeldOut h = measure_held_out(w, held, held_text.size());
  const NgramBits n = ngram_bits_per_byte(train, held, w.config.vocab_size, held_text.size());
  const Induction ind = measure_induction(w, 16, 1);
  const std::string losses = ",\"loss_first\":" + json::number(ind.loss_first) +
                             ",\"loss_second\":" + json::number(ind.loss_second);
  std::cout << "{\"corpus\":{\"path\":" << json::string(corpus.path)
            << ",\"bytes\":" << corpus.text.size()
            << ",\"held_out\":{\"start\":" << corpus.held_out_start
            << ",\"end\":" << corpus.text.size() << "}},\"held_out_tokens\":" << held.size() - 1
            << ",\"bits_per_byte\":" << json::number(h.bits_per_byte)
            << ",\"unigram_bits_per_byte\":" << json::number(n.unigram)
            << ",\"bigram_bits_per_byte\":" << json::number(n.bigram)
            << ",\"previous_token_heads\":" << head_list(h.previous_token, 0.5, "")
            << ",\"induction_heads\":" << head_list(ind.score, 0.3, losses)
            << ",\"previous_token_scores\":" << all_scores(h.previous_token)
            << ",\"induction_scores\":" << all_scores(ind.score)
            << ",\"induction\":{\"length\":" << ind.length << ",\"sequences\":" << ind.sequences
            << losses << "}}\n";
  return 0;
}

int run_generate(const Args& a) {
  const Input in = read_input(a, "prompt");
  if (in.ids.empty()) throw CliError("--ids: the prompt needs at least one token");
  const int steps = static_cast<int>(a.whole("--steps", 64, 0, 100000));
  const double temperature = a.real("--temperature", 0.0, 0.0, 100.0);
  const auto seed = static_cast<std::uint64_t>(a.whole("--seed", 1, 0, 2147483647));
  const Generation g = generate(in.w, in.ids, steps, temperature, seed);
  const std::size_t made = g.ids.size() - in.ids.size();
  const char* stopped = g.stopped_at_bos                         ? "bos"
                        : made < static_cast<std::size_t>(steps) ? "context"
                                                                 : "steps";
  std::cout << "{\"prompt_ids\":" << json::ints(in.ids) << ",\"ids\":" << json::ints(g.ids)
            << ",\"text\":" << (in.has_tokenizer ? json::string(decode(in.tok, g.ids)) : "null")
            << ",\"stopped\":\"" << stopped << "\"}\n";
  return 0;
}

int run_attention(const Args& a) {
  const Input in = read_input(a, "text");
  if (in.ids.empty()) throw CliError("--ids: the text needs at least one token");
  const LmConfig& c = in.w.config;
  if (!a.has("--layer") || !a.has("--head")) throw CliError("--layer L and --head H are required");
  const int layer = static_cast<int>(a.whole("--layer", 0, 0, c.n_layers - 1));
  const int head = static_cast<int>(a.whole("--head", 0, 0, c.n_heads - 1));
  ForwardCache fc;
  const Matrix logits = forward(in.w, in.ids, &fc);
  std::vector<std::string> tokens;
  for (int id : in.ids) {
    tokens.push_back(in.has_tokenizer ? in.tok.pieces[id] : "#" + std::to_string(id));
  }
  std::cout << "{\"ids\":" << json::ints(in.ids) << ",\"tokens\":" << json::strings(tokens)
            << ",\"layer\":" << layer << ",\"head\":" << head << ",\"kv_head\":" << head / c.group()
            << ",\"weights\":" << json::matrix(fc.layers[layer].att[head])
            << ",\"logits_last\":" << json::row(logits.row(logits.rows() - 1))
            << ",\"scenario\":" << head_scenario(in.w, fc, layer, head, tokens) << "}\n";
  return 0;
}

}  // namespace attn::lm::cli
