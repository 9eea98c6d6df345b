// SPDX-License-Identifier: Apache-2.0
// Channels-last data, where the contiguous axis (C) is not resized: NHWC tensors resized along
// H and W, and NHWC-strided views of logically NCHW tensors. The expected bits come from a
// plain model of the numeric contract written here: the axes' passes one after the other in
// the executor's pass order, each output the sum of its taps in table order starting from the
// first product, in the accumulator type, intermediates kept in the accumulator type and one
// rounding at the final store. Every CPU target and thread count must give exactly those
// bits; the slow double-precision reference bounds them within rounding.
#include <gtest/gtest.h>
#include <Eigen/Core>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <ndresize/ndresize.hpp>

#include "support/plan_reference.hpp"

namespace nd = ndresize;

namespace {

/// One pass of the model along `axis` of a row-major tensor of `ext`.
template <class Acc, class Src>
std::vector<Acc> model_pass(const std::vector<Src>& x, const nd::dims& ext, int axis, const nd::axis_table& t) {
  nd::index_t outer = 1, inner = 1;
  for (int d = 0; d < axis; ++d) outer *= ext[d];
  for (int d = axis + 1; d < ext.size(); ++d) inner *= ext[d];
  const auto* w = [&] {
    if constexpr (std::is_same_v<nd::weight_t<Acc>, float>)
      return t.tap_weight_f.data();
    else
      return t.tap_weight.data();
  }();
  std::vector<Acc> y(static_cast<std::size_t>(outer * t.out * inner));
  for (nd::index_t o = 0; o < outer; ++o)
    for (nd::index_t j = 0; j < t.out; ++j)
      for (nd::index_t c = 0; c < inner; ++c) {
        const auto b = t.tap_begin[static_cast<std::size_t>(j)], e = t.tap_begin[static_cast<std::size_t>(j) + 1];
        Acc acc{};
        for (auto q = b; q < e; ++q) {
          const auto i = static_cast<std::size_t>((o * t.in + t.tap_index[static_cast<std::size_t>(q)]) * inner + c);
          Acc v;
          if constexpr (std::is_same_v<Src, Acc>)
            v = x[i];
          else
            v = nd::to_accumulator<Src>(x[i]);
          const Acc p = w[q] * v;
          acc = q == b ? p : acc + p;  // the first product starts the sum (keeps -0.0)
        }
        y[static_cast<std::size_t>((o * t.out + j) * inner + c)] = acc;
      }
  return y;
}

/// The model of the whole resize of row-major `x` (extrapolated points left as computed).
template <class T>
std::vector<T> model(const nd::resize_plan& plan, const std::vector<T>& x, const std::vector<int>& order) {
  using Acc = nd::accumulator_t<T>;
  nd::dims ext = plan.input_shape();
  std::vector<Acc> cur(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) cur[i] = nd::to_accumulator<T>(x[i]);
  for (int a : order) {
    cur = model_pass<Acc, Acc>(cur, ext, a, plan.table(a));
    ext[a] = plan.output_shape()[a];
  }
  std::vector<T> y(cur.size());
  for (std::size_t i = 0; i < y.size(); ++i) y[i] = nd::from_accumulator<T>(cur[i]);
  return y;
}

struct nhwc_case {
  nd::index_t n, h, w, c, oh, ow;
  nd::resize_attributes attrs;
  std::string name;
};

// A linear case. Made member by member: GCC 12 warns (-Wmaybe-uninitialized, a false positive
// inside std::optional) on an aggregate initializer that value-initializes the attributes.
nhwc_case linear_case(nd::index_t n, nd::index_t h, nd::index_t w, nd::index_t c, nd::index_t oh, nd::index_t ow,
                      std::string name) {
  nhwc_case k;
  k.n = n;
  k.h = h;
  k.w = w;
  k.c = c;
  k.oh = oh;
  k.ow = ow;
  k.attrs.mode = nd::enums::mode::linear;
  k.name = std::move(name);
  return k;
}

std::vector<nhwc_case> cases() {
  std::mt19937 rng(12);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  const int channels[] = {1, 3, 8, 15, 16, 17, 40, 64};
  std::vector<nhwc_case> v;
  for (int i = 0; i < 48; ++i) {
    nhwc_case k;
    k.n = pick(1, 2);
    k.h = pick(1, 9);
    k.w = pick(1, 9);
    k.c = channels[i % 8];
    k.oh = pick(1, 15);
    k.ow = pick(1, 15);
    const int m = pick(0, 3);
    k.attrs.mode = m == 3 ? nd::enums::mode::cubic : nd::enums::mode::linear;
    k.attrs.antialias = m == 1 || pick(0, 3) == 0;
    k.attrs.exclude_outside = m == 3 && pick(0, 1);
    k.name = std::to_string(i) + "_" + std::to_string(k.n) + "x" + std::to_string(k.h) + "x" + std::to_string(k.w) +
             "x" + std::to_string(k.c) + "_to_" + std::to_string(k.oh) + "x" + std::to_string(k.ow) +
             (m == 3 ? "_cubic" : "_linear") + (k.attrs.antialias ? "_aa" : "");
    v.push_back(k);
  }
  // The workload shape of channels-last networks (C = 256, 2x up), made small.
  v.push_back(linear_case(2, 5, 5, 256, 10, 10, "C256_up"));
  return v;
}

/// Random values with negative numbers, zeros and (floating types) negative zeros.
template <class T>
std::vector<T> random_data(std::size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<T> v(n);
  for (auto& e : v) {
    const int kind = std::uniform_int_distribution<int>(0, 9)(rng);
    if constexpr (std::is_integral_v<T>) {
      e = kind == 0 ? T{0} : static_cast<T>(std::uniform_int_distribution<int>(0, 255)(rng));
    } else {
      const float f = kind == 0 ? 0.0f : kind == 1 ? -0.0f : std::uniform_real_distribution<float>(-50.0f, 50.0f)(rng);
      e = static_cast<T>(f);
    }
  }
  return v;
}

/// Whether this machine runs `target` (a cap at it resolves to it). The isa codes are not in
/// order of width (sse4 came last), so no comparison of codes can say.
bool runs(nd::isa target) {
  nd::set_max_isa(target);
  const bool yes = nd::active_isa() == target;
  nd::set_max_isa(nd::isa::avx512);
  return yes;
}

template <class T>
void check_case(const nhwc_case& k) {
  using Acc = nd::accumulator_t<T>;
  nd::thread_pool pool(3);
  for (const bool view : {false, true}) {
    // view: logical NCHW with NHWC strides; else an NHWC tensor resized along axes 1 and 2.
    nd::resize_attributes a = k.attrs;
    const nd::dims in = view ? nd::dims{k.n, k.c, k.h, k.w} : nd::dims{k.n, k.h, k.w, k.c};
    std::vector<std::int64_t> sizes;
    if (view) {
      sizes = {k.n, k.c, k.oh, k.ow};
    } else {
      a.axes = std::vector<std::int64_t>{1, 2};
      sizes = {k.oh, k.ow};
    }
    const auto plan = nd::make_plan(in, a, {{}, {}, sizes});
    const nd::dims& out = plan.output_shape();
    auto nhwc = [&](const nd::dims& e) { return nd::dims{e[2] * e[3] * e[1], 1, e[3] * e[1], e[1]}; };
    const nd::dims xs = view ? nhwc(in) : nd::row_major_strides(in);
    const nd::dims ys = view ? nhwc(out) : nd::row_major_strides(out);
    const auto x = random_data<T>(static_cast<std::size_t>(nd::checked_element_count(in)), 5);
    // The model runs on a row-major copy of the logical tensor, in the executor's pass order.
    std::vector<T> logical(x.size());
    {
      std::size_t i = 0;
      for (nd::index_t a0 = 0; a0 < in[0]; ++a0)
        for (nd::index_t a1 = 0; a1 < in[1]; ++a1)
          for (nd::index_t a2 = 0; a2 < in[2]; ++a2)
            for (nd::index_t a3 = 0; a3 < in[3]; ++a3)
              logical[i++] = x[static_cast<std::size_t>(a0 * xs[0] + a1 * xs[1] + a2 * xs[2] + a3 * xs[3])];
    }
    const auto expected_logical = model<T>(plan, logical, nd::execution_order<T>(plan));
    std::vector<T> expected(expected_logical.size());
    {
      std::size_t i = 0;
      for (nd::index_t a0 = 0; a0 < out[0]; ++a0)
        for (nd::index_t a1 = 0; a1 < out[1]; ++a1)
          for (nd::index_t a2 = 0; a2 < out[2]; ++a2)
            for (nd::index_t a3 = 0; a3 < out[3]; ++a3)
              expected[static_cast<std::size_t>(a0 * ys[0] + a1 * ys[1] + a2 * ys[2] + a3 * ys[3])] =
                  expected_logical[i++];
    }
    // The double-precision reference agrees within rounding (the model is the right model).
    std::vector<T> ref(expected.size());
    nd::detail::reference_execute<T>(plan, nd::tensor_view<const T>(x.data(), in, xs),
                                     nd::tensor_view<T>(ref.data(), out, ys));
    for (std::size_t i = 0; i < ref.size(); ++i) {
      const double e = static_cast<double>(static_cast<Acc>(nd::to_accumulator<T>(expected[i])));
      const double r = static_cast<double>(static_cast<Acc>(nd::to_accumulator<T>(ref[i])));
      const double tol = std::is_integral_v<T>       ? 1.0
                         : std::is_same_v<T, double> ? 1e-9 * std::max(1.0, std::abs(r))
                         : std::is_same_v<T, float>  ? 1e-4 * std::max(1.0, std::abs(r))
                                                     : 2e-2 * std::max(1.0, std::abs(r));
      ASSERT_LE(std::abs(e - r), tol) << k.name << (view ? " view" : " nhwc") << " element " << i;
    }
    for (const nd::isa target : {nd::isa::generic, nd::isa::sse4, nd::isa::avx2, nd::isa::avx512, nd::isa::neon}) {
      if (!runs(target)) continue;
      for (const int threads : {1, 3}) {
        nd::set_max_isa(target);
        std::vector<T> y(expected.size());
        nd::workspace ws;
        nd::execute<T>(plan, nd::tensor_view<const T>(x.data(), in, xs), nd::tensor_view<T>(y.data(), out, ys), ws,
                       threads > 1 ? pool.get_executor() : nd::executor{});
        nd::set_max_isa(nd::isa::avx512);
        EXPECT_EQ(std::memcmp(y.data(), expected.data(), y.size() * sizeof(T)), 0)
            << k.name << (view ? " view" : " nhwc") << ": target " << static_cast<int>(target) << ", " << threads
            << " threads";
      }
    }
  }
}

class ChannelsLast : public ::testing::TestWithParam<nhwc_case> {};

TEST_P(ChannelsLast, Uint8) { check_case<std::uint8_t>(GetParam()); }
TEST_P(ChannelsLast, Int16) { check_case<std::int16_t>(GetParam()); }
TEST_P(ChannelsLast, Float) { check_case<float>(GetParam()); }
TEST_P(ChannelsLast, Double) { check_case<double>(GetParam()); }
TEST_P(ChannelsLast, Half) { check_case<Eigen::half>(GetParam()); }
TEST_P(ChannelsLast, Bfloat16) { check_case<Eigen::bfloat16>(GetParam()); }

INSTANTIATE_TEST_SUITE_P(Cases, ChannelsLast, ::testing::ValuesIn(cases()), [](const auto& p) { return p.param.name; });

// An output beyond the streaming threshold (16 MiB of float): non-temporal stores, same bits.
TEST(ChannelsLastLarge, StreamedOutput) { check_case<float>(linear_case(1, 64, 64, 256, 128, 128, "streamed")); }

// Rows of 3-channel pixels whose resampled rows end within a cache line (4203 elements),
// streamed into an output that is not vector-aligned (a std::vector: glibc starts it 16 bytes
// past a 64-byte boundary): the ring's rows at ring_stride and the streamed blend's shifted
// loads (stream_realigned), same bits.
TEST(ChannelsLastLarge, StreamedOddRowsIntoAMisalignedOutput) {
  check_case<float>(linear_case(1, 400, 700, 3, 800, 1401, "streamed_odd_rows"));
}

// A large channels-last nearest (Y beyond the weighted kernels' streaming threshold, runs of
// channels of 256 bytes and more, Y aligned and not; repeated slabs are copies of earlier ones):
// every element is a bit copy (NaN payloads included) of X[0, i / 2, j / 4, ch] (asymmetric +
// floor, 2x and 4x), on every target and thread count, and nothing outside Y is written.
template <class T>
void check_large_nearest(nd::index_t c, std::size_t offset) {
  const nd::index_t h = 64, w = 64, oh = 128, ow = 256;
  const nd::dims in{1, h, w, c};
  nd::resize_attributes a;
  a.mode = nd::enums::mode::nearest;
  a.coordinate_transformation_mode = nd::enums::coordinate_transformation_mode::asymmetric;
  a.nearest_mode = nd::enums::nearest_mode::floor;
  a.axes = std::vector<std::int64_t>{1, 2};
  const std::vector<std::int64_t> sizes{oh, ow};
  const auto plan = nd::make_plan(in, a, {{}, {}, sizes});
  const nd::dims out = plan.output_shape();
  ASSERT_GE(nd::checked_element_count(out) * static_cast<nd::index_t>(sizeof(T)), nd::index_t{8} << 20);
  std::vector<T> x(static_cast<std::size_t>(nd::checked_element_count(in)));
  std::mt19937 rng(7);
  for (T& e : x) {
    unsigned char bytes[sizeof(T)];
    for (auto& b : bytes) b = static_cast<unsigned char>(rng());
    std::memcpy(&e, bytes, sizeof(T));
  }
  std::vector<T> expected(static_cast<std::size_t>(nd::checked_element_count(out)));
  for (nd::index_t i = 0; i < oh; ++i)
    for (nd::index_t j = 0; j < ow; ++j)
      std::memcpy(&expected[static_cast<std::size_t>((i * ow + j) * c)],
                  &x[static_cast<std::size_t>(((i / 2) * w + j / 4) * c)], static_cast<std::size_t>(c) * sizeof(T));
  const std::size_t y_bytes = expected.size() * sizeof(T);
  nd::thread_pool pool(3);
  for (const nd::isa target : {nd::isa::generic, nd::isa::sse4, nd::isa::avx2, nd::isa::avx512, nd::isa::neon}) {
    if (!runs(target)) continue;
    for (const int threads : {1, 3}) {
      // Y at `offset` bytes into a buffer with guard bytes on both sides.
      std::vector<unsigned char> buffer(y_bytes + 2 * 64 + offset, 0xA5);
      auto* y = reinterpret_cast<T*>(buffer.data() + 64 + offset);
      nd::set_max_isa(target);
      nd::workspace ws;
      nd::execute<T>(plan, nd::tensor_view<const T>(x.data(), in), nd::tensor_view<T>(y, out), ws,
                     threads > 1 ? pool.get_executor() : nd::executor{});
      nd::set_max_isa(nd::isa::avx512);
      EXPECT_EQ(std::memcmp(y, expected.data(), y_bytes), 0)
          << "C " << c << ", offset " << offset << ": target " << static_cast<int>(target) << ", " << threads
          << " threads";
      const bool guards = std::all_of(buffer.begin(), buffer.begin() + 64 + static_cast<std::ptrdiff_t>(offset),
                                      [](unsigned char b) { return b == 0xA5; }) &&
                          std::all_of(buffer.end() - 64, buffer.end(), [](unsigned char b) { return b == 0xA5; });
      EXPECT_TRUE(guards) << "C " << c << ": wrote outside Y";
    }
  }
}

TEST(ChannelsLastLarge, LargeNearestRuns) {
  check_large_nearest<float>(64, 0);          // 256-byte runs, aligned
  check_large_nearest<float>(67, 4);          // runs of 268 bytes, Y off 64-byte alignment
  check_large_nearest<std::uint8_t>(256, 1);  // byte elements at an odd address
  check_large_nearest<double>(40, 8);
}

}  // namespace
