// SPDX-License-Identifier: Apache-2.0
// The Ascend ResizeUpsampleTrilinear (aclnnUpsampleTrilinear3d) coordinate rule for one
// spatial axis: the coordinate scale (scale_d / scale_h / scale_w of the operator's formulas)
// and the two source taps of an output coordinate. These are the PyTorch
// upsample_trilinear3d semantics that the operator's formulas state; they differ from ONNX's
// half_pixel (which divides by the scale and does not clamp at 0), so they live here and not in
// policy/coordinate.hpp. Everything is computed in double, as the rest of the plan is.
#pragma once

#include <optional>

#include "../config.hpp"

NDRESIZE_BEGIN_NAMESPACE
namespace ascend {

/// scale_x of the operator's formula for an axis of `in` input and `out` output elements:
///   alignCorners = true:                 (in - 1) / (out - 1), and 0 when out = 1 (PyTorch)
///   alignCorners = false, scales_x > 0:  1 / scales_x
///   alignCorners = false otherwise:      in / out
/// A NaN or non-positive `scales` counts as absent (the `scales_x > 0` test fails).
constexpr double coordinate_scale(index_t in, index_t out, bool align_corners, std::optional<double> scales) noexcept {
  if (align_corners) return out > 1 ? static_cast<double>(in - 1) / static_cast<double>(out - 1) : 0.0;
  if (scales && *scales > 0.0) return 1.0 / *scales;
  return static_cast<double>(in) / static_cast<double>(out);
}

/// x' of the operator's formula for output coordinate `x`:
///   alignCorners = true:   x · scale
///   alignCorners = false:  MAX(0, (x + 0.5) · scale - 0.5)
constexpr double source_coordinate(double x, double scale, bool align_corners) noexcept {
  if (align_corners) return x * scale;
  const double s = (x + 0.5) * scale - 0.5;
  return s > 0.0 ? s : 0.0;
}

/// The two taps of one output coordinate: V = lambda0 · V[i0] + lambda1 · V[i1].
struct linear_taps {
  index_t i0 = 0;
  index_t i1 = 0;
  double lambda0 = 1.0;
  double lambda1 = 0.0;

  friend constexpr bool operator==(const linear_taps&, const linear_taps&) = default;
};

/// The taps of output coordinate `x` on an axis of `in` input and `out` output elements:
/// i0 = floor(x'), i1 = min(i0 + 1, in - 1), lambda1 = x' - i0, lambda0 = 1 - lambda1.
/// Two rules the formula leaves implicit, both as the Ascend kernel and PyTorch do them:
///   - an axis with out = in is copied (i0 = i1 = x, lambda0 = 1), whatever the scale;
///   - x' at or beyond the last input (in - 1) reads the last input with weight 1 (PyTorch
///     clamps i0 to in - 1 and lambda1 to [0, 1]; a user scale can put x' there).
/// Requires in >= 1 and 0 <= x < out.
constexpr linear_taps source_taps(index_t x, index_t in, index_t out, double scale, bool align_corners) noexcept {
  if (in == out) return {x, x, 1.0, 0.0};
  const double src = source_coordinate(static_cast<double>(x), scale, align_corners);
  const auto last = in - 1;
  // `!(<)` also catches NaN, so the conversion below never sees a value beyond the input.
  if (!(src < static_cast<double>(last))) return {last, last, 1.0, 0.0};
  const auto i0 = static_cast<index_t>(src);  // src >= 0: truncation is floor
  const double lambda1 = src - static_cast<double>(i0);
  return {i0, i0 + 1, 1.0 - lambda1, lambda1};
}

}  // namespace ascend
NDRESIZE_END_NAMESPACE
