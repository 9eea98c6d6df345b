// SPDX-License-Identifier: Apache-2.0
// Element types: the ONNX type list as a runtime enum, and per-type traits that fix the
// numeric contract (DESIGN.md rules 6 and 7): which accumulator a type interpolates in, and
// how an accumulated value is stored back (round half to even once; integers saturate).
#pragma once

#include "config.hpp"

#include <bit>
#include <cmath>
#include <complex>
#include <concepts>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

// float16 and bfloat16 are Eigen's types, declared here as Eigen declares them: naming them costs
// a translation unit nothing, while <Eigen/Core> costs about as much as every standard header
// the library uses together. Code that creates or reads their values includes <Eigen/Core>
// (their users do anyway); the type-erased headers, whose calls instantiate every element
// type, include it for their callers (type_erased.hpp).
namespace Eigen {
struct half;
struct bfloat16;
}  // namespace Eigen

NDRESIZE_BEGIN_NAMESPACE

/// The ONNX element types, one line each: the C++ type, the element_type name, the
/// onnx.TensorProto.DataType code, the accumulator it interpolates in (void: nearest only) and
/// its ONNX type string. The enum, to_string, element_traits and the type switch
/// (detail/dispatch.hpp) are all made from this list: adding a type is one line here.
#define NDRESIZE_ELEMENT_TYPES(X)                                             \
  X(float, float32, 1, float, "float")                                        \
  X(std::uint8_t, uint8, 2, float, "uint8")                                   \
  X(std::int8_t, int8, 3, float, "int8")                                      \
  X(std::uint16_t, uint16, 4, float, "uint16")                                \
  X(std::int16_t, int16, 5, float, "int16")                                   \
  X(std::int32_t, int32, 6, double, "int32")                                  \
  X(std::int64_t, int64, 7, double, "int64")                                  \
  X(std::string, string, 8, void, "string")                                   \
  X(bool, bool_, 9, void, "bool")                                             \
  X(Eigen::half, float16, 10, float, "float16")                               \
  X(double, float64, 11, double, "double")                                    \
  X(std::uint32_t, uint32, 12, double, "uint32")                              \
  X(std::uint64_t, uint64, 13, double, "uint64")                              \
  X(std::complex<float>, complex64, 14, std::complex<float>, "complex64")     \
  X(std::complex<double>, complex128, 15, std::complex<double>, "complex128") \
  X(Eigen::bfloat16, bfloat16, 16, float, "bfloat16")

/// ONNX element types. The numeric values equal onnx.TensorProto.DataType, so a runtime can
/// cast its own type code. Names follow the ONNX type strings (`tensor(float)` is float32,
/// `tensor(double)` float64, `tensor(bool)` bool_ because `bool` is a keyword).
enum class element_type : int {
  undefined = 0,
#define NDRESIZE_ENUMERATOR(T, NAME, CODE, ACC, STRING) NAME = CODE,
  NDRESIZE_ELEMENT_TYPES(NDRESIZE_ENUMERATOR)
#undef NDRESIZE_ENUMERATOR
};

constexpr const char* to_string(element_type t) noexcept {
  switch (t) {
#define NDRESIZE_TYPE_STRING(T, NAME, CODE, ACC, STRING) \
  case element_type::NAME: return STRING;
    NDRESIZE_ELEMENT_TYPES(NDRESIZE_TYPE_STRING)
#undef NDRESIZE_TYPE_STRING
    case element_type::undefined: break;
  }
  return "undefined";
}

