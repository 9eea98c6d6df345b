// SPDX-License-Identifier: Apache-2.0
// ResizeUpsampleTrilinear throughput: a 1×1×64×128×128 volume upsampled to 1×1×128×256×256
// (twice along D, H and W, align_corners = false) in float32, float16 and bfloat16, plus the
// same volume channels-last with 4 channels. The plan is built and the output and workspace
// allocated outside the timed loop, as a runtime that keeps them per node would; bytes
// processed = input + output bytes per iteration.
#include <benchmark/benchmark.h>
#include <Eigen/Core>

#include <cmath>
#include <vector>

#include <ndresize/ascend/upsample_trilinear3d.hpp>

namespace {

namespace ascend = ndresize::ascend;
using ndresize::dims;

template <class T>
void run(benchmark::State& state, const dims& in, const dims& out, bool channels_last) {
  const auto n_in = static_cast<std::size_t>(ndresize::checked_element_count(in));
  const auto n_out = static_cast<std::size_t>(ndresize::checked_element_count(out));
  std::vector<T> x(n_in), y(n_out);
  for (std::size_t i = 0; i < n_in; ++i) x[i] = static_cast<T>(std::sin(0.001 * static_cast<double>(i)) * 10);
  ascend::upsample_trilinear3d_attributes a;
  a.output_size = std::vector<std::int64_t>{out[2], out[3], out[4]};
  const auto plan = ascend::make_plan(in, a);
  const ndresize::tensor_view<const T> xv(x.data(), in,
                                          channels_last ? ascend::ndhwc_strides(in) : ndresize::row_major_strides(in));
  const ndresize::tensor_view<T> yv(y.data(), out,
                                    channels_last ? ascend::ndhwc_strides(out) : ndresize::row_major_strides(out));
  ndresize::workspace ws;
  for (auto _ : state) {
    ndresize::execute<T>(plan, xv, yv, ws);
    benchmark::DoNotOptimize(y.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>((n_in + n_out) * sizeof(T)));
}

template <class T>
void upsample_trilinear3d_1x1x64x128x128_to_128x256x256(benchmark::State& state) {
  run<T>(state, {1, 1, 64, 128, 128}, {1, 1, 128, 256, 256}, false);
}

template <class T>
void upsample_trilinear3d_ndhwc_1x4x32x64x64_to_64x128x128(benchmark::State& state) {
  run<T>(state, {1, 4, 32, 64, 64}, {1, 4, 64, 128, 128}, true);
}

BENCHMARK_TEMPLATE(upsample_trilinear3d_1x1x64x128x128_to_128x256x256, float)->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(upsample_trilinear3d_1x1x64x128x128_to_128x256x256, Eigen::half)->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(upsample_trilinear3d_1x1x64x128x128_to_128x256x256, Eigen::bfloat16)->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(upsample_trilinear3d_ndhwc_1x4x32x64x64_to_64x128x128, float)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
