// SPDX-License-Identifier: Apache-2.0
// Resampling beyond ONNX: any filter of policy/filters.hpp (box, area, Hamming, Lanczos, the
// Mitchell–Netravali cubics, or one of the caller's) on any axes of a tensor of any rank, with
// the semantics vision libraries use (antialias stretching the filter when shrinking, weights
// normalized to sum 1, taps beyond the edge dropped). It builds an ordinary resize_plan, so
// execute, workspace and executor work as for Resize, and so does every element type that
// interpolates (nearest gathers any type).
#pragma once

#include <span>
#include <vector>

#include "attributes.hpp"
#include "config.hpp"
#include "error.hpp"
#include "execute.hpp"
#include "limits.hpp"
#include "plan/resize_plan.hpp"
#include "policy/filters.hpp"

// The planner's definitions: with NDRESIZE_COMPILED they are compiled in ndresize::compiled
// and a user's translation unit parses none of them.
#if !defined(NDRESIZE_COMPILED)
#include <cmath>
#include <new>
#include <string>

#include "plan/build_tables.hpp"
#include "plan/output_shape.hpp"
#endif

NDRESIZE_BEGIN_NAMESPACE

/// What becomes of taps that fall outside the input.
enum class resample_border {
  renormalize,  ///< dropped; the others renormalized to sum 1 (Pillow; ONNX exclude_outside = 1)
  clamp,        ///< read the edge sample (OpenCV's BORDER_REPLICATE; ONNX's default)
};

constexpr std::string_view to_string(resample_border b) noexcept {
  switch (b) {
    case resample_border::renormalize: return "renormalize";
    case resample_border::clamp: return "clamp";
  }
  return "?";
}

struct resample_options {
  /// The axes to resample (negative: from the end); empty: every axis.
  std::vector<int> axes = {};
  /// Output coordinate → input coordinate (policy/coordinate.hpp); all but tf_crop_and_resize.
  enums::coordinate_transformation_mode coordinate_transformation_mode =
      enums::coordinate_transformation_mode::half_pixel;
  /// Shrinking by s < 1 stretches the filter by 1/s (its support and its argument), as Pillow
  /// does. Off, the filter keeps its width and shrinking skips samples (OpenCV's Lanczos4).
  bool antialias = true;
  resample_border border = resample_border::renormalize;
  /// filters::nearest only (antialias and border do not apply to it).
  enums::nearest_mode nearest_mode = enums::nearest_mode::round_prefer_floor;
};

// The planners are templates with one defaulted parameter (never given by callers), like the
// type-erased layer: with NDRESIZE_COMPILED they are compiled once in ndresize::compiled.

/// Plans resampling X of shape `x_shape` to `out_shape` (same rank; the axes not resampled
/// keep their extent) with filter `f`. Per resampled axis, scale = out / in.
template <int = 0>
result<resize_plan> try_make_resample_plan(const dims& x_shape, const dims& out_shape, const filter_kernel& f,
                                           const resample_options& o = {}, const plan_limits& limits = {});

/// Plans resampling X of shape `x_shape` by `scales` (one per resampled axis, > 0): the output
/// extent is floor(in · scale), and the coordinates use the scale itself (as ONNX does).
template <int = 0>
result<resize_plan> try_make_resample_plan(const dims& x_shape, std::span<const double> scales, const filter_kernel& f,
                                           const resample_options& o = {}, const plan_limits& limits = {});

