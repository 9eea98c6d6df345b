// SPDX-License-Identifier: Apache-2.0
// The DRAM copy floor of a workload: the time to read its input bytes once and write its
// output bytes once, the least any resize of it can take when it reads all of X (W2 reads only
// the rows and columns its taps touch, so its floor is an upper bound on its least traffic).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "bench_workload.hpp"

namespace bench {

/// Copies the first min(|X|, |Y|) bytes of X into Y, then either fills the rest of Y
/// (|Y| > |X|, an upscale) or reads the rest of X (a downscale): exactly |X| bytes read and
/// |Y| bytes written, with glibc's memcpy/memset (non-temporal stores on large sizes).
/// With n threads each takes one nth of every part.
inline void bench_copy_floor(benchmark::State& state, std::size_t x_bytes, std::size_t y_bytes, int threads) {
  buffer<std::uint64_t> x((x_bytes + 7) / 8, 1), y((y_bytes + 7) / 8, 0);
  const std::size_t common = std::min(x.size(), y.size());
  nd::thread_pool pool(threads);
  auto part = [&](nd::index_t t) {
    const auto slice = [&](std::size_t begin, std::size_t end) {
      const std::size_t n = end - begin, per = (n / static_cast<std::size_t>(threads) + 7) / 8 * 8;
      const std::size_t b = std::min(end, begin + per * static_cast<std::size_t>(t));
      return std::pair{b, std::min(end, b + per)};
    };
    const auto [cb, ce] = slice(0, common);
    std::memcpy(y.data() + cb, x.data() + cb, (ce - cb) * 8);
    if (y.size() > common) {
      const auto [b, e] = slice(common, y.size());
      std::memset(y.data() + b, 0, (e - b) * 8);
    } else {
      const auto [b, e] = slice(common, x.size());
      std::uint64_t sum = 0;
      for (std::size_t i = b; i < e; ++i) sum += x[i];
      benchmark::DoNotOptimize(sum);
    }
  };
  for (auto _ : state) {
    if (threads > 1)
      pool.parallel_for(threads, part);
    else
      part(0);
    benchmark::DoNotOptimize(y.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(x_bytes + y_bytes));
}

/// <base>/floor/threads:{1,2}, shared by every layout of the workload (same bytes).
inline void register_copy_floor(const workload& w) {
  for (int threads : {1, 2})
    register_case(w, "floor", threads, [x = w.in_bytes(), y = w.out_bytes(), threads](benchmark::State& s) {
      bench_copy_floor(s, x, y, threads);
    });
}

}  // namespace bench
