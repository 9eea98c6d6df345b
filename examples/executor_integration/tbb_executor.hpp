// SPDX-License-Identifier: Apache-2.0
// ndresize's work items on oneTBB: the executor hands its items to tbb::parallel_for, so a
// resize runs on the runtime's task arena (the threads it already has) instead of a pool of
// its own. Items are independent output slices: any schedule gives bit-identical results.
#pragma once

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <ndresize/executor.hpp>

namespace executor_integration {

/// Calls body(i) for i in [0, n) on the current task arena (the executor's parallel_for).
inline void tbb_parallel_for(ndresize::index_t n, const std::function<void(ndresize::index_t)>& body) {
  tbb::parallel_for(tbb::blocked_range<ndresize::index_t>(0, n, 1),
                    [&](const tbb::blocked_range<ndresize::index_t>& r) {
                      for (ndresize::index_t i = r.begin(); i != r.end(); ++i) body(i);
                    });
}

/// An executor on the current task arena. Kernels make as many chunks as `concurrency`, so it
/// is the arena's thread count; TBB balances the chunks over the threads that are free.
inline ndresize::executor tbb_executor() {
  return ndresize::executor(tbb::this_task_arena::max_concurrency(), tbb_parallel_for);
}

}  // namespace executor_integration
