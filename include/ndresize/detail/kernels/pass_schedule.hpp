// SPDX-License-Identifier: Apache-2.0
// The order in which the weighted passes run. Intermediates stay in the accumulator type, so
// each pass order rounds differently; the order is therefore the plan's own pass_order(), a
// rule over its logical shapes and tables only (README, "Numeric contract", rule 11) — never
// strides, the element type, the CPU target, the thread count or a kernel's packing limits —
// and one tensor gives the same bits in every layout, on every target.
#pragma once

#include <algorithm>
#include <array>

#include "../../config.hpp"
#include "../../element.hpp"
#include "../../plan/resize_plan.hpp"

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

/// plan.pass_order(), with its last two passes marked as the pair when they are (h, w) in
/// either order. `T` does not take part (the order is the same for every element type); it
/// stays for the callers that schedule per element type.
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
  const int last = s.order[s.order.size() - 1], before_last = s.order[s.order.size() - 2];
  if (!((last == w && before_last == h) || (last == h && before_last == w))) return s;
  s.paired = true;
  s.h = h;
  s.w = w;
  s.h_first = last == h;
  return s;
}

}  // namespace detail

NDRESIZE_END_NAMESPACE
