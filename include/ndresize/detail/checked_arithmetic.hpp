// SPDX-License-Identifier: Apache-2.0
// Overflow-checked int64 arithmetic, in one place. Shape and tap-index arithmetic must detect
// overflow (extents near 2^63 are valid input to reject, not undefined behaviour). GCC and
// clang have exact builtins for it; other compilers get a portable version, which the tests
// check against the builtins so that both give the same answers.
#pragma once

#include <cstdint>
#include <limits>

#include "../config.hpp"

// NDRESIZE_HAS_OVERFLOW_BUILTINS=0 selects the portable versions (the tests use it to check them).
#ifndef NDRESIZE_HAS_OVERFLOW_BUILTINS
#if defined(__has_builtin)
#if __has_builtin(__builtin_add_overflow) && __has_builtin(__builtin_mul_overflow)
#define NDRESIZE_HAS_OVERFLOW_BUILTINS 1
#endif
#endif
#if !defined(NDRESIZE_HAS_OVERFLOW_BUILTINS) && defined(__GNUC__) && __GNUC__ >= 5
#define NDRESIZE_HAS_OVERFLOW_BUILTINS 1  // GCC before 10 has the builtins but not __has_builtin
#endif
#ifndef NDRESIZE_HAS_OVERFLOW_BUILTINS
#define NDRESIZE_HAS_OVERFLOW_BUILTINS 0
#endif
#endif

NDRESIZE_BEGIN_NAMESPACE
namespace detail {

// The portable versions. Each stores the result wrapped modulo 2^64 (as the builtins do; the
// conversion of an out-of-range unsigned value to signed is modular since C++20) and returns
// true when the exact result does not fit.

constexpr bool portable_checked_add(std::int64_t a, std::int64_t b, std::int64_t& r) noexcept {
  constexpr auto hi = std::numeric_limits<std::int64_t>::max(), lo = std::numeric_limits<std::int64_t>::min();
  r = static_cast<std::int64_t>(static_cast<std::uint64_t>(a) + static_cast<std::uint64_t>(b));
  return b > 0 ? a > hi - b : a < lo - b;
}

constexpr bool portable_checked_mul(std::int64_t a, std::int64_t b, std::int64_t& r) noexcept {
  constexpr auto hi = std::numeric_limits<std::int64_t>::max(), lo = std::numeric_limits<std::int64_t>::min();
  r = static_cast<std::int64_t>(static_cast<std::uint64_t>(a) * static_cast<std::uint64_t>(b));
  if (a == 0 || b == 0) return false;
  if (a > 0) return b > 0 ? a > hi / b : b < lo / a;
  return b > 0 ? a < lo / b : b < hi / a;  // both negative: the product is positive
}

/// r = a + b (wrapped); true when a + b does not fit in int64.
constexpr bool checked_add(std::int64_t a, std::int64_t b, std::int64_t& r) noexcept {
#if NDRESIZE_HAS_OVERFLOW_BUILTINS
  return __builtin_add_overflow(a, b, &r);
#else
  return portable_checked_add(a, b, r);
#endif
}

/// r = a · b (wrapped); true when a · b does not fit in int64.
constexpr bool checked_mul(std::int64_t a, std::int64_t b, std::int64_t& r) noexcept {
#if NDRESIZE_HAS_OVERFLOW_BUILTINS
  return __builtin_mul_overflow(a, b, &r);
#else
  return portable_checked_mul(a, b, r);
#endif
}

}  // namespace detail
NDRESIZE_END_NAMESPACE
