// SPDX-License-Identifier: Apache-2.0
// Where the benchmarks put ndresize's output (resize_bench, paired_compare.sh's variants): its
// own header, so that paired_compare.sh's variant of an older revision has it too.
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstdlib>

namespace bench {

/// Where ndresize's output starts, in elements past a 64-byte boundary: BENCH_OUTPUT_OFFSET
/// bytes (a multiple of the element size; unset: 0). A caller's std::vector of a large output
/// starts 16 bytes past one (glibc's malloc), so BENCH_OUTPUT_OFFSET=16 times what that caller
/// sees. ndresize's cases only: the peers keep their aligned outputs (oneDNN needs them).
template <class T>
std::size_t output_offset() {
  const char* e = std::getenv("BENCH_OUTPUT_OFFSET");
  const long bytes = e ? std::strtol(e, nullptr, 10) : 0;
  if (bytes < 0 || bytes >= 64 || bytes % static_cast<long>(sizeof(T)) != 0) {
    std::fprintf(stderr, "BENCH_OUTPUT_OFFSET=%s: want 0..63 bytes, a multiple of %zu\n", e, sizeof(T));
    std::exit(2);
  }
  return static_cast<std::size_t>(bytes) / sizeof(T);
}

}  // namespace bench
