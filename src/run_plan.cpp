// SPDX-License-Identifier: Apache-2.0
// ndresize::compiled, the kernels of ONE element type: detail::run_plan<T> for every CPU target,
// T the type whose ONNX code is NDRESIZE_ELEMENT_CODE (the build compiles this file once per
// code, cmake/compiled_sources.cmake). One object per type, so that a program linking the
// static library takes the kernels of the types it calls and no other.
#if defined(NDRESIZE_COMPILED)
#error "the sources of ndresize::compiled hold the definitions: compile them without NDRESIZE_COMPILED"
#endif

#if !defined(NDRESIZE_ELEMENT_CODE)
#error "compile src/run_plan.cpp with -DNDRESIZE_ELEMENT_CODE=<an ONNX element type code of element.hpp>"
#endif

#include <Eigen/Core>  // Eigen::half and Eigen::bfloat16 complete (element.hpp only declares them)

#include <ndresize/detail/run_plan.hpp>

NDRESIZE_BEGIN_NAMESPACE
namespace detail {
template <int Code>
struct type_of_code;
#define NDRESIZE_TYPE_OF_CODE(T, NAME, CODE, ACC, STRING) \
  template <>                                             \
  struct type_of_code<CODE> {                             \
    using type = T;                                       \
  };
NDRESIZE_ELEMENT_TYPES(NDRESIZE_TYPE_OF_CODE)
#undef NDRESIZE_TYPE_OF_CODE

// The build's list of codes (cmake/compiled_sources.cmake) must be element.hpp's: codes 1..N.
#define NDRESIZE_COUNT_TYPE(T, NAME, CODE, ACC, STRING) +1
constexpr int element_type_count = 0 NDRESIZE_ELEMENT_TYPES(NDRESIZE_COUNT_TYPE);
#undef NDRESIZE_COUNT_TYPE
#if defined(NDRESIZE_COMPILED_ELEMENT_TYPES)
static_assert(
    element_type_count == NDRESIZE_COMPILED_ELEMENT_TYPES,
    "cmake/compiled_sources.cmake compiles run_plan.cpp for another number of element types than element.hpp has");
#endif

using compiled_element = type_of_code<NDRESIZE_ELEMENT_CODE>::type;
template status run_plan<compiled_element>(const resize_plan&, tensor_view<const compiled_element>,
                                           tensor_view<compiled_element>, workspace&, const executor&);
}  // namespace detail
NDRESIZE_END_NAMESPACE
