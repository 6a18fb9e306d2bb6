// The training engine's public interface: the one header the bindings, train_cli and tests
// include. A small encoder-decoder Transformer (or, for the copy task, a two-layer decoder) is
// trained from scratch in double precision, and its attention is handed to the stepper as a
// scenario. docs/tasks.md describes the tasks, their criteria and the model file.
//
// Usage, as a worker in the page would drive it:
//
//   using namespace attn::train;
//   TrainConfig config = default_config(TaskKind::Translate);   // config.h
//   config.seed = 7;                                              // sizes the learner chose
//   if (auto error = validate(config)) { /* show error->message next to error->field */ }
//   Trainer trainer(config);                                      // trainer.h; snapshot of step 0
//   while (!trainer.progress().done) {
//     trainer.train_steps(10);                                    // one slice
//     post(trainer.progress(), trainer.snapshots().back());       // loss, accuracy, maps
//   }
//   Metrics m = trainer.evaluate();                               // metrics.h: held-out figures
//   const TrainedModel& model = trainer.trained();                // trained_model.h
//   auto t = translate(model, "the small black cat sees a red car");
//   //   -> Translation{source, target, key_tokens, attention[h] (target x source), head}
//   //   or InputError{"sentence", "unknown word \"cta\" in sentence; the words it knows are: ..."}
//   auto s = attention_scenario(model, "the cat sleeps", AttentionSite::Cross, 0, model.head);
//   std::string file = scenario_to_json(std::get<attn::Scenario>(s));   // scenario_export.h
//   std::string saved = model_to_json(model);                     // serialise.h, and back:
//   auto loaded = model_from_json(saved);
//
// Conventions: matrices are attn::Matrix (row-major double); heads, layers and rows count from
// 0; errors are values (InputError{field, message}), never exceptions; nothing here includes
// Emscripten. Each call is deterministic for a given seed and build.
#pragma once

#include "train/config.h"
#include "train/metrics.h"
#include "train/scenario_export.h"
#include "train/serialise.h"
#include "train/trained_model.h"
#include "train/trainer.h"
