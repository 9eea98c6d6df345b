// SPDX-License-Identifier: Apache-2.0
// The horizontal pass over a contiguous row through the plan's packed taps (packed_taps.hpp)
// whose blocks all fit one window of `lanes` source elements: per block one window load, then
// per tap slot a lane lookup, a multiply and an add on the lanes that have that tap. Written
// once against the vector vocabulary; row_ops.hpp includes it after blend-inl.hpp (whose
// load_lanes / store_lanes it uses) once per target: deliberately no include guard.
//
// Lane f of a block sums, in table order, the first product (lanes without taps: 0), then
// + w_t · s[base + offset_t] for each further slot t it has: resample_body's operations and
// order, so every target gives its bits.

/// d[f] for the flattened outputs f of a row of `out_pixels` pixels from the row s of
/// `in_pixels` pixels (p.pixel elements each); p built for `lanes` lanes with every block fitting.
template <class Src, class Dst>
void resample_window(Dst* d, const Src* s, index_t in_pixels, index_t out_pixels, const packed_taps& p) noexcept {
  const hn::Df df;
  const index_t in = in_pixels * p.pixel, out = out_pixels * p.pixel;
  const index_t blocks = (out + lanes - 1) / lanes;
  const auto slots = static_cast<std::size_t>(p.slots);
  for (index_t b = 0; b < blocks; ++b) {
    const index_t base = p.base[static_cast<std::size_t>(b)];
    const index_t avail = in - base;
    const hn::VF win = avail >= lanes ? load_lanes<Src>(s + base) : load_lanes<Src>(s + base, avail);
    const std::size_t at = static_cast<std::size_t>(b) * slots;
    const std::int32_t* off = p.offset.data() + at * static_cast<std::size_t>(lanes);
    const float* w = p.weight.data() + at * static_cast<std::size_t>(lanes);
    const std::uint32_t* m = p.mask.data() + at;
    hn::VF acc = hn::IfThenElseZero(hn::MaskFromBits(df, m[0]),
                                    hn::Mul(hn::LoadU(df, w), hn::TableLookupLanes(win, hn::LoadIndices(df, off))));
    for (std::size_t t = 1; t < slots && m[t] != 0; ++t) {
      const std::size_t k = t * static_cast<std::size_t>(lanes);
      const hn::VF prod = hn::Mul(hn::LoadU(df, w + k), hn::TableLookupLanes(win, hn::LoadIndices(df, off + k)));
      acc = hn::IfThenElse(hn::MaskFromBits(df, m[t]), hn::Add(acc, prod), acc);
    }
    const index_t left = out - b * lanes;
    if (left >= lanes)
      store_lanes<Dst>(acc, d + b * lanes);
    else
      store_lanes<Dst>(acc, d + b * lanes, left);
  }
}

/// Whether `a` is a row pass this target's packed taps cover: the packed copy was built for its
/// lanes with every block fitting, and rows are contiguous pixels.
template <class Src, class Dst>
NDRESIZE_ALWAYS_INLINE bool window_covers(const resample_args<Src, Dst>& a) noexcept {
  const packed_taps* p = a.packed;
  return p != nullptr && p->lanes == lanes && p->all_fit && a.block == p->pixel && a.sj == a.block && a.dj == a.block &&
         (a.block == 1 || (a.sc == 1 && a.dc == 1));
}

/// This target's resample (SSE4.1, NEON): the channels' blend, the packed window, else
/// resample_body.
template <class Acc, class Src, class Dst>
void resample(const resample_args<Src, Dst>& a) noexcept {
  if (resample_contiguous_channels<Acc>(a)) return;
  if constexpr (std::is_same_v<Acc, float> && loadable<Src> && storable<Dst>) {
    if (window_covers(a)) {
      for (index_t r = 0; r < a.rows; ++r)
        resample_window<Src, Dst>(a.d + r * a.d_row, a.s + r * a.s_row, a.table->in, a.table->out, *a.packed);
      return;
    }
  }
  for (index_t r = 0; r < a.rows; ++r) resample_body<Acc, Src, Dst>(a.row(r));
}
