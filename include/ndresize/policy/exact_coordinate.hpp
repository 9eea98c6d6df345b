// SPDX-License-Identifier: Apache-2.0
// Exact discrete decisions on the coordinate formulas (DESIGN.md rules 3, 5 and 10).
//
// Coordinates are computed in double, but every value the formulas use is rational: float32,
// float16 and float64 scales and roi values are dyadic rationals, sizes are integers and `out/in`
// (the scale of the sizes path) is a ratio of integers. A decision taken on the double-rounded
// coordinate goes wrong exactly where the exact coordinate lies on its boundary (14 -> 18,
// asymmetric, floor: 9 · 14/18 = 7 exactly, but the double is 6.999...). So the table builders
// compute in double, and where the double lies within a few ulps of a boundary they re-decide
// on the exact rational coordinate in 128-bit integer arithmetic. When a value does not fit
// (huge extents, extreme exponents) the double decision stands: those are far from any
// practical boundary case and the result is still a valid table.
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>

#include "../attributes.hpp"
#include "../config.hpp"
#include "coordinate.hpp"
#include "nearest.hpp"

NDRESIZE_BEGIN_NAMESPACE

namespace exact {

#if defined(__SIZEOF_INT128__)
__extension__ typedef __int128 wide_int;  // __extension__: -Wpedantic accepts the type
#else
#error "ndresize needs a 128-bit integer type (__int128) for its exact coordinate decisions"
#endif

/// num/den with den > 0, reduced; `ok` false once an operation would overflow.
struct rational {
  wide_int num = 0;
  wide_int den = 1;
  bool ok = true;
};

constexpr wide_int abs_value(wide_int v) noexcept { return v < 0 ? -v : v; }

constexpr wide_int gcd(wide_int a, wide_int b) noexcept {
  a = abs_value(a);
  b = abs_value(b);
  while (b != 0) {
    const wide_int r = a % b;
    a = b;
    b = r;
  }
  return a;
}

constexpr rational invalid() noexcept { return {0, 1, false}; }

constexpr rational make(wide_int num, wide_int den) noexcept {
  if (den == 0) return invalid();
  if (den < 0) {
    num = -num;
    den = -den;
  }
  const wide_int g = gcd(num, den);
  if (g > 1) {
    num /= g;
    den /= g;
  }
  return {num, den, true};
}

constexpr rational from_int(std::int64_t v) noexcept { return {v, 1, true}; }

/// The exact value of a finite double (every double is a dyadic rational); invalid when its
/// numerator or denominator would exceed 2^120 (every operation after it is checked: one that
/// would overflow makes the result invalid, and the double decides).
inline rational from_double(double v) noexcept {
  if (!std::isfinite(v)) return invalid();
  if (v == 0.0) return {0, 1, true};
  int e = 0;
  const double m = std::frexp(v, &e);                        // v = m · 2^e, 0.5 <= |m| < 1
  auto mant = static_cast<std::int64_t>(std::ldexp(m, 53));  // exact: 53 bits
  e -= 53;
  while ((mant & 1) == 0) {  // strip trailing zeros so small denominators stay small
    mant /= 2;
    ++e;
  }
  if (e >= 0) {
    if (e > 60) return invalid();
    return {static_cast<wide_int>(mant) << e, 1, true};
  }
  if (e < -120) return invalid();
  return {mant, static_cast<wide_int>(1) << -e, true};
}

constexpr bool mul_ok(wide_int a, wide_int b, wide_int& r) noexcept { return !__builtin_mul_overflow(a, b, &r); }

constexpr rational add(const rational& a, const rational& b) noexcept {
  if (!a.ok || !b.ok) return invalid();
  wide_int x = 0, y = 0, d = 0, n = 0;
  if (!mul_ok(a.num, b.den, x) || !mul_ok(b.num, a.den, y) || !mul_ok(a.den, b.den, d) ||
      __builtin_add_overflow(x, y, &n))
    return invalid();
  return make(n, d);
}
constexpr rational neg(const rational& a) noexcept { return {-a.num, a.den, a.ok}; }
constexpr rational sub(const rational& a, const rational& b) noexcept { return add(a, neg(b)); }
constexpr rational mul(const rational& a, const rational& b) noexcept {
  if (!a.ok || !b.ok) return invalid();
  // Cross-reduce first: keeps the products small.
  const wide_int g1 = gcd(a.num, b.den), g2 = gcd(b.num, a.den);
  const wide_int an = g1 > 1 ? a.num / g1 : a.num, bd = g1 > 1 ? b.den / g1 : b.den;
  const wide_int bn = g2 > 1 ? b.num / g2 : b.num, ad = g2 > 1 ? a.den / g2 : a.den;
  wide_int n = 0, d = 0;
  if (!mul_ok(an, bn, n) || !mul_ok(ad, bd, d)) return invalid();
  return make(n, d);
}
constexpr rational div(const rational& a, const rational& b) noexcept {
  if (!b.ok || b.num == 0) return invalid();
  return mul(a, make(b.den, b.num));
}

/// Sign of a - b (-1, 0, 1); a and b valid. Should the difference overflow, the operands are
/// far apart, and long double tells which is larger.
constexpr int compare(const rational& a, const rational& b) noexcept {
  const rational d = sub(a, b);
  if (!d.ok) {
    const auto va = static_cast<long double>(a.num) / static_cast<long double>(a.den);
    const auto vb = static_cast<long double>(b.num) / static_cast<long double>(b.den);
    return va < vb ? -1 : va > vb ? 1 : 0;
  }
  return d.num < 0 ? -1 : d.num > 0 ? 1 : 0;
}

constexpr wide_int floor_div(wide_int n, wide_int d) noexcept {  // d > 0
  const wide_int q = n / d;
  return (n % d != 0 && n < 0) ? q - 1 : q;
}
constexpr wide_int floor_of(const rational& a) noexcept { return floor_div(a.num, a.den); }
constexpr wide_int ceil_of(const rational& a) noexcept { return -floor_div(-a.num, a.den); }

/// Geometry filled without the ratio (the resample and Ascend planners): the sizes path shows as
/// length_resized = out and scale = out / in rounded.
inline bool sizes_path(const axis_geometry& g) noexcept {
  return g.in > 0 && g.length_resized == static_cast<double>(g.out) &&
         g.scale == static_cast<double>(g.out) / static_cast<double>(g.in);
}

/// The scale of the formulas as an exact rational: the ratio of integers on the sizes path
/// (the double g.scale is that ratio rounded), the double value itself otherwise.
inline rational scale_of(const axis_geometry& g) noexcept {
  if (g.scale_denominator > 0) return make(g.scale_numerator, g.scale_denominator);
  if (sizes_path(g)) return make(g.out, g.in);
  return from_double(g.scale);
}

/// length_resized exactly: in · scale (the size itself on the sizes path without a policy).
inline rational length_resized_of(const axis_geometry& g, const rational& scale) noexcept {
  if (g.scale_denominator == 0 && sizes_path(g)) return from_int(g.out);
  return mul(from_int(g.in), scale);
}

/// x_original exactly, as the affine function of the output index every formula is:
/// x(j) = (a·j + b) / d with integers a, b, d. Built once per table and mode, so an output
/// costs one multiply-add and one reduction; not `ok` where 128 bits do not suffice.
struct affine_coordinate {
  wide_int a = 0, b = 0, d = 1;
  bool ok = false;

