// SPDX-License-Identifier: Apache-2.0
// The two innermost operations every weighted resize reduces to, compiled once per CPU
// target: `blend` (a weighted sum of whole rows: the pass along an outer axis) and `resample`
// (a row resampled along itself through one axis table: the pass along the inner axis).
// Taps are summed in table order in both, so blocking and vector width never change a result.
#pragma once

#include <algorithm>

#include "../../config.hpp"
#include "../../element.hpp"
#include "../../plan/axis_table.hpp"
#include "../cpu.hpp"
#include "channel_resample.hpp"
#include "simd_resample.hpp"

#if NDRESIZE_X86
#include <immintrin.h>
#endif
#include <cstdint>

NDRESIZE_BEGIN_NAMESPACE
namespace detail {

template <class Acc, class Src>
NDRESIZE_ALWAYS_INLINE Acc load(const Src& v) noexcept {
  if constexpr (std::is_same_v<Src, Acc>)
    return v;
  else
    return to_accumulator<Src>(v);
}

template <class Dst, class Acc>
NDRESIZE_ALWAYS_INLINE Dst store(const Acc& v) noexcept {
  if constexpr (std::is_same_v<Dst, Acc>)
    return v;
  else
    return from_accumulator<Dst>(v);
}

template <class Acc>
inline const weight_t<Acc>* weights_of(const axis_table& t) noexcept {
  if constexpr (std::is_same_v<weight_t<Acc>, float>)
    return t.tap_weight_f.data();
  else
    return t.tap_weight.data();
}

/// Arguments of blend: d[l·ds] = Σ_q w[q] · rows[q][l·ss] for l in [0, len).
template <class Src, class Dst, class W>
struct blend_args {
  Dst* d;
  index_t ds;
  const Src* const* rows;
  const W* w;
  index_t taps;
  index_t len;
  index_t ss;
  bool stream = false;  ///< final output far larger than the caches: write around them
};

/// Arguments of resample: for output j of `table`, and c in [0, block):
///   d[j·dj + c·dc] = Σ_q w[q] · s[index[q]·sj + c·sc],
/// for `rows` rows in one call, row r at d + r·d_row and s + r·s_row.
template <class Src, class Dst>
struct resample_args {
  Dst* d;
  index_t dj, dc;
  const Src* s;
  index_t sj, sc;
  index_t block;
  const axis_table* table;
  index_t rows = 1, d_row = 0, s_row = 0;
  /// The target's packed copy of `table` (prepared_tables), or null: the kernels read the table.
  const packed_taps* packed = nullptr;
  bool stream = false;  ///< as blend_args::stream (kernels that write whole rows may honour it)

