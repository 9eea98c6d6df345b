// SPDX-License-Identifier: Apache-2.0
// What kernel code needs of the CPU beside the vector vocabulary: the store fence after
// non-temporal stores, a spin-wait hint (the thread pool), prefetch hints, forced inlining, and
// floating-point contraction (a·b + c → fma) switched off in the generic kernels, so every
// target computes the same roundings. The per-target regions are simd/targets.hpp; the one
// dispatch point is dispatch.hpp.
#pragma once

#include <cstddef>

#include "../isa.hpp"

#if NDRESIZE_X86  // (isa.hpp)
#include <xmmintrin.h>
#endif

NDRESIZE_BEGIN_NAMESPACE
namespace detail {
/// Orders this thread's non-temporal stores before its later stores (and its release of the
/// work item), so other threads that synchronize with it see them.
inline void store_fence() noexcept {
#if NDRESIZE_X86
  _mm_sfence();
#endif
}

/// A hint inside a spin-wait loop (x86 pause, aarch64 yield): lets the core save power and its
/// sibling hyperthread run while this one polls.
inline void cpu_relax() noexcept {
#if NDRESIZE_X86
  _mm_pause();
#elif defined(__aarch64__) && (defined(__GNUC__) || defined(__clang__))
  __asm__ __volatile__("yield" ::: "memory");
#endif
}

/// Asks the cache to start loading [p, p + bytes) (for writing: `Write`). Only a hint: no
/// value depends on it. Used where a loop knows its next item's addresses one item ahead and
/// items are too small for the hardware prefetcher to run ahead of them. (`Write` is a template
/// parameter: GCC 12 deleted these loops when they sat behind a run-time branch.)
template <bool Write>
inline void prefetch_bytes(const void* p, std::size_t bytes) noexcept {
#if defined(__GNUC__) || defined(__clang__)
  const char* c = static_cast<const char*>(p);
  const std::size_t lines = (bytes + 63) / 64;
  for (std::size_t i = 0; i < lines; ++i) __builtin_prefetch(c + 64 * i, Write ? 1 : 0);
#else
  (void)p, (void)bytes;
#endif
}
}  // namespace detail
NDRESIZE_END_NAMESPACE

// NDRESIZE_INLINE_LAMBDA, after a lambda's parameters: a kernel's loop body handed to a helper
// (for_each_row) is inlined into it. Left out of line, the body reads every operand it captures
// by reference through its closure, again after each vector store (a store may alias any
// memory): 12 loads before each 7-vector row of W7 on SSE4.1.
#if defined(__GNUC__) || defined(__clang__)
#define NDRESIZE_ALWAYS_INLINE __attribute__((always_inline)) inline
#define NDRESIZE_INLINE_LAMBDA __attribute__((always_inline))
#else
#define NDRESIZE_ALWAYS_INLINE inline
#define NDRESIZE_INLINE_LAMBDA
#endif

// Before a kernel's loop over a compile-time count of tap slots or tap rows: unrolled whole, so
// that its vectors stay in registers. GCC unrolls such loops by itself from -O3 only; at -O2
// (Bazel's opt, distribution packages, RelWithDebInfo) W7 of bench/ took 1.5 x the time
// (bench/README.md, "Optimization levels and compilers").
#if defined(__clang__)
#define NDRESIZE_UNROLLED _Pragma("unroll")
#elif defined(__GNUC__)
#define NDRESIZE_UNROLLED _Pragma("GCC unroll 16")
#else
#define NDRESIZE_UNROLLED
#endif

// No contraction in kernel code: GCC per region (push/pop), clang per function body.
#if defined(__clang__)
#define NDRESIZE_KERNELS_BEGIN
#define NDRESIZE_KERNELS_END
#define NDRESIZE_NO_CONTRACT _Pragma("clang fp contract(off)")
#elif defined(__GNUC__)
#define NDRESIZE_KERNELS_BEGIN _Pragma("GCC push_options") _Pragma("GCC optimize(\"fp-contract=off\")")
#define NDRESIZE_KERNELS_END _Pragma("GCC pop_options")
#define NDRESIZE_NO_CONTRACT
#else
#define NDRESIZE_KERNELS_BEGIN
#define NDRESIZE_KERNELS_END
#define NDRESIZE_NO_CONTRACT
#endif
