// SPDX-License-Identifier: Apache-2.0
// Typed entry points, one per operator version: Resize-10/11/13/18/19 and Upsample-7/9.
// Each validates with its version's rules (onnx/make_plan.hpp) and runs the shared kernels.
#pragma once

#include <span>

#include "../config.hpp"
#include "../execute.hpp"
#include "make_plan.hpp"

NDRESIZE_BEGIN_NAMESPACE
namespace onnx {

/// Element types of each version: bfloat16 joined the type list in Resize-13.
inline status try_check_element_type(op_version v, element_type t) {
  if (((element_types_of(v) >> resize_plan::type_bit(t)) & 1u) == 0)
    return make_error(error_code::invalid_type, std::string(name(v)),
                      "element type bfloat16 is not allowed before Resize-13");
  if (t == element_type::undefined)
    return make_error(error_code::invalid_type, std::string(name(v)), "element type is undefined");
  return {};
}

/// Resizes X into Y by the rules of version v.
template <gatherable T>
status try_resize(op_version v, tensor_view<const T> x, tensor_view<T> y, const resize_attributes& a,
                  const resize_inputs& in) {
  NDRESIZE_TRY(try_check_element_type(v, element_traits<T>::type));
  const result<resize_plan> plan = try_make_plan(v, a, x.extents(), in);
  if (!plan.ok()) return plan.error();
  return try_execute<T>(*plan, x, y);
}

/// Resizes X by the rules of version v into a new tensor.
template <gatherable T>
result<tensor<T>> try_resize(op_version v, tensor_view<const T> x, const resize_attributes& a,
                             const resize_inputs& in) {
  NDRESIZE_TRY(try_check_element_type(v, element_traits<T>::type));
  const result<resize_plan> plan = try_make_plan(v, a, x.extents(), in);
  if (!plan.ok()) return plan.error();
  return try_execute<T>(*plan, x);
}

/// Resize-10: mode (nearest | linear) and the `scales` input; legacy coordinates (DESIGN.md rule 9).
template <gatherable T>
status try_resize_10(tensor_view<const T> x, tensor_view<T> y, enums::mode mode, std::span<const float> scales) {
  resize_attributes a;
  a.mode = mode;
  return try_resize<T>(op_version::resize_10, x, y, a, {{}, scales, {}});
}

/// Resize-11: inputs roi, scales, sizes (an empty span is an absent input).
template <gatherable T>
status try_resize_11(tensor_view<const T> x, tensor_view<T> y, const resize_attributes& a, std::span<const double> roi,
                     std::span<const float> scales, std::span<const std::int64_t> sizes = {}) {
  return try_resize<T>(op_version::resize_11, x, y, a, {roi, scales, sizes});
}

/// Resize-13: as Resize-11 without tf_half_pixel_for_nn, with bfloat16.
template <gatherable T>
status try_resize_13(tensor_view<const T> x, tensor_view<T> y, const resize_attributes& a, std::span<const double> roi,
                     std::span<const float> scales, std::span<const std::int64_t> sizes = {}) {
  return try_resize<T>(op_version::resize_13, x, y, a, {roi, scales, sizes});
}

/// Resize-18: adds antialias, axes and keep_aspect_ratio_policy.
template <gatherable T>
status try_resize_18(tensor_view<const T> x, tensor_view<T> y, const resize_attributes& a, std::span<const double> roi,
                     std::span<const float> scales, std::span<const std::int64_t> sizes = {}) {
  return try_resize<T>(op_version::resize_18, x, y, a, {roi, scales, sizes});
}

/// Resize-19: adds coordinate_transformation_mode half_pixel_symmetric.
template <gatherable T>
status try_resize_19(tensor_view<const T> x, tensor_view<T> y, const resize_attributes& a, std::span<const double> roi,
                     std::span<const float> scales, std::span<const std::int64_t> sizes = {}) {
  return try_resize<T>(op_version::resize_19, x, y, a, {roi, scales, sizes});
}

/// Upsample-7: `scales` is an attribute (values >= 1).
template <gatherable T>
status try_upsample_7(tensor_view<const T> x, tensor_view<T> y, enums::mode mode, std::span<const float> scales) {
  resize_attributes a;
  a.mode = mode;
  return try_resize<T>(op_version::upsample_7, x, y, a, {{}, scales, {}});
}

/// Upsample-9: `scales` is an input (values >= 1).
template <gatherable T>
status try_upsample_9(tensor_view<const T> x, tensor_view<T> y, enums::mode mode, std::span<const float> scales) {
  resize_attributes a;
  a.mode = mode;
  return try_resize<T>(op_version::upsample_9, x, y, a, {{}, scales, {}});
}

#if NDRESIZE_EXCEPTIONS
// The throwing forms: each is its try_ twin, throwing resize_error for its error.
inline void check_element_type(op_version v, element_type t) { try_check_element_type(v, t).value(); }

template <gatherable T>
void resize(op_version v, tensor_view<const T> x, tensor_view<T> y, const resize_attributes& a,
            const resize_inputs& in) {
  try_resize<T>(v, x, y, a, in).value();
}

template <gatherable T>
tensor<T> resize(op_version v, tensor_view<const T> x, const resize_attributes& a, const resize_inputs& in) {
  return try_resize<T>(v, x, a, in).value();
}

template <gatherable T>
void resize_10(tensor_view<const T> x, tensor_view<T> y, enums::mode mode, std::span<const float> scales) {
  try_resize_10<T>(x, y, mode, scales).value();
}

template <gatherable T>
void resize_11(tensor_view<const T> x, tensor_view<T> y, const resize_attributes& a, std::span<const double> roi,
               std::span<const float> scales, std::span<const std::int64_t> sizes = {}) {
  try_resize_11<T>(x, y, a, roi, scales, sizes).value();
}

template <gatherable T>
void resize_13(tensor_view<const T> x, tensor_view<T> y, const resize_attributes& a, std::span<const double> roi,
               std::span<const float> scales, std::span<const std::int64_t> sizes = {}) {
  try_resize_13<T>(x, y, a, roi, scales, sizes).value();
}

template <gatherable T>
void resize_18(tensor_view<const T> x, tensor_view<T> y, const resize_attributes& a, std::span<const double> roi,
               std::span<const float> scales, std::span<const std::int64_t> sizes = {}) {
  try_resize_18<T>(x, y, a, roi, scales, sizes).value();
}

template <gatherable T>
void resize_19(tensor_view<const T> x, tensor_view<T> y, const resize_attributes& a, std::span<const double> roi,
               std::span<const float> scales, std::span<const std::int64_t> sizes = {}) {
  try_resize_19<T>(x, y, a, roi, scales, sizes).value();
}

template <gatherable T>
void upsample_7(tensor_view<const T> x, tensor_view<T> y, enums::mode mode, std::span<const float> scales) {
  try_upsample_7<T>(x, y, mode, scales).value();
}

template <gatherable T>
void upsample_9(tensor_view<const T> x, tensor_view<T> y, enums::mode mode, std::span<const float> scales) {
  try_upsample_9<T>(x, y, mode, scales).value();
}
#endif

}  // namespace onnx
NDRESIZE_END_NAMESPACE
