// SPDX-License-Identifier: Apache-2.0
// Parallelism: an executor runs `n` independent work items, possibly at once. Kernels split
// their work over output slices (rows, planes), never over a reduction, so every output
// element is computed by the same instructions whatever the split: results are bit-identical
// for any thread count. Sequential by default; a built-in thread pool, or the caller's own
// parallel_for (e.g. a runtime's intra-op pool).
#pragma once

#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "config.hpp"

NDRESIZE_BEGIN_NAMESPACE

class executor {
 public:
  /// Calls body(i) for every i in [0, n) and returns when all calls have returned.
  using parallel_for_fn = std::function<void(index_t n, const std::function<void(index_t)>& body)>;

  /// Sequential execution.
  executor() = default;
  /// `concurrency`: how many items may run at once (kernels make that many chunks).
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
