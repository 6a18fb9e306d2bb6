// The model file (serialise.h), read with the core's strict JSON parser.
#include "train/serialise.h"

#include <cmath>
#include <initializer_list>

#include "scenario/json.h"
#include "scenario/quote.h"
#include "train/json_out.h"
#include "train/metrics.h"
#include "train/run_file.h"

namespace attn::train {
namespace {

using Kind = JsonValue::Kind;
constexpr const char* kFormat = "attention-stepper-model";

const JsonValue* member(const JsonValue& object, const std::string& name) {
  for (const auto& [key, value] : object.object) {
    if (key == name) return &value;
  }
  return nullptr;
}

InputError missing(const std::string& field, const char* what) {
  return {field, field + " must be " + what};
}

// Each member of `object` once and known, as in a scenario file: a repeated key would be read
// as its first copy silently, a misspelt one ignored. Names are escaped and cut (quote.h).
std::optional<InputError> check_members(const JsonValue& object, const std::string& prefix,
                                        std::initializer_list<const char*> known) {
  for (std::size_t i = 0; i < object.object.size(); ++i) {
    const std::string& name = object.object[i].first;
    bool ok = false;
    for (const char* k : known) ok = ok || name == k;
    if (!ok) return InputError{prefix + escape_text(name), "unknown field " + quote(prefix + name)};
    for (std::size_t j = 0; j < i; ++j) {
      if (object.object[j].first == name) {
        return InputError{prefix + name, "duplicate field " + quote(prefix + name)};
      }
    }
  }
  return std::nullopt;
}

// A whole number member of `object` -> *out; field is reported as prefix + name.
std::optional<InputError> read_int(const JsonValue& object, const std::string& prefix,
                                   const char* name, long long* out) {
  const JsonValue* v = member(object, name);
  const std::string field = prefix + name;
  if (!v || v->kind != Kind::Number || v->number != std::floor(v->number) ||
      std::abs(v->number) > 9007199254740991.0) {
    return missing(field, "a whole number");
  }
  *out = static_cast<long long>(v->number);
  return std::nullopt;
}

std::optional<InputError> read_config(const JsonValue& root, TrainConfig* c) {
  const JsonValue* config = member(root, "config");
  if (!config || config->kind != Kind::Object) return missing("config", "an object");
  if (auto e = check_members(*config, "config.",
                             {"d_model", "heads", "d_ff", "steps", "learning_rate", "batch", "seed",
                              "encoder_self_attention", "snapshot_every"})) {
    return e;
  }
  long long v[7];
  const char* names[] = {"d_model", "heads", "d_ff", "steps", "batch", "seed", "snapshot_every"};
  for (int i = 0; i < 7; ++i) {
    if (auto e = read_int(*config, "config.", names[i], &v[i])) return e;
    if (v[i] < 0) return missing(std::string("config.") + names[i], "at least 0");
  }
  c->d_model = static_cast<int>(std::min(v[0], 1LL << 30));
  c->heads = static_cast<int>(std::min(v[1], 1LL << 30));
  c->d_ff = static_cast<int>(std::min(v[2], 1LL << 30));
  c->steps = static_cast<int>(std::min(v[3], 1LL << 30));
  c->batch = static_cast<int>(std::min(v[4], 1LL << 30));
  c->seed = static_cast<std::uint64_t>(v[5]);
  c->snapshot_every = static_cast<int>(std::min(v[6], 1LL << 30));
  const JsonValue* lr = member(*config, "learning_rate");
  if (!lr || lr->kind != Kind::Number || !std::isfinite(lr->number)) {
    return missing("config.learning_rate", "a finite number");
  }
  c->learning_rate = lr->number;
  const JsonValue* self = member(*config, "encoder_self_attention");
  if (!self || self->kind != Kind::Bool) {
    return missing("config.encoder_self_attention", "true or false");
  }
  c->encoder_self_attention = self->boolean;
  if (auto e = validate(*c)) return InputError{"config." + e->field, "config." + e->message};
  return std::nullopt;
}

std::optional<InputError> check_vocab(const JsonValue& root, const char* field, const Vocab& vocab,
                                      const char* task) {
  const JsonValue* v = member(root, field);
  bool same = v && v->kind == Kind::Array && v->array.size() == vocab.words().size();
  for (std::size_t i = 0; same && i < v->array.size(); ++i) {
    same = v->array[i].kind == Kind::String && v->array[i].string == vocab.words()[i];
  }
  if (same) return std::nullopt;
  return InputError{field, std::string(field) + " is not the " + task + " task's vocabulary"};
}

// A matrix of exactly the parameter's shape into its value.
std::optional<InputError> read_param(const JsonValue* v, const std::string& field, Param* p) {
  const Eigen::Index rows = p->value.rows(), cols = p->value.cols();
  const std::string shape = std::to_string(rows) + "x" + std::to_string(cols);
  if (!v) return InputError{field, field + " is missing"};
  if (v->kind != Kind::Array || static_cast<Eigen::Index>(v->array.size()) != rows) {
    return missing(field, ("a " + shape + " matrix").c_str());
  }
  for (Eigen::Index r = 0; r < rows; ++r) {
    const JsonValue& row = v->array[static_cast<std::size_t>(r)];
    if (row.kind != Kind::Array || static_cast<Eigen::Index>(row.array.size()) != cols) {
      return missing(field, ("a " + shape + " matrix").c_str());
    }
    for (Eigen::Index c = 0; c < cols; ++c) {
      const JsonValue& x = row.array[static_cast<std::size_t>(c)];
      // 1e400 is read as infinity (json.h): refused, as in a scenario's matrices.
      if (x.kind != Kind::Number || !std::isfinite(x.number)) {
        return missing(field, "a matrix of finite numbers");
      }
      p->value(r, c) = x.number;
    }
  }
  return std::nullopt;
}

}  // namespace

std::string model_to_json(const TrainedModel& m) {
  const TrainConfig& c = m.config;
  std::string out = "{";
  json::key(&out, "format", true);
  json::string(&out, kFormat);
  json::key(&out, "version");
  out += "1";
  json::key(&out, "task");
  json::string(&out, task_name(c.task));
  json::key(&out, "config");
  out += config_to_json(c);
  json::key(&out, "head");
  out += m.head == kMeanOfHeads ? "\"mean\"" : std::to_string(m.head);
  json::key(&out, "source_vocab");
  json::strings(&out, m.task->source_vocab().words());
  json::key(&out, "target_vocab");
  json::strings(&out, m.task->target_vocab().words());
  json::key(&out, "parameters");
  out += "{";
  const std::vector<std::string> names = m.model.parameter_names();
  const std::vector<const Param*> params = m.model.parameters();
  for (std::size_t i = 0; i < params.size(); ++i) {
    json::key(&out, names[i].c_str(), i == 0);
    json::matrix(&out, params[i]->value);
  }
  out += "}}\n";
  return out;
}

std::variant<TrainedModel, InputError> model_from_json(const std::string& text) {
  auto parsed = parse_json(text);
  if (const JsonError* e = std::get_if<JsonError>(&parsed)) {
    return InputError{"", "invalid JSON at line " + std::to_string(e->line) + ", column " +
                              std::to_string(e->column) + ": " + e->message};
  }
  const JsonValue& root = std::get<JsonValue>(parsed);
  if (root.kind != Kind::Object) return InputError{"", "a model file must be a JSON object"};
  if (auto e = check_members(root, "",
                             {"format", "version", "task", "config", "head", "source_vocab",
                              "target_vocab", "parameters"})) {
    return *e;
  }
  const JsonValue* format = member(root, "format");
  if (!format || format->kind != Kind::String || format->string != kFormat) {
    return missing("format", "\"attention-stepper-model\"");
  }
  long long version = 0;
  if (read_int(root, "", "version", &version) || version != 1) return missing("version", "1");
  const JsonValue* task = member(root, "task");
  const auto kind =
      task && task->kind == Kind::String ? task_from_name(task->string) : std::nullopt;
  if (!kind) return missing("task", "\"translate\" or \"copy\"");

  TrainedModel m;
  m.config.task = *kind;
  if (auto e = read_config(root, &m.config)) return *e;
  m.task = make_task(*kind);
  const char* name = task_name(*kind);
  if (auto e = check_vocab(root, "source_vocab", m.task->source_vocab(), name)) return *e;
  if (auto e = check_vocab(root, "target_vocab", m.task->target_vocab(), name)) return *e;
  const JsonValue* head_value = member(root, "head");
  long long head = 0;
  if (head_value && head_value->kind == Kind::String && head_value->string == "mean") {
    head = kMeanOfHeads;
  } else if (read_int(root, "", "head", &head) || head < 0 || head >= m.config.heads) {
    return InputError{"head", "head must be \"mean\" or a whole number between 0 and " +
                                  std::to_string(m.config.heads - 1)};
  }
  m.head = static_cast<int>(head);
  m.model = Model(m.task->model_config(m.config), m.config.seed);
  const JsonValue* params = member(root, "parameters");
  if (!params || params->kind != Kind::Object) return missing("parameters", "an object");
  std::vector<NamedParam> named = m.model.parameters();
  for (std::size_t i = 0; i < params->object.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      if (params->object[j].first == params->object[i].first) {
        const std::string field = "parameters." + params->object[i].first;
        return InputError{field, "duplicate field " + quote(field)};
      }
    }
  }
  if (params->object.size() != named.size()) {
    return InputError{"parameters", "parameters has " + std::to_string(params->object.size()) +
                                        " groups; this model has " + std::to_string(named.size())};
  }
  for (NamedParam& p : named) {
    if (auto e = read_param(member(*params, p.name), "parameters." + p.name, p.param)) return *e;
  }
  return m;
}

}  // namespace attn::train
