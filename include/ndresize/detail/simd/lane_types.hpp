// SPDX-License-Identifier: Apache-2.0
// The 16-bit floating-point lane types of the vector vocabulary, as bits: the backends need no
// floating-point type for them (the kernels pass Eigen::half / Eigen::bfloat16 storage as these);
// and the integer lanes every backend gathers from.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
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

/// Whether a pair (p[0], p[S]) of T fills one 16- or 32-bit load exactly ((S + 1) · sizeof(T)
/// bytes, nothing read past p[S]): GatherOffsetPairs<S> then loads each lane's pair as one piece
/// (pair_piece) and takes its two elements out with shifts (piece_shl, piece_shr).
template <class T, int S>
inline constexpr bool pair_in_piece =
    narrow_integer<T> &&
    ((S + 1) * sizeof(T) == 2 || (S + 1) * sizeof(T) == 4) && std::endian::native == std::endian::little;

/// load: the S + 1 elements from p as the low bytes of a 32-bit integer, p[0] lowest
/// (pair_in_piece).
template <class T, int S>
struct pair_piece {
  static std::int32_t load(const T* p) noexcept {
    if constexpr ((S + 1) * sizeof(T) == 4) {
      std::int32_t v;
      std::memcpy(&v, p, 4);
      return v;
    } else {
      std::uint16_t v;
      std::memcpy(&v, p, 2);
      return v;
    }
  }
};

/// Element At of a piece as a 32-bit lane: shifted left by piece_shl<T, At> (its top bit to bit
/// 31), then right by piece_shr<T>, arithmetically for signed T (sign-extended), else logically.
template <class T, int At>
inline constexpr int piece_shl = 32 - 8 * static_cast<int>(sizeof(T)) * (At + 1);
template <class T>
inline constexpr int piece_shr = 32 - 8 * static_cast<int>(sizeof(T));

}  // namespace detail::simd
NDRESIZE_END_NAMESPACE