#if !defined(NDRESIZE_COMPILED)
namespace detail {

inline constexpr const char* resample_context = "resample";

inline error resample_fail(error_code c, const std::string& what) { return make_error(c, resample_context, what); }

/// Checks X's shape, the filter, the options and the axes; returns the axes, normalized.
inline result<std::vector<int>> resample_axes(const dims& x_shape, const filter_kernel& f, const resample_options& o) {
  const int rank = x_shape.size();
  if (rank < 1) return resample_fail(error_code::invalid_shape, "input 'X' must have rank >= 1 (got a scalar)");
  for (int d = 0; d < rank; ++d)
    if (x_shape[d] < 0)
      return resample_fail(error_code::invalid_shape,
                           "input 'X' has a negative extent in shape " + x_shape.to_string());
  if (const std::string why = detail::uncountable_input(x_shape, "X"); !why.empty())
    return resample_fail(error_code::invalid_shape, why);
  const std::string filter_name = "filter '" + std::string(f.name) + "'";
  if (!f.is_nearest() && !(std::isfinite(f.support) && f.support > 0))
    return resample_fail(error_code::invalid_attribute,
                         filter_name + " has support " + std::to_string(f.support) + ", which must be finite and > 0");
  // Enum options hold one of their enumerators (a caller may cast any integer into them).
  for (const std::string& why :
       {invalid_enum_value(o.coordinate_transformation_mode, "option 'coordinate_transformation_mode'"),
        invalid_enum_value(o.nearest_mode, "option 'nearest_mode'"), invalid_enum_value(o.border, "option 'border'")})
    if (!why.empty()) return resample_fail(error_code::invalid_attribute, why);
  if (o.coordinate_transformation_mode == enums::coordinate_transformation_mode::tf_crop_and_resize)
    return resample_fail(error_code::invalid_attribute,
                         "coordinate_transformation_mode 'tf_crop_and_resize' needs a roi; use the ONNX Resize for it");
  std::vector<int> axes;
  std::vector<bool> seen(static_cast<std::size_t>(rank), false);
  for (int ax : o.axes) {
    if (ax < -rank || ax >= rank)
      return resample_fail(error_code::invalid_attribute, "axis " + std::to_string(ax) + " is out of range [" +
                                                              std::to_string(-rank) + ", " + std::to_string(rank - 1) +
                                                              "]");
    const int d = ax < 0 ? ax + rank : ax;
    if (seen[static_cast<std::size_t>(d)])
      return resample_fail(error_code::invalid_attribute, "axes repeat axis " + std::to_string(d));
    seen[static_cast<std::size_t>(d)] = true;
    axes.push_back(d);
  }
  if (o.axes.empty())
    for (int d = 0; d < rank; ++d) axes.push_back(d);
  return axes;
}

/// Checks the output extents against the limits, then bounds the table work and builds the plan.
inline result<resize_plan> plan_resample(const dims& x_shape, const std::vector<axis_geometry>& geometry,
                                         const std::vector<int>& axes, const filter_kernel& f,
                                         const resample_options& o, const plan_limits& limits) {
  const int rank = x_shape.size();
  dims out_shape;
  out_shape.resize(rank);
  for (int d = 0; d < rank; ++d) {
    const auto& g = geometry[static_cast<std::size_t>(d)];
    if (g.out > limits.max_output_elements)
      return resample_fail(error_code::limit_exceeded, "output axis " + std::to_string(d) + " would have " +
                                                           std::to_string(g.out) + " elements, beyond the limit of " +
                                                           std::to_string(limits.max_output_elements));
    if (g.in == 0 && g.out > 0)
      return resample_fail(
          error_code::invalid_shape,
          "axis " + std::to_string(d) + " of 'X' is empty and cannot grow to " + std::to_string(g.out));
    out_shape[d] = g.out;
  }
  const index_t count = checked_element_count(out_shape);
  if (count < 0 || count > limits.max_output_elements)
    return resample_fail(error_code::limit_exceeded, "output shape " + out_shape.to_string() +
                                                         " has more than the limit of " +
                                                         std::to_string(limits.max_output_elements) + " elements");
  sampling s;
  s.filter = f;
  s.coordinate_transformation_mode = o.coordinate_transformation_mode;
  s.nearest_mode = o.nearest_mode;
  s.antialias = o.antialias;
  s.exclude_outside = o.border == resample_border::renormalize;
  s.normalize = true;
  std::vector<bool> listed(static_cast<std::size_t>(rank), false);
  for (int d : axes) listed[static_cast<std::size_t>(d)] = true;
  const bool produces = count > 0;
  if (const std::string over = tables_budget(geometry, listed, produces, s).check(limits); !over.empty())
    return resample_fail(error_code::limit_exceeded, over);
  return out_of_memory_guard(resample_context, tables_out_of_memory, [&]() -> result<resize_plan> {
    return resize_plan(detail::trusted_tables{}, resample_context,
                       f.is_nearest() ? kernel_family::gather : kernel_family::weighted, x_shape,
                       build_tables(geometry, listed, produces, s), 0.0, limits.max_scratch_bytes);
  });
}

}  // namespace detail

template <int>
result<resize_plan> try_make_resample_plan(const dims& x_shape, const dims& out_shape, const filter_kernel& f,
                                           const resample_options& o, const plan_limits& limits) {
  const result<std::vector<int>> checked = detail::resample_axes(x_shape, f, o);
  if (!checked.ok()) return checked.error();
  const std::vector<int>& axes = *checked;
  const int rank = x_shape.size();
  if (out_shape.size() != rank)
    return detail::resample_fail(error_code::invalid_shape, "output shape " + out_shape.to_string() + " has rank " +
                                                                std::to_string(out_shape.size()) +
                                                                " but input 'X' has rank " + std::to_string(rank));
  std::vector<axis_geometry> geometry(static_cast<std::size_t>(rank));
  std::vector<bool> listed(static_cast<std::size_t>(rank), false);
  for (int d : axes) listed[static_cast<std::size_t>(d)] = true;
  for (int d = 0; d < rank; ++d) {
    auto& g = geometry[static_cast<std::size_t>(d)];
    g.in = x_shape[d];
    g.out = out_shape[d];
    if (g.out < 0)
      return detail::resample_fail(
          error_code::invalid_shape,
          "output shape " + out_shape.to_string() + " has a negative extent on axis " + std::to_string(d));
    if (!listed[static_cast<std::size_t>(d)] && g.out != g.in)
      return detail::resample_fail(
          error_code::invalid_shape,
          "output shape " + out_shape.to_string() + " changes axis " + std::to_string(d) + ", which is not resampled");
    g.scale = g.in == 0 ? 1.0 : static_cast<double>(g.out) / static_cast<double>(g.in);
    g.length_resized = static_cast<double>(g.out);
  }
  return detail::plan_resample(x_shape, geometry, axes, f, o, limits);
}

