// SPDX-License-Identifier: Apache-2.0
// Hardening: hostile shapes and inputs end in resize_error (never bad_alloc, a hang or
// undefined behaviour) before anything is allocated or written; one plan runs from many threads
// at once with bit-identical results; non-finite data follows DESIGN.md rule 10 (NaN and ±Inf
// propagate through every tap that reads them, and taps of weight exactly zero read nothing).
// Expected values are worked out by hand from the ONNX formulas, never taken from the library.
#include <gtest/gtest.h>
#include <Eigen/Core>

#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <ctime>
#include <limits>
#include <string>
#include <thread>
#include <vector>

#include <ndresize/execute.hpp>
#include <ndresize/onnx/compute.hpp>
#include <ndresize/onnx/opset.hpp>
#include <ndresize/resize.hpp>
#include <ndresize/thread_pool.hpp>

namespace nd = ndresize;
namespace onnx = ndresize::onnx;
using nd::index_t;

namespace {

constexpr index_t big = index_t{1} << 40;
constexpr index_t int64_max = std::numeric_limits<index_t>::max();
const float inf = std::numeric_limits<float>::infinity();
const float nan = std::numeric_limits<float>::quiet_NaN();

nd::resize_attributes linear() {
  nd::resize_attributes a;
  a.mode = nd::enums::mode::linear;
  return a;
}

/// The error code of planning Resize-19, or nullopt when planning succeeds.
std::optional<nd::error_code> plan_error(const nd::dims& x, const nd::resize_attributes& a, std::vector<float> scales,
                                         std::vector<std::int64_t> sizes, const nd::plan_limits& limits = {}) {
  try {
    (void)onnx::make_plan(onnx::op_version::resize_19, a, x, {{}, scales, sizes}, limits);
    return std::nullopt;
  } catch (const nd::resize_error& e) {
    return e.code();
  }
}

/// Runs f and fails when it takes more than `limit` of CPU time: a guard against runaway loops
/// (the guarded calls take milliseconds), not a speed test. CPU time of the process, so that a
/// loaded machine, which stretches wall time, cannot fail it.
template <class F>
void within(std::chrono::milliseconds limit, F&& f) {
  const std::clock_t t0 = std::clock();
  f();
  const double cpu_ms = 1000.0 * static_cast<double>(std::clock() - t0) / CLOCKS_PER_SEC;
  EXPECT_LT(cpu_ms, static_cast<double>(limit.count()));
}

// ---------------------------------------------------------------------------------------------
// Resource limits: everything below is rejected while planning, from the shape alone.

TEST(ResourceLimits, OutputBeyondTheDefaultLimitIsLimitExceeded) {
  // 2^20 · 2^20 = 2^40 > 2^36 elements.
  EXPECT_EQ(plan_error({4, 4}, {}, {}, {1 << 20, 1 << 20}), nd::error_code::limit_exceeded);
  // scales 2^18 on a 2^10 x 2^10 input: 2^28 per axis, 2^56 in all.
  EXPECT_EQ(plan_error({1024, 1024}, linear(), {262144.0f, 262144.0f}, {}), nd::error_code::limit_exceeded);
}

TEST(ResourceLimits, CallerLimitsAreHonoured) {
  nd::plan_limits small;
  small.max_output_elements = 100;
  EXPECT_EQ(plan_error({4, 4}, {}, {}, {10, 10}, small), std::nullopt);  // exactly 100
  EXPECT_EQ(plan_error({4, 4}, {}, {}, {10, 11}, small), nd::error_code::limit_exceeded);
  EXPECT_EQ(plan_error({4, 4}, {}, {}, {101, 1}, small), nd::error_code::limit_exceeded);
  EXPECT_EQ(plan_error({4}, {}, {30.0f}, {}, small), nd::error_code::limit_exceeded);  // 120 > 100

  // Taps: linear antialias at scale 1/10 reaches 10 inputs either side, out · (2·10 + 2) taps.
  nd::resize_attributes aa = linear();
  aa.antialias = 1;
  nd::plan_limits taps;
  taps.max_table_taps = 1000;
  EXPECT_EQ(plan_error({100}, aa, {0.1f}, {}, taps), std::nullopt);                       // 10 · 22 = 220
  EXPECT_EQ(plan_error({10000}, aa, {0.01f}, {}, taps), nd::error_code::limit_exceeded);  // 99 · 202
}

TEST(ResourceLimits, FrontDoorReportsLimitsWithoutTouchingTheOutput) {
  // compute() on a real (tiny) X: planning fails before X is read or Y written.
  std::array<float, 4> x{1, 2, 3, 4}, y{};
  y.fill(-7.0f);
  const std::vector<std::int64_t> sizes{1 << 19, 1 << 19};  // 2^38 elements
  try {
    onnx::compute("Resize", 19, {}, nd::any_const_tensor_view(nd::element_type::float32, x.data(), {2, 2}),
                  {{}, {}, sizes}, nd::any_tensor_view(nd::element_type::float32, y.data(), {2, 2}));
    ADD_FAILURE() << "no exception";
  } catch (const nd::resize_error& e) {
    EXPECT_EQ(e.code(), nd::error_code::limit_exceeded) << e.what();
    EXPECT_NE(std::string(e.what()).find("limit"), std::string::npos) << e.what();
  }
  for (float v : y) EXPECT_EQ(v, -7.0f);
}

TEST(ResourceLimits, DeepRanksAreRejected) {
  std::vector<index_t> deep(20, 1);
  try {
    const nd::dims d(deep);
    ADD_FAILURE() << "a 20-D shape was accepted: " << d.to_string();
  } catch (const nd::resize_error& e) {
    EXPECT_EQ(e.code(), nd::error_code::invalid_shape);
    EXPECT_NE(std::string(e.what()).find("rank 20"), std::string::npos) << e.what();  // the real rank
  }
  // The front door with the attribute map: the same error before anything else.
  std::vector<index_t> seventeen(nd::max_rank + 1, 2);
  EXPECT_THROW((void)onnx::make_plan("Resize", 19, {}, nd::dims(seventeen), {}), nd::resize_error);

  // max_rank itself works: 16-D nearest, upsampling the last axis.
  std::vector<index_t> x16(nd::max_rank, 1);
  x16.back() = 2;
  std::vector<std::int64_t> s16(x16.begin(), x16.end());
  s16.back() = 4;
  const auto plan = onnx::make_plan(onnx::op_version::resize_19, {}, nd::dims(x16), {{}, {}, s16});
  const float x[2] = {3, 5};
  float y[4] = {};
  nd::execute<float>(plan, nd::tensor_view<const float>(x, nd::dims(x16)),
                     nd::tensor_view<float>(y, plan.output_shape()));
  // half_pixel, scale 2: x_original = (j + 0.5)/2 - 0.5 = -0.25, 0.25, 0.75, 1.25 → 0, 0, 1, 1.
  EXPECT_EQ(std::vector<float>(y, y + 4), (std::vector<float>{3, 3, 5, 5}));
}

TEST(ResourceLimits, HugeTapWindowsAreBoundedBeforeBuilding) {
  nd::resize_attributes aa = linear();
  aa.antialias = 1;
  within(std::chrono::milliseconds(5000), [&] {
    // scale 1e-6 on 2^40: ~1.1e6 outputs, each reaching 1e6 inputs either side.
    EXPECT_EQ(plan_error({big}, aa, {1e-6f}, {}), nd::error_code::limit_exceeded);
    // sizes 1 on 2^40: one output whose window spans the whole axis.
    EXPECT_EQ(plan_error({big}, aa, {}, {1}), nd::error_code::limit_exceeded);
    aa.mode = nd::enums::mode::cubic;
    EXPECT_EQ(plan_error({1 << 30, 3}, aa, {}, {2, 3}), nd::error_code::limit_exceeded);
  });
}

TEST(ResourceLimits, SizesWhoseProductOverflowsInt64) {
  // Each axis alone is within the limit; the product 2^96 overflows int64.
  EXPECT_EQ(plan_error({1, 1, 1}, {}, {}, {index_t{1} << 32, index_t{1} << 32, index_t{1} << 32}),
            nd::error_code::limit_exceeded);
  EXPECT_EQ(plan_error({2}, {}, {}, {int64_max}), nd::error_code::limit_exceeded);
  // keep_aspect_ratio_policy: one policy scale (2^20) applied to an axis of 2^62 gives 2^82.
  nd::resize_attributes keep;
  keep.keep_aspect_ratio_policy = nd::enums::keep_aspect_ratio_policy::not_smaller;
  EXPECT_EQ(plan_error({1, index_t{1} << 62}, keep, {}, {1 << 20, 1}), nd::error_code::limit_exceeded);
  // An input shape that no memory holds.
  EXPECT_EQ(plan_error({big, big, big}, {}, {}, {1, 1, 1}), nd::error_code::invalid_shape);
}

TEST(ResourceLimits, ExtremeScales) {
  for (float s : {1e30f, std::numeric_limits<float>::max(), 1e19f})
    EXPECT_EQ(plan_error({4, 4}, linear(), {s, 1.0f}, {}), nd::error_code::limit_exceeded) << s;
  // 1e-30 · 4 floors to 0: an empty output, which is valid (no limit involved).
  const auto plan =
      onnx::make_plan(onnx::op_version::resize_19, linear(), {4, 4}, {{}, std::vector<float>{1e-30f, 1.0f}, {}});
  EXPECT_EQ(plan.output_shape(), (nd::dims{0, 4}));
  // Non-finite and non-positive scales are invalid inputs, not limits.
  for (float s : {nan, inf, -inf, 0.0f, -1.0f, -1e30f})
    EXPECT_EQ(plan_error({4}, linear(), {s}, {}), nd::error_code::invalid_input) << s;
}

TEST(ResourceLimits, HugeExtentsPlanInBoundedTime) {
  // Shape inference on axes beyond 2^53, where consecutive doubles are more than 1 apart:
  // the tap loop must still end, and every tap index must lie in [0, in - 1].
  within(std::chrono::milliseconds(5000), [&] {
    for (index_t in : {index_t{1} << 54, index_t{1} << 60, int64_max})
      for (auto ctm : {nd::enums::coordinate_transformation_mode::half_pixel,
                       nd::enums::coordinate_transformation_mode::align_corners}) {
        nd::resize_attributes a = linear();
        a.coordinate_transformation_mode = ctm;
        for (auto mode : {nd::enums::mode::linear, nd::enums::mode::cubic}) {
          a.mode = mode;
          const auto plan =
              onnx::make_plan(onnx::op_version::resize_19, a, {in}, {{}, {}, std::vector<std::int64_t>{3}});
          ASSERT_EQ(plan.output_shape(), nd::dims{3});
          const auto& t = plan.table(0);
          for (index_t i : t.tap_index) {
            EXPECT_GE(i, 0);
            EXPECT_LE(i, in - 1);
          }
        }
      }
  });
}

TEST(ResourceLimits, ViewsOfUncountableShapesAreRejectedByTheFrontDoor) {
  float x = 1, y[1] = {5};
  const nd::dims huge{index_t{1} << 32, index_t{1} << 32, index_t{1} << 32};
  const nd::any_const_tensor_view xv(nd::element_type::float32, &x, huge);  // must not overflow
  EXPECT_THROW(onnx::compute("Resize", 19, {}, xv, {{}, {}, std::vector<std::int64_t>{1, 1, 1}},
                             nd::any_tensor_view(nd::element_type::float32, y, {1, 1, 1})),
               nd::resize_error);
  EXPECT_EQ(y[0], 5.0f);
}

// ---------------------------------------------------------------------------------------------
// Thread safety: a built plan is immutable, so one plan may run on many threads at once.

/// Deterministic input values (a fixed LCG; no std distribution, whose output varies).
template <class T>
std::vector<T> pattern(std::size_t n, std::uint32_t seed) {
  std::vector<T> v(n);
  std::uint32_t s = seed * 2654435761u + 1;
  for (auto& e : v) {
    s = s * 1664525u + 1013904223u;
    if constexpr (std::is_same_v<T, std::string>)
      e = "s" + std::to_string(s >> 20);
    else if constexpr (std::is_integral_v<T>)
      e = static_cast<T>(s >> 24);
    else
      e = static_cast<T>(static_cast<double>(s >> 8) / 65536.0 - 128.0);
  }
  return v;
}

template <class T>
bool bit_identical(const std::vector<T>& a, const std::vector<T>& b) {
  if constexpr (std::is_same_v<T, std::string>)
    return a == b;
  else
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0;
}

/// Runs `plan` from `threads` threads at once, each on its own input and output and several
/// times over, and compares every result with the same input run alone on this thread.
template <class T>
void run_concurrently(const nd::resize_plan& plan, int threads, int rounds) {
  const auto nx = static_cast<std::size_t>(nd::checked_element_count(plan.input_shape()));
  const auto ny = static_cast<std::size_t>(plan.output_size());
  std::vector<std::vector<T>> inputs, expected, outputs(static_cast<std::size_t>(threads), std::vector<T>(ny));
  for (int t = 0; t < threads; ++t) {
    inputs.push_back(pattern<T>(nx, static_cast<std::uint32_t>(t)));
    std::vector<T> y(ny);
    nd::execute<T>(plan, nd::tensor_view<const T>(inputs.back().data(), plan.input_shape()),
                   nd::tensor_view<T>(y.data(), plan.output_shape()));
    expected.push_back(std::move(y));
  }
  std::vector<int> mismatches(static_cast<std::size_t>(threads), 0);
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      const auto i = static_cast<std::size_t>(t);
      nd::workspace ws;  // one per thread, reused across rounds
      for (int r = 0; r < rounds; ++r) {
        std::fill(outputs[i].begin(), outputs[i].end(), T{});
        nd::execute<T>(plan, nd::tensor_view<const T>(inputs[i].data(), plan.input_shape()),
                       nd::tensor_view<T>(outputs[i].data(), plan.output_shape()), ws);
        if (!bit_identical(outputs[i], expected[i])) ++mismatches[i];
      }
    });
  for (auto& th : pool) th.join();
  for (int t = 0; t < threads; ++t) EXPECT_EQ(mismatches[static_cast<std::size_t>(t)], 0) << "thread " << t;
}

