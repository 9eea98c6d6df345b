// SPDX-License-Identifier: Apache-2.0
// ndresize's executor on a runtime's threads (examples/executor_integration): oneTBB or OpenMP,
// whichever this test was built with. On cases large enough to be split into many work items,
// the result must be bit-identical to the sequential one, and the work must really have been
// handed to the runtime's parallel_for in more than one item.
#include <gtest/gtest.h>

#include <atomic>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <ndresize/ndresize.hpp>

#if defined(EXECUTOR_TBB)
#include <tbb/task_arena.h>

#include "tbb_executor.hpp"
#elif defined(EXECUTOR_OPENMP)
#include "openmp_executor.hpp"
#else
#error "build with EXECUTOR_TBB or EXECUTOR_OPENMP"
#endif

namespace nd = ndresize;

namespace {

constexpr int threads = 4;  // more than one whatever the machine, so the kernels split their work

struct split_case {
  std::string name;
  nd::dims in, out;
  nd::enums::mode mode;
  bool antialias;
};

std::vector<float> random_input(const nd::dims& shape) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> d(-50.0f, 50.0f);
  std::vector<float> v(static_cast<std::size_t>(nd::checked_element_count(shape)));
  for (auto& e : v) e = d(rng);
  return v;
}

// Runs `f` with the runtime set up for `threads` threads.
template <class F>
void with_runtime_threads(F&& f) {
#if defined(EXECUTOR_TBB)
  tbb::task_arena arena(threads);
  arena.execute(f);
#else
  omp_set_num_threads(threads);
  f();
#endif
}

class ExecutorIntegration : public ::testing::TestWithParam<split_case> {};

TEST_P(ExecutorIntegration, BitIdenticalToSequential) {
  const split_case& c = GetParam();
  nd::resize_attributes a;
  a.mode = c.mode;
  a.antialias = c.antialias;
  const auto plan = nd::make_plan(c.in, a, {{}, {}, std::vector<std::int64_t>(c.out.begin(), c.out.end())});
  ASSERT_EQ(plan.output_shape(), c.out);
  const auto x = random_input(c.in);
  std::vector<float> sequential(static_cast<std::size_t>(plan.output_size()), 0.0f);
  std::vector<float> parallel(sequential.size(), -1.0f);
  nd::workspace ws;
  nd::execute<float>(plan, {x.data(), c.in}, {sequential.data(), c.out}, ws);

  std::atomic<nd::index_t> items{0}, calls{0};
  with_runtime_threads([&] {
#if defined(EXECUTOR_TBB)
    const nd::executor runtime = executor_integration::tbb_executor();
    const auto parallel_for = executor_integration::tbb_parallel_for;
#else
    const nd::executor runtime = executor_integration::openmp_executor();
    const auto parallel_for = executor_integration::openmp_parallel_for;
#endif
    ASSERT_EQ(runtime.concurrency(), threads);
    // The same parallel_for, counting what it is given.
    const nd::executor counted(runtime.concurrency(), [&](nd::index_t n, const std::function<void(nd::index_t)>& body) {
      ++calls;
      items += n;
      parallel_for(n, body);
    });
    nd::execute<float>(plan, {x.data(), c.in}, {parallel.data(), c.out}, ws, counted);
  });
  EXPECT_GE(calls.load(), 1);
  EXPECT_GT(items.load(), calls.load()) << "the work was not split";
  EXPECT_EQ(std::memcmp(sequential.data(), parallel.data(), parallel.size() * sizeof(float)), 0)
      << c.name << ": the parallel result differs from the sequential one";
}

INSTANTIATE_TEST_SUITE_P(
    Cases, ExecutorIntegration,
    ::testing::Values(split_case{"LinearUp", {1, 3, 120, 160}, {1, 3, 250, 333}, nd::enums::mode::linear, false},
                      split_case{"CubicDown", {2, 3, 300, 200}, {2, 3, 97, 61}, nd::enums::mode::cubic, false},
                      split_case{
                          "LinearDownAntialias", {1, 4, 480, 640}, {1, 4, 111, 150}, nd::enums::mode::linear, true},
                      split_case{"CubicDownAntialiasHwc", {360, 480, 3}, {100, 130, 3}, nd::enums::mode::cubic, true}),
    [](const auto& p) { return p.param.name; });

}  // namespace
