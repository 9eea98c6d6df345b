// SPDX-License-Identifier: Apache-2.0
// The plan's public tables are the whole of a resize: a port to other hardware that reads only
// what the README's "Plan tables" section documents — per axis the identity flag, the nearest
// index, the taps (tap_begin, tap_index, tap_weight / tap_weight_f) and the outside mask; the
// extrapolation value; and execution_order<T>() — reproduces execute<T> bit for bit. This
// file is such a port, written from that description as plainly as possible: one pass per
// axis over whole row-major stages, no fusion, no vectors, no threads.
#include <gtest/gtest.h>
#include <Eigen/Core>

#include <complex>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include <ndresize/ndresize.hpp>

namespace nd = ndresize;
using ctm = nd::enums::coordinate_transformation_mode;

namespace {

/// Calls f(flat index, coordinates) for every element of `e` in row-major order.
template <class F>
void for_each_index(const nd::dims& e, F&& f) {
  const nd::index_t n = nd::checked_element_count(e);
  std::vector<nd::index_t> o(static_cast<std::size_t>(e.size()), 0);
  for (nd::index_t i = 0; i < n; ++i) {
    f(i, o);
    for (int d = e.size() - 1; d >= 0; --d) {
      if (++o[static_cast<std::size_t>(d)] < e[d]) break;
      o[static_cast<std::size_t>(d)] = 0;
    }
  }
}

nd::index_t flat(const nd::dims& e, const std::vector<nd::index_t>& o) {
  nd::index_t i = 0;
  for (int d = 0; d < e.size(); ++d) i = i * e[d] + o[static_cast<std::size_t>(d)];
  return i;
}

/// Output element o takes extrapolation_value when any axis marks its coordinate outside.
bool outside(const nd::resize_plan& plan, const std::vector<nd::index_t>& o) {
  for (int d = 0; d < plan.rank(); ++d) {
    const auto& t = plan.table(d);
    if (!t.outside.empty() && t.outside[static_cast<std::size_t>(o[static_cast<std::size_t>(d)])] != 0) return true;
  }
  return false;
}

/// One weighted pass along `axis`: out[.., j, ..] = Σ_q w[q] · in[.., tap_index[q], ..], the
/// sum started from the first product, in table order; a coordinate without taps is 0.
template <class Acc, class W>
std::vector<Acc> pass(const std::vector<Acc>& in, const nd::dims& shape, int axis, const nd::axis_table& t,
                      const std::vector<W>& weights, nd::dims& next) {
  next = shape;
  next[axis] = t.out;
  std::vector<Acc> out(static_cast<std::size_t>(nd::checked_element_count(next)));
  for_each_index(next, [&](nd::index_t i, std::vector<nd::index_t> o) {
    const auto j = static_cast<std::size_t>(o[static_cast<std::size_t>(axis)]);
    Acc acc{};
    for (nd::index_t q = t.tap_begin[j]; q < t.tap_begin[j + 1]; ++q) {
      o[static_cast<std::size_t>(axis)] = t.tap_index[static_cast<std::size_t>(q)];
      const Acc term = weights[static_cast<std::size_t>(q)] * in[static_cast<std::size_t>(flat(shape, o))];
      acc = q == t.tap_begin[j] ? term : acc + term;
    }
    out[static_cast<std::size_t>(i)] = acc;
  });
  return out;
}

/// execute<T> rebuilt from the public tables alone (row-major X and Y).
template <class T>
std::vector<T> resize_from_tables(const nd::resize_plan& plan, const std::vector<T>& x) {
  std::vector<T> y(static_cast<std::size_t>(nd::checked_element_count(plan.output_shape())));
  if constexpr (nd::interpolatable<T>) {
    if (plan.family() == nd::kernel_family::weighted) {
      using Acc = nd::accumulator_t<T>;
      std::vector<Acc> stage(x.size());
      for (std::size_t i = 0; i < x.size(); ++i) stage[i] = nd::to_accumulator<T>(x[i]);
      nd::dims shape = plan.input_shape();
      for (int axis : nd::execution_order<T>(plan)) {
        const auto& t = plan.table(axis);
        nd::dims next;
        if constexpr (std::is_same_v<nd::weight_t<Acc>, float>)
          stage = pass(stage, shape, axis, t, t.tap_weight_f, next);
        else
          stage = pass(stage, shape, axis, t, t.tap_weight, next);
        shape = next;
      }
      for (std::size_t i = 0; i < y.size(); ++i) y[i] = nd::from_accumulator<T>(stage[i]);
    }
  }
  if (plan.family() == nd::kernel_family::gather)
    for_each_index(plan.output_shape(), [&](nd::index_t i, std::vector<nd::index_t> o) {
      for (int d = 0; d < plan.rank(); ++d) {
        const auto& t = plan.table(d);
        if (!t.identity)
          o[static_cast<std::size_t>(d)] = t.index[static_cast<std::size_t>(o[static_cast<std::size_t>(d)])];
      }
      y[static_cast<std::size_t>(i)] = x[static_cast<std::size_t>(flat(plan.input_shape(), o))];
    });
  const T ext = nd::from_extrapolation_value<T>(plan.extrapolation_value());
  for_each_index(plan.output_shape(), [&](nd::index_t i, const std::vector<nd::index_t>& o) {
    if (outside(plan, o)) y[static_cast<std::size_t>(i)] = ext;
  });
  return y;
}

template <class T>
T random_value(std::mt19937_64& r) {
  const double v = static_cast<double>(r() % 40001) / 128.0 - 156.0;
  if constexpr (std::is_same_v<T, std::complex<double>>)
    return {v, static_cast<double>(r() % 2001) / 16.0 - 60.0};
  else if constexpr (std::is_integral_v<T>)
    return static_cast<T>(static_cast<std::int64_t>(r() % 65536) - (std::is_unsigned_v<T> ? 0 : 32768));
  else
    return static_cast<T>(v);
}

/// Random Resize-19 nodes (every mode, coordinate mode, antialias, exclude_outside, crops with
/// extrapolation) over ranks 1–5; each result compared bit for bit with execute<T>.
template <class T>
void check_random_plans(int cases, std::uint64_t seed) {
  int compared = 0;
  for (int i = 0; i < cases; ++i) {
    std::mt19937_64 r(seed + static_cast<std::uint64_t>(i));
    const int rank = 1 + static_cast<int>(r() % 5);
    nd::dims in;
    in.resize(rank);
    std::vector<std::int64_t> sizes;
    std::vector<double> roi_lo, roi_hi;
    for (int d = 0; d < rank; ++d) {
      in[d] = 1 + static_cast<nd::index_t>(r() % (d >= rank - 2 ? 33 : 4));
      sizes.push_back(r() % 4 == 0 ? in[d]
                                   : std::max<std::int64_t>(1, in[d] * static_cast<std::int64_t>(1 + r() % 300) / 100));
      roi_lo.push_back(static_cast<double>(r() % 5) / 10.0 - 0.1);
      roi_hi.push_back(0.7 + static_cast<double>(r() % 6) / 10.0);
    }
    nd::resize_attributes a;
    a.mode = nd::interpolatable<T> ? static_cast<nd::enums::mode>(r() % 3) : nd::enums::mode::nearest;
    const ctm modes[] = {ctm::half_pixel,    ctm::half_pixel_symmetric, ctm::pytorch_half_pixel,
                         ctm::align_corners, ctm::asymmetric,           ctm::tf_crop_and_resize};
    a.coordinate_transformation_mode = modes[r() % 6];  // Resize-19's modes
    a.nearest_mode = static_cast<nd::enums::nearest_mode>(r() % 4);
    if (a.mode != nd::enums::mode::nearest) {
      a.antialias = static_cast<std::int64_t>(r() % 2);
      a.exclude_outside = static_cast<std::int64_t>(r() % 3 == 0);
    }
    a.extrapolation_value = -7.25f;
    std::vector<double> roi = roi_lo;
    roi.insert(roi.end(), roi_hi.begin(), roi_hi.end());
    const bool crop = a.coordinate_transformation_mode == ctm::tf_crop_and_resize;
    const nd::resize_plan plan = nd::make_plan(in, a, {crop ? roi : std::vector<double>{}, {}, sizes});
    std::vector<T> x(static_cast<std::size_t>(nd::checked_element_count(in)));
    for (auto& v : x) v = random_value<T>(r);
    const auto y = nd::execute<T>(plan, nd::tensor_view<const T>(x.data(), in));
    const std::vector<T> expected = resize_from_tables<T>(plan, x);
    ASSERT_EQ(static_cast<std::size_t>(y.size()), expected.size());
    bool same = true;
    for (std::size_t k = 0; k < expected.size(); ++k)
      same = same && std::memcmp(&expected[k], &y[static_cast<nd::index_t>(k)], sizeof(T)) == 0;
    EXPECT_TRUE(same) << "case " << i << " " << in.to_string() << " mode " << nd::to_string(a.mode);
    ++compared;
  }
  EXPECT_EQ(compared, cases);
}

}  // namespace

