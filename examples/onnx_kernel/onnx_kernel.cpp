// SPDX-License-Identifier: Apache-2.0
// How an inference runtime implements its Resize/Upsample kernel with ndresize. A runtime
// knows a node by operator name, model opset and attributes (as NodeProto holds them), and its
// tensors by an element type code (onnx.TensorProto.DataType), a shape and a buffer. The
// kernel does two things: shape inference (plan the node on the input shape, read
// output_shape(), no data needed) and compute (run the plan on type-erased views, the element
// type dispatched once inside ndresize). Exits with 1 if a result differs from its expected
// values (the ONNX documentation's Upsample examples, and a hand-computed align_corners case).
#include <Eigen/Core>

#include <ndresize/ndresize.hpp>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace {

using ndresize::dims;
using ndresize::element_type;
namespace onnx = ndresize::onnx;

/// The runtime's tensor: an element type code, a shape, and a buffer of that many elements.
struct runtime_tensor {
  element_type type = element_type::undefined;
  dims shape;
  std::shared_ptr<void> buffer;

  static runtime_tensor allocate(element_type type, const dims& shape) {
    const auto n = static_cast<std::size_t>(ndresize::checked_element_count(shape));
    runtime_tensor t{type, shape, nullptr};
    ndresize::visit_element_type(type, [&](auto tag) {
      using T = typename decltype(tag)::type;
      t.buffer = std::shared_ptr<T[]>(new T[n]());  // value-initialized, also for std::string
    });
    return t;
  }
  template <class T>
  T* data() const {
    return static_cast<T*>(buffer.get());
  }
  ndresize::any_const_tensor_view view() const { return {type, buffer.get(), shape}; }
  ndresize::any_tensor_view mutable_view() { return {type, buffer.get(), shape}; }
};

/// A node of the model graph.
struct node {
  std::string op_type;  // "Resize" or "Upsample"
  std::int64_t opset;   // the model's ai.onnx opset import
  onnx::attribute_map attributes;
};

/// The node's optional inputs as the runtime read them (empty = absent).
struct node_inputs {
  std::vector<double> roi;
  std::vector<float> scales;
  std::vector<std::int64_t> sizes;
  onnx::resize_inputs spans() const { return {roi, scales, sizes}; }
};

/// Shape inference: validates the node on this input shape and returns Y's shape.
dims infer_shape(const node& n, const dims& x_shape, const node_inputs& in) {
  return onnx::make_plan(n.op_type, n.opset, n.attributes, x_shape, in.spans()).output_shape();
}

/// The kernel: plan once per (shape, inputs), allocate Y, run on type-erased views. A real
/// runtime keeps the plan and the workspace between calls with the same input shape.
runtime_tensor compute(const node& n, const runtime_tensor& x, const node_inputs& in, ndresize::workspace& ws) {
  onnx::check_element_type(onnx::version_for(n.op_type, n.opset), x.type);  // e.g. bfloat16 needs Resize-13+
  const ndresize::resize_plan plan = onnx::make_plan(n.op_type, n.opset, n.attributes, x.shape, in.spans());
  runtime_tensor y = runtime_tensor::allocate(x.type, plan.output_shape());
  ndresize::execute(plan, x.view(), y.mutable_view(), ws);
  return y;
}

template <class T>
bool check(const char* name, const runtime_tensor& y, const dims& shape, const std::vector<T>& expected) {
  bool ok = y.shape == shape;
  for (std::size_t i = 0; ok && i < expected.size(); ++i) ok = y.data<T>()[i] == expected[i];
  std::printf("  %-42s Y shape %-14s %s\n", name, y.shape.to_string().c_str(), ok ? "as expected" : "MISMATCH");
  return ok;
}

runtime_tensor make_2x2(element_type type) {
  runtime_tensor x = runtime_tensor::allocate(type, {1, 1, 2, 2});
  ndresize::visit_element_type(type, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (ndresize::interpolatable<T>)
      for (int i = 0; i < 4; ++i) x.data<T>()[i] = static_cast<T>(i + 1);  // [[1, 2], [3, 4]]
  });
  return x;
}

}  // namespace

