// SPDX-License-Identifier: Apache-2.0
// Target regions for the vector vocabulary (docs/kernels.md). Code between
// NDRESIZE_SIMD_BEGIN_<TARGET> and NDRESIZE_SIMD_END is compiled for that target whatever the
// consumer's flags, so one kernel text, included once per region inside a per-target namespace
// (detail::simd::N_SSE4, N_AVX2, N_AVX512), yields one copy per target; run-time dispatch picks
// the copy. GCC: push_options / target; clang: an attribute pushed onto every function.
// Contraction (a·b + c → fma) is switched off in every region: the numeric contract is a
// separate Mul then Add, with two roundings, on every target (clang contracts only within one
// expression, and the vocabulary's Mul and Add are separate functions, so it needs no pragma).
// The AVX2 region does not enable FMA at all, for the same reason. Raw intrinsics appear only in
// the backend files (scalar.hpp, x86_sse4.hpp, x86_avx2.hpp, x86_avx512.hpp, arm_neon.hpp).
#pragma once

#include "../../isa.hpp"  // NDRESIZE_X86

#if defined(__aarch64__) && defined(__ARM_NEON)
#define NDRESIZE_SIMD_NEON 1  // NEON is the aarch64 baseline: no region needed
#else
#define NDRESIZE_SIMD_NEON 0
#endif

// Every op of a backend, as Highway's HWY_API: inlined into the kernel that calls it at any
// optimization level. At -O2 GCC kept the larger ops calls (GatherOffsetPairs<3, float>: W2-NHWC
// of bench/ took 1.6 x the time of -O3; bench/README.md, "Optimization levels and compilers").
#if defined(__GNUC__) || defined(__clang__)
#define NDRESIZE_SIMD_API __attribute__((always_inline)) inline
#else
#define NDRESIZE_SIMD_API inline
#endif

#if NDRESIZE_X86 && defined(__clang__)
#define NDRESIZE_SIMD_BEGIN_SSE4 \
  _Pragma("clang attribute push(__attribute__((target(\"sse4.1\"))), apply_to = function)")
#define NDRESIZE_SIMD_BEGIN_AVX2 _Pragma("clang attribute push(__attribute__((target(\"avx2\"))), apply_to = function)")
// (_Pragma takes one string literal: the long line cannot be split.)
// clang-format off
#define NDRESIZE_SIMD_BEGIN_AVX512 _Pragma("clang attribute push(__attribute__((target(\"avx512f,avx512bw,avx512vl,avx512dq,avx2\"))), apply_to = function)")
// clang-format on
#define NDRESIZE_SIMD_END _Pragma("clang attribute pop")
#elif NDRESIZE_X86 && defined(__GNUC__)
// GCC 12 flags the AVX-512 intrinsics' own `__m512i __Y = __Y;` placeholders when they are
// inlined into a region's function (a false positive), and, when not optimizing, its masked
// intrinsics are macros that convert our unsigned masks to the signed types of its builtins
// (-Wsign-conversion at our call sites; a mask is bits): both silenced for the region only.
#define NDRESIZE_SIMD_GCC_REGION(TARGET)                                                   \
  _Pragma("GCC push_options") _Pragma(TARGET) _Pragma("GCC optimize(\"fp-contract=off\")") \
      _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wuninitialized\"") \
          _Pragma("GCC diagnostic ignored \"-Wmaybe-uninitialized\"")                      \
              _Pragma("GCC diagnostic ignored \"-Wsign-conversion\"")
#define NDRESIZE_SIMD_BEGIN_SSE4 NDRESIZE_SIMD_GCC_REGION("GCC target(\"sse4.1\")")
#define NDRESIZE_SIMD_BEGIN_AVX2 NDRESIZE_SIMD_GCC_REGION("GCC target(\"avx2\")")
#define NDRESIZE_SIMD_BEGIN_AVX512 NDRESIZE_SIMD_GCC_REGION("GCC target(\"avx512f,avx512bw,avx512vl,avx512dq,avx2\")")
#define NDRESIZE_SIMD_END _Pragma("GCC diagnostic pop") _Pragma("GCC pop_options")
#endif

#if defined(__GNUC__) && !defined(__clang__)
#define NDRESIZE_SIMD_BEGIN_SCALAR _Pragma("GCC push_options") _Pragma("GCC optimize(\"fp-contract=off\")")
#define NDRESIZE_SIMD_END_SCALAR _Pragma("GCC pop_options")
#else
#define NDRESIZE_SIMD_BEGIN_SCALAR
#define NDRESIZE_SIMD_END_SCALAR
#endif
