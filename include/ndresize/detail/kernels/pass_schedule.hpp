// SPDX-License-Identifier: Apache-2.0
// The order in which the weighted passes run. Intermediates stay in the accumulator type, so
// each pass order rounds differently; the order is therefore chosen from the plan's logical
// shapes and tables and the element type only — never from strides, the CPU target or the
// thread count — and one tensor gives the same bits in every layout, on every target.
#pragma once

#include <algorithm>
#include <array>
#include <type_traits>

#include "../../config.hpp"
#include "../../element.hpp"
#include "../../plan/resize_plan.hpp"
#include "packed_taps.hpp"

NDRESIZE_BEGIN_NAMESPACE
namespace detail {

/// A short list of axes kept inline, so that execution allocates nothing.
struct axis_list {
  std::array<int, max_rank> v{};
  int n = 0;
  void push_back(int a) noexcept { v[static_cast<std::size_t>(n++)] = a; }
  const int* begin() const noexcept { return v.data(); }
  const int* end() const noexcept { return v.data() + n; }
  int operator[](std::size_t i) const noexcept { return v[i]; }
  std::size_t size() const noexcept { return static_cast<std::size_t>(n); }
  bool empty() const noexcept { return n == 0; }
};

/// Elements per position along `axis` in a row-major tensor of `extents` (the product of the
/// extents after it, saturating at 2^32, beyond which nothing is packed).
inline index_t elements_after(const dims& extents, int axis) noexcept {
  index_t pixel = 1;
  for (int e = axis + 1; e < extents.size(); ++e) {
    const index_t x = std::max<index_t>(extents[e], 1);
    pixel = pixel > (index_t{1} << 32) / x ? index_t{1} << 32 : pixel * x;
  }
  return pixel;
}

/// The innermost axis a weighted plan resamples (the only one resampled along rows), or -1.
inline int innermost_pass(const resize_plan& plan) noexcept {
  const auto& p = plan.pass_order();
  return p.empty() ? -1 : *std::max_element(p.begin(), p.end());
}

/// Every pass in execution order. When the last two are the pair (h, w) — the innermost
/// resized axis w and the next resized axis h, with only extent-1 axes between them — the
/// executor may fuse them over a row buffer, in the same order and with the same roundings.
struct pass_schedule {
  axis_list order;
  bool paired = false;
  int h = -1, w = -1;
  bool h_first = false;  ///< the pair runs w then h (resample rows first, then blend them)
};

/// plan.pass_order() (shrinking axes first), except that the innermost pair goes last, in the
/// order a cost model of the vector kernels prefers: in vector multiply-adds, a row blend
/// costs 1 per element and tap; resampling along a row 1.5 where 16-lane windows fit, 4 with
/// gathers from a row just blended (in L1) or 8 from source rows, 16 otherwise. The constants
/// are fixed, whatever target runs, so every target computes the same roundings.
template <interpolatable T>
pass_schedule schedule_passes(const resize_plan& plan) {
  pass_schedule s;
  for (int p : plan.pass_order()) s.order.push_back(p);
  if (s.order.size() < 2) return s;
  const int w = innermost_pass(plan);
  int h = -1;
  for (int p : s.order)
    if (p != w) h = std::max(h, p);
  const dims& in = plan.input_shape();
  for (int d = h + 1; d < w; ++d)
    if (in[d] != 1) return s;
  axis_list prefix;
  for (int p : s.order)
    if (p != w && p != h) prefix.push_back(p);
  const auto& th = plan.table(h);
  const auto& tw = plan.table(w);
  const index_t block = elements_after(in, w);
  const auto fit16 = packed_taps::survey(16, block, tw.in, tw.out, tw.tap_begin, tw.tap_index, tw.max_taps);
  auto resample_cost = [&](bool float_rows, bool reads_source) {
    if (fit16.usable && fit16.all_fit) return 1.5;
    if (fit16.usable && float_rows) return reads_source ? 8.0 : 4.0;
    return 16.0;
  };
  constexpr bool float_acc = std::is_same_v<accumulator_t<T>, float>;
  const bool float_src = prefix.empty() ? std::is_same_v<T, float> : float_acc;
  const double blk = static_cast<double>(block);
  const double taps_h = static_cast<double>(th.tap_index.size()), taps_w = static_cast<double>(tw.tap_index.size());
  const double v_first = taps_h * static_cast<double>(in[w]) * blk +
                         static_cast<double>(th.out) * taps_w * blk * resample_cost(float_acc, false);
  const double h_first = static_cast<double>(th.sources_used) * taps_w * blk * resample_cost(float_src, true) +
                         taps_h * static_cast<double>(tw.out) * blk;
  s.order = prefix;
  s.paired = true;
  s.h = h;
  s.w = w;
  s.h_first = h_first < v_first;
  s.order.push_back(s.h_first ? w : h);
  s.order.push_back(s.h_first ? h : w);
  return s;
}

}  // namespace detail

NDRESIZE_END_NAMESPACE
