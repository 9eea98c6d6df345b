// SPDX-License-Identifier: Apache-2.0
// The weighted executor: applies the plan's per-axis tables as separable passes. Passes on
// outer axes run through ping-pong scratch in the accumulator type (T is rounded once, at the
// final store). The last two passes — the innermost resized axis `w` and the next one `h` —
// are fused over a small per-thread row buffer, so no full-size intermediate is written:
//   v-first: out row = resample_w(Σ_h w·in rows)            (cheap when shrinking along w)
//   h-first: out row = Σ_h w·cache(resample_w(in row))     (cheap when growing along w)
// (h-first over many small planes caches a whole resampled plane per work item.)
// Work is split over output rows; every row is computed by the same code whatever the split.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <tuple>

#include "../config.hpp"
#include "../detail/nd_loop.hpp"
#include "../executor.hpp"
#include "../plan/resize_plan.hpp"
#include "../view.hpp"
#include "../workspace.hpp"
#include "extrapolate.hpp"
#include "row_ops.hpp"

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

/// Splits [0, n) into `chunks` contiguous ranges; range c is [begin(c), begin(c + 1)).
struct split {
  index_t n, chunks;
  index_t begin(index_t c) const noexcept { return n * c / chunks; }
};

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

/// Outputs of at least this many bytes are written with non-temporal stores where available.
inline constexpr index_t streaming_threshold = index_t{8} << 20;

inline index_t box_size(const loop_axes& ax, int count) noexcept {
  index_t n = 1;
  for (int d = 0; d < count; ++d) n *= ax.extent[d];
  return n;
}

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

/// One unfused pass along `axis` from (src, extents, src strides) to (dst, dst strides).
template <class Acc, class Src, class Dst>
void run_pass(const row_ops<Acc, Src, Dst>& ops, const Src* src, const dims& ext, const dims& ss, Dst* dst,
              const dims& ds, int axis, const axis_table& t, const executor& ex, std::byte* chunk_scratch,
              std::size_t chunk_bytes, index_t chunks, bool final_output) {
  loop_axes outer, inner;
  for (int d = 0; d < axis; ++d) outer.push(ext[d], ss[d], ds[d]);
  for (int d = axis + 1; d < ext.size(); ++d) inner.push(ext[d], ss[d], ds[d]);
  if (outer.empty_box() || inner.empty_box() || t.out == 0) return;
  const index_t sk = ss[axis], dk = ds[axis];
  if (inner.n == 0) {
    // The pass axis is innermost: every outer position is one row resampled along itself.
    const split sp{box_size(outer, outer.n), std::min<index_t>(chunks, box_size(outer, outer.n))};
    // One call per run of rows along the innermost outer axis (uniform strides there).
    const index_t run_extent = outer.n == 0 ? 1 : outer.extent[outer.n - 1];
    const index_t run_a = outer.n == 0 ? 0 : outer.a[outer.n - 1], run_b = outer.n == 0 ? 0 : outer.b[outer.n - 1];
    ex.run(sp.chunks, [&](index_t c) {
      for (index_t i = sp.begin(c), end = sp.begin(c + 1); i < end;) {
        const auto [oa, ob] = offsets_at(outer, outer.n, i);
        const index_t rows = std::min(end - i, run_extent - i % run_extent);
        ops.resample({dst + ob, dk, 0, src + oa, sk, 0, 1, &t, rows, run_b, run_a});
        i += rows;
      }
    });
    return;
  }
  // An outer axis: each output line along the last inner axis blends whole source lines.
  const int last = inner.n - 1;
  const index_t len = inner.extent[last], sl = inner.a[last], dl = inner.b[last];
  const split sp{box_size(outer, outer.n) * t.out, std::min<index_t>(chunks, box_size(outer, outer.n) * t.out)};
  const auto* w = weights_of<Acc>(t);
  const bool stream =
      final_output && box_size(outer, outer.n) * t.out * len * static_cast<index_t>(sizeof(Dst)) >= streaming_threshold;
  ex.run(sp.chunks, [&](index_t c) {
    auto** rows = reinterpret_cast<const Src**>(chunk_scratch + static_cast<std::size_t>(c) * chunk_bytes);
    for_each_item(outer, t.out, sp.begin(c), sp.begin(c + 1), [&](index_t, index_t j, index_t oa, index_t ob) {
      const index_t b = t.tap_begin[static_cast<std::size_t>(j)], e = t.tap_begin[static_cast<std::size_t>(j) + 1];
      for_each_offset(inner, last, oa, ob + j * dk, [&](index_t ia, index_t ib) {
        for (index_t q = b; q < e; ++q) rows[q - b] = src + ia + t.tap_index[static_cast<std::size_t>(q)] * sk;
        ops.blend({dst + ib, dl, rows, w + b, e - b, len, sl, stream});
      });
    });
    if (stream) store_fence();
  });
}

