// SPDX-License-Identifier: Apache-2.0
// The built-in thread pool: an executor for callers without a pool of their own. Its own
// header, so that a translation unit that runs on the caller's executor (or sequentially)
// does not parse it. The pool's threads and locks live behind a pointer (detail/pool_state.hpp,
// reached through function templates like the type-erased layer's), so that with
// NDRESIZE_COMPILED this header does not parse the standard thread headers either.
#pragma once

#include <algorithm>
#include <functional>
#include <memory>
#include <utility>

#include "config.hpp"
#include "error.hpp"
#include "executor.hpp"

NDRESIZE_BEGIN_NAMESPACE
namespace detail {

struct pool_state;  // detail/pool_state.hpp

/// Starts threads - 1 workers (the calling thread is the last one); out_of_memory when the
/// system cannot start them (std::thread's failure or std::bad_alloc, with exceptions on;
/// without them such a failure ends the program, as in the standard library).
template <int = 0>
result<pool_state*> try_start_pool(int threads);
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

/// A fixed pool of threads; the calling thread takes part, so `threads` = total workers,
/// clamped to [1, max_threads]. Movable: executors from get_executor() stay valid while the
/// pool (whoever owns it after a move) lives.
class thread_pool {
 public:
  /// The most threads a pool starts, whatever is asked (a request of INT_MAX gets this many):
  /// more than any machine this library runs on has cores, few enough to start.
  static constexpr int max_threads = 1024;

  /// Starts the pool; throws resize_error (out_of_memory) when the threads cannot be started
  /// (without exceptions: aborts; try_make reports it instead).
  explicit thread_pool(int threads) : thread_pool(try_make(threads).value()) {}
  /// The non-throwing form of the constructor.
  static result<thread_pool> try_make(int threads) {
    const int n = std::clamp(threads, 1, max_threads);
    result<detail::pool_state*> state = detail::try_start_pool(n);
    if (!state.ok()) return std::move(state).error();
    return thread_pool(n, *state);
  }
  thread_pool(thread_pool&&) noexcept = default;
  thread_pool& operator=(thread_pool&&) noexcept = default;
  thread_pool(const thread_pool&) = delete;
  thread_pool& operator=(const thread_pool&) = delete;
  ~thread_pool() = default;

  int size() const noexcept { return size_; }

  /// Calls body(i) for i in [0, n) on the pool's threads (one job at a time per pool).
  void parallel_for(index_t n, const std::function<void(index_t)>& body) { detail::run_on_pool(*state_, n, body); }

  executor get_executor() {
    detail::pool_state* state = state_.get();  // stable across moves of the pool
    return executor(
        size(), [state](index_t n, const std::function<void(index_t)>& body) { detail::run_on_pool(*state, n, body); });
  }

 private:
  thread_pool(int size, detail::pool_state* state) noexcept : size_(size), state_(state) {}

  int size_;
  std::unique_ptr<detail::pool_state, detail::pool_stopper> state_;
};

NDRESIZE_END_NAMESPACE

#if !defined(NDRESIZE_COMPILED)
#include "detail/pool_state.hpp"
#endif
