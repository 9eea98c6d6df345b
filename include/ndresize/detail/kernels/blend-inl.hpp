// SPDX-License-Identifier: Apache-2.0
// The row blend (a weighted sum of whole contiguous rows: the pass along an outer axis, and the
// channels of a channels-last row) written once against the vector vocabulary (detail/simd/).
// row_ops.hpp includes this text once per target, inside detail::N_<TARGET> where `hn` names
// that target's backend and inside its target region: deliberately no include guard.
//
// Every output lane is the same sum as blend_body's: the first product, then + w_q · row_q for
// q = 1, 2, … in table order, one rounding per operation (no contraction), then the store rule.
// So the lane count, the blocking and the tails never change a bit.

/// Sources the backend widens to float exactly, and destinations it narrows through the store rule.
template <class Src>
inline constexpr bool loadable = std::is_same_v<Src, float> || hn::template Promotable<simd_lane_t<Src>>;
template <class Dst>
inline constexpr bool storable = std::is_same_v<Dst, float> || hn::template Demotable<Dst>;

inline constexpr index_t lanes = static_cast<index_t>(hn::Lanes(hn::Df{}));

template <class Src>
NDRESIZE_ALWAYS_INLINE hn::VF load_lanes(const Src* p) noexcept {
  if constexpr (std::is_same_v<Src, float>)
    return hn::LoadU(hn::Df{}, p);
  else
    return hn::PromoteTo(hn::Df{}, reinterpret_cast<const simd_lane_t<Src>*>(p));
}
template <class Src>
NDRESIZE_ALWAYS_INLINE hn::VF load_lanes(const Src* p, index_t n) noexcept {
  if constexpr (std::is_same_v<Src, float>)
    return hn::LoadN(hn::Df{}, p, static_cast<std::size_t>(n));
  else
    return hn::PromoteN(hn::Df{}, reinterpret_cast<const simd_lane_t<Src>*>(p), static_cast<std::size_t>(n));
}
template <class Dst>
NDRESIZE_ALWAYS_INLINE void store_lanes(hn::VF v, Dst* p) noexcept {
  if constexpr (std::is_same_v<Dst, float>)
    hn::StoreU(v, hn::Df{}, p);
  else
    hn::DemoteTo(v, hn::Df{}, p);
}
template <class Dst>
NDRESIZE_ALWAYS_INLINE void store_lanes(hn::VF v, Dst* p, index_t n) noexcept {
  if constexpr (std::is_same_v<Dst, float>)
    hn::StoreN(v, hn::Df{}, p, static_cast<std::size_t>(n));
  else
    hn::DemoteN(v, hn::Df{}, p, static_cast<std::size_t>(n));
}

/// Σ w_q · r_q[l .. l + lanes) for q < Taps (≤ 4); with n, only the first n lanes are read.
template <int Taps, class Src, class... N>
NDRESIZE_ALWAYS_INLINE hn::VF blend_lanes(const Src* const* r, const hn::VF* w, index_t l, N... n) noexcept {
  hn::VF v = hn::Mul(w[0], load_lanes<Src>(r[0] + l, n...));
  if constexpr (Taps > 1) v = hn::Add(v, hn::Mul(w[1], load_lanes<Src>(r[1] + l, n...)));
  if constexpr (Taps > 2) v = hn::Add(v, hn::Mul(w[2], load_lanes<Src>(r[2] + l, n...)));
  if constexpr (Taps > 3) v = hn::Add(v, hn::Mul(w[3], load_lanes<Src>(r[3] + l, n...)));
  return v;
}

