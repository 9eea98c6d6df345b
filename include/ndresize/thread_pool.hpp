// SPDX-License-Identifier: Apache-2.0
// The built-in thread pool: an executor for callers without a pool of their own. Its own
// header, so that a translation unit that runs on the caller's executor (or sequentially)
// does not parse the standard thread headers.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "config.hpp"
#include "executor.hpp"

NDRESIZE_BEGIN_NAMESPACE

/// A fixed pool of threads; the calling thread takes part, so `threads` = total workers.
class thread_pool {
 public:
  explicit thread_pool(int threads) {
    for (int t = 1; t < threads; ++t) workers_.emplace_back([this] { work(); });
  }
  thread_pool(const thread_pool&) = delete;
  thread_pool& operator=(const thread_pool&) = delete;
  ~thread_pool() {
    {
      std::lock_guard lock(m_);
      stop_ = true;
    }
    wake_.notify_all();
    for (auto& w : workers_) w.join();
  }

  int size() const noexcept { return static_cast<int>(workers_.size()) + 1; }

  /// Calls body(i) for i in [0, n) on the pool's threads (one job at a time per pool).
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

  executor get_executor() {
    return executor(size(), [this](index_t n, const std::function<void(index_t)>& body) { parallel_for(n, body); });
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

NDRESIZE_END_NAMESPACE
