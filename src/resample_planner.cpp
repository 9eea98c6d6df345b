// SPDX-License-Identifier: Apache-2.0
// ndresize::compiled, the resample planner (filters beyond ONNX, resample.hpp).
#if defined(NDRESIZE_COMPILED)
#error "the sources of ndresize::compiled hold the definitions: compile them without NDRESIZE_COMPILED"
#endif

#define NDRESIZE_RUN_PLAN_EXTERN 1  // no kernels here (src/run_plan.cpp has them)
#include <ndresize/resample.hpp>

NDRESIZE_BEGIN_NAMESPACE
template result<resize_plan> try_make_resample_plan<>(const dims&, const dims&, const filter_kernel&,
                                                      const resample_options&, const plan_limits&);
template result<resize_plan> try_make_resample_plan<>(const dims&, std::span<const double>, const filter_kernel&,
                                                      const resample_options&, const plan_limits&);
NDRESIZE_END_NAMESPACE
