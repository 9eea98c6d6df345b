// SPDX-License-Identifier: Apache-2.0
// The pass-order rule (README, "Numeric contract", rule 11): a pass over axis a runs before
// one over axis b when w_a T_a × (in_b − out_b) < w_b T_b × (in_a − out_a), T being the axis's
// total tap count and w 4 for the innermost resized axis (1 for the others), ties in axis
// order. The expected orders below are derived by hand from that rule and from tap counts
// worked out from the coordinate formulas (in the comments); the test checks them for several
// element types and on every CPU target this machine has, which must all agree because the
// order fixes the roundings.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include <ndresize/ndresize.hpp>

namespace nd = ndresize;
using ctm = nd::enums::coordinate_transformation_mode;
using nd::enums::mode;

namespace {

struct golden {
  std::string name;
  nd::dims in;
  std::vector<std::int64_t> sizes;  ///< empty: `scales` instead
  std::vector<float> scales;
  mode m;
  ctm c;
  bool antialias;
  std::vector<int> order;  ///< hand-derived
};

std::vector<golden> goldens() {
  return {
      // R10: axes 1 and 2 shrink 2048 → 16 with identical tables, T = 32 each; axis 2 is the
      // innermost resized axis: 32 × 2032 < 4 · 32 × 2032, axis 1 first. Axis 0 grows, so it
      // goes last. The scratch is then [1, 16, 2048] floats, 128 KiB.
      {"r10_grow_outer_shrink_inner",
       {1, 2048, 2048},
       {64, 16, 16},
       {},
       mode::linear,
       ctm::half_pixel,
       false,
       {1, 2, 0}},
      // W2. W: x = (j + 0.5)·60/7 − 0.5 = (60j + 26.5)/7, never an integer and inside
      // [0, 1919] for j in [0, 223]: 2 taps each, T_w = 448, in − out = 1696. H: x =
      // ((2j + 1)·135 − 28)/56, an odd numerator, inside [0, 1079]: T_h = 448, in − out = 856.
      // H first: 448 × 1696 = 759 808 < 4 · 448 × 856 = 1 533 952 (vertical first).
      {"w2_bilinear_to_224", {1, 3, 1080, 1920}, {1, 3, 224, 224}, {}, mode::linear, ctm::half_pixel, false, {2, 3}},
      // H 1000 → 900: x = (20j + 1)/18, never whole, inside [0, 999]: T_h = 1800, in − out = 100.
      // W as in W2. W first: 4 · 448 × 100 = 179 200 < 1800 × 1696 (horizontal first).
      {"height_barely_shrinks", {1, 1, 1000, 1920}, {1, 1, 900, 224}, {}, mode::linear, ctm::half_pixel, false, {3, 2}},
      // Two identical 2× upsamples: the innermost axis has the larger wT / (out − in) (4T / 8 >
      // T / 8), so it goes first (horizontal first).
      {"upsample_2x_both", {1, 1, 8, 8}, {1, 1, 16, 16}, {}, mode::linear, ctm::align_corners, false, {3, 2}},
      // A shrinking axis always precedes a growing one, whichever axis it is.
      {"grow_h_shrink_w", {1, 1, 10, 40}, {1, 1, 20, 10}, {}, mode::linear, ctm::half_pixel, false, {3, 2}},
      {"shrink_h_grow_w", {1, 1, 40, 10}, {1, 1, 10, 20}, {}, mode::linear, ctm::half_pixel, false, {2, 3}},
      // align_corners 4 → 8: x = 3j/7, whole at j = 0, 7 (1 tap), else 2: T = 14, in − out = −4.
      // 4 → 16: x = j/5, whole at j = 0, 5, 10, 15: T = 4 + 24 = 28, in − out = −12.
      // Growing axes go by wT / (out − in) descending: axis 1 (4 · 28 / 12 ≈ 9.3) before axis 0
      // (14 / 4 = 3.5); unweighted, axis 0 would go first (28 / 12 < 3.5).
      {"two_grows", {4, 4}, {8, 16}, {}, mode::linear, ctm::align_corners, false, {1, 0}},
      // Swapped: axis 1 4 · 14 / 4 = 14 before axis 0 28 / 12.
      {"two_grows_swapped", {4, 4}, {16, 8}, {}, mode::linear, ctm::align_corners, false, {1, 0}},
      // 10 → 11: x = 9j/10, whole at j = 0, 10: T_0 = 20, out − in = 1 (20 per unit of growth);
      // 4 → 64: x = j/21, whole at j = 0, 21, 42, 63: T_1 = 124, out − in = 60 (4 · 124 / 60 ≈
      // 8.3). The outer axis that barely grows goes first, weight or not.
      {"small_outer_growth_first", {10, 4}, {11, 64}, {}, mode::linear, ctm::align_corners, false, {0, 1}},
      // Antialiased shrinks: 64 → 32 reads at most 4 taps per output (T_0 in [127, 128], in −
      // out = 32), 64 → 16 at most 8 (T_1 in [124, 128], in − out = 48). Axis 0 first:
      // T_0 × 48 ≤ 6144 < 4 · 124 × 32 ≤ 4 T_1 × 32 (unweighted, axis 1 would go first).
      {"antialias_shrinks", {64, 64}, {32, 16}, {}, mode::linear, ctm::half_pixel, true, {0, 1}},
      // Three identical trilinear upsamples: the weighted innermost axis first, then a tie
      // between axes 2 and 3 (axis order).
      {"trilinear_2x", {1, 1, 4, 4, 4}, {1, 1, 8, 8, 8}, {}, mode::linear, ctm::align_corners, false, {4, 2, 3}},
      // Scale 1.1 on 5 keeps the length (floor(5.5) = 5) but interpolates: it runs after the
      // shrinking axis and before the growing one.
      {"same_length_after_shrink", {5, 20}, {}, {1.1f, 0.5f}, mode::linear, ctm::half_pixel, false, {1, 0}},
      {"same_length_before_grow", {20, 5}, {}, {2.0f, 1.1f}, mode::linear, ctm::half_pixel, false, {1, 0}},
      // Cubic: the shrinking W before the growing H.
      {"cubic_grow_h_shrink_w", {1, 1, 30, 40}, {1, 1, 60, 20}, {}, mode::cubic, ctm::half_pixel, false, {3, 2}},
      // Channels last: H shrinks, W grows, C is not resized.
      {"hwc_shrink_h_grow_w", {1, 100, 80, 3}, {1, 50, 160, 3}, {}, mode::linear, ctm::half_pixel, false, {1, 2}},
      // One axis resized; nothing resized (scale 1 with half_pixel: every output one tap of
      // weight 1, the identity); a plan with no output runs no pass (R17).
      {"one_axis", {3, 7}, {3, 5}, {}, mode::linear, ctm::half_pixel, false, {1}},
      {"nothing_resized", {4, 4}, {4, 4}, {}, mode::linear, ctm::half_pixel, false, {}},
      {"no_output", {4, 0}, {8, 0}, {}, mode::linear, ctm::half_pixel, false, {}},
  };
}

nd::resize_plan plan_of(const golden& g) {
  nd::resize_attributes a;
  a.mode = g.m;
  a.coordinate_transformation_mode = g.c;
  a.antialias = g.antialias;
  if (!g.sizes.empty()) return nd::make_plan(g.in, a, {{}, {}, g.sizes});
  return nd::make_plan(g.in, a, {{}, g.scales, {}});
}

// Each cap runs the best target the CPU has up to it (all three are the generic one off x86).
std::vector<nd::isa> targets() { return {nd::isa::generic, nd::isa::avx2, nd::isa::avx512}; }

}  // namespace

