// Conversions between cpp/train structs and plain JavaScript values (train_to_js.h).
#include "train_to_js.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <type_traits>

#include "to_js.h"

namespace bindings {

using namespace attn::train;

namespace {

// attention[w][h] as arrays of {rows, cols, data} matrices.
val maps_to_js(const std::vector<std::vector<attn::Matrix>>& maps) {
  val out = val::array();
  for (const auto& heads : maps) {
    val js_heads = val::array();
    for (const auto& m : heads) js_heads.call<void>("push", to_js(m));
    out.call<void>("push", js_heads);
  }
  return out;
}

// x as a person would write it: whole numbers in full (2^53 is 9007199254740992), others with
// the fewest digits that read back as x.
std::string shortest(double x) {
  char buf[40];
  if (x == std::floor(x) && std::abs(x) < 1e21) {
    std::snprintf(buf, sizeof buf, "%.0f", x);
    return buf;
  }
  for (int digits = 15; digits <= 17; ++digits) {
    std::snprintf(buf, sizeof buf, "%.*g", digits, x);
    if (std::strtod(buf, nullptr) == x) break;
  }
  return buf;
}

// The reader of one settings object: each field checked for its JS type. A whole number too large
// for the config's type is clamped, and remembered so validate()'s message states it as given.
class SettingsReader {
 public:
  explicit SettingsReader(const val& settings) : settings_(settings) {}

  /// int fields, and the seed (std::uint64_t, never negative).
  template <typename T>
  std::optional<InputError> whole(const char* field, T* out) {
    double x = 0.0;
    if (auto e = number(field, &x)) return e;
    const std::string is = field + (" is " + shortest(x));
    if (x != std::floor(x)) return InputError{field, is + "; it must be a whole number"};
    constexpr bool kSigned = std::is_signed_v<T>;
    if (!kSigned && x < 0) {
      return InputError{field,
                        is + "; it must be between 0 and " + std::to_string(TrainLimits::kMaxSeed)};
    }
    const double clamped =
        std::max(kSigned ? -2147483647.0 : 0.0, std::min(x, kSigned ? 2147483647.0 : 9.2e18));
    *out = static_cast<T>(clamped);
    if (clamped != x) given_[std::to_string(*out)] = shortest(x);
    return std::nullopt;
  }

  std::optional<InputError> number(const char* field, double* out) const {
    const val v = settings_[field];
    if (!v.isNumber()) return InputError{field, std::string(field) + " must be a number"};
    *out = v.as<double>();
    if (std::isnan(*out)) return InputError{field, std::string(field) + " is not a number"};
    return std::nullopt;
  }

  /// validate()'s message with a clamped value written as it was given.
  InputError restated(InputError e) const {
    for (const auto& [clamped, given] : given_) {
      const std::string was = " is " + clamped + ";";
      const auto at = e.message.find(was);
      if (at != std::string::npos) e.message.replace(at, was.size(), " is " + given + ";");
    }
    return e;
  }

 private:
  val settings_;
  std::map<std::string, std::string> given_;
};

}  // namespace

val failure(const InputError& e) { return failure(attn::ValidationError{e.field, e.message}); }

val to_js(const Progress& p) {
  val out = val::object();
  out.set("step", p.step);
  out.set("steps", p.steps);
  out.set("loss", p.loss);
  out.set("seconds", p.seconds);
  out.set("done", p.done);
  out.set("token_accuracy", p.token_accuracy);
  out.set("alignment", p.alignment);
  return out;
}

val to_js(const Snapshot& s) {
  val out = val::object();
  out.set("step", s.step);
  out.set("loss", s.loss);
  out.set("held_out_loss", s.held_out_loss);
  out.set("token_accuracy", s.token_accuracy);
  out.set("alignment", s.alignment);
  out.set("head", s.head);
  out.set("attention", maps_to_js(s.attention));
  return out;
}

val to_js(const WatchedAttention& w) {
  val out = val::object();
  out.set("name", w.name);
  out.set("query_tokens", to_js(w.query_tokens));
  out.set("key_tokens", to_js(w.key_tokens));
  return out;
}

// In the order of the train command's output (run_file.h metrics_to_json).
val to_js(const Metrics& m) {
  val out = val::object();
  out.set("token_accuracy", m.token_accuracy);
  out.set("sequence_accuracy", m.sequence_accuracy);
  out.set("alignment", m.alignment);
  out.set("alignment_crossed", m.alignment_crossed);
  out.set("determiner_own", m.determiner_own);
  out.set("determiner_noun", m.determiner_noun);
  out.set("previous_token", m.previous_token);
  out.set("head", m.head);
  out.set("previous_token_head", m.previous_token_head);
  out.set("loss", m.loss);
  out.set("criteria_met", m.criteria_met);
  return out;
}

val to_js(const TrainConfig& c) {
  val out = val::object();
  out.set("task", std::string(task_name(c.task)));
  out.set("d_model", c.d_model);
  out.set("heads", c.heads);
  out.set("d_ff", c.d_ff);
  out.set("steps", c.steps);
  out.set("learning_rate", c.learning_rate);
  out.set("batch", c.batch);
  out.set("seed", static_cast<double>(c.seed));  // exact: validate() keeps it below 2^53
  out.set("encoder_self_attention", c.encoder_self_attention);
  out.set("snapshot_every", c.snapshot_every);
  return out;
}

val to_js(const Translation& t) {
  val attention = val::array();
  for (const auto& m : t.attention) attention.call<void>("push", to_js(m));
  val out = val::object();
  out.set("source", to_js(t.source));
  out.set("target", to_js(t.target));
  out.set("key_tokens", to_js(t.key_tokens));
  out.set("attention", attention);
  out.set("head", t.head);
  out.set("reference", to_js(t.reference));
  return out;
}

std::variant<TrainConfig, InputError> config_from_js(const val& settings) {
  if (settings.typeOf().as<std::string>() != "object" || settings.isNull()) {
    return InputError{"", "the settings must be an object"};
  }
  const val task = settings["task"];
  const auto kind = task.isString() ? task_from_name(task.as<std::string>()) : std::nullopt;
  if (!kind) return InputError{"task", "task must be \"translate\" or \"copy\""};
  TrainConfig c = default_config(*kind);
  SettingsReader read(settings);
  const std::pair<const char*, int*> ints[] = {
      {"d_model", &c.d_model}, {"heads", &c.heads}, {"d_ff", &c.d_ff},
      {"steps", &c.steps},     {"batch", &c.batch}, {"snapshot_every", &c.snapshot_every}};
  for (const auto& [field, out] : ints) {
    if (auto e = read.whole(field, out)) return *e;
  }
  if (auto e = read.number("learning_rate", &c.learning_rate)) return *e;
  if (auto e = read.whole("seed", &c.seed)) return *e;
  const val self = settings["encoder_self_attention"];
  if (!self.isTrue() && !self.isFalse()) {
    return InputError{"encoder_self_attention", "encoder_self_attention must be true or false"};
  }
  c.encoder_self_attention = self.isTrue();
  if (auto e = validate(c)) return read.restated(*e);
  return c;
}

}  // namespace bindings
