// SPDX-License-Identifier: Apache-2.0
// Component tests of the pieces the plan and the kernels are built from: the coordinate
// formulas (constexpr, proven at compile time with values worked out by hand from the
// Resize-19 text), the table builders, the packed per-target tables and the pass schedule.
#include <gtest/gtest.h>

#include <atomic>
#include <climits>
#include <cstdint>
#include <memory>
#include <random>
#include <thread>
#include <vector>

#include <ndresize/detail/kernels/execution_layout.hpp>
#include <ndresize/detail/kernels/pass_schedule.hpp>
#include <ndresize/detail/kernels/passes.hpp>
#include <ndresize/detail/kernels/prepared_tables.hpp>
#include <ndresize/ndresize.hpp>
#include <ndresize/plan/table_builders.hpp>

namespace nd = ndresize;
using ctm = nd::enums::coordinate_transformation_mode;

namespace {

constexpr nd::axis_geometry geometry(nd::index_t in, nd::index_t out, double scale, double length_resized) {
  nd::axis_geometry g;
  g.in = in;
  g.out = out;
  g.scale = scale;
  g.length_resized = length_resized;
  return g;
}

// 4 → 8 (scale 2): half_pixel maps output 0 to (0 + 0.5) / 2 - 0.5 = -0.25, output 7 to 3.25.
static_assert(nd::original_coordinate(ctm::half_pixel, 0, geometry(4, 8, 2, 8)) == -0.25);
static_assert(nd::original_coordinate(ctm::half_pixel, 7, geometry(4, 8, 2, 8)) == 3.25);
// asymmetric: x / scale; tf_half_pixel_for_nn: (x + 0.5) / scale.
static_assert(nd::original_coordinate(ctm::asymmetric, 3, geometry(4, 8, 2, 8)) == 1.5);
static_assert(nd::original_coordinate(ctm::tf_half_pixel_for_nn, 3, geometry(4, 8, 2, 8)) == 1.75);
// align_corners: x · (in - 1) / (length_resized - 1): output 7 of 8 is input 3 exactly.
static_assert(nd::original_coordinate(ctm::align_corners, 7, geometry(4, 8, 2, 8)) == 3.0);
// pytorch_half_pixel with one output pixel reads coordinate 0.
static_assert(nd::original_coordinate(ctm::pytorch_half_pixel, 0, geometry(4, 1, 0.25, 1)) == 0.0);
// half_pixel_symmetric with 5 outputs of length_resized 4 (scale 1): offset = 4/2 · (1 - 5/4)
// = -0.5, so output 0 → -0.5 + 0.5/1 - 0.5 = -0.5.
static_assert(nd::original_coordinate(ctm::half_pixel_symmetric, 0, geometry(4, 5, 1, 4)) == -0.5);
// tf_crop_and_resize flags coordinates outside [0, in - 1] only.
static_assert(nd::is_extrapolated(ctm::tf_crop_and_resize, -0.01, 4));
static_assert(!nd::is_extrapolated(ctm::tf_crop_and_resize, 3.0, 4));
static_assert(!nd::is_extrapolated(ctm::half_pixel, -5.0, 4));

nd::axis_table linear_table(nd::index_t in, nd::index_t out, bool antialias) {
  nd::sampling s;
  s.filter = nd::filters::linear;
  s.antialias = antialias;
  auto g = geometry(in, out, static_cast<double>(out) / static_cast<double>(in), static_cast<double>(out));
  auto t = nd::build_weighted_table(g, s);
  t.finalize();
  return t;
}

}  // namespace

// Linear 2× up, half_pixel, by hand: output 1 sits at x = 0.25 (taps 0 and 1 with weights
// 0.75, 0.25); output 0 at x = -0.25 clamps both taps to input 0, which merge into one.
TEST(Components, LinearTableByHand) {
  const auto t = linear_table(4, 8, false);
  ASSERT_EQ(t.tap_begin.size(), 9u);
  EXPECT_EQ(t.tap_begin[1] - t.tap_begin[0], 1);
  EXPECT_EQ(t.tap_index[0], 0);
  EXPECT_DOUBLE_EQ(t.tap_weight[0], 1.0);
  const auto b = static_cast<std::size_t>(t.tap_begin[1]);
  EXPECT_EQ(t.tap_index[b], 0);
  EXPECT_EQ(t.tap_index[b + 1], 1);
  EXPECT_DOUBLE_EQ(t.tap_weight[b], 0.75);
  EXPECT_DOUBLE_EQ(t.tap_weight[b + 1], 0.25);
  EXPECT_EQ(t.max_taps, 2);
  EXPECT_EQ(t.max_span, 2);
  EXPECT_EQ(t.sources_used, 4);
}

