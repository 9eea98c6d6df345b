// SPDX-License-Identifier: Apache-2.0
// A SIMD-friendly copy of a weighted axis table for resampling a contiguous row of `out`
// pixels of `pixel` interleaved elements (pixel = the product of the extents after the axis:
// 1 for NCHW, 3 for HWC images). The flattened outputs are grouped in blocks of `lanes`
// (4, 8 or 16); tap slot t of a block holds, per lane, a source offset from the block's base, a
// weight, and a lane mask (lanes whose output has fewer than t + 1 taps). A block whose
// sources fit one window of `lanes` elements is computed with permutes; one whose sources fit
// two windows (with 16 lanes, 32 elements: a cubic upsample of 3 interleaved channels) with
// two-register permutes; on narrower vectors, where each tap slot's sources fit a window of
// their own (a cubic 2 x upsample on 4 lanes, of 1 or 3 channels), with a load and a permute per
// slot instead; others with gathers, or, when every
// output reads exactly two neighbouring source pixels (linear shrinking), with gathers of the pairs (GatherOffsetPairs:
// one load per lane where one holds the pair).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "../../config.hpp"
#include "../../plan/table_budget.hpp"
#include "tuning.hpp"

NDRESIZE_BEGIN_NAMESPACE

/// How a block of lanes reads its sources.
enum class block_kind : std::uint8_t {
  gather,        ///< one gather per tap slot
  window,        ///< all sources fit one window of `lanes` elements: one load, a permute per slot
  window2,       ///< all sources fit two windows: two loads, a two-register permute per slot
  pair_gather,   ///< two slots, each output reading s[k] and s[k + pixel]: a gather of pairs
  slot_windows,  ///< the sources span more than a window, each slot's one of its own (at slot_base): a load and a
                 ///< permute per slot (tuning::slot_windows_max_lanes)
};

/// Pair_gather blocks of pixels of 3 elements, by groups of 4 lanes: group g of a row (lanes 4g
/// to 4g + 3) starts at channel g mod 3 (its phase) and spans two output pixels, each reading a
/// pair of neighbouring source pixels: 6 elements from the lane's offset less its channel. A row
/// of one-byte elements holds each pair in one 8-byte piece, and a byte lookup (`first`,
/// `second`: the byte of each lane's first and second element in its group's two pieces, 8
/// bytes apart) spreads them over the group's lanes.
struct pixel_pairs {
  static constexpr index_t pixel = 3;
  static constexpr index_t piece = 8;
  /// Byte lookups for groups of phases 0, 1, 2, 0, 1, ... (12 groups: a vector of 1, 2 or 4
  /// groups at block b starts at group (b mod 3) times its groups): each lane's byte at its lowest
  /// byte (zero-extended: unsigned elements) or its highest (then sign-extended by a shift).
  struct lookup {
    std::uint8_t first[12 * 16], second[12 * 16];
  };
  static constexpr lookup make(bool high) noexcept {
    lookup t{};
    for (int g = 0; g < 12; ++g)
      for (int j = 0; j < 4; ++j) {
        const int at = g % 3 + j, byte = static_cast<int>(piece) * (at / 3) + at % 3;
        for (int b = 0; b < 4; ++b) {
          const bool is_byte = b == (high ? 3 : 0);
          t.first[16 * g + 4 * j + b] = static_cast<std::uint8_t>(is_byte ? byte : 0x80);
          t.second[16 * g + 4 * j + b] = static_cast<std::uint8_t>(is_byte ? byte + 3 : 0x80);
        }
      }
    return t;
  }
};
inline constexpr pixel_pairs::lookup pixel_pairs_low = pixel_pairs::make(false);
inline constexpr pixel_pairs::lookup pixel_pairs_high = pixel_pairs::make(true);

