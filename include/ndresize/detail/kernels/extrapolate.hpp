// SPDX-License-Identifier: Apache-2.0
// tf_crop_and_resize: every output element whose source coordinate lies outside
// [0, in - 1] on any axis takes extrapolation_value (DESIGN.md rule 5). Runs after the
// gather or the last weighted pass and overwrites exactly those elements.
#pragma once

#include "../../config.hpp"
#include "../../plan/resize_plan.hpp"
#include "../../view.hpp"

NDRESIZE_BEGIN_NAMESPACE
namespace detail {

template <class T>
void fill_slab(T* base, const dims& ext, const dims& str, int d, const T& v) noexcept {
  if (d == ext.size()) {
    *base = v;
    return;
  }
  for (index_t j = 0; j < ext[d]; ++j) fill_slab(base + j * str[d], ext, str, d + 1, v);
}

template <class T>
void extrapolate_from(const resize_plan& plan, T* base, const dims& str, int d, const T& v) noexcept {
  if (d == plan.rank()) return;
  const axis_table& t = plan.table(d);
  for (index_t j = 0; j < t.out; ++j) {
    if (t.is_outside(j))
      fill_slab(base + j * str[d], plan.output_shape(), str, d + 1, v);
    else
      extrapolate_from(plan, base + j * str[d], str, d + 1, v);
  }
}

/// Writes `value` into every extrapolated element of y.
template <class T>
void extrapolate(const resize_plan& plan, tensor_view<T> y, const T& value) noexcept {
  if (!plan.has_extrapolation() || plan.output_size() == 0) return;
  extrapolate_from(plan, y.data_handle(), y.strides(), 0, value);
}

}  // namespace detail
NDRESIZE_END_NAMESPACE