namespace detail {
/// float16 → float, exact, branch-free so that loops over half data vectorize (Eigen's
/// conversion is scalar unless F16C is enabled for the whole build). The exponent/mantissa bits
/// shifted into float position read as the value times 2^-112; multiplying by 2^112 is exact
/// for normal and subnormal halves. Inf and NaN keep an all-ones exponent. A template, so that
/// Eigen::half needs to be complete only where a conversion is compiled.
template <class Half>
inline float half_to_float(Half h) noexcept {
  static_assert(sizeof(Half) == 2);
  const std::uint32_t bits = std::bit_cast<std::uint16_t>(h);
  const std::uint32_t sign = (bits & 0x8000u) << 16;
  const std::uint32_t em = bits & 0x7FFFu;
  const float scaled = std::bit_cast<float>(em << 13) * 0x1p112f;
  const std::uint32_t magnitude = em >= 0x7C00u ? ((em << 13) | 0x7F800000u) : std::bit_cast<std::uint32_t>(scaled);
  return std::bit_cast<float>(magnitude | sign);
}

/// Round half to even without depending on the floating-point environment.
template <std::floating_point F>
inline F round_half_even(F v) noexcept {
  const F f = std::floor(v);
  const F diff = v - f;
  if (diff > F(0.5)) return f + F(1);
  if (diff < F(0.5)) return f;
  return std::fmod(f, F(2)) == F(0) ? f : f + F(1);
}

/// Round half to even, then saturate to I's range; NaN stores as 0 (documented choice).
template <std::integral I, std::floating_point F>
inline I saturate_round(F v) noexcept {
  if constexpr (sizeof(I) < 8) {
    // Branch-free so that stores vectorize: the limits of I are exact in F (8/16-bit types
    // accumulate in float, 32-bit in double), so clamp first, then round with the 2^mantissa
    // trick (exact below 2^23 / 2^52, in the default round-to-nearest-even mode).
    constexpr F lo = static_cast<F>(std::numeric_limits<I>::min());
    constexpr F hi = static_cast<F>(std::numeric_limits<I>::max());
    constexpr F magic = F(1) / std::numeric_limits<F>::epsilon();
    F c = v == v ? v : F(0);
    c = c < lo ? lo : c;
    c = c > hi ? hi : c;
    const F a = std::fabs(c);
    const F r = (a + magic) - magic;
    return static_cast<I>(std::copysign(r, c));
  } else {
    if (std::isnan(v)) return I(0);
    const F r = round_half_even(v);
    // F(max) rounds up to 2^63 or 2^64: every integer r >= F(max) is at or beyond max.
    // F(min) (0 or -2^63) is exact.
    if (r >= static_cast<F>(std::numeric_limits<I>::max())) return std::numeric_limits<I>::max();
    if (r <= static_cast<F>(std::numeric_limits<I>::min())) return std::numeric_limits<I>::min();
    return static_cast<I>(r);
  }
}
}  // namespace detail

/// Traits of an element type. `accumulator` is void for types that cannot be interpolated
/// (bool, std::string): they support nearest only.
template <class T>
struct element_traits;

#define NDRESIZE_TRAITS(T, NAME, CODE, ACC, STRING)          \
  template <>                                                \
  struct element_traits<T> {                                 \
    using accumulator = ACC;                                 \
    static constexpr element_type type = element_type::NAME; \
  };
NDRESIZE_ELEMENT_TYPES(NDRESIZE_TRAITS)
#undef NDRESIZE_TRAITS

/// Any ONNX element type: nearest mode gathers (copies) it.
template <class T>
concept gatherable = requires {
  element_traits<std::remove_const_t<T>>::type;
};

/// Element types that linear and cubic modes can interpolate.
template <class T>
concept interpolatable = gatherable<T> && !std::is_void_v<typename element_traits<std::remove_const_t<T>>::accumulator>;

template <interpolatable T>
using accumulator_t = typename element_traits<std::remove_const_t<T>>::accumulator;

/// Real scalar type of weights for accumulator A (float for complex<float>, ...).
template <class A>
struct weight_of {
  using type = A;
};
template <class F>
struct weight_of<std::complex<F>> {
  using type = F;
};
template <class A>
using weight_t = typename weight_of<A>::type;

/// Converts an element to its accumulator (exact for every type: float holds every 8/16-bit
/// integer and every half/bfloat16 value; double every 32-bit integer).
template <interpolatable T>
constexpr accumulator_t<T> to_accumulator(const T& v) noexcept {
  if constexpr (std::is_same_v<T, Eigen::half>)
    return detail::half_to_float(v);
  else if constexpr (std::is_same_v<T, Eigen::bfloat16>)
    return static_cast<float>(v);
  else if constexpr (std::is_integral_v<T> && sizeof(T) <= 2)
    return static_cast<float>(static_cast<std::int32_t>(v));  // through int32: vectorizes as widen + convert
  else
    return static_cast<accumulator_t<T>>(v);
}

/// Stores an accumulated value: one rounding to nearest even (Eigen's half/bfloat16
/// constructors round to nearest even); integers round half to even and saturate.
template <interpolatable T>
inline T from_accumulator(const accumulator_t<T>& v) noexcept {
  if constexpr (std::is_integral_v<T>)
    return detail::saturate_round<T>(v);
  else
    return static_cast<T>(v);
}

/// The value `extrapolation_value` takes in an element type (tf_crop_and_resize).
template <gatherable T>
T from_extrapolation_value(double v) {
  if constexpr (std::is_same_v<T, bool>)
    return v != 0.0;
  else if constexpr (std::is_same_v<T, std::string>)
    return std::string();
  else
    // Through the real scalar: complex accumulators take it as their real part.
    return from_accumulator<T>(accumulator_t<T>(static_cast<weight_t<accumulator_t<T>>>(v)));
}

NDRESIZE_END_NAMESPACE
