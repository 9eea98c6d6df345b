// SPDX-License-Identifier: Apache-2.0
// The README's C++ snippets, compiled and run verbatim (each is a generated .inc file holding
// the README's block without its #include lines, which are made here). Each test gives a snippet
// the variables the README's text around it names, runs it, and checks what it computed.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <ndresize/ndresize.hpp>
#include <ndresize/resample.hpp>

namespace {

TEST(ReadmeSnippets, QuickStartAndPlanReuse) {
  const int frames = 2;
#include "cpp-quick-start.inc"
  EXPECT_EQ(y.extents(), (ndresize::dims{1, 3, 240, 320}));
#include "cpp-plan-reuse.inc"
  EXPECT_EQ(plan.output_shape(), y.extents());
  for (std::size_t i = 0; i < out.size(); i += 997) EXPECT_EQ(out[i], y[static_cast<ndresize::index_t>(i)]) << i;
}

TEST(ReadmeSnippets, Runtime) {
  const ndresize::dims x_shape{1, 1, 2, 2};
  const std::vector<std::int64_t> sizes = {1, 1, 4, 4};
  const ndresize::element_type type = ndresize::element_type::float32;
  const std::array<float, 4> x_values = {0, 1, 2, 3};
  std::array<float, 16> y_values{};
  const void* x_data = x_values.data();
  void* y_data = y_values.data();
#include "cpp-runtime.inc"
  EXPECT_EQ(y_shape, (ndresize::dims{1, 1, 4, 4}));
  // cubic antialias upsampling of a ramp: corners stay within the input range, symmetric centre
  EXPECT_LT(y_values[0], y_values[15]);
  EXPECT_FLOAT_EQ(y_values[5] + y_values[10], y_values[0] + y_values[15]);
}

TEST(ReadmeSnippets, Resample) {
  std::vector<float> image(8 * 6 * 3, 0.5f), result(4 * 3 * 3);
  const ndresize::dims x_shape{8, 6, 3}, out_shape{4, 3, 3};
  const ndresize::tensor_view<const float> x(image.data(), x_shape);
  const ndresize::tensor_view<float> y(result.data(), out_shape);
#include "cpp-resample.inc"
  for (float v : result) EXPECT_NEAR(v, 0.5f, 1e-6f);  // a flat image stays flat (within float rounding)
  EXPECT_EQ(plan.output_shape(), out_shape);
  EXPECT_EQ(z.extents(), (ndresize::dims{4, 3, 3}));  // the box shrink on H and W only
}

int no_exceptions_snippet() {
  const std::int64_t opset = 19;
  const ndresize::onnx::attribute_map attrs = {{"mode", std::string("linear")}};
  const ndresize::dims x_shape{2, 2};
  const std::vector<std::int64_t> sizes = {3, 3};
  const std::array<float, 4> x_values = {1, 2, 3, 4};
  std::array<float, 9> y_values{};
  const ndresize::any_const_tensor_view x(ndresize::element_type::float32, x_values.data(), x_shape);
  const ndresize::any_tensor_view y(ndresize::element_type::float32, y_values.data(), {3, 3});
  ndresize::workspace workspace;
  auto report = [](ndresize::error_code, const std::string&) { return 1; };
#include "cpp-no-exceptions.inc"
  return done.ok() && y_values[4] == 2.5f ? 0 : 2;
}

TEST(ReadmeSnippets, WithoutExceptions) { EXPECT_EQ(no_exceptions_snippet(), 0); }

}  // namespace
