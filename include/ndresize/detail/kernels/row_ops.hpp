// SPDX-License-Identifier: Apache-2.0
// The two innermost operations every weighted resize reduces to, compiled once per CPU
// target: `blend` (a weighted sum of whole rows: the pass along an outer axis) and `resample`
// (a row resampled along itself through one axis table: the pass along the inner axis).
// Taps are summed in table order in both, so blocking and vector width never change a result.
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "../../config.hpp"
#include "../../element.hpp"
#include "../../plan/axis_table.hpp"
#include "../cpu.hpp"
#include "../simd/vocabulary.hpp"
#include "channel_resample.hpp"
#include "packed_taps.hpp"
#include "tuning.hpp"

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

/// Arguments of blend_resample: v's blend (into v.d, a row of accumulators), then h's
/// resample of that row (h.s == v.d): the two passes of a v-first pair for one output row.
template <class Acc, class Src, class Dst>
struct blend_resample_args {
  blend_args<Src, Acc, weight_t<Acc>> v;
  resample_args<Acc, Dst> h;
};

/// Arguments of resample_blend, the two passes of an h-first pair for `outputs` output rows
/// (d + g·d_row, g < outputs) that read the same source rows, of pixels of `block` contiguous
/// elements (channels-last with many channels):
///   row g: d[g·d_row + j·block + c] = Σ_q w[g·taps + q] · (Σ_k u[k] · rows[q][index[k]·sj + c])
/// over the taps q of the rows and k of output j of `table`, each sum in table order: what
/// resampling every source row into a ring and blending the ring's rows computes, with the
/// resampled rows kept in registers instead.
template <class Acc, class Src, class Dst>
struct resample_blend_args {
  Dst* d;
  index_t d_row;
  index_t outputs;
  const Src* const* rows;
  const weight_t<Acc>* w;
  index_t taps;
  index_t sj;
  index_t block;
  const axis_table* table;
  bool stream = false;  ///< as blend_args::stream
};

/// A target's resample_blend, for the h-first pairs of many channels that write Y, or null
/// where the target has none for the types (the generic target: the pair keeps its ring of
/// resampled rows).
template <class Acc, class Src, class Dst>
using resample_blend_fn = void (*)(const resample_blend_args<Acc, Src, Dst>&) noexcept;

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
template <class Acc, class Src, class Dst>
void blend_resample_generic(const blend_resample_args<Acc, Src, Dst>& a) noexcept {
  blend_generic<Acc, Src, Acc>(a.v);
  resample_generic<Acc, Acc, Dst>(a.h);
}
NDRESIZE_KERNELS_END

/// A source's lanes as the vector vocabulary names them (16-bit floats as bits).
template <class T>
using simd_lane_t = std::conditional_t<std::is_same_v<T, Eigen::half>, simd::float16_bits,
                                       std::conditional_t<std::is_same_v<T, Eigen::bfloat16>, simd::bfloat16_bits, T>>;

// The blend kernels (blend-inl.hpp), once per target: detail::N_SSE4, N_AVX2, N_AVX512, N_NEON.
#if NDRESIZE_X86
NDRESIZE_SIMD_BEGIN_SSE4
namespace N_SSE4 {
namespace hn = simd::N_SSE4;
#include "blend-inl.hpp"
#include "packed_window-inl.hpp"
}  // namespace N_SSE4
NDRESIZE_SIMD_END
NDRESIZE_SIMD_BEGIN_AVX2
namespace N_AVX2 {
namespace hn = simd::N_AVX2;
#include "blend-inl.hpp"
#include "packed_window-inl.hpp"
}  // namespace N_AVX2
NDRESIZE_SIMD_END
NDRESIZE_SIMD_BEGIN_AVX512
namespace N_AVX512 {
namespace hn = simd::N_AVX512;
#include "blend-inl.hpp"
#include "packed_window-inl.hpp"
}  // namespace N_AVX512
NDRESIZE_SIMD_END
#endif
#if NDRESIZE_SIMD_NEON
NDRESIZE_SIMD_BEGIN_SCALAR
namespace N_NEON {
namespace hn = simd::N_NEON;
#include "blend-inl.hpp"
#include "packed_window-inl.hpp"
}  // namespace N_NEON
NDRESIZE_SIMD_END_SCALAR
#endif

/// The row operations for one (accumulator, source, destination) triple on one target
/// (detail/dispatch.hpp chooses them).
template <class Acc, class Src, class Dst>
struct row_ops {
  void (*blend)(const blend_args<Src, Dst, weight_t<Acc>>&) noexcept;
  void (*resample)(const resample_args<Src, Dst>&) noexcept;
};

/// A target's blend_resample, for the v-first pairs that write Y (dispatch.hpp chooses it).
template <class Acc, class Src, class Dst>
using blend_resample_fn = void (*)(const blend_resample_args<Acc, Src, Dst>&) noexcept;

}  // namespace detail
NDRESIZE_END_NAMESPACE