  rational at(std::int64_t j) const noexcept {
    wide_int p = 0, n = 0;
    if (!ok || !mul_ok(a, j, p) || __builtin_add_overflow(p, b, &n)) return invalid();
    return make(n, d);
  }
};

/// slope·j + intercept over their common denominator.
inline affine_coordinate affine(const rational& slope, const rational& intercept) noexcept {
  if (!slope.ok || !intercept.ok) return {};
  const wide_int g = gcd(slope.den, intercept.den);
  const wide_int sf = intercept.den / g, bf = slope.den / g;  // d = slope.den · sf = intercept.den · bf
  affine_coordinate c;
  if (!mul_ok(slope.den, sf, c.d) || !mul_ok(slope.num, sf, c.a) || !mul_ok(intercept.num, bf, c.b)) return {};
  c.ok = true;
  return c;
}

/// The formulas of policy/coordinate.hpp, in rationals, as slope and intercept in j.
inline affine_coordinate affine_of(enums::coordinate_transformation_mode m, const axis_geometry& g) noexcept {
  using enum enums::coordinate_transformation_mode;
  const rational s = scale_of(g), len = length_resized_of(g, s);
  const rational one = from_int(1), half = make(1, 2), last = from_int(g.in - 1), zero = from_int(0);
  if (!s.ok || !len.ok) return {};
  const rational per_output = div(one, s), half_step = div(half, s);  // 1/s, (1/2)/s
  const bool grows = compare(len, one) > 0;                           // length_resized > 1
  switch (m) {
    case half_pixel: return affine(per_output, sub(half_step, half));
    case half_pixel_symmetric: {
      const rational offset = mul(div(from_int(g.in), from_int(2)), sub(one, div(from_int(g.out), len)));
      return affine(per_output, add(offset, sub(half_step, half)));
    }
    case pytorch_half_pixel: return grows ? affine(per_output, sub(half_step, half)) : affine(zero, zero);
    case align_corners: return grows ? affine(div(last, sub(len, one)), zero) : affine(zero, zero);
    case asymmetric: return affine(per_output, zero);
    case tf_half_pixel_for_nn: return affine(per_output, half_step);
    case tf_crop_and_resize: {
      const rational start = from_double(g.roi_start), end = from_double(g.roi_end);
      return grows ? affine(div(mul(sub(end, start), last), sub(len, one)), mul(start, last))
                   : affine(zero, mul(mul(half, add(start, end)), last));
    }
  }
  return {};
}

/// Whether a double coordinate lies close enough to a multiple of 1/2 (every integer and
/// half-integer boundary of the nearest, grid and extrapolation decisions) that its rounding
/// may have moved it across: then the decision is taken on the exact value.
inline bool near_half_multiple(double x) noexcept {
  if (!std::isfinite(x)) return false;
  const double t = 2 * x;
  return std::fabs(t - std::nearbyint(t)) <= 0x1p-30 * (1.0 + std::fabs(t));
}

}  // namespace exact

