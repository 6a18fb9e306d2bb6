// checkFile(bytes): a loaded file's verdict, as check's, and what the page's copy of it needs
// without reading the text again in JavaScript (web/src/wasm/stored-files.ts).
#pragma once

#include <emscripten/val.h>

#include <string>

namespace bindings {

/// checkFile(scenarioJson) -> {ok: true, matrices} | {ok: false, error}: check's verdict (runs.h)
/// and, for each matrix field the file writes, in file order, six items in the flat array
/// `matrices`: its name; begin and end, its value's bytes [begin, end) in the text; rows and
/// cols (a bias 1 × length); and the fewest characters JSON.stringify writes it in
/// (json-size.ts). Flat, as it adds the least to the first load's wasm.
emscripten::val check_file(const std::string& json);

}  // namespace bindings
