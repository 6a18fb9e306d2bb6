// The figures of a trained (or training) model on held-out examples (docs/tasks.md).
//
// Translate: row j of the decoder's cross-attention (the position that produces target word j,
// fed the reference prefix) "aligns" when its argmax is the English word that target word
// translates. Copy: a repeated symbol's row in layer 2 "induces" when its argmax is the successor
// of the symbol's earlier occurrence; in layer 1 the row of each copied symbol but the first
// (x2..xn, the keys the induction head reads) is "previous-token" when its argmax is the position
// just before it.
#pragma once

#include <vector>

#include "train/model.h"
#include "train/tasks/task.h"

namespace attn::train {

/// The head the app names may be the mean of the heads' weights instead of one head.
constexpr int kMeanOfHeads = -1;

/// The mean of the heads' weights (rows, cols); per_head must not be empty.
Matrix mean_of_heads(const std::vector<Matrix>& per_head);

/// Teacher-forced figures, per head where they concern attention (fractions in [0, 1]).
struct HeadFigures {
  double loss = 0.0;            ///< mean cross-entropy of the scored positions
  double token_accuracy = 0.0;  ///< argmax of the logits = the target, over scored positions
  // Translate, cross-attention of the decoder, per head:
  std::vector<double> alignment;        ///< content words (nouns, adjectives, verbs)
  std::vector<double> crossed;          ///< the nouns and colour adjectives of crossed pairs
  std::vector<double> determiner_own;   ///< determiners peaking on their English determiner
  std::vector<double> determiner_noun;  ///< determiners peaking on their phrase's noun
  // Copy, per head:
  std::vector<double> induction;       ///< layer 2, rows x1..x(n-1) of the copy
  std::vector<double> previous_token;  ///< layer 1, rows x2..xn
  // The same figures for the mean of the heads' weights (kMeanOfHeads):
  double mean_alignment = 0.0, mean_crossed = 0.0;
  double mean_determiner_own = 0.0, mean_determiner_noun = 0.0;
  double mean_induction = 0.0;
};

/// One teacher-forced pass over `examples` (no greedy decoding).
HeadFigures teacher_forced(const Model& model, const Task& task,
                           const std::vector<Example>& examples);

/// The head the app names: the head whose pattern score (translate: alignment; copy: induction)
/// is highest in `figures` (the first on ties); for translate, the mean of the heads
/// (kMeanOfHeads) when it is strictly better than every head.
int best_head(const Task& task, const HeadFigures& figures);

/// The pattern score of one head or of their mean (alignment or induction).
double pattern_score(const Task& task, const HeadFigures& figures, int head);

/// The held-out figures of a model (NaN for what a task does not have). Names as in the
/// train_cli contract (docs/tasks.md).
struct Metrics {
  double loss = 0.0;
  double token_accuracy = 0.0;
  double sequence_accuracy = 0.0;  ///< greedy output exactly the reference
  double alignment = 0.0;          ///< translate: content words; copy: the induction score
  double alignment_crossed = 0.0;  ///< translate only
  double determiner_own = 0.0;     ///< translate only
  double determiner_noun = 0.0;    ///< translate only
  double previous_token = 0.0;     ///< copy only: layer 1's previous-token head
  int head = 0;                    ///< the named head (chosen on validation), or kMeanOfHeads
  int previous_token_head = -1;    ///< copy only: layer 1's best head (chosen on validation)
  bool criteria_met = false;
};

/// Chooses the head on `validation` (teacher-forced), then measures everything on `test`,
/// sequence accuracy by greedy decoding.
Metrics evaluate(const Model& model, const Task& task, const std::vector<Example>& validation,
                 const std::vector<Example>& test);

/// The task's criteria: translate sequence_accuracy >= 0.95, alignment >= 0.9 and
/// alignment_crossed >= 0.9; copy alignment (induction) >= 0.9.
bool meets_criteria(TaskKind task, const Metrics& metrics);

}  // namespace attn::train
