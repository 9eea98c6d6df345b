// SPDX-License-Identifier: Apache-2.0
// ONNX coordinate_transformation_mode: maps an output coordinate to the input coordinate
// (DESIGN.md rules 2 and 3). Everything is computed in double.
#pragma once

#include "../attributes.hpp"
#include "../config.hpp"

NDRESIZE_BEGIN_NAMESPACE

/// What the coordinate formulas of one axis need.
struct axis_geometry {
  index_t in = 0;               ///< length_original
  index_t out = 0;              ///< output_width_int
  double scale = 1.0;           ///< `scale` of the formulas: the float32 scale, out/in, or the policy scale
  double length_resized = 0.0;  ///< in·scale with scales or a keep-aspect policy (fractional), else the size
  double roi_start = 0.0;       ///< tf_crop_and_resize only
  double roi_end = 1.0;
  /// On the sizes path `scale` is the ratio scale_numerator / scale_denominator of two integers
  /// (sizes[i] / in, or the keep-aspect policy's chosen ratio), which the exact discrete
  /// decisions use instead of its double; 0 / 0 elsewhere (the double is then the exact scale).
  index_t scale_numerator = 0;
  index_t scale_denominator = 0;
};

/// x_original for output coordinate `x` (Resize-19 formulas, cited per mode):
///   half_pixel:           (x + 0.5) / scale - 0.5
///   half_pixel_symmetric: offset + (x + 0.5) / scale - 0.5, offset = in/2 · (1 - out/(in·scale))
///   pytorch_half_pixel:   length_resized > 1 ? (x + 0.5) / scale - 0.5 : 0
///   align_corners:        x · (in - 1) / (length_resized - 1)   (0 when length_resized <= 1)
///   asymmetric:           x / scale
///   tf_half_pixel_for_nn: (x + 0.5) / scale
///   tf_crop_and_resize:   length_resized > 1 ? start·(in-1) + x·(end-start)·(in-1)/(length_resized-1)
///                                            : 0.5·(start+end)·(in-1)
constexpr double original_coordinate(enums::coordinate_transformation_mode m, double x,
                                     const axis_geometry& g) noexcept {
  using enum enums::coordinate_transformation_mode;
  const double in = static_cast<double>(g.in);
  switch (m) {
    case half_pixel: return (x + 0.5) / g.scale - 0.5;
    case half_pixel_symmetric: {
      const double adjustment = static_cast<double>(g.out) / g.length_resized;
      const double offset = in / 2 * (1 - adjustment);
      return offset + (x + 0.5) / g.scale - 0.5;
    }
    case pytorch_half_pixel: return g.length_resized > 1 ? (x + 0.5) / g.scale - 0.5 : 0.0;
    case align_corners: return g.length_resized > 1 ? x * (in - 1) / (g.length_resized - 1) : 0.0;
    case asymmetric: return x / g.scale;
    case tf_half_pixel_for_nn: return (x + 0.5) / g.scale;
    case tf_crop_and_resize:
      return g.length_resized > 1
                 ? g.roi_start * (in - 1) + x * (g.roi_end - g.roi_start) * (in - 1) / (g.length_resized - 1)
                 : 0.5 * (g.roi_start + g.roi_end) * (in - 1);
  }
  return 0.0;
}

/// tf_crop_and_resize: a coordinate outside [0, in - 1] takes extrapolation_value.
constexpr bool is_extrapolated(enums::coordinate_transformation_mode m, double x_original, index_t in) noexcept {
  return m == enums::coordinate_transformation_mode::tf_crop_and_resize &&
         !(x_original >= 0.0 && x_original <= static_cast<double>(in - 1));
}

NDRESIZE_END_NAMESPACE
