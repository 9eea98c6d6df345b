// SPDX-License-Identifier: Apache-2.0
// ndresize::resample and make_resample_plan: any rank and any axes, sizes and scales, element
// types, the plan/execute/workspace/executor machinery, agreement with the ONNX Resize where
// the two coincide, a caller's own filter, and every bad argument → resize_error.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <numeric>
#include <vector>

#include <ndresize/ndresize.hpp>

namespace {

using namespace ndresize;

template <class T>
std::vector<T> iota_values(std::size_t n, double step = 0.37) {
  std::vector<T> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<T>(std::fmod(static_cast<double>(i) * step, 1.0));
  return v;
}

template <class T>
std::vector<T> run(const std::vector<T>& x, const dims& xs, const dims& ys, const filter_kernel& f,
                   const resample_options& o = {}) {
  std::vector<T> y(static_cast<std::size_t>(checked_element_count(ys)));
  resample<T>(tensor_view<const T>(x.data(), xs), tensor_view<T>(y.data(), ys), f, o);
  return y;
}

bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

// Resampling axis 1 of a (4, 11, 3) tensor is resampling each of its 12 lines on its own.
TEST(Resample, OneAxisOfARank3TensorIsItsLines) {
  const dims xs{4, 11, 3}, ys{4, 7, 3};
  const auto x = iota_values<float>(4 * 11 * 3);
  resample_options o;
  o.axes = {1};
  const auto y = run(x, xs, ys, filters::lanczos3, o);
  o.axes = {-2};
  EXPECT_TRUE(same_bits(y, run(x, xs, ys, filters::lanczos3, o)));
  for (index_t a = 0; a < 4; ++a)
    for (index_t c = 0; c < 3; ++c) {
      std::vector<float> line(11);
      for (index_t i = 0; i < 11; ++i)
        line[static_cast<std::size_t>(i)] = x[static_cast<std::size_t>((a * 11 + i) * 3 + c)];
      const auto expected = run(line, dims{11}, dims{7}, filters::lanczos3);
      for (index_t j = 0; j < 7; ++j)
        EXPECT_EQ(y[static_cast<std::size_t>((a * 7 + j) * 3 + c)], expected[static_cast<std::size_t>(j)]);
    }
}

TEST(Resample, ScalesAndSizesAgreeWhereTheScaleIsOutOverIn) {
  const dims xs{12, 10};
  const auto x = iota_values<float>(120);
  const std::vector<double> scales{0.5, 2.0};
  const resize_plan p = make_resample_plan(xs, scales, filters::mitchell);
  EXPECT_EQ(p.output_shape(), (dims{6, 20}));
  const tensor<float> by_scales = execute<float>(p, tensor_view<const float>(x.data(), xs));
  const auto by_sizes = run(x, xs, dims{6, 20}, filters::mitchell);
  EXPECT_EQ(std::memcmp(by_scales.data(), by_sizes.data(), by_sizes.size() * sizeof(float)), 0);
  // floor(in · scale), as ONNX: 10 · 0.25 = 2.5 → 2.
  EXPECT_EQ(make_resample_plan(xs, std::vector<double>{1.0, 0.25}, filters::box).output_shape(), (dims{12, 2}));
}

// Weights sum to 1, so a flat image stays flat in every type, even for kernels whose shifts do
// not sum to 1 (Lanczos, Hamming).
TEST(Resample, FlatStaysFlatInIntegerAndFloatingTypes) {
  const dims xs{9, 8}, ys{4, 13};
  for (const filter_kernel& f : {filters::lanczos3, filters::hamming, filters::area, filters::b_spline}) {
    SCOPED_TRACE(f.name);
    for (std::uint8_t v : run(std::vector<std::uint8_t>(72, 200), xs, ys, f)) EXPECT_EQ(v, 200);
    for (std::int32_t v : run(std::vector<std::int32_t>(72, -70000), xs, ys, f)) EXPECT_EQ(v, -70000);
    for (double v : run(std::vector<double>(72, 0.3), xs, ys, f)) EXPECT_NEAR(v, 0.3, 1e-15);
  }
}

TEST(Resample, DoubleAndFloatAgree) {
  const dims xs{9, 8}, ys{4, 13};
  const auto xf = iota_values<float>(72);
  const std::vector<double> xd(xf.begin(), xf.end());
  const auto yf = run(xf, xs, ys, filters::lanczos3);
  const auto yd = run(xd, xs, ys, filters::lanczos3);
  for (std::size_t i = 0; i < yf.size(); ++i) EXPECT_NEAR(yf[i], yd[i], 2e-6);
}

// Nearest is the gather path: any element type, nearest_mode as in ONNX.
TEST(Resample, NearestGathersAnyType) {
  const std::vector<std::int32_t> x{0, 1, 2, 3, 4, 5};
  // half_pixel 6 → 3: x = 0.5, 2.5, 4.5; round_prefer_floor → 0, 2, 4; round_prefer_ceil → 1, 3, 5.
  EXPECT_EQ(run(x, dims{6}, dims{3}, filters::nearest), (std::vector<std::int32_t>{0, 2, 4}));
  resample_options o;
  o.nearest_mode = enums::nearest_mode::round_prefer_ceil;
  EXPECT_EQ(run(x, dims{6}, dims{3}, filters::nearest, o), (std::vector<std::int32_t>{1, 3, 5}));
  const resize_plan p = make_resample_plan(dims{6}, dims{3}, filters::nearest);
  EXPECT_EQ(p.family(), kernel_family::gather);
  const bool b[6] = {true, false, true, false, true, false};
  bool y[3] = {};
  execute<bool>(p, tensor_view<const bool>(b, dims{6}), tensor_view<bool>(y, dims{3}));
  EXPECT_TRUE(y[0] && y[1] && y[2]);
  // A weighted filter cannot interpolate bool.
  EXPECT_THROW(execute<bool>(make_resample_plan(dims{6}, dims{3}, filters::linear), tensor_view<const bool>(b, dims{6}),
                             tensor_view<bool>(y, dims{3})),
               resize_error);
}

// The plan is an ordinary resize_plan: a reused workspace, an executor and the type-erased
// front door give the same bits.
TEST(Resample, RunsThroughTheSharedMachinery) {
  const dims xs{2, 15, 17}, ys{2, 6, 40};
  const auto x = iota_values<float>(2 * 15 * 17);
  resample_options o;
  o.axes = {1, 2};
  const resize_plan p = make_resample_plan(xs, ys, filters::lanczos3, o);
  EXPECT_EQ(p.context(), "resample");
  const auto plain = run(x, xs, ys, filters::lanczos3, o);
  std::vector<float> y(plain.size());
  workspace ws;
  const executor ex(4, [](index_t n, const std::function<void(index_t)>& body) {
    for (index_t i = n; i-- > 0;) body(i);  // any order
  });
  execute<float>(p, tensor_view<const float>(x.data(), xs), tensor_view<float>(y.data(), ys), ws, ex);
  EXPECT_TRUE(same_bits(plain, y));
  std::fill(y.begin(), y.end(), 0.0f);
  execute(p, any_const_tensor_view(tensor_view<const float>(x.data(), xs)),
          any_tensor_view(tensor_view<float>(y.data(), ys)));
  EXPECT_TRUE(same_bits(plain, y));
}

// Where the semantics coincide, resample and the ONNX Resize build the same tables: antialias
// with the border clamped is Resize antialias = 1; renormalized, also exclude_outside = 1.
TEST(Resample, IsTheOnnxResizeWhereTheyCoincide) {
  const dims xs{13, 17}, ys{5, 30};
  const auto x = iota_values<float>(13 * 17);
  for (int cubic = 0; cubic < 2; ++cubic)
    for (int exclude = 0; exclude < 2; ++exclude) {
      resize_attributes a;
      a.mode = cubic ? enums::mode::cubic : enums::mode::linear;
      a.antialias = 1;
      a.exclude_outside = exclude;
      std::vector<float> onnx_y(5 * 30);
      resize<float>(tensor_view<const float>(x.data(), xs), tensor_view<float>(onnx_y.data(), ys), a);
      resample_options o;
      o.border = exclude ? resample_border::renormalize : resample_border::clamp;
      EXPECT_TRUE(same_bits(run(x, xs, ys, cubic ? filters::cubic() : filters::linear, o), onnx_y))
          << "cubic " << cubic << " exclude_outside " << exclude;
    }
}

// A filter is one entry: a caller's own triangle is ndresize's.
TEST(Resample, ACallersFilterIsOneEntry) {
  constexpr filter_kernel tent{"tent", 1.0, [](double t, double, double) noexcept {
                                 const double x = t < 0 ? -t : t;
                                 return x < 1.0 ? 1.0 - x : 0.0;
                               }};
  const dims xs{7, 9}, ys{12, 4};
  const auto x = iota_values<float>(63);
  EXPECT_TRUE(same_bits(run(x, xs, ys, tent), run(x, xs, ys, filters::linear)));
}

TEST(Resample, AntialiasStretchesWhenShrinkingOnly) {
  const auto x = iota_values<float>(40);
  resample_options off;
  off.antialias = false;
  // Shrinking 40 → 10: 4 taps per output unstretched, 16 stretched (Lanczos 2: support 2 · 4).
  EXPECT_EQ(make_resample_plan(dims{40}, dims{10}, filters::lanczos2, off).table(0).max_taps, 4);
  EXPECT_EQ(make_resample_plan(dims{40}, dims{10}, filters::lanczos2).table(0).max_taps, 16);
  // Growing: the same either way.
  EXPECT_TRUE(
      same_bits(run(x, dims{40}, dims{70}, filters::lanczos2, off), run(x, dims{40}, dims{70}, filters::lanczos2)));
}

void expect_error(error_code code, const std::function<void()>& f, const char* needle) {
  try {
    f();
    ADD_FAILURE() << "no error (expected " << needle << ")";
  } catch (const resize_error& e) {
    EXPECT_EQ(e.code(), code) << e.what();
    EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("resample"), std::string::npos) << e.what();
  }
}

