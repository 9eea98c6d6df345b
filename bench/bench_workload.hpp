// SPDX-License-Identifier: Apache-2.0
// The benchmark workloads (W1–W7 and their channels-last variants) and what every timed case
// shares: the input data, the slow reference output in the workload's memory layout, and the
// once-per-case check of an output against it. bench/peers/workloads.json is the peer
// scripts' copy of workloads(); keep the two in step.
//
// Layouts. Every workload is one ONNX Resize node on a logical tensor (`in` → `out`). An
// "nhwc" workload keeps the logical NCHW shape and stores it channels-last: ndresize gets a
// strided view of the logical NCHW tensor (strides {H·W·C, 1, W·C, C}), which is how a
// channels-last tensor reaches it from a runtime; peers get the same bytes as their NHWC
// format. W6/W6a are an HWC image resized on axes 0 and 1: their logical shape already is
// channels-last, so the view is plain row-major and peers see it as NHWC with N = 1.
#pragma once

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <map>
#include <new>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include <ndresize/ndresize.hpp>
#include "support/plan_reference.hpp"

namespace bench {

namespace nd = ndresize;

/// Allocates on 64-byte (cache-line, AVX-512 vector) boundaries. Every buffer the benchmark
/// hands a library is one of these, so all of them start equally aligned: oneDNN's JIT
/// resampling writes large outputs with non-temporal stores (vmovntps), which fault on a
/// pointer that is not 64-byte aligned, and std::vector's large blocks start 16 bytes past a
/// page boundary.
template <class T>
struct aligned_allocator {
  using value_type = T;
  static constexpr std::align_val_t alignment{64};
  aligned_allocator() = default;
  template <class U>
  aligned_allocator(const aligned_allocator<U>&) noexcept {}
  T* allocate(std::size_t n) { return static_cast<T*>(::operator new(n * sizeof(T), alignment)); }
  void deallocate(T* p, std::size_t) noexcept { ::operator delete(p, alignment); }
  template <class U>
  bool operator==(const aligned_allocator<U>&) const noexcept {
    return true;
  }
};

/// A workload's input, output or reference buffer.
template <class T>
using buffer = std::vector<T, aligned_allocator<T>>;

enum class layout { nchw, nhwc };

struct workload {
  std::string id;    ///< benchmark name prefix, e.g. "W7" or "W7-NHWC"
  std::string base;  ///< the workload without its layout suffix (shared copy floor), e.g. "W7"
  layout mem = layout::nchw;
  nd::dims in, out;  ///< logical shapes, as ndresize plans them
  nd::resize_attributes attrs;
  bool uint8 = false;

  /// N, C, spatial... as the NCHW/NHWC peers see the tensor (W6's HWC image is 1×3×H×W).
  nd::dims peer_in() const { return peer_dims(in); }
  nd::dims peer_out() const { return peer_dims(out); }
  std::size_t element_size() const { return uint8 ? 1 : 4; }
  std::size_t in_bytes() const { return static_cast<std::size_t>(nd::checked_element_count(in)) * element_size(); }
  std::size_t out_bytes() const { return static_cast<std::size_t>(nd::checked_element_count(out)) * element_size(); }
  /// Element strides of the logical shape `d` in this workload's memory layout.
  nd::dims strides_of(const nd::dims& d) const {
    if (mem == layout::nhwc && !attrs.axes && d.size() == 4) {
      const nd::index_t c = d[1], h = d[2], w = d[3];
      return nd::dims{h * w * c, 1, w * c, c};
    }
    return nd::row_major_strides(d);
  }
  std::vector<std::int64_t> sizes() const {
    std::vector<std::int64_t> s;
    if (attrs.axes)
      for (auto a : *attrs.axes) s.push_back(out[static_cast<int>(a)]);
    else
      s.assign(out.begin(), out.end());
    return s;
  }
  nd::resize_plan plan() const { return nd::make_plan(in, attrs, {{}, {}, sizes()}); }

