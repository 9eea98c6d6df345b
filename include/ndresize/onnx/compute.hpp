// SPDX-License-Identifier: Apache-2.0
// The runtime front door's computation: operator name and model opset, attributes as
// NodeProto holds them, type-erased tensors. Part of the type-erased layer (see
// ../type_erased.hpp: compiled where it is called, or once in ndresize::compiled).
#pragma once

#include <string_view>

#include "../config.hpp"
#include "../type_erased.hpp"
#include "../workspace.hpp"
#include "attribute_map.hpp"
#include "opset.hpp"
#include "resize.hpp"

NDRESIZE_BEGIN_NAMESPACE
namespace onnx {

/// Computes node `op` at `opset` on X into the caller's Y. Nothing is written to Y unless
/// every check passes. `ex` may run parts of the work in parallel (a runtime passes its own
/// threads, executor.hpp); the result does not depend on it. A runtime that runs a node many
/// times keeps its plan instead (make_plan_key, make_plan, execute).
template <int = 0>
status try_compute(std::string_view op, std::int64_t opset, const attribute_map& attrs, const any_const_tensor_view& x,
                   const resize_inputs& in, const any_tensor_view& y, workspace& ws, const executor& ex = {});

template <int = 0>
status try_compute(std::string_view op, std::int64_t opset, const attribute_map& attrs, const any_const_tensor_view& x,
                   const resize_inputs& in, const any_tensor_view& y) {
  workspace ws;
  return try_compute(op, opset, attrs, x, in, y, ws);
}

#if NDRESIZE_EXCEPTIONS
/// try_compute, throwing resize_error for its error.
template <int = 0>
void compute(std::string_view op, std::int64_t opset, const attribute_map& attrs, const any_const_tensor_view& x,
             const resize_inputs& in, const any_tensor_view& y, workspace& ws, const executor& ex = {}) {
  try_compute(op, opset, attrs, x, in, y, ws, ex).value();
}

template <int = 0>
void compute(std::string_view op, std::int64_t opset, const attribute_map& attrs, const any_const_tensor_view& x,
             const resize_inputs& in, const any_tensor_view& y) {
  try_compute(op, opset, attrs, x, in, y).value();
}
#endif

#if !defined(NDRESIZE_COMPILED)
template <int>
status try_compute(std::string_view op, std::int64_t opset, const attribute_map& attrs, const any_const_tensor_view& x,
                   const resize_inputs& in, const any_tensor_view& y, workspace& ws, const executor& ex) {
  const result<op_version> v = try_version_for(op, opset);
  if (!v.ok()) return v.error();
  NDRESIZE_TRY(try_check_element_type(*v, x.type));
  const result<resize_plan> plan = try_make_plan(op, opset, attrs, x.extents, in);
  if (!plan.ok()) return plan.error();
  return try_execute(*plan, x, y, ws, ex);
}
#endif

}  // namespace onnx
NDRESIZE_END_NAMESPACE
