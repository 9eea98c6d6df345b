// SPDX-License-Identifier: Apache-2.0
// The Resize attributes, spelled exactly as ONNX spells them, with the Resize-19 defaults.
// The enum types live in `ndresize::enums` so that members can carry the ONNX attribute name
// (`enums::mode mode;`) without clashing with their type.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "config.hpp"

NDRESIZE_BEGIN_NAMESPACE
namespace enums {

enum class mode { nearest, linear, cubic };

enum class coordinate_transformation_mode {
  half_pixel,
  half_pixel_symmetric,  // Resize-19
  pytorch_half_pixel,
  align_corners,
  asymmetric,
  tf_half_pixel_for_nn,  // Resize-11 only
  tf_crop_and_resize,
};

enum class nearest_mode { round_prefer_floor, round_prefer_ceil, floor, ceil };

enum class keep_aspect_ratio_policy { stretch, not_larger, not_smaller };

}  // namespace enums

constexpr std::string_view to_string(enums::mode m) noexcept {
  switch (m) {
    case enums::mode::nearest: return "nearest";
    case enums::mode::linear: return "linear";
    case enums::mode::cubic: return "cubic";
  }
  return "?";
}
constexpr std::string_view to_string(enums::coordinate_transformation_mode m) noexcept {
  using enum enums::coordinate_transformation_mode;
  switch (m) {
    case half_pixel: return "half_pixel";
    case half_pixel_symmetric: return "half_pixel_symmetric";
    case pytorch_half_pixel: return "pytorch_half_pixel";
    case align_corners: return "align_corners";
    case asymmetric: return "asymmetric";
    case tf_half_pixel_for_nn: return "tf_half_pixel_for_nn";
    case tf_crop_and_resize: return "tf_crop_and_resize";
  }
  return "?";
}
constexpr std::string_view to_string(enums::nearest_mode m) noexcept {
  switch (m) {
    case enums::nearest_mode::round_prefer_floor: return "round_prefer_floor";
    case enums::nearest_mode::round_prefer_ceil: return "round_prefer_ceil";
    case enums::nearest_mode::floor: return "floor";
    case enums::nearest_mode::ceil: return "ceil";
  }
  return "?";
}
constexpr std::string_view to_string(enums::keep_aspect_ratio_policy m) noexcept {
  switch (m) {
    case enums::keep_aspect_ratio_policy::stretch: return "stretch";
    case enums::keep_aspect_ratio_policy::not_larger: return "not_larger";
    case enums::keep_aspect_ratio_policy::not_smaller: return "not_smaller";
  }
  return "?";
}

/// Parses an ONNX attribute string into enum E; std::nullopt for an unknown string.
template <class E>
constexpr std::optional<E> parse(std::string_view s) noexcept {
  for (int i = 0; i < 8; ++i) {
    const auto e = static_cast<E>(i);
    if (to_string(e) == "?") break;
    if (to_string(e) == s) return e;
  }
  return std::nullopt;
}

namespace detail {
/// The names of enum E's enumerators, each between `quote`s, separated by ", ": for any enum
/// with a to_string that gives "?" past its last enumerator (the ONNX enums above,
/// resample_border). One list for every message that names the accepted values.
template <class E>
std::string enum_names(const char* quote = "") {
  std::string names;
  for (int i = 0; to_string(static_cast<E>(i)) != "?"; ++i)
    names += (i ? ", " : "") + std::string(quote) + std::string(to_string(static_cast<E>(i))) + quote;
  return names;
}

/// Why an enum value is none of its enumerators (a caller may cast any integer), naming the
/// attribute/option and listing the accepted values; "" when it is one.
template <class E>
std::string invalid_enum_value(E e, const char* what) {
  if (to_string(e) != "?") return {};
  return std::string(what) + " has value " + std::to_string(static_cast<long long>(e)) + ", which is none of " +
         enum_names<E>();
}
}  // namespace detail

/// Every Resize attribute with its ONNX default (Resize-19). Older versions accept a subset;
/// the per-version entry points reject members that their version does not have.
struct resize_attributes {
  enums::mode mode = enums::mode::nearest;
  enums::coordinate_transformation_mode coordinate_transformation_mode =
      enums::coordinate_transformation_mode::half_pixel;
  enums::nearest_mode nearest_mode = enums::nearest_mode::round_prefer_floor;
  float cubic_coeff_a = -0.75f;
  std::int64_t exclude_outside = 0;
  float extrapolation_value = 0.0f;
  std::int64_t antialias = 0;
  /// Absent means all axes; present but empty is an error (as ONNX's checker says).
  std::optional<std::vector<std::int64_t>> axes = std::nullopt;
  enums::keep_aspect_ratio_policy keep_aspect_ratio_policy = enums::keep_aspect_ratio_policy::stretch;
};

NDRESIZE_END_NAMESPACE