/// Elements [from, len) of a blend of Taps rows: whole vectors, then the tail as one more whole
/// vector ending at len when the span has one (it rewrites some outputs with the same bits:
/// every lane is computed alone; cheaper than partial loads and stores through a buffer), else
/// as a partial vector.
template <int Taps, class Src, class Dst>
NDRESIZE_ALWAYS_INLINE void blend_span(Dst* d, const Src* const* r, const hn::VF* w, index_t from,
                                       index_t len) noexcept {
  index_t l = from;
  for (; l + lanes <= len; l += lanes) store_lanes<Dst>(blend_lanes<Taps>(r, w, l), d + l);
  if (l == len) return;
  if (len - from >= lanes)
    store_lanes<Dst>(blend_lanes<Taps>(r, w, len - lanes), d + len - lanes);
  else
    store_lanes<Dst>(blend_lanes<Taps>(r, w, l, len - l), d + l, len - l);
}

/// The streamed vectors of a blend of float rows from l (d + l aligned) while the rows sit at
/// the same distance k (0 < k < lanes) past their own vector boundaries, so that every source
/// load there would straddle two vectors: blends of aligned source vectors, each output vector
/// the lanes k .. k + lanes of two neighbours (one two-table lookup). Each lane still blends
/// the same elements with the same operations; no load past len. Returns where it stopped
/// (fewer than 2 vectors before len; rows at other distances, or at none: l unchanged).
template <int Taps>
NDRESIZE_ALWAYS_INLINE index_t stream_realigned(float* d, const float* const* r, const hn::VF* w, index_t l,
                                                index_t len) noexcept {
  constexpr auto bytes = static_cast<std::uintptr_t>(lanes) * sizeof(float);
  const auto at = reinterpret_cast<std::uintptr_t>(r[0] + l);
  NDRESIZE_UNROLLED
  for (int q = 1; q < Taps; ++q)
    if ((reinterpret_cast<std::uintptr_t>(r[q] + l) & (bytes - 1)) != (at & (bytes - 1))) return l;
  if (at % sizeof(float) != 0) return l;
  const auto k = static_cast<index_t>((at & (bytes - 1)) / sizeof(float));
  if (k == 0) return l;
  if (l < k) {  // the first aligned source vector would start before the rows
    if (l + lanes > len) return l;
    hn::Stream(blend_lanes<Taps>(r, w, l), hn::Df{}, d + l);
    l += lanes;
  }
  if (l - k + 2 * lanes > len) return l;  // no pair of aligned vectors left within the rows
  std::int32_t shift[lanes];
  for (index_t i = 0; i < lanes; ++i) shift[i] = static_cast<std::int32_t>(k + i);
  const auto idx = hn::LoadIndices(hn::Df{}, shift);
  hn::VF lo = blend_lanes<Taps>(r, w, l - k);
  for (; l - k + 2 * lanes <= len; l += lanes) {
    const hn::VF hi = blend_lanes<Taps>(r, w, l - k + lanes);
    hn::Stream(hn::TwoTablesLookupLanes(lo, hi, idx), hn::Df{}, d + l);
    lo = hi;
  }
  return l;
}

