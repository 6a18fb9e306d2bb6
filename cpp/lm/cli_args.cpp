#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "lm/checkpoint.h"
#include "lm/cli.h"
#include "lm/corpus.h"
#include "scenario/quote.h"

namespace attn::lm::cli {

namespace {

std::string shortest(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", x);
  return buf;
}

}  // namespace

Args Args::parse(const std::vector<std::string>& argv, const std::set<std::string>& allowed) {
  Args a;
  for (std::size_t i = 0; i < argv.size(); ++i) {
    const std::string& s = argv[i];
    if (s.size() > 2 && s.compare(0, 2, "--") == 0) {
      if (!allowed.count(s)) {
        std::string list;
        for (const std::string& o : allowed) list += (list.empty() ? "" : ", ") + o;
        throw CliError(s + " is not an option of this command; it has " + list);
      }
      if (i + 1 >= argv.size()) throw CliError(s + " needs a value");
      a.options[s] = argv[++i];
    } else {
      a.positional.push_back(s);
    }
  }
  return a;
}

long Args::whole(const std::string& name, long fallback, long lo, long hi) const {
  if (!has(name)) return fallback;
  const std::string& s = options.at(name);
  char* end = nullptr;
  const long v = std::strtol(s.c_str(), &end, 10);
  if (s.empty() || *end != '\0') throw CliError(name + ": " + quote(s) + " is not a whole number");
  if (v < lo || v > hi) {
    throw CliError(name + ": " + s + " is out of range; it must be between " + std::to_string(lo) +
                   " and " + std::to_string(hi));
  }
  return v;
}

double Args::real(const std::string& name, double fallback, double lo, double hi) const {
  if (!has(name)) return fallback;
  const std::string& s = options.at(name);
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (s.empty() || *end != '\0' || !std::isfinite(v)) {
    throw CliError(name + ": " + quote(s) + " is not a number");
  }
  if (v < lo || v > hi) {
    throw CliError(name + ": " + s + " is out of range; it must be between " + shortest(lo) +
                   " and " + shortest(hi));
  }
  return v;
}

std::string Args::text(const std::string& name, const std::string& fallback) const {
  return has(name) ? options.at(name) : fallback;
}

std::vector<int> Args::ids(int vocab_size) const {
  std::vector<int> out;
  const std::string& s = options.at("--ids");
  std::size_t start = 0;
  while (start <= s.size()) {
    const std::size_t comma = std::min(s.find(',', start), s.size());
    const std::string item = s.substr(start, comma - start);
    char* end = nullptr;
    const long v = std::strtol(item.c_str(), &end, 10);
    if (item.empty() || *end != '\0' || v < 0 || v >= vocab_size) {
      throw CliError("--ids: " + quote(item) + " is not a token id; ids are whole numbers from 0 " +
                     "to " + std::to_string(vocab_size - 1) + ", comma-separated");
    }
    out.push_back(static_cast<int>(v));
    start = comma + 1;
  }
  return out;
}

LmWeights load_model(const std::string& path) {
  std::string bytes;
  std::string error = read_file(path, &bytes);
  if (!error.empty()) throw CliError("MODEL " + error);
  LmWeights w;
  error = read_checkpoint(bytes, &w);
  if (!error.empty()) throw CliError(path + ": " + error);
  return w;
}

Tokenizer load_tokenizer(const std::string& path, int vocab_size) {
  std::string bytes;
  std::string error = read_file(path, &bytes);
  if (!error.empty()) throw CliError("TOKENIZER " + error);
  Tokenizer t;
  error = read_tokenizer(bytes, vocab_size, &t);
  if (!error.empty()) throw CliError(path + ": " + error);
  return t;
}

}  // namespace attn::lm::cli