struct packed_taps {
  int lanes = 0;  ///< 0: not built for this table
  index_t pixel = 1;
  int slots = 0;                        ///< tap slots per block (the table's max_taps)
  bool all_fit = true;                  ///< every block fits one window
  bool gathers = false;                 ///< some block needs gathers (which read float sources only)
  bool all_pairs = true;                ///< every block is a pair_gather block (linear shrinks)
  std::vector<std::int32_t> base;       ///< per block: window start (flattened source index)
  std::vector<block_kind> kind;         ///< per block
  std::vector<std::int32_t> offset;     ///< [block][slot][lane]: source index relative to base + slot_base
  std::vector<float> weight;            ///< [block][slot][lane]
  std::vector<std::uint32_t> mask;      ///< [block][slot]: lanes with a tap in this slot
  std::vector<std::int32_t> slot_base;  ///< [block][slot]: a slot_windows slot's window start from base; else 0
  /// Pixels of 3 elements in pair_gather blocks (all_pairs): the leading whole blocks whose every
  /// group of 4 lanes reads two pixel pairs (pixel_pairs) that 8-element pieces take from within
  /// the row, which rows of one-byte elements read a piece at a time, and for those blocks
  /// ([block][lanes / 2]) each piece's first element in the row.
  index_t pixel_pair_blocks = 0;
  std::vector<std::int32_t> pixel_pair_piece;

  bool usable() const noexcept { return lanes != 0; }
  std::size_t bytes() const noexcept {
    return base.capacity() * sizeof(std::int32_t) + kind.capacity() * sizeof(block_kind) +
           offset.capacity() * sizeof(std::int32_t) + weight.capacity() * sizeof(float) +
           mask.capacity() * sizeof(std::uint32_t) + slot_base.capacity() * sizeof(std::int32_t) +
           pixel_pair_piece.capacity() * sizeof(std::int32_t);
  }

  /// The largest packed copy built (what the plan's budget allows for it): beyond it the
  /// kernels read the plain table. It bounds what a wide row of many interleaved elements
  /// (taps × pixel) can cost.
  static constexpr std::size_t max_bytes = table_budget::max_derived_bytes;

  /// Bytes of a packed copy with `blocks` blocks of `slots` × `lanes` entries.
  static double bytes_for(double blocks, double slots, double lanes) noexcept {
    return blocks *
           (slots * (lanes * (sizeof(std::int32_t) + sizeof(float)) + sizeof(std::uint32_t) + sizeof(std::int32_t)) +
            sizeof(std::int32_t) + sizeof(block_kind));
  }

  /// Whether a table may be packed for `lanes` lanes at all: int32 offsets (checked without
  /// overflowing), no copy much larger than the taps, and at most max_bytes.
  static bool admits(int lanes, index_t pixel, index_t in, index_t out, std::size_t taps, int max_taps) noexcept {
    if (out == 0 || max_taps == 0 || pixel < 1) return false;
    constexpr index_t int32_end = index_t{1} << 31;
    if (pixel >= int32_end || in > (int32_end - 1) / pixel || out > (int32_end - 1) / pixel) return false;
    const index_t blocks = (out * pixel + lanes - 1) / lanes;
    if (static_cast<double>(blocks) * max_taps * lanes >
        detail::tuning::packed_overhead_factor * static_cast<double>(taps) * static_cast<double>(pixel) +
            detail::tuning::packed_overhead_allowance)
      return false;
    return bytes_for(static_cast<double>(blocks), max_taps, lanes) <= static_cast<double>(max_bytes);
  }

  /// What packing would give, without building it: whether the table is admitted and whether
  /// every block fits one window. A property of the table, the pixel and the lane count only.
  struct survey_result {
    bool usable = false, all_fit = false;
  };
  static survey_result survey(int lanes, index_t pixel, index_t in, index_t out, const std::vector<index_t>& tap_begin,
                              const std::vector<index_t>& tap_index, int max_taps) noexcept {
    if (!admits(lanes, pixel, in, out, tap_index.size(), max_taps)) return {};
    const index_t blocks = (out * pixel + lanes - 1) / lanes;
    for (index_t b = 0; b < blocks; ++b)
      if (!window_of(b, lanes, pixel, out * pixel, tap_begin, tap_index).fits(lanes)) return {true, false};
    return {true, true};
  }

