// SPDX-License-Identifier: Apache-2.0
// OpenCV peer: cv::resize into preallocated output, cv::setNumThreads(n). NCHW: one call per
// 2-D plane; NHWC: one call per image with C interleaved channels (CV_32FC(C)); W6's HWC image
// whole. W5 as OpenCV users do trilinear: each depth slice resized in 2-D, then pairs of slices
// blended with cv::addWeighted (the 2-D pass runs on all input slices each call). OpenCV has
// no antialias filter with ONNX semantics (INTER_AREA is a box filter): no W2a/W6a cases.
// uint8 INTER_LINEAR uses 11-bit fixed-point weights, so W6 is "approx" (checked).
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include <cstdlib>
#include <memory>
#include <string>

#include "bench_workload.hpp"

namespace bench {

namespace {

int cv_interpolation(const workload& w) {
  switch (w.attrs.mode) {
    case nd::enums::mode::nearest: return cv::INTER_NEAREST;
    case nd::enums::mode::linear: return cv::INTER_LINEAR;
    case nd::enums::mode::cubic: return cv::INTER_CUBIC;
  }
  return cv::INTER_LINEAR;
}

template <class T>
void bench_opencv(benchmark::State& state, const workload& w, int threads) {
  cv::setNumThreads(threads);
  const int interp = cv_interpolation(w);
  const auto& data = data_for<T>(w);
  T* x = const_cast<T*>(data.x.data());  // cv::Mat takes a mutable pointer; the input is only read
  buffer<T> y(data.reference.size());
  const nd::dims pin = w.peer_in(), pout = w.peer_out();
  const int r = pin.size();
  const int ih = static_cast<int>(pin[r - 2]), iw = static_cast<int>(pin[r - 1]);
  const int oh = static_cast<int>(pout[r - 2]), ow = static_cast<int>(pout[r - 1]);
  const int depth = std::is_same_v<T, float> ? CV_32F : CV_8U;
  std::function<void()> call;
  if (w.mem == layout::nhwc) {
    const int c = static_cast<int>(pin[1]);
    const auto in_image = static_cast<std::size_t>(ih) * iw * c, out_image = static_cast<std::size_t>(oh) * ow * c;
    call = [=, &y] {
      for (nd::index_t n = 0; n < pin[0]; ++n)
        cv::resize(cv::Mat(ih, iw, CV_MAKETYPE(depth, c), x + n * in_image),
                   cv::Mat(oh, ow, CV_MAKETYPE(depth, c), y.data() + n * out_image), cv::Size(ow, oh), 0, 0, interp);
    };
  } else if (r == 5) {
    const int id = static_cast<int>(pin[2]), od = static_cast<int>(pout[2]);
    auto slices = std::make_shared<std::vector<cv::Mat>>(static_cast<std::size_t>(id));
    call = [=, &y] {
      for (int z = 0; z < id; ++z)
        cv::resize(cv::Mat(ih, iw, depth, x + static_cast<std::size_t>(z) * ih * iw),
                   (*slices)[static_cast<std::size_t>(z)], cv::Size(ow, oh), 0, 0, interp);
      for (int z = 0; z < od; ++z) {
        // half_pixel source depth, edge-clamped as ONNX clamps
        const double src = std::max(0.0, (z + 0.5) * id / od - 0.5);
        const int z0 = std::min(static_cast<int>(src), id - 1), z1 = std::min(z0 + 1, id - 1);
        const double f = src - z0;
        cv::Mat out(oh, ow, depth, y.data() + static_cast<std::size_t>(z) * oh * ow);
        cv::addWeighted((*slices)[static_cast<std::size_t>(z0)], 1.0 - f, (*slices)[static_cast<std::size_t>(z1)], f,
                        0.0, out);
      }
    };
  } else {
    std::int64_t planes = pin[0] * pin[1];
    call = [=, &y] {
      for (std::int64_t p = 0; p < planes; ++p)
        cv::resize(cv::Mat(ih, iw, depth, x + p * ih * iw), cv::Mat(oh, ow, depth, y.data() + p * oh * ow),
                   cv::Size(ow, oh), 0, 0, interp);
    };
  }
  label_once(state, case_name(w, "opencv", threads), [&] {
    call();
    return compare_with_reference<T>(w, y.data());
  });
  time_calls(state, w, call, y.data());
}

}  // namespace

// OPENCV_CPU_DISABLE (read when the library loads) turns dispatched features off; OpenCV 4.6
// spells them AVX512-SKX, AVX2, FMA3, AVX, FP16, SSE4.2, ... and warns about unknown names.
// Debian's 4.6 build (baseline SSE2, no IPP) dispatches cv::resize for nearest only
// (resizeNNInvoker: SSE4.1 and AVX2 variants in libopencv_imgproc); linear and cubic run the
// baseline's 128-bit universal intrinsics whatever the cap, and nothing in resize is AVX-512.
std::string opencv_cpu_cap() {
  struct feature {
    int id;
    const char* name;
  };
  static constexpr feature ladder[] = {
      {CV_CPU_AVX512_SKX, "AVX512-SKX"}, {CV_CPU_AVX2, "AVX2"},     {CV_CPU_AVX, "AVX"},
      {CV_CPU_SSE4_2, "SSE4.2"},         {CV_CPU_SSE4_1, "SSE4.1"}, {CV_CPU_SSE2, "SSE2"}};
  std::string best = "none";
  for (const auto& f : ladder)
    if (cv::checkHardwareSupport(f.id)) {
      best = f.name;
      break;
    }
  const char* disabled = std::getenv("OPENCV_CPU_DISABLE");
  return "best enabled " + best + " (features: " + cv::getCPUFeaturesLine() + "; ? = disabled at run time" +
         (disabled && *disabled ? std::string("; OPENCV_CPU_DISABLE=") + disabled : std::string()) +
         "; resize: nearest up to AVX2, linear/cubic SSE2)";
}

void register_opencv(const workload& w) {
  if (w.attrs.antialias) return;
  for (int threads : {1, 2})
    register_case(w, "opencv", threads, [w, threads](benchmark::State& s) {
      if (w.uint8)
        bench_opencv<std::uint8_t>(s, w, threads);
      else
        bench_opencv<float>(s, w, threads);
    });
}

}  // namespace bench
