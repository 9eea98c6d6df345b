// SPDX-License-Identifier: Apache-2.0
// The one dispatch point. A plan runs as (kernel family × element type × CPU target): the
// family comes from the plan; the element type from the caller (the type-erased layer turns a
// runtime code into it through visit_element_type.hpp); the target is read here, once per
// call, and nowhere else. What leaves this file is a ready set of functions: the executors
// never ask which CPU they run on. Kernels are written once against the vector vocabulary
// (kernels/*-inl.hpp) and instantiated per target; a new target is one more branch in each
// *_for function below. A target NDRESIZE_DISABLED_TARGETS names (config.hpp) has its branches
// discarded, so its kernels are never instantiated (and active_isa() never returns it).
// Included through run_plan.hpp, and only where run_plan is compiled (header-only builds, or
// src/run_plan.cpp for ndresize::compiled).
#pragma once

#include <type_traits>

#include "../config.hpp"
#include "../element.hpp"
#include "../error.hpp"
#include "../executor.hpp"
#include "../plan/resize_plan.hpp"
#include "../view.hpp"
#include "../workspace.hpp"
#include "cpu.hpp"
#include "kernels/extrapolate.hpp"
#include "kernels/nearest_gather.hpp"
#include "kernels/row_ops.hpp"
#include "kernels/separable.hpp"

NDRESIZE_BEGIN_NAMESPACE

namespace detail {

template <class Acc, class Src, class Dst>
row_ops<Acc, Src, Dst> row_ops_for(isa target) noexcept {
  // Complex and double accumulators gain little from wide vectors; keep them generic.
  if constexpr (std::is_same_v<Acc, float>) {
#if NDRESIZE_X86
    if constexpr (target_compiled(isa::avx512))
      if (target == isa::avx512) return {&N_AVX512::blend<Acc, Src, Dst>, &N_AVX512::resample<Acc, Src, Dst>};
    if constexpr (target_compiled(isa::avx2))
      if (target == isa::avx2) return {&N_AVX2::blend<Acc, Src, Dst>, &N_AVX2::resample<Acc, Src, Dst>};
    if constexpr (target_compiled(isa::sse4))
      if (target == isa::sse4) return {&N_SSE4::blend<Acc, Src, Dst>, &N_SSE4::resample<Acc, Src, Dst>};
#endif
#if NDRESIZE_SIMD_NEON
    if constexpr (target_compiled(isa::neon))
      if (target == isa::neon) return {&N_NEON::blend<Acc, Src, Dst>, &N_NEON::resample<Acc, Src, Dst>};
#endif
  }
  (void)target;
  return {&blend_generic<Acc, Src, Dst>, &resample_generic<Acc, Src, Dst>};
}

template <class Acc, class Src, class Dst>
blend_resample_fn<Acc, Src, Dst> blend_resample_for(isa target) noexcept {
  if constexpr (std::is_same_v<Acc, float>) {
#if NDRESIZE_X86
    if constexpr (target_compiled(isa::avx512))
      if (target == isa::avx512) return &N_AVX512::blend_resample<Acc, Src, Dst>;
    if constexpr (target_compiled(isa::avx2))
      if (target == isa::avx2) return &N_AVX2::blend_resample<Acc, Src, Dst>;
    if constexpr (target_compiled(isa::sse4))
      if (target == isa::sse4) return &N_SSE4::blend_resample<Acc, Src, Dst>;
#endif
#if NDRESIZE_SIMD_NEON
    if constexpr (target_compiled(isa::neon))
      if (target == isa::neon) return &N_NEON::blend_resample<Acc, Src, Dst>;
#endif
  }
  (void)target;
  return &blend_resample_generic<Acc, Src, Dst>;
}

template <class Acc, class Src, class Dst>
resample_blend_fn<Acc, Src, Dst> resample_blend_for(isa target) noexcept {
#if NDRESIZE_X86
  if constexpr (target_compiled(isa::avx512))
    if (target == isa::avx512) return N_AVX512::resample_blend_for_types<Acc, Src, Dst>();
  if constexpr (target_compiled(isa::avx2))
    if (target == isa::avx2) return N_AVX2::resample_blend_for_types<Acc, Src, Dst>();
  if constexpr (target_compiled(isa::sse4))
    if (target == isa::sse4) return N_SSE4::resample_blend_for_types<Acc, Src, Dst>();
#endif
#if NDRESIZE_SIMD_NEON
  if constexpr (target_compiled(isa::neon))
    if (target == isa::neon) return N_NEON::resample_blend_for_types<Acc, Src, Dst>();
#endif
  (void)target;
  return nullptr;
}

template <interpolatable T>
weighted_kernels<T> weighted_kernels_for(isa target) noexcept {
  using Acc = accumulator_t<T>;
  weighted_kernels<T> k{row_ops_for<Acc, T, T>(target),
                        row_ops_for<Acc, T, Acc>(target),
                        row_ops_for<Acc, Acc, Acc>(target),
                        row_ops_for<Acc, Acc, T>(target),
                        blend_resample_for<Acc, T, T>(target),
                        blend_resample_for<Acc, Acc, T>(target),
                        resample_blend_for<Acc, T, T>(target),
                        resample_blend_for<Acc, Acc, T>(target),
                        {}};
  if constexpr (std::is_same_v<Acc, float>) {
    if (target == isa::avx512) k.packs = {16, false};
    if (target == isa::avx2) k.packs = {8, false};
    if (target == isa::sse4 || target == isa::neon) k.packs = {4, false};
  }
  return k;
}

template <gatherable T>
gather_kernels gather_kernels_for(isa target) noexcept {
  gather_kernels k;
#if NDRESIZE_X86
  if constexpr (sizeof(T) == 4 && std::is_trivially_copyable_v<T>)
    if constexpr (target_compiled(isa::avx512))
      if (target == isa::avx512) k.row32 = &N_AVX512::gather_row;
#endif
  (void)target;
  return k;
}

/// run_plan (declared, and documented, in run_plan.hpp): the kernels of the active target.
template <gatherable T>
status run_plan(const resize_plan& plan, tensor_view<const T> x, tensor_view<T> y, workspace& ws, const executor& ex) {
  const isa target = active_isa();
  if (plan.family() == kernel_family::gather) {
    NDRESIZE_TRY(nearest_gather<T>(plan, x, y, ws, ex, gather_kernels_for<T>(target)));
    extrapolate(plan, y, from_extrapolation_value<T>(plan.extrapolation_value()));
  } else if constexpr (interpolatable<T>) {
    return separable_resize<T>(plan, x, y, ws, ex, weighted_kernels_for<T>(target));
  }
  return {};
}

}  // namespace detail
NDRESIZE_END_NAMESPACE
