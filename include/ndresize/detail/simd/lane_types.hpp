// SPDX-License-Identifier: Apache-2.0
// The 16-bit floating-point lane types of the vector vocabulary, as bits: the backends need no
// floating-point type for them (the kernels pass Eigen::half / Eigen::bfloat16 storage as these).
#pragma once

#include <cstdint>

#include "../../config.hpp"

NDRESIZE_BEGIN_NAMESPACE
namespace detail::simd {

struct float16_bits {  ///< IEEE binary16
  std::uint16_t bits;
};
struct bfloat16_bits {  ///< the upper half of a binary32
  std::uint16_t bits;
};

}  // namespace detail::simd
NDRESIZE_END_NAMESPACE