// max_span and sources_used count what the taps read in whatever order the outputs read it: a
// roi that runs backwards (tf_crop_and_resize, start past end) reads the rows last to first,
// and an output's taps need not be sorted.
TEST(Components, FinalizeCountsSourcesReadInAnyOrder) {
  nd::axis_table t;
  t.in = 6;
  t.out = 4;
  t.tap_begin = {0, 2, 3, 3, 6};     // output 2 reads nothing
  t.tap_index = {4, 5, 3, 2, 0, 1};  // outputs 0 and 1 backwards, output 3's taps unsorted
  t.finalize();
  EXPECT_EQ(t.sources_used, 6);
  EXPECT_EQ(t.max_span, 3);
  t.tap_index = {5, 5, 4, 1, 1, 1};
  t.finalize();
  EXPECT_EQ(t.sources_used, 3);
  EXPECT_EQ(t.max_span, 1);
  // A plan whose roi runs backwards: every input row is read once.
  nd::resize_attributes a;
  a.mode = nd::enums::mode::linear;
  a.coordinate_transformation_mode = nd::enums::coordinate_transformation_mode::tf_crop_and_resize;
  const std::vector<double> roi{0, 0, 1, 0, 1, 1, 0, 1};  // starts, then ends: H from 1 down to 0
  const auto plan = nd::make_plan(nd::dims{1, 1, 8, 4}, a, {roi, {}, std::vector<std::int64_t>{1, 1, 15, 4}});
  EXPECT_EQ(plan.table(2).sources_used, 8);
}

// Packing: every lane of every block reads exactly the table's taps (index, weight, order),
// inside the block's window(s) when it has them (a slot_windows block: each slot inside its own
// window, which lies inside the row), and the survey predicts what building gives without
// building.
TEST(Components, PackedTapsReproduceTheTable) {
  std::mt19937_64 r(3);
  int built = 0, two_windows = 0, slot_windows = 0;
  for (int i = 0; i < 300; ++i) {
    const nd::index_t in = 1 + static_cast<nd::index_t>(r() % 90), out = 1 + static_cast<nd::index_t>(r() % 90);
    const nd::index_t pixel = 1 + static_cast<nd::index_t>(r() % 4);
    const int lanes = 4 << (r() % 3);  // 4, 8, 16
    const auto t = linear_table(in, out, r() % 2 == 0);
    const auto p = nd::packed_taps::build(lanes, pixel, in, out, t.tap_begin, t.tap_index, t.tap_weight_f, t.max_taps);
    const auto s = nd::packed_taps::survey(lanes, pixel, in, out, t.tap_begin, t.tap_index, t.max_taps);
    ASSERT_EQ(s.usable, p.usable());
    if (!p.usable()) continue;
    ++built;
    EXPECT_EQ(s.all_fit, p.all_fit);
    bool gathers = false;
    for (const auto k : p.kind) {
      gathers = gathers || k == nd::block_kind::gather || k == nd::block_kind::pair_gather;
      two_windows += k == nd::block_kind::window2 ? 1 : 0;
      slot_windows += k == nd::block_kind::slot_windows ? 1 : 0;
      if (k == nd::block_kind::slot_windows) {
        EXPECT_LE(lanes, nd::detail::tuning::slot_windows_max_lanes);
      }
    }
    EXPECT_EQ(gathers, p.gathers);
    for (nd::index_t f = 0; f < out * pixel; ++f) {
      const nd::index_t b = f / lanes, l = f % lanes, j = f / pixel, c = f % pixel;
      const auto q0 = t.tap_begin[static_cast<std::size_t>(j)], q1 = t.tap_begin[static_cast<std::size_t>(j) + 1];
      for (int slot = 0; slot < p.slots; ++slot) {
        const auto at =
            (static_cast<std::size_t>(b) * static_cast<std::size_t>(p.slots) + static_cast<std::size_t>(slot)) *
                static_cast<std::size_t>(lanes) +
            static_cast<std::size_t>(l);
        const bool has =
            (p.mask[static_cast<std::size_t>(b) * static_cast<std::size_t>(p.slots) + static_cast<std::size_t>(slot)] >>
                 l &
             1u) != 0;
        ASSERT_EQ(has, q0 + slot < q1);
        if (!has) continue;
        const auto q = static_cast<std::size_t>(q0 + slot);
        const auto kind = p.kind[static_cast<std::size_t>(b)];
        const auto slot_base = p.slot_base[static_cast<std::size_t>(b) * static_cast<std::size_t>(p.slots) +
                                           static_cast<std::size_t>(slot)];
        if (kind == nd::block_kind::slot_windows) {
          EXPECT_GE(slot_base, 0);
          EXPECT_LE(p.base[static_cast<std::size_t>(b)] + slot_base + lanes, in * pixel);
        } else {
          EXPECT_EQ(slot_base, 0);
        }
        EXPECT_EQ(p.base[static_cast<std::size_t>(b)] + slot_base + p.offset[at], t.tap_index[q] * pixel + c);
        EXPECT_EQ(p.weight[at], t.tap_weight_f[q]);
        if (kind == nd::block_kind::window || kind == nd::block_kind::window2 || kind == nd::block_kind::slot_windows) {
          EXPECT_GE(p.offset[at], 0);
          EXPECT_LT(p.offset[at], kind == nd::block_kind::window2 ? 2 * lanes : lanes);
        }
      }
    }
  }
  EXPECT_GT(built, 200);
  EXPECT_GT(two_windows, 0);
  EXPECT_GT(slot_windows, 0);
}

