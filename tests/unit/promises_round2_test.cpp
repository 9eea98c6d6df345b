// SPDX-License-Identifier: Apache-2.0
// The second hostile round: inputs that once overflowed, wrote through null, raced, read past
// a table or were accepted without meaning. Each test drives the shared mechanism (the work
// split, the layout's stage counts, the plan's table check, the view uniqueness rule, the
// version's element types), through the public entry points where one reaches it. Buffers are
// exactly as long as their views claim (or views are broadcasts, stride 0, over one element)
// and outputs start as a canary: ASan builds see any stray access.
#include <gtest/gtest.h>

#include <Eigen/Core>

#include <climits>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <ndresize/ascend/make_plan.hpp>
#include <ndresize/execute.hpp>
#include <ndresize/onnx/compute.hpp>
#include <ndresize/onnx/opset.hpp>
#include <ndresize/resample.hpp>
#include <ndresize/resize.hpp>
#include <ndresize/thread_pool.hpp>
#include <ndresize/type_erased.hpp>

namespace nd = ndresize;
namespace onnx = ndresize::onnx;
using nd::index_t;

namespace {

constexpr float canary = -12345.0f;
__extension__ typedef __int128 int128;  // exact products of two int64 (g++ and clang)

nd::resize_attributes linear() {
  nd::resize_attributes a;
  a.mode = nd::enums::mode::linear;
  return a;
}

nd::dims zeros(int rank) {
  nd::dims d;
  d.resize(rank);
  return d;
}

// R1 (and the weighted passes): the work split. begin(c) must be floor(n·c / chunks) exactly —
// computed here in 128 bits — for n up to INT64_MAX, and chunks never exceed max_chunks.
TEST(PromisesRound2, WorkSplitIsExactAndOverflowFree) {
  std::mt19937_64 rng(20261204);
  for (int trial = 0; trial < 20000; ++trial) {
    const index_t n =
        trial < 10 ? std::numeric_limits<index_t>::max() - trial : static_cast<index_t>(rng() >> (rng() % 63));
    const index_t chunks = nd::detail::chunks_for(n, trial % 3 == 0 ? INT_MAX : static_cast<index_t>(1 + rng() % 5000));
    ASSERT_GE(chunks, 1);
    ASSERT_LE(chunks, nd::detail::max_chunks);
    ASSERT_LE(chunks, std::max<index_t>(n, 1));
    const nd::detail::split s{n, chunks};
    for (index_t c : {index_t{0}, index_t{1}, chunks / 2, chunks - 1, chunks}) {
      const auto exact = static_cast<index_t>(static_cast<int128>(n) * c / chunks);
      ASSERT_EQ(s.begin(c), exact) << "n " << n << " chunks " << chunks << " c " << c;
    }
  }
}

// R1 through the public API: a nearest gather on an executor claiming INT_MAX concurrency gets at
// most max_chunks items, and the sequential bits.
TEST(PromisesRound2, NearestGatherOnAnExecutorClaimingEverything) {
  const nd::dims in{64, 48, 3, 1};
  std::vector<float> x(64 * 48 * 3);
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(i);
  const nd::resize_plan plan = nd::make_plan(in, {}, {{}, std::vector<float>{2, 2, 2, 1}, {}});
  const auto count = static_cast<std::size_t>(plan.output_size());
  std::vector<float> seq(count, canary), par(count, canary);
  nd::execute<float>(plan, {x.data(), in}, {seq.data(), plan.output_shape()});
  index_t largest = 0;
  const nd::executor claims_everything(INT_MAX, [&](index_t n, const std::function<void(index_t)>& body) {
    largest = std::max(largest, n);
    for (index_t i = 0; i < n; ++i) body(i);
  });
  nd::workspace ws;
  nd::execute<float>(plan, {x.data(), in}, {par.data(), plan.output_shape()}, ws, claims_everything);
  EXPECT_LE(largest, nd::detail::max_chunks);
  EXPECT_GT(largest, 1);
  EXPECT_EQ(seq, par);
}

// R2: [1, 2^31, 2^31] -> [64, 1, 1] (X a broadcast of one element) once ran its growing axis
// first, through an intermediate of 2^68 elements that got no scratch. The shrinking axes now run
// first (README numeric contract, rule 11), and a stage whose count left int64 would be refused
// by layout_execution; this plan's first intermediate still holds 2^31 accumulators (8 GiB), so it
// is limit_exceeded from scratch_bytes and execute, with nothing written.
TEST(PromisesRound2, HugeIntermediatesAreLimitExceeded) {
  const nd::dims in{1, index_t{1} << 31, index_t{1} << 31};
  const nd::resize_plan plan = nd::make_plan(in, linear(), {{}, {}, std::vector<std::int64_t>{64, 1, 1}});
  EXPECT_GT(nd::scratch_bytes<float>(plan), plan.max_scratch_bytes());
  const float x = 1.0f;
  std::vector<float> y(64, canary);
  nd::workspace ws;
  const nd::status s = nd::try_execute<float>(plan, nd::tensor_view<const float>(&x, in, zeros(3)),
                                              nd::tensor_view<float>(y.data(), plan.output_shape()), ws);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, nd::error_code::limit_exceeded);
  EXPECT_NE(s.error().message.find("workspace"), std::string::npos) << s.error().message;
  EXPECT_EQ(y, std::vector<float>(64, canary));
  EXPECT_EQ(ws.capacity(), 0u);
}