TEST(ThreadSafety, OnePlanEightThreadsWeighted) {
  nd::resize_attributes a;
  a.mode = nd::enums::mode::cubic;
  a.exclude_outside = 1;
  // Shrinks one axis and grows two: several passes through scratch.
  const auto plan = onnx::make_plan(onnx::op_version::resize_19, a, {2, 3, 13, 17},
                                    {{}, {}, std::vector<std::int64_t>{2, 2, 29, 11}});
  run_concurrently<float>(plan, 8, 6);
  run_concurrently<std::uint8_t>(plan, 8, 3);
}

TEST(ThreadSafety, OnePlanEightThreadsAntialiasAndCrop) {
  nd::resize_attributes a = linear();
  a.antialias = 1;
  const auto aa =
      onnx::make_plan(onnx::op_version::resize_18, a, {5, 40, 9}, {{}, std::vector<float>{1.0f, 0.3f, 1.5f}, {}});
  run_concurrently<double>(aa, 8, 4);
  nd::resize_attributes c = linear();
  c.coordinate_transformation_mode = nd::enums::coordinate_transformation_mode::tf_crop_and_resize;
  c.extrapolation_value = -1.0f;
  const std::vector<double> roi{-0.2, 0.1, 1.1, 0.7};
  const auto crop =
      onnx::make_plan(onnx::op_version::resize_13, c, {11, 7}, {roi, {}, std::vector<std::int64_t>{9, 12}});
  run_concurrently<Eigen::half>(crop, 8, 4);
}

