// SPDX-License-Identifier: Apache-2.0
// Entry points of the Ascend ResizeUpsampleTrilinear operator (aclnnUpsampleTrilinear3d):
// trilinear interpolation of a 5-D (N, C, D, H, W) tensor of float, double, float16 or
// bfloat16. Layouts are strides: NCDHW is the row-major view of the logical shape, NDHWC is
// the same extents with ndhwc_strides(). 16-bit types are computed in float and rounded once
// at the store. Three levels, as in the rest of the library:
//   - typed:        upsample_trilinear3d<T>(self, out, attributes)       (out must have the right shape)
//   - type-erased:  upsample_trilinear3d(any_const_tensor_view, any_tensor_view, attributes)
//   - runtime:      compute(attribute_map, any_const_tensor_view, any_tensor_view)
// (the last two in ascend/compute.hpp, part of the type-erased layer: ../type_erased.hpp)
// and for many tensors of one shape: make_plan(shape, attributes) once, then
// ndresize::execute<T>(plan, self, out, workspace) per tensor.
#pragma once

#include <concepts>
#include <string>

#include "../config.hpp"
#include "../execute.hpp"
#include "../view.hpp"
#include "../visit_element_type.hpp"
#include "../workspace.hpp"
#include "attributes.hpp"
#include "make_plan.hpp"

NDRESIZE_BEGIN_NAMESPACE
namespace ascend {

/// The element types the operator accepts (FLOAT32, FLOAT16, BFLOAT16 in the Ascend
/// specification; double is added because it costs nothing and serves as a reference).
using trilinear_element_types = element_type_list<float, double, Eigen::half, Eigen::bfloat16>;
template <class T>
concept trilinear_element = trilinear_element_types::contains<T>;

/// Element strides of the NDHWC (channels-last) layout for logical extents (N, C, D, H, W).
inline result<dims> try_ndhwc_strides(const dims& ncdhw) {
  if (ncdhw.size() != 5)
    return make_error(error_code::invalid_shape, operator_name,
                      "ndhwc_strides needs 5 extents (N, C, D, H, W), got " + ncdhw.to_string());
  const dims physical{ncdhw[0], ncdhw[2], ncdhw[3], ncdhw[4], ncdhw[1]};
  const dims s = row_major_strides(physical);
  return dims{s[0], s[4], s[1], s[2], s[3]};
}

namespace detail {

inline status check_element_type(element_type t) {
  if (t != element_type::float32 && t != element_type::float64 && t != element_type::float16 &&
      t != element_type::bfloat16)
    return make_error(error_code::invalid_type, operator_name,
                      std::string("input 'self' has element type ") + to_string(t) +
                          "; ResizeUpsampleTrilinear accepts float, float16, bfloat16 and double");
  return {};
}

/// The output view must have the plan's shape; checked here so the message speaks of the
/// operator's attributes rather than of a plan.
inline status check_output(const resize_plan& plan, const dims& out) {
  if (out != plan.output_shape())
    return make_error(error_code::invalid_shape, operator_name,
                      "output 'out' has shape " + out.to_string() + " but input 'self' of shape " +
                          plan.input_shape().to_string() + " with these attributes gives " +
                          plan.output_shape().to_string());
  return {};
}

}  // namespace detail

/// Resizes `self` into the caller's `out` (which must have the shape that `a` gives and must
/// not overlap `self`). Nothing is written to `out` unless every check passes. With a reused
/// workspace the call allocates only the plan's tables.
template <trilinear_element T>
status try_upsample_trilinear3d(tensor_view<const T> self, tensor_view<T> out, const upsample_trilinear3d_attributes& a,
                                workspace& ws) {
  const result<resize_plan> plan = try_make_plan(self.extents(), a);
  if (!plan.ok()) return plan.error();
  NDRESIZE_TRY(detail::check_output(*plan, out.extents()));
  return try_execute<T>(*plan, self, out, ws);
}

template <trilinear_element T>
status try_upsample_trilinear3d(tensor_view<const T> self, tensor_view<T> out,
                                const upsample_trilinear3d_attributes& a) {
  workspace ws;
  return try_upsample_trilinear3d<T>(self, out, a, ws);
}

/// Resizes `self` into a new row-major (NCDHW) tensor.
template <trilinear_element T>
result<tensor<T>> try_upsample_trilinear3d(tensor_view<const T> self, const upsample_trilinear3d_attributes& a) {
  const result<resize_plan> plan = try_make_plan(self.extents(), a);
  if (!plan.ok()) return plan.error();
  return try_execute<T>(*plan, self);
}

#if NDRESIZE_EXCEPTIONS
// The throwing forms: each is its try_ twin, throwing resize_error for its error.
inline dims ndhwc_strides(const dims& ncdhw) { return try_ndhwc_strides(ncdhw).value(); }

template <trilinear_element T>
void upsample_trilinear3d(tensor_view<const T> self, tensor_view<T> out, const upsample_trilinear3d_attributes& a,
                          workspace& ws) {
  try_upsample_trilinear3d<T>(self, out, a, ws).value();
}

template <trilinear_element T>
void upsample_trilinear3d(tensor_view<const T> self, tensor_view<T> out, const upsample_trilinear3d_attributes& a) {
  try_upsample_trilinear3d<T>(self, out, a).value();
}

template <trilinear_element T>
tensor<T> upsample_trilinear3d(tensor_view<const T> self, const upsample_trilinear3d_attributes& a) {
  return try_upsample_trilinear3d<T>(self, a).value();
}
#endif

}  // namespace ascend
NDRESIZE_END_NAMESPACE
