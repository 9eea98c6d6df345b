// SPDX-License-Identifier: Apache-2.0
// How one weighted execution is organized for given strides and concurrency: which passes run
// fused (a choice of speed only: the schedule, and so every rounding, is fixed before strides
// are looked at), how many work chunks there are, and where every piece of scratch lives in the
// workspace. This file is the one source of truth for those offsets; the passes only read them.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "../../config.hpp"
#include "../../element.hpp"
#include "../../plan/resize_plan.hpp"
#include "../axis_array.hpp"
#include "../nd_loop.hpp"
#include "../work_split.hpp"
#include "memory_order.hpp"
#include "pass_schedule.hpp"
#include "tuning.hpp"

NDRESIZE_BEGIN_NAMESPACE
namespace detail {

/// Scratch carved from the workspace, in bytes, 64-aligned pieces. Sizes saturate at
/// SIZE_MAX (which no limit admits) instead of wrapping.
struct scratch_layout {
  static constexpr std::size_t saturated = std::numeric_limits<std::size_t>::max();
  std::size_t bytes = 0;
  std::size_t take(std::size_t n) noexcept {
    const std::size_t at = bytes;
    bytes = n >= saturated - 64 - bytes ? saturated : bytes + (n + 63) / 64 * 64;
    return at;
  }
  static std::size_t times(std::size_t a, std::size_t b) noexcept {
    return b != 0 && a > saturated / b ? saturated : a * b;
  }
};

inline index_t box_size(const loop_axes& ax, int count) noexcept {
  index_t n = 1;
  for (int d = 0; d < count; ++d) n *= ax.extent[d];
  return n;
}

/// Work items of a pass along `axis` of a stage of shape `ext` with `out` outputs on that
/// axis: one per outer position when the axis is innermost (all later extents 1), else one
/// per outer position and output coordinate (as run_pass splits it; strides do not matter).
inline index_t pass_items(const dims& ext, int axis, index_t out) noexcept {
  index_t n = 1;
  for (int d = 0; d < axis; ++d) n *= ext[d];
  for (int d = axis + 1; d < ext.size(); ++d)
    if (ext[d] != 1) return n * out;
  return n;
}

/// The fused pair (axes h < w of the schedule, as positions in execution_layout::order): the
/// axes after w form one block of `block` elements with strides sc / dc, and each W×block slab
/// is linear on both sides.
struct fused_geometry {
  int h = -1, w = -1;
  index_t block = 1, sc = 1, dc = 1;
  bool h_first = false;
  /// h-first over many small planes: each work item is a whole plane (all its rows resampled
  /// once into a plane buffer, then blended), instead of an output row with a ring of rows.
  /// Same operations on every element, so the same results; only less bookkeeping per row.
  bool whole_planes = false;
};

/// The last two passes as an outer pair (axes b < a, positions in execution_layout::order):
/// both along outer axes, the first (a) inside the second (b), such as a volume's H, then D,
/// after its W; only extent-1 axes between them, and the axes after a one linear run of `len`
/// elements on both sides, so that the output after one index of b is a dense plane of
/// out_a · len elements.
struct outer_pair_geometry {
  int a = -1, b = -1;
  index_t len = 1;
};

/// Byte offsets inside one chunk's scratch: `rows` row pointers (the widest table's taps),
/// then `tags` (h-first ring: (outer, row) per slot) and `buffer` (a source row, the ring of
/// resampled rows, or a plane of them), and `plane` (an outer pair that runs the row pass too:
/// the resampled source rows of the plane it makes).
struct chunk_parts {
  std::size_t rows = 0, tags = 0, buffer = 0, plane = 0;
};

struct execution_layout {
  pass_schedule schedule;
  /// Y's memory order: the intermediates before a fused pair are dense in it, and the fused
  /// pair runs on stages listed in it (g's axes are positions in it).
  axis_order order;
  /// Elements interleaved per position of the innermost pass's axis in the rows it resamples:
  /// elements_after that axis in `order` (1 for NCHW, C for NHWC; saturating at 2^32).
  index_t pixel = 1;
  bool fused = false;
  fused_geometry g{};
  /// The last two passes run as an outer pair (passes.hpp, run_outer_pair): planes blended along
  /// a into a small ring, then blended along b, without the stage between them.
  bool outer = false;
  outer_pair_geometry og{};
  /// The outer pair also runs the row pass before it (the only other pass, along single
  /// elements): each plane it makes resamples its source rows from X first, into a plane of
  /// the chunk's scratch after the ring (outer_pair_rows_bytes), so that no stage is written.
  bool outer_rows = false;
  std::size_t unfused = 0;  ///< passes before the fused or outer pair (all of them when neither)
  index_t chunks = 1;
  std::size_t off0 = 0, off1 = 0, off_chunks = 0, chunk_bytes = 0, off_claims = 0, bytes = 0;
  chunk_parts part;
};

/// Whether the schedule's pair can run fused on a stage of shape `ext` with source strides
/// `ss` and output strides `ds` (of the plan's `out_shape`), all four listed in `order` (Y's
/// memory order: the fused pass runs on the stage permuted so, which makes a channels-last pair
/// (H, W) with the channels after it look like a row-major one); fills the geometry, in those
/// permuted positions, if so. A schedule without a pair has no axis w, so nothing is read
/// before that check.
inline bool fusable(const pass_schedule& s, const axis_order& order, const dims& ext, const dims& ss, const dims& ds,
                    const dims& out_shape, fused_geometry& g) {
  if (!s.paired) return false;
  const int h = position_in(order, s.h), w = position_in(order, s.w);
  if (h >= w) return false;
  for (int d = h + 1; d < w; ++d)
    if (ext[d] != 1) return false;
  loop_axes blk;
  for (int d = w + 1; d < ext.size(); ++d) blk.push(ext[d], ss[d], ds[d]);
  if (blk.n > 1) return false;
  g.h = h;
  g.w = w;
  g.h_first = s.h_first;
  g.block = blk.n == 0 ? 1 : blk.extent[0];
  g.sc = blk.n == 0 ? 1 : blk.a[0];
  g.dc = blk.n == 0 ? 1 : blk.b[0];
  // Each W×block slab must be one linear run on both sides.
  if (ss[w] != g.block * g.sc && ext[w] > 1) return false;
  if (ds[w] != g.block * g.dc && out_shape[w] > 1) return false;
  return true;
}

/// Whether the schedule's last two passes can run as an outer pair on a stage of shape `ext`
/// with source strides `ss` and output strides `ds` (all listed in Y's memory order, as for
/// fusable; `out_a` outputs along the first): neither is the innermost pass, the second (b)
/// comes before the first (a) in that order with only extent-1 axes between, and the axes after
/// a form one linear run on both sides, which Y's planes after b continue; fills the geometry if so.
inline bool pairs_outer(const pass_schedule& s, int innermost, const axis_order& order, const dims& ext, const dims& ss,
                        const dims& ds, index_t out_a, outer_pair_geometry& g) {
  const std::size_t n = s.order.size();
  if (n < 2 || s.order[n - 2] == innermost || s.order[n - 1] == innermost) return false;
  const int a = position_in(order, s.order[n - 2]), b = position_in(order, s.order[n - 1]);
  if (b >= a || a + 1 >= ext.size()) return false;
  for (int d = b + 1; d < a; ++d)
    if (ext[d] != 1) return false;
  index_t len = 1;
  for (int d = ext.size() - 1; d > a; --d) {
    if (ext[d] != 1 && (ss[d] != len || ds[d] != len)) return false;
    len *= ext[d];
  }
  if (out_a > 1 && ds[a] != len) return false;
  g = {a, b, len};
  return true;
}

/// The elements from one row (or plane) of a ring to the next: its own rounded up to whole
/// 64-byte lines, so that each starts on a line as the first does and the streamed blends that
/// read several of them load aligned vectors from all (blend-inl.hpp, stream_realigned).
template <class Acc>
inline index_t ring_stride(index_t elements) noexcept {
  constexpr auto per_line = static_cast<index_t>(64 / sizeof(Acc));
  return (elements + per_line - 1) / per_line * per_line;
}

/// The planes of an outer pair's ring (each the first pass's output after one index of b):
/// the most planes one output of b reads (its table's max_span), so that none an output reads
/// is overwritten while it is read.
inline index_t outer_pair_ring_planes(const axis_table& tb) noexcept { return std::max<index_t>(tb.max_span, 1); }

/// An outer pair's ring bytes (saturating): its planes of out_a · len accumulators, each at
/// ring_stride.
template <class Acc>
inline std::size_t outer_pair_ring_bytes(const axis_table& ta, const axis_table& tb, index_t len) noexcept {
  return scratch_layout::times(
      static_cast<std::size_t>(outer_pair_ring_planes(tb)),
      scratch_layout::times(static_cast<std::size_t>(ring_stride<Acc>(ta.out * len)), sizeof(Acc)));
}

/// The plane of resampled source rows an outer pair that runs the row pass too makes for each of
/// its planes (execution_layout::outer_rows): in_a rows of len accumulators at ring_stride.
template <class Acc>
inline std::size_t outer_pair_rows_bytes(const axis_table& ta, index_t len) noexcept {
  return scratch_layout::times(static_cast<std::size_t>(ta.in),
                               scratch_layout::times(static_cast<std::size_t>(ring_stride<Acc>(len)), sizeof(Acc)));
}

/// Whether an outer pair (geometry g, on the stage `before` listed in Y's order) can run the row
/// pass before it as well: that pass is the only other one, along `row_axis` (a position in the
/// same order), with single elements (every axis after the first pass's other than the row axis has
/// extent 1: the plane's rows after one index of a are that axis's rows), and the plane of
/// resampled rows stays within tuning::outer_pair_ring_max_bytes.
template <class Acc>
inline bool outer_pair_runs_rows(std::size_t passes, const outer_pair_geometry& g, const dims& before, int row_axis,
                                 const axis_table& ta) noexcept {
  if (passes != 3 || row_axis <= g.a) return false;
  for (int d = g.a + 1; d < before.size(); ++d)
    if (d != row_axis && before[d] != 1) return false;
  return outer_pair_rows_bytes<Acc>(ta, g.len) <= tuning::outer_pair_ring_max_bytes;
}

/// The stage shape after the first `count` passes of `order`.
inline dims shape_after(const resize_plan& plan, const axis_list& order, std::size_t count) {
  dims s = plan.input_shape();
  for (std::size_t p = 0; p < count; ++p) s[order[p]] = plan.output_shape()[order[p]];
  return s;
}

/// The source rows an h-first pair's load resamples (row_bytes: one resampled row's bytes):
/// tuning::h_first_rows_per_load where the outputs read every source row and the ring of
/// h_first_ring_rows stays within tuning::h_first_ring_max_bytes; else 1.
inline index_t h_first_rows_per_load(const axis_table& th, std::size_t row_bytes) noexcept {
  const auto rows = static_cast<std::size_t>(std::max<index_t>(th.max_span, 1) + tuning::h_first_rows_per_load - 1);
  return th.sources_used == th.in && row_bytes <= tuning::h_first_ring_max_bytes / rows ? tuning::h_first_rows_per_load
                                                                                        : 1;
}

/// The rows of an h-first pair's ring of resampled rows: the most rows one output reads
/// (max_span), and the rows a load resamples ahead (h_first_rows_per_load − 1), so that no load
/// overwrites a row the current output reads.
inline index_t h_first_ring_rows(const axis_table& th, std::size_t row_bytes) noexcept {
  return std::max<index_t>(th.max_span, 1) + h_first_rows_per_load(th, row_bytes) - 1;
}

/// Per-chunk scratch bytes (`before`: the stage before the pair, listed in L.order): max_taps row pointers and either
/// one source row (v-first: in_w · block accumulators), a ring of resampled rows (h-first: h_first_ring_rows rows of
/// out_w · block accumulators at ring_stride, plus tags), or a whole resampled plane (in_h · out_w · block).
template <class Acc>
std::size_t size_chunk(const resize_plan& plan, execution_layout& L, const dims& before, index_t concurrency) {
  std::size_t max_taps = 1;
  for (int p : L.schedule.order)
    max_taps = std::max<std::size_t>(max_taps, static_cast<std::size_t>(plan.table(p).max_taps));
  scratch_layout chunk;
  L.part.rows = chunk.take(max_taps * sizeof(void*));
  if (L.outer) {
    const std::size_t n = L.schedule.order.size();
    const auto& ta = plan.table(L.schedule.order[n - 2]);
    const auto& tb = plan.table(L.schedule.order[n - 1]);
    L.part.tags = chunk.take(static_cast<std::size_t>(outer_pair_ring_planes(tb)) * 2 * sizeof(index_t));
    L.part.buffer = chunk.take(outer_pair_ring_bytes<Acc>(ta, tb, L.og.len));
    if (L.outer_rows) L.part.plane = chunk.take(outer_pair_rows_bytes<Acc>(ta, L.og.len));
  }
  if (L.fused) {
    fused_geometry& g = L.g;
    const auto& th = plan.table(L.schedule.h);
    const auto& tw = plan.table(L.schedule.w);
    // Whole planes: every source row is used, a plane buffer stays small (L1), and there are
    // at least as many planes as chunks (a single large image keeps splitting over rows).
    index_t planes = 1;
    for (int d = 0; d < g.h; ++d) planes *= before[d];  // `before` is listed in L.order
    // in_h · out_w · block mixes extents of two stages (for a v-first pair it is no stage at
    // all, and can pass int64): multiplied saturating, in size_t.
    const auto plane_bytes = scratch_layout::times(
        scratch_layout::times(static_cast<std::size_t>(before[g.h]), static_cast<std::size_t>(tw.out)),
        scratch_layout::times(static_cast<std::size_t>(g.block), sizeof(Acc)));
    g.whole_planes = g.h_first && th.sources_used == before[g.h] && plane_bytes <= 16384 && planes >= 4 * concurrency;
    const auto row_bytes =
        scratch_layout::times(static_cast<std::size_t>(ring_stride<Acc>(tw.out * g.block)), sizeof(Acc));
    const auto ring = static_cast<std::size_t>(h_first_ring_rows(th, row_bytes));
    if (g.h_first && !g.whole_planes) L.part.tags = chunk.take(ring * 2 * sizeof(index_t));
    L.part.buffer =
        chunk.take(g.whole_planes ? plane_bytes
                   : g.h_first    ? scratch_layout::times(ring, row_bytes)
                               : scratch_layout::times(static_cast<std::size_t>(before[g.w] * g.block), sizeof(Acc)));
  }
  return chunk.bytes;
}

/// The most work items any pass of the layout splits into (scratch is needed for no more
/// chunks than that, whatever concurrency the executor claims).
inline index_t count_items(const resize_plan& plan, const execution_layout& L) {
  index_t items = 1;
  dims s = plan.input_shape();
  for (std::size_t p = 0; p < L.unfused; ++p) {
    const int axis = L.schedule.order[p];
    items = std::max(items, pass_items(s, axis, plan.output_shape()[axis]));
    s[axis] = plan.output_shape()[axis];
  }
  if (L.outer) {
    const dims listed = in_order(s, L.order);
    index_t n_outer = 1;
    for (int d = 0; d < L.og.b; ++d) n_outer *= listed[d];
    items = std::max(items, n_outer * plan.table(L.schedule.order[L.schedule.order.size() - 1]).out);
  }
  if (L.fused) {
    const dims listed = in_order(s, L.order);
    index_t n_outer = 1;
    for (int d = 0; d < L.g.h; ++d) n_outer *= listed[d];
    items = std::max(items, L.g.whole_planes ? n_outer : n_outer * plan.table(L.schedule.h).out);
  }
  return items;
}

// Work chunks per thread of a parallel executor (tuning.hpp). Chunks are handed out as threads
// come free (thread_pool.hpp; a caller's parallel_for may do the same), so a thread that starts
// late or is slowed down by other work is made up for by the others instead of the call waiting
// for its one share. Each chunk owns its scratch, so the extra chunks are made only while they
// take at most extra_chunk_bytes and stay within the plan's max_scratch_bytes.
using tuning::chunks_per_thread;
using tuning::extra_chunk_bytes;

/// The layout for element type T, given the strides of X and Y and the executor's concurrency.
/// Scratch = two ping-pong buffers for the unfused passes' outputs (each the largest
/// intermediate of its parity, in the accumulator type), then the chunks' scratch and a claim
/// flag per chunk (passes.hpp: claimed_chunk).
template <interpolatable T>
execution_layout layout_execution(const resize_plan& plan, const dims& x_strides, const dims& y_strides,
                                  int concurrency) {
  using Acc = accumulator_t<T>;
  execution_layout L;
  L.schedule = schedule_passes<T>(plan);
  const axis_list& order = L.schedule.order;
  const std::size_t n = order.size();
  if (n == 0) return L;
  // The element count of every stage between passes (the middle of a fused pair too). The pass
  // order runs shrinking axes first, so none exceeds X or Y; should one leave int64 all the same,
  // no workspace could hold it, and the layout asks for more than SIZE_MAX bytes, which
  // check_scratch refuses as limit_exceeded. With every count in range, every product of some of
  // a stage's extents below (work items, planes, rows) is too: with any output no extent is 0.
  axis_array<index_t> stage_count{};  // stage_count[p]: after the first p passes (1 <= p < n)
  for (std::size_t p = 1; p < n; ++p) {
    stage_count[static_cast<int>(p)] = checked_element_count(shape_after(plan, order, p));
    if (stage_count[static_cast<int>(p)] < 0) {
      L.bytes = scratch_layout::saturated;
      return L;
    }
  }
  L.order = loop_order(plan.output_shape(), y_strides);
  const dims listed_out = in_order(plan.output_shape(), L.order);
  L.pixel = elements_after(listed_out, position_in(L.order, innermost_pass(plan)));
  const dims before = shape_after(plan, order, n >= 2 ? n - 2 : 0);
  const dims listed_before = in_order(before, L.order);
  const dims in_str = n <= 2 ? x_strides : strides_in_order(before, L.order);
  L.fused = fusable(L.schedule, L.order, listed_before, in_order(in_str, L.order), in_order(y_strides, L.order),
                    listed_out, L.g);
  // Where the last two passes are not the fused pair, they may be an outer pair, whose ring
  // of planes stays in the caches (tuning::outer_pair_ring_max_bytes).
  if (!L.fused && n >= 2 &&
      pairs_outer(L.schedule, innermost_pass(plan), L.order, listed_before, in_order(in_str, L.order),
                  in_order(y_strides, L.order), plan.table(order[n - 2]).out, L.og))
    L.outer = outer_pair_ring_bytes<Acc>(plan.table(order[n - 2]), plan.table(order[n - 1]), L.og.len) <=
              tuning::outer_pair_ring_max_bytes;
  // W5 of bench/: the stage after W (twice the input) was written to memory and read back.
  L.outer_rows = L.outer && outer_pair_runs_rows<Acc>(n, L.og, listed_before, position_in(L.order, order[0]),
                                                      plan.table(order[n - 2]));
  L.unfused = L.outer_rows ? 0 : L.fused || L.outer ? n - 2 : n;
  scratch_layout lay;
  index_t big[2] = {0, 0};
  for (std::size_t p = 0; p + 1 < n && p < L.unfused; ++p)
    big[p % 2] = std::max(big[p % 2], stage_count[static_cast<int>(p + 1)]);
  L.off0 = lay.take(scratch_layout::times(static_cast<std::size_t>(big[0]), sizeof(Acc)));
  L.off1 = lay.take(scratch_layout::times(static_cast<std::size_t>(big[1]), sizeof(Acc)));
  const index_t threads = std::max(1, concurrency);
  L.chunk_bytes = size_chunk<Acc>(plan, L, listed_before, threads);
  const index_t items = count_items(plan, L);
  auto with = [&](index_t chunks) {
    scratch_layout all = lay;
    L.chunks = std::min({items, chunks, max_chunks});
    L.off_chunks = all.take(scratch_layout::times(L.chunk_bytes, static_cast<std::size_t>(L.chunks)));
    L.off_claims = all.take(static_cast<std::size_t>(L.chunks) * sizeof(std::atomic<std::uint32_t>));
    L.bytes = all.bytes;
  };
  with(threads == 1 ? 1 : threads * chunks_per_thread);
  if (L.chunks > threads && (L.bytes - L.off_chunks > extra_chunk_bytes || L.bytes > plan.max_scratch_bytes()))
    with(threads);
  return L;
}

}  // namespace detail
NDRESIZE_END_NAMESPACE