// A 3 x linear shrink's table, pairs (3j + first, 3j + first + 1), weights 1/2, the last pair at
// the row's end (first: 0 or 1).
nd::axis_table pairs_table(nd::index_t out, nd::index_t first) {
  nd::axis_table t;
  t.in = 3 * out + first - 1;
  t.out = out;
  t.tap_begin.push_back(0);
  for (nd::index_t j = 0; j < out; ++j) {
    for (const nd::index_t k : {3 * j + first, 3 * j + first + 1}) {
      t.tap_index.push_back(k);
      t.tap_weight.push_back(0.5);
      t.tap_weight_f.push_back(0.5f);
    }
    t.tap_begin.push_back(static_cast<nd::index_t>(t.tap_index.size()));
  }
  t.max_taps = 2;
  return t;
}

// Pixels of 3 elements in pair gathers (pixel_pairs): per block, each group of 4 lanes' two
// pieces start at the pixel its first and last lane read, hold every lane's pair, lie within
// the row, and stop before the first block where one would not (the last pair ends at the row's
// end); and the pieces never take the copy past max_bytes (a table whose copy without them just
// fits gets none).
TEST(Components, PixelPairPiecesLieWithinTheRowAndTheBudget) {
  int checked = 0;
  for (const int lanes : {4, 8, 16})
    for (const nd::index_t out : {nd::index_t{16}, nd::index_t{64}, nd::index_t{112}}) {
      const auto t = pairs_table(out, 1);
      const nd::index_t in = t.in, n = 3 * out;
      const auto p = nd::packed_taps::build(lanes, 3, in, out, t.tap_begin, t.tap_index, t.tap_weight_f, t.max_taps);
      ASSERT_TRUE(p.usable() && p.all_pairs) << lanes << " lanes, out " << out;
      const nd::index_t whole = n / lanes;
      EXPECT_EQ(p.pixel_pair_piece.size(), static_cast<std::size_t>(p.pixel_pair_blocks * lanes / 2));
      for (nd::index_t b = 0; b < p.pixel_pair_blocks; ++b)
        for (nd::index_t g = 0; g < lanes / 4; ++g) {
          const nd::index_t f = b * lanes + 4 * g;  // the group's first element
          for (nd::index_t which = 0; which < 2; ++which) {
            const nd::index_t piece = p.pixel_pair_piece[static_cast<std::size_t>(b * lanes / 2 + 2 * g + which)];
            const nd::index_t j = (f + 3 * which) / 3;  // the output pixel of the group's first or last lane
            EXPECT_EQ(piece, 3 * t.tap_index[static_cast<std::size_t>(2 * j)]);
            EXPECT_LE(piece + 8, 3 * in);
            ++checked;
          }
        }
      // Blocks stop where a piece would pass the row's end: at the block of the last pixel's first
      // element (its group's piece holds the row's last 6 elements).
      EXPECT_EQ(p.pixel_pair_blocks, std::min(whole, (n - 3) / lanes)) << lanes << " lanes, out " << out;
    }
  EXPECT_GT(checked, 0);
  // 16 lanes, 2 slots: 277 bytes a block, 32 more for its pieces.
  const nd::index_t blocks = static_cast<nd::index_t>(nd::packed_taps::max_bytes / 277) - 10;
  const auto t = pairs_table(blocks * 16 / 3 / 16 * 16, 1);  // whole blocks (a partial one need not be a pair gather)
  const auto p = nd::packed_taps::build(16, 3, t.in, t.out, t.tap_begin, t.tap_index, t.tap_weight_f, t.max_taps);
  ASSERT_TRUE(p.usable() && p.all_pairs);
  EXPECT_LE(p.bytes(), nd::packed_taps::max_bytes);
  EXPECT_EQ(p.pixel_pair_blocks, 0);
  EXPECT_TRUE(p.pixel_pair_piece.empty());
  const auto q = pairs_table(blocks * 16 / 3 / 2 / 16 * 16, 1);  // half as long: room for the pieces
  const auto r = nd::packed_taps::build(16, 3, q.in, q.out, q.tap_begin, q.tap_index, q.tap_weight_f, q.max_taps);
  ASSERT_TRUE(r.usable() && r.all_pairs);
  EXPECT_LE(r.bytes(), nd::packed_taps::max_bytes);
  EXPECT_GT(r.pixel_pair_blocks, 0);
}

