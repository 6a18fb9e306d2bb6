// The record of a training run as JSON text (numbers %.17g, NaN as null): what the Learn view
// replays for a prebuilt model, and what compares a native run with a WebAssembly one.
//   {"format": "attention-stepper-run", "version": 1, "task": "translate", "seed": 1,
//    "steps": 200, "seconds": 1.9, "parameters": 90000, "config": {config_to_json},
//    "watched": [{"name", "query_tokens", "key_tokens"}],
//    "losses": [loss of step 1, ...],
//    "snapshots": [{"step", "loss", "held_out_loss", "token_accuracy", "alignment", "head",
//                   "attention": [watched map][head][row][col]}],
//    "metrics": {metrics_to_json}}
#pragma once

#include <string>

#include "train/metrics.h"
#include "train/trainer.h"

namespace attn::train {

/// A run's config as the model file and the run file write it: {"d_model", "heads", "d_ff",
/// "steps", "learning_rate", "batch", "seed", "encoder_self_attention", "snapshot_every"}.
std::string config_to_json(const TrainConfig& config);

/// Metrics as the train command prints them: {"token_accuracy", "sequence_accuracy",
/// "alignment", "alignment_crossed", "determiner_own", "determiner_noun", "previous_token",
/// "head", "previous_token_head", "loss", "criteria_met"} (what a task lacks is null).
std::string metrics_to_json(const Metrics& metrics);

/// The run so far with its final evaluation `metrics` (Trainer::evaluate()).
std::string run_to_json(const Trainer& trainer, const Metrics& metrics);

}  // namespace attn::train
