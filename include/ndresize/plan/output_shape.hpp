// SPDX-License-Identifier: Apache-2.0
// Output extents and per-axis coordinate parameters from scales or sizes (DESIGN.md rules 1
// and 2). The single place where the numeric policy of the output size lives:
//   scales:  out = floor(in · scale), scale widened from float32 to double;
//            the coordinate formulas use that scale and length_resized = in · scale;
//   sizes:   out = sizes[i], scale = out / in, length_resized = out;
//   keep_aspect_ratio_policy (sizes only): one scale s = min|max_i sizes[i] / in[axes[i]],
//            out = floor(s · in + 0.5) on every listed axis, scale = s, and length_resized =
//            in · s, fractional: the output there is "calculated out of a scale factor" (the
//            spec's words), as the ONNX reference computes it; half_pixel_symmetric centres by it.
// Inputs are validated by the caller (the ONNX layer).
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "../attributes.hpp"
#include "../config.hpp"
#include "../policy/coordinate.hpp"
#include "../policy/exact_coordinate.hpp"
#include "../shape.hpp"

NDRESIZE_BEGIN_NAMESPACE

struct resize_geometry_request {
  dims input;
  std::vector<int> axes;                ///< normalized, distinct, in [0, rank)
  std::span<const float> scales;        ///< one per listed axis, or empty
  std::span<const std::int64_t> sizes;  ///< one per listed axis, or empty
  std::span<const double> roi;          ///< 2 per listed axis, or empty (full image)
  enums::keep_aspect_ratio_policy keep_aspect_ratio_policy = enums::keep_aspect_ratio_policy::stretch;
};

/// Output extent from a scale: floor(in · scale) in double; the caller bounds the result.
inline double scaled_length(index_t in, float scale) noexcept {
  return static_cast<double>(in) * static_cast<double>(scale);
}

/// floor(v) for v >= 0 as an extent; beyond index_t's range it saturates (a double to integer
/// conversion out of range is undefined), so the caller's output limit rejects it.
inline index_t floor_extent(double v) noexcept {
  return v < 0x1p63 ? static_cast<index_t>(std::floor(v)) : std::numeric_limits<index_t>::max();
}

/// Geometry of every axis (unlisted axes keep in = out, scale 1).
inline std::vector<axis_geometry> compute_geometry(const resize_geometry_request& r) {
  std::vector<axis_geometry> g(static_cast<std::size_t>(r.input.size()));
  for (int d = 0; d < r.input.size(); ++d) {
    auto& a = g[static_cast<std::size_t>(d)];
    a.in = a.out = r.input[d];
    a.scale = 1.0;
    a.length_resized = static_cast<double>(a.in);
  }
  const std::size_t n = r.axes.size();
  double policy_scale = 0.0;
  index_t policy_numerator = 1, policy_denominator = 1;  // policy_scale exactly
  const bool keep_aspect = !r.sizes.empty() && r.keep_aspect_ratio_policy != enums::keep_aspect_ratio_policy::stretch;
  if (keep_aspect) {
    const bool larger = r.keep_aspect_ratio_policy == enums::keep_aspect_ratio_policy::not_smaller;
    bool any = false;
    for (std::size_t i = 0; i < n; ++i) {
      const index_t in = r.input[r.axes[i]];
      if (in == 0) continue;  // an empty axis stays empty and does not vote
      // sizes[i] / in against the ratio so far, compared exactly (128-bit cross products)
      const auto lhs = static_cast<exact::wide_int>(r.sizes[i]) * policy_denominator;
      const auto rhs = static_cast<exact::wide_int>(policy_numerator) * in;
      if (!any || (larger ? lhs > rhs : lhs < rhs)) {
        policy_numerator = r.sizes[i];
        policy_denominator = in;
        policy_scale = static_cast<double>(r.sizes[i]) / static_cast<double>(in);
      }
      any = true;
    }
    if (!any) policy_scale = 1.0;
  }
  for (std::size_t i = 0; i < n; ++i) {
    auto& a = g[static_cast<std::size_t>(r.axes[i])];
    if (!r.scales.empty()) {
      a.scale = static_cast<double>(r.scales[i]);
      a.length_resized = scaled_length(a.in, r.scales[i]);
      a.out = static_cast<index_t>(std::floor(a.length_resized));
    } else if (keep_aspect) {
      a.scale = policy_scale;
      a.scale_numerator = policy_numerator;
      a.scale_denominator = policy_denominator;
      a.length_resized = policy_scale * static_cast<double>(a.in);
      a.out = floor_extent(a.length_resized + 0.5);
    } else {
      a.out = r.sizes[i];
      a.scale = a.in == 0 ? 1.0 : static_cast<double>(a.out) / static_cast<double>(a.in);
      if (a.in > 0) {
        a.scale_numerator = a.out;
        a.scale_denominator = a.in;
      }
      a.length_resized = static_cast<double>(a.out);
    }
    if (!r.roi.empty()) {
      a.roi_start = r.roi[i];
      a.roi_end = r.roi[i + n];
    }
  }
  return g;
}

NDRESIZE_END_NAMESPACE
