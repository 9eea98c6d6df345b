// SPDX-License-Identifier: Apache-2.0
// The horizontal pass over a contiguous row through the plan's packed taps (packed_taps.hpp):
// per block of `lanes` outputs one window load (window), two (window2), one per tap slot
// (slot_windows), or none (gather, pair_gather), then per tap slot a lane lookup (or a gather),
// a multiply and an add on the lanes that have that tap. Written once against the vector
// vocabulary; row_ops.hpp includes it after blend-inl.hpp (whose load_lanes / store_lanes it
// uses) once per target: deliberately no include guard.
//
// Lane f of a block sums, in table order, the first product (lanes without taps: 0), then
// + w_t · s[base + offset_t] for each further slot t it has: resample_body's operations and
// order, so every target gives its bits.

/// The sources of a block's tap slot t (its offsets off): a lookup in one window...
struct one_window {
  hn::VF v;
  hn::VF operator()(std::size_t, const std::int32_t* off) const noexcept {
    return hn::TableLookupLanes(v, hn::LoadIndices(hn::Df{}, off));
  }
};
/// ...in two consecutive windows...
struct two_windows {
  hn::VF lo, hi;
  hn::VF operator()(std::size_t, const std::int32_t* off) const noexcept {
    return hn::TwoTablesLookupLanes(lo, hi, hn::LoadIndices(hn::Df{}, off));
  }
};
/// Whether this target's packed tables may have slot_windows blocks (tuning::slot_windows_max_lanes):
/// wider targets compile no code for them.
inline constexpr bool reads_slot_windows = lanes <= tuning::slot_windows_max_lanes;

/// ...in the slot's own window (slot_windows: at base + slot_base[t])...
template <class Row>
struct own_windows {
  const Row& row;
  index_t base, avail;
  const std::int32_t* slot_base;
  hn::VF operator()(std::size_t t, const std::int32_t* off) const noexcept {
    const index_t at = slot_base[t];
    return hn::TableLookupLanes(row.window(base + at, avail - at), hn::LoadIndices(hn::Df{}, off));
  }
};
/// ...or a gather from the row (rows whose Row::gathers: plain_row, blended_row).
template <class Row>
struct gathered {
  const Row& row;
  index_t base;
  hn::VF operator()(std::size_t, const std::int32_t* off) const noexcept { return row.gather(base, off); }
};

/// The lane mask of a slot that every lane of a block has.
inline constexpr std::uint32_t every_lane = static_cast<std::uint32_t>((std::uint64_t{1} << lanes) - 1);

/// Σ over the block's slots, in table order, of w_t · sources_t on the lanes that have tap t. A
/// slot every lane has needs no select (the select would keep every lane of the sum): upsamples
/// have almost only such slots, and on the targets without mask registers the selects cost
/// more than the products (bench/README.md, "Paired comparisons").
template <class Sources>
NDRESIZE_ALWAYS_INLINE hn::VF sum_slots(const Sources& sources, const std::int32_t* off, const float* w,
                                        const std::uint32_t* m, std::size_t slots) noexcept {
  const hn::Df df;
  hn::VF acc = hn::Mul(hn::LoadU(df, w), sources(0, off));
  if (m[0] != every_lane) acc = hn::IfThenElseZero(hn::MaskFromBits(df, m[0]), acc);
  for (std::size_t t = 1; t < slots && m[t] != 0; ++t) {
    const std::size_t k = t * static_cast<std::size_t>(lanes);
    const hn::VF sum = hn::Add(acc, hn::Mul(hn::LoadU(df, w + k), sources(t, off + k)));
    acc = m[t] == every_lane ? sum : hn::IfThenElse(hn::MaskFromBits(df, m[t]), sum, acc);
  }
  return acc;
}

/// Lane i of first gets s[off[i]], of second s[off[i] + stride]: a pair_gather block's sources
/// (stride: the row's pixel), each lane's pair at once where the target loads it so
/// (GatherOffsetPairs: neighbouring elements, or those of 3 interleaved channels).
template <class Src>
NDRESIZE_ALWAYS_INLINE void gather_pairs(const Src* s, const std::int32_t* off, index_t stride, hn::VF& first,
                                         hn::VF& second) noexcept {
  const hn::Df df;
  switch (stride) {
    case 1: return hn::GatherOffsetPairs<1>(df, s, off, first, second);
    case 3: return hn::GatherOffsetPairs<3>(df, s, off, first, second);
    default: first = hn::GatherOffsets(df, s, off); second = hn::GatherOffsets(df, s + stride, off);
  }
}