/// The fused last two passes (axes h < w; axes between them have extent 1, the axes after w
/// form one block of `block` elements with strides sc / dc, and each W×block slab is linear).
struct fused_geometry {
  int h, w;
  index_t block, sc, dc;
  bool h_first;
  /// h-first over many small planes: each work item is a whole plane (all its rows resampled
  /// once into a plane buffer, then blended), instead of an output row with a ring of rows.
  /// Same operations on every element, so the same results; only less bookkeeping per row.
  bool whole_planes = false;
};

/// `load_ops` read the source into accumulators; `store_ops` write accumulators to Y.
template <class Acc, class Src, class Dst>
void run_fused(const row_ops<Acc, Src, Acc>& load_ops, const row_ops<Acc, Acc, Dst>& store_ops, const Src* src,
               const dims& ext, const dims& ss, Dst* dst, const dims& ds, const fused_geometry& g,
               const resize_plan& plan, const executor& ex, std::byte* chunk_scratch, std::size_t chunk_bytes,
               index_t chunks) {
  const axis_table& th = plan.table(g.h);
  const axis_table& tw = plan.table(g.w);
  loop_axes outer;
  for (int d = 0; d < g.h; ++d) outer.push(ext[d], ss[d], ds[d]);
  if (outer.empty_box() || th.out == 0 || tw.out == 0 || g.block == 0) return;
  const index_t n_outer = box_size(outer, outer.n);
  const index_t sh = ss[g.h], dh = ds[g.h], sw = ss[g.w], dw = ds[g.w];
  const index_t in_w = ext[g.w], out_w = tw.out, blk = g.block;
  const auto* wh = weights_of<Acc>(th);
  const std::size_t max_taps = static_cast<std::size_t>(std::max(th.max_taps, 1));
  const bool stream = plan.output_size() * static_cast<index_t>(sizeof(Dst)) >= streaming_threshold;
  if (g.whole_planes) {
    const index_t in_h = ext[g.h], row = out_w * blk;
    const split sp{n_outer, std::min<index_t>(chunks, n_outer)};
    ex.run(sp.chunks, [&](index_t c) {
      std::byte* mem = chunk_scratch + static_cast<std::size_t>(c) * chunk_bytes;
      auto** rows = reinterpret_cast<const Acc**>(mem);
      Acc* plane = reinterpret_cast<Acc*>(mem + (max_taps * sizeof(void*) + 63) / 64 * 64);
      for (index_t o = sp.begin(c); o < sp.begin(c + 1); ++o) {
        const auto [oa, ob] = offsets_at(outer, outer.n, o);
        load_ops.resample({plane, blk, 1, src + oa, sw, g.sc, blk, &tw, in_h, row, sh});
        for (index_t j = 0; j < th.out; ++j) {
          const index_t b = th.tap_begin[static_cast<std::size_t>(j)],
                        e = th.tap_begin[static_cast<std::size_t>(j) + 1];
          for (index_t q = b; q < e; ++q) rows[q - b] = plane + th.tap_index[static_cast<std::size_t>(q)] * row;
          store_ops.blend({dst + ob + j * dh, g.dc, rows, wh + b, e - b, row, 1, stream});
        }
      }
      if (stream) store_fence();
    });
    return;
  }
  const split sp{n_outer * th.out, std::min<index_t>(chunks, n_outer * th.out)};
  ex.run(sp.chunks, [&](index_t c) {
    std::byte* mem = chunk_scratch + static_cast<std::size_t>(c) * chunk_bytes;
    if (!g.h_first) {
      auto** rows = reinterpret_cast<const Src**>(mem);
      Acc* tmp = reinterpret_cast<Acc*>(mem + (max_taps * sizeof(void*) + 63) / 64 * 64);
      for_each_item(outer, th.out, sp.begin(c), sp.begin(c + 1), [&](index_t, index_t j, index_t oa, index_t ob) {
        const index_t b = th.tap_begin[static_cast<std::size_t>(j)], e = th.tap_begin[static_cast<std::size_t>(j) + 1];
        for (index_t q = b; q < e; ++q) rows[q - b] = src + oa + th.tap_index[static_cast<std::size_t>(q)] * sh;
        load_ops.blend({tmp, 1, rows, wh + b, e - b, in_w * blk, g.sc});
        store_ops.resample({dst + ob + j * dh, dw, g.dc, tmp, blk, 1, blk, &tw});
      });
      return;
    }
    // h-first: a ring of resampled input rows; slot = input row mod span, tagged by (outer, row).
    const index_t span = std::max<index_t>(th.max_span, 1);
    auto** rows = reinterpret_cast<const Acc**>(mem);
    std::size_t at = (max_taps * sizeof(void*) + 63) / 64 * 64;
    auto* tag = reinterpret_cast<index_t*>(mem + at);
    at += (static_cast<std::size_t>(span) * 2 * sizeof(index_t) + 63) / 64 * 64;
    Acc* cache = reinterpret_cast<Acc*>(mem + at);
    for (index_t s = 0; s < span; ++s) tag[2 * s] = tag[2 * s + 1] = -1;
    for_each_item(outer, th.out, sp.begin(c), sp.begin(c + 1), [&](index_t o, index_t j, index_t oa, index_t ob) {
      const index_t b = th.tap_begin[static_cast<std::size_t>(j)], e = th.tap_begin[static_cast<std::size_t>(j) + 1];
      for (index_t q = b; q < e; ++q) {
        const index_t r = th.tap_index[static_cast<std::size_t>(q)];
        const index_t slot = r % span;
        Acc* line = cache + slot * out_w * blk;
        if (tag[2 * slot] != o || tag[2 * slot + 1] != r) {
          load_ops.resample({line, blk, 1, src + oa + r * sh, sw, g.sc, blk, &tw});
          tag[2 * slot] = o;
          tag[2 * slot + 1] = r;
        }
        rows[q - b] = line;
      }
      store_ops.blend({dst + ob + j * dh, g.dc, rows, wh + b, e - b, out_w * blk, 1, stream});
    });
    if (stream) store_fence();
  });
}

