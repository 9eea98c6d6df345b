// SPDX-License-Identifier: Apache-2.0
// Resampling along an axis whose inner block is contiguous on both sides: the channels of a
// channels-last tensor (W of NHWC, block = C). Output j of the axis is then a weighted sum of
// whole contiguous rows of `block` elements,
//   d[j·dj + c] = Σ_q w[q] · s[index[q]·sj + c]   for c in [0, block),
// which is what blend computes. So the resample runs as one blend per output coordinate,
// vectorized along the channels by the target's blend kernel, instead of element by element or
// through gathers. Blend starts each sum from the first product and adds the others in table
// order, as the element loop it replaces does, so the results are identical.
#pragma once

#include <cstddef>

#include "../../config.hpp"
#include "../../element.hpp"
#include "../../plan/axis_table.hpp"
#include "../cpu.hpp"
#include "tuning.hpp"

NDRESIZE_BEGIN_NAMESPACE
namespace detail {

// Defined in row_ops.hpp, which includes this file.
template <class Src, class Dst, class W>
struct blend_args;
template <class Src, class Dst>
struct resample_args;
template <class Acc>
inline const weight_t<Acc>* weights_of(const axis_table& t) noexcept;

/// The most taps per output a row blend takes here (tuning.hpp); wider filters keep the element loop.
using tuning::max_channel_taps;

/// Whether `a` resamples blocks of at least `min_block` elements contiguous in source and
/// destination with few enough taps for resample_channels.
template <class Src, class Dst>
NDRESIZE_ALWAYS_INLINE bool channels_contiguous(const resample_args<Src, Dst>& a, index_t min_block) noexcept {
  return a.block >= min_block && a.sc == 1 && a.dc == 1 && a.table->max_taps <= max_channel_taps;
}

/// The resample of `a` (which channels_contiguous accepts) as one call of `Blend` (the
/// target's blend for the same element types) per row and output coordinate.
template <class Acc, auto Blend, class Src, class Dst>
NDRESIZE_ALWAYS_INLINE void resample_channels(const resample_args<Src, Dst>& a) noexcept {
  const axis_table& t = *a.table;
  const auto* w = weights_of<Acc>(t);
  const index_t* tb = t.tap_begin.data();
  const index_t* ti = t.tap_index.data();
  const Src* rows[max_channel_taps];
  for (index_t r = 0; r < a.rows; ++r) {
    const Src* s = a.s + r * a.s_row;
    Dst* d = a.d + r * a.d_row;
    for (index_t j = 0; j < t.out; ++j) {
      const index_t b = tb[j], e = tb[j + 1];
      for (index_t q = b; q < e; ++q) rows[q - b] = s + ti[q] * a.sj;
      Blend({d + j * a.dj, 1, rows, w + b, e - b, a.block, 1, a.stream});
    }
  }
}

}  // namespace detail
NDRESIZE_END_NAMESPACE
