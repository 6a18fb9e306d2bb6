// lm_cli: the native `npm run lm` (tools/cli/lm.mjs runs it; docs/tasks.md, "Task 3").
//   lm_cli train --seed S --out MODEL [--tokenizer FILE] [--corpus FILE] [--steps N] ...
//   lm_cli eval MODEL TOKENIZER [--corpus FILE]
//   lm_cli generate MODEL TOKENIZER "prompt" [--ids 1,2,3] [--steps N] [--temperature T]
//          [--seed S]
//   lm_cli attention MODEL TOKENIZER "text" [--ids ...] --layer L --head H
// One JSON object on stdout; a refused option, value or file: "lm: <message>" on stderr, exit 2.
#include <cstdio>
#include <string>
#include <vector>

#include "lm/cli.h"

using namespace attn::lm::cli;

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  const std::string usage =
      "the command is one of train, eval, generate, attention (docs/tasks.md, Task 3)";
  try {
    if (args.empty()) throw CliError(usage);
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    const std::string& cmd = args[0];
    if (cmd == "train") {
      return run_train(Args::parse(
          rest, {"--seed", "--out", "--tokenizer", "--corpus", "--steps", "--batch",
                 "--learning-rate", "--warmup", "--dim", "--hidden", "--layers", "--heads",
                 "--kv-heads", "--vocab", "--context", "--init", "--repeat-fraction"}));
    }
    if (cmd == "eval") return run_eval(Args::parse(rest, {"--corpus"}));
    if (cmd == "generate") {
      return run_generate(Args::parse(rest, {"--ids", "--steps", "--temperature", "--seed"}));
    }
    if (cmd == "attention") {
      return run_attention(Args::parse(rest, {"--ids", "--layer", "--head"}));
    }
    throw CliError("\"" + cmd + "\": " + usage);
  } catch (const CliError& e) {
    std::fprintf(stderr, "lm: %s\n", e.what());
    return 2;
  }
}
