// SPDX-License-Identifier: Apache-2.0
// Eigen interop (ndresize/interop/eigen.hpp): views of Eigen::Tensor and Eigen::TensorMap read
// the caller's memory in place (RowMajor directly, ColMajor through reversed strides) and
// keep Eigen's logical axes; resize returns an Eigen::Tensor of the input's layout whose
// elements equal the plain tensor_view path on the same logical tensor. Typed over element
// types x layouts; the Upsample-9 documentation examples give independent expected values.
#include <ndresize/interop/eigen.hpp>

#include <gtest/gtest.h>
#include <Eigen/Core>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

namespace {

using ndresize::dims;
using ndresize::index_t;
namespace interop = ndresize::interop;

template <class T, int L>
struct config {
  using element = T;
  static constexpr int layout = L;
};

template <class C>
class eigen_interop : public ::testing::Test {
 protected:
  using element = typename C::element;
  using tensor3 = Eigen::Tensor<element, 3, C::layout>;

  /// A 2x3x5 tensor whose element (i, j, k) is 16i + 4j + k (exact in every tested type,
  /// including bfloat16's 8 significant bits) in Eigen's own layout.
  static tensor3 make_input() {
    tensor3 x(2, 3, 5);
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 3; ++j)
        for (int k = 0; k < 5; ++k) x(i, j, k) = static_cast<element>(16 * i + 4 * j + k);
    return x;
  }

  /// The same logical tensor in row-major memory, for the plain tensor_view path.
  static ndresize::tensor<element> row_major_copy(const tensor3& x) {
    ndresize::tensor<element> r(dims{x.dimension(0), x.dimension(1), x.dimension(2)});
    index_t n = 0;
    for (int i = 0; i < x.dimension(0); ++i)
      for (int j = 0; j < x.dimension(1); ++j)
        for (int k = 0; k < x.dimension(2); ++k) r[n++] = x(i, j, k);
    return r;
  }

  /// Y (Eigen, any layout) equals R (row-major tensor) element by element, logically indexed.
  static void expect_same(const tensor3& y, const ndresize::tensor<element>& r) {
    ASSERT_EQ(r.extents(), (dims{y.dimension(0), y.dimension(1), y.dimension(2)}));
    index_t n = 0;
    for (int i = 0; i < y.dimension(0); ++i)
      for (int j = 0; j < y.dimension(1); ++j)
        for (int k = 0; k < y.dimension(2); ++k, ++n)
          ASSERT_EQ(static_cast<double>(y(i, j, k)), static_cast<double>(r[n]))
              << "at (" << i << ", " << j << ", " << k << ")";
  }

  /// The same, up to a few units in the last place of the element type.
  static void expect_near(const tensor3& y, const ndresize::tensor<element>& r);
};

template <class C>
void eigen_interop<C>::expect_near(const tensor3& y, const ndresize::tensor<element>& r) {
  ASSERT_EQ(r.extents(), (dims{y.dimension(0), y.dimension(1), y.dimension(2)}));
  index_t n = 0;
  for (int i = 0; i < y.dimension(0); ++i)
    for (int j = 0; j < y.dimension(1); ++j)
      for (int k = 0; k < y.dimension(2); ++k, ++n) {
        const double expected = static_cast<double>(r[n]);
        // A few units in the last place of the type; integers may round a tie the other way.
        const double tolerance =
            std::is_integral_v<element>
                ? 1.0
                : 4 * static_cast<double>(Eigen::NumTraits<element>::epsilon()) * std::max(1.0, std::abs(expected));
        ASSERT_NEAR(static_cast<double>(y(i, j, k)), expected, tolerance)
            << "at (" << i << ", " << j << ", " << k << ")";
      }
}

using configs = ::testing::Types<config<float, Eigen::RowMajor>, config<float, Eigen::ColMajor>,
                                 config<double, Eigen::RowMajor>, config<double, Eigen::ColMajor>,
                                 config<Eigen::half, Eigen::RowMajor>, config<Eigen::half, Eigen::ColMajor>,
                                 config<Eigen::bfloat16, Eigen::RowMajor>, config<Eigen::bfloat16, Eigen::ColMajor>,
                                 config<std::int32_t, Eigen::RowMajor>, config<std::int32_t, Eigen::ColMajor>>;

struct config_names {
  template <class C>
  static std::string GetName(int) {  // NOLINT(readability-identifier-naming): the name GoogleTest calls
    using T = typename C::element;
    std::string t = std::is_same_v<T, float>             ? "float"
                    : std::is_same_v<T, double>          ? "double"
                    : std::is_same_v<T, Eigen::half>     ? "half"
                    : std::is_same_v<T, Eigen::bfloat16> ? "bfloat16"
                                                         : "int32";
    return t + (C::layout == Eigen::RowMajor ? "_row_major" : "_col_major");
  }
};
TYPED_TEST_SUITE(eigen_interop, configs, config_names);

