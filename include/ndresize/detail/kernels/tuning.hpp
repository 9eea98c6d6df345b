// SPDX-License-Identifier: Apache-2.0
// Every threshold and block size the kernels choose paths by, in one place. None of them can
// change a result bit (each path gives the generic bodies' bits: kernel_paths_test,
// bit_equality_test); they only move time. Why each value: bench/README.md, "Tuning", with
// the paired measurements that chose it. The per-target values (vector widths) come from the
// vocabulary's Lanes, not from here.
#pragma once

#include <cstddef>

#include "../../config.hpp"

NDRESIZE_BEGIN_NAMESPACE
namespace detail::tuning {

/// Final outputs of at least this many bytes are written with non-temporal stores.
inline constexpr index_t streaming_output_bytes = index_t{8} << 20;
/// ... by rows of at least this many elements (shorter rows: not worth the alignment head).
inline constexpr index_t streaming_min_row = 256;
/// Streamed blends whose float rows are not aligned as the output (a 16-byte-aligned output
/// from malloc, rows from the workspace) load aligned vectors and shift them into place on
/// targets of at least this many float lanes: there every misaligned load straddles two cache
/// lines (AVX-512: W1 1.6 × the time); 8-lane loads measured no slower.
inline constexpr index_t stream_realigned_min_lanes = 16;

/// A blend of more than 4 rows (blend_many) prefetches each row this many bytes ahead of its
/// loads.
inline constexpr std::size_t many_rows_prefetch_distance = 512;

/// Channel blocks (NHWC: C) below this many elements take the per-target loop with the row
/// blend inlined; longer ones call the target's blend per output.
inline constexpr index_t short_channels_max = 256;
/// The most taps per output the channels' blend takes (its row pointers live on the stack).
inline constexpr int max_channel_taps = 32;

/// How long the built-in thread pool's threads poll for the next job, and a caller for the end
/// of its job, before they block (pool_state.hpp): a blocked thread takes tens of
/// microseconds to wake, a whole W2 at two threads takes 140.
inline constexpr long pool_spin_microseconds = 100;

/// Work chunks per thread of a parallel executor, made while their scratch stays below
/// extra_chunk_bytes (and the plan's max_scratch_bytes).
inline constexpr index_t chunks_per_thread = 4;
inline constexpr std::size_t extra_chunk_bytes = std::size_t{8} << 20;

/// Rows per group of the packed row pass over many rows (a block's table is loaded once per
/// group; a group's rows stay in the L1 cache across its blocks).
inline constexpr index_t packed_row_group = 16;
/// ... and prefetches each of a group's rows this many bytes ahead of its blocks.
inline constexpr std::size_t packed_rows_prefetch_distance = 512;
/// ... or, where a whole group takes at most this many bytes, prefetches the next group.
inline constexpr std::size_t packed_next_group_prefetch_bytes = 16384;

/// An h-first pair whose outputs read every source row resamples this many rows per load into
/// its ring (the rows the next outputs read), so the packed row pass loads a block's table once
/// for them all (resample_packed_rows)...
inline constexpr index_t h_first_rows_per_load = 16;
/// ... while that ring takes at most this many bytes (rows of many channels, such as W5's
/// 256 × 256 planes, keep one row per load: the channels' pass has no table to share, and a
/// ring past the L2 cache only slows the blends that read it).
inline constexpr std::size_t h_first_ring_max_bytes = std::size_t{512} << 10;

/// The last two passes along outer axes (a volume's H, then D, after its W) run as one, through a
/// ring of planes blended along the first, while that ring takes at most this many bytes (it is
/// read back by every output plane's blend); beyond it, through the whole intermediate stage.
inline constexpr std::size_t outer_pair_ring_max_bytes = std::size_t{512} << 10;

/// An h-first pair whose final output is written around the caches (streaming_output_bytes),
/// with pixels of at least this many contiguous channels, computes its output rows straight
/// from their source rows (resample_blend) instead of through its ring of resampled rows...
inline constexpr index_t resample_blend_min_channels = 16;
/// ... on targets of at least this many float lanes (every vector target, once the kernel held
/// its operands in registers: SSE4.1 W7-NHWC 0.63 x the ring's time).
inline constexpr index_t resample_blend_min_lanes = 4;

/// Rows of pixels narrower than a vector (2 to `lanes` channels) resample one output pixel
/// per vector when their outputs have at least this many taps (cubic, antialiased) and their
/// packed blocks would gather (with slot_windows, a cubic 2 x upsample of 3 channels on 4 lanes
/// gathers no more: W3-NHWC 0.71 x the time on SSE4.1 in the packed blocks). With fewer taps (linear upsamples) the
/// blocks fit two windows, which stay as fast. 3 taps on 4-lane vectors, in proportion to the lanes on wider ones,
/// whose one pixel per vector leaves more lanes idle (the 4-tap cubic upsample W3-NHWC took 1.66 x the time on AVX2 at
/// 3 taps; the 17-tap antialiased shrinks gain on AVX2 and AVX-512).
constexpr int narrow_pixel_min_taps(index_t lanes) noexcept { return static_cast<int>(3 * lanes / 4); }

/// A v-first pair that shrinks its inner axis by more than its taps blends only the source
/// elements its resample reads, in one pass (blend_resample), where its gathers are loads
/// (SSE4.1, AVX2 and NEON; on every target integer sources, float pixels of 3 elements, and
/// float tables whose blocks are all pairs). Where they would be gather instructions (other
/// float rows on AVX-512), blending whole rows into an intermediate row stays faster.
inline constexpr bool blend_where_read_with_gather_instructions = false;

/// Blocks of packed taps for at most this many lanes whose sources span two windows, but each
/// tap slot's sources one, read each slot's window by its own load and permute it (slot_windows)
/// instead of permuting two windows per slot: on SSE4.1 a two-window lookup is two byte
/// shuffles and a blend, on AVX2 two permutes and a blend, where one load and one permute
/// serve a slot. AVX-512 permutes two windows in one instruction.
inline constexpr int slot_windows_max_lanes = 8;

/// A packed copy of a table is built only while its entries stay within this factor of the
/// table's taps (plus a fixed allowance): beyond it the blocks are mostly padding.
inline constexpr double packed_overhead_factor = 4.0;
inline constexpr double packed_overhead_allowance = 65536.0;

}  // namespace detail::tuning
NDRESIZE_END_NAMESPACE
