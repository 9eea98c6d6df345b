// SPDX-License-Identifier: Apache-2.0
// AVX-512 backend of the vector vocabulary (docs/kernels.md): 16 float lanes, masked tails.
// AVX-512F implies FMA, so the region switches contraction off (targets.hpp). Bits of the
// scalar backend lane by lane.
#pragma once

#include "lane_types.hpp"
#include "targets.hpp"

#if NDRESIZE_X86
#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <type_traits>

NDRESIZE_BEGIN_NAMESPACE
namespace detail::simd::N_AVX512 {
NDRESIZE_SIMD_BEGIN_AVX512

struct Df {};
using VF = __m512;
using MF = __mmask16;

constexpr std::size_t Lanes(Df) noexcept { return 16; }
NDRESIZE_SIMD_API VF Zero(Df) noexcept { return _mm512_setzero_ps(); }
NDRESIZE_SIMD_API VF Set(Df, float v) noexcept { return _mm512_set1_ps(v); }
NDRESIZE_SIMD_API VF Load(Df, const float* p) noexcept { return _mm512_load_ps(p); }
NDRESIZE_SIMD_API VF LoadU(Df, const float* p) noexcept { return _mm512_loadu_ps(p); }
NDRESIZE_SIMD_API __mmask16 first_n(std::size_t n) noexcept {  // n ≤ 16
  return static_cast<__mmask16>((1u << n) - 1u);
}
// Masked-off lanes are neither read nor faulted on.
NDRESIZE_SIMD_API VF LoadN(Df, const float* p, std::size_t n) noexcept { return _mm512_maskz_loadu_ps(first_n(n), p); }
NDRESIZE_SIMD_API void Store(VF v, Df, float* p) noexcept { _mm512_store_ps(p, v); }
NDRESIZE_SIMD_API void StoreU(VF v, Df, float* p) noexcept { _mm512_storeu_ps(p, v); }
NDRESIZE_SIMD_API void StoreN(VF v, Df, float* p, std::size_t n) noexcept { _mm512_mask_storeu_ps(p, first_n(n), v); }
NDRESIZE_SIMD_API void Stream(VF v, Df, float* p) noexcept { _mm512_stream_ps(p, v); }

NDRESIZE_SIMD_API VF Add(VF a, VF b) noexcept { return _mm512_add_ps(a, b); }
NDRESIZE_SIMD_API VF Sub(VF a, VF b) noexcept { return _mm512_sub_ps(a, b); }
NDRESIZE_SIMD_API VF Mul(VF a, VF b) noexcept { return _mm512_mul_ps(a, b); }
NDRESIZE_SIMD_API MF Lt(VF a, VF b) noexcept { return _mm512_cmp_ps_mask(a, b, _CMP_LT_OQ); }
NDRESIZE_SIMD_API VF IfThenElse(MF m, VF yes, VF no) noexcept { return _mm512_mask_blend_ps(m, no, yes); }
NDRESIZE_SIMD_API VF IfThenElseZero(MF m, VF yes) noexcept { return _mm512_maskz_mov_ps(m, yes); }
NDRESIZE_SIMD_API MF MaskFromBits(Df, std::uint32_t bits) noexcept { return static_cast<__mmask16>(bits); }

using VI = __m512i;
NDRESIZE_SIMD_API VI LoadIndices(Df, const std::int32_t* p) noexcept { return _mm512_loadu_si512(p); }
NDRESIZE_SIMD_API VF TableLookupLanes(VF v, VI idx) noexcept { return _mm512_permutexvar_ps(idx, v); }
NDRESIZE_SIMD_API VF TwoTablesLookupLanes(VF lo, VF hi, VI idx) noexcept { return _mm512_permutex2var_ps(lo, idx, hi); }
/// GatherOffsets from float rows is a gather instruction (scalar.hpp: HardwareGather); from
/// rows of 8- and 16-bit integers it is loads, lane by lane, widened exactly.
inline constexpr bool HardwareGather = true;
// A gather merges the lanes its mask leaves off into its destination register, so it waits for
// that register's last write. GCC 12 drops the zero source of a gather whose mask it knows is
// every lane and gathers into whatever register it picks: in a loop of tap slots, the last
// slot's, so each gather waited for the one before (W6a of bench/: 1.4 x the time of clang's
// code, which zeroes the register; bench/README.md, "Optimization levels and compilers"). A
// mask the compiler cannot see keeps the zero source.
template <class Mask>
NDRESIZE_SIMD_API Mask every_lane_unseen() noexcept {
  Mask m = static_cast<Mask>(~0u);
  __asm__("" : "+r"(m));
  return m;
}
template <class T>
NDRESIZE_SIMD_API VF GatherOffsets(Df, const T* base, const std::int32_t* o) noexcept requires narrow_integer<T> {
  return _mm512_cvtepi32_ps(_mm512_setr_epi32(base[o[0]], base[o[1]], base[o[2]], base[o[3]], base[o[4]], base[o[5]],
                                              base[o[6]], base[o[7]], base[o[8]], base[o[9]], base[o[10]], base[o[11]],
                                              base[o[12]], base[o[13]], base[o[14]], base[o[15]]));
}
NDRESIZE_SIMD_API VF GatherOffsets(Df, const float* base, const std::int32_t* offset) noexcept {
  return _mm512_mask_i32gather_ps(_mm512_setzero_ps(), every_lane_unseen<__mmask16>(), _mm512_loadu_si512(offset), base,
                                  4);
}
// The float pairs at a and b (64 bits each) as the two halves of a 128-bit vector.
NDRESIZE_SIMD_API __m128 two_pairs(const float* a, const float* b) noexcept {
  return _mm_loadh_pi(_mm_loadl_pi(_mm_setzero_ps(), reinterpret_cast<const __m64*>(a)),
                      reinterpret_cast<const __m64*>(b));
}
// a, b, c, e as the 128-bit quarters of one register.
NDRESIZE_SIMD_API __m512 four(__m128 a, __m128 b, __m128 c, __m128 e) noexcept {
  const __m256 lo = _mm256_insertf128_ps(_mm256_castps128_ps256(a), b, 1);
  const __m256 hi = _mm256_insertf128_ps(_mm256_castps128_ps256(c), e, 1);
  return _mm512_insertf32x8(_mm512_castps256_ps512(lo), hi, 1);
}
// The four floats from base + a, + b, + c, + e as the 128-bit quarters of one register.
NDRESIZE_SIMD_API __m512 quarters(const float* base, std::int32_t a, std::int32_t b, std::int32_t c,
                                  std::int32_t e) noexcept {
  return four(_mm_loadu_ps(base + a), _mm_loadu_ps(base + b), _mm_loadu_ps(base + c), _mm_loadu_ps(base + e));
}
// Element At of each lane's piece (lane_types.hpp: pair_in_piece), widened to a 32-bit lane.
template <class T, int At>
NDRESIZE_SIMD_API __m512i piece_element(__m512i v) noexcept {
  constexpr int shl = piece_shl<T, At>, shr = piece_shr<T>;  // one name each: the intrinsics may be macros
  if constexpr (shl > 0) v = _mm512_slli_epi32(v, shl);
  return std::is_signed_v<T> ? _mm512_srai_epi32(v, shr) : _mm512_srli_epi32(v, shr);
}
// Lane i of first gets base[k], of second base[k + S]. Integer pairs that one load holds: one
// load per lane, then the elements taken out. Float pairs with S = 1: one 64-bit load per lane
// (measured faster than two 64-bit gathers: bench/README.md, "Tuning",
// blend_where_read_with_gather_instructions), lanes 4q, 4q + 1 and 4q + 2, 4q + 3 in quarter q
// of two registers, then the even and odd elements regrouped per quarter. Else two gathers.
template <int S, class T>
NDRESIZE_SIMD_API void GatherOffsetPairs(Df d, const T* base, const std::int32_t* o, VF& first,
                                         VF& second) noexcept requires std::is_same_v<T, float> || narrow_integer<T> {
  if constexpr (pair_in_piece<T, S>) {
    using P = pair_piece<T, S>;  // one name: the intrinsics may be macros
    const __m512i v =
        _mm512_setr_epi32(P::load(base + o[0]), P::load(base + o[1]), P::load(base + o[2]), P::load(base + o[3]),
                          P::load(base + o[4]), P::load(base + o[5]), P::load(base + o[6]), P::load(base + o[7]),
                          P::load(base + o[8]), P::load(base + o[9]), P::load(base + o[10]), P::load(base + o[11]),
                          P::load(base + o[12]), P::load(base + o[13]), P::load(base + o[14]), P::load(base + o[15]));
    first = _mm512_cvtepi32_ps(piece_element<T, 0>(v));
    second = _mm512_cvtepi32_ps(piece_element<T, S>(v));
  } else if constexpr (std::is_same_v<T, float> && S == 1) {
    const __m512 lo = four(two_pairs(base + o[0], base + o[1]), two_pairs(base + o[4], base + o[5]),
                           two_pairs(base + o[8], base + o[9]), two_pairs(base + o[12], base + o[13]));
    const __m512 hi = four(two_pairs(base + o[2], base + o[3]), two_pairs(base + o[6], base + o[7]),
                           two_pairs(base + o[10], base + o[11]), two_pairs(base + o[14], base + o[15]));
    first = _mm512_shuffle_ps(lo, hi, _MM_SHUFFLE(2, 0, 2, 0));
    second = _mm512_shuffle_ps(lo, hi, _MM_SHUFFLE(3, 1, 3, 1));
  } else if constexpr (std::is_same_v<T, float> && S == 3) {
    // One 128-bit load per lane (the pair and the two elements between), lanes i, i + 4, i + 8,
    // i + 12 in one register; then per 128-bit quarter SSE4.1's transpose of elements 0 and 3.
    const __m512 q0 = quarters(base, o[0], o[4], o[8], o[12]), q1 = quarters(base, o[1], o[5], o[9], o[13]);
    const __m512 q2 = quarters(base, o[2], o[6], o[10], o[14]), q3 = quarters(base, o[3], o[7], o[11], o[15]);
    first = _mm512_shuffle_ps(_mm512_unpacklo_ps(q0, q1), _mm512_unpacklo_ps(q2, q3), _MM_SHUFFLE(1, 0, 1, 0));
    second = _mm512_shuffle_ps(_mm512_unpackhi_ps(q0, q1), _mm512_unpackhi_ps(q2, q3), _MM_SHUFFLE(3, 2, 3, 2));
  } else {
    first = GatherOffsets(d, base, o);
    second = GatherOffsets(d, base + S, o);
  }
}

// Pixels of one-byte elements read a piece at a time (pixel_pairs of packed_window-inl.hpp: a
// 64-bit load holds a pair of 3-element pixels), then spread to 32-bit lanes by byte lookups.
/// A vector's bytes from p (Lanes · 4 of them): byte lookup indices.
NDRESIZE_SIMD_API VI LoadBytes(Df, const std::uint8_t* p) noexcept {
  return _mm512_loadu_si512(static_cast<const void*>(p));
}
NDRESIZE_SIMD_API __m128i two_pieces(const void* a, const void* b) noexcept {
  return _mm_unpacklo_epi64(_mm_loadl_epi64(static_cast<const __m128i*>(a)),
                            _mm_loadl_epi64(static_cast<const __m128i*>(b)));
}
/// 64-bit piece i (i < Lanes / 2) of the result: the 8 bytes at base + offset[i].
template <class T>
NDRESIZE_SIMD_API VI GatherOffsets64(Df, const T* base, const std::int32_t* o) noexcept requires(sizeof(T) == 1) {
  const __m256i lo = _mm256_inserti128_si256(_mm256_castsi128_si256(two_pieces(base + o[0], base + o[1])),
                                             two_pieces(base + o[2], base + o[3]), 1);
  const __m256i hi = _mm256_inserti128_si256(_mm256_castsi128_si256(two_pieces(base + o[4], base + o[5])),
                                             two_pieces(base + o[6], base + o[7]), 1);
  return _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1);
}
/// Byte j of each 128-bit block: that block's byte idx[j], or 0 where idx[j] has its top bit set.
NDRESIZE_SIMD_API VI TableLookupBytesOr0(VI bytes, VI idx) noexcept { return _mm512_shuffle_epi8(bytes, idx); }
/// 32-bit lanes: the integers as floats, and shifted right arithmetically (sign-extending).
NDRESIZE_SIMD_API VF ConvertTo(Df, VI v) noexcept { return _mm512_cvtepi32_ps(v); }
template <int N>
NDRESIZE_SIMD_API VI ShiftRight(VI v) noexcept {
  return _mm512_srai_epi32(v, N);
}

