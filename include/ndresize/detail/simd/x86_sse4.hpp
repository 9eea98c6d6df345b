// SPDX-License-Identifier: Apache-2.0
// SSE4.1 backend of the vector vocabulary (docs/kernels.md): 4 float lanes. Every operation
// gives the bits of the scalar backend lane by lane (simd_vocabulary_test).
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
namespace detail::simd::N_SSE4 {
NDRESIZE_SIMD_BEGIN_SSE4

struct Df {};
using VF = __m128;
using MF = __m128;

constexpr std::size_t Lanes(Df) noexcept { return 4; }
NDRESIZE_SIMD_API VF Zero(Df) noexcept { return _mm_setzero_ps(); }
NDRESIZE_SIMD_API VF Set(Df, float v) noexcept { return _mm_set1_ps(v); }
NDRESIZE_SIMD_API VF Load(Df, const float* p) noexcept { return _mm_load_ps(p); }
NDRESIZE_SIMD_API VF LoadU(Df, const float* p) noexcept { return _mm_loadu_ps(p); }
NDRESIZE_SIMD_API void Store(VF v, Df, float* p) noexcept { _mm_store_ps(p, v); }
NDRESIZE_SIMD_API void StoreU(VF v, Df, float* p) noexcept { _mm_storeu_ps(p, v); }
NDRESIZE_SIMD_API void Stream(VF v, Df, float* p) noexcept { _mm_stream_ps(p, v); }

NDRESIZE_SIMD_API VF Add(VF a, VF b) noexcept { return _mm_add_ps(a, b); }
NDRESIZE_SIMD_API VF Sub(VF a, VF b) noexcept { return _mm_sub_ps(a, b); }
NDRESIZE_SIMD_API VF Mul(VF a, VF b) noexcept { return _mm_mul_ps(a, b); }
NDRESIZE_SIMD_API MF Lt(VF a, VF b) noexcept { return _mm_cmplt_ps(a, b); }
NDRESIZE_SIMD_API VF IfThenElse(MF m, VF yes, VF no) noexcept { return _mm_blendv_ps(no, yes, m); }
NDRESIZE_SIMD_API VF IfThenElseZero(MF m, VF yes) noexcept { return _mm_and_ps(m, yes); }
NDRESIZE_SIMD_API MF MaskFromBits(Df, std::uint32_t bits) noexcept {
  const __m128i lane_bit = _mm_setr_epi32(1, 2, 4, 8);
  return _mm_castsi128_ps(
      _mm_cmpgt_epi32(_mm_and_si128(_mm_set1_epi32(static_cast<int>(bits)), lane_bit), _mm_setzero_si128()));
}

// Lane lookups as byte shuffles (SSSE3's pshufb): lane index i (< 8) becomes the bytes
// 4i .. 4i + 3: 4i copied to the lane's four bytes by a shuffle (not a multiply by 0x04040404,
// whose pmulld is slower on most cores), plus 0, 1, 2, 3.
using VI = __m128i;
NDRESIZE_SIMD_API VI LoadIndices(Df, const std::int32_t* p) noexcept {
  const __m128i i4 = _mm_slli_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)), 2);
  const __m128i low_byte = _mm_setr_epi8(0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12);
  return _mm_add_epi32(_mm_shuffle_epi8(i4, low_byte), _mm_set1_epi32(0x03020100));
}
NDRESIZE_SIMD_API VF TableLookupLanes(VF v, VI idx) noexcept {
  return _mm_castsi128_ps(_mm_shuffle_epi8(_mm_castps_si128(v), idx));
}
// Indices 4..7 are the bytes 16..31: both registers are shuffled by the low four bits of each
// byte and the lanes whose first byte is past 15 (a lane value above 0x0F0E0D0C) take hi.
NDRESIZE_SIMD_API VF TwoTablesLookupLanes(VF lo, VF hi, VI idx) noexcept {
  const VF from_hi = _mm_castsi128_ps(_mm_cmpgt_epi32(idx, _mm_set1_epi32(0x0F0E0D0C)));
  return _mm_blendv_ps(TableLookupLanes(lo, idx), TableLookupLanes(hi, idx), from_hi);
}
NDRESIZE_SIMD_API VF GatherOffsets(Df, const float* base, const std::int32_t* offset) noexcept {
  return _mm_setr_ps(base[offset[0]], base[offset[1]], base[offset[2]], base[offset[3]]);
}
/// No gather instruction: GatherOffsets and GatherOffsetPairs are loads, lane by lane
/// (scalar.hpp: HardwareGather).
inline constexpr bool HardwareGather = false;
/// GatherOffsets from rows of 8- and 16-bit integers, widened exactly.
template <class T>
NDRESIZE_SIMD_API VF GatherOffsets(Df, const T* base, const std::int32_t* offset) noexcept requires narrow_integer<T> {
  return _mm_cvtepi32_ps(_mm_setr_epi32(base[offset[0]], base[offset[1]], base[offset[2]], base[offset[3]]));
}
// Element At of each lane's piece (lane_types.hpp: pair_in_piece), widened to a 32-bit lane.
template <class T, int At>
NDRESIZE_SIMD_API __m128i piece_element(__m128i v) noexcept {
  constexpr int shl = piece_shl<T, At>, shr = piece_shr<T>;  // one name each: the intrinsics may be macros
  if constexpr (shl > 0) v = _mm_slli_epi32(v, shl);
  return std::is_signed_v<T> ? _mm_srai_epi32(v, shr) : _mm_srli_epi32(v, shr);
}
NDRESIZE_SIMD_API const __m64* pair_at(const float* p) noexcept { return reinterpret_cast<const __m64*>(p); }
// No gather instruction: per lane one load of its pair (base[k], base[k + S]) where one load
// holds it (integer pieces; floats: 64 bits for S = 1, 128 bits for S = 3), then the elements
// regrouped; else two loads.
template <int S, class T>
NDRESIZE_SIMD_API void GatherOffsetPairs(Df d, const T* base, const std::int32_t* o, VF& first,
                                         VF& second) noexcept requires std::is_same_v<T, float> || narrow_integer<T> {
  if constexpr (pair_in_piece<T, S>) {
    using P = pair_piece<T, S>;  // one name: the intrinsics may be macros
    const __m128i v =
        _mm_setr_epi32(P::load(base + o[0]), P::load(base + o[1]), P::load(base + o[2]), P::load(base + o[3]));
    first = _mm_cvtepi32_ps(piece_element<T, 0>(v));
    second = _mm_cvtepi32_ps(piece_element<T, S>(v));
  } else if constexpr (std::is_same_v<T, float> && S == 1) {
    const __m128 p0 = _mm_loadh_pi(_mm_loadl_pi(_mm_setzero_ps(), pair_at(base + o[0])), pair_at(base + o[1]));
    const __m128 p1 = _mm_loadh_pi(_mm_loadl_pi(_mm_setzero_ps(), pair_at(base + o[2])), pair_at(base + o[3]));
    first = _mm_shuffle_ps(p0, p1, _MM_SHUFFLE(2, 0, 2, 0));
    second = _mm_shuffle_ps(p0, p1, _MM_SHUFFLE(3, 1, 3, 1));
  } else if constexpr (std::is_same_v<T, float> && S == 3) {
    const __m128 p0 = _mm_loadu_ps(base + o[0]), p1 = _mm_loadu_ps(base + o[1]);
    const __m128 p2 = _mm_loadu_ps(base + o[2]), p3 = _mm_loadu_ps(base + o[3]);
    first = _mm_movelh_ps(_mm_unpacklo_ps(p0, p1), _mm_unpacklo_ps(p2, p3));
    second = _mm_movehl_ps(_mm_unpackhi_ps(p2, p3), _mm_unpackhi_ps(p0, p1));
  } else {
    first = GatherOffsets(d, base, o);
    second = GatherOffsets(d, base + S, o);
  }
}