/// `n` (≥ 1) source elements from s as one vector (the rest zero, nothing read past n).
template <class Src>
NDRESIZE_ALWAYS_INLINE hn::VF load_window(const Src* s, index_t n) noexcept {
  return n >= lanes ? load_lanes<Src>(s) : load_lanes<Src>(s, n);
}

/// The row a block reads: a contiguous row of Src (gathers: float rows only)...
template <class Src>
struct plain_row {
  static constexpr bool gathers = std::is_same_v<Src, float>;
  static constexpr bool reads_pieces = false;
  const Src* s;
  hn::VF window(index_t base, index_t n) const noexcept { return load_window<Src>(s + base, n); }
  hn::VF gather(index_t base, const std::int32_t* off) const noexcept {
    return hn::GatherOffsets(hn::Df{}, s + base, off);
  }
  void pairs(index_t base, const std::int32_t* off, index_t stride, hn::VF& first, hn::VF& second) const noexcept {
    gather_pairs(s + base, off, stride, first, second);
  }
};

/// ...or the blend of taps() (1–4: Taps, or `count` where Taps is 0) contiguous rows with
/// weights w, never stored: a v-first pair's intermediate row, each element read computed where
/// it is read, as blend_lanes computes it (w_0 · r_0, then + w_q · r_q in table order), so with
/// blend's bits. Gathers read float rows, and rows of 8- and 16-bit integers
/// (simd::narrow_integer), which every backend widens.
template <class Src, int Taps>
struct blended_row {
  using source = Src;
  static constexpr bool gathers = std::is_same_v<Src, float> || simd::narrow_integer<Src>;
  const Src* r[4];
  hn::VF w[4];
  index_t count;  ///< the number of rows, where Taps is 0
  index_t taps() const noexcept { return Taps != 0 ? Taps : count; }
  hn::VF window(index_t base, index_t n) const noexcept {
    hn::VF v = hn::Mul(w[0], load_window<Src>(r[0] + base, n));
    for (index_t q = 1; q < taps(); ++q) v = hn::Add(v, hn::Mul(w[q], load_window<Src>(r[q] + base, n)));
    return v;
  }
  hn::VF gather(index_t base, const std::int32_t* off) const noexcept {
    const hn::Df df;
    hn::VF v = hn::Mul(w[0], hn::GatherOffsets(df, r[0] + base, off));
    for (index_t q = 1; q < taps(); ++q) v = hn::Add(v, hn::Mul(w[q], hn::GatherOffsets(df, r[q] + base, off)));
    return v;
  }
  /// The pairs of each row, read(row, a, b), blended as blend_lanes blends: w_0 · the first
  /// row's, then + w_q · row q's in table order.
  template <class Read>
  NDRESIZE_ALWAYS_INLINE void blend_pairs(const Read& read, hn::VF& first, hn::VF& second) const noexcept {
    hn::VF a, b;
    read(r[0], a, b);
    first = hn::Mul(w[0], a);
    second = hn::Mul(w[0], b);
    for (index_t q = 1; q < taps(); ++q) {
      read(r[q], a, b);
      first = hn::Add(first, hn::Mul(w[q], a));
      second = hn::Add(second, hn::Mul(w[q], b));
    }
  }
  void pairs(index_t base, const std::int32_t* off, index_t stride, hn::VF& first, hn::VF& second) const noexcept {
    blend_pairs([&](const Src* row, hn::VF& a, hn::VF& b) { gather_pairs(row + base, off, stride, a, b); }, first,
                second);
  }
  /// Rows of one-byte elements in pixels of 3 (pixel_pairs): pairs() of the same lanes, each
  /// group g of 4 lanes read from its two 8-byte pieces (at piece[2g] and [2g + 1] of the rows)
  /// through the byte lookups first_at and second_at.
  static constexpr bool reads_pieces = sizeof(Src) == 1 && simd::narrow_integer<Src> && lanes % 4 == 0;
  void piece_pairs(const std::int32_t* piece, hn::VI first_at, hn::VI second_at, hn::VF& first,
                   hn::VF& second) const noexcept {
    const hn::Df df;
    const auto widen = [&](hn::VI bytes, hn::VI at) {
      const hn::VI lanes32 = hn::TableLookupBytesOr0(bytes, at);
      if constexpr (std::is_signed_v<Src>)
        return hn::ConvertTo(df, hn::ShiftRight<24>(lanes32));
      else
        return hn::ConvertTo(df, lanes32);
    };
    blend_pairs(
        [&](const Src* row, hn::VF& a, hn::VF& b) {
          const hn::VI bytes = hn::GatherOffsets64(df, row, piece);
          a = widen(bytes, first_at);
          b = widen(bytes, second_at);
        },
        first, second);
  }
};

