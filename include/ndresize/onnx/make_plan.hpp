// SPDX-License-Identifier: Apache-2.0
// The ONNX boundary: validates a node once (its version's attributes and inputs, the input
// shape and the resource limits) and turns it into a resize_plan. Every rule that differs
// between versions is here; below this file nothing knows about ONNX versions.
#pragma once

#include "../attributes.hpp"
#include "../config.hpp"
#include "../limits.hpp"
#include "../plan/resize_plan.hpp"
#include "inputs.hpp"
#include "op_version.hpp"

// The planner's definitions: with NDRESIZE_COMPILED they are compiled in ndresize::compiled
// and a user's translation unit parses none of them.
#if !defined(NDRESIZE_COMPILED)
#include <charconv>
#include <cmath>
#include <limits>
#include <new>
#include <string>
#include <vector>

#include "../plan/build_tables.hpp"
#include "../plan/output_shape.hpp"
#include "../plan/table_builders.hpp"
#include "mode_filter.hpp"
#endif

NDRESIZE_BEGIN_NAMESPACE
namespace onnx {

#if !defined(NDRESIZE_COMPILED)
namespace detail {

/// Shortest text that reads back as the same value (float values print as the model wrote them).
template <class F>
std::string fmt(F v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}

struct checker {
  op_version v;
  std::string ctx() const { return std::string(name(v)); }
  error fail(error_code c, const std::string& what) const { return make_error(c, ctx(), what); }
  status attribute(bool ok, const std::string& what) const {
    if (!ok) return fail(error_code::invalid_attribute, what);
    return {};
  }
  status input(bool ok, const std::string& what) const {
    if (!ok) return fail(error_code::invalid_input, what);
    return {};
  }
};

/// An enum member's value must be one of its enumerators (a caller may cast any integer).
template <class E>
status check_enum(const checker& c, E e, const char* attr) {
  const std::string why = ndresize::detail::invalid_enum_value(e, (std::string("attribute '") + attr + "'").c_str());
  return why.empty() ? status{} : c.attribute(false, why);
}

/// Rejects attribute values that do not exist in version v (the struct has all of them).
inline status check_attributes(const checker& c, const resize_attributes& a) {
  const op_version v = c.v;
  const resize_attributes def;
  NDRESIZE_TRY(check_enum(c, a.mode, "mode"));
  NDRESIZE_TRY(check_enum(c, a.coordinate_transformation_mode, "coordinate_transformation_mode"));
  NDRESIZE_TRY(check_enum(c, a.nearest_mode, "nearest_mode"));
  NDRESIZE_TRY(check_enum(c, a.keep_aspect_ratio_policy, "keep_aspect_ratio_policy"));
  auto absent = [&](bool is_default, const char* attr) {
    return c.attribute(is_default, std::string("attribute '") + attr + "' does not exist in this version");
  };
  const bool modern = !is_legacy(v);
  if (!modern) {
    NDRESIZE_TRY(absent(a.coordinate_transformation_mode == def.coordinate_transformation_mode,
                        "coordinate_transformation_mode"));
    NDRESIZE_TRY(absent(a.nearest_mode == def.nearest_mode, "nearest_mode"));
    NDRESIZE_TRY(absent(a.cubic_coeff_a == def.cubic_coeff_a, "cubic_coeff_a"));
    NDRESIZE_TRY(absent(a.exclude_outside == def.exclude_outside, "exclude_outside"));
    NDRESIZE_TRY(absent(a.extrapolation_value == def.extrapolation_value, "extrapolation_value"));
    NDRESIZE_TRY(
        c.attribute(a.mode != enums::mode::cubic, "mode 'cubic' does not exist in this version (nearest or linear)"));
  }
  if (!at_least(v, op_version::resize_18)) {
    NDRESIZE_TRY(absent(a.antialias == def.antialias, "antialias"));
    NDRESIZE_TRY(absent(!a.axes.has_value(), "axes"));
    NDRESIZE_TRY(absent(a.keep_aspect_ratio_policy == def.keep_aspect_ratio_policy, "keep_aspect_ratio_policy"));
  }
  using enum enums::coordinate_transformation_mode;
  const auto ctm = a.coordinate_transformation_mode;
  NDRESIZE_TRY(c.attribute(ctm != half_pixel_symmetric || v == op_version::resize_19,
                           "coordinate_transformation_mode 'half_pixel_symmetric' exists only from Resize-19 on"));
  NDRESIZE_TRY(c.attribute(ctm != tf_half_pixel_for_nn || v == op_version::resize_11,
                           "coordinate_transformation_mode 'tf_half_pixel_for_nn' exists only in Resize-11"));
  NDRESIZE_TRY(c.attribute(a.exclude_outside == 0 || a.exclude_outside == 1,
                           "attribute 'exclude_outside' = " + std::to_string(a.exclude_outside) + " must be 0 or 1"));
  NDRESIZE_TRY(c.attribute(a.antialias == 0 || a.antialias == 1,
                           "attribute 'antialias' = " + std::to_string(a.antialias) + " must be 0 or 1"));
  NDRESIZE_TRY(c.attribute(!(a.antialias == 1 && a.mode == enums::mode::nearest),
                           "attribute 'antialias' = 1 applies to linear and cubic modes only, not 'nearest'"));
  NDRESIZE_TRY(c.attribute(std::isfinite(a.cubic_coeff_a),
                           "attribute 'cubic_coeff_a' = " + fmt(a.cubic_coeff_a) + " must be finite"));
  return {};
}

/// Input 'X': rank >= 1, no negative extent, an element count int64 can hold.
inline status check_input_shape(const checker& c, const dims& x_shape) {
  if (x_shape.size() < 1) return c.fail(error_code::invalid_shape, "input 'X' must have rank >= 1 (got a scalar)");
  for (int d = 0; d < x_shape.size(); ++d)
    if (x_shape[d] < 0)
      return c.fail(error_code::invalid_shape, "input 'X' has a negative extent in shape " + x_shape.to_string());
  if (const std::string why = ndresize::detail::uncountable_input(x_shape, "X"); !why.empty())
    return c.fail(error_code::invalid_shape, why);
  return {};
}

/// The resized axes: 'axes' (Resize-18+: in [-r, r-1], distinct, not empty) or all of them.
inline result<std::vector<int>> normalize_axes(const checker& c, const resize_attributes& a, int rank) {
  std::vector<int> axes;
  if (!a.axes) {
    for (int d = 0; d < rank; ++d) axes.push_back(d);
    return axes;
  }
  NDRESIZE_TRY(c.attribute(!a.axes->empty(), "attribute 'axes' is empty (omit it to resize all axes)"));
  std::vector<bool> seen(static_cast<std::size_t>(rank), false);
  for (std::int64_t ax : *a.axes) {
    NDRESIZE_TRY(c.attribute(ax >= -rank && ax < rank, "attribute 'axes' value " + std::to_string(ax) +
                                                           " is out of range [" + std::to_string(-rank) + ", " +
                                                           std::to_string(rank - 1) + "]"));
    const int d = static_cast<int>(ax < 0 ? ax + rank : ax);
    NDRESIZE_TRY(c.attribute(!seen[static_cast<std::size_t>(d)], "attribute 'axes' repeats axis " + std::to_string(d)));
    seen[static_cast<std::size_t>(d)] = true;
    axes.push_back(d);
  }
  return axes;
}

inline std::string scales_name(op_version v) {
  return v == op_version::upsample_7 ? "attribute 'scales'" : "input 'scales'";
}

/// 'scales' xor 'sizes' (as the version allows), one value per resized axis (`n`, described
/// by `n_str`), each in range.
inline status check_scales_and_sizes(const checker& c, op_version v, const resize_inputs& in, std::size_t n,
                                     const std::string& n_str) {
  const bool has_scales = !in.scales.empty(), has_sizes = !in.sizes.empty();
  if (is_legacy(v)) {
    NDRESIZE_TRY(c.input(has_scales,
                         std::string(v == op_version::upsample_7 ? "attribute" : "input") + " 'scales' is required"));
    NDRESIZE_TRY(c.input(!has_sizes, "input 'sizes' does not exist in this version"));
  } else {
    NDRESIZE_TRY(
        c.input(!(has_scales && has_sizes), "inputs 'scales' and 'sizes' are both given; exactly one must be"));
    NDRESIZE_TRY(c.input(has_scales || has_sizes, "neither 'scales' nor 'sizes' is given; exactly one must be"));
  }
  if (has_scales) {
    NDRESIZE_TRY(c.input(in.scales.size() == n,
                         scales_name(v) + " has " + std::to_string(in.scales.size()) + " values, expected " + n_str));
    for (std::size_t i = 0; i < n; ++i) {
      const float s = in.scales[i];
      const std::string at = scales_name(v) + ": scales[" + std::to_string(i) + "] = " + fmt(s);
      NDRESIZE_TRY(c.input(std::isfinite(s), at + " is not finite"));
      if (is_upsample(v))
        NDRESIZE_TRY(c.input(s >= 1.0f, at + " must be >= 1 (Upsample only upsamples)"));
      else
        NDRESIZE_TRY(c.input(s > 0.0f, at + " must be > 0"));
    }
  }
  if (has_sizes) {
    NDRESIZE_TRY(c.input(in.sizes.size() == n,
                         "input 'sizes' has " + std::to_string(in.sizes.size()) + " values, expected " + n_str));
    for (std::size_t i = 0; i < n; ++i)
      NDRESIZE_TRY(c.input(in.sizes[i] >= 0, "input 'sizes': sizes[" + std::to_string(i) +
                                                 "] = " + std::to_string(in.sizes[i]) + " is negative"));
  }
  return {};
}

/// 'roi', which matters only for tf_crop_and_resize; absent means the whole input (starts 0,
/// ends 1), given it has 2·n finite values.
inline result<std::span<const double>> check_roi(const checker& c, const resize_attributes& a, const resize_inputs& in,
                                                 std::size_t n, const std::string& n_str) {
  const bool crop = a.coordinate_transformation_mode == enums::coordinate_transformation_mode::tf_crop_and_resize;
  if (!crop || in.roi.empty()) return std::span<const double>{};
  NDRESIZE_TRY(c.input(in.roi.size() == 2 * n,
                       "input 'roi' has " + std::to_string(in.roi.size()) + " values, expected 2 x " + n_str));
  for (std::size_t i = 0; i < in.roi.size(); ++i)
    NDRESIZE_TRY(c.input(std::isfinite(in.roi[i]),
                         "input 'roi': roi[" + std::to_string(i) + "] = " + fmt(in.roi[i]) + " is not finite"));
  return std::span<const double>(in.roi);
}

/// Scaled lengths and keep-aspect sizes within the output limit, before they become integers.
inline status check_requested_lengths(const checker& c, op_version v, const resize_attributes& a,
                                      const resize_inputs& in, const dims& x_shape, const std::vector<int>& axes,
                                      const plan_limits& limits) {
  for (std::size_t i = 0; i < in.scales.size(); ++i) {
    const double len = scaled_length(x_shape[axes[i]], in.scales[i]);
    if (!(len < static_cast<double>(limits.max_output_elements) + 1.0))
      return c.fail(error_code::limit_exceeded,
                    scales_name(v) + ": scales[" + std::to_string(i) + "] = " + fmt(in.scales[i]) + " makes axis " +
                        std::to_string(axes[i]) + " " + fmt(len) + " long, beyond the output limit of " +
                        std::to_string(limits.max_output_elements) + " elements");
  }
  if (a.keep_aspect_ratio_policy != enums::keep_aspect_ratio_policy::stretch)
    for (std::size_t i = 0; i < in.sizes.size(); ++i)
      if (in.sizes[i] > limits.max_output_elements)
        return c.fail(error_code::limit_exceeded,
                      "input 'sizes': sizes[" + std::to_string(i) + "] = " + std::to_string(in.sizes[i]) +
                          " is beyond the output limit of " + std::to_string(limits.max_output_elements) + " elements");
  return {};
}

/// The output shape of the geometry, each axis and the whole within the output limit.
inline result<dims> output_shape_of(const checker& c, const std::vector<axis_geometry>& geometry,
                                    const plan_limits& limits) {
  dims out_shape;
  out_shape.resize(static_cast<int>(geometry.size()));
  for (int d = 0; d < out_shape.size(); ++d) {
    const auto& g = geometry[static_cast<std::size_t>(d)];
    if (g.out < 0 || g.out > limits.max_output_elements)
      return c.fail(error_code::limit_exceeded, "output axis " + std::to_string(d) + " would have " +
                                                    std::to_string(g.out) + " elements, beyond the limit of " +
                                                    std::to_string(limits.max_output_elements));
    if (g.in == 0 && g.out > 0)
      return c.fail(error_code::invalid_shape,
                    "axis " + std::to_string(d) + " of 'X' is empty and cannot grow to " + std::to_string(g.out));
    out_shape[d] = g.out;
  }
  const index_t count = checked_element_count(out_shape);
  if (count < 0 || count > limits.max_output_elements)
    return c.fail(error_code::limit_exceeded, "output shape " + out_shape.to_string() + " has more than the limit of " +
                                                  std::to_string(limits.max_output_elements) + " elements");
  return out_shape;
}

/// The sampling rule of a validated node: its filter, and the legacy rules of old versions.
inline sampling sampling_of(op_version v, const resize_attributes& a) {
  sampling s;
  s.filter = mode_filter(a.mode, a.cubic_coeff_a);
  s.coordinate_transformation_mode =
      is_legacy(v) ? enums::coordinate_transformation_mode::asymmetric : a.coordinate_transformation_mode;
  s.nearest_mode = a.nearest_mode;
  s.rounding = is_legacy(v) ? nearest_rounding::legacy : nearest_rounding::onnx;
  s.exclude_outside = a.exclude_outside != 0;
  s.antialias = a.antialias != 0;
  return s;
}

}  // namespace detail
#endif

/// Validates a Resize/Upsample node of version `v` on an input of shape `x_shape` and builds
/// its plan, or the error naming the version, the attribute or input, and the value. A
/// template with one defaulted parameter (never given by callers), like the type-erased layer
/// (type_erased.hpp): with NDRESIZE_COMPILED it is declared here and compiled once in
/// ndresize::compiled, so a translation unit that builds plans does not compile the planner.
template <int = 0>
result<resize_plan> try_make_plan(op_version v, const resize_attributes& a, const dims& x_shape,
                                  const resize_inputs& in, const plan_limits& limits = {});

#if !defined(NDRESIZE_COMPILED)
template <int>
result<resize_plan> try_make_plan(op_version v, const resize_attributes& a, const dims& x_shape,
                                  const resize_inputs& in, const plan_limits& limits) {
  if (name(v) == "?")  // an op_version cast from another integer
    return make_error(error_code::invalid_attribute, "onnx",
                      "op_version " + std::to_string(static_cast<int>(v)) +
                          " is none of the operator versions (Resize-10, Resize-11, Resize-13, Resize-18, Resize-19, "
                          "Upsample-7, Upsample-9; onnx::version_for maps an opset to one)");
  const detail::checker c{v};
  NDRESIZE_TRY(detail::check_input_shape(c, x_shape));
  NDRESIZE_TRY(detail::check_attributes(c, a));
  const result<std::vector<int>> axes = detail::normalize_axes(c, a, x_shape.size());
  if (!axes.ok()) return axes.error();
  const std::size_t n = axes->size();
  const std::string n_str = std::to_string(n) + (a.axes ? " (the length of 'axes')" : " (the rank of 'X')");
  NDRESIZE_TRY(detail::check_scales_and_sizes(c, v, in, n, n_str));
  const result<std::span<const double>> roi = detail::check_roi(c, a, in, n, n_str);
  if (!roi.ok()) return roi.error();
  NDRESIZE_TRY(detail::check_requested_lengths(c, v, a, in, x_shape, *axes, limits));
  const std::vector<axis_geometry> geometry =
      compute_geometry({x_shape, *axes, in.scales, in.sizes, *roi, a.keep_aspect_ratio_policy});
  const result<dims> out_shape = detail::output_shape_of(c, geometry, limits);
  if (!out_shape.ok()) return out_shape.error();
  const sampling s = detail::sampling_of(v, a);
  // A plan that produces nothing needs no tables; otherwise only the resized axes have data.
  // Bound what building them costs (taps and bytes) before building (table_budget.hpp).
  const bool produces = checked_element_count(*out_shape) > 0;
  std::vector<bool> listed(static_cast<std::size_t>(x_shape.size()), false);
  for (int d : *axes) listed[static_cast<std::size_t>(d)] = true;
  if (const std::string over = tables_budget(geometry, listed, produces, s).check(limits); !over.empty())
    return c.fail(error_code::limit_exceeded, over);
  // Within the limits, building can still meet a system with less memory.
  const auto family = a.mode != enums::mode::nearest ? kernel_family::weighted : kernel_family::gather;
  result<resize_plan> plan =
      ndresize::detail::out_of_memory_guard(c.ctx(), ndresize::tables_out_of_memory, [&]() -> result<resize_plan> {
        return resize_plan(ndresize::detail::trusted_tables{}, c.ctx(), family, x_shape,
                           build_tables(geometry, listed, produces, s), static_cast<double>(a.extrapolation_value),
                           limits.max_scratch_bytes);
      });
  // The plan accepts the element types of its version only (execute checks).
  if (plan.ok()) plan->restrict_element_types(element_types_of(v));
  return plan;
}
#endif

#if NDRESIZE_EXCEPTIONS
/// try_make_plan, throwing resize_error for its error.
inline resize_plan make_plan(op_version v, const resize_attributes& a, const dims& x_shape, const resize_inputs& in,
                             const plan_limits& limits = {}) {
  return try_make_plan(v, a, x_shape, in, limits).value();
}
#endif

}  // namespace onnx
NDRESIZE_END_NAMESPACE
