// SPDX-License-Identifier: Apache-2.0
// The table builders: one axis's geometry and sampling rule (coordinate transformation,
// filter, nearest rounding, antialias, exclude_outside) become its axis_table. They are the
// only code that evaluates the specification's formulas per output coordinate; the ONNX,
// Ascend and resample front ends all build their tables here.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "../config.hpp"
#include "../detail/checked_arithmetic.hpp"
#include "../detail/large_pages.hpp"
#include "../policy/coordinate.hpp"
#include "../policy/exact_coordinate.hpp"
#include "../policy/filters.hpp"
#include "../policy/nearest.hpp"
#include "axis_table.hpp"
#include "table_budget.hpp"

NDRESIZE_BEGIN_NAMESPACE

/// How the taps of one axis are sampled (everything but the geometry).
struct sampling {
  filter_kernel filter = filters::nearest;  ///< nearest: build_nearest_table; any other: build_weighted_table
  enums::coordinate_transformation_mode coordinate_transformation_mode =
      enums::coordinate_transformation_mode::half_pixel;
  enums::nearest_mode nearest_mode = enums::nearest_mode::round_prefer_floor;
  nearest_rounding rounding = nearest_rounding::onnx;
  bool exclude_outside = false;
  bool antialias = false;
  bool normalize = false;  ///< weights sum to 1 even without antialias or exclude_outside
};

/// Nearest table: index = nearest_mode(x_original) clamped to the input (DESIGN.md rule 3).
inline axis_table build_nearest_table(const axis_geometry& g, const sampling& s) {
  axis_table t;
  t.in = g.in;
  t.out = g.out;
  detail::reserve_large(t.index, static_cast<std::size_t>(g.out));
  t.index.resize(static_cast<std::size_t>(g.out));
  detail::reserve_large(t.outside, static_cast<std::size_t>(g.out));
  t.outside.assign(static_cast<std::size_t>(g.out), 0);
  const exact::affine_coordinate exact_coordinate = exact::affine_of(s.coordinate_transformation_mode, g);
  for (index_t j = 0; j < g.out; ++j) {
    const double x = original_coordinate(s.coordinate_transformation_mode, static_cast<double>(j), g);
    // Near an integer or half-integer the double may sit on the wrong side of a rounding or
    // extrapolation boundary: decide on the exact coordinate there (policy/exact_coordinate.hpp).
    if (const auto r = exact_coordinate_near_boundary(j, x, exact_coordinate)) {
      const bool outside = exact_is_extrapolated(s.coordinate_transformation_mode, *r, g.in);
      t.outside[static_cast<std::size_t>(j)] = outside ? 1 : 0;
      t.index[static_cast<std::size_t>(j)] =
          outside ? 0 : exact_nearest_index(s.nearest_mode, s.rounding, g.scale, *r, g.in);
      continue;
    }
    if (is_extrapolated(s.coordinate_transformation_mode, x, g.in)) {
      t.outside[static_cast<std::size_t>(j)] = 1;
      t.index[static_cast<std::size_t>(j)] = 0;
      continue;
    }
    t.index[static_cast<std::size_t>(j)] = nearest_index(s.nearest_mode, s.rounding, g.scale, x, g.in);
  }
  return t;
}

namespace detail {

/// What add_taps decides a tap at the support's edge with: the exact coordinate, σ and the
/// edge (support, or support + σ/2 for integrated filters) as rationals. Once per table.
struct exact_support {
  exact::affine_coordinate coordinate;
  exact::rational sigma, edge;
  /// σ is 1 and the edge is a double: a tap's (m - frac)·σ computed exactly then decides as
  /// the exact value does, and the rational arithmetic is skipped.
  bool double_edge_is_exact = false;