/// A pair_gather block's sum of its two slots (weights w: slot 0's lanes, then slot 1's) over
/// its pair's sources: sum_slots's products and sum.
NDRESIZE_ALWAYS_INLINE hn::VF pair_sum(const float* w, hn::VF first, hn::VF second) noexcept {
  const hn::Df df;
  return hn::Add(hn::Mul(hn::LoadU(df, w), first), hn::Mul(hn::LoadU(df, w + lanes), second));
}

/// A pair_gather block (packed_taps.hpp: two slots with the same lanes, slot 1 reading the
/// pixel after slot 0's, `stride` elements on): both slots' sources from one gather of pairs,
/// then sum_slots's products and sum (its lanes without taps: 0).
template <class Row>
NDRESIZE_ALWAYS_INLINE hn::VF sum_pairs(const Row& row, index_t base, index_t stride, const std::int32_t* off,
                                        const float* w, const std::uint32_t* m) noexcept {
  const hn::Df df;
  hn::VF first, second;
  row.pairs(base, off, stride, first, second);
  const hn::VF sum = pair_sum(w, first, second);
  return m[0] == every_lane ? sum : hn::IfThenElseZero(hn::MaskFromBits(df, m[0]), sum);
}

/// The first `n` lanes of a block into d through the store rule: the vector store where the
/// backend narrows to Dst, else lane by lane (float16, bfloat16, 32-bit integers, double).
template <class Dst>
NDRESIZE_ALWAYS_INLINE void store_block(hn::VF v, Dst* d, index_t n) noexcept {
  if constexpr (storable<Dst>) {
    if (n >= lanes)
      store_lanes<Dst>(v, d);
    else
      store_lanes<Dst>(v, d, n);
  } else {
    float lane[hn::Lanes(hn::Df{})];
    hn::StoreU(v, hn::Df{}, lane);
    for (index_t i = 0; i < n && i < lanes; ++i) d[i] = from_accumulator<Dst>(lane[i]);
  }
}

/// One block of one row (windows from `base`; pixels of `pixel` elements): its window(s)
/// loaded, or its sources gathered, then summed.
template <class Row>
NDRESIZE_ALWAYS_INLINE hn::VF sum_block(block_kind kind, const Row& row, index_t base, index_t avail, index_t pixel,
                                        const std::int32_t* off, const float* w, const std::uint32_t* m,
                                        const std::int32_t* slot_base, std::size_t slots) noexcept {
  switch (kind) {
    case block_kind::slot_windows:
      if constexpr (reads_slot_windows)
        return sum_slots(own_windows<Row>{row, base, avail, slot_base}, off, w, m, slots);
      break;
    case block_kind::window: return sum_slots(one_window{row.window(base, avail)}, off, w, m, slots);
    case block_kind::window2: {
      const hn::VF lo = row.window(base, avail);
      const hn::VF hi = avail > lanes ? row.window(base + lanes, avail - lanes) : hn::Zero(hn::Df{});
      return sum_slots(two_windows{lo, hi}, off, w, m, slots);
    }
    case block_kind::pair_gather:
      if constexpr (Row::gathers) return sum_pairs(row, base, pixel, off, w, m);
      break;
    case block_kind::gather:
      if constexpr (Row::gathers) return sum_slots(gathered<Row>{row, base}, off, w, m, slots);
      break;
  }
  return hn::Zero(
      hn::Df{});  // not reached: resample sends rows that need gathers from non-float sources to resample_body
}

