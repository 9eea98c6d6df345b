// SPDX-License-Identifier: Apache-2.0
// The ONNX `mode` attribute as a filter: below the ONNX layer, plans and kernels know filters
// (policy/filters.hpp), not modes.
#pragma once

#include "../attributes.hpp"
#include "../config.hpp"
#include "../policy/filters.hpp"

NDRESIZE_BEGIN_NAMESPACE
namespace onnx {

/// nearest → the gather path, linear → the triangle, cubic → Keys' cubic with `cubic_coeff_a`.
constexpr filter_kernel mode_filter(enums::mode m, double cubic_coeff_a) noexcept {
  switch (m) {
    case enums::mode::nearest: return filters::nearest;
    case enums::mode::linear: return filters::linear;
    case enums::mode::cubic: return filters::cubic(cubic_coeff_a);
  }
  return filters::nearest;
}

}  // namespace onnx
NDRESIZE_END_NAMESPACE
