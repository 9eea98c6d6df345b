// SPDX-License-Identifier: Apache-2.0
// The operator versions ndresize implements, and the map from a model's opset to the version
// in force (DESIGN.md rule 8): Resize 10, 11 (opset 11–12), 13 (13–17), 18, 19 (19+);
// Upsample 7 (opset 7–8) and 9. Upsample is deprecated from opset 10 on.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "../config.hpp"
#include "../detail/quoted_value.hpp"
#include "../element.hpp"
#include "../error.hpp"

NDRESIZE_BEGIN_NAMESPACE
namespace onnx {

enum class op_version { resize_10, resize_11, resize_13, resize_18, resize_19, upsample_7, upsample_9 };

constexpr std::string_view name(op_version v) noexcept {
  switch (v) {
    case op_version::resize_10: return "Resize-10";
    case op_version::resize_11: return "Resize-11";
    case op_version::resize_13: return "Resize-13";
    case op_version::resize_18: return "Resize-18";
    case op_version::resize_19: return "Resize-19";
    case op_version::upsample_7: return "Upsample-7";
    case op_version::upsample_9: return "Upsample-9";
  }
  return "?";
}

constexpr bool is_upsample(op_version v) noexcept { return v == op_version::upsample_7 || v == op_version::upsample_9; }
/// Upsample-7/9 and Resize-10 share the legacy rules of DESIGN.md rule 9.
constexpr bool is_legacy(op_version v) noexcept { return is_upsample(v) || v == op_version::resize_10; }
constexpr bool at_least(op_version v, op_version min) noexcept {
  return !is_upsample(v) && !is_upsample(min) && static_cast<int>(v) >= static_cast<int>(min);
}

/// The version of `op` ("Resize" or "Upsample") in force at a model's `opset`.
/// The element types of version v, a bit per ONNX type code (resize_plan::type_bit): every
/// type, except bfloat16 before Resize-13 (it joined the type list there).
constexpr std::uint32_t element_types_of(op_version v) noexcept {
  constexpr std::uint32_t bfloat16_bit = std::uint32_t{1} << static_cast<unsigned>(element_type::bfloat16);
  const bool has_bfloat16 = !is_upsample(v) && static_cast<int>(v) >= static_cast<int>(op_version::resize_13);
  return has_bfloat16 ? ~std::uint32_t{0} : ~bfloat16_bit;
}

inline result<op_version> try_version_for(std::string_view op, std::int64_t opset) {
  const std::string ctx = std::string(op) + " at opset " + std::to_string(opset);
  if (op == "Resize") {
    if (opset >= 19) return op_version::resize_19;
    if (opset == 18) return op_version::resize_18;
    if (opset >= 13) return op_version::resize_13;
    if (opset >= 11) return op_version::resize_11;
    if (opset == 10) return op_version::resize_10;
    return make_error(error_code::invalid_attribute, ctx, "Resize does not exist before opset 10");
  }
  if (op == "Upsample") {
    if (opset >= 10)
      return make_error(error_code::invalid_attribute, ctx, "Upsample is deprecated from opset 10 on; use Resize");
    if (opset >= 9) return op_version::upsample_9;
    if (opset >= 7) return op_version::upsample_7;
    return make_error(error_code::invalid_attribute, ctx, "Upsample before opset 7 (experimental) is not supported");
  }
  return make_error(error_code::invalid_attribute, ctx,
                    "unknown operator " + ndresize::detail::quoted_value(op) + " (expected Resize or Upsample)");
}

#if NDRESIZE_EXCEPTIONS
/// try_version_for, throwing resize_error for its error.
inline op_version version_for(std::string_view op, std::int64_t opset) { return try_version_for(op, opset).value(); }
#endif

}  // namespace onnx
NDRESIZE_END_NAMESPACE
