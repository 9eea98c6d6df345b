// SPDX-License-Identifier: Apache-2.0
// Exact rationals for the tests' references: every value the coordinate formulas use (float32
// and float64 scales and roi, integer sizes) is a rational number, so the references take their
// discrete decisions (nearest index, extrapolation, support edges) on the exact coordinate.
// Written for the tests alone, independently of the library's own exact arithmetic. An
// operation that would overflow 128 bits leaves the value not `ok`; the caller then falls back
// to its double.
#pragma once

#include <cmath>
#include <cstdint>

namespace spec_rational {

__extension__ typedef __int128 i128;

inline i128 gcd_of(i128 a, i128 b) {
  if (a < 0) a = -a;
  if (b < 0) b = -b;
  while (b != 0) {
    const i128 r = a % b;
    a = b;
    b = r;
  }
  return a;
}

/// A fraction n/d, d > 0, reduced; `ok` false once an operation overflowed.
struct q {
  i128 n = 0, d = 1;
  bool ok = true;
  q(i128 num = 0, i128 den = 1, bool valid = true) : n(num), d(den), ok(valid && den != 0) {
    if (!ok) return;
    if (d < 0) n = -n, d = -d;
    const i128 g = gcd_of(n, d);
    if (g > 1) n /= g, d /= g;
  }
};

inline q overflowed() { return q{0, 1, false}; }

inline q operator*(q a, q b) {
  i128 n = 0, d = 0;
  if (!a.ok || !b.ok || __builtin_mul_overflow(a.n, b.n, &n) || __builtin_mul_overflow(a.d, b.d, &d))
    return overflowed();
  return {n, d};
}
inline q operator+(q a, q b) {
  i128 x = 0, y = 0, n = 0, d = 0;
  if (!a.ok || !b.ok || __builtin_mul_overflow(a.n, b.d, &x) || __builtin_mul_overflow(b.n, a.d, &y) ||
      __builtin_add_overflow(x, y, &n) || __builtin_mul_overflow(a.d, b.d, &d))
    return overflowed();
  return {n, d};
}
inline q operator-(q a) { return {-a.n, a.d, a.ok}; }
inline q operator-(q a, q b) { return a + (-b); }
inline q operator/(q a, q b) {
  if (!b.ok || b.n == 0) return overflowed();
  return a * q{b.d, b.n};
}
/// a < b; both ok.
inline bool operator<(q a, q b) {
  const q diff = a - b;
  if (diff.ok) return diff.n < 0;
  return static_cast<long double>(a.n) / static_cast<long double>(a.d) <
         static_cast<long double>(b.n) / static_cast<long double>(b.d);
}
inline i128 floor_q(q a) { return a.n >= 0 ? a.n / a.d : -((-a.n + a.d - 1) / a.d); }
inline i128 ceil_q(q a) { return -floor_q(q{-a.n, a.d}); }

/// The exact value of a finite double (a dyadic rational); not ok where it does not fit.
inline q of_double(double v) {
  if (!std::isfinite(v)) return overflowed();
  if (v == 0.0) return q{0};
  int e = 0;
  const double m = std::frexp(v, &e);
  const auto mant = static_cast<std::int64_t>(std::ldexp(m, 53));
  e -= 53;
  if (e >= 0) return e > 60 ? overflowed() : q{static_cast<i128>(mant) << e, 1};
  return e < -120 ? overflowed() : q{mant, static_cast<i128>(1) << -e};
}
inline q of_float(float f) { return of_double(static_cast<double>(f)); }

}  // namespace spec_rational