  exact_support(const axis_geometry& g, const sampling& s) noexcept
      : coordinate(exact::affine_of(s.coordinate_transformation_mode, g)),
        sigma(exact::from_int(1)),
        edge(exact::from_double(s.filter.support)) {
    const bool stretched = s.antialias && g.scale < 1.0;
    if (stretched) sigma = exact::scale_of(g);
    if (s.filter.integral) edge = exact::add(edge, exact::mul(sigma, exact::make(1, 2)));
    const double edge_double = s.filter.integral ? s.filter.support + 0.5 : s.filter.support;
    double_edge_is_exact = !stretched && edge.ok && exact::compare(edge, exact::from_double(edge_double)) == 0;
  }
};

/// Appends the taps of one output j at input coordinate x (not extrapolated) to t: weights
/// K((i - x)·σ) for the integers i within `reach` of x, clamped to the edge (or dropped with
/// exclude_outside), equal source indices merged. Returns the sum of the weights.
inline double add_taps(axis_table& t, const axis_geometry& g, const sampling& s, double x, double sigma, double reach,
                       index_t j, const exact_support& ex, std::optional<exact::rational> exact_x) {
  // Far outside the input every tap clamps to the same edge: bound x so the loop stays short.
  const double last = static_cast<double>(g.in - 1);
  const bool bounded = x >= -reach - 1 && x <= last + reach + 1;
  if (!(x >= -reach - 1)) x = -reach - 1;
  if (!(x <= last + reach + 1)) x = last + reach + 1;
  // Where a tap lies within rounding of the support's edge (|(i - x)·σ| = support, or
  // support + σ/2 for integrated filters), whether it is inside is decided on the exact
  // coordinate: a box must neither count a sample twice nor drop it, and a tap exactly on the
  // edge of a continuous filter has weight 0 and is not read. Computed at most once per output
  // (exact_x: the caller's, where it decided the coordinate exactly already).
  const double edge = s.filter.integral ? s.filter.support + sigma / 2 : s.filter.support;
  bool exact_tried = exact_x.has_value();
  int x_is_exact = -1;  // whether the double x is the exact coordinate (-1: not asked yet)
  // Taps i = base + m around x = base + frac, m an integer offset: (i - x) is the same real
  // number as (m - frac), so it rounds to the same double, but the loop runs over the
  // ≈ 2·reach offsets only, even where doubles near a huge x are more than 1 apart.
  const double floor_x = std::floor(x);
  const double frac = x - floor_x;  // exact
  const index_t base = floor_x >= 0x1p63    ? std::numeric_limits<index_t>::max()
                       : floor_x <= -0x1p63 ? std::numeric_limits<index_t>::min()
                                            : static_cast<index_t>(floor_x);
  // One offset more on each side: frac ± reach is itself rounded, and a tap exactly on the
  // support's edge must be reached to be decided (exactly) below; beyond it the weight is 0.
  const auto m_lo = static_cast<index_t>(std::ceil(frac - reach)) - 1,
             m_hi = static_cast<index_t>(std::floor(frac + reach)) + 1;
  const auto first = t.tap_index.size();
  double sum = 0.0;
  // m rises, so clamped source indices never decrease: equal ones are adjacent and merge.
  for (index_t m = m_lo; m <= m_hi; ++m) {
    const double tm = (static_cast<double>(m) - frac) * sigma;
    double wi = s.filter.tap(tm, sigma);
    // The source index in integers (clamped to the edge; `in` may be near 2^63).
    index_t i = 0;
    const bool beyond = checked_add(base, m, i);
    if (bounded && !beyond && std::fabs(std::fabs(tm) - edge) <= 0x1p-30 * (1.0 + edge)) {
      if (!exact_tried) {
        exact_tried = true;
        const exact::rational r = ex.coordinate.at(j);
        if (r.ok) exact_x = r;
      }
      if (ex.double_edge_is_exact && x_is_exact < 0)
        x_is_exact = exact_x && exact::compare(*exact_x, exact::from_double(x)) == 0 ? 1 : 0;
      // Where the double's (m - frac)·σ is itself exact (σ = 1, x exact, and m - frac without
      // rounding error: Fast2Sum, |m| ≥ 1 > frac or m = 0), its decision is the exact one.
      const double d = static_cast<double>(m) - frac;
      const bool tm_is_exact = x_is_exact == 1 && (static_cast<double>(m) - d) - frac == 0.0;
      const auto side = tm_is_exact || !exact_x ? std::nullopt : exact_support_side(i, *exact_x, ex.sigma, ex.edge);
      if (side) {
        const double on_edge = std::copysign(edge, tm);
        if (*side > 0)
          wi = 0.0;  // outside the support
        else if (*side == 0)
          wi = s.filter.integral ? 0.0 : s.filter(on_edge);  // K at the edge itself (the box's half-open end)
        else if (std::fabs(tm) >= edge) {
          // Inside, though the double says on or beyond the edge. Only a filter that jumps at
          // its edge (the box) then weighs the tap; one that vanishes continuously there gives
          // it a weight below the double's resolution, and the double's 0 stands.
          const double inside = s.filter.tap(std::copysign(std::nextafter(edge, 0.0), tm), sigma);
          if (std::fabs(inside) > 0x1p-20) wi = inside;
        }
      }
    }
    if (wi == 0.0) continue;
    const bool inside = !beyond && i >= 0 && i <= g.in - 1;
    if (s.exclude_outside && !inside) continue;
    const index_t src = inside ? i : (beyond ? m > 0 : i > 0) ? g.in - 1 : 0;
    if (t.tap_index.size() > first && t.tap_index.back() == src)
      t.tap_weight.back() += wi;
    else {
      t.tap_index.push_back(src);
      t.tap_weight.push_back(wi);
    }
    sum += wi;
  }
  return sum;
}

/// Divides the taps from `first` on by `sum` when `normalize`, then drops taps whose (merged)
/// weight is exactly zero.
inline void normalize_taps(axis_table& t, std::size_t first, bool normalize, double sum) {
  auto keep = first;
  for (auto q = first; q < t.tap_index.size(); ++q) {
    const double wi = normalize ? t.tap_weight[q] / sum : t.tap_weight[q];
    if (wi == 0.0) continue;
    t.tap_index[keep] = t.tap_index[q];
    t.tap_weight[keep] = wi;
    ++keep;
  }
  t.tap_index.resize(keep);
  t.tap_weight.resize(keep);
}

}  // namespace detail

