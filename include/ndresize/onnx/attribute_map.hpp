// SPDX-License-Identifier: Apache-2.0
// Attributes as an inference runtime holds them (name → typed value, as in NodeProto), and
// their parsing into resize_attributes for one operator version: only that version's
// attribute names are accepted, each with its ONNX type and (for strings) its allowed values.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "../attributes.hpp"
#include "../config.hpp"
#include "../detail/quoted_value.hpp"
#include "../error.hpp"
#include "op_version.hpp"

NDRESIZE_BEGIN_NAMESPACE
namespace onnx {

using attribute_value = std::variant<std::int64_t, float, std::string, std::vector<std::int64_t>, std::vector<float>>;
using attribute_map = std::map<std::string, attribute_value, std::less<>>;

/// A parsed node: its attributes, plus Upsample-7's `scales` attribute (an input elsewhere).
struct node_attributes {
  resize_attributes attributes;
  std::vector<float> upsample_7_scales;
};

/// Parses `attrs` for version v: unknown names, wrong types and unknown strings are errors
/// naming the version; absent attributes take the version's defaults. A template with one
/// defaulted parameter (never given by callers), like the type-erased layer: with
/// NDRESIZE_COMPILED it is compiled once in ndresize::compiled.
template <int = 0>
result<node_attributes> try_parse_attributes(op_version v, const attribute_map& attrs);

#if NDRESIZE_EXCEPTIONS
/// try_parse_attributes, throwing resize_error for its error.
inline node_attributes parse_attributes(op_version v, const attribute_map& attrs) {
  return try_parse_attributes(v, attrs).value();
}
#endif

#if !defined(NDRESIZE_COMPILED)
namespace detail {

/// The attribute names of each version.
inline std::vector<std::string_view> attribute_names(op_version v) {
  switch (v) {
    case op_version::resize_10:
    case op_version::upsample_9: return {"mode"};
    case op_version::upsample_7: return {"mode", "scales"};
    case op_version::resize_11:
    case op_version::resize_13:
      return {"coordinate_transformation_mode",
              "cubic_coeff_a",
              "exclude_outside",
              "extrapolation_value",
              "mode",
              "nearest_mode"};
    case op_version::resize_18:
    case op_version::resize_19:
      return {"antialias",
              "axes",
              "coordinate_transformation_mode",
              "cubic_coeff_a",
              "exclude_outside",
              "extrapolation_value",
              "keep_aspect_ratio_policy",
              "mode",
              "nearest_mode"};
  }
  return {};
}

/// Levenshtein distance of two short strings (attribute names: both at most 64 bytes here).
inline std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

/// What the error for an unknown attribute name adds: the closest name of the version when it
/// is a likely typo (at most two edits, or a third of its letters), and the version's names.
inline std::string unknown_name_hint(std::string_view name, const std::vector<std::string_view>& names) {
  std::string hint;
  if (name.size() <= 64) {  // a longer one is no typo of a name of at most 32 letters
    std::string_view best;
    std::size_t best_distance = 0;
    for (const auto candidate : names) {
      const std::size_t d = edit_distance(name, candidate);
      if (best.empty() || d < best_distance) {
        best = candidate;
        best_distance = d;
      }
    }
    if (!best.empty() && best_distance <= std::max<std::size_t>(2, best.size() / 3))
      hint = "; did you mean '" + std::string(best) + "'?";
  }
  hint += " (its attributes:";
  for (std::size_t i = 0; i < names.size(); ++i) hint += (i ? ", '" : " '") + std::string(names[i]) + "'";
  return hint + ")";
}

inline const char* type_name(const attribute_value& v) {
  constexpr const char* names[] = {"INT", "FLOAT", "STRING", "INTS", "FLOATS"};
  return names[v.index()];
}

struct attribute_reader {
  op_version v;
  const std::string& name;
  const attribute_value& value;