TEST(ThreadSafety, OnePlanEightThreadsNearestGather) {
  nd::resize_attributes a;
  a.nearest_mode = nd::enums::nearest_mode::ceil;
  const auto plan =
      onnx::make_plan(onnx::op_version::resize_19, a, {3, 5, 6}, {{}, std::vector<float>{2.0f, 1.5f, 0.5f}, {}});
  run_concurrently<float>(plan, 8, 6);
  run_concurrently<std::string>(plan, 8, 3);  // elements that own heap memory
}

TEST(ThreadSafety, FrontDoorFromEightThreads) {
  // The whole runtime path (version map, attribute parsing, planning, type switch) per call.
  const onnx::attribute_map attrs{{"mode", std::string("linear")},
                                  {"coordinate_transformation_mode", std::string("align_corners")}};
  const std::vector<float> scales{1.0f, 2.5f, 0.5f};
  const nd::dims xs{2, 6, 8};
  const auto x = pattern<float>(96, 7);
  std::vector<float> alone(2 * 15 * 4);
  onnx::compute("Resize", 13, attrs, nd::any_const_tensor_view(nd::element_type::float32, x.data(), xs),
                {{}, scales, {}}, nd::any_tensor_view(nd::element_type::float32, alone.data(), {2, 15, 4}));
  std::vector<std::vector<float>> ys(8, std::vector<float>(alone.size()));
  std::vector<std::thread> pool;
  for (std::size_t t = 0; t < ys.size(); ++t)
    pool.emplace_back([&, t] {
      for (int r = 0; r < 4; ++r)
        onnx::compute("Resize", 13, attrs, nd::any_const_tensor_view(nd::element_type::float32, x.data(), xs),
                      {{}, scales, {}}, nd::any_tensor_view(nd::element_type::float32, ys[t].data(), {2, 15, 4}));
    });
  for (auto& th : pool) th.join();
  for (const auto& y : ys) EXPECT_TRUE(bit_identical(y, alone));
}

