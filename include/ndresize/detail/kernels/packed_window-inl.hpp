// SPDX-License-Identifier: Apache-2.0
// The horizontal pass over a contiguous row through the plan's packed taps (packed_taps.hpp):
// per block of `lanes` outputs one window load (window), two (window2), or none (gather), then
// per tap slot a lane lookup (or a gather), a multiply and an add on the lanes that have that
// tap. Written once against the vector vocabulary; row_ops.hpp includes it after blend-inl.hpp
// (whose load_lanes / store_lanes it uses) once per target: deliberately no include guard.
//
// Lane f of a block sums, in table order, the first product (lanes without taps: 0), then
// + w_t · s[base + offset_t] for each further slot t it has: resample_body's operations and
// order, so every target gives its bits.

/// The sources of a block's tap slot: a lookup in one window...
struct one_window {
  hn::VF v;
  hn::VF operator()(const std::int32_t* off) const noexcept {
    return hn::TableLookupLanes(v, hn::LoadIndices(hn::Df{}, off));
  }
};
/// ...in two consecutive windows...
struct two_windows {
  hn::VF lo, hi;
  hn::VF operator()(const std::int32_t* off) const noexcept {
    return hn::TwoTablesLookupLanes(lo, hi, hn::LoadIndices(hn::Df{}, off));
  }
};
/// ...or a gather from the row (float rows only).
struct gathered {
  const float* s;
  hn::VF operator()(const std::int32_t* off) const noexcept { return hn::GatherOffsets(hn::Df{}, s, off); }
};

/// Σ over the block's slots, in table order, of w_t · sources_t on the lanes that have tap t.
template <class Sources>
NDRESIZE_ALWAYS_INLINE hn::VF sum_slots(const Sources& sources, const std::int32_t* off, const float* w,
                                        const std::uint32_t* m, std::size_t slots) noexcept {
  const hn::Df df;
  hn::VF acc = hn::IfThenElseZero(hn::MaskFromBits(df, m[0]), hn::Mul(hn::LoadU(df, w), sources(off)));
  for (std::size_t t = 1; t < slots && m[t] != 0; ++t) {
    const std::size_t k = t * static_cast<std::size_t>(lanes);
    const hn::VF prod = hn::Mul(hn::LoadU(df, w + k), sources(off + k));
    acc = hn::IfThenElse(hn::MaskFromBits(df, m[t]), hn::Add(acc, prod), acc);
  }
  return acc;
}

/// `n` (≥ 1) source elements from s as one vector (the rest zero, nothing read past n).
template <class Src>
NDRESIZE_ALWAYS_INLINE hn::VF load_window(const Src* s, index_t n) noexcept {
  return n >= lanes ? load_lanes<Src>(s) : load_lanes<Src>(s, n);
}

/// d[f] for the flattened outputs f of a row of `out_pixels` pixels from the row s of
/// `in_pixels` pixels (p.pixel elements each); p built for `lanes` lanes. Gather blocks need a
/// float row (the caller checks p.gathers). AllFit: every block is a window (p.all_fit), the
/// loop without the per-block choice (with it, W5 and W7 of bench/ took 1.1 to 1.2 x the time).
template <bool AllFit, class Src, class Dst>
void resample_packed(Dst* d, const Src* s, index_t in_pixels, index_t out_pixels, const packed_taps& p) noexcept {
  const index_t in = in_pixels * p.pixel, out = out_pixels * p.pixel;
  const index_t blocks = (out + lanes - 1) / lanes;
  const auto slots = static_cast<std::size_t>(p.slots);
  for (index_t b = 0; b < blocks; ++b) {
    const index_t base = p.base[static_cast<std::size_t>(b)];
    const index_t avail = in - base;
    const std::size_t at = static_cast<std::size_t>(b) * slots;
    const std::int32_t* off = p.offset.data() + at * static_cast<std::size_t>(lanes);
    const float* w = p.weight.data() + at * static_cast<std::size_t>(lanes);
    const std::uint32_t* m = p.mask.data() + at;
    hn::VF acc;
    if constexpr (AllFit) {
      acc = sum_slots(one_window{load_window<Src>(s + base, avail)}, off, w, m, slots);
    } else {
      switch (p.kind[static_cast<std::size_t>(b)]) {
        case block_kind::window:
          acc = sum_slots(one_window{load_window<Src>(s + base, avail)}, off, w, m, slots);
          break;
        case block_kind::window2: {
          const hn::VF lo = load_window<Src>(s + base, avail);
          const hn::VF hi = avail > lanes ? load_window<Src>(s + base + lanes, avail - lanes) : hn::Zero(hn::Df{});
          acc = sum_slots(two_windows{lo, hi}, off, w, m, slots);
          break;
        }
        default:  // gather, pair_gather
          if constexpr (std::is_same_v<Src, float>)
            acc = sum_slots(gathered{s + base}, off, w, m, slots);
          else
            acc = hn::Zero(hn::Df{});  // not reached: resample sends such rows to resample_body
          break;
      }
    }
    const index_t left = out - b * lanes;
    if (left >= lanes)
      store_lanes<Dst>(acc, d + b * lanes);
    else
      store_lanes<Dst>(acc, d + b * lanes, left);
  }
}

/// Whether `a` is a row pass this target's packed taps cover: the packed copy was built for its
/// lanes, gathers (if any) read float rows, and rows are contiguous pixels.
template <class Src, class Dst>
NDRESIZE_ALWAYS_INLINE bool packed_covers(const resample_args<Src, Dst>& a) noexcept {
  const packed_taps* p = a.packed;
  return p != nullptr && p->lanes == lanes && (!p->gathers || std::is_same_v<Src, float>)&&a.block == p->pixel &&
         a.sj == a.block && a.dj == a.block && (a.block == 1 || (a.sc == 1 && a.dc == 1));
}

/// This target's resample (SSE4.1, AVX2, NEON): the channels' blend, the packed taps, else
/// resample_body.
template <class Acc, class Src, class Dst>
void resample(const resample_args<Src, Dst>& a) noexcept {
  if (resample_contiguous_channels<Acc>(a)) return;
  if constexpr (std::is_same_v<Acc, float> && loadable<Src> && storable<Dst>) {
    if (packed_covers(a)) {
      const packed_taps& p = *a.packed;
      for (index_t r = 0; r < a.rows; ++r)
        if (p.all_fit)
          resample_packed<true, Src, Dst>(a.d + r * a.d_row, a.s + r * a.s_row, a.table->in, a.table->out, p);
        else
          resample_packed<false, Src, Dst>(a.d + r * a.d_row, a.s + r * a.s_row, a.table->in, a.table->out, p);
      return;
    }
  }
  for (index_t r = 0; r < a.rows; ++r) resample_body<Acc, Src, Dst>(a.row(r));
}