TEST(PassOrder, GoldenOrdersOnEveryTargetAndElementType) {
  for (nd::isa t : targets()) {
    nd::set_max_isa(t);
    for (const golden& g : goldens()) {
      SCOPED_TRACE(g.name + " on target " + std::to_string(static_cast<int>(t)));
      const nd::resize_plan plan = plan_of(g);
      EXPECT_EQ(plan.pass_order(), g.order);
      EXPECT_EQ(nd::execution_order<float>(plan), g.order);
      EXPECT_EQ(nd::execution_order<double>(plan), g.order);
      EXPECT_EQ(nd::execution_order<std::uint8_t>(plan), g.order);
      EXPECT_EQ(nd::execution_order<std::int16_t>(plan), g.order);
      // The kernels' schedule runs exactly that order; its last two passes form the fusable
      // pair only when they are the two innermost resized axes.
      const auto s = nd::detail::schedule_passes<float>(plan);
      EXPECT_EQ(std::vector<int>(s.order.begin(), s.order.end()), g.order);
      if (s.paired) {
        ASSERT_GE(g.order.size(), 2u);
        EXPECT_EQ(s.h_first, g.order.back() == s.h);
      }
    }
  }
  nd::set_max_isa(nd::isa::avx512);
}

// R10: with the growing outer axis last the plan runs within the default scratch limit, in
// 128 KiB of intermediate ([1, 16, 2048] floats) plus row buffers, where growing first needed
// 1 GiB and was refused.
TEST(PassOrder, GrowingOuterAxisRunsLastWithLittleScratch) {
  nd::resize_attributes a;
  a.mode = mode::linear;
  const std::vector<std::int64_t> sizes{64, 16, 16};
  const auto plan = nd::try_make_plan(nd::dims{1, 2048, 2048}, a, {{}, {}, sizes});
  ASSERT_TRUE(plan.ok()) << plan.error().message;
  const std::size_t bytes = nd::scratch_bytes<float>(*plan);
  EXPECT_GE(bytes, std::size_t{16 * 2048 * 4});
  EXPECT_LE(bytes, std::size_t{1} << 20);
  std::vector<float> x(std::size_t{2048} * 2048, 1.5f), y(64 * 16 * 16, 0.0f);
  nd::workspace ws;
  const auto st = nd::try_execute<float>(*plan, nd::tensor_view<const float>(x.data(), nd::dims{1, 2048, 2048}),
                                         nd::tensor_view<float>(y.data(), nd::dims{64, 16, 16}), ws);
  ASSERT_TRUE(st.ok()) << st.error().message;
  for (float v : y) ASSERT_EQ(v, 1.5f);  // weights sum to 1 and a constant stays exact
}