// Pixels of one-byte elements read a piece at a time (pixel_pairs of packed_window-inl.hpp: a
// 64-bit load holds a pair of 3-element pixels), then spread to 32-bit lanes by byte lookups.
/// A vector's bytes from p (Lanes · 4 of them): byte lookup indices.
NDRESIZE_SIMD_API VI LoadBytes(Df, const std::uint8_t* p) noexcept {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}
NDRESIZE_SIMD_API __m128i two_pieces(const void* a, const void* b) noexcept {
  return _mm_unpacklo_epi64(_mm_loadl_epi64(static_cast<const __m128i*>(a)),
                            _mm_loadl_epi64(static_cast<const __m128i*>(b)));
}
/// 64-bit piece i (i < Lanes / 2) of the result: the 8 bytes at base + offset[i].
template <class T>
NDRESIZE_SIMD_API VI GatherOffsets64(Df, const T* base, const std::int32_t* o) noexcept requires(sizeof(T) == 1) {
  return two_pieces(base + o[0], base + o[1]);
}
/// Byte j of each 128-bit block: that block's byte idx[j], or 0 where idx[j] has its top bit set.
NDRESIZE_SIMD_API VI TableLookupBytesOr0(VI bytes, VI idx) noexcept { return _mm_shuffle_epi8(bytes, idx); }
/// 32-bit lanes: the integers as floats, and shifted right arithmetically (sign-extending).
NDRESIZE_SIMD_API VF ConvertTo(Df, VI v) noexcept { return _mm_cvtepi32_ps(v); }
template <int N>
NDRESIZE_SIMD_API VI ShiftRight(VI v) noexcept {
  return _mm_srai_epi32(v, N);
}

