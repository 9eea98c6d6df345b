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
#include "../error.hpp"
#include "op_version.hpp"

namespace ndresize::detail {

/// How much of a value from the input a message shows.
inline constexpr std::size_t message_value_bytes = 64;

/// The first `keep` bytes of `text` (cut back to a UTF-8 character boundary), with control
/// bytes and the backslash escaped (\xNN, \\); `cut` tells whether bytes were left out.
inline std::string escaped_prefix(std::string_view text, std::size_t keep, bool& cut) {
  std::size_t n = std::min(keep, text.size());
  if (n < text.size())
    while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;
  cut = n < text.size();
  std::string out;
  for (const char c : text.substr(0, n)) {
    const auto b = static_cast<unsigned char>(c);
    if (b < 0x20 || b == 0x7F) {
      constexpr const char* hex = "0123456789abcdef";
      out += "\\x";
      out += hex[b >> 4];
      out += hex[b & 0xF];
    } else {
      if (c == '\\') out += '\\';
      out += c;
    }
  }
  return out;
}

/// `text` as a message may show it, whatever it holds: at most `keep` bytes, then
/// "... (N bytes)". A model or a case file can hold a 10 MB attribute string, or one with a NUL
/// in it: the message stays short, and what() (a C string) still shows all of it.
inline std::string message_excerpt(std::string_view text, std::size_t keep = message_value_bytes) {
  bool cut = false;
  std::string out = escaped_prefix(text, keep, cut);
  return cut ? out + "... (" + std::to_string(text.size()) + " bytes)" : out;
}

/// A value from the input, quoted for a message: 'mode', or 'xxxx...' (10485760 bytes).
inline std::string quoted_value(std::string_view text, std::size_t keep = message_value_bytes) {
  bool cut = false;
  const std::string out = escaped_prefix(text, keep, cut);
  return "'" + out + (cut ? "...' (" + std::to_string(text.size()) + " bytes)" : "'");
}

}  // namespace ndresize::detail

namespace ndresize::onnx {

using attribute_value = std::variant<std::int64_t, float, std::string, std::vector<std::int64_t>, std::vector<float>>;
using attribute_map = std::map<std::string, attribute_value, std::less<>>;

/// A parsed node: its attributes, plus Upsample-7's `scales` attribute (an input elsewhere).
struct node_attributes {
  resize_attributes attributes;
  std::vector<float> upsample_7_scales;
};

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

inline const char* type_name(const attribute_value& v) {
  constexpr const char* names[] = {"INT", "FLOAT", "STRING", "INTS", "FLOATS"};
  return names[v.index()];
}

struct attribute_reader {
  op_version v;
  const std::string& name;
  const attribute_value& value;

  [[noreturn]] void fail(const std::string& what) const {
    throw resize_error(error_code::invalid_attribute, std::string(onnx::name(v)),
                       "attribute " + ndresize::detail::quoted_value(name) + " " + what);
  }
  void expect(bool ok, const char* type) const {
    if (!ok) fail(std::string("must be ") + type + ", got " + type_name(value));
  }
  std::int64_t integer() const {
    expect(std::holds_alternative<std::int64_t>(value), "INT");
    return std::get<std::int64_t>(value);
  }
  float real() const {  // an INT is accepted where a FLOAT is expected (JSON writes 0 for 0.0)
    if (const auto* i = std::get_if<std::int64_t>(&value)) return static_cast<float>(*i);
    expect(std::holds_alternative<float>(value), "FLOAT");
    return std::get<float>(value);
  }
  template <class E>
  E enumeration() const {
    expect(std::holds_alternative<std::string>(value), "STRING");
    const auto& s = std::get<std::string>(value);
    if (auto e = parse<E>(s)) return *e;
    fail("has unknown value " + ndresize::detail::quoted_value(s));
  }
  std::vector<std::int64_t> integers() const {
    expect(std::holds_alternative<std::vector<std::int64_t>>(value), "INTS");
    return std::get<std::vector<std::int64_t>>(value);
  }
  std::vector<float> reals() const {
    if (const auto* i = std::get_if<std::vector<std::int64_t>>(&value)) return {i->begin(), i->end()};
    expect(std::holds_alternative<std::vector<float>>(value), "FLOATS");
    return std::get<std::vector<float>>(value);
  }
};

}  // namespace detail

/// Parses `attrs` for version v: unknown names, wrong types and unknown strings throw
/// resize_error naming the version; absent attributes take the version's defaults.
inline node_attributes parse_attributes(op_version v, const attribute_map& attrs) {
  node_attributes out;
  auto& a = out.attributes;
  const auto names = detail::attribute_names(v);
  bool has_scales = false;
  for (const auto& [name, value] : attrs) {
    const detail::attribute_reader r{v, name, value};
    if (std::find(names.begin(), names.end(), name) == names.end()) r.fail("does not exist in this version");
    if (name == "mode")
      a.mode = r.enumeration<enums::mode>();
    else if (name == "coordinate_transformation_mode")
      a.coordinate_transformation_mode = r.enumeration<enums::coordinate_transformation_mode>();
    else if (name == "nearest_mode")
      a.nearest_mode = r.enumeration<enums::nearest_mode>();
    else if (name == "keep_aspect_ratio_policy")
      a.keep_aspect_ratio_policy = r.enumeration<enums::keep_aspect_ratio_policy>();
    else if (name == "cubic_coeff_a")
      a.cubic_coeff_a = r.real();
    else if (name == "extrapolation_value")
      a.extrapolation_value = r.real();
    else if (name == "exclude_outside")
      a.exclude_outside = r.integer();
    else if (name == "antialias")
      a.antialias = r.integer();
    else if (name == "axes")
      a.axes = r.integers();
    else if (name == "scales") {
      out.upsample_7_scales = r.reals();
      has_scales = true;
    }
  }
  if (v == op_version::upsample_7 && !has_scales)
    throw resize_error(error_code::invalid_attribute, std::string(name(v)), "attribute 'scales' is required");
  return out;
}

}  // namespace ndresize::onnx
