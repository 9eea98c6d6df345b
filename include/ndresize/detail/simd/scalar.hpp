// SPDX-License-Identifier: Apache-2.0
// The portable backend of the vector vocabulary (docs/kernels.md): one lane, plain C++. It is
// the reference every other backend is tested against bit for bit (simd_vocabulary_test), and
// the target of machines without a vector backend.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "lane_types.hpp"
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
NDRESIZE_SIMD_API VF Zero(Df) noexcept { return {0.0f}; }
NDRESIZE_SIMD_API VF Set(Df, float v) noexcept { return {v}; }
NDRESIZE_SIMD_API VF Load(Df, const float* p) noexcept { return {*p}; }
NDRESIZE_SIMD_API VF LoadU(Df, const float* p) noexcept { return {*p}; }
/// The first n (0 or 1) lanes of p, the rest 0 (n = 0 may come with a null p).
NDRESIZE_SIMD_API VF LoadN(Df, const float* p, std::size_t n) noexcept { return {n != 0 ? *p : 0.0f}; }
NDRESIZE_SIMD_API void Store(VF v, Df, float* p) noexcept { *p = v.x; }
NDRESIZE_SIMD_API void StoreU(VF v, Df, float* p) noexcept { *p = v.x; }
/// A store that need not pass through the cache (aligned p); fenced by detail::store_fence().
NDRESIZE_SIMD_API void Stream(VF v, Df, float* p) noexcept { *p = v.x; }

NDRESIZE_SIMD_API VF Add(VF a, VF b) noexcept { return {a.x + b.x}; }
NDRESIZE_SIMD_API VF Sub(VF a, VF b) noexcept { return {a.x - b.x}; }
NDRESIZE_SIMD_API VF Mul(VF a, VF b) noexcept { return {a.x * b.x}; }
/// a < b, false where either is NaN.
NDRESIZE_SIMD_API MF Lt(VF a, VF b) noexcept { return a.x < b.x; }
NDRESIZE_SIMD_API VF IfThenElse(MF m, VF yes, VF no) noexcept { return m ? yes : no; }
NDRESIZE_SIMD_API VF IfThenElseZero(MF m, VF yes) noexcept { return m ? yes : VF{0.0f}; }
/// Lane i of the mask is bit i of `bits`.
NDRESIZE_SIMD_API MF MaskFromBits(Df, std::uint32_t bits) noexcept { return (bits & 1u) != 0; }

/// Lane indices for TableLookupLanes (each in [0, Lanes)).
using VI = std::int32_t;
NDRESIZE_SIMD_API VI LoadIndices(Df, const std::int32_t* p) noexcept { return *p; }
/// Lane i gets lane idx[i] of v.
NDRESIZE_SIMD_API VF TableLookupLanes(VF v, VI) noexcept { return v; }
/// Lane i gets lane idx[i] of the concatenation lo, hi (each index in [0, 2·Lanes)).
NDRESIZE_SIMD_API VF TwoTablesLookupLanes(VF lo, VF hi, VI idx) noexcept { return idx == 0 ? lo : hi; }
/// Lane i gets base[offset[i]] (Lanes(d) offsets from `offset`).
NDRESIZE_SIMD_API VF GatherOffsets(Df, const float* base, const std::int32_t* offset) noexcept {
  return {base[*offset]};
}
/// Whether GatherOffsets from float rows is a gather instruction (AVX-512) or loads lane by
/// lane (AVX2, SSE4.1, NEON, this reference).
inline constexpr bool HardwareGather = false;
/// GatherOffsets from rows of 8- and 16-bit integers, widened exactly: loads lane by lane on
/// every target.
template <class T>
NDRESIZE_SIMD_API VF GatherOffsets(Df, const T* base, const std::int32_t* offset) noexcept requires narrow_integer<T> {
  return {static_cast<float>(base[*offset])};
}
/// Lane i of `first` gets base[offset[i]], of `second` base[offset[i] + S], from float rows or
/// rows of 8- and 16-bit integers (widened exactly). Targets load each lane's pair at once
/// where one load holds it: 64 bits of floats (S = 1; a 64-bit gather per lane pair where the
/// target has one), 128 bits (S = 3, without gathers), an integer piece (pair_in_piece).
template <int S, class T>
NDRESIZE_SIMD_API void GatherOffsetPairs(Df, const T* base, const std::int32_t* offset, VF& first,
                                         VF& second) noexcept requires std::is_same_v<T, float> || narrow_integer<T> {
  first = {static_cast<float>(base[*offset])};
  second = {static_cast<float>(base[*offset + S])};
}

