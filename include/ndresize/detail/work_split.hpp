// SPDX-License-Identifier: Apache-2.0
// How a parallel call cuts n work items into chunks: at most max_chunks chunks, whatever
// concurrency an executor claims, and contiguous ranges whose bounds are computed without
// overflow for every n an int64 holds. Shared by the weighted passes and the nearest gather.
#pragma once

#include <algorithm>

#include "../config.hpp"

NDRESIZE_BEGIN_NAMESPACE
namespace detail {

/// At most this many chunks, whatever concurrency an executor claims (each chunk is a task
/// and, for the weighted passes, a piece of scratch).
inline constexpr index_t max_chunks = index_t{1} << 20;

/// Splits [0, n) into `chunks` (1..max_chunks) contiguous ranges; range c is [begin(c),
/// begin(c + 1)). begin(c) = floor(n·c / chunks), computed as q·c + floor(r·c / chunks) with
/// n = q·chunks + r: the same value, and r·c < chunks² ≤ 2^40 cannot overflow where n·c can.
struct split {
  index_t n, chunks;
  index_t begin(index_t c) const noexcept { return n / chunks * c + n % chunks * c / chunks; }
};

/// The chunks of n items for an executor of the given concurrency: one per unit of it, at
/// most one per item and at most max_chunks.
inline index_t chunks_for(index_t items, index_t concurrency) noexcept {
  return std::max<index_t>(1, std::min({items, concurrency, max_chunks}));
}

}  // namespace detail
NDRESIZE_END_NAMESPACE