NDRESIZE_SIMD_API VF PromoteTo(Df, const std::uint8_t* p) noexcept {
  return _mm512_cvtepi32_ps(_mm512_cvtepu8_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))));
}
NDRESIZE_SIMD_API VF PromoteTo(Df, const std::int8_t* p) noexcept {
  return _mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))));
}
NDRESIZE_SIMD_API VF PromoteTo(Df, const std::uint16_t* p) noexcept {
  return _mm512_cvtepi32_ps(_mm512_cvtepu16_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p))));
}
NDRESIZE_SIMD_API VF PromoteTo(Df, const std::int16_t* p) noexcept {
  return _mm512_cvtepi32_ps(_mm512_cvtepi16_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p))));
}

NDRESIZE_SIMD_API VF PromoteTo(Df, const bfloat16_bits* p) noexcept {
  return _mm512_castsi512_ps(
      _mm512_slli_epi32(_mm512_cvtepu16_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p))), 16));
}
NDRESIZE_SIMD_API VF PromoteTo(Df, const float16_bits* p) noexcept {
  return _mm512_cvtph_ps(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)));
}
template <class T>
inline constexpr bool Promotable =
    std::is_same_v<T, std::uint8_t> || std::is_same_v<T, std::int8_t> || std::is_same_v<T, std::uint16_t> ||
    std::is_same_v<T, std::int16_t> || std::is_same_v<T, bfloat16_bits> || std::is_same_v<T, float16_bits>;

