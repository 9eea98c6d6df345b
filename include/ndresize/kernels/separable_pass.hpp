// SPDX-License-Identifier: Apache-2.0
// One weighted 1-D pass along axis k: dst[.., j, ..] = Σ_taps w · src[.., i, ..]. The taps of
// an output coordinate are summed in table order, so the result does not depend on how the
// loops are blocked or vectorized.
#pragma once

#include <algorithm>
#include <type_traits>

#include "../detail/nd_loop.hpp"
#include "../element.hpp"
#include "../plan/axis_table.hpp"
#include "../shape.hpp"

namespace ndresize::detail {

template <class Acc, class Src>
inline Acc load(const Src& v) noexcept {
  if constexpr (std::is_same_v<Src, Acc>)
    return v;
  else
    return to_accumulator<Src>(v);
}

template <class Dst, class Acc>
inline Dst store(const Acc& v) noexcept {
  if constexpr (std::is_same_v<Dst, Acc>)
    return v;
  else
    return from_accumulator<Dst>(v);
}

template <class Acc>
inline const weight_t<Acc>* weights_of(const axis_table& t) noexcept {
  if constexpr (std::is_same_v<weight_t<Acc>, float>)
    return t.tap_weight_f.data();
  else
    return t.tap_weight.data();
}

/// One pass along `axis`. `extents` are the source extents; the destination has the same
/// extents except table.out along `axis`. Strides are in elements.
template <class Acc, class Src, class Dst>
void weighted_pass(const Src* src, const dims& src_strides, Dst* dst, const dims& dst_strides, const dims& extents,
                   int axis, const axis_table& t) noexcept {
  using W = weight_t<Acc>;
  const W* w = weights_of<Acc>(t);
  const index_t* ti = t.tap_index.data();
  const index_t* tb = t.tap_begin.data();
  const index_t sk = src_strides[axis], dk = dst_strides[axis];
  const index_t out = t.out;

  // Axes other than `axis`, coalesced; the last one after `axis` becomes the inner line.
  loop_axes outer, inner;
  for (int d = 0; d < extents.size(); ++d)
    if (d < axis) outer.push(extents[d], src_strides[d], dst_strides[d]);
  for (int d = axis + 1; d < extents.size(); ++d) inner.push(extents[d], src_strides[d], dst_strides[d]);
  if (outer.empty_box() || inner.empty_box()) return;

  if (inner.n == 0) {
    // Horizontal: the pass axis is innermost; each output sums taps along the row.
    for_each_offset(outer, outer.n, 0, 0, [&](index_t oa, index_t ob) {
      const Src* s = src + oa;
      Dst* d = dst + ob;
      for (index_t j = 0; j < out; ++j) {
        Acc acc{};
        for (index_t q = tb[j]; q < tb[j + 1]; ++q) acc += w[q] * load<Acc>(s[ti[q] * sk]);
        d[j * dk] = store<Dst>(acc);
      }
    });
    return;
  }

  // Vertical: every output line is a weighted sum of whole source lines. Lines run along the
  // last inner axis; the other inner axes join the outer loop.
  const int last = inner.n - 1;
  const index_t len = inner.extent[last], sa = inner.a[last], sb = inner.b[last];
  constexpr index_t block = 256;
  for_each_offset(outer, outer.n, 0, 0, [&](index_t oa, index_t ob) {
    for (index_t j = 0; j < out; ++j) {
      for_each_offset(inner, last, oa, ob + j * dk, [&](index_t ia, index_t ib) {
        Dst* d = dst + ib;
        for (index_t l0 = 0; l0 < len; l0 += block) {
          const index_t n = std::min(block, len - l0);
          Acc acc[block];
          std::fill_n(acc, n, Acc{});
          for (index_t q = tb[j]; q < tb[j + 1]; ++q) {
            const Src* s = src + ia + ti[q] * sk + l0 * sa;
            const W wq = w[q];
            if (sa == 1)
              for (index_t l = 0; l < n; ++l) acc[l] += wq * load<Acc>(s[l]);
            else
              for (index_t l = 0; l < n; ++l) acc[l] += wq * load<Acc>(s[l * sa]);
          }
          if (sb == 1)
            for (index_t l = 0; l < n; ++l) d[l0 + l] = store<Dst>(acc[l]);
          else
            for (index_t l = 0; l < n; ++l) d[(l0 + l) * sb] = store<Dst>(acc[l]);
        }
      });
    }
  });
}

}  // namespace ndresize::detail