/// One block of a packed table, for a row of `in` elements: its window base, the elements from
/// there to the row's end, and its tap slots' offsets, weights, lane masks and window starts.
struct packed_block {
  index_t base, avail;
  const std::int32_t* off;
  const float* w;
  const std::uint32_t* m;
  const std::int32_t* slot_base;
};

/// A packed table's arrays as plain pointers, taken once before a loop over its blocks: read
/// through the table's vectors they would be read again after every store, since a store of a
/// vector type may alias any memory.
struct packed_view {
  const std::int32_t* base;
  const block_kind* kind;
  const std::int32_t* offset;
  const float* weight;
  const std::uint32_t* mask;
  const std::int32_t* slot_base;
  std::size_t slots;

  explicit packed_view(const packed_taps& p) noexcept
      : base(p.base.data()),
        kind(p.kind.data()),
        offset(p.offset.data()),
        weight(p.weight.data()),
        mask(p.mask.data()),
        slot_base(p.slot_base.data()),
        slots(static_cast<std::size_t>(p.slots)) {}
  /// Block b.
  NDRESIZE_ALWAYS_INLINE packed_block block(index_t b, index_t in) const noexcept {
    const index_t at_base = base[static_cast<std::size_t>(b)];
    const std::size_t at = static_cast<std::size_t>(b) * slots;
    return {at_base,
            in - at_base,
            offset + at * static_cast<std::size_t>(lanes),
            weight + at * static_cast<std::size_t>(lanes),
            mask + at,
            slot_base + at};
  }
};

/// d[f] for the flattened outputs f of a row of `out_pixels` pixels from `row` (`in_pixels`
/// pixels of p.pixel elements each); p built for `lanes` lanes. Gather blocks need a row that
/// gathers (Row::gathers; the caller checks p.gathers). AllFit: every block is a window
/// (p.all_fit), the loop without the per-block choice (with it, W5 and W7 of bench/ took 1.1 to
/// 1.2 x the time). The row and the table's pointers are copied before the loop (packed_view).
template <bool AllFit, class Row, class Dst>
void resample_packed(Dst* d, const Row& row_in, index_t in_pixels, index_t out_pixels, const packed_taps& p) noexcept {
  const Row row = row_in;
  const packed_view v(p);
  const index_t pixel = p.pixel, in = in_pixels * pixel, out = out_pixels * pixel;
  const index_t blocks = (out + lanes - 1) / lanes;
  for (index_t b = 0; b < blocks; ++b) {
    const packed_block k = v.block(b, in);
    const hn::VF acc = AllFit ? sum_slots(one_window{row.window(k.base, k.avail)}, k.off, k.w, k.m, v.slots)
                              : sum_block(v.kind[static_cast<std::size_t>(b)], row, k.base, k.avail, pixel, k.off, k.w,
                                          k.m, k.slot_base, v.slots);
    store_block<Dst>(acc, d + b * lanes, out - b * lanes);
  }
}

/// resample_pairs's leading blocks from a row of one-byte elements in pixels of 3, three at a
/// time (their byte lookups repeat every three blocks), up to p.pixel_pair_blocks: each group
/// of 4 lanes reads its two pixel pairs as two 8-byte pieces (pixel_pairs), where
/// GatherOffsetPairs<3> loads a 4-byte piece per lane: the same values, so sum_pairs's bits.
/// Returns the blocks done.
template <class Row, class Dst>
index_t resample_pixel_pairs(Dst* d, const Row& row_in, const packed_taps& p) noexcept {
  const Row row = row_in;  // (a copy: rows and weights stay in registers across the stores)
  constexpr index_t groups = lanes / 4;
  const hn::Df df;
  const pixel_pairs::lookup& at = std::is_signed_v<typename Row::source> ? pixel_pairs_high : pixel_pairs_low;
  hn::VI first_at[3], second_at[3];
  NDRESIZE_UNROLLED
  for (index_t r = 0; r < 3; ++r) {
    first_at[r] = hn::LoadBytes(df, at.first + 16 * groups * r);
    second_at[r] = hn::LoadBytes(df, at.second + 16 * groups * r);
  }
  const float* const weight = p.weight.data();
  const index_t block_weights = p.slots * lanes;
  const std::int32_t* const pieces = p.pixel_pair_piece.data();
  const index_t units = p.pixel_pair_blocks / 3;
  for (index_t u = 0; u < units; ++u) {
    NDRESIZE_UNROLLED
    for (index_t r = 0; r < 3; ++r) {
      const index_t b = 3 * u + r;
      const float* const w = weight + b * block_weights;  // slots 0 and 1: the pair
      hn::VF first, second;
      row.piece_pairs(pieces + b * (lanes / 2), first_at[r], second_at[r], first, second);
      store_block<Dst>(pair_sum(w, first, second), d + b * lanes, lanes);
    }
  }
  return 3 * units;
}

