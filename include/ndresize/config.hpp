// SPDX-License-Identifier: Apache-2.0
// Compile-time configuration: namespace macros and the library's hard limits.
#pragma once

#include <cstddef>
#include <cstdint>

#include "version.hpp"

// NDRESIZE_EXCEPTIONS: 1 when the translation unit is compiled with exceptions (the default),
// 0 under -fno-exceptions (GCC and clang define neither macro then; MSVC's /EHs- leaves
// _CPPUNWIND undefined). With 0 the library offers its non-throwing API only (error.hpp). A
// user may define it to 0 to get that API alone with exceptions on.
#ifndef NDRESIZE_EXCEPTIONS
#if defined(__cpp_exceptions) || defined(__EXCEPTIONS) || defined(_CPPUNWIND)
#define NDRESIZE_EXCEPTIONS 1
#else
#define NDRESIZE_EXCEPTIONS 0
#endif
#endif

// Every header wraps its declarations in NDRESIZE_BEGIN_NAMESPACE / NDRESIZE_END_NAMESPACE
// (sub-namespaces are opened inside). The pair does two things:
//  - opens `namespace ndresize { inline namespace NDRESIZE_ABI_NAMESPACE {` (version.hpp);
//  - switches floating-point contraction (a·b + c fused into one fma) off for all library
//    code, whatever the consumer's flags: aarch64 GCC contracts by default, so do GCC and
//    clang with -march=native (or any FMA target) on x86-64, and a fused result is rounded
//    once instead of twice. With contraction off, plans (coordinates, filter weights) and
//    kernels compute the same roundings on every machine, so results are bit-identical.
//    The setting is pushed and popped: the consumer's own code after the include keeps its
//    flags. GCC: optimize("fp-contract=off") between push_options and pop_options. Clang:
//    `#pragma clang fp contract(off)` inside float_control(push)/(pop), which also covers
//    templates instantiated later. Clang's -ffp-contract=fast disregards every pragma (its
//    documented meaning), so, like -ffast-math, it is outside the guarantee.
#if defined(__clang__)
#define NDRESIZE_FP_PUSH_ _Pragma("float_control(push)") _Pragma("clang fp contract(off)")
#define NDRESIZE_FP_POP_ _Pragma("float_control(pop)")
#elif defined(__GNUC__)
#define NDRESIZE_FP_PUSH_ _Pragma("GCC push_options") _Pragma("GCC optimize(\"fp-contract=off\")")
#define NDRESIZE_FP_POP_ _Pragma("GCC pop_options")
#else
#define NDRESIZE_FP_PUSH_
#define NDRESIZE_FP_POP_
#endif
// The inline namespace holds the version (version.hpp), the exception mode and the disabled CPU
// targets (below). The library's inline functions differ between the exception modes
// (detail::raise throws or aborts; the try_ layer catches std::bad_alloc or cannot), so a
// program whose translation units are built in both modes gets two sets of symbols (v0_1 and
// v0_1_noexcept) instead of one definition of each chosen by link order.
#if NDRESIZE_EXCEPTIONS
#define NDRESIZE_MODE_SUFFIX_
#else
#define NDRESIZE_MODE_SUFFIX_ _noexcept
#endif

// NDRESIZE_DISABLED_TARGETS: CPU targets whose kernels are not compiled, a sum of the bits
// below (0, the default: every target of the architecture). Each x86 target is a full copy of
// the kernels; a program that only runs on AVX2 machines, or a build whose tests never change
// target, compiles faster without the others (docs/kernels.md, "Compiling fewer targets").
// Every target gives the same bits, so only speed changes. The generic kernels are always
// compiled: they are what a CPU without the enabled targets runs. A program's translation units
// must agree on it (like the exception mode above, it is part of the inline namespace: a
// mismatch is a link error, never a silent mix).
#define NDRESIZE_TARGET_SSE4 1
#define NDRESIZE_TARGET_AVX2 2
#define NDRESIZE_TARGET_AVX512 4
#define NDRESIZE_TARGET_NEON 8
#ifndef NDRESIZE_DISABLED_TARGETS
#define NDRESIZE_DISABLED_TARGETS 0
#endif
#if (NDRESIZE_DISABLED_TARGETS) & \
    ~(NDRESIZE_TARGET_SSE4 | NDRESIZE_TARGET_AVX2 | NDRESIZE_TARGET_AVX512 | NDRESIZE_TARGET_NEON)
#error "NDRESIZE_DISABLED_TARGETS: unknown bits; accepted: a sum of NDRESIZE_TARGET_SSE4, _AVX2, _AVX512 and _NEON"
#endif
#if (NDRESIZE_DISABLED_TARGETS) & NDRESIZE_TARGET_SSE4
#define NDRESIZE_SSE4_SUFFIX_ _nosse4
#else
#define NDRESIZE_SSE4_SUFFIX_
#endif
#if (NDRESIZE_DISABLED_TARGETS) & NDRESIZE_TARGET_AVX2
#define NDRESIZE_AVX2_SUFFIX_ _noavx2
#else
#define NDRESIZE_AVX2_SUFFIX_
#endif
#if (NDRESIZE_DISABLED_TARGETS) & NDRESIZE_TARGET_AVX512
#define NDRESIZE_AVX512_SUFFIX_ _noavx512
#else
#define NDRESIZE_AVX512_SUFFIX_
#endif
#if (NDRESIZE_DISABLED_TARGETS) & NDRESIZE_TARGET_NEON
#define NDRESIZE_NEON_SUFFIX_ _noneon
#else
#define NDRESIZE_NEON_SUFFIX_
#endif
#define NDRESIZE_CAT6_(a, b, c, d, e, f) a##b##c##d##e##f
#define NDRESIZE_CAT6(a, b, c, d, e, f) NDRESIZE_CAT6_(a, b, c, d, e, f)
// v0_1, v0_1_noexcept, v0_1_noavx2_noavx512, ...
#define NDRESIZE_INLINE_NAMESPACE                                                                            \
  NDRESIZE_CAT6(NDRESIZE_ABI_NAMESPACE, NDRESIZE_MODE_SUFFIX_, NDRESIZE_SSE4_SUFFIX_, NDRESIZE_AVX2_SUFFIX_, \
                NDRESIZE_AVX512_SUFFIX_, NDRESIZE_NEON_SUFFIX_)
#define NDRESIZE_BEGIN_NAMESPACE         \
  NDRESIZE_FP_PUSH_ namespace ndresize { \
    inline namespace NDRESIZE_INLINE_NAMESPACE {
#define NDRESIZE_END_NAMESPACE \
  }                            \
  }                            \
  NDRESIZE_FP_POP_

NDRESIZE_BEGIN_NAMESPACE

/// The largest tensor rank accepted. Views keep their extents inline, so the limit is a
/// compile-time constant; deeper tensors are rejected with resize_error, never truncated.
inline constexpr int max_rank = 16;

/// Signed index type used for extents, strides and offsets (as ONNX's int64 shapes).
using index_t = std::int64_t;

NDRESIZE_END_NAMESPACE
