// Greedy decoding: the model's most likely next token, one position at a time.
#pragma once

#include <string>
#include <vector>

#include "train/model.h"
#include "train/tasks/task.h"

namespace attn::train {

/// Decodes every sentence of a batch at once. source: encoder input per sentence (empty vectors
/// for a decoder-only model); prefixes: the decoder input each starts from. Each sentence takes
/// the argmax of its last position's logits until it produces `stop` (not kept; -1 = none) or
/// has max_new[s] new tokens. Returns the new tokens per sentence.
TokenIds greedy_decode(const Model& model, const TokenIds& source, TokenIds prefixes,
                       const std::vector<int>& max_new, int stop);

/// The task's output for each source sentence (words of the source vocabulary): translate decodes
/// from <s> until </s> (at most 2n + 2 words), copy decodes n symbols after "x1..xn |".
std::vector<std::vector<std::string>> decode_sources(
    const Model& model, const Task& task, const std::vector<std::vector<std::string>>& sources);

}  // namespace attn::train
