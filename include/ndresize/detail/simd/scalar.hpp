// SPDX-License-Identifier: Apache-2.0
// The portable backend of the vector vocabulary (docs/kernels.md): one lane, plain C++. It is
// the reference every other backend is tested against bit for bit (simd_vocabulary_test), and
// the target of machines without a vector backend.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "targets.hpp"

NDRESIZE_BEGIN_NAMESPACE
namespace detail::simd::N_SCALAR {
NDRESIZE_SIMD_BEGIN_SCALAR

struct Df {};  ///< descriptor: a vector of float
struct VF {
  float x;
};
using MF = bool;

constexpr std::size_t Lanes(Df) noexcept { return 1; }
inline VF Zero(Df) noexcept { return {0.0f}; }
inline VF Set(Df, float v) noexcept { return {v}; }
inline VF Load(Df, const float* p) noexcept { return {*p}; }
inline VF LoadU(Df, const float* p) noexcept { return {*p}; }
/// The first n lanes from p (n ≤ Lanes), the rest zero; reads nothing past p + n.
inline VF LoadN(Df, const float* p, std::size_t n) noexcept { return {n > 0 ? *p : 0.0f}; }
inline void Store(VF v, Df, float* p) noexcept { *p = v.x; }
inline void StoreU(VF v, Df, float* p) noexcept { *p = v.x; }
/// The first n lanes to p (n ≤ Lanes); writes nothing past p + n.
inline void StoreN(VF v, Df, float* p, std::size_t n) noexcept {
  if (n > 0) *p = v.x;
}
/// A store that need not pass through the cache (aligned p); fenced by detail::store_fence().
inline void Stream(VF v, Df, float* p) noexcept { *p = v.x; }

inline VF Add(VF a, VF b) noexcept { return {a.x + b.x}; }
inline VF Sub(VF a, VF b) noexcept { return {a.x - b.x}; }
inline VF Mul(VF a, VF b) noexcept { return {a.x * b.x}; }
/// a < b, false where either is NaN.
inline MF Lt(VF a, VF b) noexcept { return a.x < b.x; }
inline VF IfThenElse(MF m, VF yes, VF no) noexcept { return m ? yes : no; }

/// Lanes(d) elements from p, widened exactly to float.
inline VF PromoteTo(Df, const std::uint8_t* p) noexcept { return {static_cast<float>(*p)}; }
inline VF PromoteTo(Df, const std::int8_t* p) noexcept { return {static_cast<float>(*p)}; }
inline VF PromoteTo(Df, const std::uint16_t* p) noexcept { return {static_cast<float>(*p)}; }
inline VF PromoteTo(Df, const std::int16_t* p) noexcept { return {static_cast<float>(*p)}; }

/// Lanes(d) values narrowed to p: clamped to the type's range (NaN → the lowest value), then
/// rounded half to even. The clamps are written as x86's maxps/minps compute them (v > lo ? v :
/// lo), which is what makes NaN go to the lowest value on every backend.
inline void DemoteTo(VF v, Df, std::uint8_t* p) noexcept {
  float x = v.x > 0.0f ? v.x : 0.0f;
  x = x < 255.0f ? x : 255.0f;
  *p = static_cast<std::uint8_t>(static_cast<int>(std::nearbyint(x)));
}
inline void DemoteTo(VF v, Df, std::int16_t* p) noexcept {
  float x = v.x > -32768.0f ? v.x : -32768.0f;
  x = x < 32767.0f ? x : 32767.0f;
  *p = static_cast<std::int16_t>(static_cast<int>(std::nearbyint(x)));
}

NDRESIZE_SIMD_END_SCALAR
}  // namespace detail::simd::N_SCALAR
NDRESIZE_END_NAMESPACE
