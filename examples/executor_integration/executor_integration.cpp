// SPDX-License-Identifier: Apache-2.0
// Resizes one image-sized tensor with ndresize's work split over a runtime's threads — oneTBB
// or OpenMP, whichever this program was built with (EXECUTOR_TBB / EXECUTOR_OPENMP) — and
// checks that the result is bit-identical to the sequential one.
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include <ndresize/ndresize.hpp>

#if defined(EXECUTOR_TBB)
#include "tbb_executor.hpp"
#define EXECUTOR_NAME "oneTBB"
#define MAKE_EXECUTOR executor_integration::tbb_executor
#elif defined(EXECUTOR_OPENMP)
#include "openmp_executor.hpp"
#define EXECUTOR_NAME "OpenMP"
#define MAKE_EXECUTOR executor_integration::openmp_executor
#else
#error "build with EXECUTOR_TBB or EXECUTOR_OPENMP"
#endif

int main() {
  namespace nd = ndresize;
  const nd::dims in{1, 3, 720, 1280}, out{1, 3, 405, 720};
  std::vector<float> x(static_cast<std::size_t>(nd::checked_element_count(in)));
  std::mt19937 rng(1);
  std::uniform_real_distribution<float> d(0.0f, 1.0f);
  for (auto& v : x) v = d(rng);

  nd::resize_attributes a;
  a.mode = nd::enums::mode::cubic;
  a.antialias = true;
  const auto plan = nd::make_plan(in, a, {{}, {}, std::vector<std::int64_t>(out.begin(), out.end())});
  std::vector<float> sequential(static_cast<std::size_t>(plan.output_size())), parallel(sequential.size());
  nd::workspace ws;
  nd::execute<float>(plan, {x.data(), in}, {sequential.data(), out}, ws);
  const nd::executor ex = MAKE_EXECUTOR();
  nd::execute<float>(plan, {x.data(), in}, {parallel.data(), out}, ws, ex);

  const bool same = std::memcmp(sequential.data(), parallel.data(), parallel.size() * sizeof(float)) == 0;
  std::printf("antialiased cubic %s -> %s on %s (%d threads): %s\n", in.to_string().c_str(), out.to_string().c_str(),
              EXECUTOR_NAME, ex.concurrency(), same ? "bit-identical to the sequential result" : "DIFFERS");
  return same ? 0 : 1;
}