  /// Row r alone.
  resample_args row(index_t r) const noexcept {
    return {d + r * d_row, dj, dc, s + r * s_row, sj, sc, block, table, 1, 0, 0, packed, stream};
  }
};

NDRESIZE_KERNELS_BEGIN

/// Few taps over contiguous rows: one expression per element, in the same order as the
/// general loop ((w0·r0 + w1·r1) + w2·r2 ...), so both give identical results.
template <class Acc, class Src, class Dst, int Taps>
NDRESIZE_ALWAYS_INLINE void blend_fixed(const blend_args<Src, Dst, weight_t<Acc>>& a) noexcept {
  NDRESIZE_NO_CONTRACT
  const Src* __restrict r0 = a.rows[0];
  const Src* __restrict r1 = a.rows[Taps > 1 ? 1 : 0];
  const Src* __restrict r2 = a.rows[Taps > 2 ? 2 : 0];
  const Src* __restrict r3 = a.rows[Taps > 3 ? 3 : 0];
  const auto w0 = a.w[0], w1 = a.w[Taps > 1 ? 1 : 0], w2 = a.w[Taps > 2 ? 2 : 0], w3 = a.w[Taps > 3 ? 3 : 0];
  Dst* __restrict d = a.d;
  for (index_t l = 0; l < a.len; ++l) {
    Acc v = w0 * load<Acc>(r0[l]);
    if constexpr (Taps > 1) v += w1 * load<Acc>(r1[l]);
    if constexpr (Taps > 2) v += w2 * load<Acc>(r2[l]);
    if constexpr (Taps > 3) v += w3 * load<Acc>(r3[l]);
    d[l] = store<Dst>(v);
  }
}

template <class Acc, class Src, class Dst>
NDRESIZE_ALWAYS_INLINE void blend_body(const blend_args<Src, Dst, weight_t<Acc>>& a) noexcept {
  NDRESIZE_NO_CONTRACT
  if (a.ss == 1 && a.ds == 1) {
    switch (a.taps) {
      case 1: return blend_fixed<Acc, Src, Dst, 1>(a);
      case 2: return blend_fixed<Acc, Src, Dst, 2>(a);
      case 3: return blend_fixed<Acc, Src, Dst, 3>(a);
      case 4: return blend_fixed<Acc, Src, Dst, 4>(a);
      default: break;
    }
  }
  // Many taps: blocks of one AVX-512 register (64 bytes), small enough that the compiler keeps
  // the accumulators in registers across the whole tap loop.
  constexpr index_t chunk = static_cast<index_t>(64 / sizeof(Acc));
  for (index_t l0 = 0; l0 < a.len; l0 += chunk) {
    const index_t n = std::min(chunk, a.len - l0);
    Acc acc[static_cast<std::size_t>(chunk)];
    if (a.taps == 0) {
      for (index_t l = 0; l < chunk; ++l) acc[l] = Acc{};  // extrapolated rows: overwritten later
    } else if (a.ss == 1 && n == chunk) {
      const Src* r0 = a.rows[0] + l0;
      const auto w0 = a.w[0];
      for (index_t l = 0; l < chunk; ++l) acc[l] = w0 * load<Acc>(r0[l]);
      for (index_t q = 1; q < a.taps; ++q) {
        const Src* r = a.rows[q] + l0;
        const auto wq = a.w[q];
        for (index_t l = 0; l < chunk; ++l) acc[l] += wq * load<Acc>(r[l]);
      }
    } else {
      const Src* r0 = a.rows[0] + l0 * a.ss;
      const auto w0 = a.w[0];
      for (index_t l = 0; l < n; ++l) acc[l] = w0 * load<Acc>(r0[l * a.ss]);
      for (index_t q = 1; q < a.taps; ++q) {
        const Src* r = a.rows[q] + l0 * a.ss;
        const auto wq = a.w[q];
        for (index_t l = 0; l < n; ++l) acc[l] += wq * load<Acc>(r[l * a.ss]);
      }
    }
    Dst* d = a.d + l0 * a.ds;
    if (a.ds == 1)
      for (index_t l = 0; l < n; ++l) d[l] = store<Dst>(acc[l]);
    else
      for (index_t l = 0; l < n; ++l) d[l * a.ds] = store<Dst>(acc[l]);
  }
}

template <class Acc, class Src, class Dst>
NDRESIZE_ALWAYS_INLINE void resample_body(const resample_args<Src, Dst>& a) noexcept {
  NDRESIZE_NO_CONTRACT
  const axis_table& t = *a.table;
  const auto* w = weights_of<Acc>(t);
  const index_t* ti = t.tap_index.data();
  const index_t* tb = t.tap_begin.data();
  if (a.block == 1) {
    for (index_t j = 0; j < t.out; ++j) {
      const index_t b = tb[j], e = tb[j + 1];
      Acc acc = b < e ? w[b] * load<Acc>(a.s[ti[b] * a.sj]) : Acc{};
      for (index_t q = b + 1; q < e; ++q) acc += w[q] * load<Acc>(a.s[ti[q] * a.sj]);
      a.d[j * a.dj] = store<Dst>(acc);
    }
    return;
  }
  constexpr index_t chunk = 64;
  Acc acc[chunk];
  for (index_t j = 0; j < t.out; ++j) {
    for (index_t c0 = 0; c0 < a.block; c0 += chunk) {
      const index_t n = std::min(chunk, a.block - c0);
      const index_t b = tb[j], e = tb[j + 1];
      if (b == e)
        for (index_t c = 0; c < n; ++c) acc[c] = Acc{};
      for (index_t q = b; q < e; ++q) {
        const Src* s = a.s + ti[q] * a.sj + c0 * a.sc;
        const auto wq = w[q];
        if (q == b)
          for (index_t c = 0; c < n; ++c) acc[c] = wq * load<Acc>(s[c * a.sc]);
        else
          for (index_t c = 0; c < n; ++c) acc[c] += wq * load<Acc>(s[c * a.sc]);
      }
      Dst* d = a.d + j * a.dj + c0 * a.dc;
      for (index_t c = 0; c < n; ++c) d[c * a.dc] = store<Dst>(acc[c]);
    }
  }
}

template <class Acc, class Src, class Dst>
void blend_generic(const blend_args<Src, Dst, weight_t<Acc>>& a) noexcept {
  blend_body<Acc, Src, Dst>(a);
}
template <class Acc, class Src, class Dst>
void resample_generic(const resample_args<Src, Dst>& a) noexcept {
  if (channels_contiguous(a, 8)) return resample_channels<Acc, &blend_generic<Acc, Src, Dst>>(a);
  for (index_t r = 0; r < a.rows; ++r) resample_body<Acc, Src, Dst>(a.row(r));
}
#if NDRESIZE_X86
template <class Acc, class Src, class Dst>
NDRESIZE_TARGET_AVX2 void blend_avx2(const blend_args<Src, Dst, weight_t<Acc>>& a) noexcept {
  blend_body<Acc, Src, Dst>(a);
}
template <class Acc, class Src, class Dst>
NDRESIZE_TARGET_AVX2 void resample_avx2(const resample_args<Src, Dst>& a) noexcept {
  if (channels_contiguous(a, 8)) return resample_channels<Acc, &blend_avx2<Acc, Src, Dst>>(a);
  if constexpr (std::is_same_v<Acc, float> && std::is_same_v<Dst, float> && simd_loadable<Src>) {
    const packed_taps* p = a.packed;
    if (p != nullptr && p->lanes == 8 && a.block == p->pixel && a.sj == a.block && a.dj == a.block &&
        (a.block == 1 || (a.sc == 1 && a.dc == 1))) {
      for (index_t r = 0; r < a.rows; ++r)
        resample_packed8<Src>(a.d + r * a.d_row, a.s + r * a.s_row, a.table->in, a.table->out, *p);
      return;
    }
  }
  for (index_t r = 0; r < a.rows; ++r) resample_body<Acc, Src, Dst>(a.row(r));
}
/// Σ w_q · rows_q[l .. l + 16) on the lanes of mask m, sources widened to float exactly (a
/// helper, not a lambda: clang does not give a lambda its enclosing function's target).
template <int Taps, class Src>
NDRESIZE_TARGET_AVX512 inline __m512 blend_lanes16(const Src* const* r, const __m512* w, index_t l,
                                                   __mmask16 m) noexcept {
  NDRESIZE_NO_CONTRACT
  __m512 v = _mm512_mul_ps(w[0], load16<Src>(r[0] + l, m));
  if constexpr (Taps > 1) v = _mm512_add_ps(v, _mm512_mul_ps(w[1], load16<Src>(r[1] + l, m)));
  if constexpr (Taps > 2) v = _mm512_add_ps(v, _mm512_mul_ps(w[2], load16<Src>(r[2] + l, m)));
  if constexpr (Taps > 3) v = _mm512_add_ps(v, _mm512_mul_ps(w[3], load16<Src>(r[3] + l, m)));
  return v;
}

/// Elements [from, len) of a blend of Taps rows, 16 lanes at a time with a masked tail,
/// stored through the store rule.
template <int Taps, class Src, class Dst>
NDRESIZE_TARGET_AVX512 inline void blend_span16(Dst* d, const Src* const* r, const __m512* w, index_t from,
                                                index_t len) noexcept {
  index_t l = from;
  for (; l + 16 <= len; l += 16) store16<Dst>(d + l, blend_lanes16<Taps>(r, w, l, 0xFFFF), 16);
  if (l < len) {
    const auto m = static_cast<__mmask16>((1u << (len - l)) - 1);
    store16<Dst>(d + l, blend_lanes16<Taps>(r, w, l, m), len - l);
  }
}

/// Contiguous rows accumulated in float, 16 lanes at a time with a masked tail (short rows,
/// such as many small planes, pay no scalar epilogue), stored through the store rule. `Stream`
/// (float destinations) writes with non-temporal stores (no read-for-ownership of output
/// lines that will not be read again soon). Same operation order as blend_fixed.
template <int Taps, bool Stream, class Src, class Dst>
NDRESIZE_TARGET_AVX512 void blend_rows16(const blend_args<Src, Dst, float>& a) noexcept {
  const Src* r[4] = {a.rows[0], a.rows[Taps > 1 ? 1 : 0], a.rows[Taps > 2 ? 2 : 0], a.rows[Taps > 3 ? 3 : 0]};
  const __m512 w[4] = {_mm512_set1_ps(a.w[0]), _mm512_set1_ps(a.w[Taps > 1 ? 1 : 0]),
                       _mm512_set1_ps(a.w[Taps > 2 ? 2 : 0]), _mm512_set1_ps(a.w[Taps > 3 ? 3 : 0])};
  index_t l = 0;
  if constexpr (Stream) {
    static_assert(std::is_same_v<Dst, float>);
    // Plain stores up to a 64-byte boundary, then whole aligned lines.
    const auto mis = static_cast<index_t>((reinterpret_cast<std::uintptr_t>(a.d) & 63) / 4);
    if (mis != 0) {
      const index_t head = std::min<index_t>(16 - mis, a.len);
      const auto m = static_cast<__mmask16>((1u << head) - 1);
      _mm512_mask_storeu_ps(a.d, m, blend_lanes16<Taps>(r, w, 0, m));
      l = head;
    }
    for (; l + 16 <= a.len; l += 16) _mm512_stream_ps(a.d + l, blend_lanes16<Taps>(r, w, l, 0xFFFF));
  }
  blend_span16<Taps>(a.d, r, w, l, a.len);
}

/// A blend of more than 4 contiguous rows (antialiased shrinks: 8–10 taps at 1080p → 224),
/// 64 elements at a time in four independent accumulators, each summed over the taps in table
/// order as blend_body sums them (the first product, then + w_q · row_q for q = 1, 2, …): the
/// same roundings, but four dependency chains instead of one per 16 lanes (blend_body's
/// register-sized blocks). Masked tail. Paired runs, one thread: W2a 0.67–0.72 × the time, W2a-NHWC
/// 0.65–0.71 ×, W6a 0.78 ×.
template <class Src, class Dst>
NDRESIZE_TARGET_AVX512 void blend_many16(const blend_args<Src, Dst, float>& a) noexcept {
  NDRESIZE_NO_CONTRACT
  const __m512 w0 = _mm512_set1_ps(a.w[0]);
  index_t l = 0;
  for (; l + 64 <= a.len; l += 64) {
    const Src* r0 = a.rows[0] + l;
    __m512 v0 = _mm512_mul_ps(w0, load16<Src>(r0, 0xFFFF)), v1 = _mm512_mul_ps(w0, load16<Src>(r0 + 16, 0xFFFF));
    __m512 v2 = _mm512_mul_ps(w0, load16<Src>(r0 + 32, 0xFFFF)), v3 = _mm512_mul_ps(w0, load16<Src>(r0 + 48, 0xFFFF));
    for (index_t q = 1; q < a.taps; ++q) {
      const __m512 wq = _mm512_set1_ps(a.w[q]);
      const Src* r = a.rows[q] + l;
      v0 = _mm512_add_ps(v0, _mm512_mul_ps(wq, load16<Src>(r, 0xFFFF)));
      v1 = _mm512_add_ps(v1, _mm512_mul_ps(wq, load16<Src>(r + 16, 0xFFFF)));
      v2 = _mm512_add_ps(v2, _mm512_mul_ps(wq, load16<Src>(r + 32, 0xFFFF)));
      v3 = _mm512_add_ps(v3, _mm512_mul_ps(wq, load16<Src>(r + 48, 0xFFFF)));
    }
    store16<Dst>(a.d + l, v0, 16);
    store16<Dst>(a.d + l + 16, v1, 16);
    store16<Dst>(a.d + l + 32, v2, 16);
    store16<Dst>(a.d + l + 48, v3, 16);
  }
  for (; l < a.len; l += 16) {
    const index_t k = std::min<index_t>(16, a.len - l);
    const auto m = static_cast<__mmask16>(k == 16 ? 0xFFFFu : (1u << k) - 1);
    __m512 v = _mm512_mul_ps(w0, load16<Src>(a.rows[0] + l, m));
    for (index_t q = 1; q < a.taps; ++q)
      v = _mm512_add_ps(v, _mm512_mul_ps(_mm512_set1_ps(a.w[q]), load16<Src>(a.rows[q] + l, m)));
    store16<Dst>(a.d + l, v, k);
  }
}

/// Destinations blend_rows16 stores exactly as the scalar rule does.
template <class Dst>
constexpr bool simd_storable = std::is_same_v<Dst, float> || (std::is_integral_v<Dst> && sizeof(Dst) <= 2);

template <class Acc, class Src, class Dst>
NDRESIZE_TARGET_AVX512 void blend_avx512(const blend_args<Src, Dst, weight_t<Acc>>& a) noexcept {
  if constexpr (std::is_same_v<Acc, float> && simd_loadable<Src> && simd_storable<Dst>) {
    if (a.ss == 1 && a.ds == 1) {
      constexpr bool can_stream = std::is_same_v<Dst, float>;
      const bool stream = can_stream && a.stream && a.len >= 256;  // short rows: not worth it
      switch (a.taps * 2 + (stream ? 1 : 0)) {
        case 2: return blend_rows16<1, false>(a);
        case 3: return blend_rows16<1, can_stream>(a);
        case 4: return blend_rows16<2, false>(a);
        case 5: return blend_rows16<2, can_stream>(a);
        case 6: return blend_rows16<3, false>(a);
        case 7: return blend_rows16<3, can_stream>(a);
        case 8: return blend_rows16<4, false>(a);
        case 9: return blend_rows16<4, can_stream>(a);
        default:
          if (a.taps > 4) return blend_many16(a);
          break;  // no taps (extrapolated rows): blend_body
      }
    }
  }
  blend_body<Acc, Src, Dst>(a);
}
/// resample_channels with blend_avx512 for rows of fewer than 256 elements: all in one
/// function, each output row's blend inlined (blend_span16), since a call per output row cost
/// more than its blend (the whole-plane blends of W7 in bench/, rows of 28 elements: one
/// thread, paired runs, W7 2.79 → 1.97 ms). The same sums in the same order as blend_rows16; outputs
/// without taps or with more than 4 take blend_avx512 as before.
/// It repeats resample_channels' loops rather than being a Blend for it: resample_channels is
/// compiled for no particular target, and GCC would not inline an AVX-512 row blend into it
/// (always_inline is rejected; plain inline made W7 1.24× slower in paired runs).
template <class Src, class Dst>
NDRESIZE_TARGET_AVX512 void resample_short_channels16(const resample_args<Src, Dst>& a) noexcept {
  const axis_table& t = *a.table;
  const float* wt = weights_of<float>(t);
  const index_t* tb = t.tap_begin.data();
  const index_t* ti = t.tap_index.data();
  for (index_t r = 0; r < a.rows; ++r) {
    const Src* s = a.s + r * a.s_row;
    Dst* d = a.d + r * a.d_row;
    for (index_t j = 0; j < t.out; ++j) {
      const index_t b = tb[j], n = tb[j + 1] - b;
      Dst* o = d + j * a.dj;
      if (n < 1 || n > 4) {
        const Src* all[max_channel_taps];
        for (index_t q = 0; q < n; ++q) all[q] = s + ti[b + q] * a.sj;
        blend_avx512<float, Src, Dst>({o, 1, all, wt + b, n, a.block, 1, false});
        continue;
      }
      const Src* rows[4];
      __m512 w[4];
      for (index_t q = 0; q < 4; ++q) {
        const index_t k = b + (q < n ? q : 0);
        rows[q] = s + ti[k] * a.sj;
        w[q] = _mm512_set1_ps(wt[k]);
      }
      switch (n) {
        case 1: blend_span16<1>(o, rows, w, 0, a.block); break;
        case 2: blend_span16<2>(o, rows, w, 0, a.block); break;
        case 3: blend_span16<3>(o, rows, w, 0, a.block); break;
        default: blend_span16<4>(o, rows, w, 0, a.block); break;
      }
    }
  }
}

template <class Acc, class Src, class Dst>
NDRESIZE_TARGET_AVX512 void resample_avx512(const resample_args<Src, Dst>& a) noexcept {
  if (channels_contiguous(a, 16)) {
    if constexpr (std::is_same_v<Acc, float> && simd_loadable<Src> && simd_storable<Dst>)
      if (a.block < 256) return resample_short_channels16<Src, Dst>(a);
    return resample_channels<Acc, &blend_avx512<Acc, Src, Dst>>(a);
  }
  if constexpr (std::is_same_v<Acc, float> && simd_loadable<Src>) {
    const packed_taps* p = a.packed;
    if (p != nullptr && p->lanes == 16 && (!p->gathers || std::is_same_v<Src, float>)&&a.block == p->pixel &&
        a.sj == a.block && a.dj == a.block && (a.block == 1 || (a.sc == 1 && a.dc == 1))) {
      if (a.rows > 1)
        return resample_packed16_rows<Src, Dst>(a.d, a.d_row, a.s, a.s_row, a.rows, a.table->in, a.table->out, *p);
      return resample_packed16<Src, Dst>(a.d, a.s, a.table->in, a.table->out, *p);
    }
  }
  for (index_t r = 0; r < a.rows; ++r) resample_body<Acc, Src, Dst>(a.row(r));
}
#endif

NDRESIZE_KERNELS_END

/// The row operations for one (accumulator, source, destination) triple on one target
/// (detail/dispatch.hpp chooses them).
template <class Acc, class Src, class Dst>
struct row_ops {
  void (*blend)(const blend_args<Src, Dst, weight_t<Acc>>&) noexcept;
  void (*resample)(const resample_args<Src, Dst>&) noexcept;
};

}  // namespace detail
NDRESIZE_END_NAMESPACE
