// SPDX-License-Identifier: Apache-2.0
// Per-target copies of a plan's tables: what the vector kernels of one CPU target read
// instead of the plain tables (taps grouped in blocks of 4, 8 or 16 lanes, see packed_taps.hpp).
// They are derived from the CPU-neutral plan by the kernel layer, once per plan and target,
// and kept in the caller's workspace between calls; the plan never holds them.
#pragma once

#include <cstdint>
#include <vector>

#include "../../config.hpp"
#include "../../plan/resize_plan.hpp"
#include "../../workspace.hpp"
#include "packed_taps.hpp"
#include "pass_schedule.hpp"

NDRESIZE_BEGIN_NAMESPACE
namespace detail {

/// What a target's kernels want packed.
struct packing {
  int tap_lanes = 0;     ///< weighted plans: lanes of the packed taps (0: none)
  bool index16 = false;  ///< nearest plans: the last axis's indices in blocks of 16

  std::uint64_t key() const noexcept { return static_cast<std::uint64_t>(tap_lanes) << 1 | (index16 ? 1u : 0u); }
};

struct prepared_tables {
  /// Weighted plans: the taps of the innermost resized axis for rows of interleaved elements
  /// (pixel = the elements after that axis in a row-major tensor).
  int tap_axis = -1;
  packed_taps taps;
  /// Nearest plans: the last axis's index table.
  packed_index index;

  const packed_taps* taps_of(int axis) const noexcept { return axis == tap_axis && taps.usable() ? &taps : nullptr; }
  const packed_index* index_of_last_axis() const noexcept { return index.usable() ? &index : nullptr; }

  /// `pixel`: the elements interleaved per position of the innermost resized axis in the rows
  /// the kernels will read (1 for NCHW, C for a channels-last stage).
  static prepared_tables build(const resize_plan& plan, const packing& k, index_t pixel) {
    prepared_tables p;
    if (plan.output_size() == 0) return p;
    if (plan.family() == kernel_family::gather) {
      const auto& t = plan.table(plan.rank() - 1);
      if (k.index16 && !t.index.empty() && !t.is_identity()) p.index = packed_index::build(t.in, t.index);
      return p;
    }
    const int w = innermost_pass(plan);
    if (k.tap_lanes == 0 || w < 0) return p;
    const auto& t = plan.table(w);
    p.tap_axis = w;
    p.taps = packed_taps::build(k.tap_lanes, pixel, t.in, t.out, t.tap_begin, t.tap_index, t.tap_weight_f, t.max_taps);
    return p;
  }
};

/// The prepared tables of `plan` for packing `k` and rows of `pixel` interleaved elements,
/// built on the first call and kept in `ws` while the same plan (or a copy of it) runs with the
/// same packing and pixel (a plan run on row-major and channels-last tensors keeps one of each).
inline const prepared_tables& prepare_tables(const resize_plan& plan, const packing& k, index_t pixel, workspace& ws) {
  // pixel ≤ 2^32 (elements_after saturates there) and key() < 2^16: the two fit one key.
  return ws.derived<prepared_tables>(plan.id(), static_cast<std::uint64_t>(pixel) << 16 | k.key(),
                                     [&] { return prepared_tables::build(plan, k, pixel); });
}

}  // namespace detail
NDRESIZE_END_NAMESPACE