  static packed_taps build(int lanes, index_t pixel, index_t in, index_t out, const std::vector<index_t>& tap_begin,
                           const std::vector<index_t>& tap_index, const std::vector<float>& w, int max_taps) {
    packed_taps p;
    if (!admits(lanes, pixel, in, out, tap_index.size(), max_taps)) return p;
    const index_t n = out * pixel;
    const index_t blocks = (n + lanes - 1) / lanes;
    p.slots = max_taps;
    p.pixel = pixel;
    p.base.resize(static_cast<std::size_t>(blocks));
    p.kind.resize(static_cast<std::size_t>(blocks));
    p.offset.assign(static_cast<std::size_t>(blocks * max_taps * lanes), 0);
    p.weight.assign(static_cast<std::size_t>(blocks * max_taps * lanes), 0.0f);
    p.mask.assign(static_cast<std::size_t>(blocks * max_taps), 0);
    p.slot_base.assign(static_cast<std::size_t>(blocks * max_taps), 0);
    const index_t in_flat = in * pixel;
    for (index_t b = 0; b < blocks; ++b) {
      const window win = window_of(b, lanes, pixel, n, tap_begin, tap_index);
      const bool fit = win.fits(lanes), fit2 = !fit && win.fits(2 * lanes);
      p.all_fit = p.all_fit && fit;
      // A fitting window starts as late as allowed, so that it stays inside the row.
      const index_t start = fit    ? std::max<index_t>(0, std::min(win.lo, in_flat - lanes))
                            : fit2 ? std::max<index_t>(0, std::min(win.lo, in_flat - 2 * lanes))
                                   : win.lo;
      p.base[static_cast<std::size_t>(b)] = static_cast<std::int32_t>(start);
      for (index_t l = 0; l < lanes && b * lanes + l < n; ++l) {
        const index_t f = b * lanes + l, j = f / pixel, c = f % pixel;
        const index_t q0 = tap_begin[static_cast<std::size_t>(j)];
        for (index_t q = q0; q < tap_begin[static_cast<std::size_t>(j) + 1]; ++q) {
          const auto slot = static_cast<std::size_t>(q - q0);
          const auto at = (static_cast<std::size_t>(b) * static_cast<std::size_t>(max_taps) + slot) *
                              static_cast<std::size_t>(lanes) +
                          static_cast<std::size_t>(l);
          p.offset[at] = static_cast<std::int32_t>(tap_index[static_cast<std::size_t>(q)] * pixel + c - start);
          p.weight[at] = w[static_cast<std::size_t>(q)];
          p.mask[static_cast<std::size_t>(b) * static_cast<std::size_t>(max_taps) + slot] |= 1u << l;
        }
      }
      p.kind[static_cast<std::size_t>(b)] =
          fit ? block_kind::window
          : lanes <= detail::tuning::slot_windows_max_lanes && to_slot_windows(p, b, lanes, in_flat - start - lanes)
              ? block_kind::slot_windows
          : fit2                     ? block_kind::window2
          : reads_pairs(p, b, lanes) ? block_kind::pair_gather
                                     : block_kind::gather;
      const block_kind kind = p.kind[static_cast<std::size_t>(b)];
      p.gathers = p.gathers || kind == block_kind::gather || kind == block_kind::pair_gather;
      p.all_pairs = p.all_pairs && kind == block_kind::pair_gather;
    }
    p.lanes = lanes;
    if (p.all_pairs && pixel == pixel_pairs::pixel && lanes % 4 == 0) pixel_pieces(p, in_flat);
    return p;
  }