/// A blend of 1–4 contiguous rows. `Stream` (float destinations) writes whole aligned vectors
/// with non-temporal stores (no read-for-ownership of output lines that will not be read again
/// soon), after plain stores up to the first aligned address; from float rows not aligned as the
/// destination, through stream_realigned on wide targets (tuning::stream_realigned_min_lanes).
/// Every operand is read into a local first here and in the kernels below: a store of a vector
/// type may alias any memory, so an operand read through `a` would be read again after every
/// store (bench/README.md, "Optimization levels and compilers").
template <int Taps, bool Stream, class Src, class Dst>
void blend_rows(const blend_args<Src, Dst, float>& a) noexcept {
  Dst* const d = a.d;
  const index_t len = a.len;
  const Src* r[4] = {a.rows[0], a.rows[Taps > 1 ? 1 : 0], a.rows[Taps > 2 ? 2 : 0], a.rows[Taps > 3 ? 3 : 0]};
  const hn::VF w[4] = {hn::Set(hn::Df{}, a.w[0]), hn::Set(hn::Df{}, a.w[Taps > 1 ? 1 : 0]),
                       hn::Set(hn::Df{}, a.w[Taps > 2 ? 2 : 0]), hn::Set(hn::Df{}, a.w[Taps > 3 ? 3 : 0])};
  index_t l = 0;
  if constexpr (Stream) {
    static_assert(std::is_same_v<Dst, float>);
    constexpr auto bytes = static_cast<std::uintptr_t>(lanes) * sizeof(float);
    const auto mis = static_cast<index_t>((reinterpret_cast<std::uintptr_t>(d) & (bytes - 1)) / sizeof(float));
    if (mis != 0) {
      l = std::min<index_t>(lanes - mis, len);
      store_lanes<Dst>(blend_lanes<Taps>(r, w, 0, l), d, l);
    }
    if constexpr (std::is_same_v<Src, float> && lanes >= tuning::stream_realigned_min_lanes)
      l = stream_realigned<Taps>(d, r, w, l, len);
    // Two vectors per iteration: the loop's own instructions are a third of a 4-lane body
    // (bench/README.md, "Paired comparisons").
    for (; l + 2 * lanes <= len; l += 2 * lanes) {
      hn::Stream(blend_lanes<Taps>(r, w, l), hn::Df{}, d + l);
      hn::Stream(blend_lanes<Taps>(r, w, l + lanes), hn::Df{}, d + l + lanes);
    }
    for (; l + lanes <= len; l += lanes) hn::Stream(blend_lanes<Taps>(r, w, l), hn::Df{}, d + l);
  }
  blend_span<Taps>(d, r, w, l, len);
}

/// Σ_q w_q · rows_q[l .. l + lanes) over all of a's taps, in table order; with n, only the
/// first n lanes are read.
template <class Src, class... N>
NDRESIZE_ALWAYS_INLINE hn::VF blend_all_taps(const Src* const* rows, const float* w, index_t taps, index_t l,
                                             N... n) noexcept {
  hn::VF v = hn::Mul(hn::Set(hn::Df{}, w[0]), load_lanes<Src>(rows[0] + l, n...));
  for (index_t q = 1; q < taps; ++q)
    v = hn::Add(v, hn::Mul(hn::Set(hn::Df{}, w[q]), load_lanes<Src>(rows[q] + l, n...)));
  return v;
}

/// A blend of more than 4 contiguous rows (antialiased shrinks: 8–10 taps at 1080p → 224),
/// 4 vectors at a time in four independent accumulators, each summed over the taps in table
/// order: the same roundings as blend_body, four dependency chains instead of one. Each row is
/// prefetched a fixed distance ahead of its loads (tuning::many_rows_prefetch_distance; the
/// rows are short runs read side by side, about half of them new for each output row).
template <class Src, class Dst>
void blend_many(const blend_args<Src, Dst, float>& a) noexcept {
  const hn::Df d;
  const index_t taps = a.taps, len = a.len;
  Dst* const out = a.d;
  const Src* const* rows = a.rows;
  const float* w = a.w;
  const hn::VF w0 = hn::Set(d, w[0]);
  constexpr auto ahead = static_cast<index_t>(tuning::many_rows_prefetch_distance / sizeof(Src));
  index_t l = 0;
  for (; l + 4 * lanes <= len; l += 4 * lanes) {
    const Src* r0 = rows[0] + l;
    const bool ahead_in_rows = l + ahead + 4 * lanes <= len;  // prefetch only within the rows
    hn::VF v0 = hn::Mul(w0, load_lanes<Src>(r0)), v1 = hn::Mul(w0, load_lanes<Src>(r0 + lanes));
    hn::VF v2 = hn::Mul(w0, load_lanes<Src>(r0 + 2 * lanes)), v3 = hn::Mul(w0, load_lanes<Src>(r0 + 3 * lanes));
    for (index_t q = 1; q < taps; ++q) {
      const hn::VF wq = hn::Set(d, w[q]);
      const Src* r = rows[q] + l;
      if (ahead_in_rows) prefetch_bytes<false>(r + ahead, 4 * lanes * sizeof(Src));
      v0 = hn::Add(v0, hn::Mul(wq, load_lanes<Src>(r)));
      v1 = hn::Add(v1, hn::Mul(wq, load_lanes<Src>(r + lanes)));
      v2 = hn::Add(v2, hn::Mul(wq, load_lanes<Src>(r + 2 * lanes)));
      v3 = hn::Add(v3, hn::Mul(wq, load_lanes<Src>(r + 3 * lanes)));
    }
    store_lanes<Dst>(v0, out + l);
    store_lanes<Dst>(v1, out + l + lanes);
    store_lanes<Dst>(v2, out + l + 2 * lanes);
    store_lanes<Dst>(v3, out + l + 3 * lanes);
  }
  // The rest as blend_span does it: whole vectors, then one ending at len (or a partial one).
  for (; l + lanes <= len; l += lanes) store_lanes<Dst>(blend_all_taps(rows, w, taps, l), out + l);
  if (l == len) return;
  if (len >= lanes)
    store_lanes<Dst>(blend_all_taps(rows, w, taps, len - lanes), out + len - lanes);
  else
    store_lanes<Dst>(blend_all_taps(rows, w, taps, l, len - l), out + l, len - l);
}

