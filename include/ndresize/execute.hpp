// SPDX-License-Identifier: Apache-2.0
// Running a plan on tensors: checks the views against the plan (shapes, element type versus
// kernel family) before writing anything, then calls the kernel family's executor.
#pragma once

#include <type_traits>
#include <vector>

#include "config.hpp"
#include "detail/kernels/execution_layout.hpp"
#include "detail/kernels/pass_schedule.hpp"
#include "detail/run_plan.hpp"
#include "executor.hpp"
#include "plan/resize_plan.hpp"
#include "view.hpp"
#include "workspace.hpp"

NDRESIZE_BEGIN_NAMESPACE

namespace detail {
inline status check_plan(const resize_plan& plan) {
  if (plan.empty())
    return make_error(error_code::invalid_shape, plan.context(),
                      "the plan is empty (default-constructed or moved from); build one with make_plan");
  return {};
}

template <class T>
status check_views(const resize_plan& plan, const tensor_view<const T>& x, const tensor_view<T>& y) {
  NDRESIZE_TRY(check_plan(plan));
  if (x.extents() != plan.input_shape())
    return make_error(error_code::invalid_shape, plan.context(),
                      "input 'X' has shape " + x.extents().to_string() + " but the plan was made for " +
                          plan.input_shape().to_string());
  if (y.extents() != plan.output_shape())
    return make_error(
        error_code::invalid_shape, plan.context(),
        "output 'Y' view has shape " + y.extents().to_string() + ", expected " + plan.output_shape().to_string());
  if (plan.output_size() > 0 && (x.data_handle() == nullptr || y.data_handle() == nullptr))
    return make_error(error_code::invalid_shape, plan.context(), "a tensor view with elements has a null data pointer");
  // Two outputs written through one address would race between threads and leave either value:
  // an output view must address each element once (a stride 0 on an axis of extent > 1, or
  // strides that fold axes onto each other, are refused before anything is written).
  if (!detail::is_unique(y.extents(), y.strides()))
    return make_error(error_code::invalid_shape, plan.context(),
                      "output 'Y' view with extents " + y.extents().to_string() + " and strides " +
                          y.strides().to_string() +
                          " addresses some elements more than once; an output view needs distinct addresses "
                          "(no stride 0 on an axis longer than 1, no overlapping axes)");
  if (!plan.allows_element_type(element_traits<std::remove_const_t<T>>::type))
    return make_error(error_code::invalid_type, plan.context(),
                      std::string("element type ") + to_string(element_traits<std::remove_const_t<T>>::type) +
                          " is not one of the element types of " + plan.context());
  if constexpr (!interpolatable<T>)
    if (plan.family() == kernel_family::weighted)
      return make_error(error_code::invalid_type, plan.context(),
                        std::string("linear/cubic modes cannot interpolate element type ") +
                            to_string(element_traits<std::remove_const_t<T>>::type) + " (nearest only)");
  return {};
}
}  // namespace detail

/// Resizes X into the caller's Y (which must have plan.output_shape() and must not overlap X).
/// With a reused workspace the call allocates nothing. Nothing is written to Y unless every
/// check passes (the workspace is allocated before the first write).
/// `ex` may run parts of the work in parallel; the result does not depend on it.
template <gatherable T>
status try_execute(const resize_plan& plan, tensor_view<const T> x, tensor_view<T> y, workspace& ws,
                   const executor& ex = {}) {
  NDRESIZE_TRY(detail::check_views(plan, x, y));
  // The kernels derive per-target copies of the tables into the workspace (bounded by the
  // plan's limits) before they write anything; a system with less memory still fails there.
  return detail::out_of_memory_guard(plan.context(), "preparing the kernels' tables ran out of memory",
                                     [&] { return detail::run_plan<T>(plan, x, y, ws, ex); });
}

template <gatherable T>
status try_execute(const resize_plan& plan, tensor_view<const T> x, tensor_view<T> y) {
  workspace ws;
  return try_execute<T>(plan, x, y, ws);
}

/// Convenience: returns a new row-major tensor of plan.output_shape().
template <gatherable T>
result<tensor<T>> try_execute(const resize_plan& plan, tensor_view<const T> x) {
  NDRESIZE_TRY(detail::check_plan(plan));
  auto y = tensor<T>::try_make(plan.output_shape());  // bounded by the plan's output limit
  if (!y.ok()) return std::move(y).error();
  NDRESIZE_TRY(try_execute<T>(plan, x, y->view()));
  return y;
}

/// The axes in the order execute<T> runs their passes on a weighted plan (empty for nearest
/// plans and for plans that resize nothing). Each pass sums its taps in table order in
/// accumulator_t<T>, with weights of weight_t<accumulator_t<T>> (tap_weight_f for float
/// accumulators, tap_weight otherwise); intermediates keep the accumulator type and only the
/// final store rounds to T (README, "Plan tables"). The order depends on the plan and T only,
/// never on strides, the CPU or threads; with the tables it is all an accelerator port needs
/// to reproduce execute<T> bit for bit.
template <interpolatable T>
std::vector<int> execution_order(const resize_plan& plan) {
  if (plan.family() != kernel_family::weighted) return {};
  const auto s = detail::schedule_passes<T>(plan);
  return {s.order.begin(), s.order.end()};
}

#if NDRESIZE_EXCEPTIONS
/// try_execute, throwing resize_error for its error.
template <gatherable T>
void execute(const resize_plan& plan, tensor_view<const T> x, tensor_view<T> y, workspace& ws,
             const executor& ex = {}) {
  try_execute<T>(plan, x, y, ws, ex).value();
}

template <gatherable T>
void execute(const resize_plan& plan, tensor_view<const T> x, tensor_view<T> y) {
  try_execute<T>(plan, x, y).value();
}

template <gatherable T>
tensor<T> execute(const resize_plan& plan, tensor_view<const T> x) {
  return try_execute<T>(plan, x).value();
}
#endif

/// Bytes of workspace one execute<T> of `plan` takes with row-major X and Y and an executor of
/// `concurrency` (see detail::layout_execution for the formula). Nearest plans need none.
template <gatherable T>
std::size_t scratch_bytes(const resize_plan& plan, int concurrency = 1) {
  if constexpr (interpolatable<T>) {
    if (plan.family() == kernel_family::weighted && plan.output_size() > 0)
      return detail::layout_execution<T>(plan, row_major_strides(plan.input_shape()),
                                         row_major_strides(plan.output_shape()), concurrency)
          .bytes;
  }
  return 0;
}

NDRESIZE_END_NAMESPACE