 private:
  /// The flattened source range [lo, hi] block b of `lanes` outputs reads (0, 0 when it reads none).
  struct window {
    index_t lo, hi;
    bool fits(index_t elements) const noexcept { return hi - lo < elements; }
  };
  static window window_of(index_t b, int lanes, index_t pixel, index_t n, const std::vector<index_t>& tap_begin,
                          const std::vector<index_t>& tap_index) noexcept {
    index_t lo = std::numeric_limits<index_t>::max(), hi = -1;
    for (index_t l = 0; l < lanes && b * lanes + l < n; ++l) {
      const index_t f = b * lanes + l, j = f / pixel, c = f % pixel;
      for (index_t q = tap_begin[static_cast<std::size_t>(j)]; q < tap_begin[static_cast<std::size_t>(j) + 1]; ++q) {
        lo = std::min(lo, tap_index[static_cast<std::size_t>(q)] * pixel + c);
        hi = std::max(hi, tap_index[static_cast<std::size_t>(q)] * pixel + c);
      }
    }
    if (hi < 0) lo = hi = 0;
    return {lo, hi};
  }

  /// Whether each tap slot of block b reads within `lanes` elements; if so, makes it a
  /// slot_windows block: each slot's window starts at its first source, or at `last_start` (the
  /// last start whose window ends within the row) where that is earlier, and its offsets are
  /// taken from there.
  static bool to_slot_windows(packed_taps& p, index_t b, int lanes, index_t last_start) {
    const auto slots = static_cast<std::size_t>(p.slots), width = static_cast<std::size_t>(lanes);
    const std::size_t at = static_cast<std::size_t>(b) * slots;
    // The span of slot t's sources (0, 0 when no lane has the slot).
    const auto span = [&](std::size_t t) {
      std::int32_t lo = std::numeric_limits<std::int32_t>::max(), hi = -1;
      for (std::size_t l = 0; l < width; ++l)
        if ((p.mask[at + t] >> l & 1u) != 0) {
          lo = std::min(lo, p.offset[(at + t) * width + l]);
          hi = std::max(hi, p.offset[(at + t) * width + l]);
        }
      return hi < 0 ? std::pair<std::int32_t, std::int32_t>{0, 0} : std::pair{lo, hi};
    };
    for (std::size_t t = 0; t < slots; ++t)
      if (const auto [lo, hi] = span(t); hi - lo >= lanes) return false;
    for (std::size_t t = 0; t < slots; ++t) {
      const auto start = static_cast<std::int32_t>(std::min<index_t>(span(t).first, last_start));
      p.slot_base[at + t] = start;
      for (std::size_t l = 0; l < width; ++l)
        if ((p.mask[at + t] >> l & 1u) != 0) p.offset[(at + t) * width + l] -= start;
    }
    return true;
  }

  /// pixel_pair_blocks and pixel_pair_piece for a row of `in` elements: the leading whole blocks
  /// whose groups' pieces (pixel_pairs) lie within the row, each lane's pair in its group's piece;
  /// none where the pieces would take the copy past max_bytes.
  static void pixel_pieces(packed_taps& p, index_t in) {
    const auto width = static_cast<std::size_t>(p.lanes), slots = static_cast<std::size_t>(p.slots);
    const auto blocks = static_cast<index_t>(p.base.size());
    if (p.bytes() + static_cast<std::size_t>(blocks) * width / 2 * sizeof(std::int32_t) > max_bytes) return;
    p.pixel_pair_piece.reserve(static_cast<std::size_t>(blocks) * width / 2);
    index_t b = 0;
    for (; b < blocks; ++b) {
      const std::size_t at = static_cast<std::size_t>(b) * slots;
      if (p.mask[at] != static_cast<std::uint32_t>((std::uint64_t{1} << p.lanes) - 1)) break;
      const index_t base = p.base[static_cast<std::size_t>(b)];
      bool fits = true;
      for (std::size_t g = 0; g < width / 4 && fits; ++g) {
        const index_t phase = (b * p.lanes / 4 + static_cast<index_t>(g)) % 3;
        const index_t piece[2] = {base + p.offset[at * width + 4 * g] - phase,
                                  base + p.offset[at * width + 4 * g + 3] - phase};
        for (std::size_t j = 0; j < 4; ++j) {
          const index_t c = (phase + static_cast<index_t>(j)) % 3, which = (phase + static_cast<index_t>(j)) / 3;
          fits = fits && base + p.offset[at * width + 4 * g + j] - c == piece[which];
        }
        fits = fits && piece[0] >= 0 && piece[1] >= 0 && piece[0] + pixel_pairs::piece <= in &&
               piece[1] + pixel_pairs::piece <= in;
        if (fits) {
          p.pixel_pair_piece.push_back(static_cast<std::int32_t>(piece[0]));
          p.pixel_pair_piece.push_back(static_cast<std::int32_t>(piece[1]));
        }
      }
      if (!fits) break;
    }
    p.pixel_pair_blocks = b;
    p.pixel_pair_piece.resize(static_cast<std::size_t>(b) * width / 2);
  }