NDRESIZE_SIMD_API __m128i load4_bytes(const void* p) noexcept {
  std::int32_t b;
  std::memcpy(&b, p, 4);
  return _mm_cvtsi32_si128(b);
}
NDRESIZE_SIMD_API VF PromoteTo(Df, const std::uint8_t* p) noexcept {
  return _mm_cvtepi32_ps(_mm_cvtepu8_epi32(load4_bytes(p)));
}
NDRESIZE_SIMD_API VF PromoteTo(Df, const std::int8_t* p) noexcept {
  return _mm_cvtepi32_ps(_mm_cvtepi8_epi32(load4_bytes(p)));
}
NDRESIZE_SIMD_API VF PromoteTo(Df, const std::uint16_t* p) noexcept {
  return _mm_cvtepi32_ps(_mm_cvtepu16_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p))));
}
NDRESIZE_SIMD_API VF PromoteTo(Df, const std::int16_t* p) noexcept {
  return _mm_cvtepi32_ps(_mm_cvtepi16_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p))));
}

NDRESIZE_SIMD_API VF PromoteTo(Df, const bfloat16_bits* p) noexcept {
  return _mm_castsi128_ps(_mm_slli_epi32(_mm_cvtepu16_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p))), 16));
}
template <class T>
inline constexpr bool Promotable =
    std::is_same_v<T, std::uint8_t> || std::is_same_v<T, std::int8_t> || std::is_same_v<T, std::uint16_t> ||
    std::is_same_v<T, std::int16_t> || std::is_same_v<T, bfloat16_bits>;

// The store rule (NaN → 0, clamp to [lo, hi], round half to even) in three steps with the same
// results. minps(hi, v) clamps from above and keeps a NaN (minps returns its second operand when
// one is NaN); cvtps rounds half to even (the default MXCSR) and makes NaN and everything below
// INT32_MIN into INT32_MIN; the saturating packs clamp from below (rounding is monotonic and lo is
// an integer, so a value below lo rounds to at most lo). An unsigned type needs nothing more, as
// INT32_MIN packs to 0; a signed one zeroes NaN first (the ordered mask).
NDRESIZE_SIMD_API __m128i below(VF v, float hi) noexcept { return _mm_cvtps_epi32(_mm_min_ps(_mm_set1_ps(hi), v)); }
NDRESIZE_SIMD_API VF nan_to_zero(VF v) noexcept { return _mm_and_ps(v, _mm_cmpord_ps(v, v)); }
NDRESIZE_SIMD_API void store4_bytes(__m128i v, void* p) noexcept {
  const std::int32_t b = _mm_cvtsi128_si32(v);
  std::memcpy(p, &b, 4);
}
NDRESIZE_SIMD_API void DemoteTo(VF v, Df, std::uint8_t* p) noexcept {
  const __m128i w = _mm_packus_epi32(below(v, 255.0f), _mm_setzero_si128());
  store4_bytes(_mm_packus_epi16(w, w), p);
}
NDRESIZE_SIMD_API void DemoteTo(VF v, Df, std::int8_t* p) noexcept {
  const __m128i w = _mm_packs_epi32(below(nan_to_zero(v), 127.0f), _mm_setzero_si128());
  store4_bytes(_mm_packs_epi16(w, w), p);
}
NDRESIZE_SIMD_API void DemoteTo(VF v, Df, std::uint16_t* p) noexcept {
  _mm_storel_epi64(reinterpret_cast<__m128i*>(p), _mm_packus_epi32(below(v, 65535.0f), _mm_setzero_si128()));
}
NDRESIZE_SIMD_API void DemoteTo(VF v, Df, std::int16_t* p) noexcept {
  _mm_storel_epi64(reinterpret_cast<__m128i*>(p),
                   _mm_packs_epi32(below(nan_to_zero(v), 32767.0f), _mm_setzero_si128()));
}
template <class T>
inline constexpr bool Demotable = std::is_same_v<T, std::uint8_t> || std::is_same_v<T, std::int8_t> ||
                                  std::is_same_v<T, std::uint16_t> || std::is_same_v<T, std::int16_t>;

/// The first n (≤ 4) lanes of p, the rest 0, from one 32- or 64-bit load or both: no read past
/// p + n. A load from the buffer of partial_lanes-inl.hpp, just written in pieces, waits for
/// those stores (no forwarding from several stores to one wider load).
NDRESIZE_SIMD_API VF LoadN(Df d, const float* p, std::size_t n) noexcept {
  switch (n) {
    case 0: return Zero(d);  // n = 0 may come with a null p
    case 1: return _mm_load_ss(p);
    case 2: return _mm_castsi128_ps(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)));
    case 3:
      return _mm_movelh_ps(_mm_castsi128_ps(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p))), _mm_load_ss(p + 2));
    default: return LoadU(d, p);
  }
}
// No masked loads or stores: the other partial loads and the partial stores go through a
// buffer (reads and writes only p[0, n)).
#include "partial_lanes-inl.hpp"

NDRESIZE_SIMD_END
}  // namespace detail::simd::N_SSE4
NDRESIZE_END_NAMESPACE
#endif  // NDRESIZE_X86
