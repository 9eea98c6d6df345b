// SPDX-License-Identifier: Apache-2.0
// Values from the input (attribute names and strings, operator names, paths) as messages show
// them: bounded and escaped, so a hostile 10 MB string or one holding a NUL gives a short
// message that what() (a C string) shows whole. Shared by the ONNX and the Ascend boundaries.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>

#include "../config.hpp"

NDRESIZE_BEGIN_NAMESPACE
namespace detail {

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

}  // namespace detail
NDRESIZE_END_NAMESPACE
