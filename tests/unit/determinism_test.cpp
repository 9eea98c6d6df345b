// SPDX-License-Identifier: Apache-2.0
// Results are bit-identical whatever runs them: every CPU target (generic x86-64, AVX2,
// AVX-512), any thread count, the built-in pool or a caller's parallel_for. The baseline is
// the generic target on one thread; every other combination must match it byte for byte.
#include <gtest/gtest.h>
#include <Eigen/Core>

#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <ndresize/ndresize.hpp>

namespace nd = ndresize;

namespace {

struct workload {
  std::string name;
  nd::dims in, out;
  nd::resize_attributes attrs;
};

std::vector<workload> workloads() {
  using nd::enums::mode;
  auto a = [](mode m, bool aa = false, std::vector<std::int64_t> axes = {}, float cubic = -0.75f) {
    nd::resize_attributes r;
    r.mode = m;
    r.antialias = aa;
    r.cubic_coeff_a = cubic;
    if (!axes.empty()) r.axes = axes;
    return r;
  };
  return {
      {"LinearUp", {1, 3, 37, 53}, {1, 3, 80, 111}, a(mode::linear)},
      {"LinearDown", {2, 3, 97, 131}, {2, 3, 23, 29}, a(mode::linear)},
      {"LinearShrinkWide", {1, 2, 40, 1000}, {1, 2, 9, 113}, a(mode::linear)},
      {"LinearDownAntialias", {1, 2, 97, 131}, {1, 2, 23, 29}, a(mode::linear, true)},
      {"CubicUp", {1, 2, 19, 33}, {1, 2, 40, 70}, a(mode::cubic)},
      {"CubicDownAntialias", {1, 1, 64, 90}, {1, 1, 20, 33}, a(mode::cubic, true, {}, -0.5f)},
      {"HwcLinearDown", {61, 77, 3}, {20, 19, 3}, a(mode::linear, false, {0, 1})},
      {"HwcLinearUpAntialias", {21, 17, 4}, {40, 50, 4}, a(mode::linear, true, {0, 1})},
      {"Trilinear", {1, 2, 9, 14, 17}, {1, 2, 18, 28, 34}, a(mode::linear)},
      {"ManySmallPlanes", {4, 33, 7, 7}, {4, 33, 14, 14}, a(mode::linear)},
      {"Nearest", {2, 5, 33, 47}, {2, 5, 66, 94}, a(mode::nearest)},
      {"Rank1Cubic", {301}, {1000}, a(mode::cubic)},
  };
}

template <class T>
std::vector<T> random_input(nd::index_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> d(-100.0f, 100.0f);
  std::vector<T> v(static_cast<std::size_t>(n));
  for (auto& e : v) {
    if constexpr (std::is_integral_v<T>)
      e = static_cast<T>(std::uniform_int_distribution<int>(0, 255)(rng));
    else
      e = static_cast<T>(d(rng));
  }
  return v;
}

template <class T>
std::vector<T> run(const workload& w, const std::vector<T>& x, nd::isa target, const nd::executor& ex) {
  nd::set_max_isa(target);
  std::vector<std::int64_t> sizes;
  if (w.attrs.axes)
    for (auto a : *w.attrs.axes) sizes.push_back(w.out[static_cast<int>(a)]);
  else
    sizes.assign(w.out.begin(), w.out.end());
  const auto plan = nd::make_plan(w.in, w.attrs, {{}, {}, sizes});
  std::vector<T> y(static_cast<std::size_t>(plan.output_size()));
  nd::workspace ws;
  nd::execute<T>(plan, nd::tensor_view<const T>(x.data(), w.in), nd::tensor_view<T>(y.data(), plan.output_shape()), ws,
                 ex);
  nd::set_max_isa(nd::isa::avx512);
  return y;
}

template <class T>
void check_all(const workload& w) {
  const auto x = random_input<T>(nd::checked_element_count(w.in), 7);
  const auto base = run<T>(w, x, nd::isa::generic, {});
  nd::thread_pool pool3(3);
  // A caller's own parallel_for: plain std::threads, one per item.
  const nd::executor own(4, [](nd::index_t n, const std::function<void(nd::index_t)>& body) {
    std::vector<std::thread> ts;
    for (nd::index_t i = 0; i < n; ++i) ts.emplace_back([&body, i] { body(i); });
    for (auto& t : ts) t.join();
  });
  for (nd::isa target : {nd::isa::generic, nd::isa::sse4, nd::isa::avx2, nd::isa::avx512, nd::isa::neon}) {
    for (int mode = 0; mode < 3; ++mode) {
      const nd::executor ex = mode == 0 ? nd::executor{} : mode == 1 ? pool3.get_executor() : own;
      const auto y = run<T>(w, x, target, ex);
      ASSERT_EQ(y.size(), base.size());
      EXPECT_EQ(std::memcmp(y.data(), base.data(), y.size() * sizeof(T)), 0)
          << w.name << ": target " << static_cast<int>(target) << ", executor " << mode
          << " differs from generic/1 thread";
    }
  }
}

class Determinism : public ::testing::TestWithParam<workload> {};

TEST_P(Determinism, Float) { check_all<float>(GetParam()); }
TEST_P(Determinism, Uint8) { check_all<std::uint8_t>(GetParam()); }
TEST_P(Determinism, Half) { check_all<Eigen::half>(GetParam()); }
TEST_P(Determinism, Bfloat16) { check_all<Eigen::bfloat16>(GetParam()); }
TEST_P(Determinism, Double) { check_all<double>(GetParam()); }

INSTANTIATE_TEST_SUITE_P(Workloads, Determinism, ::testing::ValuesIn(workloads()),
                         [](const auto& p) { return p.param.name; });

// Outputs without taps (tf_crop_and_resize outside the roi) and outputs with more than 4 taps
// (antialiased cubic shrinks), channels-last with 3 to 40 channels and row-major: the vector
// kernels send such outputs to their own branches (short channel rows, many-tap blends, rows
// without taps), which must give the generic target's bits on every target and thread count.
template <class T>
void check_strided(const nd::dims& in, const nd::dims& out, const nd::resize_attributes& a,
                   const std::vector<double>& roi, bool channels_last) {
  const std::vector<std::int64_t> sizes(out.begin(), out.end());
  const auto plan = nd::make_plan(in, a, {roi, {}, sizes});
  auto strides = [&](const nd::dims& e) {
    return channels_last ? nd::dims{e[1] * e[2] * e[3], 1, e[3] * e[1], e[1]} : nd::row_major_strides(e);
  };
  const auto x = random_input<T>(nd::checked_element_count(in), 11);
  nd::thread_pool pool(2);
  std::vector<T> base;
  for (nd::isa target : {nd::isa::generic, nd::isa::sse4, nd::isa::avx2, nd::isa::avx512, nd::isa::neon}) {
    for (const nd::executor& ex : {nd::executor{}, pool.get_executor()}) {
      nd::set_max_isa(target);
      std::vector<T> y(static_cast<std::size_t>(plan.output_size()), T(1));
      nd::workspace ws;
      nd::execute<T>(plan, nd::tensor_view<const T>(x.data(), in, strides(in)),
                     nd::tensor_view<T>(y.data(), plan.output_shape(), strides(plan.output_shape())), ws, ex);
      nd::set_max_isa(nd::isa::avx512);
      if (base.empty()) base = y;
      EXPECT_EQ(std::memcmp(y.data(), base.data(), y.size() * sizeof(T)), 0)
          << "target " << static_cast<int>(target) << ", " << ex.concurrency() << " threads, channels-last "
          << channels_last;
    }
  }
}

TEST(DeterminismBranches, OutputsWithoutTapsOrWithManyTaps) {
  using nd::enums::mode;
  nd::resize_attributes crop;
  crop.mode = mode::linear;
  crop.coordinate_transformation_mode = nd::enums::coordinate_transformation_mode::tf_crop_and_resize;
  crop.extrapolation_value = 5.0f;
  const std::vector<double> roi{0, 0, -0.5, -0.5, 1, 1, 1.5, 1.5};  // about half the outputs outside
  nd::resize_attributes aa;
  aa.mode = mode::cubic;
  aa.antialias = true;
  nd::resize_attributes aa_crop = aa;
  aa_crop.coordinate_transformation_mode = crop.coordinate_transformation_mode;
  check_strided<float>({1, 20, 12, 14}, {1, 20, 24, 28}, crop, roi, true);
  check_strided<std::uint8_t>({1, 40, 12, 14}, {1, 40, 24, 28}, crop, roi, true);
  check_strided<float>({2, 3, 30, 40}, {2, 3, 24, 28}, crop, roi, false);
  check_strided<float>({1, 3, 200, 300}, {1, 3, 37, 41}, aa, {}, false);
  check_strided<std::uint8_t>({1, 3, 200, 300}, {1, 3, 37, 41}, aa, {}, true);
  check_strided<std::int16_t>({1, 24, 100, 90}, {1, 24, 17, 19}, aa, {}, true);
  check_strided<float>({1, 3, 200, 300}, {1, 3, 37, 41}, aa_crop, roi, false);
  check_strided<float>({1, 24, 200, 100}, {1, 24, 37, 21}, aa_crop, roi, true);
}

TEST(Isa, DetectedAndCapped) {
  const nd::isa best = nd::active_isa();
  nd::set_max_isa(nd::isa::generic);
  EXPECT_EQ(nd::active_isa(), nd::isa::generic);
  nd::set_max_isa(nd::isa::avx512);
  EXPECT_EQ(nd::active_isa(), best);
}

}  // namespace