// The schedule is the plan's pass order, whatever the element type: it holds every pass once,
// the prepared tables of a plan are built once per workspace and packing, and the public
// execution_order is the schedule's order.
TEST(Components, ScheduleAndPreparedTables) {
  nd::resize_attributes a;
  a.mode = nd::enums::mode::linear;
  const auto plan = nd::make_plan({2, 3, 40, 50}, a, {{}, {}, std::vector<std::int64_t>{2, 5, 20, 100}});
  const auto s = nd::detail::schedule_passes<float>(plan);
  ASSERT_EQ(s.order.size(), 3u);
  // Axis 2 shrinks, so it runs first (pass_order_test.cpp has the rule's goldens). Then the
  // growing axes: 3 → 5, half_pixel, x = 0.6j + 0.1 − 0.5 = −0.2, 0.4, 1, 1.6, 2.2: edge taps
  // clamp onto one index and x = 1 is exact, so T_1 = 1 + 2 + 1 + 2 + 1 = 7 (in − out = −2);
  // 50 → 100: x = j/2 − 0.25, never whole, one tap at each clamped end: T_3 = 198 (−50).
  // Growing axes go by wT / (out − in) descending (w = 4 for the innermost axis 3): 4 · 198 / 50
  // > 7 / 2, so axis 3 before axis 1. The last two passes are
  // not the innermost pair (2, 3), so there is nothing to fuse.
  EXPECT_EQ(std::vector<int>(s.order.begin(), s.order.end()), (std::vector<int>{2, 3, 1}));
  EXPECT_FALSE(s.paired);
  EXPECT_EQ(nd::execution_order<float>(plan), (std::vector<int>{s.order[0], s.order[1], s.order[2]}));
  EXPECT_EQ(nd::execution_order<std::uint8_t>(plan), nd::execution_order<float>(plan));
  // 40 → 20 and 50 → 25, half_pixel: x = 2j + 0.5, two taps each inside the input, so
  // T = 40 and 50, and 40 × 25 < 4 · 50 × 20 (the innermost axis's taps weigh 4): H first; the
  // last two are the pair, v-first.
  const auto hw = nd::make_plan({2, 3, 40, 50}, a, {{}, {}, std::vector<std::int64_t>{2, 3, 20, 25}});
  const auto sh = nd::detail::schedule_passes<float>(hw);
  EXPECT_TRUE(sh.paired);
  EXPECT_EQ(sh.h, 2);
  EXPECT_EQ(sh.w, 3);
  EXPECT_FALSE(sh.h_first);
  EXPECT_EQ(std::vector<int>(sh.order.begin(), sh.order.end()), (std::vector<int>{2, 3}));
  nd::workspace ws;
  const nd::detail::packing k{16, false};
  const auto& first = nd::detail::prepare_tables(plan, k, 1, ws);
  EXPECT_EQ(&first, &nd::detail::prepare_tables(plan, k, 1, ws));
  EXPECT_EQ(first.tap_axis, 3);
  EXPECT_TRUE(first.taps.usable());
  const nd::resize_plan copy = plan;  // a copy holds the same tables: the same prepared data
  EXPECT_EQ(&first, &nd::detail::prepare_tables(copy, k, 1, ws));
  const auto other = nd::make_plan({2, 3, 40, 50}, a, {{}, {}, std::vector<std::int64_t>{2, 5, 20, 99}});
  EXPECT_EQ(nd::detail::prepare_tables(other, k, 1, ws).taps.pixel, 1);
  EXPECT_NE(plan.id(), other.id());
  // Two plans run in turn with one workspace (two resize nodes on one thread): each keeps its
  // tables, nothing is built again.
  EXPECT_EQ(&first, &nd::detail::prepare_tables(plan, k, 1, ws));
  const auto& second = nd::detail::prepare_tables(other, k, 1, ws);
  EXPECT_EQ(&second, &nd::detail::prepare_tables(other, k, 1, ws));
  EXPECT_EQ(&first, &nd::detail::prepare_tables(plan, k, 1, ws));
  // The same plan on channels-last rows (3 interleaved channels) gets its own copy, packed for
  // them, and keeps the first.
  const auto& interleaved = nd::detail::prepare_tables(plan, k, 3, ws);
  EXPECT_NE(&first, &interleaved);
  EXPECT_EQ(interleaved.taps.pixel, 3);
  EXPECT_EQ(&interleaved, &nd::detail::prepare_tables(plan, k, 3, ws));
  EXPECT_EQ(&first, &nd::detail::prepare_tables(plan, k, 1, ws));
}

