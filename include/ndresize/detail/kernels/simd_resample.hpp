// SPDX-License-Identifier: Apache-2.0
// Resampling a contiguous row along itself with AVX-512 permutes and gathers (16 lanes; the
// other targets' packed kernel is packed_window-inl.hpp):
// one window load per block of outputs, then per tap slot a lane permutation, a multiply and
// a masked add — the same operations, in the same order, as the scalar loop, so results are
// identical to it. Uses the plan's packed_taps; sources of 8/16-bit types are widened to
// float exactly on load.
#pragma once

#include <limits>

#include "../../config.hpp"
#include "../../element.hpp"
#include "../cpu.hpp"
#include "packed_taps.hpp"

#if NDRESIZE_X86
#include <immintrin.h>

NDRESIZE_BEGIN_NAMESPACE
namespace detail {

template <class Src>
constexpr bool simd_loadable =
    std::is_same_v<Src, float> || std::is_same_v<Src, std::uint8_t> || std::is_same_v<Src, std::int8_t> ||
    std::is_same_v<Src, std::uint16_t> || std::is_same_v<Src, std::int16_t> || std::is_same_v<Src, Eigen::half> ||
    std::is_same_v<Src, Eigen::bfloat16>;

// GCC 12 flags the intrinsics' own `__m512 __Y = __Y;` placeholders (a false positive).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif

NDRESIZE_KERNELS_BEGIN

template <class Src>
NDRESIZE_TARGET_AVX512 inline __m512 load16(const Src* p, __mmask16 m) noexcept {
  if constexpr (std::is_same_v<Src, float>)
    return _mm512_maskz_loadu_ps(m, p);
  else if constexpr (std::is_same_v<Src, std::uint8_t>)
    return _mm512_cvtepi32_ps(_mm512_cvtepu8_epi32(_mm_maskz_loadu_epi8(m, p)));
  else if constexpr (std::is_same_v<Src, std::int8_t>)
    return _mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(_mm_maskz_loadu_epi8(m, p)));
  else if constexpr (std::is_same_v<Src, std::uint16_t>)
    return _mm512_cvtepi32_ps(_mm512_cvtepu16_epi32(_mm256_maskz_loadu_epi16(m, p)));
  else if constexpr (std::is_same_v<Src, std::int16_t>)
    return _mm512_cvtepi32_ps(_mm512_cvtepi16_epi32(_mm256_maskz_loadu_epi16(m, p)));
  else if constexpr (std::is_same_v<Src, Eigen::half>)
    return _mm512_cvtph_ps(_mm256_maskz_loadu_epi16(m, p));
  else  // bfloat16: the upper half of a float
    return _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(_mm256_maskz_loadu_epi16(m, p)), 16));
}

