// lm train: learns the tokenizer on the corpus's training split, trains the model natively and
// writes both files; prints {"seed", "steps", "seconds", "parameters", "config", "model",
// "tokenizer", "train_tokens", "final_loss"}; progress on stderr every 50 steps. --init MODEL
// continues from a checkpoint (the tokenizer is learned again: the same for the same vocabulary);
// --repeat-fraction F makes that share of each batch repeated random sequences.
#include <chrono>
#include <cstdio>
#include <iostream>

#include "lm/bpe.h"
#include "lm/checkpoint.h"
#include "lm/cli.h"
#include "lm/corpus.h"
#include "lm/json.h"
#include "lm/trainer.h"

namespace attn::lm::cli {

namespace {

TrainOptions read_options(const Args& a) {
  TrainOptions o;
  LmConfig& c = o.config;
  o.seed = static_cast<std::uint64_t>(a.whole("--seed", 1, 0, 2147483647));
  o.steps = static_cast<int>(a.whole("--steps", o.steps, 1, 1000000));
  o.batch = static_cast<int>(a.whole("--batch", o.batch, 1, 1024));
  o.learning_rate = a.real("--learning-rate", o.learning_rate, 1e-6, 1.0);
  o.warmup = static_cast<int>(a.whole("--warmup", std::min(o.warmup, o.steps), 1, o.steps));
  c.dim = static_cast<int>(a.whole("--dim", c.dim, 8, 512));
  c.hidden_dim = static_cast<int>(a.whole("--hidden", c.hidden_dim, 8, 2048));
  c.n_layers = static_cast<int>(a.whole("--layers", c.n_layers, 1, 8));
  c.n_heads = static_cast<int>(a.whole("--heads", c.n_heads, 1, 16));
  c.n_kv_heads = static_cast<int>(a.whole("--kv-heads", c.n_kv_heads, 1, c.n_heads));
  c.vocab_size = static_cast<int>(a.whole("--vocab", c.vocab_size, 512, 2048));
  c.seq_len = static_cast<int>(a.whole("--context", c.seq_len, 16, 256));
  o.repeat_fraction = a.real("--repeat-fraction", 0.0, 0.0, 1.0);
  const std::string bad = c.check();
  if (!bad.empty()) throw CliError("model sizes: " + bad);
  return o;
}

std::string beside(const std::string& path, const std::string& name) {
  const std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? name : path.substr(0, slash + 1) + name;
}

}  // namespace

int run_train(const Args& a) {
  TrainOptions o = read_options(a);
  // --init: continue from a checkpoint; its sizes replace the defaults.
  LmWeights init;
  if (a.has("--init")) {
    for (const char* size :
         {"--dim", "--hidden", "--layers", "--heads", "--kv-heads", "--vocab", "--context"}) {
      if (a.has(size)) throw CliError(std::string(size) + ": the sizes come from --init's file");
    }
    init = load_model(a.text("--init", ""));
    o.config = init.config;
    o.init = &init;
  }
  if (!a.has("--out")) throw CliError("--out MODEL is required (the checkpoint to write)");
  const std::string out = a.text("--out", "");
  const std::string tok_path = a.text("--tokenizer", beside(out, "tokenizer.bin"));
  Corpus corpus;
  const std::string error = read_corpus(a.text("--corpus", "build/lm/kjv.txt"), &corpus);
  if (!error.empty()) throw CliError(error);
  const auto start = std::chrono::steady_clock::now();
  const auto seconds = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  const std::string train_text = corpus.train_text();
  const Tokenizer tok = learn_bpe(train_text, o.config.vocab_size);
  const std::vector<int> tokens = encode(tok, train_text, true);
  std::fprintf(stderr, "lm train: tokenizer of %d pieces, %zu training tokens (%.1f s)\n",
               tok.size(), tokens.size(), seconds());
  double smoothed = 0.0;
  const LmWeights w = train(o, tokens, [&](int step, double loss) {
    smoothed = step == 0 ? loss : 0.95 * smoothed + 0.05 * loss;
    if ((step + 1) % 50 == 0 || step + 1 == o.steps) {
      std::fprintf(stderr, "lm train: step %d/%d loss %.4f (smoothed %.4f) %.0f s\n", step + 1,
                   o.steps, loss, smoothed, seconds());
    }
  });
  const double trained = seconds();
  const std::string model_bytes = write_checkpoint(w);
  for (const std::string& e :
       {write_file(out, model_bytes), write_file(tok_path, write_tokenizer(tok))}) {
    if (!e.empty()) throw CliError(e);
  }
  const LmConfig& c = o.config;
  std::cout << "{\"seed\":" << o.seed << ",\"steps\":" << o.steps
            << ",\"seconds\":" << json::number(trained) << ",\"parameters\":" << w.parameter_count()
            << ",\"config\":{\"dim\":" << c.dim << ",\"hidden_dim\":" << c.hidden_dim
            << ",\"n_layers\":" << c.n_layers << ",\"n_heads\":" << c.n_heads
            << ",\"n_kv_heads\":" << c.n_kv_heads << ",\"vocab_size\":" << c.vocab_size
            << ",\"seq_len\":" << c.seq_len << ",\"batch\":" << o.batch
            << ",\"repeat_fraction\":" << json::number(o.repeat_fraction)
            << ",\"learning_rate\":" << json::number(o.learning_rate)
            << "},\"model\":{\"path\":" << json::string(out) << ",\"bytes\":" << model_bytes.size()
            << "},\"tokenizer\":" << json::string(tok_path) << ",\"train_tokens\":" << tokens.size()
            << ",\"final_loss\":" << json::number(smoothed) << "}\n";
  return 0;
}

}  // namespace attn::lm::cli
