// Little-endian int32/float32 reading and writing of the llama2.c files (tokenizer.bin, the
// version-0 checkpoint). Bounds-checked: a read past the end returns false, never throws.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>

namespace attn::lm {

class Reader {
 public:
  explicit Reader(const std::string& bytes) : b_(bytes) {}
  bool i32(std::int32_t* v) { return raw(v, 4); }
  bool f32(float* v) { return raw(v, 4); }
  /// Skips `n` bytes, remembered as last(); false when fewer are left.
  bool take(std::size_t n) {
    if (left() < n) return false;
    last_ = b_.substr(pos_, n);
    pos_ += n;
    return true;
  }
  const std::string& last() const { return last_; }
  std::size_t left() const { return b_.size() - pos_; }
  std::size_t pos() const { return pos_; }
  bool done() const { return pos_ == b_.size(); }

 private:
  bool raw(void* v, std::size_t n) {
    if (left() < n) return false;
    std::memcpy(v, b_.data() + pos_, n);  // the machine and wasm are little-endian
    pos_ += n;
    return true;
  }
  const std::string& b_;
  std::size_t pos_ = 0;
  std::string last_;
};

struct Writer {
  std::string out;
  void i32(std::int32_t v) { out.append(reinterpret_cast<const char*>(&v), 4); }
  void f32(float v) { out.append(reinterpret_cast<const char*>(&v), 4); }
  void bytes(const std::string& s) { out += s; }
};

}  // namespace attn::lm
