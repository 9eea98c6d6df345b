// SPDX-License-Identifier: Apache-2.0
// Per-axis tap tables: the whole of an axis's resampling rule baked into data. Nearest mode
// stores one source index per output coordinate; weighted filters store, per output coordinate,
// a run of (source index, weight) taps in compressed-row form. Kernels read only these tables
// (README, "Plan tables"); table_builders.hpp makes them from the specification's rules.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
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
  /// Weighted: max_span and sources_used from the taps (the plan calls it once). Outputs may
  /// read their sources in any order (a tf_crop_and_resize roi whose start is past its end
  /// reads them backwards), so the distinct sources are counted from a sorted copy.
  void finalize() {
    max_span = 0;
    for (index_t j = 0; j + 1 < static_cast<index_t>(tap_begin.size()); ++j) {
      const auto b = static_cast<std::ptrdiff_t>(tap_begin[static_cast<std::size_t>(j)]);
      const auto e = static_cast<std::ptrdiff_t>(tap_begin[static_cast<std::size_t>(j) + 1]);
      if (b == e) continue;
      const auto [lo, hi] = std::minmax_element(tap_index.begin() + b, tap_index.begin() + e);
      max_span = std::max(max_span, *hi - *lo + 1);
    }
    std::vector<index_t> sources(tap_index);
    std::sort(sources.begin(), sources.end());
    sources_used = static_cast<index_t>(std::unique(sources.begin(), sources.end()) - sources.begin());
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

  /// Empty when this is a valid table (README, "Plan tables") of an axis of `extent` inputs
  /// in a nearest (`weighted` false) or weighted plan; otherwise what is wrong. A plan that
  /// produces no output (`produces` false) may leave resized axes without data.
  std::string check(bool weighted, index_t extent, bool produces) const {
    const auto at = [](const char* field, std::size_t i) { return std::string(field) + "[" + std::to_string(i) + "]"; };
    const auto num = [](index_t v) { return std::to_string(v); };
    if (in != extent) return "in = " + num(in) + " differs from the input extent " + num(extent);
    if (out < 0) return "out = " + num(out) + " must be >= 0";
    const bool no_data = index.empty() && tap_begin.empty() && tap_index.empty() && tap_weight.empty() &&
                         tap_weight_f.empty() && outside.empty();
    if (identity) {
      if (in != out) return "an identity table needs in == out (got " + num(in) + " and " + num(out) + ")";
      return no_data ? std::string() : "an identity table holds no index, tap or outside data";
    }
    if (!produces && no_data) return {};
    if (!outside.empty()) {
      if (outside.size() != static_cast<std::size_t>(out))
        return "outside has " + std::to_string(outside.size()) + " entries for " + num(out) + " outputs (or none)";
      for (std::size_t j = 0; j < outside.size(); ++j)
        if (outside[j] > 1) return at("outside", j) + " = " + std::to_string(outside[j]) + " must be 0 or 1";
    }
    const auto in_range = [&](const char* field, const std::vector<index_t>& v) -> std::string {
      for (std::size_t i = 0; i < v.size(); ++i)
        if (v[i] < 0 || v[i] >= in) return at(field, i) + " = " + num(v[i]) + " is outside [0, " + num(in) + ")";
      return {};
    };
    if (!weighted) {
      if (!tap_begin.empty() || !tap_index.empty() || !tap_weight.empty() || !tap_weight_f.empty())
        return "a nearest table holds index only (no taps)";
      if (index.size() != static_cast<std::size_t>(out))
        return "index has " + std::to_string(index.size()) + " entries for " + num(out) + " outputs";
      return in_range("index", index);
    }
    if (!index.empty()) return "a weighted table holds taps only (index must be empty)";
    if (tap_begin.size() != static_cast<std::size_t>(out) + 1)
      return "tap_begin has " + std::to_string(tap_begin.size()) + " entries for " + num(out) +
             " outputs (out + 1 needed)";
    if (tap_begin.front() != 0) return "tap_begin[0] = " + num(tap_begin.front()) + " must be 0";
    int widest = 0;
    for (std::size_t j = 0; j + 1 < tap_begin.size(); ++j) {
      const index_t n = tap_begin[j + 1] - tap_begin[j];
      if (n < 0) return at("tap_begin", j + 1) + " = " + num(tap_begin[j + 1]) + " is below " + at("tap_begin", j);
      widest = static_cast<int>(std::min<index_t>(std::max<index_t>(widest, n), index_t{1} << 30));
    }
    if (tap_begin.back() != static_cast<index_t>(tap_index.size()))
      return "tap_begin[out] = " + num(tap_begin.back()) + " differs from the " + std::to_string(tap_index.size()) +
             " entries of tap_index";
    if (tap_weight.size() != tap_index.size() || tap_weight_f.size() != tap_index.size())
      return "tap_weight and tap_weight_f need one entry per tap (" + std::to_string(tap_index.size()) + "), got " +
             std::to_string(tap_weight.size()) + " and " + std::to_string(tap_weight_f.size());
    if (std::string bad = in_range("tap_index", tap_index); !bad.empty()) return bad;
    for (std::size_t q = 0; q < tap_weight.size(); ++q) {
      if (!std::isfinite(tap_weight[q]))
        return at("tap_weight", q) + " = " + std::to_string(tap_weight[q]) + " is not finite";
      if (tap_weight_f[q] != static_cast<float>(tap_weight[q]))
        return at("tap_weight_f", q) + " = " + std::to_string(tap_weight_f[q]) + " is not tap_weight rounded to float";
    }
    if (max_taps != widest)
      return "max_taps = " + std::to_string(max_taps) + " differs from the widest tap run, " + std::to_string(widest);
    return {};
  }

  /// True when the table maps every output j to input j with weight 1: the axis needs no pass.
  bool is_identity() const noexcept {
    if (identity) return true;
    if (in != out || has_outside()) return false;
    // A table without data (a plan with no output leaves its resized axes so, see
    // unbuilt_table) maps nothing; only an empty axis is trivially the identity.
    if (index.empty() && tap_begin.empty()) return out == 0;
    if (!index.empty()) {
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
