// SPDX-License-Identifier: Apache-2.0
// Element values the tensor fuzz targets share: input elements made from fuzzer bytes, a canary
// pattern for outputs (so a write of any value before an error is seen), and bitwise comparison.
#pragma once

#include <Eigen/Core>

#include <complex>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>

#include <ndresize/element.hpp>

namespace fuzz {

template <class T>
constexpr bool is_complex = false;
template <class F>
constexpr bool is_complex<std::complex<F>> = true;

template <class T>
T from_double(double v) {
  if constexpr (std::is_same_v<T, Eigen::half> || std::is_same_v<T, Eigen::bfloat16>)
    return static_cast<T>(static_cast<float>(v));
  else
    return static_cast<T>(v);
}

/// An input element from one fuzzer byte: small values mostly, the type's extremes and (for
/// floating types) NaN, ±Inf and -0 sometimes.
template <class T>
T element_from(std::uint8_t b) {
  const double small = static_cast<double>(static_cast<std::int8_t>(b)) / 4.0;
  if constexpr (std::is_same_v<T, bool>) {
    return (b & 1) != 0;
  } else if constexpr (std::is_same_v<T, std::string>) {
    return std::string(b % 4, static_cast<char>('a' + b % 26));
  } else if constexpr (std::is_integral_v<T>) {
    if (b == 255) return std::numeric_limits<T>::max();
    if (b == 254) return std::numeric_limits<T>::min();
    return static_cast<T>(static_cast<std::int64_t>(static_cast<std::int8_t>(b)));
  } else if constexpr (is_complex<T>) {
    using F = typename T::value_type;
    return {element_from<F>(b), element_from<F>(static_cast<std::uint8_t>(b ^ 0x5a))};
  } else {
    const double inf = std::numeric_limits<double>::infinity();
    switch (b) {
      case 255: return from_double<T>(std::numeric_limits<double>::quiet_NaN());
      case 254: return from_double<T>(inf);
      case 253: return from_double<T>(-inf);
      case 252: return from_double<T>(-0.0);
      case 251: return from_double<T>(1e4);
      case 250: return from_double<T>(-3e3);
      default: return from_double<T>(small);
    }
  }
}

/// A canary that differs from element to element, so a write of any value is seen.
template <class T>
T canary(std::size_t i) {
  if constexpr (std::is_same_v<T, bool>)
    return i % 3 == 0;
  else if constexpr (std::is_same_v<T, std::string>)
    return "canary" + std::to_string(i);
  else if constexpr (is_complex<T>)
    return {static_cast<typename T::value_type>(i % 97) + 0.25f, -7.5f};
  else if constexpr (std::is_integral_v<T>)
    return static_cast<T>((i * 37 + 11) % 101);
  else
    return from_double<T>(static_cast<double>(i % 89) + 0.375);
}

template <class T>
bool same_bits(const T& a, const T& b) {
  if constexpr (std::is_same_v<T, std::string>)
    return a == b;
  else
    return std::memcmp(&a, &b, sizeof(T)) == 0;
}

template <class T>
double as_double(const T& v) {
  if constexpr (std::is_same_v<T, Eigen::half> || std::is_same_v<T, Eigen::bfloat16>)
    return static_cast<double>(static_cast<float>(v));
  else
    return static_cast<double>(v);
}

}  // namespace fuzz
