// SPDX-License-Identifier: Apache-2.0
// Per-axis tap tables: the whole of an axis's resampling rule baked into data. Nearest mode
// stores one source index per output coordinate; weighted filters store, per output coordinate,
// a run of (source index, weight) taps in compressed-row form. Kernels read only these tables.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "../config.hpp"
#include "../detail/checked_arithmetic.hpp"
#include "../policy/coordinate.hpp"
#include "../policy/filters.hpp"
#include "../policy/nearest.hpp"
#include "table_budget.hpp"

NDRESIZE_BEGIN_NAMESPACE

struct axis_table {
  index_t in = 0;
  index_t out = 0;
  /// An axis that is not resized (output j reads input j with weight 1): it holds no data, so
  /// a huge axis that is not resized costs nothing. See source() and is_outside().
  bool identity = false;
  /// Nearest: source index per output coordinate. Weighted: unused.
  std::vector<index_t> index;
  /// Weighted: taps of output j are [tap_begin[j], tap_begin[j+1]).
  std::vector<index_t> tap_begin;
  std::vector<index_t> tap_index;
  std::vector<double> tap_weight;
  std::vector<float> tap_weight_f;  ///< the same weights rounded once to float (float accumulators)
  /// tf_crop_and_resize: 1 where the output coordinate takes extrapolation_value.
  std::vector<std::uint8_t> outside;
  int max_taps = 0;
  /// Weighted: the widest index range one output reads (last - first + 1), and how many
  /// distinct source indices the whole table reads. Set by finalize().
  index_t max_span = 0;
  index_t sources_used = 0;
  /// Weighted: max_span and sources_used from the taps (the plan calls it once).
  void finalize() {
    max_span = 0;
    sources_used = 0;
    index_t prev = -1;
    for (index_t j = 0; j + 1 < static_cast<index_t>(tap_begin.size()); ++j) {
      const auto b = static_cast<std::size_t>(tap_begin[static_cast<std::size_t>(j)]);
      const auto e = static_cast<std::size_t>(tap_begin[static_cast<std::size_t>(j) + 1]);
      if (b == e) continue;
      const auto [lo, hi] = std::minmax_element(tap_index.begin() + static_cast<std::ptrdiff_t>(b),
                                                tap_index.begin() + static_cast<std::ptrdiff_t>(e));
      max_span = std::max(max_span, *hi - *lo + 1);
      // Outputs read non-decreasing index ranges, so counting new indices past `prev` counts each once.
      for (auto q = b; q < e; ++q)
        if (tap_index[q] > prev) {
          ++sources_used;
          prev = tap_index[q];
        }
    }
  }

  bool has_outside() const noexcept { return std::find(outside.begin(), outside.end(), 1) != outside.end(); }

  /// Nearest: the source index of output j.
  index_t source(index_t j) const noexcept { return identity ? j : index[static_cast<std::size_t>(j)]; }
  /// Whether output j takes extrapolation_value.
  bool is_outside(index_t j) const noexcept { return !outside.empty() && outside[static_cast<std::size_t>(j)] != 0; }

  /// Bytes the table holds (what plan_limits::max_plan_bytes bounds).
  std::size_t bytes() const noexcept {
    auto of = [](const auto& v) { return v.capacity() * sizeof(v[0]); };
    return of(index) + of(tap_begin) + of(tap_index) + of(tap_weight) + of(tap_weight_f) + of(outside);
  }

  /// True when the table maps every output j to input j with weight 1: the axis needs no pass.
  bool is_identity() const noexcept {
    if (identity) return true;
    if (in != out || has_outside()) return false;
    if (index.empty() && tap_begin.empty()) return out == 0;  // a table of an empty output
    if (!index.empty() || tap_begin.empty()) {
      for (index_t j = 0; j < out; ++j)
        if (index[static_cast<std::size_t>(j)] != j) return false;
      return true;
    }
    for (index_t j = 0; j < out; ++j) {
      const auto b = static_cast<std::size_t>(tap_begin[static_cast<std::size_t>(j)]);
      if (tap_begin[static_cast<std::size_t>(j) + 1] - tap_begin[static_cast<std::size_t>(j)] != 1 ||
          tap_index[b] != j || tap_weight[b] != 1.0)
        return false;
    }
    return true;
  }
};

