// SPDX-License-Identifier: Apache-2.0
// The weighted executor: runs the plan's passes axis by axis, X → scratch → … → Y, keeping
// intermediates in the accumulator type so that rounding to T happens once, at the store.
#pragma once

#include "../plan/resize_plan.hpp"
#include "../view.hpp"
#include "../workspace.hpp"
#include "extrapolate.hpp"
#include "separable_pass.hpp"

namespace ndresize::detail {

/// Bytes of scratch a weighted execution of `plan` needs for element type T.
template <interpolatable T>
std::size_t scratch_bytes(const resize_plan& plan) noexcept {
  const auto [a, b] = plan.scratch_elements();
  return static_cast<std::size_t>(a + b) * sizeof(accumulator_t<T>);
}

template <interpolatable T>
void separable_resize(const resize_plan& plan, tensor_view<const T> x, tensor_view<T> y, workspace& ws) {
  using Acc = accumulator_t<T>;
  if (plan.output_size() == 0) return;
  const auto& passes = plan.pass_order();
  if (passes.empty()) {
    // Every axis maps j → j with weight 1: a typed copy (through the store rule, which is
    // the identity for a value that came from T).
    loop_axes ax;
    for (int d = 0; d < plan.rank(); ++d) ax.push(x.extent(d), x.stride(d), y.stride(d));
    const T* s = x.data_handle();
    T* o = y.data_handle();
    for_each_offset(ax, ax.n, 0, 0, [&](index_t a, index_t b) { o[b] = s[a]; });
  } else if (passes.size() == 1) {
    weighted_pass<Acc>(x.data_handle(), x.strides(), y.data_handle(), y.strides(), x.extents(), passes[0],
                       plan.table(passes[0]));
  } else {
    const auto [na, nb] = plan.scratch_elements();
    Acc* buf[2];
    buf[0] = static_cast<Acc*>(ws.get(scratch_bytes<T>(plan)));
    buf[1] = buf[0] + na;
    (void)nb;
    dims shape = x.extents();
    for (std::size_t p = 0; p < passes.size(); ++p) {
      const int axis = passes[p];
      const dims next = plan.shape_after(p + 1);
      const bool first = p == 0, last = p + 1 == passes.size();
      Acc* out_buf = last ? nullptr : buf[p % 2];
      const Acc* in_buf = first ? nullptr : buf[(p + 1) % 2];
      const dims in_str = first ? x.strides() : row_major_strides(shape);
      const dims out_str = last ? y.strides() : row_major_strides(next);
      if (first)
        weighted_pass<Acc>(x.data_handle(), in_str, out_buf, out_str, shape, axis, plan.table(axis));
      else if (last)
        weighted_pass<Acc>(in_buf, in_str, y.data_handle(), out_str, shape, axis, plan.table(axis));
      else
        weighted_pass<Acc>(in_buf, in_str, out_buf, out_str, shape, axis, plan.table(axis));
      shape = next;
    }
  }
  extrapolate(plan, y, from_extrapolation_value<T>(plan.extrapolation_value()));
}

}  // namespace ndresize::detail
