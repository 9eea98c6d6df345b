// SPDX-License-Identifier: Apache-2.0
// Parallelism: an executor runs `n` independent work items, possibly at once. Kernels split
// their work over output slices (rows, planes), never over a reduction, so every output
// element is computed by the same instructions whatever the split: results are bit-identical
// for any thread count. Sequential by default; a built-in thread pool, or the caller's own
// parallel_for (e.g. a runtime's intra-op pool); thread_pool.hpp is the built-in pool.
#pragma once

#include <functional>

#include "config.hpp"

NDRESIZE_BEGIN_NAMESPACE

class executor {
 public:
  /// Calls body(i) for every i in [0, n) and returns when all calls have returned.
  using parallel_for_fn = std::function<void(index_t n, const std::function<void(index_t)>& body)>;

  /// Sequential execution.
  executor() = default;
  /// `concurrency`: how many items may run at once (kernels make one to four items per
  /// unit of it; detail/kernels/execution_layout.hpp says when).
  executor(int concurrency, parallel_for_fn f) : concurrency_(concurrency < 1 ? 1 : concurrency), f_(std::move(f)) {}

  int concurrency() const noexcept { return f_ ? concurrency_ : 1; }

  template <class F>
  void run(index_t n, F&& body) const {
    if (!f_ || n <= 1) {
      for (index_t i = 0; i < n; ++i) body(i);
      return;
    }
    f_(n, std::function<void(index_t)>(std::ref(body)));
  }

 private:
  int concurrency_ = 1;
  parallel_for_fn f_;
};

NDRESIZE_END_NAMESPACE