template <int>
result<resize_plan> try_make_resample_plan(const dims& x_shape, std::span<const double> scales, const filter_kernel& f,
                                           const resample_options& o, const plan_limits& limits) {
  const result<std::vector<int>> checked = detail::resample_axes(x_shape, f, o);
  if (!checked.ok()) return checked.error();
  const std::vector<int>& axes = *checked;
  if (scales.size() != axes.size())
    return detail::resample_fail(error_code::invalid_input, "got " + std::to_string(scales.size()) + " scales for " +
                                                                std::to_string(axes.size()) + " resampled axes");
  std::vector<axis_geometry> geometry(static_cast<std::size_t>(x_shape.size()));
  for (int d = 0; d < x_shape.size(); ++d) {
    auto& g = geometry[static_cast<std::size_t>(d)];
    g.in = g.out = x_shape[d];
    g.length_resized = static_cast<double>(g.in);
  }
  for (std::size_t i = 0; i < axes.size(); ++i) {
    const double scale = scales[i];
    const std::string at = "scales[" + std::to_string(i) + "] = " + std::to_string(scale);
    if (!(std::isfinite(scale) && scale > 0))
      return detail::resample_fail(error_code::invalid_input, at + " must be > 0");
    auto& g = geometry[static_cast<std::size_t>(axes[i])];
    const double len = static_cast<double>(g.in) * scale;
    if (!(len < static_cast<double>(limits.max_output_elements) + 1.0))
      return detail::resample_fail(error_code::limit_exceeded,
                                   at + " makes axis " + std::to_string(axes[i]) + " longer than the output limit of " +
                                       std::to_string(limits.max_output_elements) + " elements");
    g.scale = scale;
    g.length_resized = len;
    g.out = floor_extent(len);
  }
  return detail::plan_resample(x_shape, geometry, axes, f, o, limits);
}
#endif

/// Resamples X into Y (Y's extents give the output size) with filter `f`.
template <gatherable T>
status try_resample(tensor_view<const T> x, tensor_view<T> y, const filter_kernel& f, const resample_options& o = {}) {
  const result<resize_plan> plan = try_make_resample_plan(x.extents(), y.extents(), f, o);
  if (!plan.ok()) return plan.error();
  return try_execute<T>(*plan, x, y);
}

/// Resamples X by `scales` (one per resampled axis) into a new tensor.
template <gatherable T>
result<tensor<T>> try_resample(tensor_view<const T> x, std::span<const double> scales, const filter_kernel& f,
                               const resample_options& o = {}) {
  const result<resize_plan> plan = try_make_resample_plan(x.extents(), scales, f, o);
  if (!plan.ok()) return plan.error();
  return try_execute<T>(*plan, x);
}

#if NDRESIZE_EXCEPTIONS
// The throwing forms: each is its try_ twin, throwing resize_error for its error.
inline resize_plan make_resample_plan(const dims& x_shape, const dims& out_shape, const filter_kernel& f,
                                      const resample_options& o = {}, const plan_limits& limits = {}) {
  return try_make_resample_plan(x_shape, out_shape, f, o, limits).value();
}

inline resize_plan make_resample_plan(const dims& x_shape, std::span<const double> scales, const filter_kernel& f,
                                      const resample_options& o = {}, const plan_limits& limits = {}) {
  return try_make_resample_plan(x_shape, scales, f, o, limits).value();
}

template <gatherable T>
void resample(tensor_view<const T> x, tensor_view<T> y, const filter_kernel& f, const resample_options& o = {}) {
  try_resample<T>(x, y, f, o).value();
}

template <gatherable T>
tensor<T> resample(tensor_view<const T> x, std::span<const double> scales, const filter_kernel& f,
                   const resample_options& o = {}) {
  return try_resample<T>(x, scales, f, o).value();
}
#endif

NDRESIZE_END_NAMESPACE
