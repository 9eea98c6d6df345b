// SPDX-License-Identifier: Apache-2.0
// The CPU target the kernels run on (generic, SSE4.1, AVX2, AVX-512, NEON): what the CPU supports,
// capped by set_max_isa() or the environment variable NDRESIZE_ISA. Public, and apart from the
// kernels (detail/cpu.hpp), so that users of ndresize::compiled, whose headers include no
// kernel, can cap it too. Every target gives the same bits; the cap is for tests and
// benchmarks of each target.
#pragma once

#include <atomic>
#include <cstdlib>
#include <cstring>

#include "config.hpp"

// x86 with GCC-like builtins and target attributes: SSE4.1, AVX2 and AVX-512, detected at run
// time. aarch64: NEON, its baseline. Elsewhere the generic kernels are all there is.
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
#define NDRESIZE_X86 1
#else
#define NDRESIZE_X86 0
#endif
#if defined(__aarch64__) && defined(__ARM_NEON)
#define NDRESIZE_AARCH64 1
#else
#define NDRESIZE_AARCH64 0
#endif

NDRESIZE_BEGIN_NAMESPACE

/// Instruction sets a kernel may be compiled for. The values of the first three are those of
/// earlier releases; the order of targets is their rank (detail::isa_rank), not these values.
/// x86: generic < sse4 < avx2 < avx512. aarch64: generic < neon. docs/kernels.md says which
/// kernels each target has of its own.
enum class isa { generic = 0, avx2 = 1, avx512 = 2, sse4 = 3, neon = 4 };

/// The target's name, as NDRESIZE_ISA spells it.
constexpr const char* isa_name(isa t) noexcept {
  switch (t) {
    case isa::generic: return "generic";
    case isa::sse4: return "sse4";
    case isa::avx2: return "avx2";
    case isa::avx512: return "avx512";
    case isa::neon: return "neon";
  }
  return "unknown";
}

namespace detail {

/// A target's rank on this architecture, weakest first. A target of another architecture
/// ranks above every one of this one: a cap that names it is no cap (tests loop over every
/// name on every machine, and each lands on a target this one has).
constexpr int isa_rank(isa t) noexcept {
  constexpr int foreign = 100;
#if NDRESIZE_X86
  switch (t) {
    case isa::generic: return 0;
    case isa::sse4: return 1;
    case isa::avx2: return 2;
    case isa::avx512: return 3;
    case isa::neon: return foreign;
  }
  return foreign;
#elif NDRESIZE_AARCH64
  return t == isa::generic ? 0 : t == isa::neon ? 1 : foreign;
#else
  return t == isa::generic ? 0 : foreign;
#endif
}

/// Whether a target's kernels are compiled in (all but those NDRESIZE_DISABLED_TARGETS names,
/// config.hpp; the generic ones always are).
constexpr bool target_compiled(isa t) noexcept {
  switch (t) {
    case isa::generic: return true;
    case isa::sse4: return ((NDRESIZE_DISABLED_TARGETS)&NDRESIZE_TARGET_SSE4) == 0;
    case isa::avx2: return ((NDRESIZE_DISABLED_TARGETS)&NDRESIZE_TARGET_AVX2) == 0;
    case isa::avx512: return ((NDRESIZE_DISABLED_TARGETS)&NDRESIZE_TARGET_AVX512) == 0;
    case isa::neon: return ((NDRESIZE_DISABLED_TARGETS)&NDRESIZE_TARGET_NEON) == 0;
  }
  return false;
}

/// The best target the CPU supports, compiled or not.
inline isa detect_isa() noexcept {
#if NDRESIZE_X86
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") &&
      __builtin_cpu_supports("avx512dq"))
    return isa::avx512;
  if (__builtin_cpu_supports("avx2")) return isa::avx2;
  if (__builtin_cpu_supports("sse4.1")) return isa::sse4;
#elif NDRESIZE_AARCH64
  return isa::neon;  // the aarch64 baseline
#endif
  return isa::generic;
}

/// The best compiled target of this architecture at or below `t` (which is of this one). A CPU
/// that has a target has every one below it (AVX-512 implies AVX2, which implies SSE4.1).
constexpr isa compiled_at_or_below(isa t) noexcept {
  if (t == isa::avx512 && !target_compiled(t)) t = isa::avx2;
  if (t == isa::avx2 && !target_compiled(t)) t = isa::sse4;
  if ((t == isa::sse4 || t == isa::neon) && !target_compiled(t)) t = isa::generic;
  return t;
}

/// No cap: the best the CPU has.
inline constexpr int isa_uncapped = -1;

inline std::atomic<int>& isa_cap() noexcept {
  // NDRESIZE_ISA=generic|sse4|avx2|avx512|neon caps the choice (benchmarks and tests of each
  // target); any other value is no cap.
  static std::atomic<int> cap{[] {
    const char* e = std::getenv("NDRESIZE_ISA");
    if (e == nullptr) return isa_uncapped;
    for (const isa t : {isa::generic, isa::sse4, isa::avx2, isa::avx512, isa::neon})
      if (std::strcmp(e, isa_name(t)) == 0) return static_cast<int>(t);
    return isa_uncapped;
  }()};
  return cap;
}

}  // namespace detail

/// The target the kernels run on: the best compiled one (NDRESIZE_DISABLED_TARGETS) the CPU
/// supports, capped by set_max_isa().
inline isa active_isa() noexcept {
  static const isa detected = detail::compiled_at_or_below(detail::detect_isa());
  const int cap = detail::isa_cap().load(std::memory_order_relaxed);
  if (cap == detail::isa_uncapped) return detected;
  const isa c = static_cast<isa>(cap);
  return detail::isa_rank(detected) <= detail::isa_rank(c) ? detected : detail::compiled_at_or_below(c);
}

/// Caps the instruction set used by later calls (for tests and benchmarks of each target). A
/// target this machine lacks, or one not compiled, caps at the best it has below it; one of
/// another architecture (neon on x86, avx2 on aarch64) is no cap.
inline void set_max_isa(isa cap) noexcept { detail::isa_cap().store(static_cast<int>(cap)); }

NDRESIZE_END_NAMESPACE
