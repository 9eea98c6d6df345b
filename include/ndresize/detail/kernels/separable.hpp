// SPDX-License-Identifier: Apache-2.0
// The weighted executor: applies the plan's per-axis tables as separable passes, in the order
// of the pass schedule (pass_schedule.hpp). Passes on outer axes run through ping-pong scratch
// in the accumulator type (T is rounded once, at the final store); the last two may run
// fused, or as an outer pair (passes.hpp), when the layout allows, with the same results
// either way.
#pragma once

#include <atomic>
#include <cstdint>
#include <new>
#include <string>

#include "../../config.hpp"
#include "../../error.hpp"
#include "../../executor.hpp"
#include "../../plan/resize_plan.hpp"
#include "../../view.hpp"
#include "../../workspace.hpp"
#include "../nd_loop.hpp"
#include "execution_layout.hpp"
#include "extrapolate.hpp"
#include "memory_order.hpp"
#include "passes.hpp"
#include "prepared_tables.hpp"
#include "row_ops.hpp"
#include "tuning.hpp"

NDRESIZE_BEGIN_NAMESPACE
namespace detail {

/// The weighted kernels of one target for element type T (detail/dispatch.hpp chooses
/// them): one row_ops per stage kind (X or scratch in, scratch or Y out), and what they want
/// packed.
template <interpolatable T>
struct weighted_kernels {
  using Acc = accumulator_t<T>;
  row_ops<Acc, T, T> x_to_y;
  row_ops<Acc, T, Acc> x_to_scratch;
  row_ops<Acc, Acc, Acc> scratch_to_scratch;
  row_ops<Acc, Acc, T> scratch_to_y;
  /// The v-first pairs' blend and resample of an output row: from X, or from scratch, to Y.
  blend_resample_fn<Acc, T, T> x_to_y_pair;
  blend_resample_fn<Acc, Acc, T> scratch_to_y_pair;
  /// The h-first pairs' resample and blend of an output row of many channels, or null.
  resample_blend_fn<Acc, T, T> x_to_y_h_pair;
  resample_blend_fn<Acc, Acc, T> scratch_to_y_h_pair;
  packing packs;
};

/// A plan whose every axis is the identity: Y = X (then extrapolation).
template <interpolatable T>
void copy_resize(const resize_plan& plan, tensor_view<const T> x, tensor_view<T> y) {
  loop_axes ax;
  for (int d = 0; d < plan.rank(); ++d) ax.push(x.extent(d), x.stride(d), y.stride(d));
  const T* s = x.data_handle();
  T* o = y.data_handle();
  for_each_offset(ax, ax.n, 0, 0, [&](index_t a, index_t b) { o[b] = s[a]; });
  extrapolate(plan, y, from_extrapolation_value<T>(plan.extrapolation_value()));
}

inline status check_scratch(const resize_plan& plan, const execution_layout& L) {
  if (L.bytes > plan.max_scratch_bytes())
    return make_error(
        error_code::limit_exceeded, plan.context(),
        "the workspace would need " +
            (L.bytes == scratch_layout::saturated ? std::string("more than SIZE_MAX") : std::to_string(L.bytes)) +
            " bytes, beyond the limit of " + std::to_string(plan.max_scratch_bytes()) +
            " (plan_limits::max_scratch_bytes)");
  return {};
}

/// Runs one unfused pass with the row_ops of its stage kind (from X or scratch, to scratch or Y).
template <interpolatable T, class Acc = accumulator_t<T>>
void run_stage(const weighted_kernels<T>& k, const T* x, const Acc* cur, T* y, Acc* out, const dims& ext,
               const dims& ss, const dims& ds, const pass_axis& pa, const executor& ex, const chunk_memory& mem) {
  if (cur == nullptr && out == nullptr) return run_pass(k.x_to_y, pass_io<T, T>{x, ext, ss, y, ds}, pa, ex, mem, true);
  if (cur == nullptr) return run_pass(k.x_to_scratch, pass_io<T, Acc>{x, ext, ss, out, ds}, pa, ex, mem, false);
  if (out == nullptr) return run_pass(k.scratch_to_y, pass_io<Acc, T>{cur, ext, ss, y, ds}, pa, ex, mem, true);
  run_pass(k.scratch_to_scratch, pass_io<Acc, Acc>{cur, ext, ss, out, ds}, pa, ex, mem, false);
}

template <interpolatable T>
status separable_resize(const resize_plan& plan, tensor_view<const T> x, tensor_view<T> y, workspace& ws,
                        const executor& ex, const weighted_kernels<T>& k) {
  using Acc = accumulator_t<T>;
  if (plan.output_size() == 0) return {};
  if (plan.pass_order().empty()) {
    copy_resize(plan, x, y);
    return {};
  }
  const execution_layout L = layout_execution<T>(plan, x.strides(), y.strides(), ex.concurrency());
  NDRESIZE_TRY(check_scratch(plan, L));
  const prepared_tables& prepared = prepare_tables(plan, k.packs, L.pixel, ws);
  const axis_list& order = L.schedule.order;
  auto got = ws.try_get(L.bytes);
  if (!got.ok()) return std::move(got).error();
  auto* mem = static_cast<std::byte*>(*got);
  Acc* buf[2] = {reinterpret_cast<Acc*>(mem + L.off0), reinterpret_cast<Acc*>(mem + L.off1)};
  auto* claims = reinterpret_cast<std::atomic<std::uint32_t>*>(mem + L.off_claims);
  for (index_t c = 0; c < L.chunks; ++c) new (claims + c) std::atomic<std::uint32_t>(0);  // every slot free
  const chunk_memory chunks{mem + L.off_chunks, L.chunk_bytes, L.chunks, L.part, claims};
  dims shape = x.extents();
  // Unfused intermediates are laid out like X (see memory_order.hpp).
  const axis_order scratch_order = loop_order(x.extents(), x.strides());
  const Acc* cur = nullptr;  // nullptr: the current stage is x
  dims cur_str = x.strides();
  for (std::size_t p = 0; p < L.unfused; ++p) {
    const int axis = order[p];
    const bool last = p + 1 == order.size();
    dims next_shape = shape;
    next_shape[axis] = plan.output_shape()[axis];
    const dims out_str = last ? y.strides()
                         : L.fused || L.outer
                             ? strides_in_order(next_shape, L.order)  // as layout_execution planned the pair
                             : strides_in_order(next_shape, scratch_order);
    Acc* out = last ? nullptr : buf[p % 2];
    run_stage<T>(k, x.data_handle(), cur, y.data_handle(), out, shape, cur_str, out_str,
                 {axis, plan.table(axis), prepared.taps_of(axis)}, ex, chunks);
    cur = out;
    cur_str = out_str;
    shape = next_shape;
  }
  // A fused or outer pair runs on the stage listed in Y's memory order (L.g's and L.og's axes are
  // positions in it).
  const bool stream = plan.output_size() * static_cast<index_t>(sizeof(T)) >= tuning::streaming_output_bytes;
  const dims ext = in_order(shape, L.order), ss = in_order(cur_str, L.order), ds = in_order(y.strides(), L.order);
  if (L.outer) {
    const auto& ta = plan.table(order[order.size() - 2]);
    const auto& tb = plan.table(order[order.size() - 1]);
    const outer_pair_rows<Acc, T> rows{k.x_to_scratch, plan.table(order[0]), prepared.taps_of(order[0]),
                                       ss[position_in(L.order, order[0])]};
    if (L.outer_rows)
      run_outer_pair(k.scratch_to_scratch, k.scratch_to_y, L.og, ta, tb, stream,
                     pass_io<T, T>{x.data_handle(), ext, ss, y.data_handle(), ds}, ex, chunks, &rows);
    else if (cur == nullptr)
      run_outer_pair(k.x_to_scratch, k.scratch_to_y, L.og, ta, tb, stream,
                     pass_io<T, T>{x.data_handle(), ext, ss, y.data_handle(), ds}, ex, chunks);
    else
      run_outer_pair(k.scratch_to_scratch, k.scratch_to_y, L.og, ta, tb, stream,
                     pass_io<Acc, T>{cur, ext, ss, y.data_handle(), ds}, ex, chunks);
  }
  if (L.fused) {
    const auto& th = plan.table(L.schedule.h);
    const auto& tw = plan.table(L.schedule.w);
    const packed_taps* pw = prepared.taps_of(L.schedule.w);
    if (cur == nullptr)
      run_fused(fused_pass<Acc, T, T>{k.x_to_scratch, k.scratch_to_y, k.x_to_y_pair, k.x_to_y_h_pair, L.g, th, tw, pw,
                                      stream},
                pass_io<T, T>{x.data_handle(), ext, ss, y.data_handle(), ds}, ex, chunks);
    else
      run_fused(fused_pass<Acc, Acc, T>{k.scratch_to_scratch, k.scratch_to_y, k.scratch_to_y_pair,
                                        k.scratch_to_y_h_pair, L.g, th, tw, pw, stream},
                pass_io<Acc, T>{cur, ext, ss, y.data_handle(), ds}, ex, chunks);
  }
  extrapolate(plan, y, from_extrapolation_value<T>(plan.extrapolation_value()));
  return {};
}

}  // namespace detail
NDRESIZE_END_NAMESPACE