// GCC's AVX-512 intrinsics (gathers, roundscale, masked stores) are macros when not optimizing
// (no __OPTIMIZE__), and those macros convert our unsigned masks to the signed char/short their
// builtins take: -Wsign-conversion reports that conversion, made in GCC's header, at our call
// sites. The warning is wrong for this code (a mask is bits), so it is off for store16 and
// taps16 only.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wsign-conversion"
#endif
/// Stores the first k (1..16) lanes of acc into d through the store rule. Small integers get
/// the vector form of saturate_round (NaN → 0, clamp to the type's range, round half to even:
/// the same bits as the scalar rule); other types go lane by lane.
template <class Dst>
NDRESIZE_TARGET_AVX512 inline void store16(Dst* d, __m512 acc, index_t k) noexcept {
  const auto m = static_cast<__mmask16>(k >= 16 ? 0xFFFFu : (1u << k) - 1);
  if constexpr (std::is_same_v<Dst, float>) {
    _mm512_mask_storeu_ps(d, m, acc);
  } else if constexpr (std::is_integral_v<Dst> && sizeof(Dst) <= 2) {
    const __m512 lo = _mm512_set1_ps(static_cast<float>(std::numeric_limits<Dst>::min()));
    const __m512 hi = _mm512_set1_ps(static_cast<float>(std::numeric_limits<Dst>::max()));
    __m512 c = _mm512_maskz_mov_ps(_mm512_cmp_ps_mask(acc, acc, _CMP_ORD_Q), acc);
    c = _mm512_min_ps(_mm512_max_ps(c, lo), hi);
    const __m512i i = _mm512_cvtps_epi32(_mm512_roundscale_ps(c, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
    if constexpr (sizeof(Dst) == 1)
      _mm512_mask_cvtepi32_storeu_epi8(d, m, i);
    else
      _mm512_mask_cvtepi32_storeu_epi16(d, m, i);
  } else {
    alignas(64) float lane[16];
    _mm512_store_ps(lane, acc);
    for (index_t i = 0; i < k && i < 16; ++i) d[i] = from_accumulator<Dst>(lane[i]);
  }
}

/// Taps of a packed block: permutes of one or two windows, or gathers (float sources only).
template <class Src>
NDRESIZE_TARGET_AVX512 inline __m512 taps16(const Src* s, index_t base, index_t in_flat, block_kind kind,
                                            const std::int32_t* off, const float* w, const std::uint32_t* m,
                                            std::size_t slots) noexcept {
  NDRESIZE_NO_CONTRACT
  if (kind == block_kind::window) {
    const index_t avail = in_flat - base;
    const __mmask16 lm = avail >= 16 ? __mmask16(0xFFFF) : static_cast<__mmask16>((1u << avail) - 1);
    const __m512 win = load16<Src>(s + base, lm);
    __m512 acc = _mm512_maskz_mul_ps(static_cast<__mmask16>(m[0]), _mm512_loadu_ps(w),
                                     _mm512_permutexvar_ps(_mm512_loadu_si512(off), win));
    for (std::size_t t = 1; t < slots && m[t] != 0; ++t) {
      const __m512 prod =
          _mm512_mul_ps(_mm512_loadu_ps(w + 16 * t), _mm512_permutexvar_ps(_mm512_loadu_si512(off + 16 * t), win));
      acc = _mm512_mask_add_ps(acc, static_cast<__mmask16>(m[t]), acc, prod);
    }
    return acc;
  }
  if (kind == block_kind::window2) {
    const index_t avail = in_flat - base;
    const auto first = avail >= 16 ? __mmask16(0xFFFF) : static_cast<__mmask16>((1u << avail) - 1);
    const auto second = avail >= 32   ? __mmask16(0xFFFF)
                        : avail <= 16 ? __mmask16(0)
                                      : static_cast<__mmask16>((1u << (avail - 16)) - 1);
    const __m512 lo = load16<Src>(s + base, first), hi = load16<Src>(s + base + 16, second);
    __m512 acc = _mm512_maskz_mul_ps(static_cast<__mmask16>(m[0]), _mm512_loadu_ps(w),
                                     _mm512_permutex2var_ps(lo, _mm512_loadu_si512(off), hi));
    for (std::size_t t = 1; t < slots && m[t] != 0; ++t) {
      const __m512 prod =
          _mm512_mul_ps(_mm512_loadu_ps(w + 16 * t), _mm512_permutex2var_ps(lo, _mm512_loadu_si512(off + 16 * t), hi));
      acc = _mm512_mask_add_ps(acc, static_cast<__mmask16>(m[t]), acc, prod);
    }
    return acc;
  }
  if constexpr (std::is_same_v<Src, float>) {
    // (no lambdas here: clang does not give a lambda its enclosing function's target)
    const float* src = s + base;
    if (kind == block_kind::pair_gather) {
      // Lanes 0–7 and 8–15: one 64-bit gather each of (s[k], s[k + 1]), then the first and the
      // second elements of the pairs regrouped into one vector each. The same products and sum
      // as the two slots below.
      const __m512i k = _mm512_loadu_si512(off);
      const auto m0 = static_cast<__mmask16>(m[0]);
      const __m512d lo =
          _mm512_mask_i32gather_pd(_mm512_setzero_pd(), static_cast<__mmask8>(m0), _mm512_castsi512_si256(k), src, 4);
      const __m512d hi = _mm512_mask_i32gather_pd(_mm512_setzero_pd(), static_cast<__mmask8>(m0 >> 8),
                                                  _mm512_extracti64x4_epi64(k, 1), src, 4);
      const __m512i first = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
      const __m512i second = _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
      const __m512 v0 = _mm512_permutex2var_ps(_mm512_castpd_ps(lo), first, _mm512_castpd_ps(hi));
      const __m512 v1 = _mm512_permutex2var_ps(_mm512_castpd_ps(lo), second, _mm512_castpd_ps(hi));
      const __m512 acc = _mm512_maskz_mul_ps(m0, _mm512_loadu_ps(w), v0);
      return _mm512_mask_add_ps(acc, m0, acc, _mm512_mul_ps(_mm512_loadu_ps(w + 16), v1));
    }
    __m512 acc = _mm512_maskz_mul_ps(
        static_cast<__mmask16>(m[0]), _mm512_loadu_ps(w),
        _mm512_mask_i32gather_ps(_mm512_setzero_ps(), static_cast<__mmask16>(m[0]), _mm512_loadu_si512(off), src, 4));
    for (std::size_t t = 1; t < slots && m[t] != 0; ++t) {
      const __m512 v = _mm512_mask_i32gather_ps(_mm512_setzero_ps(), static_cast<__mmask16>(m[t]),
                                                _mm512_loadu_si512(off + 16 * t), src, 4);
      acc = _mm512_mask_add_ps(acc, static_cast<__mmask16>(m[t]), acc, _mm512_mul_ps(_mm512_loadu_ps(w + 16 * t), v));
    }
    return acc;
  } else {
    return _mm512_setzero_ps();  // not reached: callers use gathers for float sources only
  }
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

/// d[f] = Σ taps of flattened output f (= j·pixel + c) for a contiguous row s (16 lanes);
/// a non-float destination gets each lane through the store rule (round, saturate).
template <class Src, class Dst>
NDRESIZE_TARGET_AVX512 void resample_packed16(Dst* d, const Src* s, index_t in, index_t out,
                                              const packed_taps& p) noexcept {
  const index_t in_flat = in * p.pixel, n = out * p.pixel;
  const index_t blocks = (n + 15) / 16;
  const auto slots = static_cast<std::size_t>(p.slots);
  for (index_t b = 0; b < blocks; ++b) {
    const std::size_t at = static_cast<std::size_t>(b) * slots;
    const __m512 acc = taps16<Src>(s, p.base[static_cast<std::size_t>(b)], in_flat, p.kind[static_cast<std::size_t>(b)],
                                   p.offset.data() + at * 16, p.weight.data() + at * 16, p.mask.data() + at, slots);
    store16<Dst>(d + b * 16, acc, n - b * 16);
  }
}

/// The packed blocks whose sources fit one window, for `rows` rows at once: a block's offsets,
/// weights and masks are loaded once for all the rows instead of once per row. The same
/// operations per output as taps16.
template <int Slots, class Src, class Dst>
NDRESIZE_TARGET_AVX512 void window_rows16(Dst* d, index_t d_row, const Src* s, index_t s_row, index_t rows,
                                          __mmask16 load_mask, const std::int32_t* off, const float* w,
                                          const std::uint32_t* m, index_t k) noexcept {
  NDRESIZE_NO_CONTRACT
  __m512i o[static_cast<std::size_t>(Slots)];
  __m512 wt[static_cast<std::size_t>(Slots)];
  for (int t = 0; t < Slots; ++t) {
    o[t] = _mm512_loadu_si512(off + 16 * t);
    wt[t] = _mm512_loadu_ps(w + 16 * t);
  }
  for (index_t r = 0; r < rows; ++r) {
    const __m512 win = load16<Src>(s + r * s_row, load_mask);
    __m512 acc = _mm512_maskz_mul_ps(static_cast<__mmask16>(m[0]), wt[0], _mm512_permutexvar_ps(o[0], win));
    for (int t = 1; t < Slots; ++t)
      acc = _mm512_mask_add_ps(acc, static_cast<__mmask16>(m[t]), acc,
                               _mm512_mul_ps(wt[t], _mm512_permutexvar_ps(o[t], win)));
    store16<Dst>(d + r * d_row, acc, k);
  }
}

/// resample_packed16 for `rows` rows (row r at s + r·s_row, written to d + r·d_row), block by
/// block, each for every row. For many short rows, such as the rows of small planes (W7 of
/// bench/: 14 → 28 elements), reloading a block's table once per row cost more than the
/// arithmetic: one thread, paired runs, W7 −23 %.
template <class Src, class Dst>
NDRESIZE_TARGET_AVX512 void resample_packed16_rows(Dst* d, index_t d_row, const Src* s, index_t s_row, index_t rows,
                                                   index_t in, index_t out, const packed_taps& p) noexcept {
  const index_t in_flat = in * p.pixel, n = out * p.pixel;
  const index_t blocks = (n + 15) / 16;
  const auto slots = static_cast<std::size_t>(p.slots);
  for (index_t b = 0; b < blocks; ++b) {
    const std::size_t at = static_cast<std::size_t>(b) * slots;
    const index_t base = p.base[static_cast<std::size_t>(b)];
    const block_kind kind = p.kind[static_cast<std::size_t>(b)];
    const std::int32_t* off = p.offset.data() + at * 16;
    const float* w = p.weight.data() + at * 16;
    const std::uint32_t* m = p.mask.data() + at;
    const index_t k = n - b * 16;
    if (kind == block_kind::window) {
      std::size_t used = 1;  // as taps16: the slots from the first empty one on add nothing
      while (used < slots && m[used] != 0) ++used;
      const index_t avail = in_flat - base;
      const __mmask16 lm = avail >= 16 ? __mmask16(0xFFFF) : static_cast<__mmask16>((1u << avail) - 1);
      switch (used) {
        case 1: window_rows16<1>(d + b * 16, d_row, s + base, s_row, rows, lm, off, w, m, k); continue;
        case 2: window_rows16<2>(d + b * 16, d_row, s + base, s_row, rows, lm, off, w, m, k); continue;
        case 3: window_rows16<3>(d + b * 16, d_row, s + base, s_row, rows, lm, off, w, m, k); continue;
        case 4: window_rows16<4>(d + b * 16, d_row, s + base, s_row, rows, lm, off, w, m, k); continue;
        default: break;
      }
    }
    for (index_t r = 0; r < rows; ++r)
      store16<Dst>(d + r * d_row + b * 16, taps16<Src>(s + r * s_row, base, in_flat, kind, off, w, m, slots), k);
  }
}

/// Nearest along a contiguous row of 4-byte elements: one window load and one permute per 16
/// outputs (a copy: bits are moved, never converted).
NDRESIZE_TARGET_AVX512 inline void gather_row16(std::uint32_t* d, const std::uint32_t* s, index_t in, index_t out,
                                                const packed_index& p) noexcept {
  const index_t blocks = (out + 15) / 16;
  for (index_t b = 0; b < blocks; ++b) {
    const index_t base = p.base[static_cast<std::size_t>(b)];
    const index_t avail = in - base;
    const __mmask16 lm = avail >= 16 ? __mmask16(0xFFFF) : static_cast<__mmask16>((1u << avail) - 1);
    const __m512i win = _mm512_maskz_loadu_epi32(lm, s + base);
    const __m512i v = _mm512_permutexvar_epi32(_mm512_loadu_si512(p.offset.data() + b * 16), win);
    const index_t left = out - b * 16;
    if (left >= 16)
      _mm512_storeu_si512(d + b * 16, v);
    else
      _mm512_mask_storeu_epi32(d + b * 16, static_cast<__mmask16>((1u << left) - 1), v);
  }
}

NDRESIZE_KERNELS_END

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

}  // namespace detail
NDRESIZE_END_NAMESPACE
#endif
