// Which algorithm computes the same heads: the textbook one ("standard"), decoding with a KV cache
// ("kv-cache") or FlashAttention's tiles ("flash", with its block sizes B_r and B_c). The trace is
// the same for all three; the others add what their steps show (attention/algorithms.h).
#pragma once

#include <optional>
#include <string>

namespace attn {

struct Scenario;
struct ValidationError;

/// The scenario file's `algorithm`. Append only.
enum class Algorithm { Standard = 0, KvCache = 1, Flash = 2 };

/// Block sizes of "flash" when the file leaves them out (they fit the small presets).
constexpr int kDefaultBlockQ = 2;
constexpr int kDefaultBlockK = 3;
/// The largest B_r and B_c.
constexpr int kMaxBlock = 1024;

/// The file's word ("kv-cache"), and the algorithm of a word (nothing for an unknown one).
const char* algorithm_name(Algorithm a);
std::optional<Algorithm> algorithm_named(const std::string& word);
/// "\"standard\", \"kv-cache\" or \"flash\"", for messages.
std::string algorithm_names();
/// "between 1 and 1024": the range of block_q and block_k.
std::string block_limit();

/// Why `s` cannot be computed by `a` with blocks (block_q, block_k), naming the field
/// ("algorithm", "block_q" or "block_k") and the limit; nothing when it can. The KV cache decodes
/// causal self-attention (no key_tokens; mask "causal" or "window"); both others than "standard"
/// score by the dot product (score "scaled_dot" or "dot"). Block sizes are whole numbers within
/// block_limit() (a double, so 2.5 is named too).
std::optional<ValidationError> algorithm_problem(const Scenario& s, Algorithm a, double block_q,
                                                 double block_k);

}  // namespace attn
