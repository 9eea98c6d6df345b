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

template <class T>
void bench_onednn(benchmark::State& state, const workload& w, int threads) {
  omp_set_num_threads(threads);
  const auto& data = data_for<T>(w);
  std::vector<T> y(data.reference.size());
  const auto type = std::is_same_v<T, float> ? dnnl::memory::data_type::f32 : dnnl::memory::data_type::u8;
  const nd::dims pin = w.peer_in(), pout = w.peer_out();
  const auto format = tag_of(w, pin.size());
  const dnnl::memory::desc src_md(to_dnnl(pin), type, format), dst_md(to_dnnl(pout), type, format);
  const auto algorithm = w.attrs.mode == nd::enums::mode::nearest ? dnnl::algorithm::resampling_nearest
                                                                  : dnnl::algorithm::resampling_linear;
  const dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  dnnl::stream stream(engine);
  const dnnl::resampling_forward::primitive_desc pd(
      dnnl::resampling_forward::desc(dnnl::prop_kind::forward_inference, algorithm, src_md, dst_md), engine);
  const dnnl::resampling_forward primitive(pd);
  dnnl::memory src(src_md, engine, const_cast<T*>(data.x.data())), dst(dst_md, engine, y.data());
  const std::unordered_map<int, dnnl::memory> args{{DNNL_ARG_SRC, src}, {DNNL_ARG_DST, dst}};
  const auto call = [&] {
    primitive.execute(stream, args);
    stream.wait();
  };
  label_once(state, case_name(w, "onednn", threads), [&] {
    call();
    return compare_with_reference<T>(w, y.data());
  });
  time_calls(state, w, call, y.data());
}

}  // namespace

void register_onednn(const workload& w) {
  if (w.attrs.antialias || w.attrs.mode == nd::enums::mode::cubic) return;
  for (int threads : {1, 2})
    register_case(w, "onednn", threads, [w, threads](benchmark::State& s) {
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
