// SPDX-License-Identifier: Apache-2.0
// XNNPACK peer: the resize-bilinear-2d operators of Debian's libxnnpack (2022-02 snapshot):
// NHWC f32 and u8, NCHW f32, created and set up outside the timed loop, xnn_run_operator on a
// pthreadpool of n threads. No flags: half-pixel centres with the source coordinate clamped
// to the image, the 2-tap ONNX linear without antialias (coordinates in float32; the u8
// operator interpolates with 11-bit fixed-point weights, hence "approx" for W6). Only linear
// on 2-D: no W3, W4, W5, W2a, W6a cases.
#include <xnnpack.h>

#include <pthreadpool.h>

#include <dlfcn.h>

#include <fstream>
#include <iterator>
#include <memory>
#include <set>
#include <string>

#include "bench_workload.hpp"

namespace bench {

namespace {

struct xnn_deleter {
  void operator()(xnn_operator_t op) const { xnn_delete_operator(op); }
  void operator()(pthreadpool_t pool) const { pthreadpool_destroy(pool); }
};

template <class T>
void bench_xnnpack(benchmark::State& state, const workload& w, int threads) {
  static const xnn_status initialized = xnn_initialize(nullptr);
  if (initialized != xnn_status_success) {
    state.SkipWithError("xnn_initialize failed");
    return;
  }
  const auto& data = data_for<T>(w);
  buffer<T> y(data.reference.size());
  const nd::dims pin = w.peer_in(), pout = w.peer_out();
  const auto n = static_cast<std::size_t>(pin[0]), c = static_cast<std::size_t>(pin[1]);
  const auto ih = static_cast<std::size_t>(pin[2]), iw = static_cast<std::size_t>(pin[3]);
  const auto oh = static_cast<std::size_t>(pout[2]), ow = static_cast<std::size_t>(pout[3]);
  const std::unique_ptr<pthreadpool, xnn_deleter> pool(pthreadpool_create(static_cast<std::size_t>(threads)));
  xnn_operator_t raw = nullptr;
  xnn_status status = xnn_status_success;
  // Pixel strides equal the channel count: dense tensors.
  if constexpr (std::is_same_v<T, float>) {
    if (w.mem == layout::nhwc) {
      status = xnn_create_resize_bilinear2d_nhwc_f32(c, c, c, 0, &raw);
      if (status == xnn_status_success)
        status = xnn_setup_resize_bilinear2d_nhwc_f32(raw, n, ih, iw, oh, ow, data.x.data(), y.data(), pool.get());
    } else {
      status = xnn_create_resize_bilinear2d_nchw_f32(c, c, c, 0, &raw);
      if (status == xnn_status_success)
        status = xnn_setup_resize_bilinear2d_nchw_f32(raw, n, ih, iw, oh, ow, data.x.data(), y.data(), pool.get());
    }
  } else {
    status = xnn_create_resize_bilinear2d_nhwc_u8(c, c, c, 0, &raw);
    if (status == xnn_status_success)
      status = xnn_setup_resize_bilinear2d_nhwc_u8(raw, n, ih, iw, oh, ow, data.x.data(), y.data(), pool.get());
  }
  const std::unique_ptr<xnn_operator, xnn_deleter> op(raw);
  if (status != xnn_status_success) {
    state.SkipWithError(("XNNPACK operator setup failed, status " + std::to_string(status)).c_str());
    return;
  }
  const auto call = [&] { xnn_run_operator(op.get(), pool.get()); };
  label_once(state, case_name(w, "xnnpack", threads), [&] {
    call();
    return compare_with_reference<T>(w, y.data());
  });
  time_calls(state, w, call, y.data());
}

}  // namespace

// XNNPACK picks its micro-kernels by CPUID at xnn_initialize and has no switch to cap them.
// This snapshot's resize kernels are 128-bit (f32: sse; u8: sse2, sse41) apart from an f16
// fma3 one the benchmark does not use, so every class runs the same XNNPACK code: the line
// lists the bilinear kernels compiled into the library this process loaded, as the evidence.
std::string xnnpack_cpu_cap() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&xnn_initialize), &info) == 0 || info.dli_fname == nullptr)
    return "no cap switch; library not located";
  std::ifstream file(info.dli_fname, std::ios::binary);
  const std::string bytes{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
  std::set<std::string> kernels;
  const std::string key = "_ibilinear";
  for (std::size_t at = bytes.find(key); at != std::string::npos; at = bytes.find(key, at + 1)) {
    const std::size_t begin = bytes.rfind("xnn_", at);
    const std::size_t end = bytes.find('\0', at);
    if (begin == std::string::npos || end == std::string::npos || at - begin > 16) continue;
    const std::string name = bytes.substr(begin, end - begin);
    if (name.find("ukernel__") != std::string::npos) kernels.insert(name.substr(4));
  }
  std::string line = "no cap switch (kernels chosen by CPUID); bilinear kernels in the library:";
  for (const auto& k : kernels) line += " " + k;
  return line;
}

void register_xnnpack(const workload& w) {
  if (w.attrs.antialias || w.attrs.mode != nd::enums::mode::linear || w.peer_in().size() != 4) return;
  if (w.uint8 && w.mem != layout::nhwc) return;  // u8 exists in NHWC only
  for (int threads : {1, 2})
    register_case(w, "xnnpack", threads, [w, threads](benchmark::State& s) {
      if (w.uint8)
        bench_xnnpack<std::uint8_t>(s, w, threads);
      else
        bench_xnnpack<float>(s, w, threads);
    });
}

}  // namespace bench
