// SPDX-License-Identifier: Apache-2.0
// The 16-bit floating-point lane types of the vector vocabulary, as bits: the backends need no
// floating-point type for them (the kernels pass Eigen::half / Eigen::bfloat16 storage as these);
// and the integer lanes every backend gathers from.
#pragma once

#include <cstdint>
#include <type_traits>

#include "../../config.hpp"

NDRESIZE_BEGIN_NAMESPACE
namespace detail::simd {

struct float16_bits {  ///< IEEE binary16
  std::uint16_t bits;
};
struct bfloat16_bits {  ///< the upper half of a binary32
  std::uint16_t bits;
};

/// The 8- and 16-bit integer lanes: every backend's GatherOffsets widens rows of them (exactly).
template <class T>
inline constexpr bool narrow_integer = std::is_same_v<T, std::uint8_t> || std::is_same_v<T, std::int8_t> ||
                                       std::is_same_v<T, std::uint16_t> || std::is_same_v<T, std::int16_t>;

}  // namespace detail::simd
NDRESIZE_END_NAMESPACE
