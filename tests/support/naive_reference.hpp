// SPDX-License-Identifier: Apache-2.0
// A slow, obviously correct reference for ONNX Resize (10, 11, 13, 18, 19) and Upsample (7, 9),
// written straight from the operator text (shared/seeds 000 and 003) and the numeric contract
// of DESIGN.md, and deliberately independent of the library: plain C++ only, attributes as the
// strings ONNX uses, X as doubles. It resolves each axis to its output length and, per output
// coordinate, its 1-D taps (source index, weight); every output element is then the N-D sum,
// over the Cartesian product of its axes' taps, of (product of the 1-D weights) · X — never a
// pass-by-pass (separable) computation, so it cannot share a separable kernel's mistakes.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "spec_rational.hpp"

namespace naive {

/// Ranks the reference handles (ONNX has no limit; 16 is plenty for tests).
inline constexpr std::size_t max_rank = 16;

/// The operator versions, as the ONNX operator documentation names them.
enum class op { upsample_7, upsample_9, resize_10, resize_11, resize_13, resize_18, resize_19 };

/// Upsample-7/9 and Resize-10 have only `mode` and scales; DESIGN.md rule 9 fixes their
/// coordinate rule (asymmetric) and their nearest rounding (floor when upsampling, ceil when
/// downsampling), which ONNX Runtime and the original Resize-10 vectors follow.
inline bool is_legacy(op v) { return v == op::upsample_7 || v == op::upsample_9 || v == op::resize_10; }

/// One Resize/Upsample node: its attributes (ONNX names and defaults) and its optional inputs.
/// An empty vector is an absent input. Upsample-7 carries its `scales` attribute in `scales`.
struct node {
  op version = op::resize_19;
  std::string mode = "nearest";
  std::string coordinate_transformation_mode = "half_pixel";
  std::string nearest_mode = "round_prefer_floor";
  float cubic_coeff_a = -0.75f;
  bool exclude_outside = false;
  float extrapolation_value = 0.0f;
  bool antialias = false;
  std::optional<std::vector<std::int64_t>> axes;
  std::string keep_aspect_ratio_policy = "stretch";

  std::vector<double> roi;
  std::vector<float> scales;
  std::vector<std::int64_t> sizes;
};

struct tap {
  std::int64_t index;  ///< source index along the axis, already clamped into [0, length_original - 1]
  double weight;
};

/// One axis of X after the node is resolved.
struct axis {
  std::int64_t length_original = 0;
  std::int64_t output_width_int = 0;
  bool listed = false;          ///< named by `axes` (or every axis when `axes` is absent)
  double scale = 1.0;           ///< `scale` of the coordinate formulas
  double length_resized = 0.0;  ///< `output_width` of the formulas (fractional with scales)
  double roi_start = 0.0, roi_end = 1.0;
  /// The same four values exactly (spec_rational.hpp): the discrete decisions are taken on them.
  spec_rational::q exact_scale{1}, exact_length_resized{0}, exact_roi_start{0}, exact_roi_end{1};
  std::vector<std::vector<tap>> taps;  ///< per output coordinate
  std::vector<bool> outside;           ///< per output coordinate: tf_crop_and_resize extrapolates
  /// Per output coordinate: the exact coordinate does not fit 128 bits and the double lies near a
  /// boundary of a discrete decision (an integer or half-integer), so the double decided it, and a
  /// correct implementation may decide the other way (its exact arithmetic reaches further).
  std::vector<bool> undecided;
  /// Per output coordinate: every source index the filter window touches, zero weights included,
  /// one index wider on each side. Where a weight is zero only up to rounding (x_original a hair
  /// off an exact grid point), another correct evaluation may keep a tiny weight there instead.
  std::vector<std::vector<std::int64_t>> support;
};

struct geometry {
  std::vector<axis> axes;
  double extrapolation_value = 0.0;