// The view is the tensor's own memory: same pointer, Eigen's extents, the layout's strides.
TYPED_TEST(eigen_interop, view_reads_the_tensor_in_place) {
  auto x = this->make_input();
  const auto v = interop::as_view(x);
  static_assert(std::is_same_v<decltype(v), const ndresize::tensor_view<typename TypeParam::element>>);
  EXPECT_EQ(v.data_handle(), x.data());
  EXPECT_EQ(v.extents(), (dims{2, 3, 5}));
  const dims expected_strides = TypeParam::layout == Eigen::RowMajor ? dims{15, 5, 1} : dims{1, 2, 6};
  EXPECT_EQ(v.strides(), expected_strides);
  // Every logical element is where the view says it is.
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 5; ++k)
        EXPECT_EQ(&v.data_handle()[i * v.stride(0) + j * v.stride(1) + k * v.stride(2)], &x(i, j, k));

  const auto& cx = x;
  const auto cv = interop::as_view(cx);
  static_assert(std::is_same_v<decltype(cv), const ndresize::tensor_view<const typename TypeParam::element>>);
  EXPECT_EQ(cv.data_handle(), x.data());
}

// A TensorMap over the caller's buffer: the view points into that buffer.
TYPED_TEST(eigen_interop, map_view_points_into_the_callers_buffer) {
  using T = typename TypeParam::element;
  std::vector<T> buffer(30);
  Eigen::TensorMap<Eigen::Tensor<T, 3, TypeParam::layout>> map(buffer.data(), 2, 3, 5);
  EXPECT_EQ(interop::as_view(map).data_handle(), buffer.data());
  Eigen::TensorMap<const Eigen::Tensor<T, 3, TypeParam::layout>> const_map(buffer.data(), 2, 3, 5);
  const auto v = interop::as_view(const_map);
  static_assert(std::is_same_v<decltype(v), const ndresize::tensor_view<const T>>);
  EXPECT_EQ(v.data_handle(), buffer.data());
}

// Linear resize with scales on every axis (one shrinks). Bit for bit: the tensor_view path on
// the same memory layout (a copy of Eigen's buffer, viewed with the layout's strides written out
// here by hand). Up to rounding: the row-major path (kernels may order their passes by stride).
TYPED_TEST(eigen_interop, linear_resize_equals_the_tensor_view_path) {
  using T = typename TypeParam::element;
  const auto x = this->make_input();
  ndresize::resize_attributes a;
  a.mode = ndresize::enums::mode::linear;
  const std::array<float, 3> scales = {1.5f, 2.0f, 0.6f};

  const auto y = interop::resize(x, scales, a);
  static_assert(std::is_same_v<std::remove_const_t<decltype(y)>, Eigen::Tensor<T, 3, TypeParam::layout>>);
  ASSERT_EQ(y.dimension(0), 3);
  ASSERT_EQ(y.dimension(1), 6);
  ASSERT_EQ(y.dimension(2), 3);

  // 2x3x5 -> 3x6x3; ColMajor strides are {1, 2, 6} and {1, 3, 18}.
  const bool row_major = TypeParam::layout == Eigen::RowMajor;
  const std::vector<T> x_copy(x.data(), x.data() + x.size());
  std::vector<T> same_layout(54);
  const auto plan = ndresize::make_plan(dims{2, 3, 5}, a, {{}, scales, {}});
  ndresize::execute<T>(plan, {x_copy.data(), {2, 3, 5}, row_major ? dims{15, 5, 1} : dims{1, 2, 6}},
                       {same_layout.data(), {3, 6, 3}, row_major ? dims{18, 3, 1} : dims{1, 3, 18}});
  EXPECT_EQ(std::memcmp(same_layout.data(), y.data(), same_layout.size() * sizeof(T)), 0);

  const auto r = this->row_major_copy(x);
  this->expect_near(y, ndresize::resize<T>(r.view(), scales, a));
}

// Nearest resize to sizes along listed axes, through a TensorMap input and into a caller's
// Eigen tensor with a reused workspace.
TYPED_TEST(eigen_interop, nearest_resize_into_callers_tensor) {
  using T = typename TypeParam::element;
  const auto x = this->make_input();
  Eigen::TensorMap<const typename TestFixture::tensor3> x_map(x.data(), 2, 3, 5);
  ndresize::resize_attributes a;
  a.axes = std::vector<std::int64_t>{-1, 1};
  const std::array<std::int64_t, 2> sizes = {9, 2};
  const auto plan = ndresize::make_plan(interop::extents_of(x_map), a, {{}, {}, sizes});
  ASSERT_EQ(plan.output_shape(), (dims{2, 2, 9}));

  typename TestFixture::tensor3 y(2, 2, 9);
  ndresize::workspace ws;
  interop::execute(plan, x_map, y, ws);

  const auto r = this->row_major_copy(x);
  const auto expected = ndresize::execute<T>(plan, r.view());
  this->expect_same(y, expected);
  this->expect_same(interop::resize(x_map, std::span<const std::int64_t>(sizes), a), expected);
}

