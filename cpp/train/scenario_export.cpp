// A trained model's attention as a scenario, and the scenario file text (scenario_export.h).
#include "train/scenario_export.h"

#include "train/decode.h"
#include "train/json_out.h"

namespace attn::train {
namespace {

InputError out_of_range(const char* field, int value, int high, const std::string& extra) {
  return {field, std::string(field) + " is " + std::to_string(value) +
                     "; it must be between 0 and " + std::to_string(high) + extra};
}

// Fills the projections of `s` from `att`: all heads, or head `head` alone.
void set_weights(const MultiHeadAttention& att, int head, Scenario* s) {
  const int d = att.d_head;
  if (head < 0) {
    s->heads = att.heads;
    s->w_q = att.w_q.value;
    s->w_k = att.w_k.value;
    s->w_v = att.w_v.value;
    s->w_o = att.w_o.value;
  } else {
    s->heads = 1;
    s->w_q = att.w_q.value.middleCols(head * d, d);
    s->w_k = att.w_k.value.middleCols(head * d, d);
    s->w_v = att.w_v.value.middleCols(head * d, d);
    s->w_o = att.w_o.value.middleRows(head * d, d);
  }
  s->d_model = static_cast<int>(att.w_q.value.rows());
  s->d_k = s->d_v = d;
  s->w_o_mode = OutputProjection::Given;
}

}  // namespace

std::variant<Scenario, InputError> attention_scenario(const TrainedModel& trained,
                                                      const std::string& text, AttentionSite site,
                                                      int layer, int head) {
  const Task& task = *trained.task;
  const Model& model = trained.model;
  const bool translate = task.kind() == TaskKind::Translate;
  if (site != AttentionSite::DecoderSelf && !translate) {
    return InputError{"site", "site must be decoder self-attention: a copy model has no encoder"};
  }
  if (site == AttentionSite::EncoderSelf && !model.config().encoder_self_attention) {
    return InputError{"site", "this model's encoder has no self-attention"};
  }
  const int layers = site == AttentionSite::DecoderSelf ? model.config().decoder_layers : 1;
  if (layer < 0 || layer >= layers) return out_of_range("layer", layer, layers - 1, "");
  if (head < -1 || head >= model.config().heads) {
    return out_of_range("head", head, model.config().heads - 1, ", or -1 for all heads");
  }
  auto read = task.read_source(text);
  if (auto* error = std::get_if<InputError>(&read)) return *error;
  Example decoded;
  decoded.source = std::get<std::vector<std::string>>(read);
  decoded.target = decode_sources(model, task, {decoded.source}).front();
  if (decoded.target.empty() && site != AttentionSite::EncoderSelf) {
    return InputError{"sentence", "the model produced no words for \"" +
                                      join_words(decoded.source) +
                                      "\", so its decoder has no attention to show"};
  }
  const ForwardPass pass = model.forward(task.to_batch({decoded}));
  const int t = static_cast<int>(decoded.target.size());

  Scenario s;
  if (site == AttentionSite::EncoderSelf) {
    const AttentionCache& c = pass.encoder.front().self_attention;
    s.query_tokens = decoded.source;
    s.x_q = c.x_q;
    set_weights(model.encoder_layers().front().self_attention, head, &s);
  } else if (site == AttentionSite::Cross) {
    const AttentionCache& c = pass.decoder.front().cross_attention;
    s.query_tokens = decoded.target;  // row j produces target word j
    s.key_tokens = decoded.source;
    s.x_q = c.x_q.topRows(t);  // the last decoder row produced the end token
    s.x_kv = c.x_kv;
    set_weights(model.decoder_layers().front().cross_attention, head, &s);
  } else {
    const AttentionCache& c = pass.decoder[static_cast<std::size_t>(layer)].self_attention;
    if (translate) {
      s.query_tokens = {"<s>"};
      s.query_tokens.insert(s.query_tokens.end(), decoded.target.begin(), decoded.target.end() - 1);
    } else {
      s.query_tokens = decoded.source;
      s.query_tokens.push_back("|");
      s.query_tokens.insert(s.query_tokens.end(), decoded.target.begin(), decoded.target.end() - 1);
    }
    // Causal: dropping translate's last row (it produced the end token) changes no other row.
    s.x_q = c.x_q.topRows(static_cast<Eigen::Index>(s.query_tokens.size()));
    s.mask = MaskKind::Causal;
    set_weights(model.decoder_layers()[static_cast<std::size_t>(layer)].self_attention, head, &s);
  }
  if (auto error = validate(s)) return InputError{error->field, error->message};
  return s;
}

std::string scenario_to_json(const Scenario& s) {
  std::string out = "{";
  json::key(&out, "query_tokens", true);
  json::strings(&out, s.query_tokens);
  if (!s.is_self_attention()) {
    json::key(&out, "key_tokens");
    json::strings(&out, s.key_tokens);
  }
  for (const auto& [name, value] : {std::pair<const char*, int>{"d_model", s.d_model},
                                    {"heads", s.heads},
                                    {"d_k", s.head_dim_k()},
                                    {"d_v", s.head_dim_v()}}) {
    json::key(&out, name);
    out += std::to_string(value);
  }
  json::key(&out, "mask");
  out += s.mask == MaskKind::Causal ? "\"causal\"" : "\"none\"";
  const std::pair<const char*, const std::optional<Matrix>*> matrices[] = {
      {"x_q", &s.x_q}, {"x_kv", &s.x_kv}, {"w_q", &s.w_q}, {"w_k", &s.w_k}, {"w_v", &s.w_v}};
  for (const auto& [name, m] : matrices) {
    if (!m->has_value()) continue;
    json::key(&out, name);
    json::matrix(&out, **m);
  }
  if (s.w_o_mode != OutputProjection::Generated) {
    json::key(&out, "w_o");
    if (s.w_o_mode == OutputProjection::None) {
      out += "null";
    } else {
      json::matrix(&out, *s.w_o);
    }
  }
  out += "}\n";
  return out;
}

}  // namespace attn::train
