// SPDX-License-Identifier: Apache-2.0
// The easy and the static API. Easy: resize X into Y's shape with Resize-19 attributes.
// Static: the mode and the coordinate transformation mode are compile-time policy types, so a
// caller who knows them writes `resize<linear, half_pixel>(x, y)` and a mode that cannot
// interpolate T fails to compile. Aliases name common uses. All forms build the same plan and
// run the same kernels as the ONNX entry points.
#pragma once

#include <span>
#include <string>
#include <utility>
#include <vector>

#include "config.hpp"
#include "execute.hpp"
#include "onnx/make_plan.hpp"

NDRESIZE_BEGIN_NAMESPACE

/// Plans a Resize-19 on shape `x_shape` (the newest rules; see onnx/ for other versions).
inline result<resize_plan> try_make_plan(const dims& x_shape, const resize_attributes& a, const onnx::resize_inputs& in,
                                         const plan_limits& limits = {}) {
  return onnx::try_make_plan(onnx::op_version::resize_19, a, x_shape, in, limits);
}

/// Resizes X into Y: the sizes are Y's extents on the listed axes (all axes by default).
template <gatherable T>
status try_resize(tensor_view<const T> x, tensor_view<T> y, const resize_attributes& a = {}) {
  if (x.rank() != y.rank())
    return make_error(
        error_code::invalid_shape, "Resize-19",
        "output 'Y' has rank " + std::to_string(y.rank()) + " but input 'X' has rank " + std::to_string(x.rank()));
  // Y's extent of each listed axis; an axis out of range gets a placeholder, and make_plan
  // rejects the attribute with its value.
  std::vector<std::int64_t> sizes;
  if (a.axes)
    for (auto ax : *a.axes)
      sizes.push_back(ax >= -y.rank() && ax < y.rank() ? y.extent(static_cast<int>(ax < 0 ? ax + y.rank() : ax)) : 0);
  else
    sizes.assign(y.extents().begin(), y.extents().end());
  const result<resize_plan> plan = try_make_plan(x.extents(), a, {{}, {}, sizes});
  if (!plan.ok()) return plan.error();
  return try_execute<T>(*plan, x, y);
}

/// Resizes X by `scales` (one per listed axis) into a new tensor.
template <gatherable T>
result<tensor<T>> try_resize(tensor_view<const T> x, std::span<const float> scales, const resize_attributes& a = {}) {
  const result<resize_plan> plan = try_make_plan(x.extents(), a, {{}, scales, {}});
  if (!plan.ok()) return plan.error();
  return try_execute<T>(*plan, x);
}

namespace policy {
template <enums::mode M>
struct mode_policy {
  static constexpr enums::mode value = M;
};
template <enums::coordinate_transformation_mode C>
struct coordinate_policy {
  static constexpr enums::coordinate_transformation_mode value = C;
};
using nearest = mode_policy<enums::mode::nearest>;
using linear = mode_policy<enums::mode::linear>;
using cubic = mode_policy<enums::mode::cubic>;
using half_pixel = coordinate_policy<enums::coordinate_transformation_mode::half_pixel>;
using half_pixel_symmetric = coordinate_policy<enums::coordinate_transformation_mode::half_pixel_symmetric>;
using pytorch_half_pixel = coordinate_policy<enums::coordinate_transformation_mode::pytorch_half_pixel>;
using align_corners = coordinate_policy<enums::coordinate_transformation_mode::align_corners>;
using asymmetric = coordinate_policy<enums::coordinate_transformation_mode::asymmetric>;
}  // namespace policy

template <class P>
concept mode_policy_type = requires {
  { P::value } -> std::convertible_to<enums::mode>;
};
template <class P>
concept coordinate_policy_type = requires {
  { P::value } -> std::convertible_to<enums::coordinate_transformation_mode>;
};

