// SPDX-License-Identifier: Apache-2.0
// Loop order for tensors whose contiguous axis is not their last one (channels-last views of
// logically NCHW data: strides {H·W·C, 1, W·C, C}). Looping in axis order there walks the
// channels as the outermost loop and every inner loop strides over memory; looping in memory
// order (axes by decreasing stride) makes the innermost loop the contiguous one, and gives the
// intermediates of the unfused passes the same layout, so every pass reads and writes whole
// contiguous rows. The order of the loops never changes what an element computes (its taps,
// their order, the accumulator), so results are the same in either order.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "../../config.hpp"
#include "../../shape.hpp"

NDRESIZE_BEGIN_NAMESPACE
namespace detail {

/// A permutation of the axes: position p of the loop nest is axis at[p].
struct axis_order {
  std::array<int, max_rank> at{};
  int n = 0;
  bool memory = false;  ///< memory order, not axis order
};

/// The axes in memory order (decreasing |stride|, ties in axis order) when the tensor's
/// contiguous axis (unit stride, more than one element, the smallest stride) is not its last
/// axis of more than one element; otherwise axis order.
inline axis_order loop_order(const dims& extents, const dims& strides) noexcept {
  auto magnitude = [](index_t s) { return s < 0 ? ~static_cast<std::uint64_t>(s) + 1 : static_cast<std::uint64_t>(s); };
  axis_order o;
  o.n = extents.size();
  for (int d = 0; d < o.n; ++d) o.at[static_cast<std::size_t>(d)] = d;
  int contiguous = -1, last = -1;
  for (int d = 0; d < o.n; ++d) {
    if (extents[d] <= 1) continue;
    last = d;
    if (contiguous < 0 || magnitude(strides[d]) < magnitude(strides[contiguous])) contiguous = d;
  }
  if (contiguous < 0 || contiguous == last || magnitude(strides[contiguous]) != 1) return o;
  // Insertion sort: stable, and ranks are small.
  for (int i = 1; i < o.n; ++i) {
    const int a = o.at[static_cast<std::size_t>(i)];
    int k = i;
    for (; k > 0 && magnitude(strides[o.at[static_cast<std::size_t>(k - 1)]]) < magnitude(strides[a]); --k)
      o.at[static_cast<std::size_t>(k)] = o.at[static_cast<std::size_t>(k - 1)];
    o.at[static_cast<std::size_t>(k)] = a;
  }
  o.memory = true;
  return o;
}

/// Dense strides for `extents` laid out in `order` (the last axis of the order contiguous).
inline dims strides_in_order(const dims& extents, const axis_order& order) noexcept {
  dims s = extents;
  index_t step = 1;
  for (int p = order.n - 1; p >= 0; --p) {
    const int d = order.at[static_cast<std::size_t>(p)];
    s[d] = step;
    step *= std::max<index_t>(extents[d], 1);
  }
  return s;
}

/// `v` (one value per axis) listed in loop order: position p holds v[order.at[p]].
inline dims in_order(const dims& v, const axis_order& order) noexcept {
  dims r = v;
  for (int p = 0; p < order.n; ++p) r[p] = v[order.at[static_cast<std::size_t>(p)]];
  return r;
}

/// The position of `axis` in `order`.
inline int position_in(const axis_order& order, int axis) noexcept {
  for (int p = 0; p < order.n; ++p)
    if (order.at[static_cast<std::size_t>(p)] == axis) return p;
  return -1;
}

}  // namespace detail
NDRESIZE_END_NAMESPACE