// R3: X [2^50, 1] -> [1, 2^13]: whichever order the passes take, no size is computed with an
// overflow (UBSan builds check), and the call either runs (every output is X's one value) or is
// limit_exceeded with Y untouched.
TEST(PromisesRound2, HugeBroadcastInputsPlanChunksWithoutOverflow) {
  const nd::dims in{index_t{1} << 50, 1};
  const nd::resize_plan plan = nd::make_plan(in, linear(), {{}, {}, std::vector<std::int64_t>{1, 8192}});
  const float x = 3.0f;
  std::vector<float> y(8192, canary);
  nd::thread_pool pool(2);
  const nd::status s = nd::try_execute<float>(plan, nd::tensor_view<const float>(&x, in, zeros(2)),
                                              nd::tensor_view<float>(y.data(), plan.output_shape()));
  if (s.ok()) {
    EXPECT_EQ(y, std::vector<float>(8192, 3.0f));
  } else {
    EXPECT_EQ(s.error().code, nd::error_code::limit_exceeded) << s.error().message;
    EXPECT_EQ(y, std::vector<float>(8192, canary));
  }
}

// R5: a moved-from workspace is empty and usable (it once kept its capacity with a null buffer).
TEST(PromisesRound2, MovedFromWorkspaceIsEmptyAndUsable) {
  const nd::dims in{1, 3, 20, 30};
  std::vector<float> x(1800);
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(i % 97);
  const nd::resize_plan plan = nd::make_plan(in, linear(), {{}, std::vector<float>{1, 1, 1.5f, 0.5f}, {}});
  const auto count = static_cast<std::size_t>(plan.output_size());
  std::vector<float> expected(count), y(count, canary);
  nd::workspace ws;
  nd::execute<float>(plan, {x.data(), in}, {expected.data(), plan.output_shape()}, ws);
  ASSERT_GT(ws.capacity(), 0u);
  nd::workspace taken(std::move(ws));
  EXPECT_EQ(ws.capacity(), 0u);  // NOLINT(bugprone-use-after-move): the state after a move is the point
  nd::execute<float>(plan, {x.data(), in}, {y.data(), plan.output_shape()}, ws);
  EXPECT_EQ(y, expected);
  nd::workspace other;
  other = std::move(taken);
  EXPECT_EQ(taken.capacity(), 0u);  // NOLINT(bugprone-use-after-move)
  std::fill(y.begin(), y.end(), canary);
  nd::execute<float>(plan, {x.data(), in}, {y.data(), plan.output_shape()}, taken);
  EXPECT_EQ(y, expected);
}

// R6: hand-made tables are checked before a kernel trusts them.
TEST(PromisesRound2, HandMadeTablesAreChecked) {
  auto two_taps = [](index_t in, index_t out, index_t bad_index) {
    nd::axis_table t;
    t.in = in;
    t.out = out;
    t.max_taps = 2;
    for (index_t j = 0; j < out; ++j) {
      t.tap_begin.push_back(2 * j);
      t.tap_index.insert(t.tap_index.end(), {j % in, bad_index});
      t.tap_weight.insert(t.tap_weight.end(), {0.5, 0.5});
    }
    t.tap_begin.push_back(2 * out);
    t.tap_weight_f.assign(t.tap_weight.begin(), t.tap_weight.end());
    return t;
  };
  const auto made = [&](index_t bad) {
    return nd::resize_plan::from_tables("hand-made", nd::kernel_family::weighted, {4}, {two_taps(4, 3, bad)}, 0.0);
  };
  ASSERT_TRUE(made(3).ok());
  for (index_t bad : {index_t{4}, index_t{-1}, std::numeric_limits<index_t>::max()}) {
    const auto p = made(bad);
    ASSERT_FALSE(p.ok()) << bad;
    EXPECT_EQ(p.error().code, nd::error_code::invalid_input);
    EXPECT_NE(p.error().message.find("outside [0, 4)"), std::string::npos) << p.error().message;
  }
  // Other broken shapes of the format: lengths, a table for another extent, non-finite weights.
  nd::axis_table t = two_taps(4, 3, 1);
  t.tap_weight[1] = std::numeric_limits<double>::quiet_NaN();
  EXPECT_FALSE(nd::resize_plan::from_tables("t", nd::kernel_family::weighted, {4}, {t}, 0.0).ok());
  t = two_taps(4, 3, 1);
  t.tap_weight_f.pop_back();
  EXPECT_FALSE(nd::resize_plan::from_tables("t", nd::kernel_family::weighted, {4}, {t}, 0.0).ok());
  t = two_taps(4, 3, 1);
  t.max_taps = 1;
  EXPECT_FALSE(nd::resize_plan::from_tables("t", nd::kernel_family::weighted, {4}, {t}, 0.0).ok());
  EXPECT_FALSE(nd::resize_plan::from_tables("t", nd::kernel_family::weighted, {5}, {two_taps(4, 3, 1)}, 0.0).ok());
  EXPECT_FALSE(nd::resize_plan::from_tables("t", nd::kernel_family::weighted, {4, 1}, {two_taps(4, 3, 1)}, 0.0).ok());
  nd::axis_table g;
  g.in = 4;
  g.out = 2;
  g.index = {0, 4};
  EXPECT_FALSE(nd::resize_plan::from_tables("t", nd::kernel_family::gather, {4}, {g}, 0.0).ok());
  g.index = {0, 3};
  EXPECT_TRUE(nd::resize_plan::from_tables("t", nd::kernel_family::gather, {4}, {g}, 0.0).ok());
}

