// SPDX-License-Identifier: Apache-2.0
// The peer workloads (bench_workload.hpp: W1–W7, NCHW and channels-last), one call resizing
// the whole tensor into preallocated output with the plan built outside the timed loop. Each
// ndresize case checks its output once against the library's slow reference path before it
// is timed. The same binary times the peers CMake found (OpenCV, oneDNN, XNNPACK, libvips;
// peer_<name>.cpp), each checked against the same reference, and the copy floors of each
// workload's bytes (copy_floor.hpp: through the caches, and streamed). Names:
// <id>/<library>/threads:<n>; bytes processed = input + output bytes.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "bench_workload.hpp"
#include "copy_floor.hpp"
#include "output_offset.hpp"

namespace {

using namespace bench;

template <class T>
void bench_ndresize(benchmark::State& state, const workload& w, int threads) {
  const auto& data = data_for<T>(w);
  const auto plan = w.plan();
  const std::size_t off = output_offset<T>();
  buffer<T> y_buffer(static_cast<std::size_t>(plan.output_size()) + off);
  const std::span<T> y(y_buffer.data() + off, static_cast<std::size_t>(plan.output_size()));
  nd::thread_pool pool(threads);
  const nd::executor ex = threads > 1 ? pool.get_executor() : nd::executor{};
  nd::workspace ws;
  const nd::tensor_view<const T> xv(data.x.data(), w.in, w.strides_of(w.in));
  const nd::tensor_view<T> yv(y.data(), w.out, w.strides_of(w.out));
  nd::execute<T>(plan, xv, yv, ws, ex);
  // The fast path must match the reference to float rounding (one level for 8-bit types).
  const auto& ref = data.reference;
  for (std::size_t i = 0; i < y.size(); ++i) {
    const double a = static_cast<double>(y[i]), b = static_cast<double>(ref[i]);
    const double tol = std::is_same_v<T, float> ? 1e-5 * std::max(1.0, std::abs(b)) : 1.0;
    if (!(std::abs(a - b) <= tol)) {
      state.SkipWithError(("fast path differs from the reference at element " + std::to_string(i)).c_str());
      return;
    }
  }
  time_calls(
      state, w, [&] { nd::execute<T>(plan, xv, yv, ws, ex); }, y.data());
}

// A peer that CMake did not find is named at startup and in the JSON context, so a table
// without its column says why.
struct peer_availability {
  const char* name;
  bool built;
  const char* package;
};

constexpr peer_availability peers[] = {
#ifdef NDRESIZE_BENCH_OPENCV
    {"opencv", true, "libopencv-dev"},
#else
    {"opencv", false, "libopencv-dev"},
#endif
#ifdef NDRESIZE_BENCH_ONEDNN
    {"onednn", true, "libdnnl-dev"},
#else
    {"onednn", false, "libdnnl-dev"},
#endif
#ifdef NDRESIZE_BENCH_XNNPACK
    {"xnnpack", true, "libxnnpack-dev libpthreadpool-dev"},
#else
    {"xnnpack", false, "libxnnpack-dev libpthreadpool-dev"},
#endif
#ifdef NDRESIZE_BENCH_VIPS
    {"vips", true, "libvips-dev"},
#else
    {"vips", false, "libvips-dev"},
#endif
};

void register_all() {
  std::vector<std::string> floors;
  for (const auto& w : workloads()) {
    for (int threads : {1, 2})
      register_case(w, "ndresize", threads, [w, threads](benchmark::State& s) {
        if (w.uint8)
          bench_ndresize<std::uint8_t>(s, w, threads);
        else
          bench_ndresize<float>(s, w, threads);
      });
#ifdef NDRESIZE_BENCH_OPENCV
    register_opencv(w);
#endif
#ifdef NDRESIZE_BENCH_ONEDNN
    register_onednn(w);
#endif
#ifdef NDRESIZE_BENCH_XNNPACK
    register_xnnpack(w);
#endif
#ifdef NDRESIZE_BENCH_VIPS
    register_vips(w);
#endif
    if (w.id == w.base) register_copy_floor(w);
  }
}

// The instruction sets each library runs on in this process, as each reports it (after the
// caps bench/run_all.sh sets for BENCH_CLASS): printed and recorded as cap.<library>, which
// compare.py puts under the table's heading. After register_all: oneDNN's probes fork there.
void record_cpu_caps() {
  const char* env = std::getenv("NDRESIZE_ISA");
  std::vector<std::pair<std::string, std::string>> caps = {
      {"ndresize", std::string("active target ") + nd::isa_name(nd::active_isa()) +
                       (env && *env ? std::string(" (NDRESIZE_ISA=") + env + ")" : std::string())}};
#ifdef NDRESIZE_BENCH_OPENCV
  caps.emplace_back("opencv", opencv_cpu_cap());
#endif
#ifdef NDRESIZE_BENCH_ONEDNN
  caps.emplace_back("onednn", onednn_cpu_cap());
#endif
#ifdef NDRESIZE_BENCH_XNNPACK
  caps.emplace_back("xnnpack", xnnpack_cpu_cap());
#endif
#ifdef NDRESIZE_BENCH_VIPS
  caps.emplace_back("vips", vips_cpu_cap());
#endif
  for (const auto& [library, line] : caps) {
    benchmark::AddCustomContext("cap." + library, line);
    std::fprintf(stderr, "resize_bench: %s: %s\n", library.c_str(), line.c_str());
  }
}

}  // namespace

int main(int argc, char** argv) {
  for (const auto& p : peers) {
    benchmark::AddCustomContext(std::string("peer.") + p.name, p.built ? "built in" : "not found at configure time");
    if (!p.built)
      std::fprintf(stderr, "resize_bench: peer %s not built in (install %s and reconfigure)\n", p.name, p.package);
  }
  register_all();
  record_cpu_caps();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