  error fail(const std::string& what) const {
    return make_error(error_code::invalid_attribute, std::string(onnx::name(v)),
                      "attribute " + ndresize::detail::quoted_value(name) + " " + what);
  }
  error wrong_type(const char* type) const {
    return fail(std::string("must be ") + type + ", got " + type_name(value));
  }
  result<std::int64_t> integer() const {
    if (!std::holds_alternative<std::int64_t>(value)) return wrong_type("INT");
    return std::get<std::int64_t>(value);
  }
  result<float> real() const {  // an INT is accepted where a FLOAT is expected (JSON writes 0 for 0.0)
    if (const auto* i = std::get_if<std::int64_t>(&value)) return static_cast<float>(*i);
    if (!std::holds_alternative<float>(value)) return wrong_type("FLOAT");
    return std::get<float>(value);
  }
  template <class E>
  result<E> enumeration() const {
    if (!std::holds_alternative<std::string>(value)) return wrong_type("STRING");
    const auto& s = std::get<std::string>(value);
    if (auto e = parse<E>(s)) return *e;
    return fail("has unknown value " + ndresize::detail::quoted_value(s) +
                " (accepted: " + ndresize::detail::enum_names<E>("'") + ")");
  }
  result<std::vector<std::int64_t>> integers() const {
    if (!std::holds_alternative<std::vector<std::int64_t>>(value)) return wrong_type("INTS");
    return std::get<std::vector<std::int64_t>>(value);
  }
  result<std::vector<float>> reals() const {
    if (const auto* i = std::get_if<std::vector<std::int64_t>>(&value)) return std::vector<float>(i->begin(), i->end());
    if (!std::holds_alternative<std::vector<float>>(value)) return wrong_type("FLOATS");
    return std::get<std::vector<float>>(value);
  }
};

/// Stores a parsed value in `to`, or returns its error.
template <class T, class U>
status assign(U& to, result<T> r) {
  if (!r.ok()) return std::move(r).error();
  to = std::move(*r);
  return {};
}

}  // namespace detail

template <int>
result<node_attributes> try_parse_attributes(op_version v, const attribute_map& attrs) {
  using detail::assign;
  node_attributes out;
  auto& a = out.attributes;
  const auto names = detail::attribute_names(v);
  bool has_scales = false;
  for (const auto& [name, value] : attrs) {
    const detail::attribute_reader r{v, name, value};
    if (std::find(names.begin(), names.end(), name) == names.end())
      return r.fail("does not exist in this version" + detail::unknown_name_hint(name, names));
    if (name == "mode")
      NDRESIZE_TRY(assign(a.mode, r.enumeration<enums::mode>()));
    else if (name == "coordinate_transformation_mode")
      NDRESIZE_TRY(assign(a.coordinate_transformation_mode, r.enumeration<enums::coordinate_transformation_mode>()));
    else if (name == "nearest_mode")
      NDRESIZE_TRY(assign(a.nearest_mode, r.enumeration<enums::nearest_mode>()));
    else if (name == "keep_aspect_ratio_policy")
      NDRESIZE_TRY(assign(a.keep_aspect_ratio_policy, r.enumeration<enums::keep_aspect_ratio_policy>()));
    else if (name == "cubic_coeff_a")
      NDRESIZE_TRY(assign(a.cubic_coeff_a, r.real()));
    else if (name == "extrapolation_value")
      NDRESIZE_TRY(assign(a.extrapolation_value, r.real()));
    else if (name == "exclude_outside")
      NDRESIZE_TRY(assign(a.exclude_outside, r.integer()));
    else if (name == "antialias")
      NDRESIZE_TRY(assign(a.antialias, r.integer()));
    else if (name == "axes")
      NDRESIZE_TRY(assign(a.axes, r.integers()));
    else if (name == "scales") {
      NDRESIZE_TRY(assign(out.upsample_7_scales, r.reals()));
      has_scales = true;
    }
  }
  if (v == op_version::upsample_7 && !has_scales)
    return make_error(error_code::invalid_attribute, std::string(name(v)), "attribute 'scales' is required");
  return out;
}

#endif

}  // namespace onnx
NDRESIZE_END_NAMESPACE
