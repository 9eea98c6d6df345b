// SPDX-License-Identifier: Apache-2.0
// One build of ndresize for paired_compare.sh: the script compiles this file twice, once per
// revision, each with its own library namespace (NDRESIZE_ABI_NAMESPACE renamed in that copy's
// version.hpp) and its own benchmark namespaces (-Dbench=..., -Dnaive=...), so that both
// revisions link into one program. PAIRED_FN(name) prefixes the C entry points.
#include <chrono>
#include <cstddef>
#include <cstdint>

#include "../output_offset.hpp"
#include "bench_workload.hpp"

namespace {

using namespace bench;

struct variant_state {
  virtual ~variant_state() = default;
  virtual double call() = 0;  ///< one execute, wall-clock ms
  virtual const void* output(std::size_t& bytes) const = 0;
};

/// The workload's input as resize_bench times it (data_for: the same values in every layout),
/// a preallocated output (at BENCH_OUTPUT_OFFSET), a workspace and an executor of `threads`.
template <class T>
struct state final : variant_state {
  workload w;
  nd::resize_plan plan;
  const buffer<T>& x;
  buffer<T> y;
  std::size_t off = output_offset<T>();  ///< y's elements before the output
  nd::workspace ws;
  nd::thread_pool pool;
  nd::executor ex;

  state(const workload& wl, int threads) : w(wl), plan(wl.plan()), x(data_for<T>(wl).x), pool(threads) {
    y.resize(static_cast<std::size_t>(plan.output_size()) + off);
    ex = threads > 1 ? pool.get_executor() : nd::executor{};
  }
  double call() override {
    const nd::tensor_view<const T> xv(x.data(), w.in, w.strides_of(w.in));
    const nd::tensor_view<T> yv(y.data() + off, w.out, w.strides_of(w.out));
    const auto t0 = std::chrono::steady_clock::now();
    nd::execute<T>(plan, xv, yv, ws, ex);
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  }
  const void* output(std::size_t& bytes) const override {
    bytes = (y.size() - off) * sizeof(T);
    return y.data() + off;
  }
};

}  // namespace

extern "C" void* PAIRED_FN(make)(const char* id, int threads) {
  for (const auto& w : workloads())
    if (w.id == id) {
      if (w.uint8) return static_cast<variant_state*>(new state<std::uint8_t>(w, threads));
      return static_cast<variant_state*>(new state<float>(w, threads));
    }
  return nullptr;
}
extern "C" double PAIRED_FN(call)(void* s) { return static_cast<variant_state*>(s)->call(); }
extern "C" const void* PAIRED_FN(output)(void* s, std::size_t* bytes) {
  return static_cast<variant_state*>(s)->output(*bytes);
}
extern "C" void PAIRED_FN(destroy)(void* s) { delete static_cast<variant_state*>(s); }
