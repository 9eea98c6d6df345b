// SPDX-License-Identifier: Apache-2.0
// SSE4.1 backend of the vector vocabulary (docs/kernels.md): 4 float lanes. Every operation
// gives the bits of the scalar backend lane by lane (simd_vocabulary_test).
#pragma once

#include "targets.hpp"

#if NDRESIZE_X86
#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

NDRESIZE_BEGIN_NAMESPACE
namespace detail::simd::N_SSE4 {
NDRESIZE_SIMD_BEGIN_SSE4

struct Df {};
using VF = __m128;
using MF = __m128;

constexpr std::size_t Lanes(Df) noexcept { return 4; }
inline VF Zero(Df) noexcept { return _mm_setzero_ps(); }
inline VF Set(Df, float v) noexcept { return _mm_set1_ps(v); }
inline VF Load(Df, const float* p) noexcept { return _mm_load_ps(p); }
inline VF LoadU(Df, const float* p) noexcept { return _mm_loadu_ps(p); }
inline void Store(VF v, Df, float* p) noexcept { _mm_store_ps(p, v); }
inline void StoreU(VF v, Df, float* p) noexcept { _mm_storeu_ps(p, v); }
// No masked loads or stores: the tails go through a buffer (reads and writes only p[0, n)).
#include "partial_lanes-inl.hpp"
inline void Stream(VF v, Df, float* p) noexcept { _mm_stream_ps(p, v); }

inline VF Add(VF a, VF b) noexcept { return _mm_add_ps(a, b); }
inline VF Sub(VF a, VF b) noexcept { return _mm_sub_ps(a, b); }
inline VF Mul(VF a, VF b) noexcept { return _mm_mul_ps(a, b); }
inline MF Lt(VF a, VF b) noexcept { return _mm_cmplt_ps(a, b); }
inline VF IfThenElse(MF m, VF yes, VF no) noexcept { return _mm_blendv_ps(no, yes, m); }

inline __m128i load4_bytes(const void* p) noexcept {
  std::int32_t b;
  std::memcpy(&b, p, 4);
  return _mm_cvtsi32_si128(b);
}
inline VF PromoteTo(Df, const std::uint8_t* p) noexcept { return _mm_cvtepi32_ps(_mm_cvtepu8_epi32(load4_bytes(p))); }
inline VF PromoteTo(Df, const std::int8_t* p) noexcept { return _mm_cvtepi32_ps(_mm_cvtepi8_epi32(load4_bytes(p))); }
inline VF PromoteTo(Df, const std::uint16_t* p) noexcept {
  return _mm_cvtepi32_ps(_mm_cvtepu16_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p))));
}
inline VF PromoteTo(Df, const std::int16_t* p) noexcept {
  return _mm_cvtepi32_ps(_mm_cvtepi16_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p))));
}

// maxps(v, lo) is v > lo ? v : lo (NaN → lo); cvtps rounds half to even (the default MXCSR).
inline void DemoteTo(VF v, Df, std::uint8_t* p) noexcept {
  const VF x = _mm_min_ps(_mm_max_ps(v, _mm_setzero_ps()), _mm_set1_ps(255.0f));
  const __m128i w = _mm_packus_epi32(_mm_cvtps_epi32(x), _mm_setzero_si128());
  const std::int32_t b = _mm_cvtsi128_si32(_mm_packus_epi16(w, w));
  std::memcpy(p, &b, 4);
}
inline void DemoteTo(VF v, Df, std::int16_t* p) noexcept {
  const VF x = _mm_min_ps(_mm_max_ps(v, _mm_set1_ps(-32768.0f)), _mm_set1_ps(32767.0f));
  const __m128i w = _mm_packs_epi32(_mm_cvtps_epi32(x), _mm_setzero_si128());
  _mm_storel_epi64(reinterpret_cast<__m128i*>(p), w);
}

NDRESIZE_SIMD_END
}  // namespace detail::simd::N_SSE4
NDRESIZE_END_NAMESPACE
#endif  // NDRESIZE_X86
