// SPDX-License-Identifier: Apache-2.0
// The peer workloads (W1–W7), float32 unless noted, one call resizing the whole tensor into
// preallocated output with the plan built outside the timed loop. Each ndresize case checks
// its output once against the library's slow reference path before it is timed. With OpenCV
// found, the same binary times cv::resize on the same workloads. Names:
// <id>/<library>/threads:<n>; bytes processed = input + output bytes.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <ndresize/ndresize.hpp>
#include "support/plan_reference.hpp"

#ifdef NDRESIZE_BENCH_OPENCV
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#endif

namespace nd = ndresize;

namespace {

struct workload {
  std::string id;
  nd::dims in, out;
  nd::resize_attributes attrs;
  bool uint8 = false;
};

nd::resize_attributes attrs(nd::enums::mode m, bool antialias = false, std::vector<std::int64_t> axes = {}) {
  nd::resize_attributes a;
  a.mode = m;
  a.antialias = antialias;
  a.cubic_coeff_a = -0.75f;
  if (!axes.empty()) a.axes = axes;
  return a;
}

std::vector<workload> workloads() {
  using nd::enums::mode;
  return {
      {"W1", {1, 3, 540, 960}, {1, 3, 1080, 1920}, attrs(mode::linear)},
      {"W2", {1, 3, 1080, 1920}, {1, 3, 224, 224}, attrs(mode::linear)},
      {"W2a", {1, 3, 1080, 1920}, {1, 3, 224, 224}, attrs(mode::linear, true)},
      {"W3", {1, 3, 540, 960}, {1, 3, 1080, 1920}, attrs(mode::cubic)},
      {"W4", {1, 64, 128, 128}, {1, 64, 256, 256}, attrs(mode::nearest)},
      {"W5", {1, 1, 64, 128, 128}, {1, 1, 128, 256, 256}, attrs(mode::linear)},
      {"W6", {1080, 1920, 3}, {224, 224, 3}, attrs(mode::linear, false, {0, 1}), true},
      {"W6a", {1080, 1920, 3}, {224, 224, 3}, attrs(mode::linear, true, {0, 1}), true},
      {"W7", {32, 256, 14, 14}, {32, 256, 28, 28}, attrs(mode::linear)},
  };
}

std::vector<std::int64_t> sizes_of(const workload& w) {
  std::vector<std::int64_t> s;
  if (w.attrs.axes)
    for (auto a : *w.attrs.axes) s.push_back(w.out[static_cast<int>(a)]);
  else
    s.assign(w.out.begin(), w.out.end());
  return s;
}

template <class T>
std::vector<T> random_data(nd::index_t n) {
  std::mt19937 rng(42);
  std::vector<T> v(static_cast<std::size_t>(n));
  if constexpr (std::is_same_v<T, std::uint8_t>) {
    std::uniform_int_distribution<int> d(0, 255);
    for (auto& e : v) e = static_cast<T>(d(rng));
  } else {
    std::uniform_real_distribution<float> d(-1.0f, 1.0f);
    for (auto& e : v) e = d(rng);
  }
  return v;
}

template <class T>
void verify(const nd::resize_plan& plan, const std::vector<T>& x, const std::vector<T>& y, benchmark::State& state) {
  std::vector<T> ref(y.size());
  nd::detail::reference_execute<T>(plan, nd::tensor_view<const T>(x.data(), plan.input_shape()),
                                   nd::tensor_view<T>(ref.data(), plan.output_shape()));
  for (std::size_t i = 0; i < y.size(); ++i) {
    const double a = static_cast<double>(y[i]), b = static_cast<double>(ref[i]);
    const double tol = std::is_same_v<T, float> ? 1e-5 * std::max(1.0, std::abs(b)) : 1.0;
    if (!(std::abs(a - b) <= tol)) {
      state.SkipWithError(("fast path differs from the reference at element " + std::to_string(i)).c_str());
      return;
    }
  }
}

template <class T>
void bench_ndresize(benchmark::State& state, const workload& w, int threads) {
  const auto sizes = sizes_of(w);
  const auto plan = nd::make_plan(w.in, w.attrs, {{}, {}, sizes});
  const auto x = random_data<T>(nd::checked_element_count(w.in));
  std::vector<T> y(static_cast<std::size_t>(plan.output_size()));
  nd::thread_pool pool(threads);
  const nd::executor ex = threads > 1 ? pool.get_executor() : nd::executor{};
  nd::workspace ws;
  const nd::tensor_view<const T> xv(x.data(), w.in);
  const nd::tensor_view<T> yv(y.data(), plan.output_shape());
  nd::execute<T>(plan, xv, yv, ws, ex);
  verify<T>(plan, x, y, state);
  for (auto _ : state) {
    nd::execute<T>(plan, xv, yv, ws, ex);
    benchmark::DoNotOptimize(y.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>((x.size() + y.size()) * sizeof(T)));
}

// W4's yardstick: a memcpy of the output's bytes.
void bench_memcpy(benchmark::State& state, std::size_t bytes) {
  std::vector<char> a(bytes, 1), b(bytes);
  for (auto _ : state) {
    std::memcpy(b.data(), a.data(), bytes);
    benchmark::DoNotOptimize(b.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(2 * bytes));
}

#ifdef NDRESIZE_BENCH_OPENCV
int cv_interpolation(const workload& w) {
  switch (w.attrs.mode) {
    case nd::enums::mode::nearest: return cv::INTER_NEAREST;
    case nd::enums::mode::linear: return cv::INTER_LINEAR;
    case nd::enums::mode::cubic: return cv::INTER_CUBIC;
  }
  return cv::INTER_LINEAR;
}

void bench_opencv(benchmark::State& state, const workload& w, int threads) {
  cv::setNumThreads(threads);
  const int interp = cv_interpolation(w);
  if (w.uint8) {  // interleaved HWC image
    cv::Mat src(static_cast<int>(w.in[0]), static_cast<int>(w.in[1]), CV_8UC3), dst;
    cv::randu(src, 0, 255);
    const cv::Size size(static_cast<int>(w.out[1]), static_cast<int>(w.out[0]));
    for (auto _ : state) cv::resize(src, dst, size, 0, 0, interp);
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * (src.total() * 3 + dst.total() * 3));
    return;
  }
  const int r = w.in.size();
  const int ih = static_cast<int>(w.in[r - 2]), iw = static_cast<int>(w.in[r - 1]);
  const int oh = static_cast<int>(w.out[r - 2]), ow = static_cast<int>(w.out[r - 1]);
  std::int64_t planes = 1;
  for (int d = 0; d < r - 2; ++d) planes *= w.in[d];
  std::vector<float> x(static_cast<std::size_t>(planes * ih * iw), 0.5f);
  cv::randu(cv::Mat(1, static_cast<int>(x.size()), CV_32F, x.data()), -1.0, 1.0);
  if (r == 5) {
    // Trilinear as OpenCV users do it: 2-D resize of the two source slices, then a depth blend.
    const int id = static_cast<int>(w.in[2]), od = static_cast<int>(w.out[2]);
    std::vector<float> y(static_cast<std::size_t>(od) * oh * ow);
    std::vector<cv::Mat> slices(static_cast<std::size_t>(id));
    for (auto _ : state) {
      for (int z = 0; z < id; ++z)
        cv::resize(cv::Mat(ih, iw, CV_32F, x.data() + static_cast<std::size_t>(z) * ih * iw),
                   slices[static_cast<std::size_t>(z)], cv::Size(ow, oh), 0, 0, interp);
      for (int z = 0; z < od; ++z) {
        const double src = std::max(0.0, (z + 0.5) * id / od - 0.5);
        const int z0 = std::min(static_cast<int>(src), id - 1), z1 = std::min(z0 + 1, id - 1);
        const double f = src - z0;
        cv::Mat out(oh, ow, CV_32F, y.data() + static_cast<std::size_t>(z) * oh * ow);
        cv::addWeighted(slices[static_cast<std::size_t>(z0)], 1.0 - f, slices[static_cast<std::size_t>(z1)], f, 0.0,
                        out);
      }
      benchmark::DoNotOptimize(y.data());
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                            static_cast<std::int64_t>((x.size() + y.size()) * 4));
    return;
  }
  std::vector<float> y(static_cast<std::size_t>(planes * oh * ow));
  for (auto _ : state) {
    for (std::int64_t p = 0; p < planes; ++p) {
      cv::Mat src(ih, iw, CV_32F, x.data() + p * ih * iw);
      cv::Mat dst(oh, ow, CV_32F, y.data() + p * oh * ow);
      cv::resize(src, dst, cv::Size(ow, oh), 0, 0, interp);
    }
    benchmark::DoNotOptimize(y.data());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>((x.size() + y.size()) * 4));
}
#endif

const bool registered = [] {
  for (const auto& w : workloads()) {
    for (int threads : {1, 2}) {
      const std::string suffix = "/threads:" + std::to_string(threads);
      auto* b = w.uint8 ? benchmark::RegisterBenchmark(
                              (w.id + "/ndresize" + suffix).c_str(),
                              [w, threads](benchmark::State& s) { bench_ndresize<std::uint8_t>(s, w, threads); })
                        : benchmark::RegisterBenchmark(
                              (w.id + "/ndresize" + suffix).c_str(),
                              [w, threads](benchmark::State& s) { bench_ndresize<float>(s, w, threads); });
      b->UseRealTime()->Unit(benchmark::kMillisecond);
#ifdef NDRESIZE_BENCH_OPENCV
      // OpenCV has no antialias filter with ONNX semantics (INTER_AREA is a box filter).
      if (!w.attrs.antialias)
        benchmark::RegisterBenchmark((w.id + "/opencv" + suffix).c_str(),
                                     [w, threads](benchmark::State& s) { bench_opencv(s, w, threads); })
            ->UseRealTime()
            ->Unit(benchmark::kMillisecond);
#endif
    }
    if (w.id == "W4")
      benchmark::RegisterBenchmark("W4/memcpy/threads:1",
                                   [](benchmark::State& s) { bench_memcpy(s, std::size_t{64} * 256 * 256 * 4); })
          ->UseRealTime()
          ->Unit(benchmark::kMillisecond);
  }
  return true;
}();

}  // namespace

BENCHMARK_MAIN();
