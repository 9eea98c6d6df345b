// SPDX-License-Identifier: Apache-2.0
// Fuzz target: the JSON readers of the examples. The bytes are parsed as npy_resize parses a
// case line (npy_resize::parse_json: nlohmann::json with the nesting bounded, so that no
// recursive copy overflows the stack) and read three ways: as an attribute object
// (npy::attributes_from_json, then onnx::parse_attributes for every operator version, then
// planning and running a small X), and as an npy_resize case line (npy_resize::case_from_json
// and its attribute reader; no file is opened). Properties: only the documented errors escape
// — the parse throws npy_resize::case_error for bad syntax or too deep a nesting, the readers
// throw std::invalid_argument (resize_error is one) or npy_resize::case_error — and nothing
// crashes, leaks or trips a sanitizer.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <ndresize/execute.hpp>
#include <ndresize/onnx/opset.hpp>
#include <nlohmann/json.hpp>

#include "../../examples/npy_resize/resize_case.hpp"
#include "fuzz_support.hpp"
#include "json_attributes.hpp"

namespace nd = ndresize;
namespace onnx = ndresize::onnx;

namespace {

constexpr onnx::op_version versions[] = {
    onnx::op_version::resize_10, onnx::op_version::resize_11,  onnx::op_version::resize_13, onnx::op_version::resize_18,
    onnx::op_version::resize_19, onnx::op_version::upsample_7, onnx::op_version::upsample_9};

/// Plans and runs the parsed attributes of version v on a 1x1x3x4 float X (errors allowed).
void plan_and_run(onnx::op_version v, const onnx::node_attributes& node) {
  const std::vector<float> scales4{1.0f, 1.0f, 2.0f, 1.5f};
  const std::vector<std::int64_t> sizes4{1, 1, 5, 3}, sizes2{5, 3};
  onnx::resize_inputs in;
  if (v == onnx::op_version::upsample_7)
    in.scales = node.upsample_7_scales;
  else if (onnx::is_legacy(v))
    in.scales = scales4;  // Resize-10 and Upsample-9 take scales only
  else
    in.sizes = node.attributes.axes && node.attributes.axes->size() == 2 ? sizes2 : sizes4;
  nd::plan_limits limits;
  limits.max_output_elements = 1 << 12;
  limits.max_table_taps = 1 << 14;
  try {
    const auto plan = onnx::make_plan(v, node.attributes, {1, 1, 3, 4}, in, limits);
    const std::vector<float> x{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
    std::vector<float> y(static_cast<std::size_t>(plan.output_size()));
    nd::execute<float>(plan, nd::tensor_view<const float>(x.data(), {1, 1, 3, 4}),
                       nd::tensor_view<float>(y.data(), plan.output_shape()));
  } catch (const nd::resize_error&) {
  }
}

void read_attributes(const nlohmann::json& j) {
  onnx::attribute_map attrs;
  try {
    attrs = npy::attributes_from_json(j);
  } catch (const std::invalid_argument&) {
    return;
  }
  for (const auto v : versions) {
    try {
      plan_and_run(v, onnx::parse_attributes(v, attrs));
    } catch (const nd::resize_error&) {
    }
  }
}

void read_case(const nlohmann::json& j) {
  try {
    const npy_resize::resize_case c = npy_resize::case_from_json(j, "/nonexistent");
    const auto attrs = npy_resize::detail::attributes(c.attrs);
    if (c.opset) (void)onnx::parse_attributes(onnx::version_for(c.op, *c.opset), attrs);
  } catch (const npy_resize::case_error&) {
  } catch (const nd::resize_error&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  nlohmann::json j;
  try {
    j = npy_resize::parse_json(std::string_view(reinterpret_cast<const char*>(data), size));
  } catch (const npy_resize::case_error&) {
    return 0;
  }
  read_attributes(j);
  if (j.is_object() && j.contains("attrs")) read_attributes(j.at("attrs"));
  read_case(j);
  return 0;
}
