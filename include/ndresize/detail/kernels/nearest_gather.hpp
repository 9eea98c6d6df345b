// SPDX-License-Identifier: Apache-2.0
// N-D nearest gather: Y[o_0, .., o_n] = X[index_0[o_0], .., index_n[o_n]]. Works for every
// element type (a copy, no arithmetic). When consecutive output coordinates of an outer axis
// read the same source slab, the output slab just written is copied instead of gathered
// again (nearest upsampling duplicates whole rows). Work is split over output slabs.
#pragma once

#include <algorithm>
#include <atomic>
#include <new>
#include <type_traits>
#include <vector>

#include "../../config.hpp"
#include "../../executor.hpp"
#include "../../plan/resize_plan.hpp"
#include "../../view.hpp"
#include "../../workspace.hpp"
#include "../axis_array.hpp"
#include "../nd_loop.hpp"
#include "../simd/vocabulary.hpp"
#include "../work_split.hpp"
#include "memory_order.hpp"
#include "packed_taps.hpp"
#include "prepared_tables.hpp"

NDRESIZE_BEGIN_NAMESPACE
namespace detail {

// The packed row gather (nearest_row-inl.hpp) for the backend whose vectors hold the packed
// index's 16 lanes: detail::N_AVX512.
#if NDRESIZE_X86
NDRESIZE_SIMD_BEGIN_AVX512
namespace N_AVX512 {
namespace hn = simd::N_AVX512;
#include "nearest_row-inl.hpp"
}  // namespace N_AVX512
NDRESIZE_SIMD_END
#endif

/// The nearest kernels of one target (detail/dispatch.hpp chooses them).
struct gather_kernels {
  /// Copies one contiguous row of 32-bit elements, d[j] = s[index[j]], through a packed index
  /// (null: the portable loop).
  void (*row32)(std::uint32_t* d, const std::uint32_t* s, index_t in, index_t out,
                const packed_index& p) noexcept = nullptr;
};

/// The axes of a gather in loop order (memory_order.hpp: Y's memory order when its contiguous
/// axis is not its last). A copy gives the same result in any order, and this way the
/// innermost loop runs over contiguous memory (a channels-last tensor copies runs of channels
/// instead of striding over W).
struct gather_axes {
  int rank = 0;
  axis_array<const axis_table*> table{};
  axis_array<index_t> out{}, sa{}, sb{};
  /// Loop axis i reads source j for output j: an axis with scale 1 has an index table too
  /// (only axes outside `axes` get the data-free identity table), so this is checked once here.
  axis_array<bool> identity{};
  bool last_is_last = true;  ///< the innermost loop is the plan's last axis

  gather_axes(const resize_plan& plan, const dims& x_strides, const dims& y_strides) : rank(plan.rank()) {
    const axis_order order = loop_order(plan.output_shape(), y_strides);
    for (int i = 0; i < rank; ++i) {
      const int d = order.at[static_cast<std::size_t>(i)];
      table[i] = &plan.table(d);
      out[i] = plan.output_shape()[d];
      sa[i] = x_strides[d];
      sb[i] = y_strides[d];
      identity[i] = plan.table(d).is_identity();
    }
    last_is_last = order.at[static_cast<std::size_t>(rank - 1)] == rank - 1;
  }
};

template <class T>
struct gather_context {
  const gather_axes& ax;
  const T* src;
  T* dst;
  axis_array<bool> dense{};    // loop axis d: the output slab below d is one dense run
  axis_array<index_t> slab{};  // its element count
  const gather_kernels& kernels;
  const packed_index* last_index = nullptr;  // the plan's last axis's packed index (prepared_tables)

