// The lm command (tools/cli/lm.mjs runs it): argument reading shared by its subcommands.
// Every refusal is a CliError whose message names the option or file and its limit; main prints
// "lm: <message>" on stderr and exits with code 2.
#pragma once

#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "lm/tokenizer.h"
#include "lm/weights.h"

namespace attn::lm::cli {

struct CliError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Args {
  std::vector<std::string> positional;
  std::map<std::string, std::string> options;  ///< "--steps" -> "64"

  /// Splits argv; options are "--name value"; refuses names outside `allowed`.
  static Args parse(const std::vector<std::string>& argv, const std::set<std::string>& allowed);
  bool has(const std::string& name) const { return options.count(name) > 0; }
  /// A whole number in [lo, hi] (default when absent).
  long whole(const std::string& name, long fallback, long lo, long hi) const;
  /// A finite number in [lo, hi] (default when absent).
  double real(const std::string& name, double fallback, double lo, double hi) const;
  std::string text(const std::string& name, const std::string& fallback) const;
  /// --ids "1,2,3": each in [0, vocab).
  std::vector<int> ids(int vocab_size) const;
};

/// Reads a checkpoint file, refused with the file named.
LmWeights load_model(const std::string& path);
/// Reads tokenizer.bin for the model's vocabulary, refused with the file named.
Tokenizer load_tokenizer(const std::string& path, int vocab_size);

/// The subcommands; each prints one JSON object on stdout.
int run_train(const Args& a);
int run_eval(const Args& a);
int run_generate(const Args& a);
int run_attention(const Args& a);

}  // namespace attn::lm::cli