// The built-in pool (its threads poll for 100 µs after a job, then block): every item of every
// job runs exactly once, with jobs back to back (workers polling), after idle gaps (workers
// blocked), of 0 to 8 items, from two callers sharing one pool, for 1 to 5 threads.
TEST(ThreadSafety, PoolRunsEveryItemOnceBackToBackAndAfterIdling) {
  for (const int threads : {1, 2, 3, 5}) {
    nd::thread_pool pool(threads);
    const nd::executor ex = pool.get_executor();
    std::array<int, 2> failures{};
    auto caller = [&](int who) {
      for (int job = 0; job < 600; ++job) {
        const index_t n = job % 9;
        std::vector<std::atomic<int>> runs(static_cast<std::size_t>(n));
        ex.run(n, [&](index_t i) { runs[static_cast<std::size_t>(i)].fetch_add(1); });
        for (const auto& r : runs) failures[static_cast<std::size_t>(who)] += r.load() != 1;
        if (job % 150 == 0) std::this_thread::sleep_for(std::chrono::milliseconds(2));
      }
    };
    std::thread second(caller, 1);
    caller(0);
    second.join();
    EXPECT_EQ(failures[0] + failures[1], 0) << threads << " threads";
  }
}

// An idle pool takes no CPU: after a job and more than the polling time, its threads block.
TEST(ThreadSafety, IdlePoolTakesNoCpu) {
  nd::thread_pool pool(3);
  std::atomic<int> ran{0};
  pool.parallel_for(6, [&](index_t) { ran.fetch_add(1); });
  EXPECT_EQ(ran.load(), 6);
  std::this_thread::sleep_for(std::chrono::milliseconds(50));  // past the polling
  const std::clock_t before = std::clock();                    // this process's CPU time
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const double cpu_ms = 1000.0 * static_cast<double>(std::clock() - before) / CLOCKS_PER_SEC;
  // Two threads polling would take about 600 ms of CPU here.
  EXPECT_LT(cpu_ms, 60.0);
}