  /// Whether every lane of block b that has a tap has exactly two, at offsets k and k + pixel
  /// (neighbouring pixels).
  static bool reads_pairs(const packed_taps& p, index_t b, int lanes) {
    const auto slots = static_cast<std::size_t>(p.slots);
    const std::size_t at = static_cast<std::size_t>(b) * slots;
    if (slots < 2 || p.mask[at] == 0 || p.mask[at + 1] != p.mask[at]) return false;
    for (std::size_t t = 2; t < slots; ++t)
      if (p.mask[at + t] != 0) return false;
    for (int l = 0; l < lanes; ++l) {
      if ((p.mask[at] >> l & 1u) == 0) continue;
      const std::size_t i = at * static_cast<std::size_t>(lanes) + static_cast<std::size_t>(l);
      if (p.offset[i + static_cast<std::size_t>(lanes)] != p.offset[i] + p.pixel) return false;
    }
    return true;
  }
};

/// Nearest tables packed the same way: per block of 16 outputs, a window start and 16
/// window-relative indices, when every block's sources fit one window of 16 elements.
struct packed_index {
  std::vector<std::int32_t> base;
  std::vector<std::int32_t> offset;  ///< [block][lane]

  bool usable() const noexcept { return !base.empty(); }
  std::size_t bytes() const noexcept {
    return base.capacity() * sizeof(std::int32_t) + offset.capacity() * sizeof(std::int32_t);
  }

  /// The largest packed copy built, as for the weighted packed taps: the copy lives in a
  /// workspace (up to workspace::derived_slots of them), outside the plan, so without a cap a
  /// long last axis would keep tens of MB per plan there. Beyond it the kernels read the
  /// plain index table (a gather copies elements, so the results are the same).
  static constexpr std::size_t max_bytes = table_budget::max_derived_bytes;
  /// The bytes build() would allocate for `out` outputs: 16 offsets and one base per block.
  static constexpr std::size_t bytes_for(index_t out) noexcept {
    return static_cast<std::size_t>((out + 15) / 16) * 17 * sizeof(std::int32_t);
  }

  static packed_index build(index_t in, const std::vector<index_t>& index) {
    packed_index p;
    const auto out = static_cast<index_t>(index.size());
    if (out == 0 || in >= (index_t{1} << 31) || bytes_for(out) > max_bytes) return p;
    const index_t blocks = (out + 15) / 16;
    p.base.resize(static_cast<std::size_t>(blocks));
    p.offset.assign(static_cast<std::size_t>(blocks * 16), 0);
    for (index_t b = 0; b < blocks; ++b) {
      index_t lo = in, hi = -1;
      for (index_t l = 0; l < 16 && b * 16 + l < out; ++l) {
        lo = std::min(lo, index[static_cast<std::size_t>(b * 16 + l)]);
        hi = std::max(hi, index[static_cast<std::size_t>(b * 16 + l)]);
      }
      if (hi - lo >= 16) return packed_index{};
      const index_t start = std::max<index_t>(0, std::min(lo, in - 16));
      p.base[static_cast<std::size_t>(b)] = static_cast<std::int32_t>(start);
      for (index_t l = 0; l < 16 && b * 16 + l < out; ++l)
        p.offset[static_cast<std::size_t>(b * 16 + l)] =
            static_cast<std::int32_t>(index[static_cast<std::size_t>(b * 16 + l)] - start);
    }
    return p;
  }
};

NDRESIZE_END_NAMESPACE
