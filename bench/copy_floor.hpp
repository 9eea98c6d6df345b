// SPDX-License-Identifier: Apache-2.0
// The copy floor of a workload: the time to read its input bytes once and write its output
// bytes once, the least any resize of it can take when it reads all of X. For outputs ndresize
// writes with non-temporal stores, the same traffic written so. And for shrinks, which read
// only the source rows their taps need (W2: 448 of 1080), the read floor: one load per line of
// those rows, the least any resize of them can take when its taps touch every line of a row.
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

/// Loads one byte per 64-byte line of each slab of `slab_bytes` bytes starting at the byte
/// offsets `slabs` (sorted, as a resize reads them), two slabs side by side; thread t of n takes
/// the t-th contiguous nth of the slabs, then fills its share of Y.
inline void bench_read_floor(benchmark::State& state, std::size_t x_bytes, std::size_t y_bytes,
                             std::vector<std::size_t> slabs, std::size_t slab_bytes, int threads) {
  buffer<unsigned char> x(x_bytes, 1), y(y_bytes, 0);
  auto part = [&](nd::index_t t) {
    const auto i = static_cast<std::size_t>(t), n = static_cast<std::size_t>(threads);
    std::uint64_t sum[4] = {};  // four independent sums: the loads, not the adds, set the pace
    const std::size_t per = (slabs.size() + n - 1) / n;
    const std::size_t end = std::min(slabs.size(), (i + 1) * per);
    for (std::size_t k = i * per; k < end; k += 2) {  // two slabs side by side, as a 2-tap blend reads them
      const unsigned char* p = x.data() + slabs[k];
      const unsigned char* r = x.data() + slabs[k + 1 < end ? k + 1 : k];
      std::size_t b = 0;
      for (; b + 128 <= slab_bytes; b += 128) {
        sum[0] += p[b];
        sum[1] += r[b];
        sum[2] += p[b + 64];
        sum[3] += r[b + 64];
      }
      for (; b < slab_bytes; b += 64) sum[0] += p[b] + r[b];
    }
    benchmark::DoNotOptimize(sum);
    const auto [b, e] = slice_of(0, y.size(), static_cast<int>(i), threads);
    std::memset(y.data() + b, 0, e - b);
  };
  run_floor(state, x_bytes, y_bytes, threads, part, y.data());
}

/// The slabs a shrink along its outermost scaled axis k reads: for every position of the axes
/// before k, each distinct source index of k's taps, as byte offsets into X (row-major, the
/// workload's base layout); empty when that axis does not shrink or the plan is not weighted.
inline std::vector<std::size_t> read_slabs(const workload& w, std::size_t& slab_bytes) {
  const nd::resize_plan plan = w.plan();
  const int rank = static_cast<int>(w.in.size());
  int k = 0;
  while (k < rank && plan.table(k).out == plan.table(k).in) ++k;  // N and C: every slab
  if (k == rank || plan.table(k).out >= plan.table(k).in || plan.table(k).tap_index.empty()) return {};
  std::vector<nd::index_t> rows(plan.table(k).tap_index);
  std::sort(rows.begin(), rows.end());
  rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
  std::size_t outer = 1, inner = 1;
  for (int d = 0; d < k; ++d) outer *= static_cast<std::size_t>(w.in[static_cast<std::size_t>(d)]);
  for (int d = k + 1; d < rank; ++d) inner *= static_cast<std::size_t>(w.in[static_cast<std::size_t>(d)]);
  slab_bytes = inner * w.element_size();
  const std::size_t extent = static_cast<std::size_t>(w.in[static_cast<std::size_t>(k)]);
  std::vector<std::size_t> slabs;
  for (std::size_t o = 0; o < outer; ++o)
    for (nd::index_t r : rows) slabs.push_back((o * extent + static_cast<std::size_t>(r)) * slab_bytes);
  return slabs;
}

/// <base>/floor/threads:{1,2}, shared by every layout of the workload (same bytes);
/// <base>/floor-read/threads:{1,2} for shrinks (the same bytes in every layout, read as the base
/// layout lays them out); and <base>/floor-streamed/threads:{1,2} where ndresize streams the output.
inline void register_copy_floor(const workload& w) {
  for (int threads : {1, 2})
    register_case(w, "floor", threads, [x = w.in_bytes(), y = w.out_bytes(), threads](benchmark::State& s) {
      bench_copy_floor(s, x, y, threads);
    });
  std::size_t slab_bytes = 0;
  if (auto slabs = read_slabs(w, slab_bytes); !slabs.empty())
    for (int threads : {1, 2})
      register_case(w, "floor-read", threads,
                    [x = w.in_bytes(), y = w.out_bytes(), slabs, slab_bytes, threads](benchmark::State& s) {
                      bench_read_floor(s, x, y, slabs, slab_bytes, threads);
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
