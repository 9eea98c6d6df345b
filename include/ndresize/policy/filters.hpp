// SPDX-License-Identifier: Apache-2.0
// Interpolation filters as data: a kernel function and its support. Linear is the triangle
// filter; cubic is Keys' kernel with coefficient a (R. Keys, "Cubic convolution interpolation
// for digital image processing", 1981, eq. 4).
#pragma once

#include <cmath>

#include "../attributes.hpp"
#include "../config.hpp"

NDRESIZE_BEGIN_NAMESPACE

struct filter {
  enums::mode kind = enums::mode::linear;
  double cubic_coeff_a = -0.75;

  /// Half-width of the kernel: weights are zero for |t| >= support().
  constexpr double support() const noexcept { return kind == enums::mode::cubic ? 2.0 : 1.0; }

  /// Kernel value at distance t (in input samples, after antialias stretching).
  ///   linear: max(0, 1 - |t|)
  ///   cubic:  (a+2)|t|^3 - (a+3)|t|^2 + 1          for |t| <= 1
  ///           a|t|^3 - 5a|t|^2 + 8a|t| - 4a         for 1 < |t| < 2, else 0
  constexpr double operator()(double t) const noexcept {
    const double x = t < 0 ? -t : t;
    if (kind != enums::mode::cubic) return x < 1.0 ? 1.0 - x : 0.0;
    const double a = cubic_coeff_a;
    if (x <= 1.0) return ((a + 2) * x - (a + 3)) * x * x + 1;
    if (x < 2.0) return ((a * x - 5 * a) * x + 8 * a) * x - 4 * a;
    return 0.0;
  }
};

NDRESIZE_END_NAMESPACE
