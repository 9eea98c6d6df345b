// SPDX-License-Identifier: Apache-2.0
// Iteration over an n-D box of indices with two running offsets (source and destination),
// after merging axes that are contiguous in both, so contiguous tensors loop as few, long axes.
#pragma once

#include "../config.hpp"
#include "axis_array.hpp"

NDRESIZE_BEGIN_NAMESPACE
namespace detail {

/// Axes of a loop: extent and the element stride of each side.
struct loop_axes {
  int n = 0;
  axis_array<index_t> extent{}, a{}, b{};

  void push(index_t e, index_t sa, index_t sb) noexcept {
    if (e == 1) return;  // contributes nothing
    if (n > 0 && a[n - 1] == sa * e && b[n - 1] == sb * e) {
      // the previous axis steps over exactly this one on both sides: merge them
      extent[n - 1] *= e;
      a[n - 1] = sa;
      b[n - 1] = sb;
      return;
    }
    extent[n] = e;
    a[n] = sa;
    b[n] = sb;
    ++n;
  }
  bool empty_box() const noexcept {
    for (int i = 0; i < n; ++i)
      if (extent[i] == 0) return true;
    return false;
  }
};

/// Calls f(offset_a, offset_b) for every index of axes [0, count) of `ax`, in row-major order.
template <class F>
void for_each_offset(const loop_axes& ax, int count, index_t a0, index_t b0, F&& f) {
  for (int i = 0; i < count; ++i)
    if (ax.extent[i] == 0) return;
  axis_array<index_t> idx{};
  index_t oa = a0, ob = b0;
  for (;;) {
    f(oa, ob);
    int d = count - 1;
    for (; d >= 0; --d) {
      if (++idx[d] < ax.extent[d]) {
        oa += ax.a[d];
        ob += ax.b[d];
        break;
      }
      oa -= ax.a[d] * (ax.extent[d] - 1);
      ob -= ax.b[d] * (ax.extent[d] - 1);
      idx[d] = 0;
    }
    if (d < 0) return;
  }
}

}  // namespace detail
NDRESIZE_END_NAMESPACE
