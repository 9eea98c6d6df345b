// SPDX-License-Identifier: Apache-2.0
// What building a plan's tables will cost, bounded from above before anything is built, so
// that plan memory and build time follow what the plan produces (output extents × taps) and
// never the extents of axes that are not resized (identity tables hold no data). The ONNX and
// the Ascend boundaries both check their tables with it.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

#include "../config.hpp"
#include "../limits.hpp"

NDRESIZE_BEGIN_NAMESPACE

/// Running upper bounds of the filter evaluations and the bytes of a plan's tables.
struct table_budget {
  double taps = 0.0;   ///< filter evaluations (each may become one stored tap)
  double bytes = 0.0;  ///< bytes of the tables, and of the copies the kernels derive from them

  /// The most bytes the kernel layer may derive from one table for the CPU target that runs
  /// it (its packed copy for vector lanes, kept in the workspace): beyond it the kernels read
  /// the plain table. The budget counts two, so a plan is accepted or refused alike on every target.
  static constexpr std::size_t max_derived_bytes = std::size_t{8} << 20;

  /// Bytes per stored tap: source index, double weight, float weight.
  static constexpr double bytes_per_tap = sizeof(index_t) + sizeof(double) + sizeof(float);
  /// Bytes per output coordinate of a weighted table (row start, outside flag) and of a
  /// nearest table (source index, outside flag, packed index with its block base).
  static constexpr double bytes_per_weighted_output = sizeof(index_t) + 1;
  static constexpr double bytes_per_nearest_output = sizeof(index_t) + 1 + 2 * sizeof(std::int32_t);

  /// Most taps one output can read from a filter of half-width `reach` input samples: the
  /// integers in [x - reach, x + reach].
  static double taps_per_output(double reach) noexcept { return std::floor(2.0 * reach) + 1.0; }

  /// A weighted table of `out` outputs reading at most `per` taps each.
  void add_weighted(index_t out, double per) noexcept {
    taps += static_cast<double>(out) * per;
    bytes += static_cast<double>(out) * (per * bytes_per_tap + bytes_per_weighted_output);
  }
  /// A nearest table (one index per output, no filter evaluations).
  void add_nearest(index_t out) noexcept { bytes += static_cast<double>(out) * bytes_per_nearest_output; }
  /// The derived copies of the innermost resized axis, at their largest (max_derived_bytes each).
  void add_packed() noexcept { add_packed(static_cast<double>(max_derived_bytes)); }
  /// The derived copies of the innermost resized axis when one can take at most `each` bytes
  /// (a workspace keeps two: row-major and channels-last rows).
  void add_packed(double each) noexcept { bytes += 2.0 * std::min(each, static_cast<double>(max_derived_bytes)); }

  /// Empty when within `limits`; otherwise the reason (NaN counts as beyond).
  std::string check(const plan_limits& limits) const {
    auto num = [](double v) {
      return v < 1e18 ? std::to_string(static_cast<std::int64_t>(v)) : std::string("more than 10^18");
    };
    if (!(taps <= static_cast<double>(limits.max_table_taps)))
      return "the filter tables would need about " + num(taps) + " taps, beyond the limit of " +
             std::to_string(limits.max_table_taps) + " (plan_limits::max_table_taps; antialias at a tiny scale?)";
    if (!(bytes <= static_cast<double>(limits.max_plan_bytes)))
      return "the plan's tables would need about " + num(bytes) + " bytes, beyond the limit of " +
             std::to_string(limits.max_plan_bytes) + " (plan_limits::max_plan_bytes)";
    return {};
  }
};

NDRESIZE_END_NAMESPACE
