// The language model's module (lm.mjs): one model at a time, read from llama2.c's files, and what
// the page's Model view asks of it (cpp/lm/explore.h). Thin over cpp/lm; as in bindings.cpp,
// every call that can fail returns {ok: true, ...} or {ok: false, error: {field, message}}, and
// nothing crosses as a handle: the model lives here, one per worker.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <memory>
#include <string>
#include <vector>

#include "lm/checkpoint.h"
#include "lm/explore.h"
#include "lm/head_scenario.h"
#include "lm/model.h"
#include "lm/tokenizer.h"
#include "text_in.h"
#include "to_js.h"

namespace {

using namespace attn::lm;
using attn::Matrix;
using bindings::success;
using bindings::to_js;
using emscripten::val;

struct Loaded {
  LmWeights w;
  Tokenizer tok;
  bool has_tokenizer = false;
};
std::unique_ptr<Loaded> model;
std::unique_ptr<TokenStream> stream;

val fail(const std::string& field, const std::string& message) {
  return bindings::failure(attn::ValidationError{field, message});
}

val config_to_js(const LmWeights& w) {
  const LmConfig& c = w.config;
  val out = val::object();
  for (auto [name, v] : {std::pair{"dim", c.dim},
                         {"hidden_dim", c.hidden_dim},
                         {"n_layers", c.n_layers},
                         {"n_heads", c.n_heads},
                         {"n_kv_heads", c.n_kv_heads},
                         {"vocab_size", c.vocab_size},
                         {"seq_len", c.seq_len}}) {
    out.set(name, v);
  }
  out.set("shared_classifier", c.shared_classifier);
  out.set("parameters", static_cast<double>(w.parameter_count()));
  out.set("has_tokenizer", model->has_tokenizer);
  return out;
}

/// `ids` (a JS array) checked: 1..seq_len ids, each in [0, vocab); "" or why not.
std::string check_ids(const std::vector<int>& ids) {
  const LmConfig& c = model->w.config;
  if (ids.empty()) return "the text has no token";
  if (static_cast<int>(ids.size()) > c.seq_len) {
    return "the text has " + std::to_string(ids.size()) + " tokens; the model's context holds " +
           "at most " + std::to_string(c.seq_len);
  }
  for (int id : ids) {
    if (id < 0 || id >= c.vocab_size) {
      return "token id " + std::to_string(id) + " is not in the vocabulary (0 to " +
             std::to_string(c.vocab_size - 1) + ")";
    }
  }
  return "";
}

val top_to_js(const Matrix& logits) {
  const TopTokens t = top_tokens(logits, 10);
  val out = val::object();
  out.set("ids", to_js(t.ids));
  out.set("probs", to_js(t.probs));
  return out;
}

// open(model, tokenizer | null) -> {ok, config}: the checkpoint, then its tokenizer.bin.
val open(const val& model_bytes, const val& tokenizer_bytes) {
  stream.reset();
  model.reset();
  auto m = std::make_unique<Loaded>();
  std::string error = read_checkpoint(bindings::text_in(model_bytes), &m->w);
  if (!error.empty()) return fail("model", error);
  m->has_tokenizer = !tokenizer_bytes.isNull();
  if (m->has_tokenizer) {
    error = read_tokenizer(bindings::text_in(tokenizer_bytes), m->w.config.vocab_size, &m->tok);
    if (!error.empty()) return fail("tokenizer", error);
  }
  model = std::move(m);
  return success("config", config_to_js(model->w));
}

// pieces() -> {bytes: Uint8Array, ends: Int32Array}: piece i is bytes[ends[i-1], ends[i]).
val pieces() {
  std::string bytes;
  std::vector<int> ends;
  for (const std::string& p : model->tok.pieces)
    ends.push_back(static_cast<int>((bytes += p).size()));
  val out = val::object();
  out.set("bytes", val(emscripten::typed_memory_view(
                           bytes.size(), reinterpret_cast<const unsigned char*>(bytes.data())))
                       .call<val>("slice"));
  out.set("ends", val(emscripten::typed_memory_view(ends.size(), ends.data())).call<val>("slice"));
  return out;
}

// encode(text) -> ids, BOS first (run.c's encode).
val encode_text(const val& text) {
  if (!model->has_tokenizer)
    return fail("tokenizer", "this model was opened without tokenizer.bin");
  return success("ids", to_js(encode(model->tok, bindings::text_in(text), true)));
}

// start(ids, seed) -> {ok, top}: the prompt fed through a fresh KV cache.
val start(const val& ids_js, double seed) {
  const std::vector<int> ids = emscripten::vecFromJSArray<int>(ids_js);
  if (const std::string e = check_ids(ids); !e.empty()) return fail("prompt", e);
  stream = std::make_unique<TokenStream>(model->w, ids, static_cast<std::uint64_t>(seed));
  return success("top", top_to_js(stream->logits()));
}

// next(temperature) -> {id, top, ended}: top is the distribution the id was picked from.
val next(double temperature) {
  val out = val::object();
  val top = top_to_js(stream->logits());
  out.set("id", stream->next(temperature));
  out.set("top", top);
  out.set("ended", stream->ended());
  return out;
}

// attention(ids) -> {ok, weights: [layer][head] {rows, cols, data}} (T, T), causal.
val attention(const val& ids_js) {
  const std::vector<int> ids = emscripten::vecFromJSArray<int>(ids_js);
  if (const std::string e = check_ids(ids); !e.empty()) return fail("text", e);
  ForwardCache fc;
  forward(model->w, ids, &fc);
  val layers = val::array();
  for (const LayerCache& l : fc.layers) {
    val heads = val::array();
    for (const Matrix& a : l.att) heads.call<void>("push", to_js(a));
    layers.call<void>("push", heads);
  }
  return success("weights", layers);
}

// scenario(ids, layer, head, tokens) -> {ok, scenario: JSON text} (lm/head_scenario.h).
val scenario(const val& ids_js, int layer, int head, const val& tokens) {
  const std::vector<int> ids = emscripten::vecFromJSArray<int>(ids_js);
  if (const std::string e = check_ids(ids); !e.empty()) return fail("text", e);
  const LmConfig& c = model->w.config;
  if (layer < 0 || layer >= c.n_layers) return fail("layer", "no such layer");
  if (head < 0 || head >= c.n_heads) return fail("head", "no such head");
  ForwardCache fc;
  forward(model->w, ids, &fc);
  const auto labels = emscripten::vecFromJSArray<std::string>(tokens);
  return success("scenario", val(head_scenario(model->w, fc, layer, head, labels)));
}

// induction(seed) -> {ok, demo}: lm/explore.h's InductionDemo.
val induction(double seed) {
  const InductionDemo d = induction_demo(model->w, static_cast<std::uint64_t>(seed));
  val scores = val::array();
  for (const auto& layer : d.score) scores.call<void>("push", to_js(layer));
  val out = val::object();
  out.set("ids", to_js(d.ids));
  out.set("length", d.length);
  out.set("loss", to_js(d.loss));
  out.set("scores", scores);
  out.set("layer", d.layer);
  out.set("head", d.head);
  out.set("weights", to_js(d.weights));
  out.set("loss_first", d.loss_first);
  out.set("loss_second", d.loss_second);
  return success("demo", out);
}

/// Each call but open() needs a model (the worker opens one first).
template <typename F>
auto with_model(F f) {
  return [f](auto... args) -> val {
    if (!model) return fail("model", "no model is open");
    return f(args...);
  };
}

}  // namespace

EMSCRIPTEN_BINDINGS(attention_lm) {
  emscripten::function("open", &open);
  emscripten::function(
      "pieces", +[]() { return model && model->has_tokenizer ? pieces() : val::null(); });
  emscripten::function(
      "encode", +[](const val& t) { return with_model(encode_text)(t); });
  emscripten::function(
      "start", +[](const val& ids, double seed) { return with_model(start)(ids, seed); });
  emscripten::function(
      "next", +[](double temperature) {
        return stream ? next(temperature) : fail("prompt", "no generation is under way");
      });
  emscripten::function(
      "attention", +[](const val& ids) { return with_model(attention)(ids); });
  emscripten::function(
      "scenario", +[](const val& ids, int layer, int head, const val& tokens) {
        return with_model(scenario)(ids, layer, head, tokens);
      });
  emscripten::function(
      "induction", +[](double seed) {
        if (model && model->w.config.seq_len < 5) {
          return fail("seq_len", "the induction demo needs a context of at least 5 tokens");
        }
        return with_model(induction)(seed);
      });
}