/// This target's blend: the vector kernels for contiguous rows of types the backend converts,
/// blend_body for everything else (strided rows, other accumulators, extrapolated rows).
template <class Acc, class Src, class Dst>
void blend(const blend_args<Src, Dst, weight_t<Acc>>& a) noexcept {
  if constexpr (std::is_same_v<Acc, float> && loadable<Src> && storable<Dst>) {
    if (a.ss == 1 && a.ds == 1) {
      constexpr bool can_stream = std::is_same_v<Dst, float>;
      const bool stream = can_stream && a.stream && a.len >= tuning::streaming_min_row;
      switch (a.taps * 2 + (stream ? 1 : 0)) {
        case 2: return blend_rows<1, false>(a);
        case 3: return blend_rows<1, can_stream>(a);
        case 4: return blend_rows<2, false>(a);
        case 5: return blend_rows<2, can_stream>(a);
        case 6: return blend_rows<3, false>(a);
        case 7: return blend_rows<3, can_stream>(a);
        case 8: return blend_rows<4, false>(a);
        case 9: return blend_rows<4, can_stream>(a);
        default:
          if (a.taps > 4) return blend_many(a);
          break;  // no taps (extrapolated rows): blend_body
      }
    }
  }
  blend_body<Acc, Src, Dst>(a);
}

/// f(s, d) for each of a's rows (source row s, destination row d), the row count, strides and
/// base pointers read once (a vector store may alias any memory: see blend_rows). f is a lambda
/// marked NDRESIZE_INLINE_LAMBDA, so the operands it captures stay in registers.
template <class Src, class Dst, class F>
NDRESIZE_ALWAYS_INLINE void for_each_row(const resample_args<Src, Dst>& a, F&& f) noexcept {
  const index_t rows = a.rows, s_row = a.s_row, d_row = a.d_row;
  const Src* const src = a.s;
  Dst* const dst = a.d;
  for (index_t r = 0; r < rows; ++r) f(src + r * s_row, dst + r * d_row);
}

