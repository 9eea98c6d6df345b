// SPDX-License-Identifier: Apache-2.0
// The filter table as components: values each kernel's definition fixes (K(0), K at the
// integers, K at the support, partition of unity, the known equalities between entries),
// proven at compile time where the kernel is a polynomial and at run time where it needs
// sin/cos (Lanczos, Hamming), plus the ONNX mode → filter map.
#include <gtest/gtest.h>

#include <cmath>

#include <ndresize/onnx/mode_filter.hpp>
#include <ndresize/policy/filters.hpp>

namespace {

using ndresize::filter_kernel;
namespace filters = ndresize::filters;

constexpr double abs_of(double v) { return v < 0 ? -v : v; }

/// Sum over integer shifts, Σ_n K(t + n): 1 for every t when the filter keeps flat data flat.
constexpr double shifted_sum(const filter_kernel& k, double t) {
  double s = 0;
  for (int n = -8; n <= 8; ++n) s += k(t + n);
  return s;
}

constexpr bool unity(const filter_kernel& k) {
  for (double t : {0.0, 0.125, 0.25, 0.5, 0.7})
    if (abs_of(shifted_sum(k, t) - 1.0) > 1e-15) return false;
  return true;
}

/// Interpolating: K(0) = 1 and K(n) = 0 at every other integer, in particular at the support.
constexpr bool interpolating(const filter_kernel& k) {
  if (k(0) != 1.0) return false;
  for (int n = 1; n <= 8; ++n)
    if (k(n) != 0.0 || k(-n) != 0.0) return false;
  return k(k.support) == 0.0 && k(-k.support) == 0.0;
}

// Triangle and Keys' cubic (any a) interpolate and keep flat data flat.
static_assert(interpolating(filters::linear) && unity(filters::linear));
static_assert(filters::linear(0.25) == 0.75 && filters::linear(-0.5) == 0.5 && filters::linear(1.5) == 0.0);
static_assert(interpolating(filters::cubic()) && unity(filters::cubic()));
static_assert(interpolating(filters::cubic(-0.5)) && unity(filters::cubic(-0.5)));
// Keys' eq. 4 at t = 1/2: (a+2)/8 - (a+3)/4 + 1, so 0.59375 for a = -0.75 and 0.5625 for -0.5.
static_assert(filters::cubic()(0.5) == 0.59375 && filters::cubic(-0.5)(0.5) == 0.5625);
// ... and at t = 3/2: a(27/8 - 45/4 + 12 - 4) = a · 1/8.
static_assert(filters::cubic()(1.5) == -0.75 / 8 && filters::cubic()(-1.5) == -0.75 / 8);

// Mitchell–Netravali: Catmull-Rom (B=0, C=1/2) is Keys' cubic with a = -1/2; B-spline and
// Mitchell do not interpolate (K(0) = (6-2B)/6) but keep flat data flat (the paper's
// B + 2C = 1 family and the B-spline both sum to 1 over shifts).
static_assert(interpolating(filters::catmull_rom) && unity(filters::catmull_rom));
static_assert(abs_of(filters::catmull_rom(0.3) - filters::cubic(-0.5)(0.3)) < 1e-15);
static_assert(abs_of(filters::catmull_rom(1.3) - filters::cubic(-0.5)(1.3)) < 1e-15);
static_assert(abs_of(filters::b_spline(0) - 2.0 / 3) < 1e-15 && abs_of(filters::b_spline(1) - 1.0 / 6) < 1e-15);
static_assert(filters::b_spline(2) == 0.0 && unity(filters::b_spline));
static_assert(abs_of(filters::mitchell(0) - 8.0 / 9) < 1e-15 && abs_of(filters::mitchell(1) - 1.0 / 18) < 1e-15);
static_assert(filters::mitchell(2) == 0.0 && unity(filters::mitchell));

// Box (Pillow BOX): 1 on (-1/2, 1/2]; a sample on the right edge of a cell belongs to it.
static_assert(filters::box(0) == 1.0 && filters::box(0.5) == 1.0 && filters::box(-0.5) == 0.0 &&
              filters::box(0.51) == 0.0 && unity(filters::box));
// Area: the box integrated over a cell of width c. Cell width 1 (no stretching) gives the
// triangle; at c = 1/3 a sample whose cell lies inside the box gets 1/3, one astride its edge the overlap.
// These compare the kernel's function pointers with null, which GCC's -fsanitize=undefined
// does not allow in constant expressions: there (NDRESIZE_UBSAN_BUILD) they run as a test.
constexpr bool cell_checks() {
  return filters::area.tap(0.25, 1.0) == 0.75 && filters::area.tap(-1.0, 1.0) == 0.0 &&
         abs_of(filters::area.tap(0.0, 1.0 / 3) - 1.0 / 3) < 1e-16 &&
         abs_of(filters::area.tap(0.5, 0.5) - 0.25) < 1e-16 && filters::area.reach(0.5) == 1.5 &&
         filters::box.reach(0.5) == 1.0 &&
         // Point filters weigh K at the centre, whatever the cell.
         filters::linear.tap(0.25, 0.1) == filters::linear(0.25) && filters::nearest.is_nearest() &&
         !filters::linear.is_nearest() && !filters::area.is_nearest();
}
#ifndef NDRESIZE_UBSAN_BUILD
static_assert(cell_checks());
#endif
TEST(Filters, CellIntegralsAndKinds) { EXPECT_TRUE(cell_checks()); }

static_assert(filters::lanczos2.support == 2 && filters::lanczos3.support == 3 && filters::lanczos4.support == 4);
static_assert(filters::hamming.support == 1 && filters::box.support == 0.5 && filters::cubic().support == 2);

// ONNX modes map onto three entries; cubic carries cubic_coeff_a.
using ndresize::onnx::mode_filter;
namespace enums = ndresize::enums;
constexpr bool mode_checks() {
  return mode_filter(enums::mode::nearest, -0.75).is_nearest() &&
         mode_filter(enums::mode::linear, -0.75).weight == filters::linear.weight;
}
#ifndef NDRESIZE_UBSAN_BUILD
static_assert(mode_checks());
#endif
TEST(Filters, ModesMapOntoEntries) { EXPECT_TRUE(mode_checks()); }
static_assert(mode_filter(enums::mode::cubic, -0.5).p == -0.5 && mode_filter(enums::mode::cubic, -0.5).support == 2);

// sin and cos are not constexpr: Lanczos and Hamming are checked at run time.
TEST(Filters, LanczosInterpolatesAndIsTheWindowedSinc) {
  for (const filter_kernel& k : {filters::lanczos2, filters::lanczos3, filters::lanczos4}) {
    SCOPED_TRACE(k.support);
    EXPECT_EQ(k(0), 1.0);
    for (int n = 1; n <= 8; ++n) {
      EXPECT_NEAR(k(n), 0.0, 1e-16);
      EXPECT_NEAR(k(-n), 0.0, 1e-16);
    }
    EXPECT_EQ(k(k.support), 0.0);
    const double a = k.support, t = 0.3;
    const double expected = std::sin(M_PI * t) / (M_PI * t) * std::sin(M_PI * t / a) / (M_PI * t / a);
    EXPECT_NEAR(k(t), expected, 1e-15);
    EXPECT_NEAR(k(-t), expected, 1e-15);
    // Windowed sinc: the shifts sum to 1 only approximately (so resample normalizes).
    double s = 0;
    for (int n = -8; n <= 8; ++n) s += k(0.5 + n);
    EXPECT_NEAR(s, 1.0, 0.03);
  }
}

TEST(Filters, HammingIsPillows) {
  const auto& k = filters::hamming;
  EXPECT_EQ(k(0), 1.0);
  EXPECT_EQ(k(1), 0.0);
  EXPECT_EQ(k(-1), 0.0);
  // sinc(1/2) · (0.54 + 0.46 cos(π/2)) = (2/π) · 0.54
  EXPECT_NEAR(k(0.5), 2 / M_PI * 0.54, 1e-15);
  EXPECT_NEAR(k(-0.5), 2 / M_PI * 0.54, 1e-15);
}

}  // namespace
