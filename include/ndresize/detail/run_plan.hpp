// SPDX-License-Identifier: Apache-2.0
// run_plan: a validated plan on validated views, with the kernels of the active CPU target.
// Header-only builds see its definition (dispatch.hpp, the one dispatch point, and the
// kernels behind it). With NDRESIZE_COMPILED, ndresize::compiled holds it for every element
// type (src/run_plan.cpp, one object per element type) and this header declares it only: a translation unit that calls
// the typed API then parses no kernel and no intrinsics header.
#pragma once

#include "../config.hpp"
#include "../element.hpp"
#include "../error.hpp"
#include "../executor.hpp"
#include "../plan/resize_plan.hpp"
#include "../view.hpp"
#include "../workspace.hpp"

NDRESIZE_BEGIN_NAMESPACE
namespace detail {

/// Runs a validated plan on validated views (the weighted family can still fail: the workspace
/// limit and its allocation).
template <gatherable T>
status run_plan(const resize_plan& plan, tensor_view<const T> x, tensor_view<T> y, workspace& ws, const executor& ex);

// NDRESIZE_RUN_PLAN_EXTERN: the library's own translation units other than src/run_plan.cpp,
// which see the definition but must not instantiate it again.
#if defined(NDRESIZE_COMPILED) || defined(NDRESIZE_RUN_PLAN_EXTERN)
#define NDRESIZE_EXTERN_RUN_PLAN(T, NAME, CODE, ACC, STRING)                                               \
  extern template status run_plan<T>(const resize_plan&, tensor_view<const T>, tensor_view<T>, workspace&, \
                                     const executor&);
NDRESIZE_ELEMENT_TYPES(NDRESIZE_EXTERN_RUN_PLAN)
#undef NDRESIZE_EXTERN_RUN_PLAN
#endif

}  // namespace detail
NDRESIZE_END_NAMESPACE

#if !defined(NDRESIZE_COMPILED)
#include "dispatch.hpp"
#endif
