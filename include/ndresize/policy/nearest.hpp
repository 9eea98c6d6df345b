// SPDX-License-Identifier: Apache-2.0
// nearest_mode rounding (Resize-11+), and the legacy rule of Upsample-7/9 and Resize-10.
#pragma once

#include <algorithm>
#include <cmath>

#include "../attributes.hpp"
#include "../config.hpp"

NDRESIZE_BEGIN_NAMESPACE

/// How nearest mode turns x_original into an index.
enum class nearest_rounding {
  onnx,    ///< the node's nearest_mode
  legacy,  ///< Upsample-7/9, Resize-10: floor when upsampling (scale >= 1), ceil when downsampling
};

/// Source index for x_original, clamped to [0, in - 1] (in > 0). An integral x_original maps
/// to itself in every mode. Non-finite or huge coordinates clamp before the integer conversion.
inline index_t nearest_index(enums::nearest_mode m, nearest_rounding rule, double scale, double x,
                             index_t in) noexcept {
  double r;
  if (rule == nearest_rounding::legacy) {
    r = scale < 1.0 ? std::ceil(x) : std::floor(x);
  } else {
    switch (m) {
      case enums::nearest_mode::round_prefer_floor: r = std::ceil(x - 0.5); break;  // round half down
      case enums::nearest_mode::round_prefer_ceil: r = std::floor(x + 0.5); break;  // round half up
      case enums::nearest_mode::floor: r = std::floor(x); break;
      case enums::nearest_mode::ceil: r = std::ceil(x); break;
      default: r = x;
    }
  }
  if (!(r >= 0.0)) return 0;  // also NaN
  if (r >= static_cast<double>(in - 1)) return in - 1;
  return static_cast<index_t>(r);
}

NDRESIZE_END_NAMESPACE
