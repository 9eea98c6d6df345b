// SPDX-License-Identifier: Apache-2.0
// ndresize::compiled, the Ascend ResizeUpsampleTrilinear planner and attribute parser.
#if defined(NDRESIZE_COMPILED)
#error "the sources of ndresize::compiled hold the definitions: compile them without NDRESIZE_COMPILED"
#endif

#define NDRESIZE_RUN_PLAN_EXTERN 1  // no kernels here (src/run_plan.cpp has them)
#include <ndresize/ascend/make_plan.hpp>

NDRESIZE_BEGIN_NAMESPACE
namespace ascend {
template result<upsample_trilinear3d_attributes> try_parse_attributes<>(const onnx::attribute_map&);
template result<resize_plan> try_make_plan<>(const dims&, const upsample_trilinear3d_attributes&, const plan_limits&);
}  // namespace ascend
NDRESIZE_END_NAMESPACE