// Masked: lanes past n are neither read nor faulted on.
NDRESIZE_SIMD_API VF PromoteN(Df, const std::uint8_t* p, std::size_t n) noexcept {
  return _mm512_cvtepi32_ps(_mm512_cvtepu8_epi32(_mm_maskz_loadu_epi8(first_n(n), p)));
}
NDRESIZE_SIMD_API VF PromoteN(Df, const std::int8_t* p, std::size_t n) noexcept {
  return _mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(_mm_maskz_loadu_epi8(first_n(n), p)));
}
NDRESIZE_SIMD_API VF PromoteN(Df, const std::uint16_t* p, std::size_t n) noexcept {
  return _mm512_cvtepi32_ps(_mm512_cvtepu16_epi32(_mm256_maskz_loadu_epi16(first_n(n), p)));
}
NDRESIZE_SIMD_API VF PromoteN(Df, const std::int16_t* p, std::size_t n) noexcept {
  return _mm512_cvtepi32_ps(_mm512_cvtepi16_epi32(_mm256_maskz_loadu_epi16(first_n(n), p)));
}
NDRESIZE_SIMD_API VF PromoteN(Df, const bfloat16_bits* p, std::size_t n) noexcept {
  return _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(_mm256_maskz_loadu_epi16(first_n(n), p)), 16));
}
NDRESIZE_SIMD_API VF PromoteN(Df, const float16_bits* p, std::size_t n) noexcept {
  return _mm512_cvtph_ps(_mm256_maskz_loadu_epi16(first_n(n), p));
}