// A channels-last view runs its (H, W) pair fused, on the stage listed in memory order (N, H,
// W, C: the channels are the pair's block), with taps packed for rows of C interleaved
// elements; a row-major one fuses (H, W) with a block of 1. A layout whose memory order puts W
// before H cannot fuse (the pair's order is fixed by the schedule).
TEST(Components, ChannelsLastLayoutFusesInMemoryOrder) {
  nd::resize_attributes a;
  a.mode = nd::enums::mode::linear;
  const nd::dims in{1, 3, 20, 30};
  const auto plan = nd::make_plan(in, a, {{}, {}, std::vector<std::int64_t>{1, 3, 40, 60}});
  const nd::dims out = plan.output_shape();
  auto nhwc = [](const nd::dims& e) { return nd::dims{e[1] * e[2] * e[3], 1, e[3] * e[1], e[1]}; };
  auto nwhc = [](const nd::dims& e) { return nd::dims{e[1] * e[2] * e[3], 1, e[1], e[1] * e[2]}; };
  const auto cl = nd::detail::layout_execution<float>(plan, nhwc(in), nhwc(out), 1);
  EXPECT_TRUE(cl.fused);
  EXPECT_TRUE(cl.order.memory);
  EXPECT_EQ(cl.pixel, 3);
  EXPECT_EQ(cl.g.block, 3);
  EXPECT_EQ(cl.order.at[static_cast<std::size_t>(cl.g.h)], 2);
  EXPECT_EQ(cl.order.at[static_cast<std::size_t>(cl.g.w)], 3);
  const auto rm = nd::detail::layout_execution<float>(plan, nd::row_major_strides(in), nd::row_major_strides(out), 1);
  EXPECT_TRUE(rm.fused);
  EXPECT_FALSE(rm.order.memory);
  EXPECT_EQ(rm.pixel, 1);
  EXPECT_EQ(rm.g.block, 1);
  EXPECT_FALSE(nd::detail::layout_execution<float>(plan, nwhc(in), nwhc(out), 1).fused);
}