int main() {
  ndresize::workspace ws;  // one per runtime thread
  bool ok = true;

  std::printf("compute:\n");
  // Upsample-9 (opset 9), test_cc_upsample_linear: float32, scales [1, 1, 2, 2].
  {
    const node n{"Upsample", 9, {{"mode", std::string("linear")}}};
    const runtime_tensor y = compute(n, make_2x2(element_type::float32), {{}, {1, 1, 2, 2}, {}}, ws);
    ok &= check<float>("Upsample opset 9, linear, float32", y, {1, 1, 4, 4},
                       {1, 1.5f, 2, 2, 2, 2.5f, 3, 3, 3, 3.5f, 4, 4, 3, 3.5f, 4, 4});
  }
  // Upsample-7 (opset 8 maps to it): `scales` is an attribute there. test_cc_upsample_nearest
  // values, here on int64 elements (the same kernel, another element type).
  {
    const node n{"Upsample", 8, {{"mode", std::string("nearest")}, {"scales", std::vector<float>{1, 1, 2, 3}}}};
    const runtime_tensor y = compute(n, make_2x2(element_type::int64), {}, ws);
    ok &= check<std::int64_t>("Upsample opset 8 (= 7), nearest, int64", y, {1, 1, 4, 6},
                              {1, 1, 1, 2, 2, 2, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 3, 3, 3, 4, 4, 4});
  }
  // Resize at opset 15 (= Resize-13) on float16: the runtime's type code selects Eigen::half.
  {
    onnx::attribute_map attributes;
    attributes["mode"] = std::string("linear");
    attributes["coordinate_transformation_mode"] = std::string("align_corners");
    const node n{"Resize", 15, attributes};
    const runtime_tensor y = compute(n, make_2x2(element_type::float16), {{}, {1, 1, 1.5f, 1.5f}, {}}, ws);
    // align_corners, 2 -> 3: x_original = x_resized * (2 - 1) / (3 - 1) = 0, 0.5, 1, so the middle
    // sample is the mean of its neighbours.
    ok &= check<Eigen::half>("Resize opset 15 (= 13), linear, float16", y, {1, 1, 3, 3},
                             {Eigen::half(1), Eigen::half(1.5f), Eigen::half(2), Eigen::half(2), Eigen::half(2.5f),
                              Eigen::half(3), Eigen::half(3), Eigen::half(3.5f), Eigen::half(4)});
  }

  std::printf("shape inference (no data):\n");
  {
    onnx::attribute_map attributes;
    attributes["mode"] = std::string("cubic");
    attributes["axes"] = std::vector<std::int64_t>{2, 3};
    attributes["keep_aspect_ratio_policy"] = std::string("not_larger");
    const node n{"Resize", 19, attributes};
    const dims y_shape = infer_shape(n, {8, 3, 480, 640}, {{}, {}, {224, 224}});
    std::printf("  Resize-19 sizes [224, 224] on axes [2, 3], not_larger: [8, 3, 480, 640] -> %s\n",
                y_shape.to_string().c_str());
    ok &= y_shape == dims{8, 3, 168, 224};  // one scale min(224/480, 224/640) = 0.35
  }

  std::printf("validation errors (thrown before any output is written):\n");
  const node bad_nodes[] = {
      {"Resize", 13, {{"antialias", std::int64_t{1}}}},      // attribute of Resize-18+
      {"Resize", 19, {{"mode", std::string("bilinear")}}},   // unknown string
      {"Upsample", 10, {{"mode", std::string("nearest")}}},  // deprecated operator
  };
  for (const node& n : bad_nodes) {
    try {
      (void)infer_shape(n, {1, 1, 2, 2}, {{}, {1, 1, 2, 2}, {}});
      std::printf("  no error for %s opset %lld\n", n.op_type.c_str(), static_cast<long long>(n.opset));
      ok = false;
    } catch (const ndresize::resize_error& e) {
      std::printf("  %s\n", e.what());
    }
  }
  std::printf("%s\n", ok ? "onnx_kernel: all checks passed" : "onnx_kernel: FAILED");
  return ok ? 0 : 1;
}
