// SPDX-License-Identifier: Apache-2.0
// libvips peer for W6a (uint8 HWC antialiased shrink): vips_reduce with the linear kernel
// (a triangle stretched by the shrink factor, libvips' antialiased resample) and no box
// pre-shrink (gap 0), shrink factors in/out, edge pixels replicated, vips_concurrency_set(n).
// A call builds the pipeline on the input held in memory and renders it with
// vips_image_write_to_memory (what a libvips user does; the operation cache is off so every
// call computes), then copies the 150 KB result into the preallocated output.
// Approximate semantics: libvips resamples uchar with 12-bit integer weights and keeps the
// intermediate of its two 1-D passes in 8 bits, so outputs differ from the float contract by
// a few levels; the stated tolerance for "approx" is kVipsLevels.
#include <vips/vips.h>
// after vips.h, which it needs (it is not part of it)
#include <vips/vector.h>

#include <dlfcn.h>

#include <cstring>
#include <string>

#include "bench_workload.hpp"

namespace bench {

namespace {

constexpr int kVipsLevels = 3;

bool vips_initialized() {
  static const bool initialized = [] {
    if (VIPS_INIT("resize_bench") != 0) return false;
    vips_cache_set_max(0);
    return true;
  }();
  return initialized;
}

void bench_vips(benchmark::State& state, const workload& w, int threads) {
  if (!vips_initialized()) {
    state.SkipWithError("VIPS_INIT failed");
    return;
  }
  vips_concurrency_set(threads);
  const auto& data = data_for<std::uint8_t>(w);
  buffer<std::uint8_t> y(data.reference.size());
  const int ih = static_cast<int>(w.in[0]), iw = static_cast<int>(w.in[1]), bands = static_cast<int>(w.in[2]);
  const int oh = static_cast<int>(w.out[0]), ow = static_cast<int>(w.out[1]);
  VipsImage* in = vips_image_new_from_memory(data.x.data(), data.x.size(), iw, ih, bands, VIPS_FORMAT_UCHAR);
  std::string error;
  const auto call = [&] {
    VipsImage* out = nullptr;
    if (vips_reduce(in, &out, static_cast<double>(iw) / ow, static_cast<double>(ih) / oh, "kernel", VIPS_KERNEL_LINEAR,
                    "gap", 0.0, nullptr) != 0) {
      error = vips_error_buffer();
      return;
    }
    std::size_t size = 0;
    void* pixels = vips_image_write_to_memory(out, &size);
    if (vips_image_get_width(out) != ow || vips_image_get_height(out) != oh || size != y.size())
      error = "vips_reduce made a " + std::to_string(vips_image_get_width(out)) + "x" +
              std::to_string(vips_image_get_height(out)) + " image";
    else
      std::memcpy(y.data(), pixels, size);
    g_free(pixels);
    g_object_unref(out);
  };
  label_once(state, case_name(w, "vips", threads), [&] {
    call();
    return compare_with_reference<std::uint8_t>(w, y.data(), kVipsLevels);
  });
  if (error.empty())
    time_calls(state, w, call, y.data());
  else
    state.SkipWithError(("libvips: " + error).c_str());
  g_object_unref(in);
}

}  // namespace

// libvips 8.14 as Debian builds it vectorizes with orc (liborc 0.4.33, no Highway), whose x86
// code generator is its "sse" target: 128-bit whatever the CPU, so no class changes it. The
// rest is C compiled for the x86-64 baseline. VIPS_NOVECTOR=1 would turn orc off entirely
// (scalar C, below every class): not used. The line reads orc's target back through its API.
std::string vips_cpu_cap() {
  if (!vips_initialized()) return "VIPS_INIT failed";
  std::string line = std::string("orc vector paths ") + (vips_vector_isenabled() ? "on" : "off");
  using target_fn = void* (*)();
  using name_fn = const char* (*)(void*);
  using flags_fn = unsigned (*)(void*);
  using flag_name_fn = const char* (*)(void*, int);
  const auto get_default = reinterpret_cast<target_fn>(dlsym(RTLD_DEFAULT, "orc_target_get_default"));
  const auto get_name = reinterpret_cast<name_fn>(dlsym(RTLD_DEFAULT, "orc_target_get_name"));
  const auto get_flags = reinterpret_cast<flags_fn>(dlsym(RTLD_DEFAULT, "orc_target_get_default_flags"));
  const auto flag_name = reinterpret_cast<flag_name_fn>(dlsym(RTLD_DEFAULT, "orc_target_get_flag_name"));
  void* target = get_default ? get_default() : nullptr;
  if (target == nullptr || get_name == nullptr) return line + "; orc not found in the process";
  line += std::string("; orc target ") + get_name(target);
  if (get_flags && flag_name) {
    const unsigned flags = get_flags(target);
    line += " (flags:";
    for (int bit = 0; bit < 32; ++bit)
      if (flags & (1u << bit)) {
        const char* n = flag_name(target, bit);
        line += std::string(" ") + (n ? n : "?");
      }
    line += ")";
  }
  return line;
}

void register_vips(const workload& w) {
  if (!(w.uint8 && w.attrs.antialias)) return;
  for (int threads : {1, 2})
    register_case(w, "vips", threads, [w, threads](benchmark::State& s) { bench_vips(s, w, threads); });
}

}  // namespace bench
