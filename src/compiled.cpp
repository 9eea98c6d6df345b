// SPDX-License-Identifier: Apache-2.0
// ndresize::compiled: the type-erased layer, the planners and attribute parsers (ONNX,
// Ascend, resample), the thread pool and the typed kernels, compiled once. Its users see
// declarations only (the target gives them NDRESIZE_COMPILED); this file, compiled without
// it, instantiates the definitions — every element type, every CPU target — so that a
// runtime pays for them in one translation unit instead of in each one that calls them.
#if defined(NDRESIZE_COMPILED)
#error "src/compiled.cpp holds the definitions: it must be compiled without NDRESIZE_COMPILED"
#endif

#include <ndresize/ascend/compute.hpp>
#include <ndresize/ascend/make_plan.hpp>
#include <ndresize/onnx/compute.hpp>
#include <ndresize/onnx/opset.hpp>
#include <ndresize/resample.hpp>
#include <ndresize/thread_pool.hpp>
#include <ndresize/type_erased.hpp>

NDRESIZE_BEGIN_NAMESPACE
namespace detail {
#define NDRESIZE_RUN_PLAN(T, NAME, CODE, ACC, STRING) \
  template status run_plan<T>(const resize_plan&, tensor_view<const T>, tensor_view<T>, workspace&, const executor&);
NDRESIZE_ELEMENT_TYPES(NDRESIZE_RUN_PLAN)
#undef NDRESIZE_RUN_PLAN

template pool_state* start_pool<>(int);
template void stop_pool<>(pool_state*) noexcept;
template void run_on_pool<>(pool_state&, index_t, const std::function<void(index_t)>&);
}  // namespace detail

template result<resize_plan> try_make_resample_plan<>(const dims&, const dims&, const filter_kernel&,
                                                      const resample_options&, const plan_limits&);
template result<resize_plan> try_make_resample_plan<>(const dims&, std::span<const double>, const filter_kernel&,
                                                      const resample_options&, const plan_limits&);

template status try_execute<>(const resize_plan&, const any_const_tensor_view&, const any_tensor_view&, workspace&,
                              const executor&);
template status try_execute<>(const resize_plan&, const any_const_tensor_view&, const any_tensor_view&);

namespace onnx {
template result<node_attributes> try_parse_attributes<>(op_version, const attribute_map&);
template result<resize_plan> try_make_plan<>(op_version, const resize_attributes&, const dims&, const resize_inputs&,
                                             const plan_limits&);
template result<resize_plan> try_make_plan<>(std::string_view, std::int64_t, const attribute_map&, const dims&,
                                             const resize_inputs&, const plan_limits&);
template status try_compute<>(std::string_view, std::int64_t, const attribute_map&, const any_const_tensor_view&,
                              const resize_inputs&, const any_tensor_view&, workspace&);
template status try_compute<>(std::string_view, std::int64_t, const attribute_map&, const any_const_tensor_view&,
                              const resize_inputs&, const any_tensor_view&);
}  // namespace onnx

namespace ascend {
template result<upsample_trilinear3d_attributes> try_parse_attributes<>(const onnx::attribute_map&);
template result<resize_plan> try_make_plan<>(const dims&, const upsample_trilinear3d_attributes&, const plan_limits&);
template status try_upsample_trilinear3d<>(const any_const_tensor_view&, const any_tensor_view&,
                                           const upsample_trilinear3d_attributes&, workspace&);
template status try_upsample_trilinear3d<>(const any_const_tensor_view&, const any_tensor_view&,
                                           const upsample_trilinear3d_attributes&);
template status try_compute<>(const onnx::attribute_map&, const any_const_tensor_view&, const any_tensor_view&,
                              workspace&);
template status try_compute<>(const onnx::attribute_map&, const any_const_tensor_view&, const any_tensor_view&);
}  // namespace ascend

// The throwing forms are inline wrappers of the try_ functions above (a user's translation unit
// compiles them cheaply); they are instantiated here too so that the library has every symbol.
#if NDRESIZE_EXCEPTIONS
template void execute<>(const resize_plan&, const any_const_tensor_view&, const any_tensor_view&, workspace&,
                        const executor&);
template void execute<>(const resize_plan&, const any_const_tensor_view&, const any_tensor_view&);

namespace onnx {
template void compute<>(std::string_view, std::int64_t, const attribute_map&, const any_const_tensor_view&,
                        const resize_inputs&, const any_tensor_view&, workspace&);
template void compute<>(std::string_view, std::int64_t, const attribute_map&, const any_const_tensor_view&,
                        const resize_inputs&, const any_tensor_view&);
}  // namespace onnx

namespace ascend {
template void upsample_trilinear3d<>(const any_const_tensor_view&, const any_tensor_view&,
                                     const upsample_trilinear3d_attributes&, workspace&);
template void upsample_trilinear3d<>(const any_const_tensor_view&, const any_tensor_view&,
                                     const upsample_trilinear3d_attributes&);
template void compute<>(const onnx::attribute_map&, const any_const_tensor_view&, const any_tensor_view&, workspace&);
template void compute<>(const onnx::attribute_map&, const any_const_tensor_view&, const any_tensor_view&);
}  // namespace ascend
#endif
NDRESIZE_END_NAMESPACE
