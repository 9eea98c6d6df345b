// SPDX-License-Identifier: Apache-2.0
// The ResizeUpsampleTrilinear operator on type-erased tensors, and the runtime's call with an
// attribute map. Part of the type-erased layer (see ../type_erased.hpp: compiled where it is
// called, or once in ndresize::compiled).
#pragma once

#include "../config.hpp"
#include "../type_erased.hpp"
#include "../view.hpp"
#include "../visit_element_type.hpp"
#include "../workspace.hpp"
#include "attributes.hpp"
#include "make_plan.hpp"
#include "upsample_trilinear3d.hpp"

NDRESIZE_BEGIN_NAMESPACE
namespace ascend {

/// Type-erased form (the element type is a runtime value). `self` and `out` must have the same
/// element type, one of float (float32), float16, bfloat16, double (float64).
template <int = 0>
status try_upsample_trilinear3d(const any_const_tensor_view& self, const any_tensor_view& out,
                                const upsample_trilinear3d_attributes& a, workspace& ws, const executor& ex = {});

template <int = 0>
status try_upsample_trilinear3d(const any_const_tensor_view& self, const any_tensor_view& out,
                                const upsample_trilinear3d_attributes& a) {
  workspace ws;
  return try_upsample_trilinear3d(self, out, a, ws);
}

/// What a runtime calls: attributes as a name → value map (see parse_attributes), tensors
/// type-erased. Shape inference without data: make_plan(shape, parse_attributes(attrs)).output_shape().
template <int = 0>
status try_compute(const onnx::attribute_map& attrs, const any_const_tensor_view& self, const any_tensor_view& out,
                   workspace& ws, const executor& ex = {}) {
  const result<upsample_trilinear3d_attributes> a = try_parse_attributes(attrs);
  if (!a.ok()) return a.error();
  return try_upsample_trilinear3d(self, out, *a, ws, ex);
}

template <int = 0>
status try_compute(const onnx::attribute_map& attrs, const any_const_tensor_view& self, const any_tensor_view& out) {
  workspace ws;
  return try_compute(attrs, self, out, ws);
}

#if NDRESIZE_EXCEPTIONS
// The throwing forms: each is its try_ twin, throwing resize_error for its error.
template <int = 0>
void upsample_trilinear3d(const any_const_tensor_view& self, const any_tensor_view& out,
                          const upsample_trilinear3d_attributes& a, workspace& ws, const executor& ex = {}) {
  try_upsample_trilinear3d(self, out, a, ws, ex).value();
}

template <int = 0>
void upsample_trilinear3d(const any_const_tensor_view& self, const any_tensor_view& out,
                          const upsample_trilinear3d_attributes& a) {
  try_upsample_trilinear3d(self, out, a).value();
}

template <int = 0>
void compute(const onnx::attribute_map& attrs, const any_const_tensor_view& self, const any_tensor_view& out,
             workspace& ws, const executor& ex = {}) {
  try_compute(attrs, self, out, ws, ex).value();
}

template <int = 0>
void compute(const onnx::attribute_map& attrs, const any_const_tensor_view& self, const any_tensor_view& out) {
  try_compute(attrs, self, out).value();
}
#endif

#if !defined(NDRESIZE_COMPILED)
template <int>
status try_upsample_trilinear3d(const any_const_tensor_view& self, const any_tensor_view& out,
                                const upsample_trilinear3d_attributes& a, workspace& ws, const executor& ex) {
  NDRESIZE_TRY(detail::check_element_type(self.type));
  if (out.type != self.type)
    return make_error(
        error_code::invalid_type, operator_name,
        std::string("input 'self' is ") + to_string(self.type) + " but output 'out' is " + to_string(out.type));
  const result<resize_plan> plan = try_make_plan(self.extents, a);
  if (!plan.ok()) return plan.error();
  NDRESIZE_TRY(detail::check_output(*plan, out.extents));
  NDRESIZE_TRY(self.check_strides());
  NDRESIZE_TRY(out.check_strides());
  // The same switch as every type-erased entry, over the operator's four types only (only
  // they are instantiated); check_element_type has refused the others.
  return visit_element_type<trilinear_element_types>(
      self.type,
      [&](auto tag) -> status {
        using T = typename decltype(tag)::type;
        return try_execute<T>(*plan, self.as<T>(), out.as<T>(), ws, ex);
      },
      [](element_type t) -> status { return unknown_element_type(t); });
}
#endif

}  // namespace ascend
NDRESIZE_END_NAMESPACE