// Overlapping outputs: every entry point refuses an output view that addresses an element twice.
TEST(PromisesRound2, OutputViewsMustAddressEachElementOnce) {
  const nd::dims in{2, 3};
  const std::vector<float> x = {1, 2, 3, 4, 5, 6};
  const nd::resize_plan plan = nd::make_plan(in, linear(), {{}, std::vector<float>{2, 2}, {}});  // -> [4, 6]
  std::vector<float> y(24, canary);
  for (const nd::dims& strides : {nd::dims{0, 1}, nd::dims{6, 0}, nd::dims{1, 1}, nd::dims{3, 1}, nd::dims{1, 3}}) {
    const nd::status s =
        nd::try_execute<float>(plan, {x.data(), in}, nd::tensor_view<float>(y.data(), plan.output_shape(), strides));
    ASSERT_FALSE(s.ok()) << strides.to_string();
    EXPECT_EQ(s.error().code, nd::error_code::invalid_shape);
    EXPECT_NE(s.error().message.find("more than once"), std::string::npos) << s.error().message;
    // The type-erased door and the nearest family too.
    const nd::status t =
        nd::try_execute(plan, nd::any_const_tensor_view(nd::tensor_view<const float>(x.data(), in)),
                        nd::any_tensor_view(nd::element_type::float32, y.data(), plan.output_shape(), strides));
    EXPECT_FALSE(t.ok()) << strides.to_string();
  }
  EXPECT_EQ(y, std::vector<float>(24, canary));
  // Layouts that are unique pass: row-major, column-major, channels-last-like, reversed, a slice.
  for (const nd::dims& strides : {nd::dims{6, 1}, nd::dims{1, 4}, nd::dims{-6, 1}, nd::dims{12, 2}}) {
    std::vector<float> big(48, canary);
    float* base = strides[0] < 0 ? big.data() + 18 : big.data();
    EXPECT_TRUE(
        nd::try_execute<float>(plan, {x.data(), in}, nd::tensor_view<float>(base, plan.output_shape(), strides)).ok())
        << strides.to_string();
  }
  // Extent-1 axes may have any stride, 0 included; empty views are unique.
  EXPECT_TRUE(nd::detail::is_unique(nd::dims{1, 5}, nd::dims{0, 1}));
  EXPECT_TRUE(nd::detail::is_unique(nd::dims{0, 5}, nd::dims{0, 0}));
  EXPECT_FALSE(nd::detail::is_unique(nd::dims{2, index_t{1} << 62}, nd::dims{index_t{1} << 62, 2}));
}

// R13: the Ascend planner rejects a shape no memory holds, as the ONNX and resample ones do.
TEST(PromisesRound2, AscendRejectsUncountableInputs) {
  nd::ascend::upsample_trilinear3d_attributes a;
  a.output_size = std::vector<std::int64_t>{2, 2, 2};
  const index_t huge = index_t{1} << 40;
  const auto p = nd::ascend::try_make_plan(nd::dims{1, 1, huge, huge, huge}, a);
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.error().code, nd::error_code::invalid_shape);
  EXPECT_NE(p.error().message.find("more elements than int64 can count"), std::string::npos) << p.error().message;
  const auto r = nd::try_make_resample_plan(nd::dims{huge, huge, huge}, nd::dims{2, 2, 2}, nd::filters::linear);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("more elements than int64 can count"), std::string::npos) << r.error().message;
}