// A volume resized on D, H and W runs W, then H and D as an outer pair (execution_layout.hpp,
// pairs_outer; in NCDHW, W's row pass runs inside the pair: outer_rows): in NCDHW the rows after
// H are W's, in NDHWC W × C; an output whose rows after H
// are not one linear run (padded Y), or whose ring of planes would pass
// tuning::outer_pair_ring_max_bytes, runs the three passes through whole stages.
TEST(Components, VolumesRunTheirLastTwoPassesAsAnOuterPair) {
  namespace d = nd::detail;
  nd::resize_attributes a;
  a.mode = nd::enums::mode::linear;
  const nd::dims in{1, 3, 8, 10, 12};
  const auto plan = nd::make_plan(in, a, {{}, {}, std::vector<std::int64_t>{1, 3, 16, 20, 24}});
  const nd::dims out = plan.output_shape();
  const auto rm = d::layout_execution<float>(plan, nd::row_major_strides(in), nd::row_major_strides(out), 1);
  EXPECT_TRUE(rm.outer);
  EXPECT_FALSE(rm.fused);
  // Rows of single elements: the pair resamples its planes' rows along W too, no stage written.
  EXPECT_TRUE(rm.outer_rows);
  EXPECT_EQ(rm.unfused, 0u);
  EXPECT_EQ(rm.order.at[static_cast<std::size_t>(rm.og.a)], 3);  // H, then D
  EXPECT_EQ(rm.order.at[static_cast<std::size_t>(rm.og.b)], 2);
  EXPECT_EQ(rm.og.len, 24);
  auto ndhwc = [](const nd::dims& e) {
    return nd::dims{e[1] * e[2] * e[3] * e[4], 1, e[1] * e[3] * e[4], e[1] * e[4], e[1]};
  };
  const auto cl = d::layout_execution<float>(plan, ndhwc(in), ndhwc(out), 1);
  EXPECT_TRUE(cl.outer);
  EXPECT_EQ(cl.og.len, 24 * 3);
  EXPECT_FALSE(cl.outer_rows);  // pixels of 3 channels: W runs as its own pass
  EXPECT_EQ(cl.unfused, 1u);
  nd::dims padded = nd::row_major_strides(out);
  padded[3] = 25;  // rows of 24 outputs, 25 apart
  padded[2] = 25 * 20;
  padded[1] = 25 * 20 * 16;
  padded[0] = padded[1] * 3;
  EXPECT_FALSE(d::layout_execution<float>(plan, nd::row_major_strides(in), padded, 1).outer);
  // Planes of 1024 × 1024 floats after H (4 MiB, two in the ring): through whole stages.
  const auto wide = nd::make_plan({1, 1, 4, 512, 512}, a, {{}, {}, std::vector<std::int64_t>{1, 1, 8, 1024, 1024}});
  EXPECT_FALSE(d::layout_execution<float>(wide, nd::row_major_strides(wide.input_shape()),
                                          nd::row_major_strides(wide.output_shape()), 1)
                   .outer);
}

// A chunk body's scratch slot (passes.hpp, claimed_chunk): no two bodies running at once share
// one; a thread takes the slot it used last; slots next to a taken one are left while others
// are free (the prefetcher runs from one ring into the next); with none such left, any free
// slot. Run on a new thread, whose last slot starts at 0.
TEST(Components, ChunkSlotsFollowTheThreadAndKeepApart) {
  namespace d = nd::detail;
  std::thread([] {
    constexpr nd::index_t count = 8;
    constexpr std::size_t bytes = 256;
    std::vector<std::byte> scratch(bytes * count);
    std::vector<std::atomic<std::uint32_t>> claims(count);
    const d::chunk_memory m{scratch.data(), bytes, count, {}, claims.data()};
    const auto slot = [&](const d::claimed_chunk& c) {
      return static_cast<nd::index_t>((c.rows<std::byte>() - scratch.data()) / static_cast<std::ptrdiff_t>(bytes));
    };
    {
      std::vector<std::unique_ptr<d::claimed_chunk>> held;
      std::vector<nd::index_t> got;
      for (int i = 0; i < count; ++i) {
        held.push_back(std::make_unique<d::claimed_chunk>(m));
        got.push_back(slot(*held.back()));
      }
      // Apart while possible (0, 2, 4, 6), then the rest; every slot once.
      EXPECT_EQ(got, (std::vector<nd::index_t>{0, 2, 4, 6, 1, 3, 5, 7}));
      for (const auto& c : claims) EXPECT_EQ(c.load(), 1u);
      held.erase(held.begin() + 3);  // slot 6 is free again
      held.push_back(std::make_unique<d::claimed_chunk>(m));
      EXPECT_EQ(slot(*held.back()), 6);
    }
    for (const auto& c : claims) EXPECT_EQ(c.load(), 0u);  // all released
    // The slot this thread used last (6), again and again.
    for (int i = 0; i < 3; ++i) EXPECT_EQ(slot(d::claimed_chunk(m)), 6);
    // Its slot taken (6, by another body): the first slot with free neighbours (0).
    {
      const d::claimed_chunk other(m);  // 6 (the last), then
      const d::claimed_chunk mine(m);   // 6 taken: 0 has free neighbours
      EXPECT_EQ(slot(other), 6);
      EXPECT_EQ(slot(mine), 0);
    }
  }).join();
}

