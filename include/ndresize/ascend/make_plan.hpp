// SPDX-License-Identifier: Apache-2.0
// The ResizeUpsampleTrilinear boundary: validates the attributes against the input shape (and
// the resource limits) once, then bakes each spatial axis into an ordinary 2-tap axis_table
// with the Ascend coordinate rule (coordinate.hpp). The result is a plain weighted
// resize_plan, so the operator runs on the same separable kernels as ONNX Resize.
#pragma once

#include "../config.hpp"
#include "../error.hpp"
#include "../limits.hpp"
#include "../plan/resize_plan.hpp"
#include "attributes.hpp"
#include "coordinate.hpp"

// The planner's definitions: with NDRESIZE_COMPILED they are compiled in ndresize::compiled
// and a user's translation unit parses none of them.
#if !defined(NDRESIZE_COMPILED)
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <new>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "../detail/large_pages.hpp"
#include "../onnx/make_plan.hpp"
#include "../plan/build_tables.hpp"
#include "../plan/table_budget.hpp"
#include "../plan/table_builders.hpp"
#include "../shape.hpp"
#endif

NDRESIZE_BEGIN_NAMESPACE
namespace ascend {

/// Validates ResizeUpsampleTrilinear on an input of shape (N, C, D, H, W) and builds its plan.
/// Output extents: output_size when given, else floor(in × scales_x) (computed in double).
/// Coordinate scale per axis: coordinate_scale (align_corners, else 1 / scales_x when
/// scales_x > 0, else in / out), also when output_size is given. Errors (context
/// "ResizeUpsampleTrilinear"): a rank other than 5, a negative extent or a spatial extent of 0,
/// output_size not 3 values > 0, neither output_size nor all three scales, a scale that is
/// <= 0, NaN or gives an empty axis (without output_size), and outputs beyond `limits`.
/// A template with one defaulted parameter (never given by callers), like the type-erased
/// layer: with NDRESIZE_COMPILED it is compiled once in ndresize::compiled.
template <int = 0>
result<resize_plan> try_make_plan(const dims& input_shape, const upsample_trilinear3d_attributes& a,
                                  const plan_limits& limits = {});

#if NDRESIZE_EXCEPTIONS
/// try_make_plan, throwing resize_error for its error.
inline resize_plan make_plan(const dims& input_shape, const upsample_trilinear3d_attributes& a,
                             const plan_limits& limits = {}) {
  return try_make_plan(input_shape, a, limits).value();
}
#endif

#if !defined(NDRESIZE_COMPILED)
namespace detail {

/// A scale as the model wrote it: FLOAT32 attributes widened to double print as the float
/// (0.1f reads "0.1", not "0.100000001"); other values print as the shortest double.
inline std::string fmt(double v) {
  const auto f = static_cast<float>(v);
  return static_cast<double>(f) == v ? onnx::detail::fmt(f) : onnx::detail::fmt(v);
}

inline error fail(error_code c, const std::string& what) { return make_error(c, operator_name, what); }

inline constexpr const char* axis_names[] = {"D", "H", "W"};
inline constexpr std::array<const char*, 3> scales_names{"scales_d", "scales_h", "scales_w"};

inline const std::optional<double>& scales_of(const upsample_trilinear3d_attributes& a, int axis) noexcept {
  return axis == 0 ? a.scales_d : axis == 1 ? a.scales_h : a.scales_w;
}

}  // namespace detail

/// The 2-tap table of one spatial axis (in >= 1, out >= 1): output x reads
/// lambda0 · V[i0] + lambda1 · V[i1] (source_taps). As build_weighted_table does, taps that
/// share an index are merged and taps of weight exactly 0 are dropped, so an output on an
/// input grid position (and every output of a copied axis) reads exactly one input.
inline axis_table build_axis_table(index_t in, index_t out, double scale, bool align_corners) {
  axis_table t;
  t.in = in;
  t.out = out;
  t.outside.assign(static_cast<std::size_t>(out), 0);
  t.tap_begin.reserve(static_cast<std::size_t>(out) + 1);
  // At most two taps per output; large tables are advised to huge pages, as the ONNX table
  // builders do (plan/table_builders.hpp).
  ndresize::detail::reserve_large(t.tap_index, 2 * static_cast<std::size_t>(out));
  ndresize::detail::reserve_large(t.tap_weight, 2 * static_cast<std::size_t>(out));
  t.tap_begin.push_back(0);
  for (index_t x = 0; x < out; ++x) {
    const linear_taps p = source_taps(x, in, out, scale, align_corners);
    if (p.i0 == p.i1) {
      // One source: its weight is lambda0 + lambda1 = 1 exactly (summing could round).
      t.tap_index.push_back(p.i0);
      t.tap_weight.push_back(1.0);
    } else {
      if (p.lambda0 != 0.0) {
        t.tap_index.push_back(p.i0);
        t.tap_weight.push_back(p.lambda0);
      }
      if (p.lambda1 != 0.0) {
        t.tap_index.push_back(p.i1);
        t.tap_weight.push_back(p.lambda1);
      }
    }
    const auto begin = t.tap_begin.back();
    t.tap_begin.push_back(static_cast<index_t>(t.tap_index.size()));
    t.max_taps = std::max(t.max_taps, static_cast<int>(t.tap_begin.back() - begin));
  }
  ndresize::detail::reserve_large(t.tap_weight_f, t.tap_weight.size());
  t.tap_weight_f.assign(t.tap_weight.begin(), t.tap_weight.end());
  return t;
}

namespace detail {

/// Input 'self': 5-D, no negative extent, spatial extents > 0.
inline status check_input_shape(const dims& input_shape) {
  if (input_shape.size() != 5)
    return fail(error_code::invalid_shape, "input 'self' has rank " + std::to_string(input_shape.size()) + " (shape " +
                                               input_shape.to_string() + "); it must be 5-D (N, C, D, H, W)");
  for (int d = 0; d < 5; ++d) {
    if (input_shape[d] < 0)
      return fail(error_code::invalid_shape, "input 'self' has a negative extent: shape " + input_shape.to_string());
    if (d >= 2 && input_shape[d] == 0)
      return fail(error_code::invalid_shape, std::string("input 'self' has ") + axis_names[d - 2] + " = 0 (shape " +
                                                 input_shape.to_string() + "); spatial extents must be > 0");
  }
  if (const std::string why = ndresize::detail::uncountable_input(input_shape, "self"); !why.empty())
    return fail(error_code::invalid_shape, why);
  return {};
}

/// The output extents (D, H, W) from 'output_size': 3 values > 0 within the output limit.
inline result<std::array<index_t, 3>> extents_from_output_size(const std::vector<std::int64_t>& size,
                                                               const plan_limits& limits) {
  auto list = [&] {
    std::string s = "[";
    for (std::size_t i = 0; i < size.size(); ++i) s += (i ? ", " : "") + std::to_string(size[i]);
    return s + "]";
  };
  if (size.size() != 3)
    return fail(
        error_code::invalid_attribute,
        "attribute 'output_size' = " + list() + " must have 3 values (D, H, W), it has " + std::to_string(size.size()));
  std::array<index_t, 3> out{};
  for (int i = 0; i < 3; ++i) {
    if (size[static_cast<std::size_t>(i)] <= 0)
      return fail(error_code::invalid_attribute,
                  "attribute 'output_size' = " + list() + ": output_size[" + std::to_string(i) +
                      "] = " + std::to_string(size[static_cast<std::size_t>(i)]) + " must be > 0");
    if (size[static_cast<std::size_t>(i)] > limits.max_output_elements)
      return fail(error_code::limit_exceeded, "attribute 'output_size' = " + list() +
                                                  " is beyond the output limit of " +
                                                  std::to_string(limits.max_output_elements) + " elements");
    out[static_cast<std::size_t>(i)] = size[static_cast<std::size_t>(i)];
  }
  return out;
}

/// The output extents (D, H, W) from the three scales: each given, > 0, and giving a
/// non-empty axis within the output limit (floor(in × scale), in double).
inline result<std::array<index_t, 3>> extents_from_scales(const dims& input_shape,
                                                          const upsample_trilinear3d_attributes& a,
                                                          const plan_limits& limits) {
  std::array<index_t, 3> out{};
  for (int i = 0; i < 3; ++i) {
    const auto& s = scales_of(a, i);
    const std::string name = scales_names[static_cast<std::size_t>(i)];
    if (!s)
      return fail(error_code::invalid_attribute, "neither attribute 'output_size' nor attribute '" + name +
                                                     "' is given: the output extent of " + axis_names[i] +
                                                     " is unknown");
    if (!(*s > 0.0))
      return fail(error_code::invalid_attribute,
                  "attribute '" + name + "' = " + fmt(*s) + " must be > 0 (no output_size is given)");
    const index_t in = input_shape[i + 2];
    const double len = std::floor(static_cast<double>(in) * *s);
    if (len < 1.0)
      return fail(error_code::invalid_attribute, "attribute '" + name + "' = " + fmt(*s) +
                                                     " gives an empty output: " + axis_names[i] + " = floor(" +
                                                     std::to_string(in) + " * " + fmt(*s) + ") = 0");
    if (!(len <= static_cast<double>(limits.max_output_elements)))
      return fail(error_code::limit_exceeded, "attribute '" + name + "' = " + fmt(*s) + " makes " + axis_names[i] +
                                                  " " + fmt(len) + " long, beyond the output limit of " +
                                                  std::to_string(limits.max_output_elements) + " elements");
    out[static_cast<std::size_t>(i)] = static_cast<index_t>(len);
  }
  return out;
}

}  // namespace detail

template <int>
result<resize_plan> try_make_plan(const dims& input_shape, const upsample_trilinear3d_attributes& a,
                                  const plan_limits& limits) {
  NDRESIZE_TRY(detail::check_input_shape(input_shape));
  const result<std::array<index_t, 3>> extents = a.output_size
                                                     ? detail::extents_from_output_size(*a.output_size, limits)
                                                     : detail::extents_from_scales(input_shape, a, limits);
  if (!extents.ok()) return extents.error();
  const std::array<index_t, 3>& out = *extents;
  const dims out_shape{input_shape[0], input_shape[1], out[0], out[1], out[2]};
  const index_t count = checked_element_count(out_shape);
  if (count < 0 || count > limits.max_output_elements)
    return detail::fail(error_code::limit_exceeded, "output shape " + out_shape.to_string() +
                                                        " has more than the limit of " +
                                                        std::to_string(limits.max_output_elements) + " elements");
  // Each spatial output coordinate holds at most 2 taps; N and C are not resized (no data).
  table_budget budget;
  for (int i = 0; i < 3; ++i) budget.add_weighted(out[static_cast<std::size_t>(i)], 2.0);
  budget.add_packed();
  if (const std::string over = budget.check(limits); !over.empty())
    return detail::fail(error_code::limit_exceeded, over);
  return ndresize::detail::out_of_memory_guard(operator_name, tables_out_of_memory, [&]() -> result<resize_plan> {
    std::vector<axis_table> tables;
    tables.reserve(5);
    tables.push_back(identity_table(input_shape[0]));
    tables.push_back(identity_table(input_shape[1]));
    for (int i = 0; i < 3; ++i) {
      const index_t in = input_shape[i + 2], o = out[static_cast<std::size_t>(i)];
      tables.push_back(
          build_axis_table(in, o, coordinate_scale(in, o, a.align_corners, detail::scales_of(a, i)), a.align_corners));
    }
    return resize_plan(ndresize::detail::trusted_tables{}, operator_name, kernel_family::weighted, input_shape,
                       std::move(tables), 0.0, limits.max_scratch_bytes);
  });
}

#endif

}  // namespace ascend
NDRESIZE_END_NAMESPACE
