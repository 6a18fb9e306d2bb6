// The KV cache and FlashAttention of a scenario's heads (see algorithms_js.h).
#include "algorithms_js.h"

#include <memory>
#include <vector>

#include "attention/algorithms.h"
#include "runs.h"
#include "to_js.h"

namespace bindings {

namespace {

using attn::Algorithm;

// The scenario's computation when `a` can run on it with these blocks and `head` exists; else
// null with the error (the field named, as the scenario file would name it) in *error.
std::shared_ptr<const Computed> checked_run(const std::string& json, int head, Algorithm a,
                                            double block_q, double block_k, val* error) {
  auto c = compute(json, error);
  if (!c) return nullptr;
  if (auto e = attn::algorithm_problem(c->scenario, a, block_q, block_k)) {
    *error = failure(*e);
    return nullptr;
  }
  const int heads = static_cast<int>(c->trace.heads.size());
  if (head < 0 || head >= heads) {
    *error = failure({"head", "head is " + std::to_string(head) + "; it must be between 0 and " +
                                  std::to_string(heads - 1)});
    return nullptr;
  }
  return c;
}

val tile_to_js(const attn::variants::FlashTile& t) {
  val out = val::object();
  out.set("qBlock", t.q_block);
  out.set("kBlock", t.k_block);
  out.set("m", to_js(t.m));
  out.set("l", to_js(t.l));
  return out;
}

}  // namespace

val kv_cache_js(const std::string& json, int head) {
  val error = val::undefined();
  const auto c = checked_run(json, head, Algorithm::KvCache, 1, 1, &error);
  if (!c) return error;
  val steps = val::array();
  for (const auto& s : attn::kv_cache_head(c->trace, head)) {
    val step = val::object();
    step.set("t", s.t);
    step.set("cacheLen", s.cache_len);
    step.set("weights", to_js(s.weights));
    step.set("output", to_js(s.output));
    steps.call<void>("push", step);
  }
  return success("decode", steps);
}

val flash_js(const std::string& json, int head, double block_q, double block_k) {
  val error = val::undefined();
  const auto c = checked_run(json, head, Algorithm::Flash, block_q, block_k, &error);
  if (!c) return error;
  const auto f =
      attn::flash_head(c->trace, head, static_cast<int>(block_q), static_cast<int>(block_k));
  val tiles = val::array();
  for (const auto& t : f.tiles) tiles.call<void>("push", tile_to_js(t));
  std::vector<double> lse;
  for (const auto& l : f.lse) lse.push_back(l ? *l : std::numeric_limits<double>::quiet_NaN());
  val out = val::object();
  out.set("blockQ", f.block_q);
  out.set("blockK", f.block_k);
  out.set("tiles", tiles);
  out.set("output", to_js(f.output));
  out.set("lse", to_js(lse));
  out.set("weights", to_js(attn::flash_weights(c->trace, head, f)));
  return success("flash", out);
}

val flash_tile_js(const std::string& json, int head, double block_q, double block_k, int index) {
  val error = val::undefined();
  const auto c = checked_run(json, head, Algorithm::Flash, block_q, block_k, &error);
  if (!c) return error;
  const auto d = attn::variants::flash_tile_detail(attn::algorithm_inputs(c->trace, head),
                                                   static_cast<int>(block_q),
                                                   static_cast<int>(block_k), index);
  if (!d) return success("tile", val::null());
  val out = tile_to_js(d->tile);
  out.set("index", d->index);
  out.set("row0", d->row0);
  out.set("rows", d->rows);
  out.set("col0", d->col0);
  out.set("cols", d->cols);
  out.set("s", to_js(d->s));
  out.set("p", to_js(d->p));
  out.set("mOld", to_js(d->m_old));
  out.set("lOld", to_js(d->l_old));
  out.set("rescale", to_js(d->rescale));
  out.set("rowSum", to_js(d->row_sum));
  out.set("oOld", to_js(d->o_old));
  out.set("oNew", to_js(d->o_new));
  return success("tile", out);
}

val algorithm_difference_js(const std::string& json, int algorithm, double block_q,
                            double block_k) {
  val error = val::undefined();
  if (algorithm != 1 && algorithm != 2) {
    return failure({"algorithm", "algorithm is " + std::to_string(algorithm) +
                                     "; it must be 1 (kv-cache) or 2 (flash)"});
  }
  const auto a = static_cast<Algorithm>(algorithm);
  const auto c = checked_run(json, 0, a, block_q, block_k, &error);
  if (!c) return error;
  const auto d =
      a == Algorithm::KvCache
          ? attn::kv_cache_difference(c->trace)
          : attn::flash_difference(c->trace, static_cast<int>(block_q), static_cast<int>(block_k));
  val out = val::object();
  out.set("ok", true);
  out.set("output", d.output);
  out.set("weights", d.weights);
  return out;
}

}  // namespace bindings