// ---------------------------------------------------------------------------------------------
// Non-finite data (DESIGN.md rule 10).

std::vector<float> run_1d(const nd::resize_attributes& a, std::vector<float> x, std::vector<std::int64_t> sizes,
                          std::vector<float> scales = {}) {
  const auto plan =
      onnx::make_plan(onnx::op_version::resize_19, a, {static_cast<index_t>(x.size())}, {{}, scales, sizes});
  std::vector<float> y(static_cast<std::size_t>(plan.output_size()));
  nd::execute<float>(plan, nd::tensor_view<const float>(x.data(), plan.input_shape()),
                     nd::tensor_view<float>(y.data(), plan.output_shape()));
  return y;
}

/// NaN-aware equality: NaN matches NaN, everything else compares exactly (also ±Inf).
void expect_same(const std::vector<float>& got, const std::vector<float>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (std::isnan(want[i]))
      EXPECT_TRUE(std::isnan(got[i])) << "y[" << i << "] = " << got[i] << ", want NaN";
    else
      EXPECT_EQ(got[i], want[i]) << "y[" << i << "]";
  }
}

TEST(NonFinite, ExactGridPositionsReadOneInput) {
  nd::resize_attributes a = linear();
  a.coordinate_transformation_mode = nd::enums::coordinate_transformation_mode::align_corners;
  // 3 → 5, align_corners: x_original = j · 2/4 = 0, 0.5, 1, 1.5, 2. Output 2 sits exactly on
  // input 1: its neighbours have weight 0 and are not read, so the NaN at input 2 stays out.
  expect_same(run_1d(a, {1, 2, nan}, {5}), {1, 1.5f, 2, nan, nan});
  expect_same(run_1d(a, {nan, 2, 4}, {5}), {nan, nan, 2, 3, 4});
  expect_same(run_1d(a, {inf, 2, 4}, {5}), {inf, inf, 2, 3, 4});

  // asymmetric, scale 2: x_original = j/2; j = 4 and 5 read input 2, and past it clamp to it.
  a.coordinate_transformation_mode = nd::enums::coordinate_transformation_mode::asymmetric;
  expect_same(run_1d(a, {nan, 5, 7}, {}, {2.0f}), {nan, nan, 5, 6, 7, 7});
  // Both infinities in one window: inf · 0.5 + (-inf) · 0.5 is NaN; alone each stays infinite.
  expect_same(run_1d(a, {inf, -inf}, {}, {2.0f}), {inf, nan, -inf, -inf});

  // Cubic on the grid: Keys' kernel is 1 at 0 and 0 at ±1, ±2: one tap, NaN two away unread.
  a.mode = nd::enums::mode::cubic;
  expect_same(run_1d(a, {nan, 1, 2, 3, nan}, {}, {2.0f}),
              // j = 2, 4, 6 sit on inputs 1, 2, 3; every other output reads a NaN (weights ≠ 0).
              {nan, nan, 1, nan, 2, nan, 3, nan, nan, nan});
}