/// Decides whether the last two passes fuse, and how (see the file comment).
inline bool plan_fusion(const resize_plan& plan, const axis_list& passes, const dims& ext, const dims& ss,
                        const dims& ds, bool source_is_float, bool accumulates_in_float, fused_geometry& g) {
  if (passes.size() < 2) return false;
  g.w = *std::max_element(passes.begin(), passes.end());
  g.h = -1;
  for (int p : passes)
    if (p != g.w) g.h = std::max(g.h, p);
  for (int d = g.h + 1; d < g.w; ++d)
    if (ext[d] != 1) return false;
  loop_axes blk;
  for (int d = g.w + 1; d < ext.size(); ++d) blk.push(ext[d], ss[d], ds[d]);
  if (blk.n > 1) return false;
  g.block = blk.n == 0 ? 1 : blk.extent[0];
  g.sc = blk.n == 0 ? 1 : blk.a[0];
  g.dc = blk.n == 0 ? 1 : blk.b[0];
  const index_t out_w = plan.table(g.w).out;
  // Each W×block slab must be one linear run on both sides.
  if (ss[g.w] != g.block * g.sc && ext[g.w] > 1) return false;
  if (ds[g.w] != g.block * g.dc && out_w > 1) return false;
  const auto& th = plan.table(g.h);
  const auto& tw = plan.table(g.w);
  // Cost in vector multiply-adds. A row blend streams whole rows (1 per element and tap);
  // resampling along a row costs 1.5 with permutes, 16 scalar, and with gathers (float rows
  // only) 4 from the row v-first has just blended (in L1) but 8 from source rows (h-first:
  // every gather pulls lines from memory). The choice changes roundings, so it must not depend
  // on the CPU: these constants describe the AVX-512 kernels whatever target runs.
  auto resample_cost = [&](bool float_rows, bool reads_source) {
    const auto& p = tw.packed16;
    if (p.usable() && p.pixel == g.block && p.all_fit) return 1.5;
    if (p.usable() && p.pixel == g.block && float_rows) return reads_source ? 8.0 : 4.0;
    return 16.0;
  };
  const double blk_d = static_cast<double>(g.block);
  const double taps_h = static_cast<double>(th.tap_index.size()), taps_w = static_cast<double>(tw.tap_index.size());
  const double v_first = taps_h * static_cast<double>(ext[g.w]) * blk_d +
                         static_cast<double>(th.out) * taps_w * blk_d * resample_cost(accumulates_in_float, false);
  const double h_first = static_cast<double>(th.sources_used) * taps_w * blk_d * resample_cost(source_is_float, true) +
                         taps_h * static_cast<double>(out_w) * blk_d;
  g.h_first = h_first < v_first;
  return true;
}

