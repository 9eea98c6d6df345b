// SPDX-License-Identifier: Apache-2.0
// The built-in thread pool's threads, locks and job (thread_pool.hpp holds a pointer to it).
// Included by thread_pool.hpp when header-only; with NDRESIZE_COMPILED it is compiled once in
// ndresize::compiled (src/thread_pool.cpp).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "../config.hpp"
#include "../thread_pool.hpp"

NDRESIZE_BEGIN_NAMESPACE
namespace detail {

struct pool_state {
  pool_state() = default;
  pool_state(const pool_state&) = delete;
  pool_state& operator=(const pool_state&) = delete;
  /// Stops and joins the workers started so far (also when starting a later one failed).
  ~pool_state() {
    {
      std::lock_guard lock(m_);
      stop_ = true;
    }
    wake_.notify_all();
    for (auto& w : workers_) w.join();
  }

  void start(int threads) {
    workers_.reserve(static_cast<std::size_t>(threads > 1 ? threads - 1 : 0));
    for (int t = 1; t < threads; ++t) workers_.emplace_back([this] { work(); });
  }

  void parallel_for(index_t n, const std::function<void(index_t)>& body) {
    std::lock_guard job_lock(job_m_);
    {
      std::lock_guard lock(m_);
      body_ = &body;
      n_ = n;
      next_.store(0);
      pending_ = n;
      ++generation_;
    }
    wake_.notify_all();
    drain();
    // Wait until every item ran and every worker left this job: only then may the job's
    // state be reset by the next call.
    std::unique_lock lock(m_);
    done_.wait(lock, [&] { return pending_ == 0 && active_ == 0; });
    body_ = nullptr;
  }

 private:
  void drain() {
    for (;;) {
      const index_t i = next_.fetch_add(1);
      if (i >= n_) return;
      (*body_)(i);
      std::lock_guard lock(m_);
      if (--pending_ == 0) done_.notify_all();
    }
  }
  void work() {
    std::uint64_t seen = 0;
    for (;;) {
      {
        std::unique_lock lock(m_);
        wake_.wait(lock, [&] { return stop_ || (generation_ != seen && body_ != nullptr); });
        if (stop_) return;
        seen = generation_;
        ++active_;
      }
      drain();
      std::lock_guard lock(m_);
      if (--active_ == 0) done_.notify_all();
    }
  }

  std::vector<std::thread> workers_;
  std::mutex job_m_, m_;
  std::condition_variable wake_, done_;
  const std::function<void(index_t)>* body_ = nullptr;
  index_t n_ = 0;
  std::atomic<index_t> next_{0};
  index_t pending_ = 0;
  int active_ = 0;
  std::uint64_t generation_ = 0;
  bool stop_ = false;
};

template <int>
result<pool_state*> try_start_pool(int threads) {
  auto start = [&]() -> result<pool_state*> {
    std::unique_ptr<pool_state> state(new pool_state);
    state->start(threads);  // on failure the state's destructor joins the workers started so far
    return state.release();
  };
#if NDRESIZE_EXCEPTIONS
  try {
    return start();
  } catch (const std::exception& e) {  // std::bad_alloc, or std::system_error from std::thread
    return make_error(error_code::out_of_memory, "thread_pool",
                      "starting " + std::to_string(threads) + " threads failed: " + e.what());
  }
#else
  return start();
#endif
}

template <int>
void stop_pool(pool_state* state) noexcept {
  delete state;
}

template <int>
void run_on_pool(pool_state& state, index_t n, const std::function<void(index_t)>& body) {
  state.parallel_for(n, body);
}

}  // namespace detail
NDRESIZE_END_NAMESPACE