/// An axis that is not resized: output j reads input j (no data, whatever n is).
inline axis_table identity_table(index_t n) noexcept {
  axis_table t;
  t.in = t.out = n;
  t.identity = true;
  t.max_taps = n > 0 ? 1 : 0;
  return t;
}

/// The table of an axis of a plan that produces no output (in and out only, no data).
inline axis_table unbuilt_table(index_t in, index_t out) noexcept {
  axis_table t;
  t.in = in;
  t.out = out;
  return t;
}

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
  t.index.resize(static_cast<std::size_t>(g.out));
  t.outside.assign(static_cast<std::size_t>(g.out), 0);
  for (index_t j = 0; j < g.out; ++j) {
    const double x = original_coordinate(s.coordinate_transformation_mode, static_cast<double>(j), g);
    if (is_extrapolated(s.coordinate_transformation_mode, x, g.in)) {
      t.outside[static_cast<std::size_t>(j)] = 1;
      t.index[static_cast<std::size_t>(j)] = 0;
      continue;
    }
    t.index[static_cast<std::size_t>(j)] = nearest_index(s.nearest_mode, s.rounding, g.scale, x, g.in);
  }
  return t;
}

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
  const double last = static_cast<double>(g.in - 1);
  // The caller checked this bound against the plan's limits: reserving it keeps the peak
  // memory of building at what was checked (no reallocation doubles it).
  const auto bound = static_cast<std::size_t>(static_cast<double>(g.out) * table_budget::taps_per_output(reach));
  t.tap_index.reserve(bound);
  t.tap_weight.reserve(bound);
  for (index_t j = 0; j < g.out; ++j) {
    double x = original_coordinate(s.coordinate_transformation_mode, static_cast<double>(j), g);
    if (is_extrapolated(s.coordinate_transformation_mode, x, g.in)) {
      t.outside[static_cast<std::size_t>(j)] = 1;
      t.tap_begin.push_back(static_cast<index_t>(t.tap_index.size()));
      continue;
    }
    // Far outside the input every tap clamps to the same edge: bound x so the loop stays short.
    if (!(x >= -reach - 1)) x = -reach - 1;
    if (!(x <= last + reach + 1)) x = last + reach + 1;
    // Taps i = base + m around x = base + frac, m an integer offset: (i - x) is the same real
    // number as (m - frac), so it rounds to the same double, but the loop runs over the
    // ≈ 2·reach offsets only, even where doubles near a huge x are more than 1 apart.
    const double floor_x = std::floor(x);
    const double frac = x - floor_x;  // exact
    const index_t base = floor_x >= 0x1p63    ? std::numeric_limits<index_t>::max()
                         : floor_x <= -0x1p63 ? std::numeric_limits<index_t>::min()
                                              : static_cast<index_t>(floor_x);
    const auto m_lo = static_cast<index_t>(std::ceil(frac - reach)),
               m_hi = static_cast<index_t>(std::floor(frac + reach));
    const auto first = t.tap_index.size();
    double sum = 0.0;
    // m rises, so clamped source indices never decrease: equal ones are adjacent and merge.
    for (index_t m = m_lo; m <= m_hi; ++m) {
      const double wi = k.tap((static_cast<double>(m) - frac) * sigma, sigma);
      if (wi == 0.0) continue;
      // The source index in integers (clamped to the edge; `in` may be near 2^63).
      index_t i = 0;
      const bool beyond = detail::checked_add(base, m, i);
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
    // Normalize, then drop taps whose (merged) weight is exactly zero.
    const bool normalize = (s.antialias || s.exclude_outside || s.normalize) && sum != 0.0;
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
    const auto begin = t.tap_begin.back();
    t.tap_begin.push_back(static_cast<index_t>(t.tap_index.size()));
    t.max_taps = std::max(t.max_taps, static_cast<int>(t.tap_begin.back() - begin));
  }
  t.tap_weight_f.assign(t.tap_weight.begin(), t.tap_weight.end());
  return t;
}

NDRESIZE_END_NAMESPACE
