// SPDX-License-Identifier: Apache-2.0
// Type-erased execution: the element type is a runtime value, as inference runtimes hold it.
// One call can run any element type on any CPU target, so it instantiates every kernel (tens of
// seconds of compile time). The functions of this layer (here, onnx/compute.hpp and
// ascend/compute.hpp) are therefore templates with one defaulted parameter (`int = 0`, never
// given by callers): a translation unit pays for the kernels only when it calls one of them.
// With NDRESIZE_COMPILED defined (the ndresize::compiled library sets it for its users) the
// headers declare them only, and the library (src/type_erased.cpp) holds their
// definitions, compiled once. Their definitions instantiate every element type, float16 and
// bfloat16 (Eigen's) included, so header-only builds get <Eigen/Core> from here.
#pragma once

#if !defined(NDRESIZE_COMPILED)
#include <Eigen/Core>
#endif

#include <string>

#include "config.hpp"
#include "detail/run_plan.hpp"
#include "execute.hpp"
#include "view.hpp"
#include "visit_element_type.hpp"
#include "workspace.hpp"

NDRESIZE_BEGIN_NAMESPACE

/// Resizes X into the caller's Y like try_execute<T>, for the element type X and Y hold.
template <int = 0>
status try_execute(const resize_plan& plan, const any_const_tensor_view& x, const any_tensor_view& y, workspace& ws,
                   const executor& ex = {});

template <int = 0>
status try_execute(const resize_plan& plan, const any_const_tensor_view& x, const any_tensor_view& y) {
  workspace ws;
  return try_execute(plan, x, y, ws);
}

#if NDRESIZE_EXCEPTIONS
/// try_execute, throwing resize_error for its error.
template <int = 0>
void execute(const resize_plan& plan, const any_const_tensor_view& x, const any_tensor_view& y, workspace& ws,
             const executor& ex = {}) {
  try_execute(plan, x, y, ws, ex).value();
}

template <int = 0>
void execute(const resize_plan& plan, const any_const_tensor_view& x, const any_tensor_view& y) {
  try_execute(plan, x, y).value();
}
#endif

#if !defined(NDRESIZE_COMPILED)
template <int>
status try_execute(const resize_plan& plan, const any_const_tensor_view& x, const any_tensor_view& y, workspace& ws,
                   const executor& ex) {
  if (x.type != y.type)
    return make_error(error_code::invalid_type, plan.context(),
                      std::string("input 'X' is ") + to_string(x.type) + " but output 'Y' is " + to_string(y.type));
  return visit_element_type<every_element_type>(
      x.type,
      [&](auto tag) -> status {
        using T = typename decltype(tag)::type;
        NDRESIZE_TRY(x.check_strides());
        NDRESIZE_TRY(y.check_strides());
        return try_execute<T>(plan, x.template as<T>(), y.template as<T>(), ws, ex);
      },
      [](element_type t) -> status { return unknown_element_type(t); });
}
#endif

NDRESIZE_END_NAMESPACE
