// SPDX-License-Identifier: Apache-2.0
// Per-axis tap tables: the whole of an axis's resampling rule baked into data. Nearest mode
// stores one source index per output coordinate; weighted filters store, per output coordinate,
// a run of (source index, weight) taps in compressed-row form. Kernels read only these tables
// (README, "Plan tables"); table_builders.hpp makes them from the specification's rules.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "../config.hpp"
#include "../shape.hpp"

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

NDRESIZE_END_NAMESPACE
