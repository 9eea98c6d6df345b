// SPDX-License-Identifier: Apache-2.0
// Behaviour pinned by the specification text: the worked examples of the seeds (Upsample-9),
// the opset → version map, per-version defaults and the legacy rules, with expected values
// written out by hand from the formulas.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <ndresize/ndresize.hpp>

namespace nd = ndresize;
namespace onnx = ndresize::onnx;

namespace {

std::vector<float> run(const std::string& op, int opset, const onnx::attribute_map& attrs, const std::vector<float>& x,
                       const nd::dims& shape, const onnx::resize_inputs& in, nd::dims* out_shape = nullptr) {
  const auto plan = onnx::make_plan(op, opset, attrs, shape, in);
  std::vector<float> y(static_cast<std::size_t>(plan.output_size()));
  onnx::compute(op, opset, attrs, nd::tensor_view<const float>(x.data(), shape), in,
                nd::tensor_view<float>(y.data(), plan.output_shape()));
  if (out_shape) *out_shape = plan.output_shape();
  return y;
}

const std::vector<float> x22 = {1, 2, 3, 4};

// Seed 003: test_cc_upsample_linear.
TEST(Upsample9Seed, Linear) {
  const std::vector<float> s = {1, 1, 2, 2};
  nd::dims shape;
  const auto y = run("Upsample", 9, {{"mode", std::string("linear")}}, x22, {1, 1, 2, 2}, {{}, s, {}}, &shape);
  EXPECT_EQ(shape, (nd::dims{1, 1, 4, 4}));
  EXPECT_EQ(y, (std::vector<float>{1, 1.5, 2, 2, 2, 2.5, 3, 3, 3, 3.5, 4, 4, 3, 3.5, 4, 4}));
}

// Seed 003: test_cc_upsample_nearest.
TEST(Upsample9Seed, Nearest) {
  const std::vector<float> s = {1, 1, 2, 3};
  const auto y = run("Upsample", 9, {{"mode", std::string("nearest")}}, x22, {1, 1, 2, 2}, {{}, s, {}});
  EXPECT_EQ(y, (std::vector<float>{1, 1, 1, 2, 2, 2, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 3, 3, 3, 4, 4, 4}));
}

// Seed 003: test_cc_upsample_nearest_1d.
TEST(Upsample9Seed, Nearest1d) {
  const std::vector<float> s = {2};
  const auto y = run("Upsample", 9, {{"mode", std::string("nearest")}}, {10, 20, 30}, {3}, {{}, s, {}});
  EXPECT_EQ(y, (std::vector<float>{10, 10, 20, 20, 30, 30}));
}

// Seed 003: test_cc_upsample_nearest_default_mode.
TEST(Upsample9Seed, NearestDefaultMode) {
  const std::vector<float> s = {1, 1, 2, 2};
  const auto y = run("Upsample", 9, {}, x22, {1, 1, 2, 2}, {{}, s, {}});
  EXPECT_EQ(y, (std::vector<float>{1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4}));
}

// Upsample-7 takes the same scales as an attribute and gives the same result.
TEST(Upsample7, ScalesAttribute) {
  const auto y = run("Upsample", 7, {{"mode", std::string("linear")}, {"scales", std::vector<float>{1, 1, 2, 2}}}, x22,
                     {1, 1, 2, 2}, {});
  EXPECT_EQ(y, (std::vector<float>{1, 1.5, 2, 2, 2, 2.5, 3, 3, 3, 3.5, 4, 4, 3, 3.5, 4, 4}));
}

TEST(OpsetMap, VersionInForce) {
  using onnx::op_version;
  EXPECT_EQ(onnx::version_for("Resize", 10), op_version::resize_10);
  EXPECT_EQ(onnx::version_for("Resize", 12), op_version::resize_11);
  EXPECT_EQ(onnx::version_for("Resize", 13), op_version::resize_13);
  EXPECT_EQ(onnx::version_for("Resize", 17), op_version::resize_13);
  EXPECT_EQ(onnx::version_for("Resize", 18), op_version::resize_18);
  EXPECT_EQ(onnx::version_for("Resize", 21), op_version::resize_19);
  EXPECT_EQ(onnx::version_for("Upsample", 8), op_version::upsample_7);
  EXPECT_EQ(onnx::version_for("Upsample", 9), op_version::upsample_9);
}

// Resize-10 legacy nearest: ceil(x / scale) when downsampling. 4 → 2 with scale 0.5:
// x = 0, 2 → sources 0 and 2 (not the half-pixel centres 0.5/2.5).
TEST(Resize10, NearestDownsampleUsesAsymmetricCoordinates) {
  const std::vector<float> s = {0.5f};
  const auto y = run("Resize", 10, {}, {10, 20, 30, 40}, {4}, {{}, s, {}});
  EXPECT_EQ(y, (std::vector<float>{10, 30}));
  // scale 0.6: out = floor(2.4) = 2; x = 0 → 0, x = 1 → ceil(1.667) = 2
  const std::vector<float> s6 = {0.6f};
  EXPECT_EQ(run("Resize", 10, {}, {10, 20, 30, 40}, {4}, {{}, s6, {}}), (std::vector<float>{10, 30}));
}

// Resize-11 default coordinate mode is half_pixel and nearest_mode round_prefer_floor:
// 2 → 4: x_original = (j + 0.5)/2 - 0.5 = -0.25, 0.25, 0.75, 1.25 → 0, 0, 1, 1.
TEST(Resize11, Defaults) {
  const std::vector<float> s = {2};
  EXPECT_EQ(run("Resize", 11, {}, {5, 7}, {2}, {{}, s, {}}), (std::vector<float>{5, 5, 7, 7}));
}

// tf_half_pixel_for_nn (Resize-11 only): x_original = (j + 0.5)/scale; 4 → 2 gives 1, 3.
TEST(Resize11, TfHalfPixelForNn) {
  const std::vector<float> s = {0.5f};
  EXPECT_EQ(run("Resize", 11, {{"coordinate_transformation_mode", std::string("tf_half_pixel_for_nn")}}, {1, 2, 3, 4},
                {4}, {{}, s, {}}),
            (std::vector<float>{2, 4}));
}

// tf_crop_and_resize without roi uses the whole input: like align_corners. 3 → 5 linear
// gives x = 0, 0.5, 1, 1.5, 2.
TEST(Resize13, TfCropAndResizeWithoutRoiIsWholeImage) {
  const std::vector<std::int64_t> sizes = {5};
  EXPECT_EQ(
      run("Resize", 13,
          {{"coordinate_transformation_mode", std::string("tf_crop_and_resize")}, {"mode", std::string("linear")}},
          {0, 2, 4}, {3}, {{}, {}, sizes}),
      (std::vector<float>{0, 1, 2, 3, 4}));
}

// Axes select the resized dimensions; others keep their extent (Resize-18), negative and
// unsorted axes included.
TEST(Resize18, NegativeUnsortedAxes) {
  const std::vector<std::int64_t> sizes = {2, 1};  // axis -1 → 2, axis 0 → 1
  nd::dims shape;
  const auto y = run("Resize", 18, {{"axes", std::vector<std::int64_t>{-1, 0}}}, {1, 2, 3, 4, 5, 6}, {2, 3, 1},
                     {{}, {}, sizes}, &shape);
  EXPECT_EQ(shape, (nd::dims{1, 3, 2}));
  // axis 0: 2 → 1, x = (0.5)/0.5 - 0.5 = 0.5 → round_prefer_floor → 0; axis 2: 1 → 2 copies.
  EXPECT_EQ(y, (std::vector<float>{1, 1, 2, 2, 3, 3}));
}

// Zero-size outputs are allowed (sizes may hold 0).
TEST(Resize19, ZeroSizeOutput) {
  const std::vector<std::int64_t> sizes = {0, 3};
  nd::dims shape;
  const auto y = run("Resize", 19, {}, {1, 2, 3, 4}, {2, 2}, {{}, {}, sizes}, &shape);
  EXPECT_EQ(shape, (nd::dims{0, 3}));
  EXPECT_TRUE(y.empty());
}

// Integers round half to even and saturate (rule 7): uint8 [0, 255] upsampled 1 → 4 with
// align_corners gives 0, 85, 170, 255; [1, 2] → 3 values 1, 1.5, 2 → 1, 2, 2.
TEST(Store, IntegerRoundHalfEven) {
  const std::vector<std::uint8_t> x = {1, 2};
  std::vector<std::uint8_t> y(3);
  nd::resize_attributes a;
  a.mode = nd::enums::mode::linear;
  a.coordinate_transformation_mode = nd::enums::coordinate_transformation_mode::align_corners;
  nd::resize<std::uint8_t>(nd::tensor_view<const std::uint8_t>(x.data(), {2}),
                           nd::tensor_view<std::uint8_t>(y.data(), {3}), a);
  EXPECT_EQ(y, (std::vector<std::uint8_t>{1, 2, 2}));
  const std::vector<std::int8_t> xs = {-3, -2};
  std::vector<std::int8_t> ys(3);
  nd::resize<std::int8_t>(nd::tensor_view<const std::int8_t>(xs.data(), {2}),
                          nd::tensor_view<std::int8_t>(ys.data(), {3}), a);
  EXPECT_EQ(ys, (std::vector<std::int8_t>{-3, -2, -2}));  // -2.5 → -2 (even)
}

// Cubic overshoot saturates instead of wrapping: a step 0 → 255 with a = -0.75.
TEST(Store, IntegerSaturates) {
  const std::vector<std::uint8_t> x = {0, 0, 255, 255};
  std::vector<std::uint8_t> y(8);
  nd::resize_attributes a;
  a.mode = nd::enums::mode::cubic;
  nd::resize<std::uint8_t>(nd::tensor_view<const std::uint8_t>(x.data(), {4}),
                           nd::tensor_view<std::uint8_t>(y.data(), {8}), a);
  // Keys kernel, a = -0.75: K(0.25) = 0.87890625, K(0.75) = 0.26171875,
  // K(1.25) = -0.10546875, K(1.75) = -0.03515625. Output j sits at x = j/2 - 0.25.
  // j = 2, x = 0.75: taps -1→0, 0, 1, 2; value 255·K(1.25) = -26.9 → saturates to 0.
  EXPECT_EQ(y[2], 0);
  // j = 3, x = 1.25: 255·(K(0.75) + K(1.75)) = 57.77 → 58.
  EXPECT_EQ(y[3], 58);
  // j = 4, x = 1.75: 255·(K(0.25) + K(1.25)) = 197.2 → 197.
  EXPECT_EQ(y[4], 197);
  // j = 5, x = 2.25: taps 1, 2, 3, 4→3; 255·(K(0.25) + K(0.75) + K(1.75)) = 281.9 → saturates to 255.
  EXPECT_EQ(y[5], 255);
  EXPECT_EQ(y[0], 0);
}

// The static policy form and the aliases build the same plans as the ONNX entry points.
TEST(StaticForm, MatchesRuntimeForm) {
  std::vector<float> y1(16), y2(16);
  nd::resize<nd::policy::linear, nd::policy::align_corners>(nd::tensor_view<const float>(x22.data(), {1, 1, 2, 2}),
                                                            nd::tensor_view<float>(y1.data(), {1, 1, 4, 4}));
  const std::vector<std::int64_t> sizes = {1, 1, 4, 4};
  y2 = run("Resize", 19,
           {{"mode", std::string("linear")}, {"coordinate_transformation_mode", std::string("align_corners")}}, x22,
           {1, 1, 2, 2}, {{}, {}, sizes});
  EXPECT_EQ(y1, y2);
  // align_corners 2 → 4: x = 0, 1/3, 2/3, 1 → first row 1, 4/3, 5/3, 2
  EXPECT_FLOAT_EQ(y1[1], 4.0f / 3.0f);
  const std::vector<float> s = {1, 1, 2, 2};
  const auto up = nd::upsample_linear<float>(nd::tensor_view<const float>(x22.data(), {1, 1, 2, 2}), s);
  EXPECT_EQ(std::vector<float>(up.data(), up.data() + 16),
            (std::vector<float>{1, 1.5, 2, 2, 2, 2.5, 3, 3, 3, 3.5, 4, 4, 3, 3.5, 4, 4}));
}

// Strided views: an NHWC buffer viewed as NCHW gives the same result as NCHW data.
TEST(Views, NhwcThroughStrides) {
  // NCHW 1×2×2×2 → NHWC storage
  const std::vector<float> nchw = {1, 2, 3, 4, 10, 20, 30, 40};
  std::vector<float> nhwc(8);
  for (int c = 0; c < 2; ++c)
    for (int h = 0; h < 2; ++h)
      for (int w = 0; w < 2; ++w)
        nhwc[static_cast<std::size_t>((h * 2 + w) * 2 + c)] = nchw[static_cast<std::size_t>(c * 4 + h * 2 + w)];
  nd::resize_attributes a;
  a.mode = nd::enums::mode::linear;
  std::vector<float> y_nchw(32), y_nhwc(32);
  nd::resize<float>(nd::tensor_view<const float>(nchw.data(), {1, 2, 2, 2}),
                    nd::tensor_view<float>(y_nchw.data(), {1, 2, 4, 4}), a);
  nd::resize<float>(nd::tensor_view<const float>(nhwc.data(), {1, 2, 2, 2}, {8, 1, 4, 2}),
                    nd::tensor_view<float>(y_nhwc.data(), {1, 2, 4, 4}, {32, 1, 8, 2}), a);
  for (int c = 0; c < 2; ++c)
    for (int h = 0; h < 4; ++h)
      for (int w = 0; w < 4; ++w)
        EXPECT_EQ(y_nhwc[static_cast<std::size_t>((h * 4 + w) * 2 + c)],
                  y_nchw[static_cast<std::size_t>(c * 16 + h * 4 + w)]);
}

// Shape inference needs no data.
TEST(Plan, OutputShapeWithoutData) {
  const std::vector<float> s = {1, 1, 1.5f, 0.5f};
  const auto plan = onnx::make_plan("Resize", 19, {{"mode", std::string("cubic")}}, {2, 3, 7, 9}, {{}, s, {}});
  EXPECT_EQ(plan.output_shape(), (nd::dims{2, 3, 10, 4}));  // floor(10.5), floor(4.5)
}

}  // namespace