// Work chunks: one when sequential; chunks_per_thread per thread of a parallel executor while
// their scratch is small; one per thread when the extra chunks would pass extra_chunk_bytes or
// the plan's max_scratch_bytes; never more than the work items or max_chunks, whatever
// concurrency an executor claims. Every chunk has a slot of scratch, and a claim flag (4 bytes).
TEST(Components, WorkChunksPerThread) {
  namespace d = nd::detail;
  nd::resize_attributes a;
  a.mode = nd::enums::mode::linear;
  auto layout = [](const nd::resize_plan& plan, int concurrency) {
    return d::layout_execution<float>(plan, nd::row_major_strides(plan.input_shape()),
                                      nd::row_major_strides(plan.output_shape()), concurrency);
  };
  auto expect_sized = [](const d::execution_layout& L) {
    const auto chunks = static_cast<std::size_t>(L.chunks);
    EXPECT_EQ(L.off_claims, L.off_chunks + (L.chunk_bytes + 63) / 64 * 64 * chunks);
    EXPECT_EQ(L.bytes - L.off_chunks, (L.chunk_bytes + 63) / 64 * 64 * chunks + (4 * chunks + 63) / 64 * 64);
  };
  const auto small = nd::make_plan({1, 3, 40, 50}, a, {{}, {}, std::vector<std::int64_t>{1, 3, 80, 100}});
  EXPECT_EQ(layout(small, 1).chunks, 1);
  EXPECT_EQ(layout(small, 2).chunks, 2 * d::chunks_per_thread);
  EXPECT_EQ(layout(small, 3).chunks, 3 * d::chunks_per_thread);
  expect_sized(layout(small, 3));
  // 240 output rows are the most items: a claimed INT_MAX concurrency gets no more chunks.
  EXPECT_EQ(layout(small, INT_MAX).chunks, 240);

  // 200,000 → 100,000 columns: each chunk's buffer (a source row, or a ring of two resampled
  // rows) is 800 KB, so 8 chunks take 6.4 MB (allowed) and 12 would take 9.6 MB (beyond
  // extra_chunk_bytes: one per thread).
  const auto wide = nd::make_plan({1, 1, 100, 200000}, a, {{}, {}, std::vector<std::int64_t>{1, 1, 50, 100000}});
  const auto two = layout(wide, 2), three = layout(wide, 3);
  ASSERT_GT(two.chunk_bytes, std::size_t{700000});
  ASSERT_LT(two.chunk_bytes, std::size_t{900000});
  EXPECT_LE(two.chunk_bytes * 8, d::extra_chunk_bytes);
  EXPECT_EQ(two.chunks, 8);
  EXPECT_EQ(three.chunks, 3);
  expect_sized(three);

  // A plan whose max_scratch_bytes admits one chunk per thread but not four.
  nd::plan_limits tight;
  tight.max_scratch_bytes = layout(small, 2).off_chunks + 3 * layout(small, 2).chunk_bytes + 64 * 3;
  const auto limited = nd::make_plan({1, 3, 40, 50}, a, {{}, {}, std::vector<std::int64_t>{1, 3, 80, 100}}, tight);
  const auto L = layout(limited, 2);
  EXPECT_EQ(L.chunks, 2);
  EXPECT_LE(L.bytes, limited.max_scratch_bytes());
  // 2^21 planes of 2 × 2 (whole-plane items) and a claimed INT_MAX concurrency: max_chunks.
  nd::resize_attributes hw = a;
  hw.axes = std::vector<std::int64_t>{2, 3};
  const auto many = nd::make_plan({1, 1 << 21, 2, 2}, hw, {{}, {}, std::vector<std::int64_t>{4, 4}});
  EXPECT_EQ(layout(many, INT_MAX).chunks, d::max_chunks);
}
