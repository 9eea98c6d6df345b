// SPDX-License-Identifier: Apache-2.0
// One translation unit that calls every public entry point — typed, type-erased, ONNX (both
// front doors and the per-version calls), Ascend, resample, Eigen interop, the try_ API and the
// thread pool — in the README's own style (designated initializers). consumer.strict_warnings_*
// compile it with the library on a plain -I (not a system directory) under a runtime's strict
// warning flags and -Werror, with g++ and clang, C++20 and C++23: the headers must be clean.
// Nothing is run; that the calls are right is the other tests' business.
#include <ndresize/interop/eigen.hpp>
#include <ndresize/ndresize.hpp>

#include <array>
#include <cstdint>
#include <vector>

namespace nd = ndresize;

void typed(nd::tensor_view<const float> x, nd::tensor_view<float> y, nd::workspace& ws, nd::thread_pool& pool) {
  const std::array<float, 4> scales = {1, 1, 2, 2};
  const std::vector<std::int64_t> sizes = {1, 1, 8, 8};
  nd::resize_attributes attrs;
  attrs.mode = nd::enums::mode::linear;
  const nd::resize_plan plan = nd::make_plan(x.extents(), attrs, {.scales = scales});
  nd::execute<float>(plan, x, y, ws, pool.get_executor());
  (void)nd::try_execute<float>(plan, x, y, ws);
  (void)nd::resize<float>(x, scales, attrs);
  (void)nd::resize<float>(x, scales, {.mode = nd::enums::mode::cubic, .antialias = 1});
  (void)nd::try_resize<float>(x, scales, attrs);
  nd::resize<nd::policy::nearest, nd::policy::asymmetric>(x, y);
  (void)nd::upsample_linear<float>(x, scales);
  nd::onnx::resize_19<float>(x, y, attrs, {}, {}, sizes);
  (void)nd::onnx::try_resize_10<float>(x, y, nd::enums::mode::nearest, scales);
  nd::onnx::upsample_9<float>(x, y, nd::enums::mode::linear, scales);
}

void type_erased(const nd::any_const_tensor_view& x, const nd::any_tensor_view& y, nd::workspace& ws) {
  nd::onnx::attribute_map attrs;
  attrs["mode"] = std::string("linear");
  const std::vector<float> scales = {1, 1, 2, 2};
  nd::onnx::compute("Resize", 19, attrs, x, {.scales = scales}, y, ws);
  (void)nd::onnx::try_compute("Resize", 13, attrs, x, {.scales = scales}, y);
  const nd::result<nd::resize_plan> plan = nd::onnx::try_make_plan("Resize", 19, attrs, x.extents, {.scales = scales});
  if (plan.ok()) (void)nd::try_execute(*plan, x, y, ws);
  (void)nd::onnx::try_parse_attributes(nd::onnx::op_version::resize_19, attrs);
  (void)nd::onnx::try_version_for("Resize", 19);
}

void ascend(nd::tensor_view<const float> x, nd::tensor_view<float> y, const nd::any_const_tensor_view& ax,
            const nd::any_tensor_view& ay) {
  const nd::ascend::upsample_trilinear3d_attributes a{.align_corners = true};
  (void)nd::ascend::try_upsample_trilinear3d<float>(x, y, a);
  nd::onnx::attribute_map attrs;
  attrs["output_size"] = std::vector<std::int64_t>{2, 4, 4};
  (void)nd::ascend::try_compute(attrs, ax, ay);
  (void)nd::ascend::try_make_plan(x.extents(), a);
}

void resample(nd::tensor_view<const float> x, nd::tensor_view<float> y) {
  nd::resample<float>(x, y, nd::filters::lanczos3);
  const std::vector<double> scales = {0.5, 0.5};
  nd::resample_options options;
  options.axes = {2, 3};
  (void)nd::try_resample<float>(x, scales, nd::filters::box, options);
  (void)nd::try_resample<float>(x, scales, nd::filters::box, {.antialias = false});
}

void eigen(const Eigen::Tensor<float, 4, Eigen::RowMajor>& t, const Eigen::Tensor<std::uint8_t, 3>& u) {
  const std::array<float, 4> scales = {1, 1, 2, 2};
  const Eigen::Tensor<float, 4, Eigen::RowMajor> r = nd::interop::resize(t, scales);
  const std::array<float, 3> s3 = {2, 2, 1};
  (void)nd::interop::try_resize(u, s3);
  (void)r;
}
