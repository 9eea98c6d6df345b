// SPDX-License-Identifier: Apache-2.0
// What the fuzz targets share: a reader that turns the fuzzer's bytes into values (reading past
// the end gives zeros, so every input decodes to something), tables of interesting values the
// bytes index into, and a check that reports a broken property and aborts, which libFuzzer
// records as a crash and the corpus replay test as a failure.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

namespace fuzz {

/// A description of the input being run, printed with a failure (set by the target).
inline std::string& context() {
  static std::string c;
  return c;
}

[[noreturn]] inline void fail(const char* file, int line, const std::string& what) {
  std::fprintf(stderr, "%s:%d: fuzz property violated: %s\n", file, line, what.c_str());
  if (!context().empty()) std::fprintf(stderr, "input: %s\n", context().c_str());
  std::fflush(stderr);
  std::abort();
}

#define NDRESIZE_FUZZ_CHECK(cond, what)                                                \
  do {                                                                                 \
    if (!(cond)) ::fuzz::fail(__FILE__, __LINE__, std::string(#cond) + ": " + (what)); \
  } while (0)

class reader {
 public:
  reader(const std::uint8_t* data, std::size_t size) : p_(data), n_(size) {}

  std::uint8_t byte() {
    if (n_ == 0) return 0;
    --n_;
    return *p_++;
  }
  /// Raw bytes of a trivially copyable T (zeros past the end).
  template <class T>
  T raw() {
    unsigned char b[sizeof(T)] = {};
    for (auto& c : b) c = byte();
    T v;
    std::memcpy(&v, b, sizeof(T));
    return v;
  }
  /// An element of `table`, chosen by one byte.
  template <class V>
  const typename V::value_type& pick(const V& table) {
    return table[byte() % table.size()];
  }
  bool empty() const noexcept { return n_ == 0; }
  std::size_t left() const noexcept { return n_; }

 private:
  const std::uint8_t* p_;
  std::size_t n_;
};

inline const std::vector<float>& interesting_floats() {
  using f = std::numeric_limits<float>;
  static const std::vector<float> v{
      1.0f,  2.0f, 0.5f,   3.0f,  0.25f,          1.5f,          1.0f / 3.0f,    4.0f,     0.999f,   1.0001f,
      0.1f,  0.3f, 0.6f,   1.2f,  7.3f,           16.0f,         0.0f,           -0.0f,    -1.0f,    -0.5f,
      1e-6f, 1e6f, 1e-30f, 1e30f, f::quiet_NaN(), f::infinity(), -f::infinity(), f::max(), f::min(), f::denorm_min()};
  return v;
}

/// A float from the table most of the time, any bit pattern (one byte 248+, then four) sometimes.
inline float any_float(reader& r) {
  const auto b = r.byte();
  return b >= 248 ? r.raw<float>() : interesting_floats()[b % interesting_floats().size()];
}

inline const std::vector<double>& interesting_doubles() {
  using d = std::numeric_limits<double>;
  static const std::vector<double> v{
      0.0,  1.0, 0.5, -0.5,  1.5,  0.25,  0.75,           0.1,           0.9,           2.0,
      -1.0, 0.4, 0.6, 1e-30, 1e30, -1e30, d::quiet_NaN(), d::infinity(), -d::infinity()};
  return v;
}

inline const std::vector<std::int64_t>& interesting_ints() {
  using i = std::numeric_limits<std::int64_t>;
  constexpr std::int64_t one = 1;
  static const std::vector<std::int64_t> v{0,    1,         2,         3,         4,         5,        6,       7,
                                           8,    9,         10,        16,        33,        100,      -1,      -2,
                                           -100, one << 20, one << 31, one << 40, one << 62, i::max(), i::min()};
  return v;
}

}  // namespace fuzz
