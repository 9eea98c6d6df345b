// SPDX-License-Identifier: Apache-2.0
// AVX2 backend of the vector vocabulary (docs/kernels.md): 8 float lanes. FMA is not enabled
// in its region, so no Mul then Add can be contracted. Bits of the scalar backend lane by lane.
#pragma once

#include "lane_types.hpp"
#include "targets.hpp"

#if NDRESIZE_X86
#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

NDRESIZE_BEGIN_NAMESPACE
namespace detail::simd::N_AVX2 {
NDRESIZE_SIMD_BEGIN_AVX2

struct Df {};
using VF = __m256;
using MF = __m256;

constexpr std::size_t Lanes(Df) noexcept { return 8; }
NDRESIZE_SIMD_API VF Zero(Df) noexcept { return _mm256_setzero_ps(); }
NDRESIZE_SIMD_API VF Set(Df, float v) noexcept { return _mm256_set1_ps(v); }
NDRESIZE_SIMD_API VF Load(Df, const float* p) noexcept { return _mm256_load_ps(p); }
NDRESIZE_SIMD_API VF LoadU(Df, const float* p) noexcept { return _mm256_loadu_ps(p); }
NDRESIZE_SIMD_API void Store(VF v, Df, float* p) noexcept { _mm256_store_ps(p, v); }
NDRESIZE_SIMD_API void StoreU(VF v, Df, float* p) noexcept { _mm256_storeu_ps(p, v); }
NDRESIZE_SIMD_API void Stream(VF v, Df, float* p) noexcept { _mm256_stream_ps(p, v); }

NDRESIZE_SIMD_API VF Add(VF a, VF b) noexcept { return _mm256_add_ps(a, b); }
NDRESIZE_SIMD_API VF Sub(VF a, VF b) noexcept { return _mm256_sub_ps(a, b); }
NDRESIZE_SIMD_API VF Mul(VF a, VF b) noexcept { return _mm256_mul_ps(a, b); }
NDRESIZE_SIMD_API MF Lt(VF a, VF b) noexcept { return _mm256_cmp_ps(a, b, _CMP_LT_OQ); }
NDRESIZE_SIMD_API VF IfThenElse(MF m, VF yes, VF no) noexcept { return _mm256_blendv_ps(no, yes, m); }
NDRESIZE_SIMD_API VF IfThenElseZero(MF m, VF yes) noexcept { return _mm256_and_ps(m, yes); }
NDRESIZE_SIMD_API MF MaskFromBits(Df, std::uint32_t bits) noexcept {
  const __m256i lane_bit = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
  return _mm256_castsi256_ps(_mm256_cmpgt_epi32(_mm256_and_si256(_mm256_set1_epi32(static_cast<int>(bits)), lane_bit),
                                                _mm256_setzero_si256()));
}

using VI = __m256i;
NDRESIZE_SIMD_API VI LoadIndices(Df, const std::int32_t* p) noexcept {
  return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
}
NDRESIZE_SIMD_API VF TableLookupLanes(VF v, VI idx) noexcept { return _mm256_permutevar8x32_ps(v, idx); }
// Both registers permuted by the low three bits; lanes whose index is past 7 take hi.
NDRESIZE_SIMD_API VF TwoTablesLookupLanes(VF lo, VF hi, VI idx) noexcept {
  const VF from_hi = _mm256_castsi256_ps(_mm256_cmpgt_epi32(idx, _mm256_set1_epi32(7)));
  return _mm256_blendv_ps(_mm256_permutevar8x32_ps(lo, idx), _mm256_permutevar8x32_ps(hi, idx), from_hi);
}
/// No gather instruction: GatherOffsets and GatherOffsetPairs are loads, lane by lane
/// (scalar.hpp: HardwareGather). AVX2's gathers measured slower than the loads on this
/// project's benchmark machine (bench/README.md, "Tuning": the antialiased shrinks 0.77-0.94 x
/// the time with loads, and the one-pass blend_resample they allow took W2 to 0.79-0.81 x).
inline constexpr bool HardwareGather = false;
template <class T>
NDRESIZE_SIMD_API VF GatherOffsets(Df, const T* base, const std::int32_t* o) noexcept requires narrow_integer<T> {
  return _mm256_cvtepi32_ps(_mm256_setr_epi32(base[o[0]], base[o[1]], base[o[2]], base[o[3]], base[o[4]], base[o[5]],
                                              base[o[6]], base[o[7]]));
}
NDRESIZE_SIMD_API VF GatherOffsets(Df, const float* base, const std::int32_t* o) noexcept {
  return _mm256_setr_ps(base[o[0]], base[o[1]], base[o[2]], base[o[3]], base[o[4]], base[o[5]], base[o[6]], base[o[7]]);
}
// The float pairs at a and b (64 bits each) as the two halves of a 128-bit vector (no lambda:
// it would not get the region's target).
NDRESIZE_SIMD_API __m128 two_pairs(const float* a, const float* b) noexcept {
  return _mm_loadh_pi(_mm_loadl_pi(_mm_setzero_ps(), reinterpret_cast<const __m64*>(a)),
                      reinterpret_cast<const __m64*>(b));
}
// Element At of each lane's piece (lane_types.hpp: pair_in_piece), widened to a 32-bit lane.
template <class T, int At>
NDRESIZE_SIMD_API __m256i piece_element(__m256i v) noexcept {
  constexpr int shl = piece_shl<T, At>, shr = piece_shr<T>;  // one name each: the intrinsics may be macros
  if constexpr (shl > 0) v = _mm256_slli_epi32(v, shl);
  return std::is_signed_v<T> ? _mm256_srai_epi32(v, shr) : _mm256_srli_epi32(v, shr);
}
// Lane i of first gets base[k], of second base[k + S]. Integer pairs that one load holds: one
// load per lane, then the elements taken out. Float pairs with S = 1: one 64-bit load per lane,
// lanes 0, 1, 4, 5 in one register and 2, 3, 6, 7 in another, then the even and odd elements
// regrouped per 128-bit half. Else two gathers.
template <int S, class T>
NDRESIZE_SIMD_API void GatherOffsetPairs(Df d, const T* base, const std::int32_t* o, VF& first,
                                         VF& second) noexcept requires std::is_same_v<T, float> || narrow_integer<T> {
  if constexpr (pair_in_piece<T, S>) {
    using P = pair_piece<T, S>;  // one name: the intrinsics may be macros
    const __m256i v =
        _mm256_setr_epi32(P::load(base + o[0]), P::load(base + o[1]), P::load(base + o[2]), P::load(base + o[3]),
                          P::load(base + o[4]), P::load(base + o[5]), P::load(base + o[6]), P::load(base + o[7]));
    first = _mm256_cvtepi32_ps(piece_element<T, 0>(v));
    second = _mm256_cvtepi32_ps(piece_element<T, S>(v));
  } else if constexpr (std::is_same_v<T, float> && S == 1) {
    const __m256 lo = _mm256_insertf128_ps(_mm256_castps128_ps256(two_pairs(base + o[0], base + o[1])),
                                           two_pairs(base + o[4], base + o[5]), 1);
    const __m256 hi = _mm256_insertf128_ps(_mm256_castps128_ps256(two_pairs(base + o[2], base + o[3])),
                                           two_pairs(base + o[6], base + o[7]), 1);
    first = _mm256_shuffle_ps(lo, hi, _MM_SHUFFLE(2, 0, 2, 0));
    second = _mm256_shuffle_ps(lo, hi, _MM_SHUFFLE(3, 1, 3, 1));
  } else if constexpr (std::is_same_v<T, float> && S == 3) {
    // One 128-bit load per lane (the pair and the two elements between), lanes i and i + 4 in
    // one register; then per 128-bit half SSE4.1's transpose of elements 0 and 3.
    const __m256 p04 =
        _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(base + o[0])), _mm_loadu_ps(base + o[4]), 1);
    const __m256 p15 =
        _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(base + o[1])), _mm_loadu_ps(base + o[5]), 1);
    const __m256 p26 =
        _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(base + o[2])), _mm_loadu_ps(base + o[6]), 1);
    const __m256 p37 =
        _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(base + o[3])), _mm_loadu_ps(base + o[7]), 1);
    first = _mm256_shuffle_ps(_mm256_unpacklo_ps(p04, p15), _mm256_unpacklo_ps(p26, p37), _MM_SHUFFLE(1, 0, 1, 0));
    second = _mm256_shuffle_ps(_mm256_unpackhi_ps(p04, p15), _mm256_unpackhi_ps(p26, p37), _MM_SHUFFLE(3, 2, 3, 2));
  } else {
    first = GatherOffsets(d, base, o);
    second = GatherOffsets(d, base + S, o);
  }
}