/// resample_channels with this target's blend inlined for rows shorter than
/// tuning::short_channels_max (the channels of NHWC, the planes of W7): a call per output row
/// cost more than its blend. Outputs without taps or with more than 4 take `blend`.
template <class Src, class Dst>
void resample_short_channels(const resample_args<Src, Dst>& a) noexcept {
  const axis_table& t = *a.table;
  const float* const wt = weights_of<float>(t);
  const index_t* const tb = t.tap_begin.data();
  const index_t* const ti = t.tap_index.data();
  const index_t out = t.out, sj = a.sj, dj = a.dj, block = a.block;
  for_each_row(a, [&](const Src* s, Dst* d) NDRESIZE_INLINE_LAMBDA {
    for (index_t j = 0; j < out; ++j) {
      const index_t b = tb[j], n = tb[j + 1] - b;
      Dst* o = d + j * dj;
      if (n < 1 || n > 4) {
        const Src* all[max_channel_taps];
        for (index_t q = 0; q < n; ++q) all[q] = s + ti[b + q] * sj;
        blend<float, Src, Dst>({o, 1, all, wt + b, n, block, 1, false});
        continue;
      }
      const Src* rows[4];
      hn::VF w[4];
      NDRESIZE_UNROLLED
      for (index_t q = 0; q < 4; ++q) {
        const index_t k = b + (q < n ? q : 0);
        rows[q] = s + ti[k] * sj;
        w[q] = hn::Set(hn::Df{}, wt[k]);
      }
      switch (n) {
        case 1: blend_span<1>(o, rows, w, 0, block); break;
        case 2: blend_span<2>(o, rows, w, 0, block); break;
        case 3: blend_span<3>(o, rows, w, 0, block); break;
        default: blend_span<4>(o, rows, w, 0, block); break;
      }
    }
  });
}

/// Whether `a` resamples rows of pixels narrower than a vector (2 to `lanes` contiguous
/// elements: RGB images) with at least tuning::narrow_pixel_min_taps(lanes) taps. A block of
/// such outputs may read too wide a span for the packed windows (an antialiased shrink) and
/// gather, so each output pixel is computed as one vector instead (resample_narrow_pixels),
/// unless the row's packed table has no gathers (resample takes the packed blocks then).
template <class Src, class Dst>
NDRESIZE_ALWAYS_INLINE bool narrow_pixels(const resample_args<Src, Dst>& a) noexcept {
  return a.block >= 2 && a.block <= lanes && a.sj == a.block && a.dj == a.block && a.sc == 1 && a.dc == 1 &&
         a.table->max_taps >= tuning::narrow_pixel_min_taps(lanes);
}

/// The resample of rows that narrow_pixels accepts, one output pixel per vector: its first
/// `block` lanes are Σ_q w_q · (the pixel of tap q), first product then the others in table
/// order (resample_body's operations), from one load per tap; the lanes past the pixel (the
/// next pixels' elements) are stored too and overwritten by the next pixels' stores, except
/// near the row's end: a pixel whose whole vector would pass the row stores its own lanes only.
template <class Src, class Dst>
void resample_narrow_pixels(const resample_args<Src, Dst>& a) noexcept {
  const axis_table& t = *a.table;
  const hn::Df df;
  const float* const wt = weights_of<float>(t);
  const index_t* const tb = t.tap_begin.data();
  const index_t* const ti = t.tap_index.data();
  const index_t out = t.out, pixel = a.block;
  const index_t whole = t.in * pixel - lanes;        // a pixel at or before `whole` loads whole lanes
  const index_t stores_whole = out * pixel - lanes;  // a pixel at or before it stores whole lanes
  for_each_row(a, [&](const Src* s, Dst* d) NDRESIZE_INLINE_LAMBDA {
    const auto source = [&](index_t q) NDRESIZE_INLINE_LAMBDA {
      const index_t at = ti[q] * pixel;
      return hn::Mul(hn::Set(df, wt[q]), at <= whole ? load_lanes<Src>(s + at) : load_lanes<Src>(s + at, pixel));
    };
    for (index_t j = 0; j < out; ++j) {
      const index_t b = tb[j], e = tb[j + 1];
      hn::VF acc = b < e ? source(b) : hn::Zero(df);
      for (index_t q = b + 1; q < e; ++q) acc = hn::Add(acc, source(q));
      Dst* o = d + j * pixel;
      if constexpr (storable<Dst>) {
        if (j * pixel <= stores_whole)
          store_lanes<Dst>(acc, o);
        else
          store_lanes<Dst>(acc, o, pixel);
      } else {
        float lane[hn::Lanes(hn::Df{})];
        hn::StoreU(acc, df, lane);
        for (index_t c = 0; c < pixel; ++c) o[c] = from_accumulator<Dst>(lane[c]);
      }
    }
  });
}