/// Lanes(d) elements from p, widened exactly to float.
NDRESIZE_SIMD_API VF PromoteTo(Df, const std::uint8_t* p) noexcept { return {static_cast<float>(*p)}; }
NDRESIZE_SIMD_API VF PromoteTo(Df, const std::int8_t* p) noexcept { return {static_cast<float>(*p)}; }
NDRESIZE_SIMD_API VF PromoteTo(Df, const std::uint16_t* p) noexcept { return {static_cast<float>(*p)}; }
NDRESIZE_SIMD_API VF PromoteTo(Df, const std::int16_t* p) noexcept { return {static_cast<float>(*p)}; }
NDRESIZE_SIMD_API VF PromoteTo(Df, const bfloat16_bits* p) noexcept {
  const std::uint32_t b = static_cast<std::uint32_t>(p->bits) << 16;
  float f;
  std::memcpy(&f, &b, sizeof f);
  return {f};
}
/// The element types PromoteTo widens (float16 needs a hardware conversion: not here).
template <class T>
inline constexpr bool Promotable =
    std::is_same_v<T, std::uint8_t> || std::is_same_v<T, std::int8_t> || std::is_same_v<T, std::uint16_t> ||
    std::is_same_v<T, std::int16_t> || std::is_same_v<T, bfloat16_bits>;

/// The library's store rule for small integers (detail::saturate_round): NaN → 0, clamped to
/// the type's range, rounded half to even. The clamps are written as x86's maxps/minps compute
/// them (v > lo ? v : lo), after NaN has become 0.
NDRESIZE_SIMD_API float saturated(VF v, float lo, float hi) noexcept {
  float x = v.x == v.x ? v.x : 0.0f;
  x = x > lo ? x : lo;
  x = x < hi ? x : hi;
  return std::nearbyint(x);
}
/// Lanes(d) values narrowed to p through the store rule.
NDRESIZE_SIMD_API void DemoteTo(VF v, Df, std::uint8_t* p) noexcept {
  *p = static_cast<std::uint8_t>(saturated(v, 0.0f, 255.0f));
}
NDRESIZE_SIMD_API void DemoteTo(VF v, Df, std::int8_t* p) noexcept {
  *p = static_cast<std::int8_t>(saturated(v, -128.0f, 127.0f));
}
NDRESIZE_SIMD_API void DemoteTo(VF v, Df, std::uint16_t* p) noexcept {
  *p = static_cast<std::uint16_t>(saturated(v, 0.0f, 65535.0f));
}
NDRESIZE_SIMD_API void DemoteTo(VF v, Df, std::int16_t* p) noexcept {
  *p = static_cast<std::int16_t>(saturated(v, -32768.0f, 32767.0f));
}
template <class T>
inline constexpr bool Demotable = std::is_same_v<T, std::uint8_t> || std::is_same_v<T, std::int8_t> ||
                                  std::is_same_v<T, std::uint16_t> || std::is_same_v<T, std::int16_t>;

/// The first n (≤ Lanes) lanes: StoreN, PromoteN, DemoteN.
#include "partial_lanes-inl.hpp"

NDRESIZE_SIMD_END_SCALAR
}  // namespace detail::simd::N_SCALAR
NDRESIZE_END_NAMESPACE