/// The exact x_original of output j when the double `x` lies near an integer or half-integer
/// (where the discrete decisions change), else nothing (the double decides).
inline std::optional<exact::rational> exact_coordinate_near_boundary(index_t j, double x,
                                                                     const exact::affine_coordinate& c) noexcept {
  if (!exact::near_half_multiple(x)) return std::nullopt;
  const exact::rational r = c.at(static_cast<std::int64_t>(j));
  if (!r.ok) return std::nullopt;
  return r;
}

/// nearest_mode (or the legacy rule) applied to the exact coordinate, clamped to [0, in - 1].
inline index_t exact_nearest_index(enums::nearest_mode m, nearest_rounding rule, double scale, const exact::rational& x,
                                   index_t in) noexcept {
  using exact::wide_int;
  const exact::rational half = exact::make(1, 2);
  wide_int r;
  if (rule == nearest_rounding::legacy) {
    r = scale < 1.0 ? exact::ceil_of(x) : exact::floor_of(x);
  } else {
    switch (m) {
      case enums::nearest_mode::round_prefer_floor: r = exact::ceil_of(exact::sub(x, half)); break;
      case enums::nearest_mode::round_prefer_ceil: r = exact::floor_of(exact::add(x, half)); break;
      case enums::nearest_mode::floor: r = exact::floor_of(x); break;
      case enums::nearest_mode::ceil: r = exact::ceil_of(x); break;
      default: r = exact::floor_of(x);
    }
  }
  if (r < 0) return 0;
  if (r >= in - 1) return in - 1;
  return static_cast<index_t>(r);
}

/// tf_crop_and_resize's extrapolation test on the exact coordinate.
inline bool exact_is_extrapolated(enums::coordinate_transformation_mode m, const exact::rational& x,
                                  index_t in) noexcept {
  return m == enums::coordinate_transformation_mode::tf_crop_and_resize &&
         (x.num < 0 || exact::compare(x, exact::from_int(in - 1)) > 0);
}

/// Where an exact coordinate is an integer, its double (rule 10: one tap on the grid).
inline std::optional<double> exact_grid_point(const exact::rational& x) noexcept {
  if (x.den != 1) return std::nullopt;
  return static_cast<double>(x.num);
}

/// Sign of |(i - x)·σ| - bound for an integer tap i, exact x, σ and bound; nothing when it does
/// not fit. Decides whether a tap lies inside a filter's support at its boundary.
inline std::optional<int> exact_support_side(index_t i, const exact::rational& x, const exact::rational& sigma,
                                             const exact::rational& bound) noexcept {
  exact::rational t = exact::mul(exact::sub(exact::from_int(i), x), sigma);
  if (!t.ok || !bound.ok) return std::nullopt;
  if (t.num < 0) t.num = -t.num;
  return exact::compare(t, bound);
}

NDRESIZE_END_NAMESPACE