/// The channels of a channels-last row (channels_contiguous): true when handled here.
template <class Acc, class Src, class Dst>
NDRESIZE_ALWAYS_INLINE bool resample_contiguous_channels(const resample_args<Src, Dst>& a) noexcept {
  if (!channels_contiguous(a, lanes)) return false;
  if constexpr (std::is_same_v<Acc, float> && loadable<Src> && storable<Dst>) {
    if (a.block < tuning::short_channels_max) {
      resample_short_channels<Src, Dst>(a);
      return true;
    }
  }
  resample_channels<Acc, &blend<Acc, Src, Dst>>(a);
  return true;
}

/// Stores v at p: non-temporal where `stream` (float destinations; p aligned).
template <class Dst>
NDRESIZE_ALWAYS_INLINE void put_lanes(hn::VF v, Dst* p, bool stream) noexcept {
  if constexpr (std::is_same_v<Dst, float>) {
    if (stream) return hn::Stream(v, hn::Df{}, p);
  }
  store_lanes<Dst>(v, p);
}

/// Lanes [l, l + lanes) of one output pixel of resample_blend, in each of its output rows: the
/// pixel's Th-tap blend in each of the Tv source rows (the h pass), once, then each output
/// row's Tv-tap blend of those (the v pass), every sum as blend_lanes forms it. G output rows,
/// or `outputs` where G is 0. Everything is passed by value: a store of a vector type may alias
/// any memory, so a value read through a pointer would be read again after every store.
template <int Tv, int Th, int G, class Src, class Dst>
NDRESIZE_ALWAYS_INLINE void resample_blend_lanes(Dst* o, index_t d_row, index_t outputs, const Src* r0, const Src* r1,
                                                 const hn::VF (&wv)[4][2], index_t off0, index_t off1, hn::VF wh0,
                                                 hn::VF wh1, bool stream) noexcept {
  const auto h = [&](const Src* r) {
    hn::VF v = hn::Mul(wh0, load_lanes<Src>(r + off0));
    if constexpr (Th > 1) v = hn::Add(v, hn::Mul(wh1, load_lanes<Src>(r + off1)));
    return v;
  };
  const hn::VF h0 = h(r0), h1 = Tv > 1 ? h(r1) : h0;
  const auto v = [&](index_t g) {
    hn::VF s = hn::Mul(wv[g][0], h0);
    if constexpr (Tv > 1) s = hn::Add(s, hn::Mul(wv[g][1], h1));
    return s;
  };
  if constexpr (G == 2) {
    // A 2× upsample's rows come in such pairs: unrolled, both rows' weights stay in registers
    // (bench/README.md, "Tuning").
    put_lanes<Dst>(v(0), o, stream);
    put_lanes<Dst>(v(1), o + d_row, stream);
  } else {
    for (index_t g = 0; g < outputs; ++g) put_lanes<Dst>(v(g), o + g * d_row, stream);
  }
}

/// One output pixel of resample_blend: whole vectors, then the tail as one more whole vector
/// ending at block (block ≥ lanes; never streamed: `stream` holds only for whole vectors).
template <int Tv, int Th, int G, class Src, class Dst>
NDRESIZE_ALWAYS_INLINE void resample_blend_pixel(Dst* o, index_t d_row, index_t outputs, index_t block, const Src* r0,
                                                 const Src* r1, const hn::VF (&wv)[4][2], index_t off0, index_t off1,
                                                 hn::VF wh0, hn::VF wh1, bool stream) noexcept {
  index_t l = 0;
  for (; l + lanes <= block; l += lanes)
    resample_blend_lanes<Tv, Th, G>(o + l, d_row, outputs, r0 + l, r1 + l, wv, off0, off1, wh0, wh1, stream);
  if (l < block) {
    l = block - lanes;
    resample_blend_lanes<Tv, Th, G>(o + l, d_row, outputs, r0 + l, r1 + l, wv, off0, off1, wh0, wh1, false);
  }
}

