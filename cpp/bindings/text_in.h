// A scenario's text arriving from JS as UTF-8 bytes (a Uint8Array; wasm/core-bytes.js) or as a
// string (the node tests), copied into the heap once.
#pragma once

#include <emscripten/val.h>

#include <string>

namespace bindings {

/// The bytes of `text` (a Uint8Array, or a string which Embind encodes as UTF-8). A Uint8Array is
/// copied with one TypedArray.set into the string's buffer: Embind's own std::string conversion
/// copies it a byte at a time in JS (0.2-0.4 s for a 53 MB layer, against a few ms).
inline std::string text_in(const emscripten::val& text) {
  if (text.isString()) return text.as<std::string>();
  std::string bytes(text["length"].as<std::size_t>(), '\0');
  // The view is made after the allocation above, which may grow (and detach) the heap.
  emscripten::val(emscripten::typed_memory_view(bytes.size(), bytes.data()))
      .call<void>("set", text);
  return bytes;
}

}  // namespace bindings