// Pixels of one-byte elements read a piece at a time (pixel_pairs of packed_window-inl.hpp: a
// 64-bit load holds a pair of 3-element pixels), then spread to 32-bit lanes by byte lookups.
/// A vector's bytes from p (Lanes · 4 of them): byte lookup indices.
NDRESIZE_SIMD_API VI LoadBytes(Df, const std::uint8_t* p) noexcept {
  return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
}
NDRESIZE_SIMD_API __m128i two_pieces(const void* a, const void* b) noexcept {
  return _mm_unpacklo_epi64(_mm_loadl_epi64(static_cast<const __m128i*>(a)),
                            _mm_loadl_epi64(static_cast<const __m128i*>(b)));
}
/// 64-bit piece i (i < Lanes / 2) of the result: the 8 bytes at base + offset[i].
template <class T>
NDRESIZE_SIMD_API VI GatherOffsets64(Df, const T* base, const std::int32_t* o) noexcept requires(sizeof(T) == 1) {
  return _mm256_inserti128_si256(_mm256_castsi128_si256(two_pieces(base + o[0], base + o[1])),
                                 two_pieces(base + o[2], base + o[3]), 1);
}
/// Byte j of each 128-bit block: that block's byte idx[j], or 0 where idx[j] has its top bit set.
NDRESIZE_SIMD_API VI TableLookupBytesOr0(VI bytes, VI idx) noexcept { return _mm256_shuffle_epi8(bytes, idx); }
/// 32-bit lanes: the integers as floats, and shifted right arithmetically (sign-extending).
NDRESIZE_SIMD_API VF ConvertTo(Df, VI v) noexcept { return _mm256_cvtepi32_ps(v); }
template <int N>
NDRESIZE_SIMD_API VI ShiftRight(VI v) noexcept {
  return _mm256_srai_epi32(v, N);
}

