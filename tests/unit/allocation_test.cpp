// SPDX-License-Identifier: Apache-2.0
// With a reused plan and workspace, executing allocates nothing (issue "Performance", item 3):
// the global operator new is counted around repeated calls of every kernel family, with and
// without a thread pool. Its own executable, since it replaces operator new.
#include <gtest/gtest.h>
#include <Eigen/Core>

#include <vector>

#include <ndresize/ndresize.hpp>

#include "counting_operator_new.hpp"

namespace {

namespace nd = ndresize;

template <class T>
long allocations_per_call(const nd::resize_plan& plan, const nd::executor& ex) {
  std::vector<T> x(static_cast<std::size_t>(nd::checked_element_count(plan.input_shape())), T(1));
  std::vector<T> y(static_cast<std::size_t>(plan.output_size()));
  nd::workspace ws;
  const nd::tensor_view<const T> xv(x.data(), plan.input_shape());
  const nd::tensor_view<T> yv(y.data(), plan.output_shape());
  nd::execute<T>(plan, xv, yv, ws, ex);  // the first call may size the workspace
  const long before = counted_allocations();
  for (int i = 0; i < 5; ++i) nd::execute<T>(plan, xv, yv, ws, ex);
  return counted_allocations() - before;
}

nd::resize_plan plan_for(nd::dims in, std::vector<std::int64_t> sizes, nd::enums::mode m, bool antialias = false,
                         std::optional<std::vector<std::int64_t>> axes = std::nullopt) {
  nd::resize_attributes a;
  a.mode = m;
  a.antialias = antialias;
  a.axes = axes;
  return nd::make_plan(in, a, {{}, {}, sizes});
}

TEST(Allocation, NoneWhenPlanAndWorkspaceAreReused) {
  using nd::enums::mode;
  nd::thread_pool pool(3);
  for (const nd::executor& ex : {nd::executor{}, pool.get_executor()}) {
    EXPECT_EQ(allocations_per_call<float>(plan_for({1, 3, 40, 50}, {1, 3, 80, 100}, mode::linear), ex), 0);
    EXPECT_EQ(allocations_per_call<float>(plan_for({1, 2, 64, 64}, {1, 2, 17, 19}, mode::cubic, true), ex), 0);
    EXPECT_EQ(allocations_per_call<float>(plan_for({1, 1, 8, 10, 12}, {1, 1, 16, 20, 24}, mode::linear), ex), 0);
    EXPECT_EQ(allocations_per_call<std::uint8_t>(
                  plan_for({60, 70, 3}, {20, 30}, mode::linear, true, std::vector<std::int64_t>{0, 1}), ex),
              0);
    EXPECT_EQ(allocations_per_call<float>(plan_for({2, 4, 16, 16}, {2, 4, 32, 32}, mode::nearest), ex), 0);
    EXPECT_EQ(allocations_per_call<Eigen::half>(plan_for({1, 3, 40, 50}, {1, 3, 20, 25}, mode::linear), ex), 0);
  }
}

}  // namespace

namespace {

// scratch_bytes() is exactly what an execution takes: a workspace of that size never grows.
TEST(Allocation, ScratchBytesIsWhatExecutionTakes) {
  using nd::enums::mode;
  for (int threads : {1, 3}) {
    nd::thread_pool pool(threads);
    const nd::executor ex = threads > 1 ? pool.get_executor() : nd::executor{};
    for (const auto& plan : {plan_for({1, 3, 40, 50}, {1, 3, 80, 100}, mode::linear),
                             plan_for({1, 2, 64, 64}, {1, 2, 17, 19}, mode::cubic, true),
                             plan_for({1, 1, 8, 10, 12}, {1, 1, 16, 20, 24}, mode::linear),
                             plan_for({2, 4, 16, 16}, {2, 4, 32, 32}, mode::nearest)}) {
      std::vector<float> x(static_cast<std::size_t>(nd::checked_element_count(plan.input_shape())), 1.0f);
      std::vector<float> y(static_cast<std::size_t>(plan.output_size()));
      nd::workspace ws;
      nd::execute<float>(plan, nd::tensor_view<const float>(x.data(), plan.input_shape()),
                         nd::tensor_view<float>(y.data(), plan.output_shape()), ws, ex);
      EXPECT_EQ(ws.capacity(), nd::scratch_bytes<float>(plan, ex.concurrency()));
    }
  }
}

}  // namespace