// Independent values: the ONNX documentation's Upsample-9 examples, in both layouts.
template <int Layout>
void check_upsample_9_examples() {
  Eigen::Tensor<float, 4, Layout> x(1, 1, 2, 2);
  x(0, 0, 0, 0) = 1;
  x(0, 0, 0, 1) = 2;
  x(0, 0, 1, 0) = 3;
  x(0, 0, 1, 1) = 4;
  ndresize::resize_attributes a;
  a.mode = ndresize::enums::mode::linear;
  const std::array<float, 4> linear_scales = {1, 1, 2, 2};
  const auto linear = interop::execute(ndresize::onnx::make_plan(ndresize::onnx::op_version::upsample_9, a,
                                                                 interop::extents_of(x), {{}, linear_scales, {}}),
                                       x);
  const float linear_expected[4][4] = {{1, 1.5f, 2, 2}, {2, 2.5f, 3, 3}, {3, 3.5f, 4, 4}, {3, 3.5f, 4, 4}};
  ASSERT_EQ(linear.dimension(2), 4);
  ASSERT_EQ(linear.dimension(3), 4);
  for (int h = 0; h < 4; ++h)
    for (int w = 0; w < 4; ++w) EXPECT_EQ(linear(0, 0, h, w), linear_expected[h][w]) << h << ", " << w;

  a.mode = ndresize::enums::mode::nearest;
  const std::array<float, 4> nearest_scales = {1, 1, 2, 3};
  const auto nearest = interop::execute(ndresize::onnx::make_plan(ndresize::onnx::op_version::upsample_9, a,
                                                                  interop::extents_of(x), {{}, nearest_scales, {}}),
                                        x);
  const float nearest_expected[4][6] = {{1, 1, 1, 2, 2, 2}, {1, 1, 1, 2, 2, 2}, {3, 3, 3, 4, 4, 4}, {3, 3, 3, 4, 4, 4}};
  ASSERT_EQ(nearest.dimension(2), 4);
  ASSERT_EQ(nearest.dimension(3), 6);
  for (int h = 0; h < 4; ++h)
    for (int w = 0; w < 6; ++w) EXPECT_EQ(nearest(0, 0, h, w), nearest_expected[h][w]) << h << ", " << w;
}

TEST(eigen_interop_values, upsample_9_examples_row_major) { check_upsample_9_examples<Eigen::RowMajor>(); }
TEST(eigen_interop_values, upsample_9_examples_col_major) { check_upsample_9_examples<Eigen::ColMajor>(); }

// Rank mismatch between a plan and the Eigen tensor is a resize_error, not a crash.
TEST(eigen_interop_values, plan_of_another_rank_is_rejected) {
  Eigen::Tensor<float, 2> x(2, 2);
  x.setZero();
  const std::array<float, 3> scales = {1, 2, 2};
  const auto plan = ndresize::make_plan(dims{1, 2, 2}, {}, {{}, scales, {}});
  EXPECT_THROW((void)interop::execute(plan, x), ndresize::resize_error);
}

// A result tensor is made with the input's Index type: an int-indexed tensor cannot hold
// 65537 x 65536 elements (2^32 + 2^16 > INT_MAX), so that is refused before Eigen allocates
// (it once overflowed in Eigen's size computation and allocated short). The input is a
// broadcast-free 1 x 1 tensor; only the planned output is large.
TEST(eigen_interop_values, results_beyond_the_index_type_are_rejected) {
  Eigen::Tensor<std::uint8_t, 2, Eigen::RowMajor, int> x(1, 1);
  x.setConstant(7);
  const auto plan = ndresize::make_plan(dims{1, 1}, {}, {{}, {}, std::vector<std::int64_t>{65537, 65536}});
  const auto r = interop::try_execute(plan, x);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, ndresize::error_code::invalid_shape);
  EXPECT_NE(r.error().message.find("beyond its Index type (largest 2147483647)"), std::string::npos)
      << r.error().message;
  // Within int's range it is built and filled: 2 x 3.
  const auto small = ndresize::make_plan(dims{1, 1}, {}, {{}, {}, std::vector<std::int64_t>{2, 3}});
  const auto ok = interop::try_execute(small, x);
  ASSERT_TRUE(ok.ok());
  EXPECT_EQ(ok->dimension(0), 2);
  EXPECT_EQ(ok->dimension(1), 3);
  EXPECT_EQ((*ok)(1, 2), 7);
}

}  // namespace