// R14: resample_options enums hold one of their enumerators.
TEST(PromisesRound2, ResampleOptionEnumsAreRangeChecked) {
  nd::resample_options o;
  o.coordinate_transformation_mode = static_cast<nd::enums::coordinate_transformation_mode>(42);
  auto p = nd::try_make_resample_plan(nd::dims{4, 4}, nd::dims{8, 8}, nd::filters::linear, o);
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.error().code, nd::error_code::invalid_attribute);
  EXPECT_NE(p.error().message.find("option 'coordinate_transformation_mode' has value 42, which is none of half_pixel"),
            std::string::npos)
      << p.error().message;
  o = {};
  o.border = static_cast<nd::resample_border>(7);
  p = nd::try_make_resample_plan(nd::dims{4, 4}, nd::dims{8, 8}, nd::filters::linear, o);
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.error().message.find("option 'border' has value 7, which is none of renormalize, clamp"),
            std::string::npos)
      << p.error().message;
  o = {};
  o.nearest_mode = static_cast<nd::enums::nearest_mode>(-1);
  EXPECT_FALSE(nd::try_make_resample_plan(nd::dims{4, 4}, nd::dims{8, 8}, nd::filters::nearest, o).ok());
}

// R15: an op_version cast from another integer is refused, naming the versions.
TEST(PromisesRound2, UnknownOperatorVersionsAreRefused) {
  const auto p = onnx::try_make_plan(static_cast<onnx::op_version>(42), {}, nd::dims{4}, {{}, {}, {}});
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.error().code, nd::error_code::invalid_attribute);
  EXPECT_NE(p.error().message.find("op_version 42 is none of the operator versions (Resize-10"), std::string::npos)
      << p.error().message;
}

// Version type rule: a plan made for a version accepts that version's element types only, in
// execute as in onnx::compute (bfloat16 arrived with Resize-13).
TEST(PromisesRound2, PlansAcceptTheirVersionsElementTypesOnly) {
  const std::vector<Eigen::bfloat16> x(4, Eigen::bfloat16(1.0f));
  std::vector<Eigen::bfloat16> y(16, Eigen::bfloat16(7.0f));
  const std::vector<float> scales = {2, 2};
  const onnx::attribute_map attrs = {{"mode", std::string("linear")}};
  const nd::any_const_tensor_view ax(nd::element_type::bfloat16, x.data(), {2, 2});
  const nd::any_tensor_view ay(nd::element_type::bfloat16, y.data(), {4, 4});
  for (std::int64_t opset : {11, 12}) {
    const nd::resize_plan plan = onnx::make_plan("Resize", opset, attrs, {2, 2}, {{}, scales, {}});
    const nd::status s = nd::try_execute(plan, ax, ay);
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.error().code, nd::error_code::invalid_type);
    EXPECT_NE(s.error().message.find("bfloat16"), std::string::npos) << s.error().message;
    const nd::status c = onnx::try_compute("Resize", opset, attrs, ax, {{}, scales, {}}, ay);
    ASSERT_FALSE(c.ok());
    EXPECT_EQ(c.error().code, nd::error_code::invalid_type);
    EXPECT_EQ(y, std::vector<Eigen::bfloat16>(16, Eigen::bfloat16(7.0f)));
    // float is fine in the same plan
    const std::vector<float> xf(4, 1.0f);
    std::vector<float> yf(16);
    EXPECT_TRUE(nd::try_execute<float>(plan, {xf.data(), {2, 2}}, {yf.data(), {4, 4}}).ok());
  }
  const nd::resize_plan plan13 = onnx::make_plan("Resize", 13, attrs, {2, 2}, {{}, scales, {}});
  EXPECT_TRUE(nd::try_execute(plan13, ax, ay).ok());
  EXPECT_EQ(y, std::vector<Eigen::bfloat16>(16, Eigen::bfloat16(1.0f)));
}

// R16: the pool is capped at max_threads and has a non-throwing constructor.
TEST(PromisesRound2, ThreadPoolIsCappedAndHasATryForm) {
  auto one = nd::thread_pool::try_make(-5);
  ASSERT_TRUE(one.ok());
  EXPECT_EQ(one->size(), 1);
  auto capped = nd::thread_pool::try_make(INT_MAX);
  ASSERT_TRUE(capped.ok()) << capped.error().message;
  EXPECT_EQ(capped->size(), nd::thread_pool::max_threads);
  // Executors stay valid when the pool moves.
  nd::thread_pool moved = std::move(*one);
  const nd::executor ex = moved.get_executor();
  nd::thread_pool again = std::move(moved);
  std::vector<int> hits(100, 0);
  ex.run(100, [&](index_t i) { ++hits[static_cast<std::size_t>(i)]; });
  EXPECT_EQ(hits, std::vector<int>(100, 1));
}

}  // namespace
