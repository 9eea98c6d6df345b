// SPDX-License-Identifier: Apache-2.0
// The random node, as attribute strings, turned into the library's types; and the runtime
// front door (onnx::compute), which dispatches over every element type, kept in this one
// translation unit so that the other ones instantiate only their own element types.
#include <ndresize/onnx/compute.hpp>
#include <ndresize/onnx/opset.hpp>
#include <ndresize/thread_pool.hpp>

#include "differential.hpp"

namespace differential {

void category_stats::merge(const category_stats& o) {
  cases += o.cases;
  elements += o.elements;
  max_abs = std::max(max_abs, o.max_abs);
  max_rel = std::max(max_rel, o.max_rel);
  max_ulp = std::max(max_ulp, o.max_ulp);
  max_tolerance_use = std::max(max_tolerance_use, o.max_tolerance_use);
  tie_window += o.tie_window;
  exact += o.exact;
  nan += o.nan;
  nan_either += o.nan_either;
  extrapolated += o.extrapolated;
}

ndresize::onnx::op_version library_version(naive::op v) {
  using ndresize::onnx::op_version;
  switch (v) {
    case naive::op::upsample_7: return op_version::upsample_7;
    case naive::op::upsample_9: return op_version::upsample_9;
    case naive::op::resize_10: return op_version::resize_10;
    case naive::op::resize_11: return op_version::resize_11;
    case naive::op::resize_13: return op_version::resize_13;
    case naive::op::resize_18: return op_version::resize_18;
    case naive::op::resize_19: return op_version::resize_19;
  }
  return op_version::resize_19;
}

namespace {
template <class E>
E parsed(const std::string& s) {
  const auto e = ndresize::parse<E>(s);
  if (!e) throw std::invalid_argument("unknown attribute value " + s);
  return *e;
}
}  // namespace

ndresize::resize_attributes library_attributes(const naive::node& n) {
  ndresize::resize_attributes a;
  a.mode = parsed<ndresize::enums::mode>(n.mode);
  if (naive::is_legacy(n.version)) return a;  // only `mode` exists there
  a.coordinate_transformation_mode =
      parsed<ndresize::enums::coordinate_transformation_mode>(n.coordinate_transformation_mode);
  a.nearest_mode = parsed<ndresize::enums::nearest_mode>(n.nearest_mode);
  a.cubic_coeff_a = n.cubic_coeff_a;
  a.exclude_outside = n.exclude_outside;
  a.extrapolation_value = n.extrapolation_value;
  if (!naive::at_least_18(n.version)) return a;
  a.antialias = n.antialias;
  a.axes = n.axes;
  a.keep_aspect_ratio_policy = parsed<ndresize::enums::keep_aspect_ratio_policy>(n.keep_aspect_ratio_policy);
  return a;
}

const ndresize::executor& case_executor(int kind) {
  static const ndresize::executor sequential;
  static ndresize::thread_pool pool(3);
  static const ndresize::executor pooled = pool.get_executor();
  static const ndresize::executor backwards(
      4, [](ndresize::index_t n, const std::function<void(ndresize::index_t)>& body) {
        for (ndresize::index_t i = n; i-- > 0;) body(i);
      });
  return kind == 1 ? pooled : kind == 2 ? backwards : sequential;
}

ndresize::workspace& shared_workspace() {
  static ndresize::workspace ws;
  return ws;
}

ndresize::onnx::resize_inputs library_inputs(const naive::node& n) { return {n.roi, n.scales, n.sizes}; }

void run_front_door(const naive::random_case& c, const ndresize::any_const_tensor_view& x,
                    const ndresize::any_tensor_view& y) {
  const naive::node& n = c.n;
  const naive::node defaults;
  ndresize::onnx::attribute_map attrs;
  // An attribute is written when it differs from its default, or (explicit_defaults) always.
  auto put = [&](const char* name, auto value, bool is_default) {
    if (!is_default || c.explicit_defaults) attrs[name] = value;
  };
  put("mode", n.mode, n.mode == defaults.mode);
  ndresize::onnx::resize_inputs inputs = library_inputs(n);
  if (n.version == naive::op::upsample_7) {
    attrs["scales"] = n.scales;  // an attribute in Upsample-7
    inputs.scales = {};
  }
  if (!naive::is_legacy(n.version)) {
    put("coordinate_transformation_mode", n.coordinate_transformation_mode,
        n.coordinate_transformation_mode == defaults.coordinate_transformation_mode);
    put("nearest_mode", n.nearest_mode, n.nearest_mode == defaults.nearest_mode);
    put("cubic_coeff_a", n.cubic_coeff_a, n.cubic_coeff_a == defaults.cubic_coeff_a);
    put("exclude_outside", std::int64_t{n.exclude_outside}, !n.exclude_outside);
    put("extrapolation_value", n.extrapolation_value, n.extrapolation_value == defaults.extrapolation_value);
  }
  if (naive::at_least_18(n.version)) {
    put("antialias", std::int64_t{n.antialias}, !n.antialias);
    put("keep_aspect_ratio_policy", n.keep_aspect_ratio_policy,
        n.keep_aspect_ratio_policy == defaults.keep_aspect_ratio_policy);
    if (n.axes) attrs["axes"] = *n.axes;
  }
  const char* op = n.version == naive::op::upsample_7 || n.version == naive::op::upsample_9 ? "Upsample" : "Resize";
  ndresize::onnx::compute(op, c.opset, attrs, x, inputs, y);
}

}  // namespace differential