/// Static form: resizes X into Y's shape with Mode and Coordinate fixed at compile time;
/// `rest` carries the other attributes (its mode and coordinate mode are overridden).
template <mode_policy_type Mode, coordinate_policy_type Coordinate = policy::half_pixel, gatherable T>
status try_resize(tensor_view<const T> x, tensor_view<T> y, resize_attributes rest = {}) {
  static_assert(Mode::value == enums::mode::nearest || interpolatable<T>,
                "linear and cubic modes need an interpolatable element type (not bool or std::string)");
  rest.mode = Mode::value;
  rest.coordinate_transformation_mode = Coordinate::value;
  return try_resize<T>(x, y, rest);
}

/// Upsample-9 style nearest upsampling by `scales` (>= 1, one per axis).
template <gatherable T>
result<tensor<T>> try_upsample_nearest(tensor_view<const T> x, std::span<const float> scales) {
  resize_attributes a;
  a.mode = enums::mode::nearest;
  const result<resize_plan> plan = onnx::try_make_plan(onnx::op_version::upsample_9, a, x.extents(), {{}, scales, {}});
  if (!plan.ok()) return plan.error();
  return try_execute<T>(*plan, x);
}

/// Upsample-9 style linear upsampling by `scales` (>= 1, one per axis).
template <interpolatable T>
result<tensor<T>> try_upsample_linear(tensor_view<const T> x, std::span<const float> scales) {
  resize_attributes a;
  a.mode = enums::mode::linear;
  const result<resize_plan> plan = onnx::try_make_plan(onnx::op_version::upsample_9, a, x.extents(), {{}, scales, {}});
  if (!plan.ok()) return plan.error();
  return try_execute<T>(*plan, x);
}

/// Trilinear: linear over the last three axes into Y's shape (rank >= 3), e.g. NCDHW volumes.
template <coordinate_policy_type Coordinate = policy::half_pixel, interpolatable T>
status try_trilinear(tensor_view<const T> x, tensor_view<T> y) {
  if (x.rank() < 3)
    return make_error(error_code::invalid_shape, "trilinear",
                      "input 'X' has rank " + std::to_string(x.rank()) + "; it needs at least 3 axes");
  resize_attributes a;
  a.axes = std::vector<std::int64_t>{-3, -2, -1};
  return try_resize<policy::linear, Coordinate, T>(x, y, a);
}

#if NDRESIZE_EXCEPTIONS
// The throwing forms: each is its try_ twin, throwing resize_error for its error.
inline resize_plan make_plan(const dims& x_shape, const resize_attributes& a, const onnx::resize_inputs& in,
                             const plan_limits& limits = {}) {
  return try_make_plan(x_shape, a, in, limits).value();
}

template <gatherable T>
void resize(tensor_view<const T> x, tensor_view<T> y, const resize_attributes& a = {}) {
  try_resize<T>(x, y, a).value();
}

template <gatherable T>
tensor<T> resize(tensor_view<const T> x, std::span<const float> scales, const resize_attributes& a = {}) {
  return try_resize<T>(x, scales, a).value();
}

template <mode_policy_type Mode, coordinate_policy_type Coordinate = policy::half_pixel, gatherable T>
void resize(tensor_view<const T> x, tensor_view<T> y, resize_attributes rest = {}) {
  try_resize<Mode, Coordinate, T>(x, y, std::move(rest)).value();
}

template <gatherable T>
tensor<T> upsample_nearest(tensor_view<const T> x, std::span<const float> scales) {
  return try_upsample_nearest<T>(x, scales).value();
}

template <interpolatable T>
tensor<T> upsample_linear(tensor_view<const T> x, std::span<const float> scales) {
  return try_upsample_linear<T>(x, scales).value();
}

template <coordinate_policy_type Coordinate = policy::half_pixel, interpolatable T>
void trilinear(tensor_view<const T> x, tensor_view<T> y) {
  try_trilinear<Coordinate, T>(x, y).value();
}
#endif

NDRESIZE_END_NAMESPACE