/// resample_blend's loop over the output pixels, for G output rows (0: a.outputs of them).
template <int G, class Src, class Dst>
NDRESIZE_ALWAYS_INLINE void resample_blend_rows(const resample_blend_args<float, Src, Dst>& a, const hn::VF (&wv)[4][2],
                                                bool stream) noexcept {
  const axis_table& t = *a.table;
  const float* wt = weights_of<float>(t);
  const index_t* tb = t.tap_begin.data();
  const index_t* ti = t.tap_index.data();
  const index_t out = t.out, d_row = a.d_row, outputs = a.outputs, block = a.block, sj = a.sj;
  const bool two_rows = a.taps > 1;
  const Src* r0 = a.rows[0];
  const Src* r1 = a.rows[two_rows ? 1 : 0];
  Dst* const d = a.d;
  for (index_t j = 0; j < out; ++j) {
    const index_t b = tb[j], n = tb[j + 1] - b, b1 = b + (n > 1 ? 1 : 0);
    const index_t off0 = ti[b] * sj, off1 = ti[b1] * sj;
    const hn::VF wh0 = hn::Set(hn::Df{}, wt[b]), wh1 = hn::Set(hn::Df{}, wt[b1]);
    Dst* o = d + j * block;
    switch ((two_rows ? 2 : 0) + (n > 1 ? 1 : 0)) {
      case 0: resample_blend_pixel<1, 1, G>(o, d_row, outputs, block, r0, r1, wv, off0, off1, wh0, wh1, stream); break;
      case 1: resample_blend_pixel<1, 2, G>(o, d_row, outputs, block, r0, r1, wv, off0, off1, wh0, wh1, stream); break;
      case 2: resample_blend_pixel<2, 1, G>(o, d_row, outputs, block, r0, r1, wv, off0, off1, wh0, wh1, stream); break;
      default: resample_blend_pixel<2, 2, G>(o, d_row, outputs, block, r0, r1, wv, off0, off1, wh0, wh1, stream); break;
    }
  }
}

/// This target's resample_blend (row_ops.hpp): 1–4 output rows of an h-first pair that read
/// the same 1 or 2 source rows, every output pixel of 1 or 2 taps, blocks of at least `lanes`
/// elements (passes.hpp checks it all). The same sums in the same order as the ring's resample
/// and blend, so the same bits, without writing the resampled rows and reading them back: each
/// source pixel's h blend is formed once per group of output rows, in registers
/// (bench/README.md, "Tuning").
template <class Src, class Dst>
void resample_blend(const resample_blend_args<float, Src, Dst>& a) noexcept {
  hn::VF wv[4][2];
  for (index_t g = 0; g < 4; ++g)
    for (index_t q = 0; q < 2; ++q)
      wv[g][q] = hn::Set(hn::Df{}, g < a.outputs ? a.w[g * a.taps + (q < a.taps ? q : 0)] : 0.0f);
  constexpr auto bytes = static_cast<std::uintptr_t>(lanes) * sizeof(float);
  const bool stream = std::is_same_v<Dst, float> && a.stream && a.block % lanes == 0 &&
                      reinterpret_cast<std::uintptr_t>(a.d) % bytes == 0 &&
                      static_cast<std::uintptr_t>(a.d_row) * sizeof(float) % bytes == 0;
  if (a.outputs == 2)
    resample_blend_rows<2>(a, wv, stream);
  else
    resample_blend_rows<0>(a, wv, stream);
}

/// resample_blend for these types, or null where the backend does not convert them or has
/// fewer lanes than tuning::resample_blend_min_lanes.
template <class Acc, class Src, class Dst>
constexpr resample_blend_fn<Acc, Src, Dst> resample_blend_for_types() noexcept {
  if constexpr (std::is_same_v<Acc, float> && loadable<Src> && storable<Dst> &&
                lanes >= tuning::resample_blend_min_lanes)
    return &resample_blend<Src, Dst>;
  else
    return nullptr;
}
