// SPDX-License-Identifier: Apache-2.0
// ndresize::compiled, the type-erased layer: execute on any_tensor_view (type_erased.hpp),
// onnx::compute and the Ascend front door on type-erased tensors. It reaches the kernels of
// every element type (the run_plan objects).
#if defined(NDRESIZE_COMPILED)
#error "the sources of ndresize::compiled hold the definitions: compile them without NDRESIZE_COMPILED"
#endif

// The kernels come from the run_plan objects: declared here, not instantiated again.
#define NDRESIZE_RUN_PLAN_EXTERN 1
#include <ndresize/ascend/compute.hpp>
#include <ndresize/onnx/compute.hpp>
#include <ndresize/type_erased.hpp>

NDRESIZE_BEGIN_NAMESPACE
template status try_execute<>(const resize_plan&, const any_const_tensor_view&, const any_tensor_view&, workspace&,
                              const executor&);
template status try_execute<>(const resize_plan&, const any_const_tensor_view&, const any_tensor_view&);

namespace onnx {
template status try_compute<>(std::string_view, std::int64_t, const attribute_map&, const any_const_tensor_view&,
                              const resize_inputs&, const any_tensor_view&, workspace&, const executor&);
template status try_compute<>(std::string_view, std::int64_t, const attribute_map&, const any_const_tensor_view&,
                              const resize_inputs&, const any_tensor_view&);
}  // namespace onnx

namespace ascend {
template status try_upsample_trilinear3d<>(const any_const_tensor_view&, const any_tensor_view&,
                                           const upsample_trilinear3d_attributes&, workspace&, const executor&);
template status try_upsample_trilinear3d<>(const any_const_tensor_view&, const any_tensor_view&,
                                           const upsample_trilinear3d_attributes&);
template status try_compute<>(const onnx::attribute_map&, const any_const_tensor_view&, const any_tensor_view&,
                              workspace&, const executor&);
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
                        const resize_inputs&, const any_tensor_view&, workspace&, const executor&);
template void compute<>(std::string_view, std::int64_t, const attribute_map&, const any_const_tensor_view&,
                        const resize_inputs&, const any_tensor_view&);
}  // namespace onnx

namespace ascend {
template void upsample_trilinear3d<>(const any_const_tensor_view&, const any_tensor_view&,
                                     const upsample_trilinear3d_attributes&, workspace&, const executor&);
template void upsample_trilinear3d<>(const any_const_tensor_view&, const any_tensor_view&,
                                     const upsample_trilinear3d_attributes&);
template void compute<>(const onnx::attribute_map&, const any_const_tensor_view&, const any_tensor_view&, workspace&,
                        const executor&);
template void compute<>(const onnx::attribute_map&, const any_const_tensor_view&, const any_tensor_view&);
}  // namespace ascend
#endif
NDRESIZE_END_NAMESPACE
