// SPDX-License-Identifier: Apache-2.0
// Execution-layer resource promises: the packed nearest index a kernel derives from a plan is
// capped like the weighted packed taps, and capping it does not change the results.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include <ndresize/detail/kernels/packed_taps.hpp>
#include <ndresize/execute.hpp>
#include <ndresize/resize.hpp>

namespace nd = ndresize;
using nd::index_t;

namespace {

// Nearest 2x along one axis: output i reads input i / 2 (half_pixel: (i + 0.5) / 2 - 0.5 is
// k - 0.25 or k + 0.25 for i = 2k, 2k + 1, both rounding to k).
std::vector<index_t> doubled(index_t in) {
  std::vector<index_t> index(static_cast<std::size_t>(2 * in));
  for (std::size_t i = 0; i < index.size(); ++i) index[i] = static_cast<index_t>(i / 2);
  return index;
}

}  // namespace

// R9: the packed copy of a nearest index table lives in a workspace (kept for up to
// derived_slots plans), so it gets the same cap as the weighted packed taps.
TEST(PromisesRound2Execution, PackedNearestIndexIsCapped) {
  using nd::packed_index;
  // 2^20 outputs: 2^16 blocks of 17 int32 = 4.25 MiB, under the 8 MiB cap: built, and its size
  // is what bytes_for says.
  const packed_index small = packed_index::build(index_t{1} << 19, doubled(index_t{1} << 19));
  ASSERT_TRUE(small.usable());
  EXPECT_EQ(small.bytes(), packed_index::bytes_for(index_t{1} << 20)) << "17 int32 per block of 16";
  EXPECT_EQ(packed_index::bytes_for(index_t{1} << 20), std::size_t{17} * 4 << 16);
  EXPECT_LE(small.bytes(), packed_index::max_bytes);
  // The case, [1, 4194303] -> [1, 4194304], held 17.8 MB per plan: now nothing.
  const packed_index big = packed_index::build(index_t{1} << 21, doubled(index_t{1} << 21));
  EXPECT_FALSE(big.usable());
  EXPECT_EQ(big.bytes(), 0u);
  EXPECT_GT(packed_index::bytes_for(index_t{1} << 22), packed_index::max_bytes);
}

// Through the public API: a nearest plan beyond the cap reads the plain index table and gives
// the same elements as one under it (whichever the target's kernels take).
TEST(PromisesRound2Execution, NearestBeyondThePackedCapGivesTheSameElements) {
  for (const index_t in : {index_t{1} << 19, index_t{1} << 21}) {
    const nd::dims shape{1, in};
    std::vector<std::int32_t> x(static_cast<std::size_t>(in));
    for (std::size_t i = 0; i < x.size(); ++i) x[i] = static_cast<std::int32_t>(i * 7 + 3);
    const nd::resize_plan plan = nd::make_plan(shape, {}, {{}, std::vector<float>{1, 2}, {}});
    ASSERT_EQ(plan.output_shape()[1], 2 * in);
    std::vector<std::int32_t> y(static_cast<std::size_t>(plan.output_size()), -1);
    nd::workspace ws;
    nd::execute<std::int32_t>(plan, {x.data(), shape}, {y.data(), plan.output_shape()}, ws);
    for (std::size_t i = 0; i < y.size(); ++i) ASSERT_EQ(y[i], x[i / 2]) << "in " << in << " output " << i;
  }
}
