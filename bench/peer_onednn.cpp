// SPDX-License-Identifier: Apache-2.0
// oneDNN peer: dnnl::resampling_forward (forward_inference) with resampling_linear or
// resampling_nearest, f32 or u8, memory format nchw/ncdhw or nhwc (the workload's layout), on
// the CPU engine; the primitive is created outside the timed loop, src/dst memories wrap the
// benchmark's buffers. Threads: Debian's libdnnl runs on OpenMP, so omp_set_num_threads(n).
// oneDNN's linear is the 2-tap half_pixel interpolation with edge clamping (ONNX linear
// without antialias, also when shrinking) and its nearest rounds (x + 0.5)·in/out − 0.5,
// which for the exact 2x of W4 reads the same pixel as round_prefer_floor; the check before
// timing measures both. No cubic, no antialias: no W3 or W2a/W6a cases.
#include <omp.h>

#include <dnnl.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <unordered_map>

#include "bench_workload.hpp"

namespace bench {

namespace {

dnnl::memory::dims to_dnnl(const nd::dims& d) { return dnnl::memory::dims(d.begin(), d.end()); }

dnnl::memory::format_tag tag_of(const workload& w, int rank) {
  using tag = dnnl::memory::format_tag;
  if (w.mem == layout::nhwc) return rank == 5 ? tag::ndhwc : tag::nhwc;
  return rank == 5 ? tag::ncdhw : tag::nchw;
}

dnnl::resampling_forward::primitive_desc primitive_desc_of(const workload& w, bool f32, const dnnl::engine& engine) {
  const auto type = f32 ? dnnl::memory::data_type::f32 : dnnl::memory::data_type::u8;
  const nd::dims pin = w.peer_in(), pout = w.peer_out();
  const auto format = tag_of(w, pin.size());
  const dnnl::memory::desc src_md(to_dnnl(pin), type, format), dst_md(to_dnnl(pout), type, format);
  const auto algorithm = w.attrs.mode == nd::enums::mode::nearest ? dnnl::algorithm::resampling_nearest
                                                                  : dnnl::algorithm::resampling_linear;
  return {dnnl::resampling_forward::desc(dnnl::prop_kind::forward_inference, algorithm, src_md, dst_md), engine};
}

bool onednn_has(const workload& w) { return !w.attrs.antialias && w.attrs.mode != nd::enums::mode::cubic; }

/// A resampling primitive for `w` reading x and writing y (both in the workload's layout).
template <class T>
struct onednn_resize {
  dnnl::engine engine{dnnl::engine::kind::cpu, 0};
  dnnl::stream stream{engine};
  dnnl::resampling_forward primitive;
  std::unordered_map<int, dnnl::memory> args;