TEST(NonFinite, TwoDimensionalNaNStaysInItsWindow) {
  // 3x3 → 5x5 align_corners with NaN at (1, 1): output (i, j) reads input row 1 iff
  // i ∈ {1, 2, 3} (x_original 0.5, 1, 1.5), and column 1 iff j ∈ {1, 2, 3}.
  nd::resize_attributes a = linear();
  a.coordinate_transformation_mode = nd::enums::coordinate_transformation_mode::align_corners;
  std::vector<float> x{0, 1, 2, 3, nan, 5, 6, 7, 8};
  const auto plan = onnx::make_plan(onnx::op_version::resize_19, a, {3, 3}, {{}, {}, std::vector<std::int64_t>{5, 5}});
  std::vector<float> y(25);
  nd::execute<float>(plan, nd::tensor_view<const float>(x.data(), {3, 3}), nd::tensor_view<float>(y.data(), {5, 5}));
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 5; ++j) {
      const bool reads_nan = i >= 1 && i <= 3 && j >= 1 && j <= 3;
      EXPECT_EQ(std::isnan(y[static_cast<std::size_t>(i * 5 + j)]), reads_nan) << i << "," << j;
    }
  // The border reads only the finite ring: row 0 is 0, 0.5, 1, 1.5, 2; column 0 is 0, 1.5, 3, 4.5, 6.
  EXPECT_EQ(y[1], 0.5f);
  EXPECT_EQ(y[3], 1.5f);
  EXPECT_EQ(y[10], 3.0f);
  EXPECT_EQ(y[24], 8.0f);
}

