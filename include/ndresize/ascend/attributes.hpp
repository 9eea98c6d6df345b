// SPDX-License-Identifier: Apache-2.0
// The attributes of the Ascend ResizeUpsampleTrilinear operator (aclnnUpsampleTrilinear3d),
// named as the operator names them, and their parsing from a runtime's attribute map
// (the same name → typed value map that ONNX nodes use, onnx::attribute_map). Parsing checks
// names and types only; the values are checked with the input shape, in make_plan.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "../config.hpp"
#include "../detail/quoted_value.hpp"
#include "../error.hpp"
#include "../onnx/attribute_map.hpp"

NDRESIZE_BEGIN_NAMESPACE
namespace ascend {

/// The operator's name, as error messages and plans name it.
inline constexpr const char* operator_name = "ResizeUpsampleTrilinear";

/// ResizeUpsampleTrilinear attributes. Absent optionals are absent attributes.
///  - output_size: the output extents of D, H, W (3 values > 0). When given it sets the
///    output shape; a scales_x > 0 given with it still sets that axis's coordinate scale
///    (1 / scales_x), as PyTorch and the operator's formula do.
///  - scales_d/_h/_w: multipliers of D, H, W. Without output_size all three are required,
///    must be > 0, and the output extent is floor(in × scales_x).
///  - align_corners: false by default.
struct upsample_trilinear3d_attributes {
  std::optional<std::vector<std::int64_t>> output_size = std::nullopt;
  std::optional<double> scales_d = std::nullopt;
  std::optional<double> scales_h = std::nullopt;
  std::optional<double> scales_w = std::nullopt;
  bool align_corners = false;
};

/// Parses a runtime's attribute map: "output_size" (INTS), "scales_d", "scales_h", "scales_w"
/// (FLOAT; an INT is accepted, as JSON writes 2 for 2.0) and "align_corners" (INT 0 or 1).
/// Any other name, or a value of another type, is an error naming the attribute. A template
/// with one defaulted parameter (never given by callers), like the type-erased layer: with
/// NDRESIZE_COMPILED it is compiled once in ndresize::compiled.
template <int = 0>
result<upsample_trilinear3d_attributes> try_parse_attributes(const onnx::attribute_map& attrs);

#if NDRESIZE_EXCEPTIONS
/// try_parse_attributes, throwing resize_error for its error.
inline upsample_trilinear3d_attributes parse_attributes(const onnx::attribute_map& attrs) {
  return try_parse_attributes(attrs).value();
}
#endif

#if !defined(NDRESIZE_COMPILED)
namespace detail {

inline error attribute_fail(const std::string& name, const std::string& what) {
  return make_error(error_code::invalid_attribute, operator_name,
                    "attribute " + ndresize::detail::quoted_value(name) + " " + what);
}

inline const char* type_name(const onnx::attribute_value& v) {
  constexpr const char* names[] = {"INT", "FLOAT", "STRING", "INTS", "FLOATS"};
  return names[v.index()];
}

inline error wrong_type(const std::string& name, const onnx::attribute_value& v, const char* expected) {
  return attribute_fail(name, std::string("must be ") + expected + ", got " + type_name(v));
}

}  // namespace detail

template <int>
result<upsample_trilinear3d_attributes> try_parse_attributes(const onnx::attribute_map& attrs) {
  upsample_trilinear3d_attributes a;
  for (const auto& entry : attrs) {
    const std::string& name = entry.first;
    const onnx::attribute_value& value = entry.second;
    if (name == "output_size") {
      const auto* v = std::get_if<std::vector<std::int64_t>>(&value);
      if (!v) return detail::wrong_type(name, value, "INTS");
      a.output_size = *v;
    } else if (name == "scales_d" || name == "scales_h" || name == "scales_w") {
      double s = 0;
      if (const auto* f = std::get_if<float>(&value))
        s = static_cast<double>(*f);
      else if (const auto* i = std::get_if<std::int64_t>(&value))
        s = static_cast<double>(*i);
      else
        return detail::wrong_type(name, value, "FLOAT");
      (name == "scales_d" ? a.scales_d : name == "scales_h" ? a.scales_h : a.scales_w) = s;
    } else if (name == "align_corners") {
      const auto* i = std::get_if<std::int64_t>(&value);
      if (!i) return detail::wrong_type(name, value, "INT");
      if (*i != 0 && *i != 1) return detail::attribute_fail(name, "= " + std::to_string(*i) + " must be 0 or 1");
      a.align_corners = *i == 1;
    } else {
      return detail::attribute_fail(name,
                                    "does not exist (ResizeUpsampleTrilinear has output_size, scales_d, scales_h, "
                                    "scales_w and align_corners)");
    }
  }
  return a;
}

#endif

}  // namespace ascend
NDRESIZE_END_NAMESPACE
