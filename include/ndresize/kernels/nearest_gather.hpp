// SPDX-License-Identifier: Apache-2.0
// N-D nearest gather: Y[o_0, .., o_n] = X[index_0[o_0], .., index_n[o_n]]. Works for every
// element type (a copy, no arithmetic). When consecutive output coordinates of an outer axis
// read the same source slab, the already written output slab is copied instead of gathered
// again (nearest upsampling duplicates whole rows).
#pragma once

#include <algorithm>
#include <vector>

#include "../plan/resize_plan.hpp"
#include "../view.hpp"

namespace ndresize::detail {

template <class T>
struct gather_context {
  const resize_plan& plan;
  const T* src;
  T* dst;
  const dims& sa;
  const dims& sb;
  std::vector<bool> dst_slab_contiguous;  // axis d: Y[.., j, :, ..] for fixed j is one dense run
  std::vector<index_t> slab_size;

  void run(int d, index_t a, index_t b) const noexcept {
    const axis_table& t = plan.table(d);
    const index_t* idx = t.index.data();
    const index_t out = t.out;
    if (d == plan.rank() - 1) {
      const index_t s = sa[d], o = sb[d];
      if (o == 1)
        for (index_t j = 0; j < out; ++j) dst[b + j] = src[a + idx[j] * s];
      else
        for (index_t j = 0; j < out; ++j) dst[b + j * o] = src[a + idx[j] * s];
      return;
    }
    const bool dup = dst_slab_contiguous[static_cast<std::size_t>(d)];
    const auto n = slab_size[static_cast<std::size_t>(d)];
    for (index_t j = 0; j < out; ++j) {
      if (dup && j > 0 && idx[j] == idx[j - 1]) {
        const T* prev = dst + b + (j - 1) * sb[d];
        std::copy(prev, prev + n, dst + b + j * sb[d]);
        continue;
      }
      run(d + 1, a + idx[j] * sa[d], b + j * sb[d]);
    }
  }
};

/// Gathers X into Y along the plan's index tables. Views are validated by the caller.
template <class T>
void nearest_gather(const resize_plan& plan, tensor_view<const T> x, tensor_view<T> y) {
  if (plan.output_size() == 0) return;
  const int r = plan.rank();
  gather_context<T> ctx{plan, x.data_handle(), y.data_handle(), x.strides(), y.strides(), {}, {}};
  ctx.dst_slab_contiguous.assign(static_cast<std::size_t>(r), false);
  ctx.slab_size.assign(static_cast<std::size_t>(r), 0);
  // Slab below axis d is dense when strides of axes > d are row-major.
  index_t expect = 1;
  bool dense = true;
  for (int d = r - 1; d >= 0; --d) {
    ctx.dst_slab_contiguous[static_cast<std::size_t>(d)] = dense;
    ctx.slab_size[static_cast<std::size_t>(d)] = expect;
    dense = dense && (y.stride(d) == expect || y.extent(d) == 1);
    expect *= y.extent(d);
  }
  ctx.run(0, 0, 0);
}

}  // namespace ndresize::detail
