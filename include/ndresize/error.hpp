// SPDX-License-Identifier: Apache-2.0
// The one exception type of the library. Every validation failure throws it before any
// output element is written; its message names the operator version, the attribute or input
// at fault and the offending value, so it can be shown to a user unchanged.
#pragma once

#include <stdexcept>
#include <string>

#include "config.hpp"

NDRESIZE_BEGIN_NAMESPACE

/// Stable category of a validation failure (greppable, also in the message prefix).
enum class error_code {
  invalid_attribute,  ///< unknown name, unknown enum string, or a value out of range
  invalid_input,      ///< roi / scales / sizes: presence, length or value
  invalid_shape,      ///< rank, extents, output view shape, overflow
  invalid_type,       ///< element type not supported by the requested mode
  limit_exceeded,     ///< output, plan tables or workspace larger than the configured limit
  out_of_memory,      ///< an allocation within the limits failed (the system has less memory)
};

constexpr const char* to_string(error_code c) noexcept {
  switch (c) {
    case error_code::invalid_attribute: return "invalid_attribute";
    case error_code::invalid_input: return "invalid_input";
    case error_code::invalid_shape: return "invalid_shape";
    case error_code::invalid_type: return "invalid_type";
    case error_code::limit_exceeded: return "limit_exceeded";
    case error_code::out_of_memory: return "out_of_memory";
  }
  return "unknown";
}

/// Thrown for every bad argument. what() reads "ndresize: <code>: <context>: <detail>",
/// for example "ndresize: invalid_input: Resize-19: input 'scales': scales[2] = -1 must be > 0".
class resize_error : public std::invalid_argument {
 public:
  resize_error(error_code code, const std::string& context, const std::string& detail)
      : std::invalid_argument("ndresize: " + std::string(to_string(code)) + ": " + context + ": " + detail),
        code_(code) {}
  error_code code() const noexcept { return code_; }

 private:
  error_code code_;
};

NDRESIZE_END_NAMESPACE
