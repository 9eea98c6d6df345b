// SPDX-License-Identifier: Apache-2.0
// The copy floor of a workload: the time to read its input bytes once and write its output
// bytes once, the least any resize of it can take when it reads all of X (W2 reads only the
// rows and columns its taps touch, so its floor is an upper bound on its least traffic). And,
// for outputs ndresize writes with non-temporal stores, the same traffic written so.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

#include <ndresize/detail/kernels/tuning.hpp>

#if defined(__x86_64__) || defined(_M_X64)
#include <emmintrin.h>
#define NDRESIZE_BENCH_STREAMED_FLOOR 1
#endif

#include "bench_workload.hpp"

namespace bench {

/// One nth (thread t of n) of [begin, end), in whole 64-byte lines.
inline std::pair<std::size_t, std::size_t> slice_of(std::size_t begin, std::size_t end, int t, int n) {
  const std::size_t per = ((end - begin) / static_cast<std::size_t>(n) + 7) / 8 * 8;
  const std::size_t b = std::min(end, begin + per * static_cast<std::size_t>(t));
  return {b, std::min(end, b + per)};
}

/// Reads the words [b, e) of x (a downscale's input beyond what it copies).
inline void read_words(const std::uint64_t* x, std::size_t b, std::size_t e) {
  std::uint64_t sum = 0;
  for (std::size_t i = b; i < e; ++i) sum += x[i];
  benchmark::DoNotOptimize(sum);
}

/// Runs part(t) for t in [0, threads) per iteration, on a pool of `threads`.
template <class Part>
void run_floor(benchmark::State& state, std::size_t x_bytes, std::size_t y_bytes, int threads, Part part,
               const void* y) {
  nd::thread_pool pool(threads);
  for (auto _ : state) {
    if (threads > 1)
      pool.parallel_for(threads, part);
    else
      part(0);
    benchmark::DoNotOptimize(y);
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(x_bytes + y_bytes));
}

/// Copies the first min(|X|, |Y|) bytes of X into Y, then either fills the rest of Y
/// (|Y| > |X|, an upscale) or reads the rest of X (a downscale): exactly |X| bytes read and
/// |Y| bytes written, with glibc's memcpy/memset (which keep these sizes in the caches: glibc
/// switches to non-temporal stores only past a threshold near the last-level cache's size).
/// With n threads each takes one nth of every part.
inline void bench_copy_floor(benchmark::State& state, std::size_t x_bytes, std::size_t y_bytes, int threads) {
  buffer<std::uint64_t> x((x_bytes + 7) / 8, 1), y((y_bytes + 7) / 8, 0);
  const std::size_t common = std::min(x.size(), y.size());
  auto part = [&](nd::index_t t) {
    const int i = static_cast<int>(t);
    const auto [cb, ce] = slice_of(0, common, i, threads);
    std::memcpy(y.data() + cb, x.data() + cb, (ce - cb) * 8);
    if (y.size() > common) {
      const auto [b, e] = slice_of(common, y.size(), i, threads);
      std::memset(y.data() + b, 0, (e - b) * 8);
    } else {
      const auto [b, e] = slice_of(common, x.size(), i, threads);
      read_words(x.data(), b, e);
    }
  };
  run_floor(state, x_bytes, y_bytes, threads, part, y.data());
}

#ifdef NDRESIZE_BENCH_STREAMED_FLOOR
/// bench_copy_floor's traffic with every byte of Y written by a non-temporal store (what
/// ndresize does for outputs of tuning::streaming_output_bytes and more): the stores go around
/// the caches to memory, so this is the least time such an output can take on this machine,
/// whatever the caches could hold. 16-byte stores: as fast as 64-byte ones here (bench/README.md).
inline void bench_streamed_floor(benchmark::State& state, std::size_t x_bytes, std::size_t y_bytes, int threads) {
  buffer<std::uint64_t> x((x_bytes + 7) / 8, 1), y((y_bytes + 7) / 8, 0);
  const std::size_t common = std::min(x.size(), y.size()) / 2 * 2;  // whole 16-byte stores
  auto part = [&](nd::index_t t) {
    const int i = static_cast<int>(t);
    auto* to = reinterpret_cast<__m128i*>(y.data());
    const auto* from = reinterpret_cast<const __m128i*>(x.data());
    const auto [cb, ce] = slice_of(0, common, i, threads);
    for (std::size_t k = cb / 2; k < ce / 2; ++k) _mm_stream_si128(to + k, _mm_loadu_si128(from + k));
    const auto [b, e] = slice_of(common, y.size() / 2 * 2, i, threads);
    for (std::size_t k = b / 2; k < e / 2; ++k) _mm_stream_si128(to + k, _mm_setzero_si128());
    if (x.size() > common) {
      const auto [rb, re] = slice_of(common, x.size(), i, threads);
      read_words(x.data(), rb, re);
    }
    _mm_sfence();
  };
  run_floor(state, x_bytes, y_bytes, threads, part, y.data());
}
#endif

/// <base>/floor/threads:{1,2}, shared by every layout of the workload (same bytes); and
/// <base>/floor-streamed/threads:{1,2} where ndresize streams the output.
inline void register_copy_floor(const workload& w) {
  for (int threads : {1, 2})
    register_case(w, "floor", threads, [x = w.in_bytes(), y = w.out_bytes(), threads](benchmark::State& s) {
      bench_copy_floor(s, x, y, threads);
    });
#ifdef NDRESIZE_BENCH_STREAMED_FLOOR
  if (static_cast<nd::index_t>(w.out_bytes()) < nd::detail::tuning::streaming_output_bytes) return;
  for (int threads : {1, 2})
    register_case(w, "floor-streamed", threads, [x = w.in_bytes(), y = w.out_bytes(), threads](benchmark::State& s) {
      bench_streamed_floor(s, x, y, threads);
    });
#endif
}

}  // namespace bench
