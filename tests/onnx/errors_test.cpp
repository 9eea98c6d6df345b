// SPDX-License-Identifier: Apache-2.0
// Every bad input of the core issue: each must throw resize_error whose message names the
// version, the attribute or input, and the bad value, and must leave the output untouched.
#include <gtest/gtest.h>
#include <Eigen/Core>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <ndresize/ndresize.hpp>

namespace nd = ndresize;
namespace onnx = ndresize::onnx;

namespace {

struct bad_case {
  std::string name;
  std::string op;
  int opset;
  onnx::attribute_map attrs;
  std::vector<nd::index_t> x_shape;
  std::vector<double> roi;
  std::vector<float> scales;
  std::vector<std::int64_t> sizes;
  std::vector<std::string> must_mention;  // substrings of the message
  nd::element_type type = nd::element_type::float32;
  std::vector<nd::index_t> y_shape = {};  // default: a 1-element output (never the right one)
};

void PrintTo(const bad_case& c, std::ostream* os) { *os << c.name; }

const float inf = std::numeric_limits<float>::infinity();
const float nan = std::numeric_limits<float>::quiet_NaN();

std::vector<bad_case> bad_cases() {
  using A = onnx::attribute_map;
  const std::vector<nd::index_t> x = {1, 1, 2, 2};
  // One case per line reads as a table:
  // clang-format off
  return {
      {"BothScalesAndSizes", "Resize", 19, {}, x, {}, {1, 1, 2, 2}, {1, 1, 4, 4}, {"Resize-19", "'scales'", "'sizes'", "both"}},
      {"NeitherScalesNorSizes", "Resize", 13, {}, x, {}, {}, {}, {"Resize-13", "neither"}},
      {"ScalesWrongLength", "Resize", 19, {}, x, {}, {2, 2}, {}, {"Resize-19", "'scales'", "2 values", "expected 4"}},
      {"SizesWrongLength", "Resize", 18, {}, x, {}, {}, {4, 4, 4}, {"Resize-18", "'sizes'", "3 values"}},
      {"ScalesLengthVsAxes", "Resize", 18, A{{"axes", std::vector<std::int64_t>{2, 3}}}, x, {}, {1, 1, 2, 2}, {}, {"'scales'", "length of 'axes'"}},
      {"ScaleZero", "Resize", 19, {}, x, {}, {1, 1, 0, 2}, {}, {"Resize-19", "scales[2] = 0", "> 0"}},
      {"ScaleNegative", "Resize", 11, {}, x, {}, {1, 1, -2, 2}, {}, {"Resize-11", "scales[2] = -2"}},
      {"UpsampleScaleBelowOne", "Upsample", 9, {}, x, {}, {1, 1, 0.5f, 2}, {}, {"Upsample-9", "scales[2] = 0.5", ">= 1"}},
      {"Upsample7ScaleBelowOne", "Upsample", 7, A{{"scales", std::vector<float>{1, 1, 0.5f, 1}}}, x, {}, {}, {}, {"Upsample-7", "attribute 'scales'", "0.5"}},
      {"Upsample7MissingScales", "Upsample", 7, {}, x, {}, {}, {}, {"Upsample-7", "'scales'", "required"}},
      {"NegativeSize", "Resize", 19, {}, x, {}, {}, {1, 1, -3, 4}, {"Resize-19", "sizes[2] = -3", "negative"}},
      {"NanScale", "Resize", 19, {}, x, {}, {1, 1, nan, 2}, {}, {"Resize-19", "scales[2] = nan", "not finite"}},
      {"InfScale", "Resize", 10, {}, x, {}, {1, 1, 2, inf}, {}, {"Resize-10", "scales[3] = inf", "not finite"}},
      {"RoiWrongLength", "Resize", 19, A{{"coordinate_transformation_mode", std::string("tf_crop_and_resize")}}, x, {0, 0, 1, 1}, {}, {1, 1, 3, 3},
       {"Resize-19", "'roi'", "4 values", "expected 2 x 4"}},
      {"RoiNotFinite", "Resize", 13, A{{"coordinate_transformation_mode", std::string("tf_crop_and_resize")}}, x, {0, 0, 0, 0, 1, 1, 1, NAN}, {}, {1, 1, 3, 3},
       {"Resize-13", "'roi'", "roi[7] = nan"}},
      {"UnknownMode", "Resize", 19, A{{"mode", std::string("bilinear")}}, x, {}, {1, 1, 2, 2}, {}, {"Resize-19", "'mode'", "'bilinear'"}},
      {"UnknownCoordinateMode", "Resize", 19, A{{"coordinate_transformation_mode", std::string("corner")}}, x, {}, {1, 1, 2, 2}, {},
       {"Resize-19", "'coordinate_transformation_mode'", "'corner'"}},
      {"UnknownNearestMode", "Resize", 11, A{{"nearest_mode", std::string("round")}}, x, {}, {1, 1, 2, 2}, {}, {"Resize-11", "'nearest_mode'", "'round'"}},
      {"UnknownKeepAspectRatioPolicy", "Resize", 18, A{{"keep_aspect_ratio_policy", std::string("fit")}}, x, {}, {}, {1, 1, 3, 3},
       {"Resize-18", "'keep_aspect_ratio_policy'", "'fit'"}},
      {"CubicInResize10", "Resize", 10, A{{"mode", std::string("cubic")}}, x, {}, {1, 1, 2, 2}, {}, {"Resize-10", "cubic"}},
      {"HalfPixelSymmetricInResize18", "Resize", 18, A{{"coordinate_transformation_mode", std::string("half_pixel_symmetric")}}, x, {}, {1, 1, 2, 2}, {},
       {"Resize-18", "half_pixel_symmetric"}},
      {"TfHalfPixelForNnInResize13", "Resize", 13, A{{"coordinate_transformation_mode", std::string("tf_half_pixel_for_nn")}}, x, {}, {1, 1, 2, 2}, {},
       {"Resize-13", "tf_half_pixel_for_nn"}},
      {"AntialiasInResize13", "Resize", 13, A{{"antialias", std::int64_t{1}}, {"mode", std::string("linear")}}, x, {}, {1, 1, 2, 2}, {},
       {"Resize-13", "'antialias'", "does not exist"}},
      {"AxesInResize11", "Resize", 11, A{{"axes", std::vector<std::int64_t>{2, 3}}}, x, {}, {2, 2}, {}, {"Resize-11", "'axes'", "does not exist"}},
      {"CoordinateModeInResize10", "Resize", 10, A{{"coordinate_transformation_mode", std::string("half_pixel")}}, x, {}, {1, 1, 2, 2}, {},
       {"Resize-10", "'coordinate_transformation_mode'", "does not exist"}},
      {"ExtrapolationInUpsample9", "Upsample", 9, A{{"extrapolation_value", 1.0f}}, x, {}, {1, 1, 2, 2}, {}, {"Upsample-9", "'extrapolation_value'"}},
      {"ScalesInputInUpsample7", "Upsample", 7, A{{"scales", std::vector<float>{1, 1, 2, 2}}}, x, {}, {1, 1, 2, 2}, {}, {"Upsample-7", "input 'scales'"}},
      {"AntialiasWithNearest", "Resize", 18, A{{"antialias", std::int64_t{1}}}, x, {}, {1, 1, 0.5f, 0.5f}, {}, {"Resize-18", "'antialias'", "nearest"}},
      {"AntialiasNotBoolean", "Resize", 19, A{{"antialias", std::int64_t{2}}, {"mode", std::string("linear")}}, x, {}, {1, 1, 2, 2}, {},
       {"Resize-19", "'antialias' = 2"}},
      {"ExcludeOutsideNotBoolean", "Resize", 19, A{{"exclude_outside", std::int64_t{-1}}}, x, {}, {1, 1, 2, 2}, {}, {"Resize-19", "'exclude_outside' = -1"}},
      {"AttributeWrongType", "Resize", 19, A{{"mode", std::int64_t{1}}}, x, {}, {1, 1, 2, 2}, {}, {"Resize-19", "'mode'", "STRING", "INT"}},
      {"UnknownAttribute", "Resize", 19, A{{"scale_factor", 2.0f}}, x, {}, {1, 1, 2, 2}, {}, {"Resize-19", "'scale_factor'", "does not exist"}},
      {"AxesRepeated", "Resize", 18, A{{"axes", std::vector<std::int64_t>{2, -2}}}, x, {}, {2, 2}, {}, {"Resize-18", "'axes'", "repeats axis 2"}},
      {"AxesOutOfRange", "Resize", 19, A{{"axes", std::vector<std::int64_t>{4}}}, x, {}, {2}, {}, {"Resize-19", "'axes'", "4", "[-4, 3]"}},
      {"AxesNegativeOutOfRange", "Resize", 19, A{{"axes", std::vector<std::int64_t>{-5}}}, x, {}, {2}, {}, {"Resize-19", "'axes'", "-5"}},
      {"AxesEmpty", "Resize", 19, A{{"axes", std::vector<std::int64_t>{}}}, x, {}, {}, {}, {"Resize-19", "'axes'", "empty"}},
      {"LinearOnBool", "Resize", 19, A{{"mode", std::string("linear")}}, x, {}, {1, 1, 2, 2}, {}, {"Resize-19", "bool"}, nd::element_type::bool_,
       {1, 1, 4, 4}},
      {"CubicOnString", "Resize", 13, A{{"mode", std::string("cubic")}}, x, {}, {1, 1, 2, 2}, {}, {"Resize-13", "string"}, nd::element_type::string,
       {1, 1, 4, 4}},
      {"Bfloat16InResize11", "Resize", 11, {}, x, {}, {1, 1, 2, 2}, {}, {"Resize-11", "bfloat16"}, nd::element_type::bfloat16, {1, 1, 4, 4}},
      {"OutputViewWrongShape", "Resize", 19, {}, x, {}, {1, 1, 2, 2}, {}, {"Resize-19", "'Y'", "[1, 1, 4, 5]", "[1, 1, 4, 4]"},
       nd::element_type::float32, {1, 1, 4, 5}},
      {"OutputCountOverflows", "Resize", 19, {}, {1 << 20, 1 << 20, 2, 2}, {}, {}, {1 << 30, 1 << 30, 1 << 30, 1 << 30}, {"Resize-19", "limit"}},
      {"ScaleMakesHugeAxis", "Resize", 19, {}, x, {}, {1, 1, 1e30f, 1}, {}, {"Resize-19", "scales[2] = 1e+30", "limit"}},
      {"EmptyAxisCannotGrow", "Resize", 19, {}, {1, 0, 2}, {}, {}, {1, 3, 2}, {"Resize-19", "axis 1", "empty"}},
      {"ScalarInput", "Resize", 19, {}, {}, {}, {}, {}, {"Resize-19", "rank"}},
      {"ResizeBeforeOpset10", "Resize", 9, {}, x, {}, {1, 1, 2, 2}, {}, {"Resize", "opset 9"}},
      {"UpsampleAfterOpset9", "Upsample", 10, {}, x, {}, {1, 1, 2, 2}, {}, {"Upsample", "opset 10", "deprecated"}},
      {"UnknownOperator", "Resample", 13, {}, x, {}, {1, 1, 2, 2}, {}, {"Resample"}},
  };
  // clang-format on
}

class BadInput : public ::testing::TestWithParam<bad_case> {};

// The output buffer holds a canary pattern that must survive the failed call.
template <class T>
void expect_rejected(const bad_case& c) {
  const nd::dims xs{std::span<const nd::index_t>(c.x_shape)};
  const auto nx = std::max<nd::index_t>(nd::checked_element_count(xs), 0);
  std::vector<T> x(static_cast<std::size_t>(std::min<nd::index_t>(nx, 64)));
  const std::vector<nd::index_t> ys = c.y_shape.empty() ? std::vector<nd::index_t>(c.x_shape.size(), 1) : c.y_shape;
  const nd::dims yd{std::span<const nd::index_t>(ys)};
  const auto ny = static_cast<std::size_t>(nd::checked_element_count(yd));
  std::vector<T> y(ny);
  for (std::size_t i = 0; i < ny; ++i) {
    if constexpr (std::is_same_v<T, std::string>)
      y[i] = "canary" + std::to_string(i);
    else
      y[i] = T(static_cast<float>(i % 2 == 0));
  }
  const std::vector<T> canary = y;
  const onnx::resize_inputs in{c.roi, c.scales, c.sizes};
  // Huge shapes have no real data: the call must fail while planning, before touching X.
  const nd::any_const_tensor_view xv(nd::element_traits<T>::type, x.data(), xs);
  const nd::any_tensor_view yv(nd::element_traits<T>::type, y.data(), yd);
  // The non-throwing front door reports the very error the throwing one throws.
  const nd::status tried = onnx::try_compute(c.op, c.opset, c.attrs, xv, in, yv);
  ASSERT_FALSE(tried.ok());
  EXPECT_TRUE(y == canary) << "output was modified";
  try {
    onnx::compute(c.op, c.opset, c.attrs, xv, in, yv);
    ADD_FAILURE() << "no exception";
  } catch (const nd::resize_error& e) {
    const std::string msg = e.what();
    for (const auto& s : c.must_mention)
      EXPECT_NE(msg.find(s), std::string::npos) << "'" << s << "' missing from: " << msg;
    EXPECT_EQ(msg, tried.error().message);
    EXPECT_EQ(e.code(), tried.error().code);
    ::testing::Test::RecordProperty("message", msg);
  }
  EXPECT_TRUE(y == canary) << "output was modified";
}

TEST_P(BadInput, ThrowsNamingTheCulpritAndLeavesOutputUntouched) {
  const auto& c = GetParam();
  switch (c.type) {
    case nd::element_type::bool_: {
      // std::vector<bool> has no data(): use a byte buffer reinterpreted as bool.
      const nd::dims xs{std::span<const nd::index_t>(c.x_shape)};
      const nd::dims yd{std::span<const nd::index_t>(c.y_shape)};
      std::unique_ptr<bool[]> x(new bool[4]()), y(new bool[16]());
      for (int i = 0; i < 16; ++i) y[i] = i % 3 == 0;
      const nd::status tried = onnx::try_compute(c.op, c.opset, c.attrs, nd::any_const_tensor_view(c.type, x.get(), xs),
                                                 {c.roi, c.scales, c.sizes}, nd::any_tensor_view(c.type, y.get(), yd));
      ASSERT_FALSE(tried.ok());
      try {
        onnx::compute(c.op, c.opset, c.attrs, nd::any_const_tensor_view(c.type, x.get(), xs),
                      {c.roi, c.scales, c.sizes}, nd::any_tensor_view(c.type, y.get(), yd));
        ADD_FAILURE() << "no exception";
      } catch (const nd::resize_error& e) {
        for (const auto& s : c.must_mention) EXPECT_NE(std::string(e.what()).find(s), std::string::npos) << e.what();
        EXPECT_EQ(std::string(e.what()), tried.error().message);
      }
      for (int i = 0; i < 16; ++i) EXPECT_EQ(y[i], i % 3 == 0);
      break;
    }
    case nd::element_type::string: expect_rejected<std::string>(c); break;
    case nd::element_type::bfloat16: expect_rejected<Eigen::bfloat16>(c); break;
    default: expect_rejected<float>(c); break;
  }
}

INSTANTIATE_TEST_SUITE_P(Onnx, BadInput, ::testing::ValuesIn(bad_cases()), [](const auto& p) { return p.param.name; });

TEST(ResizeError, IsInvalidArgumentWithCode) {
  try {
    (void)onnx::version_for("Resize", 3);
    FAIL();
  } catch (const std::invalid_argument& e) {
    const auto* re = dynamic_cast<const nd::resize_error*>(&e);
    ASSERT_NE(re, nullptr);
    EXPECT_EQ(re->code(), nd::error_code::invalid_attribute);
    EXPECT_EQ(std::string(e.what()).rfind("ndresize: invalid_attribute: ", 0), 0u) << e.what();
  }
}

TEST(TypedApi, WrongInputShapeForPlan) {
  float x[6] = {}, y[4] = {1, 2, 3, 4};
  const auto plan = nd::make_plan({1, 4}, {}, {{}, {}, std::vector<std::int64_t>{1, 4}});
  EXPECT_THROW(nd::execute<float>(plan, nd::tensor_view<const float>(x, {1, 6}), nd::tensor_view<float>(y, {1, 4})),
               nd::resize_error);
  EXPECT_EQ(y[3], 4);
}

TEST(TypedApi, AttributeStructRejectsMembersOutsideTheVersion) {
  nd::resize_attributes a;
  a.antialias = 1;
  a.mode = nd::enums::mode::linear;
  float x[4] = {1, 2, 3, 4}, y[16] = {};
  const std::vector<float> s = {1, 1, 2, 2};
  try {
    nd::onnx::resize_13<float>(nd::tensor_view<const float>(x, {1, 1, 2, 2}), nd::tensor_view<float>(y, {1, 1, 4, 4}),
                               a, {}, s);
    FAIL();
  } catch (const nd::resize_error& e) {
    EXPECT_NE(std::string(e.what()).find("Resize-13: attribute 'antialias' does not exist"), std::string::npos)
        << e.what();
  }
  EXPECT_EQ(y[0], 0.0f);
}

}  // namespace
