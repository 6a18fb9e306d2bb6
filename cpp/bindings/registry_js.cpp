// The core's registry as plain values (to_js.h registry_to_js): what the page's generated
// web/src/wasm/registry.* holds, so the page keeps no list of its own.
#include "kernels/variants.h"
#include "to_js.h"

namespace bindings {
namespace {

const char* dim_name(attn::Dim d) {
  static const char* const names[] = {"1",     "m",   "n",      "d_model", "heads",
                                      "d_k",   "d_v", "d_a",    "h*d_k",   "h*d_v",
                                      "h*d_a", "out", "kv*d_k", "kv*d_v"};
  return names[static_cast<int>(d)];
}

val matrices() {
  val out = val::array();
  for (const attn::MatrixInfo& row : attn::matrix_registry()) {
    val m = val::object();
    m.set("id", static_cast<int>(row.id));
    m.set("name", std::string(row.name));
    m.set("traceField", std::string(row.trace_field));
    m.set("fileField", std::string(row.file_field));
    m.set("tex", std::string(row.tex));
    m.set("perHead", row.per_head);
    m.set("editable", row.editable);
    m.set("optional", row.optional);
    m.set("score", std::string(row.score));
    m.set("rows", std::string(dim_name(row.rows)));
    m.set("cols", std::string(dim_name(row.cols)));
    m.set("jsonField", std::string(row.json_field));
    m.set("csvLabel", std::string(row.csv_label));
    m.set("csvFile", std::string(row.csv_file));
    out.call<void>("push", m);
  }
  return out;
}

val scores() {
  val out = val::array();
  for (const attn::ScoreVariant& row : attn::score_variants()) {
    val s = val::object();
    s.set("kind", static_cast<int>(row.kind));
    s.set("ident", std::string(row.ident));
    s.set("name", std::string(row.name));
    s.set("scaled", row.scaled);
    s.set("title", std::string(row.title));
    s.set("box", std::string(row.box));
    s.set("symbol", std::string(row.symbol));
    out.call<void>("push", s);
  }
  return out;
}

val masks() {
  val out = val::array();
  for (const attn::MaskVariant& row : attn::mask_variants()) {
    val m = val::object();
    m.set("kind", static_cast<int>(row.kind));
    m.set("name", std::string(row.name));
    out.call<void>("push", m);
  }
  return out;
}

}  // namespace

val registry_to_js() {
  val out = val::object();
  out.set("matrices", matrices());
  out.set("scores", scores());
  out.set("masks", masks());
  return out;
}

}  // namespace bindings