TEST(PlanTables, FloatResizesFromThePublicTablesAlone) { check_random_plans<float>(300, 1); }
TEST(PlanTables, DoubleResizesFromThePublicTablesAlone) { check_random_plans<double>(200, 2); }
TEST(PlanTables, Uint8ResizesFromThePublicTablesAlone) { check_random_plans<std::uint8_t>(200, 3); }
TEST(PlanTables, HalfResizesFromThePublicTablesAlone) { check_random_plans<Eigen::half>(150, 4); }
TEST(PlanTables, Int32ResizesFromThePublicTablesAlone) { check_random_plans<std::int32_t>(150, 5); }
TEST(PlanTables, Complex128ResizesFromThePublicTablesAlone) { check_random_plans<std::complex<double>>(80, 6); }

// Ascend's trilinear operator and a non-ONNX filter run through the same tables.
TEST(PlanTables, AscendAndResamplePlansToo) {
  std::mt19937_64 r(9);
  const nd::dims in{1, 2, 5, 9, 13};
  std::vector<float> x(static_cast<std::size_t>(nd::checked_element_count(in)));
  for (auto& v : x) v = random_value<float>(r);
  nd::ascend::upsample_trilinear3d_attributes at;
  at.output_size = {7, 4, 26};
  const auto ascend_plan = nd::ascend::make_plan(in, at);
  const auto ya = nd::execute<float>(ascend_plan, nd::tensor_view<const float>(x.data(), in));
  EXPECT_EQ(0, std::memcmp(ya.data(), resize_from_tables<float>(ascend_plan, x).data(),
                           sizeof(float) * static_cast<std::size_t>(ya.size())));
  const auto resample_plan = nd::make_resample_plan(in, {1, 2, 5, 4, 30}, nd::filters::lanczos3, {});
  const auto yr = nd::execute<float>(resample_plan, nd::tensor_view<const float>(x.data(), in));
  EXPECT_EQ(0, std::memcmp(yr.data(), resize_from_tables<float>(resample_plan, x).data(),
                           sizeof(float) * static_cast<std::size_t>(yr.size())));
}