NDRESIZE_SIMD_API __m128i load8_bytes(const void* p) noexcept {
  return _mm_loadl_epi64(static_cast<const __m128i*>(p));
}
NDRESIZE_SIMD_API VF PromoteTo(Df, const std::uint8_t* p) noexcept {
  return _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(load8_bytes(p)));
}
NDRESIZE_SIMD_API VF PromoteTo(Df, const std::int8_t* p) noexcept {
  return _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(load8_bytes(p)));
}
NDRESIZE_SIMD_API VF PromoteTo(Df, const std::uint16_t* p) noexcept {
  return _mm256_cvtepi32_ps(_mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))));
}
NDRESIZE_SIMD_API VF PromoteTo(Df, const std::int16_t* p) noexcept {
  return _mm256_cvtepi32_ps(_mm256_cvtepi16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))));
}

NDRESIZE_SIMD_API VF PromoteTo(Df, const bfloat16_bits* p) noexcept {
  return _mm256_castsi256_ps(
      _mm256_slli_epi32(_mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))), 16));
}
template <class T>
inline constexpr bool Promotable =
    std::is_same_v<T, std::uint8_t> || std::is_same_v<T, std::int8_t> || std::is_same_v<T, std::uint16_t> ||
    std::is_same_v<T, std::int16_t> || std::is_same_v<T, bfloat16_bits>;

// The store rule (NaN → 0, clamp to [lo, hi], round half to even) in three steps with the same
// results, as in x86_sse4.hpp: minps(hi, v) clamps from above and keeps a NaN, cvtps makes NaN
// and everything below INT32_MIN into INT32_MIN, and the saturating packs of the two 128-bit
// halves clamp from below. A signed type zeroes NaN first.
NDRESIZE_SIMD_API void below(VF v, float hi, __m128i& low, __m128i& high) noexcept {
  const __m256i i = _mm256_cvtps_epi32(_mm256_min_ps(_mm256_set1_ps(hi), v));
  low = _mm256_castsi256_si128(i);
  high = _mm256_extracti128_si256(i, 1);
}
NDRESIZE_SIMD_API VF nan_to_zero(VF v) noexcept { return _mm256_and_ps(v, _mm256_cmp_ps(v, v, _CMP_ORD_Q)); }
NDRESIZE_SIMD_API void DemoteTo(VF v, Df, std::uint8_t* p) noexcept {
  __m128i lo, hi;
  below(v, 255.0f, lo, hi);
  const __m128i w = _mm_packus_epi32(lo, hi);
  _mm_storel_epi64(reinterpret_cast<__m128i*>(p), _mm_packus_epi16(w, w));
}
NDRESIZE_SIMD_API void DemoteTo(VF v, Df, std::int8_t* p) noexcept {
  __m128i lo, hi;
  below(nan_to_zero(v), 127.0f, lo, hi);
  const __m128i w = _mm_packs_epi32(lo, hi);
  _mm_storel_epi64(reinterpret_cast<__m128i*>(p), _mm_packs_epi16(w, w));
}
NDRESIZE_SIMD_API void DemoteTo(VF v, Df, std::uint16_t* p) noexcept {
  __m128i lo, hi;
  below(v, 65535.0f, lo, hi);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(p), _mm_packus_epi32(lo, hi));
}
NDRESIZE_SIMD_API void DemoteTo(VF v, Df, std::int16_t* p) noexcept {
  __m128i lo, hi;
  below(nan_to_zero(v), 32767.0f, lo, hi);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(p), _mm_packs_epi32(lo, hi));
}
template <class T>
inline constexpr bool Demotable = std::is_same_v<T, std::uint8_t> || std::is_same_v<T, std::int8_t> ||
                                  std::is_same_v<T, std::uint16_t> || std::is_same_v<T, std::int16_t>;

/// The first n (≤ 8) lanes of p, the rest 0, by a masked load: the masked-off lanes read nothing
/// (no fault past p + n). A load from the buffer of partial_lanes-inl.hpp, just written in
/// pieces, waits for those stores (no forwarding from several stores to one wider load).
NDRESIZE_SIMD_API VF LoadN(Df d, const float* p, std::size_t n) noexcept {
  alignas(32) static constexpr std::int32_t ramp[16] = {-1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0};
  if (n == 0) return Zero(d);  // n = 0 may come with a null p
  return _mm256_maskload_ps(p, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(ramp + 8 - n)));
}
// The other partial loads and the partial stores go through a buffer (reads and writes only
// p[0, n)): AVX2's masked stores are slow on AMD's cores, and it has no narrow masked loads.
#include "partial_lanes-inl.hpp"

NDRESIZE_SIMD_END
}  // namespace detail::simd::N_AVX2
NDRESIZE_END_NAMESPACE
#endif  // NDRESIZE_X86
