// SPDX-License-Identifier: Apache-2.0
// ONNX attributes written as JSON ({"mode": "linear", "axes": [2, 3], ...}) → the runtime
// attribute map of ndresize::onnx. Integers become INT/INTS, other numbers FLOAT/FLOATS,
// booleans INT; the library's parse_attributes then checks names and types per version. A value
// JSON cannot map (null, objects, nested lists, integers beyond int64) throws
// std::invalid_argument naming the attribute.
#pragma once

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>

#include <ndresize/onnx/attribute_map.hpp>
#include <nlohmann/json.hpp>

namespace npy {

inline ndresize::onnx::attribute_map attributes_from_json(const nlohmann::json& j) {
  if (!j.is_object()) throw std::invalid_argument("attrs must be a JSON object");
  ndresize::onnx::attribute_map m;
  auto fits_int64 = [](const nlohmann::json& v) {
    return !v.is_number_unsigned() ||
           v.get<std::uint64_t>() <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
  };
  for (const auto& [name, v] : j.items()) {
    if (v.is_number_integer() && !fits_int64(v))
      throw std::invalid_argument("attribute " + ndresize::detail::quoted_value(name) + " is beyond the int64 range");
    if (v.is_number_integer())
      m[name] = v.get<std::int64_t>();
    else if (v.is_number())
      m[name] = v.get<float>();
    else if (v.is_boolean())
      m[name] = static_cast<std::int64_t>(v.get<bool>());
    else if (v.is_string())
      m[name] = v.get<std::string>();
    else if (v.is_array()) {
      bool all_int = true;
      for (const auto& e : v) {
        if (!e.is_number())
          throw std::invalid_argument("attribute " + ndresize::detail::quoted_value(name) +
                                      " must be a list of numbers");
        if (e.is_number_integer() && !fits_int64(e))
          throw std::invalid_argument("attribute " + ndresize::detail::quoted_value(name) +
                                      " has an element beyond the int64 range");
        all_int = all_int && e.is_number_integer();
      }
      if (all_int)
        m[name] = v.get<std::vector<std::int64_t>>();
      else
        m[name] = v.get<std::vector<float>>();
    } else {
      throw std::invalid_argument("attribute " + ndresize::detail::quoted_value(name) +
                                  " has an unsupported JSON type");
    }
  }
  return m;
}

}  // namespace npy