  /// Copies may throw only for element types whose copy allocates (std::string): those are
  /// caught per work chunk by nearest_gather, never here.
  void run(int d, index_t a, index_t b) const noexcept(std::is_nothrow_copy_assignable_v<T>) {
    const axis_table& t = *ax.table[d];
    const index_t* idx = t.index.data();
    const index_t out = t.out;
    const bool identity = ax.identity[d];
    const auto& sa = ax.sa;
    const auto& sb = ax.sb;
    if (d == ax.rank - 1) {
      const index_t s = sa[d], o = sb[d];
      if (identity && o == 1 && s == 1) {  // a run of channels (channels-last): one block copy
        std::copy(src + a, src + a + out, dst + b);
        return;
      }
      if constexpr (sizeof(T) == 4 && std::is_trivially_copyable_v<T>) {
        if (o == 1 && s == 1 && kernels.row32 != nullptr && last_index != nullptr) {
          kernels.row32(reinterpret_cast<std::uint32_t*>(dst + b), reinterpret_cast<const std::uint32_t*>(src + a),
                        t.in, out, *last_index);
          return;
        }
      }
      if (identity)
        for (index_t j = 0; j < out; ++j) dst[b + j * o] = src[a + j * s];
      else if (o == 1 && s == 1)
        for (index_t j = 0; j < out; ++j) dst[b + j] = src[a + idx[j]];
      else
        for (index_t j = 0; j < out; ++j) dst[b + j * o] = src[a + idx[j] * s];
      return;
    }
    if (identity) {  // no source slab repeats
      for (index_t j = 0; j < out; ++j) run(d + 1, a + j * sa[d], b + j * sb[d]);
      return;
    }
    const bool dup = dense[d];
    const auto n = slab[d];
    for (index_t j = 0; j < out; ++j) {
      if (dup && j > 0 && idx[j] == idx[j - 1]) {
        const T* prev = dst + b + (j - 1) * sb[d];
        std::copy(prev, prev + n, dst + b + j * sb[d]);
        continue;
      }
      run(d + 1, a + idx[j] * sa[d], b + j * sb[d]);
    }
  }
};

/// Gathers X into Y along the plan's index tables with one target's `kernels` (and the
/// packed tables they read, prepared in `ws`). Views are validated by the caller.
/// Element types whose copy can throw (std::string, whose copy allocates): an allocation that
/// fails in any chunk ends that chunk, the others finish, and the call returns out_of_memory.
/// Y then holds valid elements, each either its value before the call or its result (never a
/// half-copied element: std::string's copy assignment is strongly exception-safe); no exception
/// leaves a chunk, so none crosses an executor's threads. For every other type nothing throws.
template <class T>
status nearest_gather(const resize_plan& plan, tensor_view<const T> x, tensor_view<T> y, workspace& ws,
                      const executor& ex, const gather_kernels& kernels) {
  if (plan.output_size() == 0) return {};
  const int r = plan.rank();
  const gather_axes ax(plan, x.strides(), y.strides());
  gather_context<T> ctx{ax, x.data_handle(), y.data_handle(), {}, {}, kernels};
  if (kernels.row32 != nullptr && ax.last_is_last)
    ctx.last_index = prepare_tables(plan, {0, true}, 1, ws).index_of_last_axis();
  index_t expect = 1;
  bool dense = true;
  for (int d = r - 1; d >= 0; --d) {
    const int i = d;
    ctx.dense[i] = dense;
    ctx.slab[i] = expect;
    dense = dense && (ax.sb[i] == expect || ax.out[i] == 1);
    expect *= ax.out[i];
  }
  // Split over the leading loop axes until there are enough slabs for every thread.
  const index_t want = static_cast<index_t>(ex.concurrency()) * 8;
  int k = 0;  // items are the index tuples of loop axes [0, k]
  index_t items = ax.out[0];
  while (items < want && k + 2 < r) items *= ax.out[++k];
  std::atomic<bool> failed{false};
  // Runs f, turning a failed allocation into `failed` (types whose copy cannot throw: f alone).
  auto guarded = [&](auto&& f) {
    if constexpr (std::is_nothrow_copy_assignable_v<T>) {
      f();
    } else {
#if NDRESIZE_EXCEPTIONS
      try {
        f();
      } catch (const std::bad_alloc&) {
        failed.store(true, std::memory_order_relaxed);
      }
#else
      f();  // without exceptions a failed allocation ends the program, as in the standard library
#endif
    }
  };
  auto outcome = [&]() -> status {
    if (failed.load(std::memory_order_relaxed))
      return make_error(error_code::out_of_memory, plan.context(),
                        "copying the elements (strings) ran out of memory; Y holds each element's old value or "
                        "its result");
    return {};
  };
  if (ex.concurrency() == 1 || r == 1) {
    guarded([&] { ctx.run(0, 0, 0); });
    return outcome();
  }
  const split parts{items, chunks_for(items, ex.concurrency())};
  ex.run(parts.chunks, [&](index_t c) {
    guarded([&] {
      const index_t begin = parts.begin(c), end = parts.begin(c + 1);
      axis_array<index_t> o{};
      index_t rest = begin;
      for (int d = k; d >= 0; --d) {
        o[d] = rest % ax.out[d];
        rest /= ax.out[d];
      }
      index_t prev_src = -1;
      for (index_t i = begin; i < end; ++i) {
        index_t a = 0, b = 0;
        for (int d = 0; d <= k; ++d) {
          const int u = d;
          a += ax.table[u]->source(o[u]) * ax.sa[u];
          b += o[u] * ax.sb[u];
        }
        // Within this chunk a slab reading the same source as the previous one is a copy of it.
        if (i > begin && a == prev_src && ctx.dense[k] && o[k] > 0) {
          const T* prev = y.data_handle() + b - ax.sb[k];
          std::copy(prev, prev + ctx.slab[k], y.data_handle() + b);
        } else {
          ctx.run(k + 1, a, b);
        }
        prev_src = a;
        for (int d = k; d >= 0; --d) {
          if (++o[d] < ax.out[d]) break;
          o[d] = 0;
        }
      }
    });
  });
  return outcome();
}

}  // namespace detail
NDRESIZE_END_NAMESPACE
