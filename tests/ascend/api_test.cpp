// SPDX-License-Identifier: Apache-2.0
// ResizeUpsampleTrilinear: the coordinate rule proven at compile time, the tap tables and plan
// it builds, hand-derived results (trilinear interpolation reproduces a function that is
// linear in each axis exactly), the attribute parser, every error the operator's boundary
// reports, and the agreement of the API forms (typed, type-erased, runtime, plan reuse: bit for
// bit) and of the layouts (NCDHW, NDHWC: up to rounding order).
#include <gtest/gtest.h>
#include <Eigen/Core>

#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include <ndresize/ascend/upsample_trilinear3d.hpp>
#include <ndresize/ndresize.hpp>

#include "ascend/ascend_test_support.hpp"

namespace {

using namespace ascend_test;
namespace ascend = ndresize::ascend;
using ascend::linear_taps;
using ascend::upsample_trilinear3d_attributes;
using ndresize::error_code;
using ndresize::resize_error;
using ndresize::onnx::attribute_map;

// ---- the coordinate rule, at compile time (values worked out by hand from the formulas) ----

// scale_x: align_corners (in-1)/(out-1); else 1/scales_x when > 0; else in/out
static_assert(ascend::coordinate_scale(4, 8, false, std::nullopt) == 0.5);
static_assert(ascend::coordinate_scale(4, 8, false, 4.0) == 0.25);
static_assert(ascend::coordinate_scale(4, 8, false, -1.0) == 0.5);  // not > 0: as if absent
static_assert(ascend::coordinate_scale(4, 8, false, 0.0) == 0.5);
static_assert(ascend::coordinate_scale(5, 9, true, 4.0) == 0.5);           // align_corners ignores scales
static_assert(ascend::coordinate_scale(5, 1, true, std::nullopt) == 0.0);  // PyTorch: out = 1 → 0
// x': align_corners x·scale; else max(0, (x + 0.5)·scale - 0.5)
static_assert(ascend::source_coordinate(0, 0.5, false) == 0.0);  // -0.25 clamps to 0
static_assert(ascend::source_coordinate(3, 0.5, false) == 1.25);
static_assert(ascend::source_coordinate(3, 0.5, true) == 1.5);
// taps: i0 = floor(x'), i1 = min(i0 + 1, in - 1), lambda1 = x' - i0, lambda0 = 1 - lambda1
static_assert(ascend::source_taps(3, 4, 8, 0.5, false) == linear_taps{1, 2, 0.75, 0.25});
static_assert(ascend::source_taps(1, 4, 8, 0.5, false) == linear_taps{0, 1, 0.75, 0.25});
static_assert(ascend::source_taps(7, 4, 8, 0.5, false) == linear_taps{3, 3, 1.0, 0.0});  // x' = 3.25
static_assert(ascend::source_taps(2, 5, 9, 0.5, true) == linear_taps{1, 2, 1.0, 0.0});   // x' = 1
static_assert(ascend::source_taps(8, 5, 9, 0.5, true) == linear_taps{4, 4, 1.0, 0.0});   // the corner
// out = in copies, whatever the scale says
static_assert(ascend::source_taps(2, 5, 5, 0.3, false) == linear_taps{2, 2, 1.0, 0.0});
// a user scale can send x' past the input: the last input, weight 1
static_assert(ascend::source_taps(5, 3, 6, 10.0, false) == linear_taps{2, 2, 1.0, 0.0});

// ---- helpers ----

upsample_trilinear3d_attributes with_size(std::vector<std::int64_t> size, bool align_corners = false) {
  upsample_trilinear3d_attributes a;
  a.output_size = std::move(size);
  a.align_corners = align_corners;
  return a;
}

upsample_trilinear3d_attributes with_scales(double d, double h, double w, bool align_corners = false) {
  upsample_trilinear3d_attributes a;
  a.scales_d = d;
  a.scales_h = h;
  a.scales_w = w;
  a.align_corners = align_corners;
  return a;
}

/// A grid whose value at (n, c, d, h, w) is f(n, c, d, h, w).
template <class F>
grid make_grid(std::array<index_t, 5> e, F f) {
  grid g;
  g.e = e;
  g.v.resize(static_cast<std::size_t>(e[0] * e[1] * e[2] * e[3] * e[4]));
  for (index_t n = 0; n < e[0]; ++n)
    for (index_t c = 0; c < e[1]; ++c)
      for (index_t d = 0; d < e[2]; ++d)
        for (index_t h = 0; h < e[3]; ++h)
          for (index_t w = 0; w < e[4]; ++w)
            g.v[static_cast<std::size_t>(g.offset(n, c, d, h, w))] =
                f(double(n), double(c), double(d), double(h), double(w));
  return g;
}

/// Runs the typed API in double and returns the output as a grid.
grid run(const grid& x, const upsample_trilinear3d_attributes& a, layout l = layout::ncdhw) {
  const auto in = store_as<double>(l, x);
  const auto out_shape = ascend::make_plan(x.extents(), a).output_shape();
  auto out = make_stored<double>(l, out_shape, std::nan(""));
  ascend::upsample_trilinear3d<double>(in.cview(), out.view(), a);
  return load_grid(out);
}

/// Expects `f` to throw resize_error with code `c` and a message holding every one of `parts`.
template <class F>
void expect_error(F&& f, error_code c, std::vector<std::string> parts) {
  try {
    f();
    ADD_FAILURE() << "no resize_error thrown";
  } catch (const resize_error& e) {
    EXPECT_EQ(e.code(), c) << e.what();
    const std::string what = e.what();
    EXPECT_NE(what.find("ResizeUpsampleTrilinear"), std::string::npos) << what;
    for (const auto& p : parts) EXPECT_NE(what.find(p), std::string::npos) << "'" << p << "' not in: " << what;
  }
}

// ---- plan and tables ----

TEST(AscendPlan, BuildsTwoTapTablesAndIdentityBatchAndChannelAxes) {
  const auto plan = ascend::make_plan({2, 3, 4, 5, 6}, with_size({8, 5, 3}));
  EXPECT_EQ(plan.context(), "ResizeUpsampleTrilinear");
  EXPECT_EQ(plan.family(), ndresize::kernel_family::weighted);
  EXPECT_EQ(plan.output_shape(), (dims{2, 3, 8, 5, 3}));
  EXPECT_TRUE(plan.table(0).is_identity());
  EXPECT_TRUE(plan.table(1).is_identity());
  EXPECT_TRUE(plan.table(3).is_identity());                // H: 5 → 5 is copied
  EXPECT_EQ(plan.pass_order(), (std::vector<int>{4, 2}));  // the shrinking axis first
  // D: 4 → 8, scale 0.5, x' = max(0, (x + 0.5)/2 - 0.5)
  const auto& t = plan.table(2);
  EXPECT_EQ(t.in, 4);
  EXPECT_EQ(t.out, 8);
  EXPECT_EQ(t.max_taps, 2);
  EXPECT_FALSE(t.has_outside());
  // x = 0: x' = 0 → one tap (the zero weight is dropped); x = 1: x' = 0.25; x = 7: x' = 3.25 → last
  EXPECT_EQ(t.tap_begin[0], 0);
  EXPECT_EQ(t.tap_begin[1], 1);
  EXPECT_EQ(t.tap_index[0], 0);
  EXPECT_EQ(t.tap_weight[0], 1.0);
  EXPECT_EQ(t.tap_begin[2], 3);
  EXPECT_EQ(t.tap_index[1], 0);
  EXPECT_EQ(t.tap_weight[1], 0.75);
  EXPECT_EQ(t.tap_index[2], 1);
  EXPECT_EQ(t.tap_weight[2], 0.25);
  EXPECT_EQ(t.tap_begin[8] - t.tap_begin[7], 1);
  EXPECT_EQ(t.tap_index[static_cast<std::size_t>(t.tap_begin[7])], 3);
  EXPECT_EQ(t.tap_weight[static_cast<std::size_t>(t.tap_begin[7])], 1.0);
  for (std::size_t q = 0; q < t.tap_weight.size(); ++q)
    EXPECT_EQ(t.tap_weight_f[q], static_cast<float>(t.tap_weight[q]));
}

TEST(AscendPlan, OutputExtentsAreFloorOfInputTimesScale) {
  // floor(3 · 1.7) = 5, floor(5 · 0.5) = 2, floor(7 · 1.0) = 7
  EXPECT_EQ(ascend::make_plan({1, 2, 3, 5, 7}, with_scales(1.7, 0.5, 1.0)).output_shape(), (dims{1, 2, 5, 2, 7}));
  // output_size wins over scales for the extents
  auto a = with_size({4, 4, 4});
  a.scales_d = a.scales_h = a.scales_w = 10.0;
  EXPECT_EQ(ascend::make_plan({1, 1, 2, 2, 2}, a).output_shape(), (dims{1, 1, 4, 4, 4}));
}

// ---- hand-derived values ----

TEST(AscendValues, OneAxisByHand) {
  // W: [0, 10] → 4 outputs. half-pixel: x' = 0, 0.25, 0.75, 1.25 (→ last) gives 0, 2.5, 7.5, 10;
  // align_corners: x' = 0, 1/3, 2/3, 1 gives 0, 10/3, 20/3, 10.
  const grid x = make_grid({1, 1, 1, 1, 2}, [](double, double, double, double, double w) { return 10 * w; });
  EXPECT_EQ(run(x, with_size({1, 1, 4})).v, (std::vector<double>{0, 2.5, 7.5, 10}));
  const auto ac = run(x, with_size({1, 1, 4}, true)).v;
  for (int i = 0; i < 4; ++i) EXPECT_NEAR(ac[static_cast<std::size_t>(i)], 10.0 * i / 3, 1e-14);
}

TEST(AscendValues, ReproducesAFunctionLinearInEachAxis) {
  // f = 100 n + 50 c + 7 d - 3 h + 2 w + d·h·w is linear in each axis, so trilinear
  // interpolation returns f at (x', y', z') exactly, with x' from the formula of each axis.
  auto f = [](double n, double c, double d, double h, double w) {
    return 100 * n + 50 * c + 7 * d - 3 * h + 2 * w + d * h * w;
  };
  const grid x = make_grid({2, 2, 3, 4, 5}, f);
  for (bool ac : {false, true}) {
    const std::array<index_t, 3> in{3, 4, 5}, out{5, 7, 3};
    const grid y = run(x, with_size({out[0], out[1], out[2]}, ac));
    auto src = [&](int k, index_t j) {
      const double s = ac ? double(in[k] - 1) / double(out[k] - 1) : double(in[k]) / double(out[k]);
      const double xs = ac ? double(j) * s : std::max(0.0, (double(j) + 0.5) * s - 0.5);
      return std::min(xs, double(in[k] - 1));
    };
    for (index_t n = 0; n < 2; ++n)
      for (index_t c = 0; c < 2; ++c)
        for (index_t d = 0; d < out[0]; ++d)
          for (index_t h = 0; h < out[1]; ++h)
            for (index_t w = 0; w < out[2]; ++w)
              EXPECT_NEAR(y.at(n, c, d, h, w), f(double(n), double(c), src(0, d), src(1, h), src(2, w)), 1e-12)
                  << "align_corners " << ac << " at " << d << "," << h << "," << w;
  }
}

TEST(AscendValues, ScalesGivenWithOutputSizeSetTheCoordinateScale) {
  // W: [0, 1] → output_size 4 with scales_w = 4: scale 1/4, x' = max(0, (x + 0.5)/4 - 0.5)
  // = 0, 0, 0.125, 0.375 (PyTorch's rule). Without scales_w: scale 2/4, x' = 0, 0.25, 0.75, 1.
  const grid x = make_grid({1, 1, 1, 1, 2}, [](double, double, double, double, double w) { return w; });
  auto a = with_size({1, 1, 4});
  a.scales_w = 4.0;
  EXPECT_EQ(run(x, a).v, (std::vector<double>{0, 0, 0.125, 0.375}));
  // a scale that is not > 0 (or NaN) is ignored when output_size is given
  for (double bad : {0.0, -2.0, std::nan("")}) {
    a.scales_w = bad;
    EXPECT_EQ(run(x, a).v, (std::vector<double>{0, 0.25, 0.75, 1})) << bad;
  }
}

TEST(AscendValues, OutputExtentOne) {
  // in = 4 → out = 1. align_corners: scale 0, reads V[0]. Otherwise x' = 0.5·4 - 0.5 = 1.5.
  const grid x = make_grid({1, 1, 1, 1, 4}, [](double, double, double, double, double w) { return w * w; });
  EXPECT_EQ(run(x, with_size({1, 1, 1}, true)).v, (std::vector<double>{0}));
  EXPECT_EQ(run(x, with_size({1, 1, 1})).v, (std::vector<double>{2.5}));  // (1 + 4) / 2
}

TEST(AscendValues, GridPositionsReadOneInputSoNaNDoesNotLeak) {
  // align_corners 3 → 5 along W: outputs 0, 2, 4 lie on inputs 0, 1, 2 and read them alone
  // (zero weights are dropped), so a NaN at input 1 reaches outputs 1, 2, 3 only.
  grid x = make_grid({1, 1, 1, 1, 3}, [](double, double, double, double, double w) { return w + 1; });
  x.v[1] = std::nan("");
  const auto y = run(x, with_size({1, 1, 5}, true)).v;
  EXPECT_EQ(y[0], 1.0);
  EXPECT_TRUE(std::isnan(y[1]) && std::isnan(y[2]) && std::isnan(y[3]));
  EXPECT_EQ(y[4], 3.0);
}

TEST(AscendValues, EmptyBatchIsAnEmptyOutput) {
  const auto plan = ascend::make_plan({0, 3, 2, 2, 2}, with_size({4, 4, 4}));
  EXPECT_EQ(plan.output_shape(), (dims{0, 3, 4, 4, 4}));
  std::vector<float> x, y;
  ascend::upsample_trilinear3d<float>({x.data(), dims{0, 3, 2, 2, 2}}, {y.data(), dims{0, 3, 4, 4, 4}},
                                      with_size({4, 4, 4}));
}

// ---- API forms and layouts agree ----

TEST(AscendApi, TypedTypeErasedRuntimeAndPlanReuseAgreeBitForBitAndLayoutsAgree) {
  const grid x = make_grid({2, 3, 4, 5, 6}, [](double n, double c, double d, double h, double w) {
    return std::sin(n + 2 * c + 3 * d + 5 * h + 7 * w) * 10;
  });
  auto a = with_scales(1.5, 0.6, 2.0);
  const dims out_shape{2, 3, 6, 3, 12};
  auto check = [&](auto tag) {
    using T = decltype(tag);
    const auto in = store_as<T>(layout::ncdhw, x);
    auto typed = make_stored<T>(layout::ncdhw, out_shape, T(0));
    ascend::upsample_trilinear3d<T>(in.cview(), typed.view(), a);
    // NDHWC in and out
    const auto in_last = store_as<T>(layout::ndhwc, x);
    auto last = make_stored<T>(layout::ndhwc, out_shape, T(0));
    ascend::upsample_trilinear3d<T>(in_last.cview(), last.view(), a);
    // type-erased
    auto erased = make_stored<T>(layout::ncdhw, out_shape, T(0));
    ascend::upsample_trilinear3d(ndresize::any_const_tensor_view(in.cview()), ndresize::any_tensor_view(erased.view()),
                                 a);
    // runtime: attribute map (FLOAT32 attributes: these scales are exact in float)
    const attribute_map attrs{
        {"scales_d", 1.5f}, {"scales_h", 0.6f}, {"scales_w", std::int64_t{2}}, {"align_corners", std::int64_t{0}}};
    a.scales_h = static_cast<double>(0.6f);
    auto typed_f = make_stored<T>(layout::ncdhw, out_shape, T(0));
    ascend::upsample_trilinear3d<T>(in.cview(), typed_f.view(), a);
    auto runtime = make_stored<T>(layout::ncdhw, out_shape, T(0));
    ascend::compute(attrs, ndresize::any_const_tensor_view(in.cview()), ndresize::any_tensor_view(runtime.view()));
    // returned tensor, and one plan reused through execute with a workspace
    const auto returned = ascend::upsample_trilinear3d<T>(in.cview(), a);
    const auto plan = ascend::make_plan(x.extents(), a);
    ndresize::workspace ws;
    auto reused = make_stored<T>(layout::ncdhw, out_shape, T(0));
    ndresize::execute<T>(plan, in.cview(), reused.view(), ws);
    ndresize::execute<T>(plan, in.cview(), reused.view(), ws);
    a.scales_h = 0.6;
    const grid g_typed = load_grid(typed), g_last = load_grid(last), g_erased = load_grid(erased);
    const grid g_typed_f = load_grid(typed_f), g_runtime = load_grid(runtime), g_reused = load_grid(reused);
    // Layouts: the kernels may fuse or order passes by stride, so the sums may round in
    // another order: equal up to the type's rounding (both match the formula in every layout).
    ASSERT_EQ(g_last.v.size(), g_typed.v.size());
    for (std::size_t i = 0; i < g_typed.v.size(); ++i) {
      const double v = g_typed.v[i];
      const double tolerance = std::is_same_v<T, double>  ? 1e-12
                               : std::is_same_v<T, float> ? 1e-5
                                                          : ulp_of<T>(v) + 1e-5;
      EXPECT_NEAR(g_last.v[i], v, tolerance) << "element " << i;
    }
    EXPECT_EQ(g_erased.v, g_typed.v);
    EXPECT_EQ(g_runtime.v, g_typed_f.v);
    EXPECT_EQ(g_reused.v, g_typed_f.v);
    ASSERT_EQ(returned.extents(), out_shape);
    for (std::size_t i = 0; i < g_typed_f.v.size(); ++i)
      EXPECT_EQ(static_cast<double>(returned[static_cast<index_t>(i)]), g_typed_f.v[i]);
  };
  check(float{});
  check(double{});
  check(Eigen::half{});
  check(Eigen::bfloat16{});
}

TEST(AscendApi, NdhwcStrides) {
  // physical order N, D, H, W, C
  EXPECT_EQ(ascend::ndhwc_strides({2, 3, 4, 5, 6}), (dims{360, 1, 90, 18, 3}));
}

TEST(AscendApi, ParsesTheAttributeMap) {
  const attribute_map attrs{{"output_size", std::vector<std::int64_t>{4, 5, 6}},
                            {"scales_d", 2.5f},
                            {"scales_h", std::int64_t{3}},
                            {"align_corners", std::int64_t{1}}};
  const auto a = ascend::parse_attributes(attrs);
  ASSERT_TRUE(a.output_size.has_value());
  EXPECT_EQ(*a.output_size, (std::vector<std::int64_t>{4, 5, 6}));
  EXPECT_EQ(a.scales_d, 2.5);
  EXPECT_EQ(a.scales_h, 3.0);
  EXPECT_FALSE(a.scales_w.has_value());
  EXPECT_TRUE(a.align_corners);
  EXPECT_FALSE(ascend::parse_attributes({}).align_corners);  // default false
}

// ---- errors ----

// One call per line reads as a table:
// clang-format off
TEST(AscendErrors, AttributeMap) {
  expect_error([] { ascend::parse_attributes({{"mode", std::string("linear")}}); }, error_code::invalid_attribute, {"'mode'", "does not exist"});
  expect_error([] { ascend::parse_attributes({{"align_corners", std::int64_t{2}}}); }, error_code::invalid_attribute, {"'align_corners'", "2"});
  expect_error([] { ascend::parse_attributes({{"align_corners", 1.0f}}); }, error_code::invalid_attribute, {"'align_corners'", "INT"});
  expect_error([] { ascend::parse_attributes({{"output_size", std::vector<float>{2, 2, 2}}}); }, error_code::invalid_attribute,
               {"'output_size'", "INTS", "FLOATS"});
  expect_error([] { ascend::parse_attributes({{"scales_w", std::string("2")}}); }, error_code::invalid_attribute, {"'scales_w'", "FLOAT"});
}
// clang-format on

TEST(AscendErrors, ShapesAndAttributeValues) {
  auto plan = [](dims shape, upsample_trilinear3d_attributes a) { return [=] { (void)ascend::make_plan(shape, a); }; };
  expect_error(plan({1, 4, 4, 4}, with_size({2, 2, 2})), error_code::invalid_shape, {"rank 4", "[1, 4, 4, 4]"});
  expect_error(plan({1, 1, 1, 4, 4, 4}, with_size({2, 2, 2})), error_code::invalid_shape, {"rank 6"});
  expect_error(plan({1, 1, 4, 0, 4}, with_size({2, 2, 2})), error_code::invalid_shape, {"H = 0", "[1, 1, 4, 0, 4]"});
  expect_error(plan({1, -1, 4, 4, 4}, with_size({2, 2, 2})), error_code::invalid_shape, {"negative"});
  expect_error(plan({1, 1, 4, 4, 4}, with_size({2, 2})), error_code::invalid_attribute,
               {"'output_size'", "[2, 2]", "3 values"});
  expect_error(plan({1, 1, 4, 4, 4}, with_size({2, 0, 2})), error_code::invalid_attribute,
               {"'output_size'", "output_size[1] = 0"});
  expect_error(plan({1, 1, 4, 4, 4}, with_size({2, 2, -3})), error_code::invalid_attribute, {"output_size[2] = -3"});
  expect_error(plan({1, 1, 4, 4, 4}, {}), error_code::invalid_attribute, {"'output_size'", "'scales_d'"});
  upsample_trilinear3d_attributes two;
  two.scales_d = two.scales_h = 2.0;
  expect_error(plan({1, 1, 4, 4, 4}, two), error_code::invalid_attribute, {"'scales_w'", "W"});
  expect_error(plan({1, 1, 4, 4, 4}, with_scales(2, -2, 2)), error_code::invalid_attribute, {"'scales_h' = -2", "> 0"});
  expect_error(plan({1, 1, 4, 4, 4}, with_scales(0, 2, 2)), error_code::invalid_attribute, {"'scales_d' = 0"});
  expect_error(plan({1, 1, 4, 4, 4}, with_scales(2, 2, std::nan(""))), error_code::invalid_attribute,
               {"'scales_w' = nan"});
  expect_error(plan({1, 1, 4, 4, 9}, with_scales(2, 2, 0.1)), error_code::invalid_attribute,
               {"'scales_w' = 0.1", "empty", "floor(9 * 0.1) = 0"});
  // a FLOAT32 attribute widened to double reads as written
  expect_error(plan({1, 1, 4, 4, 9}, with_scales(2, 2, static_cast<double>(0.1f))), error_code::invalid_attribute,
               {"'scales_w' = 0.1 ", "floor(9 * 0.1) = 0"});
  expect_error(plan({1, 1, 4, 4, 4}, with_scales(2, 2, std::numeric_limits<double>::infinity())),
               error_code::limit_exceeded, {"'scales_w' = inf"});
  expect_error(plan({64, 64, 4, 4, 4}, with_size({4096, 4096, 4096})), error_code::limit_exceeded,
               {"output shape", "limit"});
}

TEST(AscendErrors, TensorsAndNothingIsWrittenOnError) {
  std::vector<float> x(64, 1.0f), y(512, -7.0f);
  const ndresize::tensor_view<const float> xv(x.data(), dims{1, 1, 4, 4, 4});
  // an output view of the wrong shape
  expect_error(
      [&] {
        ascend::upsample_trilinear3d<float>(xv, {y.data(), dims{1, 1, 8, 8, 7}}, with_size({8, 8, 8}));
      },
      error_code::invalid_shape, {"output 'out'", "[1, 1, 8, 8, 7]", "[1, 1, 8, 8, 8]"});
  // a type other than float32/float16/bfloat16/float64 on the type-erased path
  std::vector<std::int32_t> xi(64), yi(512);
  expect_error(
      [&] {
        ascend::upsample_trilinear3d(
            ndresize::any_const_tensor_view(ndresize::tensor_view<const std::int32_t>(xi.data(), dims{1, 1, 4, 4, 4})),
            ndresize::any_tensor_view(ndresize::tensor_view<std::int32_t>(yi.data(), dims{1, 1, 8, 8, 8})),
            with_size({8, 8, 8}));
      },
      error_code::invalid_type, {"int32"});
  // input and output of different types
  std::vector<double> yd(512);
  expect_error(
      [&] {
        ascend::upsample_trilinear3d(
            ndresize::any_const_tensor_view(xv),
            ndresize::any_tensor_view(ndresize::tensor_view<double>(yd.data(), dims{1, 1, 8, 8, 8})),
            with_size({8, 8, 8}));
      },
      error_code::invalid_type, {"input 'self' is float", "output 'out' is double"});
  // a bad attribute through the runtime path, with an output of the right shape
  expect_error(
      [&] {
        ascend::compute({{"output_size", std::vector<std::int64_t>{8, 8, 8}}, {"align_corners", std::int64_t{3}}},
                        ndresize::any_const_tensor_view(xv),
                        ndresize::any_tensor_view(ndresize::tensor_view<float>(y.data(), dims{1, 1, 8, 8, 8})));
      },
      error_code::invalid_attribute, {"'align_corners'", "3"});
  for (float v : y) ASSERT_EQ(v, -7.0f);
}

}  // namespace