// The store rule (NaN → 0, clamp to [lo, hi], round half to even) in fewer steps with the same
// results, as in x86_sse4.hpp: minps(hi, v) clamps from above and keeps a NaN, and cvtps makes
// NaN and everything below INT32_MIN into INT32_MIN. An unsigned type then clamps from below
// with an integer max (NaN → 0 with it) and narrows exactly; a signed one zeroes NaN first (a
// zero-masked move of the ordered lanes) and narrows with signed saturation.
NDRESIZE_SIMD_API __m512i below(VF v, float hi) noexcept {
  return _mm512_cvtps_epi32(_mm512_min_ps(_mm512_set1_ps(hi), v));
}
NDRESIZE_SIMD_API __m512i unsigned_saturated(VF v, float hi) noexcept {
  return _mm512_max_epi32(below(v, hi), _mm512_setzero_si512());
}
NDRESIZE_SIMD_API __m512i signed_clamped_above(VF v, float hi) noexcept {
  return below(_mm512_maskz_mov_ps(_mm512_cmp_ps_mask(v, v, _CMP_ORD_Q), v), hi);
}
NDRESIZE_SIMD_API void DemoteTo(VF v, Df, std::uint8_t* p) noexcept {
  _mm_storeu_si128(reinterpret_cast<__m128i*>(p), _mm512_cvtepi32_epi8(unsigned_saturated(v, 255.0f)));
}
NDRESIZE_SIMD_API void DemoteTo(VF v, Df, std::int8_t* p) noexcept {
  _mm_storeu_si128(reinterpret_cast<__m128i*>(p), _mm512_cvtsepi32_epi8(signed_clamped_above(v, 127.0f)));
}
NDRESIZE_SIMD_API void DemoteTo(VF v, Df, std::uint16_t* p) noexcept {
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), _mm512_cvtepi32_epi16(unsigned_saturated(v, 65535.0f)));
}
NDRESIZE_SIMD_API void DemoteTo(VF v, Df, std::int16_t* p) noexcept {
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), _mm512_cvtsepi32_epi16(signed_clamped_above(v, 32767.0f)));
}
NDRESIZE_SIMD_API void DemoteN(VF v, Df, std::uint8_t* p, std::size_t n) noexcept {
  _mm512_mask_cvtepi32_storeu_epi8(p, first_n(n), unsigned_saturated(v, 255.0f));
}
NDRESIZE_SIMD_API void DemoteN(VF v, Df, std::int8_t* p, std::size_t n) noexcept {
  _mm512_mask_cvtsepi32_storeu_epi8(p, first_n(n), signed_clamped_above(v, 127.0f));
}
NDRESIZE_SIMD_API void DemoteN(VF v, Df, std::uint16_t* p, std::size_t n) noexcept {
  _mm512_mask_cvtepi32_storeu_epi16(p, first_n(n), unsigned_saturated(v, 65535.0f));
}
NDRESIZE_SIMD_API void DemoteN(VF v, Df, std::int16_t* p, std::size_t n) noexcept {
  _mm512_mask_cvtsepi32_storeu_epi16(p, first_n(n), signed_clamped_above(v, 32767.0f));
}
template <class T>
inline constexpr bool Demotable = std::is_same_v<T, std::uint8_t> || std::is_same_v<T, std::int8_t> ||
                                  std::is_same_v<T, std::uint16_t> || std::is_same_v<T, std::int16_t>;

NDRESIZE_SIMD_END
}  // namespace detail::simd::N_AVX512
NDRESIZE_END_NAMESPACE
#endif  // NDRESIZE_X86
