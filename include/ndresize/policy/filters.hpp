// SPDX-License-Identifier: Apache-2.0
// Interpolation filters as data: a filter is a table entry (name, support, kernel function,
// parameters), and the table builders (plan/table_builders.hpp) are the only code that evaluates
// one. Adding a filter is adding one entry below. The ONNX modes map onto three of them
// (onnx/mode_filter.hpp); the others serve ndresize::resample (resample.hpp).
#pragma once

#include <cmath>
#include <numbers>
#include <string_view>

#include "../config.hpp"

NDRESIZE_BEGIN_NAMESPACE

struct filter_kernel {
  /// K(t; p, q) at distance t in input samples (after antialias stretching).
  using function = double (*)(double t, double p, double q) noexcept;

  std::string_view name;
  /// Half-width: K(t) = 0 for |t| > support.
  double support = 1.0;
  /// The kernel; null for nearest, which picks one source sample (the gather path) instead of weighing.
  function weight = nullptr;
  double p = 0.0, q = 0.0;  ///< the kernel's parameters (Keys' a, Lanczos' a, Mitchell–Netravali's B and C)
  /// Optional primitive of K. When set, a source sample weighs K integrated over its cell (the
  /// stretched width of one input sample, centred on it) instead of K at its centre: the box
  /// filter integrated this way weighs each sample by the area it shares with the output cell.
  function integral = nullptr;

  constexpr bool is_nearest() const noexcept { return weight == nullptr; }

  constexpr double operator()(double t) const noexcept { return weight(t, p, q); }

  /// The weight of a source sample at stretched distance t whose cell is `cell` wide (the
  /// antialias factor σ: 1 without stretching).
  constexpr double tap(double t, double cell) const noexcept {
    return integral ? integral(t + cell / 2, p, q) - integral(t - cell / 2, p, q) : weight(t, p, q);
  }

  /// How far from x, in input samples, taps can have a weight when the filter is stretched by 1/σ.
  constexpr double reach(double sigma) const noexcept { return integral ? support / sigma + 0.5 : support / sigma; }
};

namespace detail {
inline double sinc(double x) noexcept {
  if (x == 0.0) return 1.0;
  x *= std::numbers::pi;
  return std::sin(x) / x;
}
}  // namespace detail

namespace filters {

/// One source sample, chosen by nearest_mode (not a weighted filter: the gather path).
inline constexpr filter_kernel nearest{"nearest", 0.5, nullptr};

/// Triangle, max(0, 1 - |t|): ONNX linear, Pillow BILINEAR.
inline constexpr filter_kernel linear{"linear", 1.0, [](double t, double, double) noexcept {
                                        const double x = t < 0 ? -t : t;
                                        return x < 1.0 ? 1.0 - x : 0.0;
                                      }};

/// Keys' cubic with coefficient a (R. Keys, "Cubic convolution interpolation for digital image
/// processing", 1981, eq. 4): ONNX cubic (a = cubic_coeff_a, -0.75 by default), Pillow BICUBIC (a = -0.5).
///   (a+2)|t|^3 - (a+3)|t|^2 + 1          for |t| <= 1
///   a|t|^3 - 5a|t|^2 + 8a|t| - 4a         for 1 < |t| < 2, else 0
constexpr filter_kernel cubic(double coeff_a = -0.75) noexcept {
  return {"cubic", 2.0,
          [](double t, double a, double) noexcept {
            const double x = t < 0 ? -t : t;
            if (x <= 1.0) return ((a + 2) * x - (a + 3)) * x * x + 1;
            if (x < 2.0) return ((a * x - 5 * a) * x + 8 * a) * x - 4 * a;
            return 0.0;
          },
          coeff_a};
}

/// Box sampled at the sample centre: 1 on (-1/2, 1/2], else 0 (Pillow BOX). Where an output cell
/// boundary falls exactly on a source centre, the sample belongs to the cell on its left.
inline constexpr filter_kernel box{"box", 0.5,
                                   [](double t, double, double) noexcept { return t > -0.5 && t <= 0.5 ? 1.0 : 0.0; }};

/// Box integrated over each source cell: the weight is the area a source sample shares with
/// the output cell (OpenCV INTER_AREA when shrinking); unstretched (upscaling) it is the triangle.
inline constexpr filter_kernel area{
    .name = "area", .support = 0.5, .weight = box.weight, .integral = [](double t, double, double) noexcept {
      return t < -0.5 ? 0.0 : t > 0.5 ? 1.0 : t + 0.5;
    }};

/// Pillow's HAMMING: sinc(t) · (0.54 + 0.46 cos(πt)) on |t| < 1.
inline constexpr filter_kernel hamming{"hamming", 1.0, [](double t, double, double) noexcept {
                                         double x = t < 0 ? -t : t;
                                         if (x == 0.0) return 1.0;
                                         if (x >= 1.0) return 0.0;
                                         x *= std::numbers::pi;
                                         return std::sin(x) / x * (0.54 + 0.46 * std::cos(x));
                                       }};

/// Lanczos: sinc(t) · sinc(t / a) on |t| < a (Pillow LANCZOS is a = 3, OpenCV INTER_LANCZOS4 a = 4).
constexpr filter_kernel lanczos(double lobes) noexcept {
  return {
      "lanczos", lobes,
      [](double t, double a, double) noexcept { return -a < t && t < a ? detail::sinc(t) * detail::sinc(t / a) : 0.0; },
      lobes};
}
inline constexpr filter_kernel lanczos2 = lanczos(2);
inline constexpr filter_kernel lanczos3 = lanczos(3);
inline constexpr filter_kernel lanczos4 = lanczos(4);

/// Mitchell–Netravali cubics (D. Mitchell, A. Netravali, "Reconstruction filters in computer
/// graphics", 1988, eq. 8), parameters B and C:
///   ((12-9B-6C)|t|^3 + (-18+12B+6C)|t|^2 + (6-2B)) / 6                   for |t| < 1
///   ((-B-6C)|t|^3 + (6B+30C)|t|^2 + (-12B-48C)|t| + (8B+24C)) / 6       for 1 <= |t| < 2, else 0
constexpr filter_kernel mitchell_netravali(double coeff_b, double coeff_c) noexcept {
  return {"mitchell_netravali", 2.0,
          [](double t, double b, double c) noexcept {
            const double x = t < 0 ? -t : t;
            if (x < 1.0) return (((12 - 9 * b - 6 * c) * x + (-18 + 12 * b + 6 * c)) * x * x + (6 - 2 * b)) / 6;
            if (x < 2.0)
              return ((((-b - 6 * c) * x + (6 * b + 30 * c)) * x + (-12 * b - 48 * c)) * x + (8 * b + 24 * c)) / 6;
            return 0.0;
          },
          coeff_b, coeff_c};
}
inline constexpr filter_kernel b_spline = mitchell_netravali(1.0, 0.0);  ///< cubic B-spline (smooths; K(0) = 2/3)
inline constexpr filter_kernel mitchell = mitchell_netravali(1.0 / 3, 1.0 / 3);
inline constexpr filter_kernel catmull_rom = mitchell_netravali(0.0, 0.5);  ///< the same curve as cubic(-0.5)

}  // namespace filters

NDRESIZE_END_NAMESPACE