template <class T>
void expect_nearest_copies_bits(std::vector<T> x) {
  // Nearest 2x upsampling (asymmetric, floor): output j copies input j/2, bit for bit.
  nd::resize_attributes a;
  a.coordinate_transformation_mode = nd::enums::coordinate_transformation_mode::asymmetric;
  a.nearest_mode = nd::enums::nearest_mode::floor;
  const auto plan = onnx::make_plan(onnx::op_version::resize_19, a, {static_cast<index_t>(x.size())},
                                    {{}, std::vector<float>{2.0f}, {}});
  std::vector<T> y(2 * x.size());
  nd::execute<T>(plan, nd::tensor_view<const T>(x.data(), plan.input_shape()),
                 nd::tensor_view<T>(y.data(), plan.output_shape()));
  for (std::size_t j = 0; j < y.size(); ++j) EXPECT_EQ(std::memcmp(&y[j], &x[j / 2], sizeof(T)), 0) << "y[" << j << "]";
}

TEST(NonFinite, NearestCopiesNaNPayloadsInfinitiesAndSignedZeroExactly) {
  expect_nearest_copies_bits<float>(
      {std::bit_cast<float>(0x7fc01234u), std::bit_cast<float>(0xffa00001u), inf, -inf, -0.0f, 1.5f});
  expect_nearest_copies_bits<double>(
      {std::bit_cast<double>(0x7ff8000000abcdefull), -std::numeric_limits<double>::infinity(), -0.0});
  expect_nearest_copies_bits<Eigen::half>({Eigen::numext::bit_cast<Eigen::half>(std::uint16_t{0x7e05}),
                                           Eigen::numext::bit_cast<Eigen::half>(std::uint16_t{0xfc00}),
                                           Eigen::numext::bit_cast<Eigen::half>(std::uint16_t{0x8000})});
  expect_nearest_copies_bits<Eigen::bfloat16>({Eigen::numext::bit_cast<Eigen::bfloat16>(std::uint16_t{0x7fc3}),
                                               Eigen::numext::bit_cast<Eigen::bfloat16>(std::uint16_t{0x7f80})});
  expect_nearest_copies_bits<std::complex<float>>({{nan, -inf}, {-0.0f, 2.0f}});
}

TEST(NonFinite, ExtrapolationValueMayBeNaN) {
  // tf_crop_and_resize over roi [-1, 2] of 3 inputs, 4 outputs: x_original = -2 + j · 6/3 =
  // -2, 0, 2, 4; the first and last lie outside [0, 2] and take extrapolation_value (NaN).
  nd::resize_attributes a = linear();
  a.coordinate_transformation_mode = nd::enums::coordinate_transformation_mode::tf_crop_and_resize;
  a.extrapolation_value = nan;
  const std::vector<double> roi{-1.0, 2.0};
  const auto plan = onnx::make_plan(onnx::op_version::resize_19, a, {3}, {roi, {}, std::vector<std::int64_t>{4}});
  const std::vector<float> x{10, 20, 30};
  std::vector<float> y(4);
  nd::execute<float>(plan, nd::tensor_view<const float>(x.data(), {3}), nd::tensor_view<float>(y.data(), {4}));
  expect_same(y, {nan, 10, 30, nan});
}

TEST(NonFinite, NaNStoresAsZeroInIntegersAndInfSaturates) {
  // DESIGN.md rule 7 at the store: the float accumulator holds NaN/±Inf only when the input
  // did, which integer inputs cannot; check the store rule directly on its accumulator.
  EXPECT_EQ(nd::from_accumulator<std::int16_t>(nan), 0);
  EXPECT_EQ(nd::from_accumulator<std::int16_t>(inf), std::numeric_limits<std::int16_t>::max());
  EXPECT_EQ(nd::from_accumulator<std::uint8_t>(-inf), 0);
  EXPECT_EQ(nd::from_accumulator<std::int64_t>(std::numeric_limits<double>::infinity()), int64_max);
}

}  // namespace
