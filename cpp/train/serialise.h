// A trained model to JSON text and back, exactly (numbers %.17g): for shipping prebuilt models
// to the page and for train_cli's translate mode. The file (docs/tasks.md):
//   {"format": "attention-stepper-model", "version": 1, "task": "translate",
//    "config": {"d_model", "heads", "d_ff", "steps", "learning_rate", "batch", "seed",
//               "encoder_self_attention", "snapshot_every"},
//    "head": 2 (or "mean"), "source_vocab": [...], "target_vocab": [...],
//    "parameters": {"source_embedding.table": [[...], ...], ...}}
// Parameters are named and ordered as Model::parameters(); each is a matrix (biases (1, width)).
#pragma once

#include <string>
#include <variant>

#include "train/trained_model.h"

namespace attn::train {

std::string model_to_json(const TrainedModel& model);

/// Reads a model file. An InputError names the field ("config.d_model", "parameters.output.w",
/// "source_vocab", ...) and what is wrong; a file of another task's vocabulary is rejected.
std::variant<TrainedModel, InputError> model_from_json(const std::string& text);

}  // namespace attn::train