  std::vector<std::int64_t> output_shape() const {
    std::vector<std::int64_t> s;
    for (const auto& a : axes) s.push_back(a.output_width_int);
    return s;
  }
  std::int64_t output_size() const {
    std::int64_t n = 1;
    for (const auto& a : axes) n *= a.output_width_int;
    return n;
  }
};

/// One output element.
struct element {
  double value = 0.0;      ///< Σ (Π w) · x, or extrapolation_value
  double magnitude = 0.0;  ///< Σ |Π w| · |x|: the scale of any rounding error in `value`
  double abs_sum = 0.0;    ///< Σ |x| over the taps: the scale of errors in the weights themselves
  bool extrapolated = false;
  bool undecided = false;    ///< an axis's discrete decision here is the double's (axis::undecided)
  std::int64_t terms = 0;    ///< number of N-D taps summed
  int axis_taps = 0;         ///< Σ over axes of that axis's tap count
  std::int64_t source = -1;  ///< single-tap elements (nearest): flat row-major index into X
  // How exactly the sum can be computed (a test may then demand an exact result):
  int fraction_bits = 0;  ///< Σ over axes of the most binary fraction digits of a weight, + those of x
  double bound = 0.0;     ///< max|x| · Π over axes of max(1, Σ|w|): bounds every partial sum
};

/// Significant binary digits of v, and how many of them lie after the point.
struct binary_digits {
  int significant = 0;
  int fraction = 0;
};
inline binary_digits digits_of(double v) {
  if (v == 0.0 || !std::isfinite(v)) return {};
  int exponent = 0;
  const auto significand = static_cast<std::uint64_t>(std::ldexp(std::frexp(std::abs(v), &exponent), 53));
  const int bits = 53 - std::countr_zero(significand);
  return {bits, std::max(bits - exponent, 0)};
}

/// Fraction digits of a computed weight. A weight with more than 20 significant digits (1/3,
/// 0.6…) or more than 30 fraction digits (a 1e-16 left by cancellation) is taken to be a
/// rounded value, never an exact one, and counts as 1000 digits.
inline int weight_fraction_bits(double w) {
  const binary_digits d = digits_of(w);
  return d.significant > 20 || d.fraction > 30 ? 1000 : d.fraction;
}

/// Keys' cubic convolution kernel with coefficient a (Keys 1981, eq. 4), linear's triangle.
inline double cubic_kernel(double t, double a) {
  const double s = std::abs(t);
  if (s <= 1.0) return (a + 2.0) * s * s * s - (a + 3.0) * s * s + 1.0;
  if (s < 2.0) return a * s * s * s - 5.0 * a * s * s + 8.0 * a * s - 4.0 * a;
  return 0.0;
}
inline double linear_kernel(double t) {
  const double s = std::abs(t);
  return s < 1.0 ? 1.0 - s : 0.0;
}

/// x_original for output coordinate x (the coordinate_transformation_mode formulas of Resize-19
/// and Resize-11, spelled as the operator text spells them, in the same order of operations).
inline double original_coordinate(const std::string& mode, const axis& a, double x) {
  const double length_original = static_cast<double>(a.length_original);
  if (mode == "half_pixel") return (x + 0.5) / a.scale - 0.5;
  if (mode == "half_pixel_symmetric") {
    const double adjustment = static_cast<double>(a.output_width_int) / a.length_resized;
    const double center = length_original / 2;
    const double offset = center * (1 - adjustment);
    return offset + (x + 0.5) / a.scale - 0.5;
  }
  if (mode == "pytorch_half_pixel") return a.length_resized > 1 ? (x + 0.5) / a.scale - 0.5 : 0.0;
  if (mode == "align_corners") return a.length_resized > 1 ? x * (length_original - 1) / (a.length_resized - 1) : 0.0;
  if (mode == "asymmetric") return x / a.scale;
  if (mode == "tf_half_pixel_for_nn") return (x + 0.5) / a.scale;
  if (mode == "tf_crop_and_resize")
    return a.length_resized > 1 ? a.roi_start * (length_original - 1) +
                                      x * (a.roi_end - a.roi_start) * (length_original - 1) / (a.length_resized - 1)
                                : 0.5 * (a.roi_start + a.roi_end) * (length_original - 1);
  throw std::invalid_argument("naive: unknown coordinate_transformation_mode " + mode);
}

/// nearest_mode applied to x_original (before clamping).
inline double nearest_rounding(const std::string& nearest_mode, double x) {
  const double f = std::floor(x);
  const double fraction = x - f;
  if (nearest_mode == "round_prefer_floor") return fraction > 0.5 ? f + 1 : f;  // round half down
  if (nearest_mode == "round_prefer_ceil") return fraction >= 0.5 ? f + 1 : f;  // round half up
  if (nearest_mode == "floor") return f;
  if (nearest_mode == "ceil") return std::ceil(x);
  throw std::invalid_argument("naive: unknown nearest_mode " + nearest_mode);
}

/// x_original exactly (the same formulas in rationals); not ok where 128 bits do not suffice.
inline spec_rational::q exact_original_coordinate(const std::string& mode, const axis& a, std::int64_t x) {
  using spec_rational::q;
  const q in{a.length_original}, half{1, 2}, centre{2 * x + 1, 2}, one{1};
  const q& s = a.exact_scale;
  const q& len = a.exact_length_resized;
  if (mode == "half_pixel") return centre / s - half;
  if (mode == "half_pixel_symmetric") return in / q{2} * (one - q{a.output_width_int} / len) + centre / s - half;
  if (mode == "pytorch_half_pixel") return one < len ? centre / s - half : q{0};
  if (mode == "align_corners") return one < len ? q{x} * (in - one) / (len - one) : q{0};
  if (mode == "asymmetric") return q{x} / s;
  if (mode == "tf_half_pixel_for_nn") return centre / s;
  if (mode == "tf_crop_and_resize")
    return one < len ? a.exact_roi_start * (in - one) +
                           q{x} * (a.exact_roi_end - a.exact_roi_start) * (in - one) / (len - one)
                     : half * (a.exact_roi_start + a.exact_roi_end) * (in - one);
  throw std::invalid_argument("naive: unknown coordinate_transformation_mode " + mode);
}

/// nearest_mode (or the legacy rule) applied to the exact x_original (before clamping).
inline std::int64_t exact_nearest_rounding(const std::string& nearest_mode, bool legacy, double scale,
                                           spec_rational::q x) {
  using spec_rational::q;
  spec_rational::i128 r = 0;
  if (legacy)
    r = scale >= 1 ? spec_rational::floor_q(x) : spec_rational::ceil_q(x);
  else if (nearest_mode == "round_prefer_floor")
    r = spec_rational::ceil_q(x - q{1, 2});
  else if (nearest_mode == "round_prefer_ceil")
    r = spec_rational::floor_q(x + q{1, 2});
  else if (nearest_mode == "floor")
    r = spec_rational::floor_q(x);
  else if (nearest_mode == "ceil")
    r = spec_rational::ceil_q(x);
  else
    throw std::invalid_argument("naive: unknown nearest_mode " + nearest_mode);
  return static_cast<std::int64_t>(r);
}

/// Output lengths, coordinate parameters and 1-D taps of every axis of an X of shape x_shape.
/// The node must be valid for its version (the reference does not validate).
inline geometry resolve(const node& n, const std::vector<std::int64_t>& x_shape) {
  const int rank = static_cast<int>(x_shape.size());
  geometry g;
  g.extrapolation_value = static_cast<double>(n.extrapolation_value);
  g.axes.resize(static_cast<std::size_t>(rank));
  for (int d = 0; d < rank; ++d) {
    auto& a = g.axes[static_cast<std::size_t>(d)];
    a.length_original = a.output_width_int = x_shape[static_cast<std::size_t>(d)];
    a.length_resized = static_cast<double>(a.length_original);
    a.exact_length_resized = spec_rational::q{a.length_original};
  }

  // `axes` lists the axes that roi, scales and sizes describe; negative values count from the back.
  std::vector<int> listed;
  if (n.axes)
    for (std::int64_t v : *n.axes) listed.push_back(static_cast<int>(v < 0 ? v + rank : v));
  else
    for (int d = 0; d < rank; ++d) listed.push_back(d);
  const std::size_t count = listed.size();
  const auto at = [&](std::size_t i) -> axis& { return g.axes[static_cast<std::size_t>(listed[i])]; };

  if (!n.scales.empty()) {
    // output_dimension = floor(input_dimension · scale), the float32 scale widened to double;
    // the formulas see that scale and the fractional output_width = input_dimension · scale.
    for (std::size_t i = 0; i < count; ++i) {
      axis& a = at(i);
      a.scale = static_cast<double>(n.scales[i]);
      a.length_resized = static_cast<double>(a.length_original) * a.scale;
      a.exact_scale = spec_rational::of_float(n.scales[i]);
      a.exact_length_resized = spec_rational::q{a.length_original} * a.exact_scale;
      a.output_width_int = static_cast<std::int64_t>(std::floor(a.length_resized));
    }
  } else if (n.keep_aspect_ratio_policy == "stretch") {
    for (std::size_t i = 0; i < count; ++i) {
      axis& a = at(i);
      a.output_width_int = n.sizes[i];
      if (a.length_original > 0) {
        a.scale = static_cast<double>(n.sizes[i]) / static_cast<double>(a.length_original);
        a.exact_scale = spec_rational::q{n.sizes[i], a.length_original};
      }
      a.length_resized = static_cast<double>(a.output_width_int);
      a.exact_length_resized = spec_rational::q{a.output_width_int};
    }
  } else {
    // scale = Min|Max(sizes[i] / in_size[d]); out_size[d] = round_int(scale · in_size[d]),
    // round_int rounding halfway cases up.
    const bool not_larger = n.keep_aspect_ratio_policy == "not_larger";
    if (!not_larger && n.keep_aspect_ratio_policy != "not_smaller")
      throw std::invalid_argument("naive: unknown keep_aspect_ratio_policy " + n.keep_aspect_ratio_policy);
    double scale = 0.0;
    spec_rational::q exact_scale{0};
    for (std::size_t i = 0; i < count; ++i) {
      const double s = static_cast<double>(n.sizes[i]) / static_cast<double>(at(i).length_original);
      scale = i == 0 ? s : not_larger ? std::min(scale, s) : std::max(scale, s);
      const spec_rational::q e{n.sizes[i], at(i).length_original};
      if (i == 0 || (not_larger ? e < exact_scale : exact_scale < e)) exact_scale = e;
    }
    for (std::size_t i = 0; i < count; ++i) {
      axis& a = at(i);
      a.scale = scale;
      // The output there is "calculated out of a scale factor" (the spec): output_width is
      // scale · input_width, fractional, as the ONNX reference's _interpolate_1d_with_x has it.
      a.length_resized = scale * static_cast<double>(a.length_original);
      a.exact_scale = exact_scale;
      a.exact_length_resized = exact_scale * spec_rational::q{a.length_original};
      a.output_width_int = static_cast<std::int64_t>(std::floor(a.length_resized + 0.5));
    }
  }
  for (std::size_t i = 0; i < count; ++i) at(i).listed = true;

  const bool legacy = is_legacy(n.version);
  const std::string coordinate_mode = legacy ? "asymmetric" : n.coordinate_transformation_mode;
  const bool crop = coordinate_mode == "tf_crop_and_resize";
  if (crop && !n.roi.empty())
    for (std::size_t i = 0; i < count; ++i) {
      at(i).roi_start = n.roi[i];
      at(i).roi_end = n.roi[i + count];
      at(i).exact_roi_start = spec_rational::of_double(n.roi[i]);
      at(i).exact_roi_end = spec_rational::of_double(n.roi[i + count]);
    }
  const double a_coeff = static_cast<double>(n.cubic_coeff_a);

  for (auto& a : g.axes) {
    const auto out = static_cast<std::size_t>(a.output_width_int);
    a.taps.assign(out, {});
    a.outside.assign(out, false);
    a.undecided.assign(out, false);
    a.support.assign(out, {});
    const double last = static_cast<double>(a.length_original - 1);
    for (std::size_t j = 0; j < out; ++j) {
      if (!a.listed) {  // non-resizable axis: untouched
        a.taps[j].push_back({static_cast<std::int64_t>(j), 1.0});
        a.support[j].push_back(static_cast<std::int64_t>(j));
        continue;
      }
      const double x = original_coordinate(coordinate_mode, a, static_cast<double>(j));
      // Discrete decisions on the exact coordinate (the double where 128 bits do not suffice).
      const spec_rational::q exact_x = exact_original_coordinate(coordinate_mode, a, static_cast<std::int64_t>(j));
      const bool outside = exact_x.ok
                               ? exact_x < spec_rational::q{0} || spec_rational::q{a.length_original - 1} < exact_x
                               : x < 0 || x > last;
      if (!exact_x.ok) {
        // Within a few ulps of a multiple of 1/2 the double may sit on the wrong side.
        const double t = 2 * x;
        a.undecided[j] = std::isfinite(x) && std::abs(t - std::nearbyint(t)) <= 0x1p-30 * (1.0 + std::abs(t));
      }
      if (crop && outside) {
        a.outside[j] = true;
        continue;
      }
      if (n.mode == "nearest") {
        const double r = exact_x.ok
                             ? static_cast<double>(exact_nearest_rounding(n.nearest_mode, legacy, a.scale, exact_x))
                         : legacy ? (a.scale >= 1 ? std::floor(x) : std::ceil(x))
                                  : nearest_rounding(n.nearest_mode, x);
        a.taps[j].push_back({static_cast<std::int64_t>(std::clamp(r, 0.0, last)), 1.0});
        a.support[j].push_back(a.taps[j].back().index);
        continue;
      }
      // linear/cubic: weight of input i is K((i - x) · σ), σ = min(scale, 1) with antialias (the
      // filter stretched by 1/scale when downscaling) and 1 without.
      const bool cubic = n.mode == "cubic";
      if (!cubic && n.mode != "linear") throw std::invalid_argument("naive: unknown mode " + n.mode);
      const double sigma = n.antialias ? std::min(a.scale, 1.0) : 1.0;
      const double reach = (cubic ? 2.0 : 1.0) / sigma;
      double sum = 0.0;
      for (double i = std::ceil(x - reach); i <= std::floor(x + reach); i += 1.0) {
        const double t = (i - x) * sigma;
        const double w = cubic ? cubic_kernel(t, a_coeff) : linear_kernel(t);
        if (w == 0.0) continue;  // exactly-zero taps read nothing (DESIGN.md rule 10)
        const bool inside = i >= 0 && i <= last;
        if (!inside && n.exclude_outside) continue;  // dropped, the rest renormalized below
        a.taps[j].push_back({static_cast<std::int64_t>(std::clamp(i, 0.0, last)), w});  // else clamped to the edge
        sum += w;
      }
      if (n.antialias || n.exclude_outside)
        for (auto& t : a.taps[j]) t.weight /= sum;
      for (double i = std::ceil(x - reach) - 1; i <= std::floor(x + reach) + 1; i += 1.0)
        if (!n.exclude_outside || (i >= 0 && i <= last)) {
          const auto k = static_cast<std::int64_t>(std::clamp(i, 0.0, last));
          if (a.support[j].empty() || a.support[j].back() != k) a.support[j].push_back(k);
        }
    }
  }
  return g;
}

/// Output element `flat` (row-major over the output shape) of X (row-major doubles): the
/// N-D sum over every combination of one tap per axis.
inline element evaluate(const geometry& g, std::span<const double> x, std::int64_t flat) {
  const std::size_t rank = g.axes.size();
  if (rank > max_rank) throw std::invalid_argument("naive: rank above 16");
  std::array<std::size_t, max_rank> j{};
  for (std::size_t d = rank; d-- > 0;) {
    const auto extent = static_cast<std::int64_t>(g.axes[d].output_width_int);
    j[d] = static_cast<std::size_t>(flat % extent);
    flat /= extent;
  }
  element e;
  std::array<const std::vector<tap>*, max_rank> taps{};
  for (std::size_t d = 0; d < rank; ++d) {
    if (g.axes[d].outside[j[d]]) e.extrapolated = true;
    if (g.axes[d].undecided[j[d]]) e.undecided = true;
    taps[d] = &g.axes[d].taps[j[d]];
    e.axis_taps += static_cast<int>(taps[d]->size());
  }
  if (e.extrapolated) {
    e.value = g.extrapolation_value;
    return e;
  }
  for (std::size_t d = 0; d < rank; ++d)
    if (taps[d]->empty()) return e;  // every tap excluded: nothing to sum (valid nodes never get here)
  double growth = 1.0;
  for (std::size_t d = 0; d < rank; ++d) {
    const auto* t = taps[d];
    int bits = 0;
    double sum = 0.0;
    for (const tap& k : *t) {
      bits = std::max(bits, weight_fraction_bits(k.weight));
      sum += std::abs(k.weight);
    }
    e.fraction_bits += bits;
    growth *= std::max(sum, 1.0);
  }
  int x_bits = 0;
  double x_max = 0.0;
  // Odometer over the tap combinations, the last axis fastest.
  std::array<std::size_t, max_rank> k{};
  for (;;) {
    double w = 1.0;
    std::int64_t source = 0;
    for (std::size_t d = 0; d < rank; ++d) {
      const tap& t = (*taps[d])[k[d]];
      w *= t.weight;
      source = source * g.axes[d].length_original + t.index;
    }
    const double v = x[static_cast<std::size_t>(source)];
    e.value += w * v;
    e.magnitude += std::abs(w) * std::abs(v);
    e.abs_sum += std::abs(v);
    x_bits = std::max(x_bits, digits_of(v).fraction);
    x_max = std::max(x_max, std::abs(v));
    e.source = e.terms == 0 ? source : -1;
    ++e.terms;
    for (std::size_t d = rank;;) {
      if (d == 0) {
        e.fraction_bits += x_bits;
        e.bound = x_max * growth;
        return e;
      }
      --d;
      if (++k[d] < taps[d]->size()) break;
      k[d] = 0;
    }
  }
}

/// Whether output element `flat` reads a NaN of X: `decisive` through taps whose weights are
/// clearly nonzero on every axis (|w| > 1e-9: any correct evaluation reads it, the result must
/// be NaN), `possible` through the support (a weight that is zero only up to rounding may or
/// may not read it: either result is right).
struct nan_reach {
  bool decisive = false;
  bool possible = false;
};
inline nan_reach nan_reach_of(const geometry& g, std::span<const double> x, std::int64_t flat) {
  const std::size_t rank = g.axes.size();
  std::vector<std::size_t> j(rank);
  for (std::size_t d = rank; d-- > 0;) {
    const auto extent = static_cast<std::int64_t>(g.axes[d].output_width_int);
    j[d] = static_cast<std::size_t>(flat % extent);
    flat /= extent;
  }
  for (std::size_t d = 0; d < rank; ++d)
    if (g.axes[d].outside[j[d]]) return {};
  // Source indices per axis: the decisive taps, then the whole support.
  auto reads_nan = [&](const std::vector<std::vector<std::int64_t>>& index) {
    std::vector<std::size_t> k(rank, 0);
    for (const auto& v : index)
      if (v.empty()) return false;
    for (;;) {
      std::int64_t source = 0;
      for (std::size_t d = 0; d < rank; ++d) source = source * g.axes[d].length_original + index[d][k[d]];
      if (std::isnan(x[static_cast<std::size_t>(source)])) return true;
      for (std::size_t d = rank;;) {
        if (d == 0) return false;
        --d;
        if (++k[d] < index[d].size()) break;
        k[d] = 0;
      }
    }
  };
  std::vector<std::vector<std::int64_t>> decisive(rank), support(rank);
  for (std::size_t d = 0; d < rank; ++d) {
    for (const tap& t : g.axes[d].taps[j[d]])
      if (std::abs(t.weight) > 1e-9) decisive[d].push_back(t.index);
    support[d] = g.axes[d].support[j[d]];
  }
  return {reads_nan(decisive), reads_nan(support)};
}

/// Every output element, row-major.
inline std::vector<element> resize(const node& n, const std::vector<std::int64_t>& x_shape, std::span<const double> x) {
  const geometry g = resolve(n, x_shape);
  std::vector<element> y(static_cast<std::size_t>(g.output_size()));
  for (std::size_t i = 0; i < y.size(); ++i) y[i] = evaluate(g, x, static_cast<std::int64_t>(i));
  return y;
}

}  // namespace naive
