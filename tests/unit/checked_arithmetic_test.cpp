// SPDX-License-Identifier: Apache-2.0
// The overflow-checked int64 arithmetic (detail/checked_arithmetic.hpp): the portable versions
// and the ones the library uses agree with exact 128-bit arithmetic on the edges of the range.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <vector>

#include <ndresize/detail/checked_arithmetic.hpp>

namespace {

using ndresize::detail::checked_add;
using ndresize::detail::checked_mul;
using ndresize::detail::portable_checked_add;
using ndresize::detail::portable_checked_mul;

constexpr std::int64_t hi = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t lo = std::numeric_limits<std::int64_t>::min();

std::vector<std::int64_t> edge_values() {
  std::vector<std::int64_t> v = {0,          1,           -1,         2,          -2,          3,           -3,
                                 7,          -7,          hi,         lo,         hi - 1,      lo + 1,      hi / 2,
                                 lo / 2,     hi / 2 + 1,  lo / 2 - 1, 3037000499, 3037000500,  -3037000499, -3037000500,
                                 4294967296, -4294967296, 4294967295, 1LL << 62,  -(1LL << 62)};
  return v;
}

// The exact result in 128 bits; the reference for both versions.
__extension__ typedef __int128 int128;
bool fits(int128 x) { return x >= lo && x <= hi; }
std::int64_t wrapped(int128 x) { return static_cast<std::int64_t>(static_cast<std::uint64_t>(x)); }

TEST(CheckedArithmetic, AdditionMatches128BitArithmetic) {
  for (std::int64_t a : edge_values())
    for (std::int64_t b : edge_values()) {
      const int128 exact = static_cast<int128>(a) + b;
      std::int64_t r1 = 0, r2 = 0;
      EXPECT_EQ(portable_checked_add(a, b, r1), !fits(exact)) << a << " + " << b;
      EXPECT_EQ(checked_add(a, b, r2), !fits(exact)) << a << " + " << b;
      EXPECT_EQ(r1, wrapped(exact)) << a << " + " << b;
      EXPECT_EQ(r2, wrapped(exact)) << a << " + " << b;
    }
}

TEST(CheckedArithmetic, MultiplicationMatches128BitArithmetic) {
  for (std::int64_t a : edge_values())
    for (std::int64_t b : edge_values()) {
      const int128 exact = static_cast<int128>(a) * b;
      std::int64_t r1 = 0, r2 = 0;
      EXPECT_EQ(portable_checked_mul(a, b, r1), !fits(exact)) << a << " * " << b;
      EXPECT_EQ(checked_mul(a, b, r2), !fits(exact)) << a << " * " << b;
      EXPECT_EQ(r1, wrapped(exact)) << a << " * " << b;
      EXPECT_EQ(r2, wrapped(exact)) << a << " * " << b;
    }
}

// Usable in constant expressions (shape arithmetic is constexpr where it can be).
static_assert([] {
  std::int64_t r = 0;
  return !checked_mul(3037000499, 3037000499, r) && r == 9223372030926249001 && checked_mul(3037000500, 3037000500, r);
}());
static_assert([] {
  std::int64_t r = 0;
  return portable_checked_add(hi, 1, r) && r == lo && !portable_checked_add(hi, lo, r) && r == -1;
}());

}  // namespace
