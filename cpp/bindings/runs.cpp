// Runs kept in the module, answered one step or one matrix at a time (see runs.h).
#include "runs.h"

#include <map>
#include <optional>
#include <variant>
#include <vector>

#include "attention/registry.h"
#include "scenario/scenario_json.h"
#include "steps/steps.h"
#include "to_js.h"

namespace bindings {

namespace {

// A run: its computed trace (shared with the cache) and the keys of its steps, 12 bytes each.
struct Run {
  std::shared_ptr<const Computed> computed;
  std::vector<attn::StepKey> keys;
};

std::map<int, Run>& runs() {
  static std::map<int, Run> open;
  return open;
}

val out_of_range(const std::string& field, int value, int size) {
  return failure({field, field + " is " + std::to_string(value) + "; it must be between 0 and " +
                             std::to_string(size - 1)});
}

const Run* find_run(int id, val* error) {
  const auto it = runs().find(id);
  if (it != runs().end()) return &it->second;
  *error = failure({"id", "run " + std::to_string(id) + " is closed or was never opened"});
  return nullptr;
}

// The TraceValue fields that are not matrices, and the step keys.
val summary(const Computed& c, const std::vector<attn::StepKey>& keys) {
  val out = trace_header(c.scenario, c.trace);
  std::vector<int> flat;
  flat.reserve(keys.size() * 3);
  for (const auto& k : keys) flat.insert(flat.end(), {static_cast<int>(k.stage), k.head, k.query});
  out.set("keys", val(emscripten::typed_memory_view(flat.size(), flat.data())).call<val>("slice"));
  return out;
}

}  // namespace

namespace {

// The scenario of `json`, read and checked but not computed; or nothing, with the error in *error.
std::optional<attn::Scenario> checked(const std::string& json, val* error,
                                      std::vector<attn::JsonSpan>* spans = nullptr) {
  auto parsed = attn::parse_scenario_json(json, spans);
  if (auto* e = std::get_if<attn::ValidationError>(&parsed)) {
    *error = failure(*e);
    return std::nullopt;
  }
  attn::Scenario& scenario = std::get<attn::Scenario>(parsed);
  if (auto e = attn::validate(scenario)) {
    *error = failure(*e);
    return std::nullopt;
  }
  return std::move(scenario);
}

// The scenario `check` accepted last, with its text after any byte-order mark: a loaded file is
// checked, then opened (without its mark, stored-files.ts), and the open takes it instead of
// reading the text again (a 768-wide layer: ~1 s). Taken once.
struct LastChecked {
  std::string json;
  attn::Scenario scenario;
};
std::optional<LastChecked>& last_checked() {
  static std::optional<LastChecked> last;
  return last;
}

// The scenario of `json`: the one check kept when the text is the same, else read and checked.
std::optional<attn::Scenario> take_checked(const std::string& json, val* error) {
  std::optional<LastChecked> last = std::move(last_checked());
  last_checked().reset();
  if (last && json.compare(attn::byte_order_mark(json), std::string::npos, last->json) == 0) {
    return std::move(last->scenario);
  }
  last.reset();  // free it before reading another
  return checked(json, error);
}

}  // namespace

std::shared_ptr<const Computed> compute(const std::string& json, val* error) {
  static std::shared_ptr<const Computed> cache;
  if (cache && cache->json == json) return cache;
  auto scenario = take_checked(json, error);
  if (!scenario) return nullptr;
  // Drop the old cache first: a 512-token trace is ~150 MB, never hold two for one.
  cache.reset();
  auto fresh = std::make_shared<Computed>();
  fresh->trace = attn::run_attention(*scenario);
  fresh->scenario = std::move(*scenario);
  fresh->json = json;
  cache = std::move(fresh);
  return cache;
}

val check_scenario(const std::string& json, std::vector<attn::JsonSpan>* spans) {
  val error = val::undefined();
  last_checked().reset();
  auto scenario = checked(json, &error, spans);
  if (!scenario) return error;
  last_checked() = LastChecked{json.substr(attn::byte_order_mark(json)), std::move(*scenario)};
  val out = val::object();
  out.set("ok", true);
  return out;
}

const attn::Scenario* checked_scenario() {
  return last_checked() ? &last_checked()->scenario : nullptr;
}

val open_run(const std::string& json, int granularity) {
  if (granularity != 0 && granularity != 1) {
    return failure({"granularity", "granularity is " + std::to_string(granularity) +
                                       "; it must be 0 (per query) or 1 (per matrix)"});
  }
  val error = val::undefined();
  auto computed = compute(json, &error);
  if (!computed) return error;
  static int next_id = 1;
  const int id = next_id++;
  Run& run = runs()[id];
  run.computed = std::move(computed);
  run.keys = attn::step_keys(run.computed->trace, static_cast<attn::Granularity>(granularity));
  val out = success("summary", summary(*run.computed, run.keys));
  out.set("id", id);
  return out;
}

val run_step(int id, int k) {
  val error = val::undefined();
  const Run* run = find_run(id, &error);
  if (!run) return error;
  const int count = static_cast<int>(run->keys.size());
  if (k < 0 || k >= count) return out_of_range("step", k, count);
  const Computed& c = *run->computed;
  return success("step", to_js(attn::build_step(c.scenario, c.trace, run->keys[k])));
}

val run_matrix(int id, int matrix, int head) {
  val error = val::undefined();
  const Run* run = find_run(id, &error);
  if (!run) return error;
  const attn::Trace& t = run->computed->trace;
  const attn::MatrixInfo* info = attn::matrix_info(matrix);
  if (!info) {
    return out_of_range("matrix", matrix, static_cast<int>(attn::matrix_registry().size()));
  }
  if (info->per_head && (head < 0 || head >= static_cast<int>(t.heads.size()))) {
    return out_of_range("head", head, static_cast<int>(t.heads.size()));
  }
  const attn::Matrix* m = info->get(t, head);
  return success("matrix", m ? to_js(*m) : val::null());
}

void close_run(int id) { runs().erase(id); }

int open_runs() { return static_cast<int>(runs().size()); }

}  // namespace bindings