/// resample_packed for a table whose blocks all gather pairs (p.all_pairs), pixels of Pixel
/// elements: the loop without the per-block choice.
template <index_t Pixel, class Row, class Dst>
void resample_pairs(Dst* d, const Row& row_in, index_t in_pixels, index_t out_pixels, const packed_taps& p) noexcept {
  const Row row = row_in;
  const packed_view v(p);
  const index_t in = in_pixels * Pixel, out = out_pixels * Pixel;
  const index_t blocks = (out + lanes - 1) / lanes;
  index_t b = 0;
  if constexpr (Pixel == pixel_pairs::pixel && Row::reads_pieces) b = resample_pixel_pairs(d, row, p);
  for (; b < blocks; ++b) {
    const packed_block k = v.block(b, in);
    store_block<Dst>(sum_pairs(row, k.base, Pixel, k.off, k.w, k.m), d + b * lanes, out - b * lanes);
  }
}

/// How window_rows reads a block's sources: one window, two, or one per slot.
enum class windows { one, two, per_slot };

/// One row's block of window_rows (below), slot t's sources source(t): sum_slots's operations;
/// Every: each slot has every lane (no selects).
template <int Slots, bool Every, class Source>
NDRESIZE_ALWAYS_INLINE hn::VF window_sum(const Source& source, const hn::VF* weight, const hn::MF* has) noexcept {
  hn::VF acc = hn::Mul(weight[0], source(0));
  if constexpr (Every) {
    NDRESIZE_UNROLLED
    for (int t = 1; t < Slots; ++t) acc = hn::Add(acc, hn::Mul(weight[t], source(t)));
  } else {
    acc = hn::IfThenElseZero(has[0], acc);
    NDRESIZE_UNROLLED
    for (int t = 1; t < Slots; ++t) acc = hn::IfThenElse(has[t], hn::Add(acc, hn::Mul(weight[t], source(t))), acc);
  }
  return acc;
}