/// Weighted table of filter s.filter (DESIGN.md rule 4). Tap i of output j has weight
/// K((i - x)·σ) (or K integrated over the tap's cell, see filter_kernel::tap), where
/// σ = min(scale, 1) with antialias (the filter stretched by 1/scale) and 1 without. Taps
/// outside [0, in-1] are clamped to the edge, or dropped with exclude_outside. Weights are
/// normalized to sum 1 with antialias, exclude_outside or normalize; taps that share a source
/// index are merged and taps of weight exactly 0 are removed (rule 10).
inline axis_table build_weighted_table(const axis_geometry& g, const sampling& s) {
  axis_table t;
  t.in = g.in;
  t.out = g.out;
  t.outside.assign(static_cast<std::size_t>(g.out), 0);
  t.tap_begin.reserve(static_cast<std::size_t>(g.out) + 1);
  t.tap_begin.push_back(0);
  const filter_kernel& k = s.filter;
  const double sigma = s.antialias ? std::min(g.scale, 1.0) : 1.0;
  const double reach = k.reach(sigma);  // half-width in input samples
  // The caller checked this bound against the plan's limits: reserving it keeps the peak
  // memory of building at what was checked (no reallocation doubles it).
  const auto bound = static_cast<std::size_t>(static_cast<double>(g.out) * table_budget::taps_per_output(reach));
  detail::reserve_large(t.tap_index, bound);
  detail::reserve_large(t.tap_weight, bound);
  const detail::exact_support ex(g, s);
  for (index_t j = 0; j < g.out; ++j) {
    double x = original_coordinate(s.coordinate_transformation_mode, static_cast<double>(j), g);
    bool outside = is_extrapolated(s.coordinate_transformation_mode, x, g.in);
    std::optional<exact::rational> exact_x;
    // Near an integer the double may miss the grid (rule 10: exactly one tap there) or the
    // extrapolation boundary: both are decided on the exact coordinate.
    if (const auto r = exact_coordinate_near_boundary(j, x, ex.coordinate)) {
      outside = exact_is_extrapolated(s.coordinate_transformation_mode, *r, g.in);
      if (const auto grid = exact_grid_point(*r)) x = *grid;
      exact_x = r;
    }
    if (outside) {
      t.outside[static_cast<std::size_t>(j)] = 1;
      t.tap_begin.push_back(static_cast<index_t>(t.tap_index.size()));
      continue;
    }
    const auto first = t.tap_index.size();
    const double sum = detail::add_taps(t, g, s, x, sigma, reach, j, ex, exact_x);
    detail::normalize_taps(t, first, (s.antialias || s.exclude_outside || s.normalize) && sum != 0.0, sum);
    const auto begin = t.tap_begin.back();
    t.tap_begin.push_back(static_cast<index_t>(t.tap_index.size()));
    t.max_taps = std::max(t.max_taps, static_cast<int>(t.tap_begin.back() - begin));
  }
  detail::reserve_large(t.tap_weight_f, t.tap_weight.size());
  t.tap_weight_f.assign(t.tap_weight.begin(), t.tap_weight.end());
  return t;
}

NDRESIZE_END_NAMESPACE
