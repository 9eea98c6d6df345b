// SPDX-License-Identifier: Apache-2.0
// The built-in thread pool: an executor for callers without a pool of their own. Its own
// header, so that a translation unit that runs on the caller's executor (or sequentially)
// does not parse it. The pool's threads and locks live behind a pointer (detail/pool_state.hpp,
// reached through function templates like the type-erased layer's), so that with
// NDRESIZE_COMPILED this header does not parse the standard thread headers either.
#pragma once

#include <functional>
#include <memory>

#include "config.hpp"
#include "executor.hpp"

NDRESIZE_BEGIN_NAMESPACE
namespace detail {

struct pool_state;  // detail/pool_state.hpp

/// Starts threads - 1 workers (the calling thread is the last one).
template <int = 0>
pool_state* start_pool(int threads);
/// Stops and joins the workers, then frees the state.
template <int = 0>
void stop_pool(pool_state* state) noexcept;
/// Runs body(i) for i in [0, n) on the workers and the calling thread.
template <int = 0>
void run_on_pool(pool_state& state, index_t n, const std::function<void(index_t)>& body);

struct pool_stopper {
  void operator()(pool_state* state) const noexcept { stop_pool(state); }
};

}  // namespace detail

/// A fixed pool of threads; the calling thread takes part, so `threads` = total workers.
class thread_pool {
 public:
  explicit thread_pool(int threads) : size_(threads < 1 ? 1 : threads), state_(detail::start_pool(size_)) {}
  thread_pool(const thread_pool&) = delete;
  thread_pool& operator=(const thread_pool&) = delete;

  int size() const noexcept { return size_; }

  /// Calls body(i) for i in [0, n) on the pool's threads (one job at a time per pool).
  void parallel_for(index_t n, const std::function<void(index_t)>& body) { detail::run_on_pool(*state_, n, body); }

  executor get_executor() {
    return executor(size(), [this](index_t n, const std::function<void(index_t)>& body) { parallel_for(n, body); });
  }

 private:
  int size_;
  std::unique_ptr<detail::pool_state, detail::pool_stopper> state_;
};

NDRESIZE_END_NAMESPACE

#if !defined(NDRESIZE_COMPILED)
#include "detail/pool_state.hpp"
#endif