/// A window, window2 or slot_windows block (Kind) for `rows` rows (row r at s + r·s_row, written
/// to d + r·d_row), its first `Slots` slots (the rest empty) loaded once for all the rows:
/// sum_slots's operations.
template <int Slots, windows Kind, class Src, class Dst>
NDRESIZE_ALWAYS_INLINE void window_rows(Dst* d, index_t d_row, const Src* s, index_t s_row, index_t rows, index_t avail,
                                        const std::int32_t* off, const float* w, const std::uint32_t* m,
                                        const std::int32_t* slot_base, index_t n) noexcept {
  const hn::Df df;
  hn::VI index[Slots];
  hn::VF weight[Slots];
  hn::MF has[Slots];
  index_t start[Slots];  // per_slot: each slot's window start
  NDRESIZE_UNROLLED
  for (int t = 0; t < Slots; ++t) {
    index[t] = hn::LoadIndices(df, off + t * lanes);
    weight[t] = hn::LoadU(df, w + t * lanes);
    has[t] = hn::MaskFromBits(df, m[t]);
    start[t] = Kind == windows::per_slot ? slot_base[t] : 0;
  }
  bool every = true;  // every slot has every lane: no selects (sum_slots)
  NDRESIZE_UNROLLED
  for (int t = 0; t < Slots; ++t) every = every && m[t] == every_lane;
  // A row's sources: its window(s) loaded (whole, or the `avail` elements left) and looked up.
  const auto sources = [&](const Src* row, bool whole) {
    hn::VF lo = hn::Zero(df), hi = hn::Zero(df);
    if constexpr (Kind != windows::per_slot) {
      lo = whole ? load_lanes<Src>(row) : load_window<Src>(row, avail);
      if constexpr (Kind == windows::two)
        hi = whole ? load_lanes<Src>(row + lanes) : avail > lanes ? load_window<Src>(row + lanes, avail - lanes) : hi;
    }
    return [=, &index, &start](int t) {  // (start by reference: a captured array is a copy)
      (void)start;                       // (read by per_slot only)
      if constexpr (Kind == windows::one)
        return hn::TableLookupLanes(lo, index[t]);
      else if constexpr (Kind == windows::two)
        return hn::TwoTablesLookupLanes(lo, hi, index[t]);
      else
        return hn::TableLookupLanes(
            whole ? load_lanes<Src>(row + start[t]) : load_window<Src>(row + start[t], avail - start[t]), index[t]);
    };
  };
  // The common block (whole windows, a whole store, every lane in every slot) in a loop without
  // the per-row choices, which GCC at -O2 keeps in the loop (bench/README.md, "Optimization
  // levels and compilers"). The other blocks select with their masks: on lanes a slot has, the
  // select keeps the sum, so a slot of every lane gives the bits it gives without one. A
  // slot_windows block's windows always lie within the row (packed_taps::build).
  if (every && n >= lanes && (Kind == windows::per_slot || avail >= (Kind == windows::two ? 2 * lanes : lanes))) {
    for (index_t r = 0; r < rows; ++r)
      store_block<Dst>(window_sum<Slots, true>(sources(s + r * s_row, true), weight, has), d + r * d_row, lanes);
    return;
  }
  for (index_t r = 0; r < rows; ++r)
    store_block<Dst>(window_sum<Slots, false>(sources(s + r * s_row, false), weight, has), d + r * d_row, n);
}

/// window_rows for a block of `used` (1–4) slots: false for any other count.
template <windows Kind, class Src, class Dst>
NDRESIZE_ALWAYS_INLINE bool window_rows_of(std::size_t used, Dst* d, index_t d_row, const Src* s, index_t s_row,
                                           index_t rows, index_t avail, const std::int32_t* off, const float* w,
                                           const std::uint32_t* m, const std::int32_t* slot_base, index_t n) noexcept {
  switch (used) {
    case 1: window_rows<1, Kind>(d, d_row, s, s_row, rows, avail, off, w, m, slot_base, n); return true;
    case 2: window_rows<2, Kind>(d, d_row, s, s_row, rows, avail, off, w, m, slot_base, n); return true;
    case 3: window_rows<3, Kind>(d, d_row, s, s_row, rows, avail, off, w, m, slot_base, n); return true;
    case 4: window_rows<4, Kind>(d, d_row, s, s_row, rows, avail, off, w, m, slot_base, n); return true;
    default: return false;
  }
}