/// How one weighted execution is organized: the pass order (unfused prefix, then the fused
/// pair if any) and where its scratch lives in the workspace.
struct execution_layout {
  axis_list order;
  bool fused = false;
  fused_geometry g{};
  std::size_t unfused = 0;
  index_t chunks = 1;
  std::size_t off0 = 0, off1 = 0, off_chunks = 0, chunk_bytes = 0, bytes = 0;
};

/// The layout for element type T, given the strides of X and Y and the executor's concurrency.
/// Scratch = two ping-pong buffers for the prefix passes' outputs (each the largest
/// intermediate of its parity, in the accumulator type) + per chunk: max_taps row pointers and
/// either one source row (v-first: in_w · pixel accumulators), a ring of max_span resampled
/// rows (h-first: max_span · out_w · pixel accumulators, plus tags), or a whole resampled plane
/// (h-first over small planes: in_h · out_w · pixel accumulators).
template <interpolatable T>
execution_layout layout_execution(const resize_plan& plan, const dims& x_strides, const dims& y_strides,
                                  int concurrency) {
  using Acc = accumulator_t<T>;
  execution_layout L;
  axis_list& order = L.order;
  for (int p : plan.pass_order()) order.push_back(p);
  if (order.empty()) return L;
  fused_geometry& g = L.g;
  const std::size_t n = order.size();
  const dims& x_extents = plan.input_shape();
  bool& fused = L.fused;
  // The stage that the fused pair reads: the shape after the unfused prefix.
  {
    axis_list prefix;
    dims before = x_extents;
    // Try fusion with the strides the fused stage would see.
    const axis_list trial = order;
    fused_geometry tg{};
    int w = *std::max_element(trial.begin(), trial.end()), h = -1;
    for (int p : trial)
      if (p != w) h = std::max(h, p);
    for (int p : trial)
      if (p != w && p != h) prefix.push_back(p);
    for (int p : prefix) before[p] = plan.output_shape()[p];
    const dims in_str = prefix.empty() ? x_strides : row_major_strides(before);
    const bool float_acc = std::is_same_v<Acc, float>;
    const bool float_src = prefix.empty() ? std::is_same_v<T, float> : float_acc;
    if (n >= 2 && plan_fusion(plan, order, before, in_str, y_strides, float_src, float_acc, tg)) {
      fused = true;
      g = tg;
      order = prefix;
      order.push_back(h);
      order.push_back(w);
    }
  }
  const std::size_t unfused = L.unfused = fused ? n - 2 : n;
  // Workspace: ping-pong intermediates, then per-chunk scratch.
  const index_t chunks = std::max(1, concurrency);
  std::size_t max_taps = 1;
  for (int p : order) max_taps = std::max<std::size_t>(max_taps, static_cast<std::size_t>(plan.table(p).max_taps));
  scratch_layout lay;
  index_t big[2] = {0, 0};
  {
    dims s = x_extents;
    for (std::size_t p = 0; p < n; ++p) {
      s[order[p]] = plan.output_shape()[order[p]];
      const bool intermediate = fused ? p + 2 < n : p + 1 < n;
      if (intermediate) big[p % 2] = std::max(big[p % 2], checked_element_count(s));
    }
  }
  L.off0 = lay.take(scratch_layout::times(static_cast<std::size_t>(big[0]), sizeof(Acc)));
  L.off1 = lay.take(scratch_layout::times(static_cast<std::size_t>(big[1]), sizeof(Acc)));
  std::size_t& chunk_bytes = L.chunk_bytes;
  chunk_bytes = (max_taps * sizeof(void*) + 63) / 64 * 64;
  if (fused) {
    const auto& th = plan.table(g.h);
    const auto& tw = plan.table(g.w);
    dims before = x_extents;
    for (std::size_t p = 0; p < unfused; ++p) before[order[p]] = plan.output_shape()[order[p]];
    // Whole planes: every source row is used, a plane buffer stays small (L1), and there are
    // at least as many planes as chunks (a single large image keeps splitting over rows).
    index_t planes = 1;
    for (int d = 0; d < g.h; ++d) planes *= before[d];
    const auto plane_bytes = static_cast<std::size_t>(before[g.h] * tw.out * g.block) * sizeof(Acc);
    g.whole_planes = g.h_first && th.sources_used == before[g.h] && plane_bytes <= 16384 && planes >= 4 * chunks;
    if (g.whole_planes)
      chunk_bytes += plane_bytes;
    else if (g.h_first)
      chunk_bytes +=
          (static_cast<std::size_t>(std::max<index_t>(th.max_span, 1)) * 2 * sizeof(index_t) + 63) / 64 * 64 +
          static_cast<std::size_t>(std::max<index_t>(th.max_span, 1) * tw.out * g.block) * sizeof(Acc);
    else
      chunk_bytes += static_cast<std::size_t>(before[g.w] * g.block) * sizeof(Acc);
  }
  chunk_bytes = (chunk_bytes + 63) / 64 * 64;
  // Scratch for as many chunks as the passes can use: no more than their largest item count,
  // whatever concurrency the executor claims.
  index_t items = 1;
  {
    dims s = x_extents;
    for (std::size_t p = 0; p < unfused; ++p) {
      items = std::max(items, pass_items(s, order[p], plan.output_shape()[order[p]]));
      s[order[p]] = plan.output_shape()[order[p]];
    }
    if (fused) {
      index_t n_outer = 1;
      for (int d = 0; d < g.h; ++d) n_outer *= s[d];
      items = std::max(items, g.whole_planes ? n_outer : n_outer * plan.table(g.h).out);
    }
  }
  L.chunks = std::min(chunks, items);
  L.off_chunks = lay.take(scratch_layout::times(chunk_bytes, static_cast<std::size_t>(L.chunks)));
  L.bytes = lay.bytes;
  return L;
}

