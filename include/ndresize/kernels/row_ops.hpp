// SPDX-License-Identifier: Apache-2.0
// The two innermost operations every weighted resize reduces to, compiled once per CPU
// target: `blend` (a weighted sum of whole rows: the pass along an outer axis) and `resample`
// (a row resampled along itself through one axis table: the pass along the inner axis).
// Taps are summed in table order in both, so blocking and vector width never change a result.
#pragma once

#include <algorithm>

#include "../detail/cpu.hpp"
#include "../element.hpp"
#include "../plan/axis_table.hpp"

namespace ndresize::detail {

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
};

/// Arguments of resample: for output j of `table`, and c in [0, block):
///   d[j·dj + c·dc] = Σ_q w[q] · s[index[q]·sj + c·sc].
template <class Src, class Dst>
struct resample_args {
  Dst* d;
  index_t dj, dc;
  const Src* s;
  index_t sj, sc;
  index_t block;
  const axis_table* table;
};

NDRESIZE_KERNELS_BEGIN

template <class Acc, class Src, class Dst>
NDRESIZE_ALWAYS_INLINE void blend_body(const blend_args<Src, Dst, weight_t<Acc>>& a) noexcept {
  NDRESIZE_NO_CONTRACT
  constexpr index_t chunk = 256;
  Acc acc[chunk];
  for (index_t l0 = 0; l0 < a.len; l0 += chunk) {
    const index_t n = std::min(chunk, a.len - l0);
    if (a.taps == 0) {
      for (index_t l = 0; l < n; ++l) acc[l] = Acc{};  // extrapolated rows: overwritten later
    } else if (a.ss == 1) {
      const Src* r0 = a.rows[0] + l0;
      const auto w0 = a.w[0];
      for (index_t l = 0; l < n; ++l) acc[l] = w0 * load<Acc>(r0[l]);
      for (index_t q = 1; q < a.taps; ++q) {
        const Src* r = a.rows[q] + l0;
        const auto wq = a.w[q];
        for (index_t l = 0; l < n; ++l) acc[l] += wq * load<Acc>(r[l]);
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
  resample_body<Acc, Src, Dst>(a);
}
#if NDRESIZE_X86
template <class Acc, class Src, class Dst>
NDRESIZE_TARGET_AVX2 void blend_avx2(const blend_args<Src, Dst, weight_t<Acc>>& a) noexcept {
  blend_body<Acc, Src, Dst>(a);
}
template <class Acc, class Src, class Dst>
NDRESIZE_TARGET_AVX2 void resample_avx2(const resample_args<Src, Dst>& a) noexcept {
  resample_body<Acc, Src, Dst>(a);
}
template <class Acc, class Src, class Dst>
NDRESIZE_TARGET_AVX512 void blend_avx512(const blend_args<Src, Dst, weight_t<Acc>>& a) noexcept {
  blend_body<Acc, Src, Dst>(a);
}
template <class Acc, class Src, class Dst>
NDRESIZE_TARGET_AVX512 void resample_avx512(const resample_args<Src, Dst>& a) noexcept {
  resample_body<Acc, Src, Dst>(a);
}
#endif

NDRESIZE_KERNELS_END

/// The row operations for one (accumulator, source, destination) triple on the active target.
template <class Acc, class Src, class Dst>
struct row_ops {
  void (*blend)(const blend_args<Src, Dst, weight_t<Acc>>&) noexcept;
  void (*resample)(const resample_args<Src, Dst>&) noexcept;

  static row_ops select(isa target) noexcept {
#if NDRESIZE_X86
    // Complex and double accumulators gain little from wide vectors; keep them generic.
    if constexpr (std::is_same_v<Acc, float>) {
      if (target == isa::avx512) return {&blend_avx512<Acc, Src, Dst>, &resample_avx512<Acc, Src, Dst>};
      if (target == isa::avx2) return {&blend_avx2<Acc, Src, Dst>, &resample_avx2<Acc, Src, Dst>};
    }
#endif
    (void)target;
    return {&blend_generic<Acc, Src, Dst>, &resample_generic<Acc, Src, Dst>};
  }
};

}  // namespace ndresize::detail