/// One group of rows of resample_packed_rows (below); `fetch_ahead`: prefetch within the rows.
template <class Src, class Dst>
void resample_packed_group(Dst* d, index_t d_row, const Src* s, index_t s_row, index_t rows, index_t in_pixels,
                           index_t out_pixels, const packed_taps& p, bool fetch_ahead) noexcept {
  const packed_view v(p);
  const std::size_t slots = v.slots;
  const index_t pixel = p.pixel, in = in_pixels * pixel, out = out_pixels * pixel;
  const index_t blocks = (out + lanes - 1) / lanes;
  constexpr index_t ahead = static_cast<index_t>(tuning::packed_rows_prefetch_distance / sizeof(Src));
  constexpr index_t per_line = static_cast<index_t>(64 / sizeof(Src));
  index_t fetched = -1;  // the last line (in elements / per_line) prefetched on every row
  for (index_t b = 0; b < blocks; ++b) {
    const packed_block k = v.block(b, in);
    const index_t n = out - b * lanes;
    // The group's rows are read block by block, a few elements on in each of them: too many
    // streams for the hardware prefetcher, so each row's line `ahead` is fetched as the blocks
    // reach it.
    if (const index_t line = (k.base + ahead) / per_line; fetch_ahead && line != fetched && k.base + ahead < in) {
      for (index_t r = 0; r < rows; ++r) prefetch_bytes<false>(s + r * s_row + k.base + ahead, 1);
      fetched = line;
    }
    const block_kind kind = v.kind[static_cast<std::size_t>(b)];
    if (kind == block_kind::window || kind == block_kind::window2 || kind == block_kind::slot_windows) {
      std::size_t used = 1;  // as sum_slots: the slots from the first empty one on add nothing
      while (used < slots && k.m[used] != 0) ++used;
      Dst* const o = d + b * lanes;
      const Src* at = s + k.base;
      bool done = false;
      if (kind == block_kind::window)
        done = window_rows_of<windows::one>(used, o, d_row, at, s_row, rows, k.avail, k.off, k.w, k.m, k.slot_base, n);
      else if (kind == block_kind::window2)
        done = window_rows_of<windows::two>(used, o, d_row, at, s_row, rows, k.avail, k.off, k.w, k.m, k.slot_base, n);
      else if constexpr (reads_slot_windows)
        done = window_rows_of<windows::per_slot>(used, o, d_row, at, s_row, rows, k.avail, k.off, k.w, k.m, k.slot_base,
                                                 n);
      if (done) continue;
    }
    for (index_t r = 0; r < rows; ++r)
      store_block<Dst>(
          sum_block(kind, plain_row<Src>{s + r * s_row}, k.base, k.avail, pixel, k.off, k.w, k.m, k.slot_base, slots),
          d + r * d_row + b * lanes, n);
  }
}