TEST(Resample, BadArgumentsAreResizeErrors) {
  const dims xs{4, 5};
  auto plan = [&](const dims& ys, const resample_options& o, const filter_kernel& f = filters::linear) {
    return [=] { (void)make_resample_plan(xs, ys, f, o); };
  };
  resample_options o;
  expect_error(error_code::invalid_shape, plan(dims{4, 5, 1}, o), "has rank 3");
  expect_error(error_code::invalid_shape, plan(dims{4, -1}, o), "negative extent");
  o.axes = {2};
  expect_error(error_code::invalid_attribute, plan(dims{4, 6}, o), "axis 2 is out of range");
  o.axes = {1, -1};
  expect_error(error_code::invalid_attribute, plan(dims{4, 6}, o), "repeat axis 1");
  o.axes = {1};
  expect_error(error_code::invalid_shape, plan(dims{3, 6}, o), "changes axis 0");
  o = {};
  o.coordinate_transformation_mode = enums::coordinate_transformation_mode::tf_crop_and_resize;
  expect_error(error_code::invalid_attribute, plan(dims{4, 6}, o), "tf_crop_and_resize");
  o = {};
  filter_kernel wide = filters::linear;
  wide.support = std::numeric_limits<double>::infinity();
  expect_error(error_code::invalid_attribute, plan(dims{4, 6}, o, wide), "support");
  expect_error(
      error_code::invalid_shape,
      [] {
        (void)make_resample_plan(dims{0, 3}, dims{2, 3}, filters::box);
      },
      "empty");
  expect_error(
      error_code::invalid_shape, [] { (void)make_resample_plan(dims{}, dims{}, filters::box); }, "rank >= 1");
  expect_error(
      error_code::invalid_input, [&] { (void)make_resample_plan(xs, std::vector<double>{2.0}, filters::box); },
      "1 scales for 2");
  expect_error(
      error_code::invalid_input,
      [&] {
        (void)make_resample_plan(xs, std::vector<double>{2.0, -1.0}, filters::box);
      },
      "must be > 0");
  expect_error(
      error_code::invalid_input,
      [&] {
        (void)make_resample_plan(xs, std::vector<double>{2.0, std::nan("")}, filters::box);
      },
      "must be > 0");
  expect_error(
      error_code::limit_exceeded,
      [&] {
        (void)make_resample_plan(xs, std::vector<double>{1.0, 1e30}, filters::box);
      },
      "output limit");
  plan_limits tight;
  tight.max_table_taps = 100;
  expect_error(
      error_code::limit_exceeded,
      [&] { (void)make_resample_plan(dims{100000}, dims{10}, filters::lanczos3, {}, tight); }, "taps");
  tight = {};
  tight.max_output_elements = 10;
  expect_error(
      error_code::limit_exceeded,
      [&] {
        (void)make_resample_plan(xs, dims{4, 6}, filters::box, {}, tight);
      },
      "limit");
  // The easy call checks Y's rank before reading its extents.
  std::vector<float> x(20), y(20);
  expect_error(
      error_code::invalid_shape,
      [&] {
        resample<float>(tensor_view<const float>(x.data(), xs), tensor_view<float>(y.data(), dims{20}), filters::box);
      },
      "rank");
}

}  // namespace
