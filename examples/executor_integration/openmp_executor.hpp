// SPDX-License-Identifier: Apache-2.0
// ndresize's work items on OpenMP: the executor runs its items in a `parallel for` over the
// runtime's OpenMP threads. Items are independent output slices: any schedule gives
// bit-identical results. (Kernels do not throw, so nothing escapes the parallel region.)
#pragma once

#include <omp.h>

#include <ndresize/executor.hpp>

namespace executor_integration {

/// Calls body(i) for i in [0, n) in an OpenMP parallel region (the executor's parallel_for).
inline void openmp_parallel_for(ndresize::index_t n, const std::function<void(ndresize::index_t)>& body) {
#pragma omp parallel for schedule(dynamic, 1)
  for (ndresize::index_t i = 0; i < n; ++i) body(i);
}

/// An executor on OpenMP's threads; `concurrency` (the number of chunks the kernels make) is
/// the number of threads a parallel region gets.
inline ndresize::executor openmp_executor() { return ndresize::executor(omp_get_max_threads(), openmp_parallel_for); }

}  // namespace executor_integration