/// resample_packed for `rows` rows, block by block, each for every row of a group of
/// tuning::packed_row_group rows: a window or window2 block's offsets, weights and masks are loaded once
/// for the group. For many short rows, such as the rows of small planes (W7 of bench/: 14 → 28
/// elements), reloading a block's table once per row cost more than the arithmetic (one
/// thread, paired runs, AVX-512: W7 −23 %); the groups keep long rows (W5: 128 → 256) in the
/// L1 cache across their blocks.
template <class Src, class Dst>
void resample_packed_rows(Dst* d, index_t d_row, const Src* s, index_t s_row, index_t rows, index_t in_pixels,
                          index_t out_pixels, const packed_taps& p) noexcept {
  // Short rows (W5's 128 elements) are walked block by block too, but a row ahead is the same
  // group: the next group is prefetched whole instead, while it takes at most
  // tuning::packed_next_group_prefetch_bytes, and nothing within the rows.
  const index_t in = in_pixels * p.pixel;
  const bool short_rows =
      static_cast<std::size_t>(tuning::packed_row_group * in) * sizeof(Src) <= tuning::packed_next_group_prefetch_bytes;
  for (index_t r = 0; r < rows; r += tuning::packed_row_group) {
    const index_t n = std::min(tuning::packed_row_group, rows - r);
    if (short_rows)
      for (index_t k = r + n; k < std::min(rows, r + n + tuning::packed_row_group); ++k)
        prefetch_bytes<false>(s + k * s_row, static_cast<std::size_t>(in) * sizeof(Src));
    resample_packed_group(d + r * d_row, d_row, s + r * s_row, s_row, n, in_pixels, out_pixels, p, !short_rows);
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

/// This target's resample: the channels' blend, pixels narrower than a vector one at a time,
/// the packed taps (many rows at once, or one row at a time), else resample_body.
template <class Acc, class Src, class Dst>
void resample(const resample_args<Src, Dst>& a) noexcept {
  if (resample_contiguous_channels<Acc>(a)) return;
  if constexpr (std::is_same_v<Acc, float> && loadable<Src>) {
    const bool packed = packed_covers(a);
    if (narrow_pixels(a) && !(packed && !a.packed->gathers)) return resample_narrow_pixels(a);
    if (packed) {
      const packed_taps& p = *a.packed;
      if (a.rows > 1)
        return resample_packed_rows<Src, Dst>(a.d, a.d_row, a.s, a.s_row, a.rows, a.table->in, a.table->out, p);
      if (p.all_fit) return resample_packed<true>(a.d, plain_row<Src>{a.s}, a.table->in, a.table->out, p);
      return resample_packed<false>(a.d, plain_row<Src>{a.s}, a.table->in, a.table->out, p);
    }
  }
  for (index_t r = 0; r < a.rows; ++r) resample_body<Acc, Src, Dst>(a.row(r));
}

/// Whether blend_resample's one pass reads rows of Src through p by loads, lane by lane (not
/// by gather instructions: tuning::blend_where_read_with_gather_instructions): rows of 8- and
/// 16-bit integers on every target; float rows on targets without gather instructions, and on
/// the others where the pairs are pixels of 3 elements (GatherOffsetPairs<3>: a 128-bit load
/// per lane) or every block is a pair of neighbours (GatherOffsetPairs<1>: a 64-bit load per
/// lane; the linear shrinks).
template <class Src>
NDRESIZE_ALWAYS_INLINE bool reads_by_loads(const packed_taps& p) noexcept {
  if constexpr (std::is_same_v<Src, float>)
    return !hn::HardwareGather || tuning::blend_where_read_with_gather_instructions || p.pixel == 3 || p.all_pairs;
  else
    return simd::narrow_integer<Src>;
}

/// Whether blend_resample computes its pair at once: the resample is one the packed taps cover
/// and reads its rows by loads (reads_by_loads), the blend has 1–4 contiguous rows, and the
/// outputs read fewer source elements than the row has (out · max_taps < in: a shrink by more
/// than max_taps, such as W2 and W6 of bench/, 1080p → 224). Blending only the elements read is
/// then less work than blending the whole row.
template <class Acc, class Src, class Dst>
NDRESIZE_ALWAYS_INLINE bool blends_where_read(const blend_resample_args<Acc, Src, Dst>& a) noexcept {
  const axis_table& t = *a.h.table;
  return a.v.ss == 1 && a.v.taps >= 1 && a.v.taps <= 4 && a.h.rows == 1 && packed_covers(a.h) &&
         reads_by_loads<Src>(*a.h.packed) && t.out * t.max_taps < t.in;
}

/// The rows and weights of blend v as a blended_row (Taps: v.taps as a constant, or 0).
template <int Taps, class Src, class W>
NDRESIZE_ALWAYS_INLINE blended_row<Src, Taps> blended_row_of(const blend_args<Src, float, W>& v) noexcept {
  blended_row<Src, Taps> row{};
  row.count = v.taps;
  NDRESIZE_UNROLLED
  for (index_t q = 0; q < 4; ++q) {
    const index_t k = q < v.taps ? q : 0;
    row.r[q] = v.rows[k];
    row.w[q] = hn::Set(hn::Df{}, v.w[k]);
  }
  return row;
}

/// This target's blend_resample: a v-first pair's blend and resample in one pass over the
/// elements the resample reads (blended_row), where blends_where_read; else the blend into the
/// intermediate row, then its resample. Both give blend's and resample's bits.
template <class Acc, class Src, class Dst>
void blend_resample(const blend_resample_args<Acc, Src, Dst>& a) noexcept {
  if constexpr (std::is_same_v<Acc, float> && loadable<Src> &&
                (std::is_same_v<Src, float> || simd::narrow_integer<Src>)) {
    if (blends_where_read(a)) {
      const packed_taps& p = *a.h.packed;
      const index_t in = a.h.table->in, out = a.h.table->out;
      // A linear shrink (W2, W2-NHWC, W6 of bench/): two rows and pair gathers only, with
      // neither a block's kind nor the tap count left to choose per block (bench/README.md).
      if (p.all_pairs && a.v.taps == 2 && (p.pixel == 1 || p.pixel == 3)) {
        const auto row = blended_row_of<2>(a.v);
        return p.pixel == 1 ? resample_pairs<1>(a.h.d, row, in, out, p) : resample_pairs<3>(a.h.d, row, in, out, p);
      }
      // No AllFit variant: a shrink by more than its taps has blocks wider than one window.
      return resample_packed<false>(a.h.d, blended_row_of<0>(a.v), in, out, p);
    }
  }
  blend<Acc, Src, Acc>(a.v);
  resample<Acc, Acc, Dst>(a.h);
}
