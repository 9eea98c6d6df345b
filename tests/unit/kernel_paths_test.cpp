// SPDX-License-Identifier: Apache-2.0
// Path coverage of the row kernels (docs/kernels.md, "Kernel map"): every target this machine
// runs drives each leaf path of the blend (1–4 rows, many rows, streamed rows, partial
// vectors) and of the channels' resample, at row lengths around its lane count (0, 1, L − 1,
// L, L + 1, 4L ± 1, …) and tap counts 0–6 and 33, for every source and destination type the
// vector kernels take, and each result is compared bit for bit with the generic kernels (the
// scalar bodies), on values that reach the store rule's edges (NaN, out of range, .5 ties).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>
#include <new>
#include <random>
#include <string>
#include <vector>

#include <Eigen/Core>

#include <ndresize/detail/dispatch.hpp>
#include <ndresize/detail/kernels/packed_taps.hpp>
#include <ndresize/isa.hpp>
#include <ndresize/plan/axis_table.hpp>

namespace nd = ndresize;
namespace dt = ndresize::detail;
using nd::index_t;

namespace {

/// The distinct targets this machine runs (each cap resolved to what it gives).
std::vector<nd::isa> runnable_targets() {
  std::vector<nd::isa> r;
  for (const nd::isa t : {nd::isa::sse4, nd::isa::avx2, nd::isa::avx512, nd::isa::neon}) {
    nd::set_max_isa(t);
    const nd::isa got = nd::active_isa();
    if (got != nd::isa::generic && std::find(r.begin(), r.end(), got) == r.end()) r.push_back(got);
  }
  nd::set_max_isa(nd::isa::avx512);
  return r;
}

std::size_t lanes_of(nd::isa t) {
  switch (t) {
    case nd::isa::avx512: return 16;
    case nd::isa::avx2: return 8;
    default: return 4;
  }
}

template <class T>
T random_value(std::mt19937& rng) {
  std::uniform_int_distribution<int> pick(0, 63);
  const int k = pick(rng);
  if constexpr (std::is_same_v<T, float>) {
    if (k == 0) return std::numeric_limits<float>::quiet_NaN();
    if (k == 1) return 1e9f;
    if (k == 2) return -1e9f;
    if (k == 3) return 127.5f;  // a tie after a weight of 1
    return std::uniform_real_distribution<float>(-300.0f, 70000.0f)(rng);
  } else if constexpr (std::is_integral_v<T>) {
    return static_cast<T>(rng());
  } else {  // Eigen::half, Eigen::bfloat16
    return T(std::uniform_real_distribution<float>(-1000.0f, 1000.0f)(rng));
  }
}

template <class T>
bool same_bits(const T& a, const T& b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

template <class T>
std::string type_name() {
  if constexpr (std::is_same_v<T, float>)
    return "float";
  else if constexpr (std::is_same_v<T, std::uint8_t>)
    return "uint8";
  else if constexpr (std::is_same_v<T, std::int8_t>)
    return "int8";
  else if constexpr (std::is_same_v<T, std::uint16_t>)
    return "uint16";
  else if constexpr (std::is_same_v<T, std::int16_t>)
    return "int16";
  else if constexpr (std::is_same_v<T, Eigen::half>)
    return "float16";
  else
    return "bfloat16";
}

/// Weights: mostly ordinary, some that make ties and cancellations.
std::vector<float> random_weights(std::mt19937& rng, index_t taps) {
  std::vector<float> w(static_cast<std::size_t>(taps));
  for (auto& v : w) v = std::uniform_real_distribution<float>(-0.75f, 1.25f)(rng);
  if (taps == 1) w[0] = 1.0f;
  return w;
}

// Blend: d[l] = Σ_q w[q] · rows[q][l], contiguous; every length, tap count, stream flag and a
// misaligned destination, against the generic kernel.
template <class Src, class Dst>
void check_blend(nd::isa target, std::mt19937& rng) {
  using args = dt::blend_args<Src, Dst, float>;
  const auto ops = dt::row_ops_for<float, Src, Dst>(target);
  const auto generic = dt::row_ops_for<float, Src, Dst>(nd::isa::generic);
  const auto L = static_cast<index_t>(lanes_of(target));
  const std::vector<index_t> lengths{0, 1, L - 1, L, L + 1, 2 * L + 3, 4 * L - 1, 4 * L, 4 * L + 1, 300, 301};
  for (const index_t taps : {0, 1, 2, 3, 4, 5, 6, 33})
    for (const index_t len : lengths)
      for (const bool stream : {false, true})
        for (const index_t offset : {0, 1}) {
          std::vector<std::vector<Src>> rows(static_cast<std::size_t>(std::max<index_t>(taps, 1)));
          std::vector<const Src*> ptrs;
          for (auto& r : rows) {
            r.resize(static_cast<std::size_t>(len) + 1);
            for (auto& v : r) v = random_value<Src>(rng);
            ptrs.push_back(r.data());
          }
          const std::vector<float> w = random_weights(rng, std::max<index_t>(taps, 1));
          // The destination ends at len (+ offset): a write past it is outside the allocation.
          std::vector<Dst> got(static_cast<std::size_t>(len + offset) + 1, Dst(7)), want = got;
          ops.blend(args{got.data() + offset, 1, ptrs.data(), w.data(), taps, len, 1, stream});
          generic.blend(args{want.data() + offset, 1, ptrs.data(), w.data(), taps, len, 1, stream});
          for (std::size_t i = 0; i < got.size(); ++i)
            ASSERT_TRUE(same_bits(got[i], want[i]))
                << nd::isa_name(target) << " blend " << type_name<Src>() << " -> " << type_name<Dst>() << " taps "
                << taps << " len " << len << " stream " << stream << " offset " << offset << " element " << i;
        }
  if constexpr (std::is_same_v<Dst, float>) dt::store_fence();
}

// A 64-byte-aligned block of n floats starting `at` elements in (operator new: ASan sees a
// read before or past it).
struct aligned_floats {
  float* base;
  float* p;
  aligned_floats(index_t at, index_t n)
      : base(static_cast<float*>(
            ::operator new (static_cast<std::size_t>(at + n) * sizeof(float), std::align_val_t{64}))),
        p(base + at) {}
  ~aligned_floats() { ::operator delete (base, std::align_val_t{64}); }
  aligned_floats(const aligned_floats&) = delete;
  aligned_floats& operator=(const aligned_floats&) = delete;
};

// Streamed blends of float rows that sit at every distance from the destination's vector
// alignment (stream_realigned: aligned loads shifted into place on wide targets): rows at one
// distance k and at mixed ones, destinations at every distance, 1–4 taps, lengths around the
// vectors and the head, each bit for bit against the generic blend, with guards around the
// output and rows that end where they are read. Returns the cases whose rows and destination
// are at different distances (the shifted path's cases on a target of stream_realigned_min_lanes).
int check_stream_realigned(nd::isa target, std::mt19937& rng) {
  using args = dt::blend_args<float, float, float>;
  const auto ops = dt::row_ops_for<float, float, float>(target);
  const auto generic = dt::row_ops_for<float, float, float>(nd::isa::generic);
  const auto L = static_cast<index_t>(lanes_of(target));
  int shifted = 0;
  for (const index_t taps : {1, 2, 3, 4})
    for (const index_t len : {index_t{256}, index_t{257}, 256 + L - 1, 256 + 2 * L + 3, index_t{301}, index_t{1000}})
      for (index_t k = 0; k < L; ++k)
        for (index_t m = 0; m < L; m += (L > 4 ? 3 : 1))
          for (const bool mixed : {false, true}) {
            std::vector<std::unique_ptr<aligned_floats>> rows;
            std::vector<const float*> ptrs;
            for (index_t q = 0; q < taps; ++q) {
              const index_t at = mixed && q == taps - 1 ? (k + 1) % L : k;
              rows.push_back(std::make_unique<aligned_floats>(at, len));
              for (index_t l = 0; l < len; ++l) rows.back()->p[l] = random_value<float>(rng);
              ptrs.push_back(rows.back()->p);
            }
            const std::vector<float> w = random_weights(rng, taps);
            // Guards: m elements before the output (its distance from alignment) and 1 after.
            aligned_floats got(0, m + len + 1), want(0, m + len + 1);
            for (index_t i = 0; i < m + len + 1; ++i) got.p[i] = want.p[i] = 7.0f;
            ops.blend(args{got.p + m, 1, ptrs.data(), w.data(), taps, len, 1, true});
            generic.blend(args{want.p + m, 1, ptrs.data(), w.data(), taps, len, 1, true});
            dt::store_fence();
            if (k != m && !(mixed && taps > 1)) ++shifted;
            for (index_t i = 0; i < m + len + 1; ++i)
              if (!same_bits(got.p[i], want.p[i])) {
                ADD_FAILURE() << nd::isa_name(target) << " streamed blend taps " << taps << " len " << len
                              << " rows at " << k << (mixed ? " (one at k + 1)" : "") << " destination at " << m
                              << " element " << i - m;
                return shifted;
              }
          }
  return shifted;
}

// Resample along an axis whose inner block is contiguous (the channels of NHWC): blocks
// around the lane count and the short/long switch, 0–6 and 33 taps per output.
template <class Src, class Dst>
void check_channels(nd::isa target, std::mt19937& rng) {
  const auto ops = dt::row_ops_for<float, Src, Dst>(target);
  const auto generic = dt::row_ops_for<float, Src, Dst>(nd::isa::generic);
  const auto L = static_cast<index_t>(lanes_of(target));
  const index_t in = 40;
  for (const index_t block : std::vector<index_t>{L, L + 1, 4 * L - 1, 4 * L + 1, 255, 257})
    for (const index_t taps : {0, 1, 2, 3, 4, 5, 6, 33}) {
      nd::axis_table t;
      t.in = in;
      t.out = 5;
      t.max_taps = taps;
      t.tap_begin.push_back(0);
      for (index_t j = 0; j < t.out; ++j) {
        const index_t n = j == 0 ? taps : std::min<index_t>(taps, j);  // several tap counts per table
        for (index_t q = 0; q < n; ++q) {
          t.tap_index.push_back(static_cast<index_t>(rng() % static_cast<unsigned>(in)));
          const float wq = std::uniform_real_distribution<float>(-0.75f, 1.25f)(rng);
          t.tap_weight.push_back(wq);
          t.tap_weight_f.push_back(wq);
        }
        t.tap_begin.push_back(static_cast<index_t>(t.tap_index.size()));
      }
      std::vector<Src> s(static_cast<std::size_t>(in * block));
      for (auto& v : s) v = random_value<Src>(rng);
      std::vector<Dst> got(static_cast<std::size_t>(t.out * block) + 1, Dst(7)), want = got;
      const dt::resample_args<Src, Dst> a{got.data(), block, 1, s.data(), block, 1, block, &t};
      dt::resample_args<Src, Dst> b = a;
      b.d = want.data();
      ops.resample(a);
      generic.resample(b);
      for (std::size_t i = 0; i < got.size(); ++i)
        ASSERT_TRUE(same_bits(got[i], want[i]))
            << nd::isa_name(target) << " channels " << type_name<Src>() << " -> " << type_name<Dst>() << " block "
            << block << " taps " << taps << " element " << i;
    }
}

/// A table from `in` to `out` whose output j reads neighbours of j·in/out: 1..taps of them
/// (random per output), or, with taps 0, exactly 2 adjacent ones (a 2-tap shrink's pairs).
nd::axis_table neighbour_table(std::mt19937& rng, index_t in, index_t out, index_t taps) {
  nd::axis_table t;
  t.in = in;
  t.out = out;
  t.tap_begin.push_back(0);
  for (index_t j = 0; j < out; ++j) {
    const index_t n = taps == 0 ? 2 : 1 + static_cast<index_t>(rng() % static_cast<unsigned>(taps));
    const index_t centre = j * in / out;
    // Two adjacent taps stay two distinct pixels at the row's ends, as a linear filter's do.
    const index_t first = taps == 0 && in >= 2 ? std::clamp<index_t>(centre - 1, 0, in - 2) : centre - n / 2;
    for (index_t q = 0; q < n; ++q) {
      t.tap_index.push_back(std::clamp<index_t>(first + q, 0, in - 1));
      const float wq = std::uniform_real_distribution<float>(-0.75f, 1.25f)(rng);
      t.tap_weight.push_back(wq);
      t.tap_weight_f.push_back(wq);
    }
    t.tap_begin.push_back(static_cast<index_t>(t.tap_index.size()));
  }
  t.max_taps = 0;
  for (index_t j = 0; j < out; ++j)
    t.max_taps = std::max(t.max_taps, static_cast<int>(t.tap_begin[j + 1] - t.tap_begin[j]));
  return t;
}

/// The target's resample (with packed copy p, or none) and the generic one of `rows` random rows
/// of `in` pixels of `pixel` elements through t: the first output element where they differ (a
/// guard element after the outputs included), or -1. The source is exactly the rows' elements, so
/// a read past its end shows under the address sanitizer.
template <class Src, class Dst>
std::ptrdiff_t first_resample_difference(nd::isa target, const nd::axis_table& t, const nd::packed_taps* p,
                                         index_t pixel, index_t in, index_t out, index_t rows, std::mt19937& rng) {
  std::vector<Src> s(static_cast<std::size_t>(rows * in * pixel));
  for (auto& v : s) v = random_value<Src>(rng);
  // past the outputs, a vector of each target's widest kind: a store past the row shows as a difference
  std::vector<Dst> got(static_cast<std::size_t>(rows * out * pixel) + 64, Dst(7)), want = got;
  dt::resample_args<Src, Dst> a{got.data(), pixel, 1, s.data(), pixel, 1, pixel, &t, rows, out * pixel, in * pixel, p};
  dt::resample_args<Src, Dst> b = a;
  b.d = want.data();
  b.packed = nullptr;
  dt::row_ops_for<float, Src, Dst>(target).resample(a);
  dt::row_ops_for<float, Src, Dst>(nd::isa::generic).resample(b);
  for (std::size_t i = 0; i < got.size(); ++i)
    if (!same_bits(got[i], want[i])) return static_cast<std::ptrdiff_t>(i);
  return -1;
}

/// What check_window drove: packed tables, and those with pair-gather and slot-windows blocks.
struct window_coverage {
  int tables = 0, pair_gathers = 0, slot_windows = 0;
};

// Resample of contiguous rows through the packed taps: row lengths around the lane count,
// pixels of 1 and 3 elements, 1–4 taps per output or 2 adjacent ones, upsampling (blocks in one or two windows)
// and shrinking by 3 (gathers from float rows; other rows take resample_body). Returns how
// many cases the target's packed copy covered, and how many of them had pair-gather blocks;
// each case runs one row (resample_packed) and three (resample_packed_rows).
template <class Src, class Dst>
window_coverage check_window(nd::isa target, std::mt19937& rng) {
  const auto L = static_cast<index_t>(lanes_of(target));
  window_coverage covered;
  for (const index_t pixel : {1, 3})
    for (const index_t out : std::vector<index_t>{1, L - 1, L, L + 1, 4 * L - 1, 4 * L + 1, 37})
      // taps 1–4: each output has 1..taps taps; taps 0: each has exactly 2, adjacent (a 2-tap
      // shrink, whose blocks are pair gathers)
      for (const index_t taps : {1, 2, 3, 4, 0})
        for (const bool shrink : {false, true})
          for (const index_t rows : {1, 3}) {
            // upsampling: neighbouring outputs share sources; shrinking: they lie 3 pixels apart
            const index_t in = shrink ? 3 * out + 2 : std::max<index_t>(1, out / 2 + 1);
            const nd::axis_table t = neighbour_table(rng, in, out, taps);
            const nd::packed_taps p = nd::packed_taps::build(static_cast<int>(L), pixel, in, out, t.tap_begin,
                                                             t.tap_index, t.tap_weight_f, t.max_taps);
            if (!p.usable()) continue;
            ++covered.tables;
            if (std::find(p.kind.begin(), p.kind.end(), nd::block_kind::pair_gather) != p.kind.end())
              ++covered.pair_gathers;
            if (std::find(p.kind.begin(), p.kind.end(), nd::block_kind::slot_windows) != p.kind.end())
              ++covered.slot_windows;
            const std::ptrdiff_t i = first_resample_difference<Src, Dst>(target, t, &p, pixel, in, out, rows, rng);
            EXPECT_EQ(i, -1) << nd::isa_name(target) << " window " << type_name<Src>() << " -> " << type_name<Dst>()
                             << " pixel " << pixel << " out " << out << " taps " << taps << (shrink ? " shrinking" : "")
                             << " rows " << rows;
          }
  return covered;
}

// A v-first pair's blend and resample for one output row (blend_resample): 0–5 source rows
// blended, then resampled through a packed table that shrinks by 5 (1–4 taps or 2 adjacent
// ones: gathers and pair gathers) or upsamples (windows), pixels of 1 and 3 elements, against
// the generic blend then resample. Returns how many cases met the conditions under which a
// target blends only the elements it reads (blends_where_read in packed_window-inl.hpp: 1–4
// rows, a shrink by more than the taps, gathers that are loads), and how many of those went
// through its loop for linear shrinks (two rows, every block a pair gather: resample_pairs), per
// pixel, so that the caller can check both paths were reached.
struct one_pass_coverage {
  int cases = 0;
  int linear_shrinks[2] = {0, 0};  ///< pixels of 1, of 3 elements
  int pixel_pieces = 0;            ///< linear shrinks of 3-element pixels whose blocks read 8-element pieces
  int pieces_cut = 0;              ///< ...and whose last whole blocks could not (pairs at the row's end)
};

/// A linear shrink's table (2 adjacent taps per output) whose last output reads the row's last
/// two pixels, or whose outputs read in reverse order (a flipped crop).
nd::axis_table pairs_at_end(nd::axis_table t) {
  t.tap_index[t.tap_index.size() - 2] = t.in - 2;
  t.tap_index[t.tap_index.size() - 1] = t.in - 1;
  return t;
}
nd::axis_table pairs_reversed(nd::axis_table t) {
  const nd::axis_table forward = t;
  for (std::size_t j = 0; j < static_cast<std::size_t>(t.out); ++j)
    for (std::size_t q = 0; q < 2; ++q) {
      const std::size_t from = 2 * (static_cast<std::size_t>(t.out) - 1 - j) + q;
      t.tap_index[2 * j + q] = forward.tap_index[from];
    }
  return t;
}
template <class Src, class Dst>
one_pass_coverage check_blend_resample(nd::isa target, std::mt19937& rng) {
  const auto ops = dt::blend_resample_for<float, Src, Dst>(target);
  const auto generic = dt::blend_resample_for<float, Src, Dst>(nd::isa::generic);
  const auto L = static_cast<index_t>(lanes_of(target));
  // Reads by loads (reads_by_loads): integer rows everywhere; float rows on SSE4.1, AVX2 and
  // NEON, and on every target pairs of 3-element pixels and tables of pairs only.
  const bool reads_by_loads = std::is_integral_v<Src> || (std::is_same_v<Src, float> && target != nd::isa::avx512);
  one_pass_coverage one_pass;
  int interleaved_pairs = 0;
  for (const index_t pixel : {1, 3})
    for (const index_t out : std::vector<index_t>{1, L - 1, L, L + 1, 4 * L - 1, 4 * L, 4 * L + 1, 37})
      // 0: exactly 2 adjacent taps per output; -1: the last output's at the row's end; -2: in
      // reverse order
      for (const index_t taps : {1, 2, 4, 0, -1, -2})
        for (const bool shrink : {true, false})
          for (const index_t rows : {0, 1, 2, 3, 4, 5}) {
            const index_t in = shrink ? 5 * out + 3 : std::max<index_t>(1, out / 2 + 1);
            if (taps < 0 && in < 2) continue;
            nd::axis_table t = neighbour_table(rng, in, out, std::max<index_t>(taps, 0));
            if (taps == -1) t = pairs_at_end(t);
            if (taps == -2) t = pairs_reversed(t);
            const nd::packed_taps p = nd::packed_taps::build(static_cast<int>(L), pixel, in, out, t.tap_begin,
                                                             t.tap_index, t.tap_weight_f, t.max_taps);
            if (!p.usable()) continue;
            if (rows >= 1 && rows <= 4 && out * t.max_taps < in &&
                (!p.gathers || reads_by_loads || pixel == 3 || p.all_pairs)) {
              ++one_pass.cases;
              if (rows == 2 && p.all_pairs) ++one_pass.linear_shrinks[pixel == 1 ? 0 : 1];
              if (rows == 2 && p.all_pairs && p.pixel_pair_blocks >= 3) {
                ++one_pass.pixel_pieces;
                if (p.pixel_pair_blocks < out * pixel / L) ++one_pass.pieces_cut;
              }
            }
            if (pixel == 3 && std::find(p.kind.begin(), p.kind.end(), nd::block_kind::pair_gather) != p.kind.end())
              ++interleaved_pairs;  // pairs 3 elements apart (GatherOffsetPairs<3>)
            // The source rows end where the row does: a read past one is outside its allocation.
            std::vector<std::vector<Src>> src(static_cast<std::size_t>(std::max<index_t>(rows, 1)));
            std::vector<const Src*> ptrs;
            for (auto& r : src) {
              r.resize(static_cast<std::size_t>(in * pixel));
              for (auto& v : r) v = random_value<Src>(rng);
              ptrs.push_back(r.data());
            }
            const std::vector<float> w = random_weights(rng, std::max<index_t>(rows, 1));
            std::vector<float> tmp(static_cast<std::size_t>(in * pixel)), tmp2 = tmp;
            std::vector<Dst> got(static_cast<std::size_t>(out * pixel) + 1, Dst(7)), want = got;
            const index_t c_stride = pixel == 1 ? 0 : 1;
            dt::blend_resample_args<float, Src, Dst> a{{tmp.data(), 1, ptrs.data(), w.data(), rows, in * pixel, 1},
                                                       {got.data(), pixel, pixel == 1 ? 1 : c_stride, tmp.data(), pixel,
                                                        pixel == 1 ? 1 : c_stride, pixel, &t, 1, 0, 0, &p}};
            dt::blend_resample_args<float, Src, Dst> b = a;
            b.v.d = tmp2.data();
            b.h.s = tmp2.data();
            b.h.d = want.data();
            b.h.packed = nullptr;
            ops(a);
            generic(b);
            for (std::size_t i = 0; i < got.size(); ++i)
              EXPECT_TRUE(same_bits(got[i], want[i]))
                  << nd::isa_name(target) << " blend_resample " << type_name<Src>() << " -> " << type_name<Dst>()
                  << " pixel " << pixel << " out " << out << " taps " << taps << (shrink ? " shrinking" : "")
                  << " rows " << rows << " element " << i;
          }
  EXPECT_GT(interleaved_pairs, 0) << nd::isa_name(target) << " " << type_name<Src>()
                                  << ": no pair of interleaved pixels";
  return one_pass;
}

// An h-first pair's resample and blend of 1–4 output rows that read the same 1 or 2 source
// rows (resample_blend: pixels of many channels, 1 or 2 taps per output pixel), against the
// generic resample of every source row and blend of the resampled rows: blocks around the
// lane count, streamed and not, destinations aligned and not, with a guard past each output
// row. Returns how many cases were written with non-temporal stores, or -1 where the target
// has no resample_blend for the types.
template <class Src, class Dst>
int check_resample_blend(nd::isa target, std::mt19937& rng) {
  const auto ops = dt::resample_blend_for<float, Src, Dst>(target);
  if (ops == nullptr) return -1;
  const auto load = dt::row_ops_for<float, Src, float>(nd::isa::generic);
  const auto store = dt::row_ops_for<float, float, Dst>(nd::isa::generic);
  const auto L = static_cast<index_t>(lanes_of(target));
  int streamed = 0;
  for (const index_t block : std::vector<index_t>{L, L + 1, 4 * L - 1, 4 * L, 4 * L + 1, 255, 256})
    for (const index_t out_w : {1, 3, 7})
      for (const index_t outputs : {1, 2, 3, 4})
        for (const index_t taps : {1, 2})
          for (const bool stream : {false, true})
            for (const index_t offset : {0, 1}) {
              const index_t in_w = out_w / 2 + 2;
              const nd::axis_table t = neighbour_table(rng, in_w, out_w, 2);  // 1 or 2 taps per pixel
              std::vector<std::vector<Src>> src(static_cast<std::size_t>(taps));
              std::vector<const Src*> ptrs;
              for (auto& r : src) {
                r.resize(static_cast<std::size_t>(in_w * block));  // ends where the row does
                for (auto& v : r) v = random_value<Src>(rng);
                ptrs.push_back(r.data());
              }
              const std::vector<float> w = random_weights(rng, outputs * taps);
              // Output rows of out_w pixels, one guard element apart; the first row starts at a
              // 64-byte boundary plus `offset` elements.
              const index_t d_row = out_w * block + (offset == 0 ? 0 : 1);
              std::vector<Dst> got_all(static_cast<std::size_t>(outputs * d_row) + 256, Dst(7));  // 7: not written
              std::vector<Dst> want_all = got_all;
              const auto aligned = [offset](std::vector<Dst>& v) {
                Dst* first = v.data() + 64 / sizeof(Dst);  // room for the element before
                const auto at = reinterpret_cast<std::uintptr_t>(first);
                return first + ((64 - at % 64) % 64) / sizeof(Dst) + offset;
              };
              Dst* got = aligned(got_all);
              Dst* want = aligned(want_all);
              ops({got, d_row, outputs, ptrs.data(), w.data(), taps, block, block, &t, stream});
              if constexpr (std::is_same_v<Dst, float>) {
                dt::store_fence();
                if (stream && offset == 0 && block % L == 0) ++streamed;
              }
              std::vector<float> ring(static_cast<std::size_t>(taps * out_w * block));
              std::vector<const float*> ring_rows;
              for (index_t q = 0; q < taps; ++q) {
                float* line = ring.data() + q * out_w * block;
                load.resample({line, block, 1, ptrs[static_cast<std::size_t>(q)], block, 1, block, &t});
                ring_rows.push_back(line);
              }
              for (index_t g = 0; g < outputs; ++g)
                store.blend({want + g * d_row, 1, ring_rows.data(), w.data() + g * taps, taps, out_w * block, 1});
              // From the element before the first row to the guard after the last.
              const index_t end = outputs * d_row + 8;
              for (index_t i = -1; i < end; ++i)
                if (!same_bits(got[i], want[i])) {
                  ADD_FAILURE() << nd::isa_name(target) << " resample_blend " << type_name<Src>() << " -> "
                                << type_name<Dst>() << " block " << block << " out " << out_w << " outputs " << outputs
                                << " taps " << taps << " stream " << stream << " offset " << offset << " element " << i;
                  return streamed;
                }
            }
  return streamed;
}

// Resample of rows of narrow pixels (resample_narrow_pixels: pixels of 2 to `lanes` elements,
// tuning::narrow_pixel_min_taps(lanes) or more taps): pixels of 1–5 elements, 0–6 and
// 33 taps per output (random per output, some with none), upsampling and shrinking, 1 and 3
// rows, with and without the packed copy, sources ending at the row's last element (so that
// a read past the last pixel shows under the address sanitizer). Returns how many cases met
// the path's conditions.
template <class Src, class Dst>
int check_narrow_pixels(nd::isa target, std::mt19937& rng) {
  const auto L = static_cast<index_t>(lanes_of(target));
  int covered = 0;
  for (const index_t pixel : {1, 2, 3, 4, 5})
    for (const index_t out : std::vector<index_t>{1, 2, L - 1, L, L + 1, 4 * L + 1, 37})
      for (const index_t taps : {0, 1, 2, 3, 4, 5, 6, 33})
        for (const bool shrink : {false, true})
          for (const index_t rows : {1, 3})
            for (const bool packed : {false, true}) {
              const index_t in = shrink ? 3 * out + 2 : std::max<index_t>(1, out / 2 + 1);
              nd::axis_table t = neighbour_table(rng, in, out, taps == 0 ? 1 : taps);
              if (taps == 0 || (out > 2 && rng() % 4 == 0)) {  // outputs without taps: zeros
                const auto j = static_cast<std::size_t>(taps == 0 ? 0 : 1 + rng() % static_cast<unsigned>(out - 2));
                const auto from = static_cast<std::ptrdiff_t>(t.tap_begin[j]),
                           to = static_cast<std::ptrdiff_t>(t.tap_begin[j + 1]);
                t.tap_index.erase(t.tap_index.begin() + from, t.tap_index.begin() + to);
                t.tap_weight.erase(t.tap_weight.begin() + from, t.tap_weight.begin() + to);
                t.tap_weight_f.erase(t.tap_weight_f.begin() + from, t.tap_weight_f.begin() + to);
                for (std::size_t k = j + 1; k < t.tap_begin.size(); ++k) t.tap_begin[k] -= to - from;
              }
              const nd::packed_taps p =
                  packed ? nd::packed_taps::build(static_cast<int>(L), pixel, in, out, t.tap_begin, t.tap_index,
                                                  t.tap_weight_f, std::max(t.max_taps, 1))
                         : nd::packed_taps{};
              if (packed && !p.usable()) continue;
              if (pixel >= 2 && pixel <= L && t.max_taps >= dt::tuning::narrow_pixel_min_taps(L)) ++covered;
              const std::ptrdiff_t i =
                  first_resample_difference<Src, Dst>(target, t, packed ? &p : nullptr, pixel, in, out, rows, rng);
              if (i != -1) {
                ADD_FAILURE() << nd::isa_name(target) << " narrow pixels " << type_name<Src>() << " -> "
                              << type_name<Dst>() << " pixel " << pixel << " out " << out << " taps " << taps
                              << (shrink ? " shrinking" : "") << " rows " << rows << (packed ? " packed" : "")
                              << " element " << i;
                return covered;
              }
            }
  return covered;
}

template <class Src>
void check_source(nd::isa target, std::mt19937& rng) {
  check_blend<Src, float>(target, rng);
  check_channels<Src, float>(target, rng);
  const window_coverage c = check_window<Src, float>(target, rng);
  EXPECT_GT(c.tables, 0) << nd::isa_name(target) << " " << type_name<Src>();
  if (std::is_same_v<Src, float>) {
    EXPECT_GT(c.pair_gathers, 0) << nd::isa_name(target) << ": no pair gather block";
  }
  // Targets of 4 and 8 lanes read blocks through their slots' own windows
  // (tuning::slot_windows_max_lanes); wider ones never build such blocks.
  if (lanes_of(target) >= 4 && lanes_of(target) <= dt::tuning::slot_windows_max_lanes) {
    EXPECT_GT(c.slot_windows, 0) << nd::isa_name(target) << " " << type_name<Src>() << ": no slot-windows block";
  } else {
    EXPECT_EQ(c.slot_windows, 0) << nd::isa_name(target) << " " << type_name<Src>();
  }
  // Every vector target has one (tuning::resample_blend_min_lanes), but for float16 sources
  // where the backend does not convert them (SSE4.1 and AVX2: no F16C in their regions).
  const bool none = lanes_of(target) < 4 ||
                    (std::is_same_v<Src, Eigen::half> && (target == nd::isa::sse4 || target == nd::isa::avx2));
  const int streamed = check_resample_blend<Src, float>(target, rng);
  EXPECT_EQ(streamed == -1, none) << nd::isa_name(target) << " " << type_name<Src>();
  if (!none) {
    EXPECT_GT(streamed, 0) << nd::isa_name(target) << " " << type_name<Src>() << ": none streamed";
  }
  // Every vector target takes the narrow pixels' path (with 33 taps at least).
  const int narrow = check_narrow_pixels<Src, float>(target, rng);
  if (lanes_of(target) >= 4) {
    EXPECT_GT(narrow, 0) << nd::isa_name(target) << " " << type_name<Src>() << ": no narrow pixels";
  }
  const one_pass_coverage one_pass = check_blend_resample<Src, float>(target, rng);
  if (std::is_integral_v<Src> || std::is_same_v<Src, float>) {
    EXPECT_GT(one_pass.cases, 0) << nd::isa_name(target) << " " << type_name<Src>() << ": no one-pass blend_resample";
    EXPECT_GT(one_pass.linear_shrinks[0], 0)
        << nd::isa_name(target) << " " << type_name<Src>() << ": no linear shrink of 1-element pixels";
    EXPECT_GT(one_pass.linear_shrinks[1], 0)
        << nd::isa_name(target) << " " << type_name<Src>() << ": no linear shrink of 3-element pixels";
  }
}

TEST(KernelPaths, BlendAndChannelsMatchTheScalarBodiesOnEveryTarget) {
  const std::vector<nd::isa> targets = runnable_targets();
  std::mt19937 rng(20261204);
  for (const nd::isa t : targets) {
    SCOPED_TRACE(nd::isa_name(t));
    // Sources into the float accumulator (x → scratch), and scratch → every destination.
    check_source<float>(t, rng);
    // Streamed blends whose rows are not aligned as the destination (every target; the shifted
    // path on those of tuning::stream_realigned_min_lanes).
    EXPECT_GT(check_stream_realigned(t, rng), 0);
    check_source<std::uint8_t>(t, rng);
    check_source<std::int8_t>(t, rng);
    check_source<std::uint16_t>(t, rng);
    check_source<std::int16_t>(t, rng);
    check_source<Eigen::half>(t, rng);
    check_source<Eigen::bfloat16>(t, rng);
    check_blend<float, std::uint8_t>(t, rng);
    check_blend<float, std::int8_t>(t, rng);
    check_blend<float, std::uint16_t>(t, rng);
    check_blend<float, std::int16_t>(t, rng);
    check_blend<float, Eigen::half>(t, rng);
    check_blend<std::uint8_t, std::uint8_t>(t, rng);
    check_channels<std::uint8_t, std::uint8_t>(t, rng);
    check_channels<float, std::int16_t>(t, rng);
    EXPECT_GT((check_window<float, std::uint8_t>(t, rng).tables), 0);
    EXPECT_GT((check_window<std::uint8_t, std::uint8_t>(t, rng).tables), 0);
    // Destinations the vector store does not narrow to: the packed kernel stores lane by lane.
    EXPECT_GT((check_window<float, Eigen::half>(t, rng).tables), 0);
    EXPECT_GT((check_window<float, Eigen::bfloat16>(t, rng).tables), 0);
    check_narrow_pixels<float, std::uint8_t>(t, rng);
    check_narrow_pixels<std::uint8_t, std::uint8_t>(t, rng);
    check_narrow_pixels<float, Eigen::half>(t, rng);
    // A v-first pair from X straight to Y (x → y), in one pass where the target does so.
    const one_pass_coverage u8_to_u8 = check_blend_resample<std::uint8_t, std::uint8_t>(t, rng);
    EXPECT_GT(u8_to_u8.cases, 0);
    EXPECT_GT(u8_to_u8.linear_shrinks[1], 0);  // W6 of bench/: a uint8 HWC image
    // ... read 8 bytes at a time (resample_pixel_pairs), up to pairs at the row's end; signed bytes too.
    const one_pass_coverage i8_to_i8 = check_blend_resample<std::int8_t, std::int8_t>(t, rng);
    for (const one_pass_coverage& c : {u8_to_u8, i8_to_i8}) {
      EXPECT_GT(c.pixel_pieces, 0) << nd::isa_name(t);
      EXPECT_GT(c.pieces_cut, 0) << nd::isa_name(t);
    }
    check_blend_resample<float, Eigen::half>(t, rng);
    // An h-first pair from X straight to Y, and from scratch to narrow destinations.
    EXPECT_EQ((check_resample_blend<std::uint8_t, std::uint8_t>(t, rng)), lanes_of(t) < 4 ? -1 : 0);
    EXPECT_EQ((check_resample_blend<float, std::int16_t>(t, rng)), lanes_of(t) < 4 ? -1 : 0);
  }
  std::printf("kernel paths: %zu vector targets checked\n", targets.size());
#if NDRESIZE_X86
  EXPECT_FALSE(targets.empty());
#endif
}

}  // namespace
