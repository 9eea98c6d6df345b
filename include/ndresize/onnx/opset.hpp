// SPDX-License-Identifier: Apache-2.0
// The runtime front door, as an inference runtime calls it: operator name and model opset,
// attributes as NodeProto holds them. Shape inference needs no data:
// make_plan(...).output_shape(); computing on type-erased tensors is onnx/compute.hpp.
#pragma once

#include <string_view>

#include "../config.hpp"
#include "attribute_map.hpp"
#include "make_plan.hpp"
#include "resize.hpp"

NDRESIZE_BEGIN_NAMESPACE
namespace onnx {

/// Plans node `op` (Resize | Upsample) at `opset` for an input of shape `x_shape`. A template
/// with one defaulted parameter (never given by callers), like the type-erased layer: with
/// NDRESIZE_COMPILED it is compiled once in ndresize::compiled.
template <int = 0>
result<resize_plan> try_make_plan(std::string_view op, std::int64_t opset, const attribute_map& attrs,
                                  const dims& x_shape, const resize_inputs& in, const plan_limits& limits = {});

#if NDRESIZE_EXCEPTIONS
/// try_make_plan, throwing resize_error for its error.
inline resize_plan make_plan(std::string_view op, std::int64_t opset, const attribute_map& attrs, const dims& x_shape,
                             const resize_inputs& in, const plan_limits& limits = {}) {
  return try_make_plan(op, opset, attrs, x_shape, in, limits).value();
}
#endif

#if !defined(NDRESIZE_COMPILED)
template <int>
result<resize_plan> try_make_plan(std::string_view op, std::int64_t opset, const attribute_map& attrs,
                                  const dims& x_shape, const resize_inputs& in, const plan_limits& limits) {
  const result<op_version> v = try_version_for(op, opset);
  if (!v.ok()) return v.error();
  const result<node_attributes> node = try_parse_attributes(*v, attrs);
  if (!node.ok()) return node.error();
  resize_inputs inputs = in;
  if (*v == op_version::upsample_7) {
    if (!in.scales.empty())
      return make_error(error_code::invalid_input, std::string(name(*v)),
                        "input 'scales' does not exist in this version (it is an attribute)");
    inputs.scales = node->upsample_7_scales;
    return try_make_plan(*v, node->attributes, x_shape, inputs, limits);
  }
  return try_make_plan(*v, node->attributes, x_shape, inputs, limits);
}

#endif

}  // namespace onnx
NDRESIZE_END_NAMESPACE