  onednn_resize(const workload& w, const T* x, T* y) {
    const auto pd = primitive_desc_of(w, std::is_same_v<T, float>, engine);
    primitive = dnnl::resampling_forward(pd);
    args = {{DNNL_ARG_SRC, dnnl::memory(pd.src_desc(), engine, const_cast<T*>(x))},
            {DNNL_ARG_DST, dnnl::memory(pd.dst_desc(), engine, y)}};
  }
  void operator()() {
    primitive.execute(stream, args);
    stream.wait();
  }
};

template <class T>
void bench_onednn(benchmark::State& state, const workload& w, int threads) {
  omp_set_num_threads(threads);
  const auto& data = data_for<T>(w);
  buffer<T> y(data.reference.size());
  onednn_resize<T> call(w, data.x.data(), y.data());
  label_once(state, case_name(w, "onednn", threads), [&] {
    call();
    return compare_with_reference<T>(w, y.data());
  });
  time_calls(state, w, call, y.data());
}

/// Runs w once with 1 and 2 threads in a child process and says how that ended: empty if
/// normally, else why not. oneDNN's JIT code faults where its assumptions about user buffers
/// do not hold (2.6 writes large outputs with aligned non-temporal stores: hence bench::buffer);
/// probing first turns such a crash into a skipped case instead of a dead benchmark run. Runs
/// at registration, before the process starts any thread, so fork is safe.
template <class T>
std::string probe_onednn(const workload& w) {
  const pid_t pid = fork();
  if (pid == 0) {
    alarm(60);
    buffer<T> x(static_cast<std::size_t>(nd::checked_element_count(w.in)));
    buffer<T> y(static_cast<std::size_t>(nd::checked_element_count(w.out)));
    try {
      for (int threads : {1, 2}) {
        omp_set_num_threads(threads);
        onednn_resize<T>(w, x.data(), y.data())();
      }
    } catch (const dnnl::error&) {
      // reported by the timed case itself
    }
    std::_Exit(0);
  }
  int status = 0;
  if (pid < 0 || waitpid(pid, &status, 0) != pid) return "";  // cannot probe: run it as is
  if (WIFSIGNALED(status))
    return "oneDNN crashed on this workload in a probe (signal " + std::to_string(WTERMSIG(status)) + ")";
  return "";
}

}  // namespace

// ONEDNN_MAX_CPU_ISA (SSE41, AVX, AVX2, AVX512_CORE, ..., ALL; read once) caps the JIT code;
// the implementation each workload's primitive gets says what it really runs on.
std::string onednn_cpu_cap() {
  const char* name = "unknown";
  switch (dnnl::get_effective_cpu_isa()) {
    case dnnl::cpu_isa::all: name = "all"; break;
    case dnnl::cpu_isa::sse41: name = "sse41"; break;
    case dnnl::cpu_isa::avx: name = "avx"; break;
    case dnnl::cpu_isa::avx2: name = "avx2"; break;
    case dnnl::cpu_isa::avx2_vnni: name = "avx2_vnni"; break;
    case dnnl::cpu_isa::avx512_mic: name = "avx512_mic"; break;
    case dnnl::cpu_isa::avx512_mic_4ops: name = "avx512_mic_4ops"; break;
    case dnnl::cpu_isa::avx512_core: name = "avx512_core"; break;
    case dnnl::cpu_isa::avx512_core_vnni: name = "avx512_core_vnni"; break;
    case dnnl::cpu_isa::avx512_core_bf16: name = "avx512_core_bf16"; break;
    case dnnl::cpu_isa::avx512_core_amx: name = "avx512_core_amx"; break;
  }
  std::map<std::string, std::string> impls;  // implementation -> workloads
  try {
    const dnnl::engine engine(dnnl::engine::kind::cpu, 0);
    for (const auto& w : workloads()) {
      if (!onednn_has(w)) continue;
      std::string& ids = impls[primitive_desc_of(w, !w.uint8, engine).impl_info_str()];
      ids += (ids.empty() ? "" : ",") + w.id;
    }
  } catch (const dnnl::error& e) {
    impls[std::string("error: ") + e.what()];
  }
  std::string line = std::string("effective ISA ") + name;
  const char* cap = std::getenv("ONEDNN_MAX_CPU_ISA");
  if (cap && *cap) line += std::string(" (ONEDNN_MAX_CPU_ISA=") + cap + ")";
  line += "; resampling implementations:";
  for (const auto& [impl, ids] : impls) line += " " + impl + " [" + ids + "]";
  return line;
}

void register_onednn(const workload& w) {
  if (!onednn_has(w)) return;
  const std::string crash = w.uint8 ? probe_onednn<std::uint8_t>(w) : probe_onednn<float>(w);
  if (!crash.empty()) std::fprintf(stderr, "%s: %s, skipped\n", w.id.c_str(), crash.c_str());
  for (int threads : {1, 2})
    register_case(w, "onednn", threads, [w, threads, crash](benchmark::State& s) {
      if (!crash.empty()) return s.SkipWithError(crash.c_str());
      try {
        if (w.uint8)
          bench_onednn<std::uint8_t>(s, w, threads);
        else
          bench_onednn<float>(s, w, threads);
      } catch (const dnnl::error& e) {
        s.SkipWithError((std::string("oneDNN: ") + e.what()).c_str());
      }
    });
}

}  // namespace bench
