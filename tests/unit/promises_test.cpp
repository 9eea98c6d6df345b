// SPDX-License-Identifier: Apache-2.0
// "Bad input gets resize_error and an untouched output": hostile calls of every public entry
// point (typed, static, type-erased, Ascend, Eigen) that once read or wrote out of bounds,
// overflowed, or ran an out-of-range enum. Each output buffer is exactly as large as a valid
// tensor of its claimed shape and is filled with a canary; ASan builds see any stray access.
// Also the keep_aspect_ratio_policy rule for length_resized (DESIGN.md rule 2), with the
// expected value worked out by hand from the Resize-19 formulas.
#include <gtest/gtest.h>

#include <unsupported/Eigen/CXX11/Tensor>

#include <climits>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <ndresize/ascend/compute.hpp>
#include <ndresize/execute.hpp>
#include <ndresize/interop/eigen.hpp>
#include <ndresize/onnx/opset.hpp>
#include <ndresize/resize.hpp>
#include <ndresize/type_erased.hpp>

namespace nd = ndresize;
namespace onnx = ndresize::onnx;
using nd::index_t;

namespace {

constexpr float canary = -12345.0f;

/// The error code of f(), or nullopt when it returns normally. Any other exception fails.
template <class F>
std::optional<nd::error_code> error_of(F&& f) {
  try {
    f();
    return std::nullopt;
  } catch (const nd::resize_error& e) {
    return e.code();
  }
}

bool untouched(const std::vector<float>& v) {
  for (float f : v)
    if (f != canary) return false;
  return true;
}

nd::resize_attributes with_axes(std::vector<std::int64_t> axes) {
  nd::resize_attributes a;
  a.axes = std::move(axes);
  return a;
}

// F1: resize(x, y, attrs) read y.extent(axis) for every axes entry before anything checked them.
TEST(Promises, AxesOutOfRangeAreRejectedBeforeReadingExtents) {
  std::vector<float> x(6, 1.0f), y(6, canary);
  for (std::int64_t ax : {std::int64_t{-17}, std::int64_t{1000}, std::int64_t{-3}, std::int64_t{2},
                          std::numeric_limits<std::int64_t>::min()}) {
    const auto code = error_of([&] {
      nd::resize<float>(nd::tensor_view<const float>(x.data(), {2, 3}), nd::tensor_view<float>(y.data(), {2, 3}),
                        with_axes({ax}));
    });
    EXPECT_EQ(code, nd::error_code::invalid_attribute) << "axes = {" << ax << "}";
    EXPECT_TRUE(untouched(y));
  }
}

TEST(Promises, RankMismatchIsRejectedFirst) {
  std::vector<float> x(6, 1.0f), y(6, canary);
  const auto code = error_of([&] {
    nd::resize<float>(nd::tensor_view<const float>(x.data(), {2, 3}), nd::tensor_view<float>(y.data(), {6}),
                      with_axes({1}));
  });
  EXPECT_EQ(code, nd::error_code::invalid_shape);
  EXPECT_TRUE(untouched(y));
}

TEST(Promises, TrilinearNeedsThreeAxes) {
  std::vector<float> x(4, 1.0f), y(4, canary);
  for (int rank = 0; rank <= 2; ++rank) {
    nd::dims e;
    e.resize(rank);
    for (int d = 0; d < rank; ++d) e[d] = 2;
    const auto code = error_of([&] {
      nd::trilinear<nd::policy::half_pixel, float>(nd::tensor_view<const float>(x.data(), e), {y.data(), e});
    });
    EXPECT_EQ(code, nd::error_code::invalid_shape) << "rank " << rank;
    EXPECT_TRUE(untouched(y));
  }
}

nd::resize_plan nearest_plan_4x4() { return nd::make_plan({4, 4}, {}, {{}, {}, std::vector<std::int64_t>{4, 4}}); }

// F2: type-erased views whose stride list has the wrong length became row-major.
TEST(Promises, TypeErasedStridesOfTheWrongLengthAreRejected) {
  const nd::resize_plan plan = nearest_plan_4x4();
  std::vector<float> small(4, 1.0f), x(16, 1.0f), y(16, canary), y_small(4, canary);
  for (const nd::dims& bad : {nd::dims{0}, nd::dims{1, 1, 1}, nd::dims{4}}) {
    const nd::any_const_tensor_view xv{nd::element_type::float32, small.data(), {4, 4}, bad};
    const nd::any_tensor_view yv{nd::element_type::float32, y.data(), {4, 4}};
    EXPECT_EQ(error_of([&] { nd::execute(plan, xv, yv); }), nd::error_code::invalid_shape);
    EXPECT_TRUE(untouched(y));
    const nd::any_const_tensor_view xg{nd::element_type::float32, x.data(), {4, 4}};
    const nd::any_tensor_view yb{nd::element_type::float32, y_small.data(), {4, 4}, bad};
    EXPECT_EQ(error_of([&] { nd::execute(plan, xg, yb); }), nd::error_code::invalid_shape);
    EXPECT_TRUE(untouched(y_small));
  }
  // Empty strides still mean row-major.
  nd::any_const_tensor_view xr{nd::element_type::float32, x.data(), {4, 4}};
  xr.strides = {};
  EXPECT_EQ(error_of([&] {
              nd::execute(plan, xr, nd::any_tensor_view{nd::element_type::float32, y.data(), {4, 4}});
            }),
            std::nullopt);
}

TEST(Promises, AscendOutputStridesOfTheWrongLengthAreRejected) {
  std::vector<float> self(1 * 1 * 2 * 2 * 2, 1.0f), out(4 * 4 * 4, canary);
  nd::ascend::upsample_trilinear3d_attributes a;
  a.output_size = std::vector<std::int64_t>{4, 4, 4};
  const nd::any_const_tensor_view s{nd::element_type::float32, self.data(), {1, 1, 2, 2, 2}};
  const nd::any_tensor_view o{nd::element_type::float32, out.data(), {1, 1, 4, 4, 4}, {0}};
  EXPECT_EQ(error_of([&] { nd::ascend::upsample_trilinear3d(s, o, a); }), nd::error_code::invalid_shape);
  EXPECT_TRUE(untouched(out));
}

// F8: a default-constructed plan passed the checks with rank-0 views.
TEST(Promises, DefaultConstructedPlanIsRejected) {
  const nd::resize_plan empty{};
  std::vector<float> x(1, 1.0f), y(1, canary);
  EXPECT_EQ(error_of([&] {
              nd::execute<float>(empty, {x.data(), nd::dims{}}, {y.data(), nd::dims{}});
            }),
            nd::error_code::invalid_shape);
  EXPECT_EQ(error_of([&] { (void)nd::execute<float>(empty, nd::tensor_view<const float>(x.data(), nd::dims{})); }),
            nd::error_code::invalid_shape);
  EXPECT_EQ(error_of([&] {
              nd::execute(empty, nd::any_const_tensor_view{nd::element_type::float32, x.data(), nd::dims{}},
                          nd::any_tensor_view{nd::element_type::float32, y.data(), nd::dims{}});
            }),
            nd::error_code::invalid_shape);
  EXPECT_TRUE(untouched(y));
  EXPECT_EQ(nd::scratch_bytes<float>(empty), 0u);
}

// A moved-from plan kept its shape (an inline array) but not its tables, so executing it read
// tables that were gone. Now it is empty, and rejected like a default-constructed one.
TEST(Promises, MovedFromPlanIsRejected) {
  for (const bool by_assignment : {false, true}) {
    nd::resize_plan plan = nd::make_plan({2, 2}, {}, {{}, std::vector<float>{2.0f, 2.0f}, {}});
    std::optional<nd::resize_plan> taken;
    if (by_assignment)
      taken.emplace() = std::move(plan);
    else
      taken.emplace(std::move(plan));
    EXPECT_TRUE(plan.empty());  // NOLINT(bugprone-use-after-move): what is tested
    EXPECT_EQ(taken->output_shape(), (nd::dims{4, 4}));
    std::vector<float> x(4, 1.0f), y(16, canary);
    EXPECT_EQ(error_of([&] {
                nd::execute<float>(plan, {x.data(), nd::dims{2, 2}}, {y.data(), nd::dims{4, 4}});
              }),
              nd::error_code::invalid_shape);
    EXPECT_TRUE(untouched(y));
    nd::execute<float>(*taken, {x.data(), nd::dims{2, 2}}, {y.data(), nd::dims{4, 4}});
    EXPECT_EQ(y, std::vector<float>(16, 1.0f));
  }
}

// F7: enum values cast from integers were never range-checked.
TEST(Promises, OutOfRangeEnumValuesAreRejected) {
  auto code_of = [](const nd::resize_attributes& a, onnx::op_version v = onnx::op_version::resize_19) {
    return error_of([&] { (void)onnx::make_plan(v, a, {4, 4}, {{}, std::vector<float>{2.0f, 2.0f}, {}}); });
  };
  nd::resize_attributes a;
  a.mode = static_cast<nd::enums::mode>(7);
  EXPECT_EQ(code_of(a), nd::error_code::invalid_attribute);
  EXPECT_EQ(code_of(a, onnx::op_version::resize_10), nd::error_code::invalid_attribute);
  a = {};
  a.coordinate_transformation_mode = static_cast<nd::enums::coordinate_transformation_mode>(42);
  EXPECT_EQ(code_of(a), nd::error_code::invalid_attribute);
  a = {};
  a.nearest_mode = static_cast<nd::enums::nearest_mode>(-3);
  EXPECT_EQ(code_of(a), nd::error_code::invalid_attribute);
  a = {};
  a.keep_aspect_ratio_policy = static_cast<nd::enums::keep_aspect_ratio_policy>(9);
  EXPECT_EQ(code_of(a), nd::error_code::invalid_attribute);
  // The message names the attribute and the value.
  a = {};
  a.mode = static_cast<nd::enums::mode>(7);
  try {
    (void)onnx::make_plan(onnx::op_version::resize_19, a, {4, 4}, {{}, std::vector<float>{2.0f, 2.0f}, {}});
    FAIL();
  } catch (const nd::resize_error& e) {
    EXPECT_NE(std::string(e.what()).find("'mode' has value 7"), std::string::npos) << e.what();
  }
}

// F9: the Eigen interop overflowed computing ColMajor strides and building the result tensor.
TEST(Promises, EigenShapesWhoseProductOverflowsAreRejected) {
  float one = 1.0f;
  const index_t big = index_t{1} << 40;
  Eigen::TensorMap<Eigen::Tensor<float, 3, Eigen::ColMajor>> m(&one, big, big, 0);
  const nd::tensor_view<float> v = nd::interop::as_view(m);  // strides saturate, no overflow
  EXPECT_EQ(v.extent(0), big);
  EXPECT_EQ(v.stride(0), 1);
  const index_t e21 = index_t{1} << 21;
  Eigen::TensorMap<Eigen::Tensor<float, 4, Eigen::RowMajor>> m4(&one, e21, e21, e21, 0);
  const std::vector<std::int64_t> sizes{e21, e21, e21, 0};
  EXPECT_EQ(error_of([&] { (void)nd::interop::resize(m4, std::span<const std::int64_t>(sizes)); }),
            nd::error_code::invalid_shape);
}

// F6 (a, b, c): allocations within the limits surface as resize_error, scratch follows the work.
TEST(Promises, ScratchFollowsTheWorkItemsNotTheClaimedConcurrency) {
  nd::resize_attributes a;
  a.mode = nd::enums::mode::linear;
  const nd::resize_plan plan = nd::make_plan({100, 140}, a, {{}, std::vector<float>{0.5f, 0.5f}, {}});
  const std::size_t per_items = nd::scratch_bytes<float>(plan, 50);
  EXPECT_EQ(nd::scratch_bytes<float>(plan, INT_MAX), per_items);
  EXPECT_LT(per_items, std::size_t{1} << 20);
  std::vector<float> x(100 * 140, 1.0f), y(50 * 70, canary);
  const nd::executor claims_everything(INT_MAX, [](index_t n, const std::function<void(index_t)>& body) {
    for (index_t i = 0; i < n; ++i) body(i);
  });
  nd::workspace ws;
  nd::execute<float>(plan, {x.data(), {100, 140}}, {y.data(), {50, 70}}, ws, claims_everything);
  EXPECT_LE(ws.capacity(), per_items);
  for (float f : y) EXPECT_EQ(f, 1.0f);
}

TEST(Promises, ScratchBeyondTheLimitIsLimitExceededBeforeWriting) {
  // Rank 16, extents 2, scales 2, linear int8: gigabytes of float intermediates.
  nd::dims in;
  in.resize(16);
  for (auto& e : in) e = 2;
  nd::resize_attributes a;
  a.mode = nd::enums::mode::linear;
  const nd::resize_plan plan = nd::make_plan(in, a, {{}, std::vector<float>(16, 2.0f), {}});
  EXPECT_GT(nd::scratch_bytes<std::int8_t>(plan), plan.max_scratch_bytes());
  // The views claim the plan's shapes over one-element buffers: nothing may be read or written
  // (ASan sees any access beyond them).
  std::int8_t x = 1, y = 7;
  nd::workspace ws;
  const auto code = error_of([&] {
    nd::execute<std::int8_t>(plan, {&x, plan.input_shape()}, {&y, plan.output_shape()}, ws);
  });
  EXPECT_EQ(code, nd::error_code::limit_exceeded);
  EXPECT_EQ(y, 7);
  EXPECT_EQ(ws.capacity(), 0u);
  // A caller may raise the limit (planning with its own plan_limits).
  nd::plan_limits roomy;
  roomy.max_scratch_bytes = std::size_t{1} << 40;
  EXPECT_EQ(nd::make_plan(in, a, {{}, std::vector<float>(16, 2.0f), {}}, roomy).max_scratch_bytes(),
            roomy.max_scratch_bytes);
}

TEST(Promises, UnlistedHugeAxesCostNothing) {
  // X of shape [2^36, 0] (zero elements): the unlisted axis needs no table.
  for (index_t n : {index_t{1} << 28, index_t{1} << 32, index_t{1} << 36}) {
    for (auto mode : {nd::enums::mode::nearest, nd::enums::mode::linear}) {
      nd::resize_attributes a = with_axes({1});
      a.mode = mode;
      const nd::resize_plan plan = nd::make_plan({n, 0}, a, {{}, {}, std::vector<std::int64_t>{0}});
      EXPECT_EQ(plan.output_shape(), (nd::dims{n, 0}));
      EXPECT_LT(plan.table_bytes(), 4096u);
    }
  }
  // An unlisted axis of a plan that does produce output is an identity table with no data.
  nd::resize_attributes a = with_axes({1});
  a.mode = nd::enums::mode::linear;
  const nd::resize_plan plan = nd::make_plan({1 << 20, 4}, a, {{}, std::vector<float>{2.0f}, {}});
  EXPECT_TRUE(plan.table(0).identity);
  EXPECT_LT(plan.table_bytes(), 4096u);
}

// keep_aspect_ratio_policy: length_resized on the policy axes is the fractional in · s.
TEST(Promises, KeepAspectLengthResizedIsFractional) {
  const std::vector<float> x{0.3283642f,  0.67829263f, 0.6758776f,  0.34340447f, 0.0956071f,  0.62108374f, 0.72284734f,
                             0.57180285f, 0.4820819f,  0.03682474f, 0.24123485f, 0.02850394f, 0.8051967f,  0.01742533f,
                             0.84682906f, 0.94267166f, 0.05653571f, 0.73473245f, 0.5276409f,  0.45690754f};
  nd::resize_attributes a;
  a.mode = nd::enums::mode::linear;
  a.coordinate_transformation_mode = nd::enums::coordinate_transformation_mode::half_pixel_symmetric;
  a.keep_aspect_ratio_policy = nd::enums::keep_aspect_ratio_policy::not_larger;
  const nd::resize_plan plan = nd::make_plan({5, 4}, a, {{}, {}, std::vector<std::int64_t>{1, 1}});
  ASSERT_EQ(plan.output_shape(), (nd::dims{1, 1}));
  // s = min(1/5, 1/4) = 0.2. Axis 0: length_resized 1, x_original = 0 + 0.5/0.2 - 0.5 = 2.
  // Axis 1: length_resized 0.8, adjustment 1.25, offset 4/2 · (1 - 1.25) = -0.5,
  // x_original = -0.5 + 0.5/0.2 - 0.5 = 1.5: the mean of X[2][1] and X[2][2].
  std::vector<float> y(1, canary);
  nd::execute<float>(plan, {x.data(), {5, 4}}, {y.data(), {1, 1}});
  EXPECT_FLOAT_EQ(y[0], 0.139029797f);
  EXPECT_EQ(y[0], (0.03682474f + 0.24123485f) / 2);
  // align_corners, sizes [3, 3]: s = min(3/5, 3/4) = 0.6, out [3, 2]; on axis 1 length_resized
  // is 2.4 (not 2), so output column 1 reads x_original = 1 · 3 / 1.4 = 2.142857 (not 3).
  a.coordinate_transformation_mode = nd::enums::coordinate_transformation_mode::align_corners;
  const nd::resize_plan corners = nd::make_plan({5, 4}, a, {{}, {}, std::vector<std::int64_t>{3, 3}});
  ASSERT_EQ(corners.output_shape(), (nd::dims{3, 2}));
  std::vector<float> y6(6, canary);
  nd::execute<float>(corners, {x.data(), {5, 4}}, {y6.data(), {3, 2}});
  const double frac = 3.0 / 1.4 - 2.0;
  EXPECT_NEAR(y6[1], x[2] + frac * (x[3] - x[2]), 1e-6);
  EXPECT_EQ(y6[0], x[0]);
}

}  // namespace
