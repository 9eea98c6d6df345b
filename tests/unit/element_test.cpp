// SPDX-License-Identifier: Apache-2.0
// The store and load rules of element.hpp (DESIGN.md rules 6 and 7), checked exhaustively
// where the domain is small and against hand-picked values elsewhere.
#include <gtest/gtest.h>
#include <Eigen/Core>

#include <cmath>
#include <cstring>
#include <limits>

#include <ndresize/element.hpp>

namespace nd = ndresize;

namespace {

// Every one of the 65536 float16 values widens exactly as Eigen's reference conversion does.
TEST(Element, HalfWideningIsExactForEveryValue) {
  for (std::uint32_t b = 0; b < 65536; ++b) {
    const auto h = Eigen::numext::bit_cast<Eigen::half>(static_cast<std::uint16_t>(b));
    const float got = nd::to_accumulator(h), want = static_cast<float>(h);
    if (std::isnan(want)) {
      EXPECT_TRUE(std::isnan(got)) << std::hex << b;
    } else {
      std::uint32_t gb, wb;
      std::memcpy(&gb, &got, 4);
      std::memcpy(&wb, &want, 4);
      EXPECT_EQ(gb, wb) << std::hex << b;
    }
  }
}

TEST(Element, IntegerStoreRoundsHalfToEvenAndSaturates) {
  EXPECT_EQ(nd::from_accumulator<std::uint8_t>(2.5f), 2);
  EXPECT_EQ(nd::from_accumulator<std::uint8_t>(3.5f), 4);
  EXPECT_EQ(nd::from_accumulator<std::uint8_t>(254.5f), 254);
  EXPECT_EQ(nd::from_accumulator<std::uint8_t>(255.5f), 255);
  EXPECT_EQ(nd::from_accumulator<std::uint8_t>(-0.5f), 0);
  EXPECT_EQ(nd::from_accumulator<std::uint8_t>(-7.0f), 0);
  EXPECT_EQ(nd::from_accumulator<std::uint8_t>(1e30f), 255);
  EXPECT_EQ(nd::from_accumulator<std::int8_t>(-128.5f), -128);
  EXPECT_EQ(nd::from_accumulator<std::int8_t>(-2.5f), -2);
  EXPECT_EQ(nd::from_accumulator<std::int8_t>(-3.5f), -4);
  EXPECT_EQ(nd::from_accumulator<std::int16_t>(32767.4f), 32767);
  EXPECT_EQ(nd::from_accumulator<std::int16_t>(-40000.0f), -32768);
  EXPECT_EQ(nd::from_accumulator<std::uint16_t>(65535.5f), 65535);
  EXPECT_EQ(nd::from_accumulator<std::int32_t>(2147483646.5), 2147483646);
  EXPECT_EQ(nd::from_accumulator<std::int32_t>(2147483647.5), 2147483647);
  EXPECT_EQ(nd::from_accumulator<std::int32_t>(-2147483648.5), std::numeric_limits<std::int32_t>::min());
  EXPECT_EQ(nd::from_accumulator<std::uint32_t>(4294967295.5), 4294967295u);
  EXPECT_EQ(nd::from_accumulator<std::int64_t>(9.3e18), std::numeric_limits<std::int64_t>::max());
  EXPECT_EQ(nd::from_accumulator<std::int64_t>(-9.3e18), std::numeric_limits<std::int64_t>::min());
  EXPECT_EQ(nd::from_accumulator<std::int64_t>(4.5), 4);
  EXPECT_EQ(nd::from_accumulator<std::uint64_t>(1.9e19), std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(nd::from_accumulator<std::uint64_t>(-1.0), 0u);
  // NaN has no integer value: the documented choice is 0.
  EXPECT_EQ(nd::from_accumulator<std::uint8_t>(std::nanf("")), 0);
  EXPECT_EQ(nd::from_accumulator<std::int64_t>(std::nan("")), 0);
}

// Every 8-bit integer survives a load and a store unchanged.
TEST(Element, SmallIntegersRoundTrip) {
  for (int v = -128; v < 128; ++v)
    EXPECT_EQ(nd::from_accumulator<std::int8_t>(nd::to_accumulator(static_cast<std::int8_t>(v))), v);
  for (int v = 0; v < 256; ++v)
    EXPECT_EQ(nd::from_accumulator<std::uint8_t>(nd::to_accumulator(static_cast<std::uint8_t>(v))), v);
}

TEST(Element, FloatStoresRoundOnceToNearestEven) {
  // 1 + 2^-11 is halfway between two float16 values: ties to even (1.0).
  EXPECT_EQ(static_cast<float>(nd::from_accumulator<Eigen::half>(1.0f + 0x1p-11f)), 1.0f);
  EXPECT_EQ(static_cast<float>(nd::from_accumulator<Eigen::half>(1.0f + 3 * 0x1p-11f)), 1.0f + 0x1p-9f);
  EXPECT_EQ(static_cast<float>(nd::from_accumulator<Eigen::bfloat16>(1.0f + 0x1p-8f)), 1.0f);
}

TEST(Element, ExtrapolationValuePerType) {
  EXPECT_EQ(nd::from_extrapolation_value<bool>(0.5), true);
  EXPECT_EQ(nd::from_extrapolation_value<bool>(0.0), false);
  EXPECT_EQ(nd::from_extrapolation_value<std::string>(3.0), "");
  EXPECT_EQ(nd::from_extrapolation_value<std::uint8_t>(300.0), 255);
  EXPECT_EQ(nd::from_extrapolation_value<float>(-1.25), -1.25f);
}

}  // namespace
