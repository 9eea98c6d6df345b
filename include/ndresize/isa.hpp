// SPDX-License-Identifier: Apache-2.0
// The CPU target the kernels run on (generic x86-64, AVX2, AVX-512): what the CPU supports,
// capped by set_max_isa() or the environment variable NDRESIZE_ISA. Public, and apart from the
// kernels (detail/cpu.hpp), so that users of ndresize::compiled, whose headers include no
// kernel, can cap it too. Every target gives the same bits; the cap is for tests and
// benchmarks of each target.
#pragma once

#include <atomic>
#include <cstdlib>
#include <cstring>

#include "config.hpp"

// x86 with GCC-like builtins and target attributes: the only place that has the vector targets.
// Elsewhere (aarch64, other compilers) the generic kernels are all there is.
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
#define NDRESIZE_X86 1
#else
#define NDRESIZE_X86 0
#endif

NDRESIZE_BEGIN_NAMESPACE

/// Instruction sets a kernel may be compiled for, weakest first.
enum class isa { generic = 0, avx2 = 1, avx512 = 2 };

namespace detail {

inline isa detect_isa() noexcept {
#if NDRESIZE_X86
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") &&
      __builtin_cpu_supports("avx512dq"))
    return isa::avx512;
  if (__builtin_cpu_supports("avx2")) return isa::avx2;
#endif
  return isa::generic;
}

inline std::atomic<int>& isa_cap() noexcept {
  // NDRESIZE_ISA=generic|avx2|avx512 caps the choice (benchmarks and tests of each target).
  static std::atomic<int> cap{[] {
    const char* e = std::getenv("NDRESIZE_ISA");
    if (e && std::strcmp(e, "generic") == 0) return 0;
    if (e && std::strcmp(e, "avx2") == 0) return 1;
    return 2;
  }()};
  return cap;
}

}  // namespace detail

/// The target the kernels run on: the best the CPU supports, capped by set_max_isa().
inline isa active_isa() noexcept {
  static const isa detected = detail::detect_isa();
  const int cap = detail::isa_cap().load(std::memory_order_relaxed);
  return static_cast<int>(detected) < cap ? detected : static_cast<isa>(cap);
}

/// Caps the instruction set used by later calls (for tests and benchmarks of each target).
inline void set_max_isa(isa cap) noexcept { detail::isa_cap().store(static_cast<int>(cap)); }

NDRESIZE_END_NAMESPACE
