// SPDX-License-Identifier: Apache-2.0
// A translation unit of abi_namespace_test built in the library's non-throwing mode
// (NDRESIZE_EXCEPTIONS=0, as a -fno-exceptions TU would be) in a program whose other TUs throw.
// Header-only even where the test links ndresize::compiled (the asan preset): that library is
// built in the throwing mode, so it holds no definitions of this mode's symbols.
#undef NDRESIZE_COMPILED
#define NDRESIZE_EXCEPTIONS 0
#include <ndresize/resize.hpp>

#include <string>
#include <typeinfo>

std::string noexcept_mode_plan_type() { return typeid(ndresize::resize_plan).name(); }

// The same call as in the throwing TU: it must run this mode's definitions (an error result,
// never an exception or an abort), whatever the link order.
bool noexcept_mode_reports_a_bad_scale() {
  const float x[4] = {1, 2, 3, 4};
  const float scales[2] = {-1, 1};
  const auto r = ndresize::try_resize<float>(ndresize::tensor_view<const float>(x, {2, 2}), scales, {});
  return !r.ok() && r.error().code == ndresize::error_code::invalid_input;
}
