// SPDX-License-Identifier: Apache-2.0
// ndresize::compiled, the ONNX planner and attribute parser: every onnx::make_plan, resize,
// upsample and onnx::compute call goes through them. (One object per front door: a program
// links the planners it calls; cmake/compiled_sources.cmake says why.)
#if defined(NDRESIZE_COMPILED)
#error "the sources of ndresize::compiled hold the definitions: compile them without NDRESIZE_COMPILED"
#endif

#define NDRESIZE_RUN_PLAN_EXTERN 1  // no kernels here (src/run_plan.cpp has them)
#include <ndresize/onnx/make_plan.hpp>
#include <ndresize/onnx/opset.hpp>

NDRESIZE_BEGIN_NAMESPACE
namespace onnx {
template result<node_attributes> try_parse_attributes<>(op_version, const attribute_map&);
template result<resize_plan> try_make_plan<>(op_version, const resize_attributes&, const dims&, const resize_inputs&,
                                             const plan_limits&);
template result<resize_plan> try_make_plan<>(std::string_view, std::int64_t, const attribute_map&, const dims&,
                                             const resize_inputs&, const plan_limits&);
}  // namespace onnx
NDRESIZE_END_NAMESPACE
