// SPDX-License-Identifier: Apache-2.0
// The two kinds of weighted pass. An unfused pass resamples one axis of a stage into the next
// stage. The fused pass runs the last two passes — the innermost resized axis `w` and the next
// one `h` — over a small per-chunk row buffer, so no full-size intermediate is written:
//   v-first: out row = resample_w(Σ_h w·in rows)            (cheap when shrinking along w)
//   h-first: out row = Σ_h w·cache(resample_w(in row))     (cheap when growing along w)
// Both compute exactly what the two unfused passes in the same order compute, as does the
// outer pair, the last two passes along outer axes through a ring of planes blended along the
// first. Work is split over output rows; every row is computed by the same code whatever the
// split.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <tuple>

#include "../../config.hpp"
#include "../../executor.hpp"
#include "../../plan/resize_plan.hpp"
#include "../cpu.hpp"
#include "../nd_loop.hpp"
#include "../work_split.hpp"
#include "execution_layout.hpp"
#include "memory_order.hpp"
#include "row_ops.hpp"
#include "tuning.hpp"

NDRESIZE_BEGIN_NAMESPACE
namespace detail {

/// Offsets of flat index `i` in a loop box (row-major over the first `count` axes).
inline std::pair<index_t, index_t> offsets_at(const loop_axes& ax, int count, index_t i) noexcept {
  index_t a = 0, b = 0;
  for (int d = count - 1; d >= 0; --d) {
    const index_t k = i % ax.extent[d];
    i /= ax.extent[d];
    a += k * ax.a[d];
    b += k * ax.b[d];
  }
  return {a, b};
}

/// Calls f(o, j, offset_a, offset_b) for items [begin, end) of the box outer × [0, rows):
/// item i is outer position o = i / rows and row j = i % rows. Offsets are recomputed only
/// when o changes.
template <class F>
void for_each_item(const loop_axes& outer, index_t rows, index_t begin, index_t end, F&& f) {
  if (begin >= end) return;
  index_t o = begin / rows, j = begin % rows;
  auto [oa, ob] = offsets_at(outer, outer.n, o);
  for (index_t i = begin; i < end; ++i) {
    f(o, j, oa, ob);
    if (++j == rows) {
      j = 0;
      ++o;
      if (i + 1 < end) std::tie(oa, ob) = offsets_at(outer, outer.n, o);
    }
  }
}

/// A pass's source stage (data, extents, strides) and destination (data, strides).
template <class Src, class Dst>
struct pass_io {
  const Src* src;
  const dims& ext;
  const dims& ss;
  Dst* dst;
  const dims& ds;
};

/// The chunks' scratch: `count` slots, slot k at [base + k·bytes, base + (k + 1)·bytes), laid
/// out as `part`, each free or claimed (claims[k]) by the chunk body running on it
/// (claimed_chunk).
struct chunk_memory {
  std::byte* base;
  std::size_t bytes;
  index_t count;
  chunk_parts part;
  std::atomic<std::uint32_t>* claims;
};

/// The slot this thread's last chunk body ran on, in any call: where its scratch (an h-first
/// ring, an outer pair's planes) is still in this core's caches.
inline index_t& last_chunk_slot() noexcept {
  thread_local index_t slot = 0;
  return slot;
}

/// The scratch of one chunk body, for as long as it runs. Scratch follows the thread, not the
/// chunk index: with chunk c on slot c, a thread that took chunk 1 in one call and chunk 2 in
/// the next wrote a ring another core had just written, through that core's cache. And slots
/// next to each other in memory are not run at once where there are slots to spare: the
/// hardware prefetcher, seeing a ring's rows walked at a constant stride, runs on past its end
/// into the next slot's ring, taking it from the core that writes it. So a body takes the slot
/// its thread used last while neither neighbour is taken, else a free slot with free
/// neighbours, else the slot used last, else any free one (the measurements:
/// docs/threads-and-memory.md, "Scratch follows the thread"). Every body rebuilds what it reads
/// from its scratch, so the slot changes no result. No more bodies run at once than there are chunks, which is
/// no more than there are slots (passes split their items into at most `count` chunks), so a
/// free slot is always found.
class claimed_chunk {
 public:
  explicit claimed_chunk(const chunk_memory& m) noexcept : m_(m) {
    index_t& last = last_chunk_slot();
    const auto taken = [&m](index_t k) { return m.claims[k].load(std::memory_order_relaxed) != 0; };
    const auto apart = [&](index_t k) { return (k == 0 || !taken(k - 1)) && (k + 1 == m.count || !taken(k + 1)); };
    const auto claim = [&m](index_t k) { return m.claims[k].exchange(1, std::memory_order_acquire) == 0; };
    const bool had = last < m.count;
    index_t k = had && apart(last) && claim(last) ? last : -1;
    for (index_t i = 0; k < 0 && i < m.count; ++i)
      if (!taken(i) && apart(i) && claim(i)) k = i;
    if (k < 0 && had && claim(last)) k = last;
    for (index_t i = 0; k < 0; i = i + 1 < m.count ? i + 1 : 0)
      if (claim(i)) k = i;
    last = slot_ = k;
  }
  ~claimed_chunk() { m_.claims[slot_].store(0, std::memory_order_release); }
  claimed_chunk(const claimed_chunk&) = delete;
  claimed_chunk& operator=(const claimed_chunk&) = delete;