 private:
  nd::dims peer_dims(const nd::dims& d) const {
    if (attrs.axes && d.size() == 3) return nd::dims{1, d[2], d[0], d[1]};
    return d;
  }
};

inline nd::resize_attributes attributes(nd::enums::mode m, bool antialias = false,
                                        std::vector<std::int64_t> axes = {}) {
  nd::resize_attributes a;
  a.mode = m;
  a.antialias = antialias;
  a.cubic_coeff_a = -0.75f;
  if (!axes.empty()) a.axes = axes;
  return a;
}

inline std::vector<workload> workloads() {
  using nd::enums::mode;
  const auto nchw = layout::nchw, nhwc = layout::nhwc;
  return {
      {"W1", "W1", nchw, {1, 3, 540, 960}, {1, 3, 1080, 1920}, attributes(mode::linear)},
      {"W1-NHWC", "W1", nhwc, {1, 3, 540, 960}, {1, 3, 1080, 1920}, attributes(mode::linear)},
      {"W2", "W2", nchw, {1, 3, 1080, 1920}, {1, 3, 224, 224}, attributes(mode::linear)},
      {"W2-NHWC", "W2", nhwc, {1, 3, 1080, 1920}, {1, 3, 224, 224}, attributes(mode::linear)},
      {"W2a", "W2a", nchw, {1, 3, 1080, 1920}, {1, 3, 224, 224}, attributes(mode::linear, true)},
      {"W2a-NHWC", "W2a", nhwc, {1, 3, 1080, 1920}, {1, 3, 224, 224}, attributes(mode::linear, true)},
      {"W3", "W3", nchw, {1, 3, 540, 960}, {1, 3, 1080, 1920}, attributes(mode::cubic)},
      {"W3-NHWC", "W3", nhwc, {1, 3, 540, 960}, {1, 3, 1080, 1920}, attributes(mode::cubic)},
      {"W4", "W4", nchw, {1, 64, 128, 128}, {1, 64, 256, 256}, attributes(mode::nearest)},
      {"W4-NHWC", "W4", nhwc, {1, 64, 128, 128}, {1, 64, 256, 256}, attributes(mode::nearest)},
      // C = 1: channels-last is the same memory as NCDHW, so W5 has one layout.
      {"W5", "W5", nchw, {1, 1, 64, 128, 128}, {1, 1, 128, 256, 256}, attributes(mode::linear)},
      {"W6", "W6", nhwc, {1080, 1920, 3}, {224, 224, 3}, attributes(mode::linear, false, {0, 1}), true},
      {"W6a", "W6a", nhwc, {1080, 1920, 3}, {224, 224, 3}, attributes(mode::linear, true, {0, 1}), true},
      {"W7", "W7", nchw, {32, 256, 14, 14}, {32, 256, 28, 28}, attributes(mode::linear)},
      {"W7-NHWC", "W7", nhwc, {32, 256, 14, 14}, {32, 256, 28, 28}, attributes(mode::linear)},
  };
}

/// The input (in the workload's layout) and the reference output (same layout) of a
/// workload, made on first use and kept: run_all.sh interleaves the repetitions of all cases
/// in random order (so that load on a shared machine falls on every case alike), and the
/// reference is computed once per workload, not once per repetition (some 0.5 GB for all).
template <class T>
struct workload_data {
  buffer<T> x, reference;
};

template <class T>
const workload_data<T>& data_for(const workload& w) {
  static std::map<std::string, workload_data<T>> cache;
  if (auto it = cache.find(w.id); it != cache.end()) return it->second;
  workload_data<T>& slot = cache[w.id];
  const auto n = static_cast<std::size_t>(nd::checked_element_count(w.in));
  std::mt19937 rng(42);
  // Values depend on the logical index only, so every layout of a workload holds the same tensor.
  std::vector<T> logical(n);
  if constexpr (std::is_same_v<T, std::uint8_t>) {
    std::uniform_int_distribution<int> d(0, 255);
    for (auto& e : logical) e = static_cast<T>(d(rng));
  } else {
    std::uniform_real_distribution<float> d(-1.0f, 1.0f);
    for (auto& e : logical) e = d(rng);
  }
  slot.x.resize(n);
  const nd::dims st = w.strides_of(w.in);
  if (w.in.size() == 4 && st != nd::row_major_strides(w.in)) {
    std::size_t i = 0;
    for (nd::index_t a = 0; a < w.in[0]; ++a)
      for (nd::index_t b = 0; b < w.in[1]; ++b)
        for (nd::index_t c = 0; c < w.in[2]; ++c)
          for (nd::index_t d = 0; d < w.in[3]; ++d)
            slot.x[static_cast<std::size_t>(a * st[0] + b * st[1] + c * st[2] + d * st[3])] = logical[i++];
  } else {
    slot.x.assign(logical.begin(), logical.end());
  }
  const auto plan = w.plan();
  slot.reference.resize(static_cast<std::size_t>(plan.output_size()));
  nd::detail::reference_execute<T>(plan, nd::tensor_view<const T>(slot.x.data(), w.in, w.strides_of(w.in)),
                                   nd::tensor_view<T>(slot.reference.data(), w.out, w.strides_of(w.out)));
  return slot;
}

/// How a peer's output compares with the reference: `semantics` is "same", "approx" or
/// "different" (bench/compare.py's labels), `text` the measurement behind it.
struct check_result {
  std::string semantics, text;
};

/// Tolerances of the labels. float32: up to 5e-4 on data in [-1, 1) is "same": peers that
/// compute source coordinates in float32 (OpenCV, oneDNN, XNNPACK) are off by up to two
/// float32 spacings of a 1920-pixel coordinate (1.2e-4 each) times the data's range of 2 on
/// W2's shrink. uint8: exact is "same", at most `approx_levels` off is "approx". Beyond that
/// the peer is "different": still timed, shown, never the fastest peer.
template <class T>
check_result compare_with_reference(const workload& w, const T* y, int approx_levels = 1) {
  const auto& ref = data_for<T>(w).reference;
  double worst = 0;
  std::size_t differing = 0;
  for (std::size_t i = 0; i < ref.size(); ++i) {
    const double d = std::abs(static_cast<double>(y[i]) - static_cast<double>(ref[i]));
    if (!(d <= worst)) worst = std::isnan(d) ? INFINITY : d;
    if (d > (std::is_same_v<T, float> ? 1e-5 : 0.0)) ++differing;
  }
  char text[160];
  std::snprintf(text, sizeof text, "max abs diff %.3g, %zu of %zu outputs differ", worst, differing, ref.size());
  std::string semantics;
  if constexpr (std::is_same_v<T, float>)
    semantics = worst <= 5e-4 ? "same" : "different";
  else
    semantics = worst == 0 ? "same" : worst <= approx_levels ? "approx" : "different";
  return {semantics, text};
}

/// Runs `check` the first time a case runs (Google Benchmark calls a case once per repetition
/// and while it calibrates) and labels the case with the result; the label travels into the
/// JSON output, where compare.py reads the semantics from it.
inline void label_once(benchmark::State& state, const std::string& name, const std::function<check_result()>& check) {
  static std::map<std::string, check_result> results;
  auto it = results.find(name);
  if (it == results.end()) it = results.emplace(name, check()).first;
  state.SetLabel(it->second.semantics + ": " + it->second.text);
}

inline std::string case_name(const workload& w, const std::string& library, int threads) {
  return w.id + "/" + library + "/threads:" + std::to_string(threads);
}

/// Registers the case case_name(w, library, threads) with the settings every case shares.
inline void register_case(const workload& w, const std::string& library, int threads,
                          std::function<void(benchmark::State&)> body) {
  benchmark::RegisterBenchmark(case_name(w, library, threads).c_str(),
                               [body = std::move(body)](benchmark::State& s) { body(s); })
      ->UseRealTime()
      ->Unit(benchmark::kMillisecond);
}

inline void set_bytes_processed(benchmark::State& state, const workload& w) {
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(w.in_bytes() + w.out_bytes()));
}

/// The timed loop every case shares: `call` once per iteration, its output `y` kept alive,
/// then the bytes the workload moves.
template <class F>
void time_calls(benchmark::State& state, const workload& w, F&& call, const void* y) {
  for (auto _ : state) {
    call();
    benchmark::DoNotOptimize(y);
    benchmark::ClobberMemory();
  }
  set_bytes_processed(state, w);
}

// One registration function per peer; each registers its cases for one workload (nothing
// where the peer has no such computation). Defined in peer_<name>.cpp, compiled in when CMake
// finds the peer.
void register_opencv(const workload& w);
void register_onednn(const workload& w);
void register_xnnpack(const workload& w);
void register_vips(const workload& w);

// What instruction sets each peer runs on in this process, read back from the library itself
// (after the caps of bench/run_all.sh's BENCH_CLASS took effect): one line for the table's
// heading, recorded in the JSON context as cap.<peer>.
std::string opencv_cpu_cap();
std::string onednn_cpu_cap();
std::string xnnpack_cpu_cap();
std::string vips_cpu_cap();

}  // namespace bench
