// SPDX-License-Identifier: Apache-2.0
// ndresize::compiled, the planners and attribute parsers (ONNX, Ascend, resample): every
// make_plan, resize and compute call goes through them. One of the library's translation units
// (see cmake/compiled_sources.cmake for why it is split): a program that calls only the typed API
// links this object and the kernels of its element types, not the type-erased layer.
#if defined(NDRESIZE_COMPILED)
#error "the sources of ndresize::compiled hold the definitions: compile them without NDRESIZE_COMPILED"
#endif

#define NDRESIZE_RUN_PLAN_EXTERN 1  // no kernels here (src/run_plan.cpp has them)
#include <ndresize/ascend/make_plan.hpp>
#include <ndresize/onnx/make_plan.hpp>
#include <ndresize/resample.hpp>

NDRESIZE_BEGIN_NAMESPACE
template result<resize_plan> try_make_resample_plan<>(const dims&, const dims&, const filter_kernel&,
                                                      const resample_options&, const plan_limits&);
template result<resize_plan> try_make_resample_plan<>(const dims&, std::span<const double>, const filter_kernel&,
                                                      const resample_options&, const plan_limits&);

namespace onnx {
template result<node_attributes> try_parse_attributes<>(op_version, const attribute_map&);
template result<resize_plan> try_make_plan<>(op_version, const resize_attributes&, const dims&, const resize_inputs&,
                                             const plan_limits&);
template result<resize_plan> try_make_plan<>(std::string_view, std::int64_t, const attribute_map&, const dims&,
                                             const resize_inputs&, const plan_limits&);
}  // namespace onnx

namespace ascend {
template result<upsample_trilinear3d_attributes> try_parse_attributes<>(const onnx::attribute_map&);
template result<resize_plan> try_make_plan<>(const dims&, const upsample_trilinear3d_attributes&, const plan_limits&);
}  // namespace ascend
NDRESIZE_END_NAMESPACE