template <interpolatable T>
void separable_resize(const resize_plan& plan, tensor_view<const T> x, tensor_view<T> y, workspace& ws,
                      const executor& ex) {
  using Acc = accumulator_t<T>;
  if (plan.output_size() == 0) return;
  const isa target = active_isa();
  if (plan.pass_order().empty()) {
    loop_axes ax;
    for (int d = 0; d < plan.rank(); ++d) ax.push(x.extent(d), x.stride(d), y.stride(d));
    const T* s = x.data_handle();
    T* o = y.data_handle();
    for_each_offset(ax, ax.n, 0, 0, [&](index_t a, index_t b) { o[b] = s[a]; });
    extrapolate(plan, y, from_extrapolation_value<T>(plan.extrapolation_value()));
    return;
  }
  const execution_layout L = layout_execution<T>(plan, x.strides(), y.strides(), ex.concurrency());
  if (L.bytes > plan.max_scratch_bytes())
    throw resize_error(
        error_code::limit_exceeded, plan.context(),
        "the workspace would need " +
            (L.bytes == scratch_layout::saturated ? std::string("more than SIZE_MAX") : std::to_string(L.bytes)) +
            " bytes, beyond the limit of " + std::to_string(plan.max_scratch_bytes()) +
            " (plan_limits::max_scratch_bytes)");
  const axis_list& order = L.order;
  const fused_geometry& g = L.g;
  const bool fused = L.fused;
  const std::size_t n = order.size(), unfused = L.unfused;
  const index_t chunks = L.chunks;
  const std::size_t chunk_bytes = L.chunk_bytes;
  dims shape = x.extents();
  auto* mem = static_cast<std::byte*>(ws.get(L.bytes));
  Acc* buf[2] = {reinterpret_cast<Acc*>(mem + L.off0), reinterpret_cast<Acc*>(mem + L.off1)};
  std::byte* chunk_mem = mem + L.off_chunks;

  const auto ops_tt = row_ops<Acc, T, T>::select(target);
  const auto ops_ta = row_ops<Acc, T, Acc>::select(target);
  const auto ops_aa = row_ops<Acc, Acc, Acc>::select(target);
  const auto ops_at = row_ops<Acc, Acc, T>::select(target);
  const Acc* cur = nullptr;  // nullptr: the current stage is x
  dims cur_str = x.strides();
  for (std::size_t p = 0; p < unfused; ++p) {
    const int axis = order[p];
    const bool last = p + 1 == n;
    const dims next_shape = [&] {
      dims s = shape;
      s[axis] = plan.output_shape()[axis];
      return s;
    }();
    const dims out_str = last ? y.strides() : row_major_strides(next_shape);
    Acc* out = last ? nullptr : buf[p % 2];
    const auto& t = plan.table(axis);
    if (cur == nullptr && last)
      run_pass(ops_tt, x.data_handle(), shape, cur_str, y.data_handle(), out_str, axis, t, ex, chunk_mem, chunk_bytes,
               chunks, true);
    else if (cur == nullptr)
      run_pass(ops_ta, x.data_handle(), shape, cur_str, out, out_str, axis, t, ex, chunk_mem, chunk_bytes, chunks,
               false);
    else if (last)
      run_pass(ops_at, cur, shape, cur_str, y.data_handle(), out_str, axis, t, ex, chunk_mem, chunk_bytes, chunks,
               true);
    else
      run_pass(ops_aa, cur, shape, cur_str, out, out_str, axis, t, ex, chunk_mem, chunk_bytes, chunks, false);
    cur = out;
    cur_str = out_str;
    shape = next_shape;
  }
  if (fused) {
    if (cur == nullptr)
      run_fused(ops_ta, ops_at, x.data_handle(), shape, cur_str, y.data_handle(), y.strides(), g, plan, ex, chunk_mem,
                chunk_bytes, chunks);
    else
      run_fused(ops_aa, ops_at, cur, shape, cur_str, y.data_handle(), y.strides(), g, plan, ex, chunk_mem, chunk_bytes,
                chunks);
  }
  extrapolate(plan, y, from_extrapolation_value<T>(plan.extrapolation_value()));
}

}  // namespace detail
NDRESIZE_END_NAMESPACE
