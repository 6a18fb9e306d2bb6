// A training run as JSON text (run_file.h).
#include "train/run_file.h"

#include "train/json_out.h"

namespace attn::train {
namespace {

void snapshot_to_json(std::string* out, const Snapshot& s) {
  *out += "{\"step\":" + std::to_string(s.step);
  const std::pair<const char*, double> figures[] = {{"loss", s.loss},
                                                    {"held_out_loss", s.held_out_loss},
                                                    {"token_accuracy", s.token_accuracy},
                                                    {"alignment", s.alignment}};
  for (const auto& [name, value] : figures) {
    json::key(out, name);
    json::number(out, value);
  }
  *out += ",\"head\":" + std::to_string(s.head) + ",\"attention\":[";
  for (std::size_t w = 0; w < s.attention.size(); ++w) {
    *out += w > 0 ? ",[" : "[";
    for (std::size_t h = 0; h < s.attention[w].size(); ++h) {
      if (h > 0) *out += ',';
      json::matrix(out, s.attention[w][h]);
    }
    *out += ']';
  }
  *out += "]}";
}

}  // namespace

std::string config_to_json(const TrainConfig& c) {
  std::string out = "{\"d_model\":" + std::to_string(c.d_model) +
                    ",\"heads\":" + std::to_string(c.heads) +
                    ",\"d_ff\":" + std::to_string(c.d_ff) +
                    ",\"steps\":" + std::to_string(c.steps) + ",\"learning_rate\":";
  json::number(&out, c.learning_rate);
  out += ",\"batch\":" + std::to_string(c.batch) + ",\"seed\":" + std::to_string(c.seed) +
         ",\"encoder_self_attention\":" + (c.encoder_self_attention ? "true" : "false") +
         ",\"snapshot_every\":" + std::to_string(c.snapshot_every) + "}";
  return out;
}

std::string metrics_to_json(const Metrics& m) {
  std::string out = "{";
  const std::pair<const char*, double> figures[] = {
      {"token_accuracy", m.token_accuracy}, {"sequence_accuracy", m.sequence_accuracy},
      {"alignment", m.alignment},           {"alignment_crossed", m.alignment_crossed},
      {"determiner_own", m.determiner_own}, {"determiner_noun", m.determiner_noun},
      {"previous_token", m.previous_token}};
  bool first = true;
  for (const auto& [name, value] : figures) {
    json::key(&out, name, first);
    json::number(&out, value);
    first = false;
  }
  out += ",\"head\":" + std::to_string(m.head) +
         ",\"previous_token_head\":" + std::to_string(m.previous_token_head) + ",\"loss\":";
  json::number(&out, m.loss);
  out += std::string(",\"criteria_met\":") + (m.criteria_met ? "true" : "false") + "}";
  return out;
}

std::string run_to_json(const Trainer& trainer, const Metrics& metrics) {
  const TrainedModel& trained = trainer.trained();
  const Progress p = trainer.progress();
  std::string out = "{";
  json::key(&out, "format", true);
  json::string(&out, "attention-stepper-run");
  out += ",\"version\":1";
  json::key(&out, "task");
  json::string(&out, task_name(trained.config.task));
  out += ",\"seed\":" + std::to_string(trained.config.seed) +
         ",\"steps\":" + std::to_string(p.step) + ",\"seconds\":";
  json::number(&out, p.seconds);
  out += ",\"parameters\":" + std::to_string(trained.model.parameter_count()) +
         ",\"config\":" + config_to_json(trained.config) + ",\"watched\":[";
  for (std::size_t i = 0; i < trainer.watched().size(); ++i) {
    const WatchedAttention& w = trainer.watched()[i];
    out += i > 0 ? ",{" : "{";
    json::key(&out, "name", true);
    json::string(&out, w.name);
    json::key(&out, "query_tokens");
    json::strings(&out, w.query_tokens);
    json::key(&out, "key_tokens");
    json::strings(&out, w.key_tokens);
    out += '}';
  }
  out += "],\"losses\":[";
  for (std::size_t i = 0; i < trainer.losses().size(); ++i) {
    if (i > 0) out += ',';
    json::number(&out, trainer.losses()[i]);
  }
  out += "],\"snapshots\":[";
  for (std::size_t i = 0; i < trainer.snapshots().size(); ++i) {
    if (i > 0) out += ',';
    snapshot_to_json(&out, trainer.snapshots()[i]);
  }
  out += "],\"metrics\":" + metrics_to_json(metrics) + "}\n";
  return out;
}

}  // namespace attn::train