  template <class P>
  P* rows() const noexcept {
    return reinterpret_cast<P*>(at() + m_.part.rows);
  }
  template <class P>
  P* buffer() const noexcept {
    return reinterpret_cast<P*>(at() + m_.part.buffer);
  }
  template <class P>
  P* plane() const noexcept {
    return reinterpret_cast<P*>(at() + m_.part.plane);
  }
  index_t* tags() const noexcept { return reinterpret_cast<index_t*>(at() + m_.part.tags); }

 private:
  std::byte* at() const noexcept { return m_.base + static_cast<std::size_t>(slot_) * m_.bytes; }
  const chunk_memory& m_;
  index_t slot_ = 0;
};

/// Prefetches the `count` elements p[0], p[stride], ... when they are one forward run of at
/// most 16 KB (a plane or row of the small kinds the fused loops prefetch one item ahead;
/// anything larger the hardware prefetcher handles, and any view can reach these loops).
template <bool Write, class T>
NDRESIZE_ALWAYS_INLINE void prefetch_run(const T* p, index_t count, index_t stride) noexcept {
  if (stride <= 0 || count > 16384 / static_cast<index_t>(sizeof(T)) / stride) return;
  prefetch_bytes<Write>(p, static_cast<std::size_t>(count * stride) * sizeof(T));
}

/// One axis of a pass: its table and the target's packed copy of it (or null).
struct pass_axis {
  int axis;
  const axis_table& t;
  const packed_taps* packed;
};

/// The pass axis is innermost: every outer position is one row resampled along itself, one
/// call per run of rows along the innermost outer axis (uniform strides there).
template <class Acc, class Src, class Dst>
void resample_rows(const row_ops<Acc, Src, Dst>& ops, const pass_io<Src, Dst>& io, const loop_axes& outer,
                   const pass_axis& pa, const executor& ex, index_t chunks) {
  const index_t sk = io.ss[pa.axis], dk = io.ds[pa.axis];
  const split sp{box_size(outer, outer.n), std::min<index_t>(chunks, box_size(outer, outer.n))};
  const index_t run_extent = outer.n == 0 ? 1 : outer.extent[outer.n - 1];
  const index_t run_a = outer.n == 0 ? 0 : outer.a[outer.n - 1], run_b = outer.n == 0 ? 0 : outer.b[outer.n - 1];
  ex.run(sp.chunks, [&](index_t c) {
    for (index_t i = sp.begin(c), end = sp.begin(c + 1); i < end;) {
      const auto [oa, ob] = offsets_at(outer, outer.n, i);
      const index_t rows = std::min(end - i, run_extent - i % run_extent);
      ops.resample({io.dst + ob, dk, 0, io.src + oa, sk, 0, 1, &pa.t, rows, run_b, run_a, pa.packed});
      i += rows;
    }
  });
}

/// One unfused pass along `pa.axis`. `final_output`: the destination is Y.
template <class Acc, class Src, class Dst>
void run_pass(const row_ops<Acc, Src, Dst>& ops, const pass_io<Src, Dst>& io, const pass_axis& pa, const executor& ex,
              const chunk_memory& mem, bool final_output) {
  // Outer: the axes before pa.axis in loop order (memory order for channels-last sources).
  const axis_order order = loop_order(io.ext, io.ss);
  loop_axes outer, inner;
  bool before = true;
  for (int p = 0; p < order.n; ++p) {
    const int d = order.at[static_cast<std::size_t>(p)];
    if (d == pa.axis)
      before = false;
    else
      (before ? outer : inner).push(io.ext[d], io.ss[d], io.ds[d]);
  }
  const axis_table& t = pa.t;
  if (outer.empty_box() || inner.empty_box() || t.out == 0) return;
  if (inner.n == 0) return resample_rows(ops, io, outer, pa, ex, mem.count);
  const index_t sk = io.ss[pa.axis], dk = io.ds[pa.axis];
  if (order.memory && inner.n == 1 && inner.extent[0] < 16) {
    // A few channels after the pass axis: the channels of each outer position are resampled
    // together, as one row of interleaved pixels (short blends would cost a call per output
    // coordinate); contiguous pixels take the packed taps built for them (prepared_tables).
    const split sp{box_size(outer, outer.n), std::min<index_t>(mem.count, box_size(outer, outer.n))};
    ex.run(sp.chunks, [&](index_t c) {
      for (index_t i = sp.begin(c), end = sp.begin(c + 1); i < end; ++i) {
        const auto [oa, ob] = offsets_at(outer, outer.n, i);
        ops.resample(
            {io.dst + ob, dk, inner.b[0], io.src + oa, sk, inner.a[0], inner.extent[0], &t, 1, 0, 0, pa.packed});
      }
    });
    return;
  }
  // An outer axis: each output line along the last inner axis blends whole source lines.
  const int last = inner.n - 1;
  const index_t len = inner.extent[last], sl = inner.a[last], dl = inner.b[last];
  const index_t items = box_size(outer, outer.n) * t.out;
  const split sp{items, std::min<index_t>(mem.count, items)};
  const auto* w = weights_of<Acc>(t);
  const bool stream = final_output && items * len * static_cast<index_t>(sizeof(Dst)) >= tuning::streaming_output_bytes;
  ex.run(sp.chunks, [&](index_t c) {
    const claimed_chunk scratch(mem);
    auto** rows = scratch.rows<const Src*>();
    for_each_item(outer, t.out, sp.begin(c), sp.begin(c + 1), [&](index_t, index_t j, index_t oa, index_t ob) {
      const index_t b = t.tap_begin[static_cast<std::size_t>(j)], e = t.tap_begin[static_cast<std::size_t>(j) + 1];
      for_each_offset(inner, last, oa, ob + j * dk, [&](index_t ia, index_t ib) {
        for (index_t q = b; q < e; ++q) rows[q - b] = io.src + ia + t.tap_index[static_cast<std::size_t>(q)] * sk;
        ops.blend({io.dst + ib, dl, rows, w + b, e - b, len, sl, stream});
      });
    });
    if (stream) store_fence();
  });
}

/// The fused pair's tables, geometry and kernels: `load` reads the source into accumulators,
/// `store` writes accumulators to Y, `v_first` blends and resamples an output row of a v-first
/// pair, `h_first` (or null) resamples and blends one of an h-first pair.
template <class Acc, class Src, class Dst>
struct fused_pass {
  const row_ops<Acc, Src, Acc>& load;
  const row_ops<Acc, Acc, Dst>& store;
  blend_resample_fn<Acc, Src, Dst> v_first;
  resample_blend_fn<Acc, Src, Dst> h_first;
  const fused_geometry& g;
  const axis_table& th;
  const axis_table& tw;
  const packed_taps* packed_w;
  bool stream;
};

/// Sets p[q - b] = base + tap_index[q]·step for the taps [b, e) of output j of t.
template <class P>
NDRESIZE_ALWAYS_INLINE void point_rows(P* rows, const axis_table& t, index_t j, P base, index_t step) noexcept {
  const index_t b = t.tap_begin[static_cast<std::size_t>(j)], e = t.tap_begin[static_cast<std::size_t>(j) + 1];
  for (index_t q = b; q < e; ++q) rows[q - b] = base + t.tap_index[static_cast<std::size_t>(q)] * step;
}

/// h-first over whole planes: each item resamples every row of one plane, then blends them.
template <class Acc, class Src, class Dst>
void fused_whole_planes(const fused_pass<Acc, Src, Dst>& f, const pass_io<Src, Dst>& io, const loop_axes& outer,
                        const executor& ex, const chunk_memory& mem) {
  const fused_geometry& g = f.g;
  const index_t sh = io.ss[g.h], dh = io.ds[g.h], sw = io.ss[g.w];
  const index_t in_h = io.ext[g.h], row = f.tw.out * g.block, n_outer = box_size(outer, outer.n);
  const auto* wh = weights_of<Acc>(f.th);
  const split sp{n_outer, std::min<index_t>(mem.count, n_outer)};
  ex.run(sp.chunks, [&](index_t c) {
    const claimed_chunk scratch(mem);
    auto** rows = scratch.rows<const Acc*>();
    Acc* plane = scratch.buffer<Acc>();
    auto next = offsets_at(outer, outer.n, sp.begin(c));
    for (index_t o = sp.begin(c); o < sp.begin(c + 1); ++o) {
      const auto [oa, ob] = next;
      if (o + 1 < sp.begin(c + 1)) {
        // Planes are small (a few KB), so the hardware prefetcher barely starts on one before
        // it is done: fetch the next plane's source and destination while this one computes.
        // W7 of bench/ (32×256 planes of 14×14 → 28×28), one thread, fastest of 40 calls:
        // 4.4 → 3.4 ms built with -O3, 4.6 → 3.7 ms with -O2.
        next = offsets_at(outer, outer.n, o + 1);
        prefetch_run<false>(io.src + next.first, in_h, sh);
        prefetch_run<true>(io.dst + next.second, f.th.out, dh);
      }
      f.load.resample({plane, g.block, 1, io.src + oa, sw, g.sc, g.block, &f.tw, in_h, row, sh, f.packed_w});
      if (g.dc == 1 && row >= 16 && f.th.max_taps <= tuning::max_channel_taps) {
        // The blends of all output rows as one call: a resample along h whose "channels" are
        // the plane's whole rows (channel_resample.hpp, which takes rows of at least 16 and at
        // most tuning::max_channel_taps taps on every target), the same sums in the same order,
        // without a call per output row.
        f.store.resample({io.dst + ob, dh, 1, plane, row, 1, row, &f.th, 1, 0, 0, nullptr, f.stream});
        continue;
      }
      for (index_t j = 0; j < f.th.out; ++j) {
        point_rows<const Acc*>(rows, f.th, j, plane, row);
        const index_t b = f.th.tap_begin[static_cast<std::size_t>(j)];
        f.store.blend({io.dst + ob + j * dh, g.dc, rows, wh + b, f.th.tap_begin[static_cast<std::size_t>(j) + 1] - b,
                       row, 1, f.stream});
      }
    }
    if (f.stream) store_fence();
  });
}

/// v-first: each item blends the source rows of one output row, then resamples that row (the
/// target's blend_resample: in one pass, where that reads less).
template <class Acc, class Src, class Dst>
void fused_v_first(const fused_pass<Acc, Src, Dst>& f, const pass_io<Src, Dst>& io, const loop_axes& outer,
                   const executor& ex, const chunk_memory& mem) {
  const fused_geometry& g = f.g;
  const index_t sh = io.ss[g.h], dh = io.ds[g.h], dw = io.ds[g.w], in_w = io.ext[g.w];
  const auto* wh = weights_of<Acc>(f.th);
  const index_t items = box_size(outer, outer.n) * f.th.out;
  const split sp{items, std::min<index_t>(mem.count, items)};
  ex.run(sp.chunks, [&](index_t c) {
    const claimed_chunk scratch(mem);
    auto** rows = scratch.rows<const Src*>();
    Acc* tmp = scratch.buffer<Acc>();
    for_each_item(outer, f.th.out, sp.begin(c), sp.begin(c + 1), [&](index_t, index_t j, index_t oa, index_t ob) {
      point_rows<const Src*>(rows, f.th, j, io.src + oa, sh);
      const index_t b = f.th.tap_begin[static_cast<std::size_t>(j)];
      f.v_first({{tmp, 1, rows, wh + b, f.th.tap_begin[static_cast<std::size_t>(j) + 1] - b, in_w * g.block, g.sc},
                 {io.dst + ob + j * dh, dw, g.dc, tmp, g.block, 1, g.block, &f.tw, 1, 0, 0, f.packed_w, f.stream}});
    });
    if (f.stream) store_fence();
  });
}

/// Whether every output of t has 1 or 2 taps.
inline bool taps_one_or_two(const axis_table& t) noexcept {
  if (t.max_taps > 2) return false;
  for (index_t j = 0; j < t.out; ++j)
    if (t.tap_begin[static_cast<std::size_t>(j) + 1] == t.tap_begin[static_cast<std::size_t>(j)]) return false;
  return true;
}

/// Whether an h-first pair runs as the target's resample_blend, each group of output rows
/// straight from their source rows: the target has one, the final output is written around the
/// caches, the rows are pixels of many contiguous channels, and every output has 1 or 2 taps
/// along both axes (a linear filter's).
template <class Acc, class Src, class Dst>
bool resamples_and_blends(const fused_pass<Acc, Src, Dst>& f) noexcept {
  return f.h_first != nullptr && f.stream && f.g.sc == 1 && f.g.dc == 1 &&
         f.g.block >= tuning::resample_blend_min_channels && taps_one_or_two(f.th) && taps_one_or_two(f.tw);
}

/// The output rows from j on (at most `limit`, at most resample_blend's 4) whose taps read the
/// same source rows as j's.
inline index_t rows_reading_alike(const axis_table& t, index_t j, index_t limit) noexcept {
  const auto* tb = t.tap_begin.data();
  const auto* ti = t.tap_index.data();
  const index_t b = tb[j], n = tb[j + 1] - b;
  index_t g = 1;
  for (; g < std::min<index_t>(limit, 4); ++g) {
    const index_t bg = tb[j + g];
    if (tb[j + g + 1] - bg != n || !std::equal(ti + b, ti + b + n, ti + bg)) break;
  }
  return g;
}

/// h-first through the target's resample_blend (resamples_and_blends): the output rows of a
/// chunk in groups that read the same source rows.
template <class Acc, class Src, class Dst>
void fused_h_first_rows(const fused_pass<Acc, Src, Dst>& f, const pass_io<Src, Dst>& io, const loop_axes& outer,
                        const executor& ex, const chunk_memory& mem) {
  const fused_geometry& g = f.g;
  const index_t sh = io.ss[g.h], dh = io.ds[g.h], sw = io.ss[g.w], out_h = f.th.out;
  const auto* wh = weights_of<Acc>(f.th);
  const index_t items = box_size(outer, outer.n) * out_h;
  const split sp{items, std::min<index_t>(mem.count, items)};
  ex.run(sp.chunks, [&](index_t c) {
    const claimed_chunk scratch(mem);
    auto** rows = scratch.rows<const Src*>();
    for (index_t i = sp.begin(c), end = sp.begin(c + 1); i < end;) {
      const index_t o = i / out_h, j = i % out_h;
      const auto [oa, ob] = offsets_at(outer, outer.n, o);
      const index_t n = rows_reading_alike(f.th, j, std::min(end - i, out_h - j));
      point_rows<const Src*>(rows, f.th, j, io.src + oa, sh);
      const index_t b = f.th.tap_begin[static_cast<std::size_t>(j)];
      f.h_first({io.dst + ob + j * dh, dh, n, rows, wh + b, f.th.tap_begin[static_cast<std::size_t>(j) + 1] - b, sw,
                 g.block, &f.tw, f.stream});
      i += n;
    }
    if (f.stream) store_fence();
  });
}

/// h-first: a ring of resampled input rows; slot = input row mod h_first_ring_rows, tagged by
/// (outer, row). Where the outputs read every source row, a load resamples the rows after the
/// missing one too (up to h_first_rows_per_load, in the slots that follow, stopping at
/// one already there or past the rows the chunk reads): the next outputs read them, and the
/// packed row pass loads a block's table once for all of them. The ring holds the rows one
/// output reads and those a load writes ahead (h_first_ring_rows), so no load overwrites a row
/// the current output reads.
template <class Acc, class Src, class Dst>
void fused_h_first(const fused_pass<Acc, Src, Dst>& f, const pass_io<Src, Dst>& io, const loop_axes& outer,
                   const executor& ex, const chunk_memory& mem) {
  const fused_geometry& g = f.g;
  const index_t sh = io.ss[g.h], dh = io.ds[g.h], sw = io.ss[g.w], out_w = f.tw.out;
  const index_t in_h = io.ext[g.h], in_w = io.ext[g.w];
  const auto* wh = weights_of<Acc>(f.th);
  const index_t line_size = out_w * g.block, line_stride = ring_stride<Acc>(line_size);
  const auto line_bytes = static_cast<std::size_t>(line_stride) * sizeof(Acc);
  const index_t ring = h_first_ring_rows(f.th, line_bytes), ahead = h_first_rows_per_load(f.th, line_bytes);
  const index_t items = box_size(outer, outer.n) * f.th.out;
  const split sp{items, std::min<index_t>(mem.count, items)};
  ex.run(sp.chunks, [&](index_t c) {
    const claimed_chunk scratch(mem);
    auto** rows = scratch.rows<const Acc*>();
    index_t* tag = scratch.tags();
    Acc* cache = scratch.buffer<Acc>();
    if (sp.begin(c + 1) <= sp.begin(c)) return;
    for (index_t s = 0; s < ring; ++s) tag[2 * s] = tag[2 * s + 1] = -1;
    const auto holds = [tag](index_t slot, index_t o, index_t r) {
      return tag[2 * slot] == o && tag[2 * slot + 1] == r;
    };
    // Rows after the highest one the chunk's last output reads are for the next chunk.
    const index_t last = sp.begin(c + 1) - 1, last_o = last / f.th.out, last_j = last % f.th.out;
    index_t last_row = 0;
    for (index_t q = f.th.tap_begin[static_cast<std::size_t>(last_j)];
         q < f.th.tap_begin[static_cast<std::size_t>(last_j) + 1]; ++q)
      last_row = std::max(last_row, f.th.tap_index[static_cast<std::size_t>(q)]);
    for_each_item(outer, f.th.out, sp.begin(c), sp.begin(c + 1), [&](index_t o, index_t j, index_t oa, index_t ob) {
      const index_t b = f.th.tap_begin[static_cast<std::size_t>(j)],
                    e = f.th.tap_begin[static_cast<std::size_t>(j) + 1];
      for (index_t q = b; q < e; ++q) {
        const index_t r = f.th.tap_index[static_cast<std::size_t>(q)];
        const index_t slot = r % ring;
        Acc* line = cache + slot * line_stride;
        if (!holds(slot, o, r)) {
          index_t n = 1;
          const index_t end = o == last_o ? last_row + 1 : in_h;
          while (n < ahead && r + n < end && slot + n < ring && !holds(slot + n, o, r + n)) ++n;
          // The next source row is the next one this loop reads (upsampling: after one or two
          // output rows). Fetching it now hides its memory latency behind this row's resample
          // and the blends in between. Built with -O2, one thread, median of 100 calls: W1
          // 2.0 → 1.7 ms, W3 2.9 → 2.4, W5 4.5 → 3.2; with -O3 no change was measurable.
          if (r + n < in_h) prefetch_run<false>(io.src + oa + (r + n) * sh, in_w, sw);
          f.load.resample(
              {line, g.block, 1, io.src + oa + r * sh, sw, g.sc, g.block, &f.tw, n, line_stride, sh, f.packed_w});
          for (index_t k = 0; k < n; ++k) {
            tag[2 * (slot + k)] = o;
            tag[2 * (slot + k) + 1] = r + k;
          }
        }
        rows[q - b] = line;
      }
      f.store.blend({io.dst + ob + j * dh, g.dc, rows, wh + b, e - b, line_size, 1, f.stream});
    });
    if (f.stream) store_fence();
  });
}

/// The row pass an outer pair runs first on each plane it makes (execution_layout::outer_rows):
/// its row_ops from X, table, packed taps and X's stride along its axis.
template <class Acc, class Src>
struct outer_pair_rows {
  const row_ops<Acc, Src, Acc>& ops;
  const axis_table& t;
  const packed_taps* packed;
  index_t sk;
};

/// The last two passes as an outer pair (execution_layout.hpp, pairs_outer): the first along
/// axis a, the second along axis b outside it. Each item is the output after one outer position
/// o and output j_b along b: a plane of out_a · len elements, the blend along b of planes that
/// the first pass would have written, which a ring keeps (slot = the plane's index r along b mod
/// outer_pair_ring_planes, tagged by (o, r)), each made by that pass's blends (out_a rows of len).
/// With `rows` (outer_pair_rows; Mid is then Acc) the source is X, and each plane's source rows
/// (the in_a rows after o and r) are resampled by the row pass into the chunk's plane first, as
/// its unfused pass would have written them; without, Mid is Src. The same operations in the
/// same order as the unfused passes, so their bits, without the stages between them (a volume's
/// 2 × upsample: twice and four times the input's size) written and read back. `rows` is a
/// pointer, not a type, so that float's three kinds of outer pair are one function.
template <class Acc, class Mid, class Src, class Dst>
void run_outer_pair(const row_ops<Acc, Mid, Acc>& load, const row_ops<Acc, Acc, Dst>& store,
                    const outer_pair_geometry& g, const axis_table& ta, const axis_table& tb, bool stream,
                    const pass_io<Src, Dst>& io, const executor& ex, const chunk_memory& mem,
                    const outer_pair_rows<Acc, Src>* rows = nullptr) {
  static_assert(std::is_same_v<Mid, Acc> || std::is_same_v<Mid, Src>, "planes are blended from scratch or the source");
  loop_axes outer;
  for (int d = 0; d < g.b; ++d) outer.push(io.ext[d], io.ss[d], io.ds[d]);
  if (outer.empty_box() || ta.out == 0 || tb.out == 0 || g.len == 0) return;
  const index_t sa = io.ss[g.a], sb = io.ss[g.b], db = io.ds[g.b], len = g.len, plane = ta.out * len;
  const index_t plane_stride = ring_stride<Acc>(plane);
  const index_t ring = outer_pair_ring_planes(tb);
  const auto* wa = weights_of<Acc>(ta);
  const auto* wb = weights_of<Acc>(tb);
  const index_t items = box_size(outer, outer.n) * tb.out;
  const split sp{items, std::min<index_t>(mem.count, items)};
  ex.run(sp.chunks, [&](index_t c) {
    const claimed_chunk scratch(mem);
    index_t* tag = scratch.tags();
    Acc* cache = scratch.buffer<Acc>();
    for (index_t s = 0; s < ring; ++s) tag[2 * s] = tag[2 * s + 1] = -1;
    for_each_item(outer, tb.out, sp.begin(c), sp.begin(c + 1), [&](index_t o, index_t j, index_t oa, index_t ob) {
      const index_t b = tb.tap_begin[static_cast<std::size_t>(j)], e = tb.tap_begin[static_cast<std::size_t>(j) + 1];
      for (index_t q = b; q < e; ++q) {
        const index_t r = tb.tap_index[static_cast<std::size_t>(q)], slot = r % ring;
        if (tag[2 * slot] == o && tag[2 * slot + 1] == r) continue;
        const Mid* at = nullptr;
        index_t step = sa;
        if constexpr (std::is_same_v<Mid, Acc>) {
          if (rows != nullptr) {
            Acc* const resampled = scratch.plane<Acc>();
            step = ring_stride<Acc>(len);
            rows->ops.resample(
                {resampled, 1, 0, io.src + oa + r * sb, rows->sk, 0, 1, &rows->t, ta.in, step, sa, rows->packed});
            at = resampled;
          }
        }
        if constexpr (std::is_same_v<Mid, Src>) {
          if (rows == nullptr) at = io.src + oa + r * sb;
        }
        auto** from = scratch.rows<const Mid*>();
        for (index_t ja = 0; ja < ta.out; ++ja) {
          point_rows<const Mid*>(from, ta, ja, at, step);
          const index_t ba = ta.tap_begin[static_cast<std::size_t>(ja)];
          load.blend({cache + slot * plane_stride + ja * len, 1, from, wa + ba,
                      ta.tap_begin[static_cast<std::size_t>(ja) + 1] - ba, len, 1, false});
        }
        tag[2 * slot] = o;
        tag[2 * slot + 1] = r;
      }
      // The plane pointers of the blend along b, once every plane it reads is in the ring (the
      // loads above use the same pointer scratch).
      auto** planes = scratch.rows<const Acc*>();
      for (index_t q = b; q < e; ++q)
        planes[q - b] = cache + tb.tap_index[static_cast<std::size_t>(q)] % ring * plane_stride;
      store.blend({io.dst + ob + j * db, 1, planes, wb + b, e - b, plane, 1, stream});
    });
    if (stream) store_fence();
  });
}

/// The fused last two passes of a layout.
template <class Acc, class Src, class Dst>
void run_fused(const fused_pass<Acc, Src, Dst>& f, const pass_io<Src, Dst>& io, const executor& ex,
               const chunk_memory& mem) {
  loop_axes outer;
  for (int d = 0; d < f.g.h; ++d) outer.push(io.ext[d], io.ss[d], io.ds[d]);
  if (outer.empty_box() || f.th.out == 0 || f.tw.out == 0 || f.g.block == 0) return;
  if (f.g.whole_planes) return fused_whole_planes(f, io, outer, ex, mem);
  if (!f.g.h_first) return fused_v_first(f, io, outer, ex, mem);
  if (resamples_and_blends(f)) return fused_h_first_rows(f, io, outer, ex, mem);
  fused_h_first(f, io, outer, ex, mem);
}

}  // namespace detail
NDRESIZE_END_NAMESPACE
