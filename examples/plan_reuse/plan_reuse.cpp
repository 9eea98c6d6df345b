// SPDX-License-Identifier: Apache-2.0
// plan_reuse: one plan, many frames. A video pipeline resizes every frame of a stream with
// the same attributes and shapes, so it validates and builds the per-axis tap tables once
// (the plan), keeps one workspace, and per frame only runs the kernels into its own buffer.
// The example counts heap allocations per frame to show what reuse saves, and checks that the
// reused path gives exactly the result of a fresh one-off call.
// Usage: plan_reuse [--frames N] [--width W] [--height H]   (defaults: 60 frames of 1280x720 RGB)
#include <ndresize/ndresize.hpp>

#include "counting_operator_new.hpp"  // counts every heap allocation of the program

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  int frames = 60, width = 1280, height = 720;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    const int value = std::atoi(argv[i + 1]);
    if (flag == "--frames")
      frames = value;
    else if (flag == "--width")
      width = value;
    else if (flag == "--height")
      height = value;
  }
  constexpr int channels = 3;

  // Frames are height x width x channels uint8 (HWC); shrink to half size on axes [0, 1] with
  // antialiased linear filtering.
  ndresize::resize_attributes a;
  a.mode = ndresize::enums::mode::linear;
  a.antialias = 1;
  a.axes = std::vector<std::int64_t>{0, 1};
  const std::vector<float> scales = {0.5f, 0.5f};
  const ndresize::dims frame_shape{height, width, channels};

  long before = counted_allocations();
  const auto plan_start = std::chrono::steady_clock::now();
  const ndresize::resize_plan plan = ndresize::make_plan(frame_shape, a, {{}, scales, {}});
  const double plan_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - plan_start).count();
  std::printf("plan: %s -> %s in %.3f ms, %ld allocations\n", frame_shape.to_string().c_str(),
              plan.output_shape().to_string().c_str(), plan_ms, counted_allocations() - before);

  std::vector<std::uint8_t> frame(static_cast<std::size_t>(ndresize::checked_element_count(frame_shape)));
  std::vector<std::uint8_t> out(static_cast<std::size_t>(ndresize::checked_element_count(plan.output_shape())));
  const ndresize::tensor_view<const std::uint8_t> x(frame.data(), frame_shape);
  const ndresize::tensor_view<std::uint8_t> y(out.data(), plan.output_shape());
  ndresize::workspace ws;

  long first_frame_allocations = 0, later_allocations = 0;
  double seconds = 0;
  for (int f = 0; f < frames; ++f) {
    // The "decoder": a moving diagonal gradient.
    std::size_t i = 0;
    for (int r = 0; r < height; ++r)
      for (int c = 0; c < width; ++c)
        for (int ch = 0; ch < channels; ++ch) frame[i++] = static_cast<std::uint8_t>((r + c + 4 * f + 80 * ch) & 255);
    before = counted_allocations();
    const auto start = std::chrono::steady_clock::now();
    ndresize::execute<std::uint8_t>(plan, x, y, ws);  // the per-frame work
    seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    (f == 0 ? first_frame_allocations : later_allocations) += counted_allocations() - before;
  }
  std::printf("%d frames: %.3f ms per frame (%.0f frames/s), workspace %zu bytes\n", frames, 1e3 * seconds / frames,
              frames / seconds, ws.capacity());
  std::printf("heap allocations: %ld in the first frame (workspace growth), %ld in the %d frames after it\n",
              first_frame_allocations, later_allocations, frames - 1);

  // The reused plan and workspace change nothing in the result: compare the last frame with a
  // one-off call that plans and allocates everything anew.
  const ndresize::tensor<std::uint8_t> fresh = ndresize::resize<std::uint8_t>(x, scales, a);
  for (std::size_t i = 0; i < out.size(); ++i)
    if (fresh[static_cast<ndresize::index_t>(i)] != out[i]) {
      std::printf("plan_reuse: FAILED, element %zu differs from a one-off resize\n", i);
      return 1;
    }
  std::printf("plan_reuse: the last frame equals a one-off resize\n");
  return 0;
}
