// SPDX-License-Identifier: Apache-2.0
// The built-in thread pool's threads, locks and job (thread_pool.hpp holds a pointer to it).
// Included by thread_pool.hpp when header-only; with NDRESIZE_COMPILED it is compiled once in
// ndresize::compiled (src/thread_pool.cpp).
#pragma once

#include <atomic>
#include <chrono>
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
#include "cpu.hpp"
#include "kernels/tuning.hpp"

NDRESIZE_BEGIN_NAMESPACE
namespace detail {

/// Polls `done` for up to tuning::pool_spin_microseconds; whether it became true.
template <class Done>
bool spin_until(Done done) noexcept {
  const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(tuning::pool_spin_microseconds);
  for (;;) {
    for (int i = 0; i < 64; ++i) {
      if (done()) return true;
      cpu_relax();
    }
    if (std::chrono::steady_clock::now() >= until) return done();
  }
}

/// One job at a time: parallel_for publishes it (generation_), runs items itself and returns once
/// every item ran and every worker left it. Workers and the caller poll before they block
/// (spin_until): back-to-back calls, such as a model's consecutive operators, then hand work
/// over without a wake-up through the kernel.
struct pool_state {
  pool_state() = default;
  pool_state(const pool_state&) = delete;
  pool_state& operator=(const pool_state&) = delete;
  /// Stops and joins the workers started so far (also when starting a later one failed).
  ~pool_state() {
    {
      std::lock_guard lock(m_);
      stop_.store(true);
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
      pending_.store(n);
      generation_.fetch_add(1);
    }
    wake_.notify_all();
    drain();
    // Wait until every item ran and every worker left this job: only then may the job's
    // state be reset by the next call. A worker joins under m_ only while body_ is set, so
    // once this thread clears it under m_ no worker can still enter the job.
    const auto finished = [&] { return pending_.load() == 0 && active_.load() == 0; };
    spin_until(finished);
    std::unique_lock lock(m_);
    done_.wait(lock, finished);
    body_ = nullptr;
  }

 private:
  void drain() {
    for (;;) {
      const index_t i = next_.fetch_add(1);
      if (i >= n_) return;
      (*body_)(i);
      if (pending_.fetch_sub(1) == 1) notify_done();
    }
  }
  void notify_done() {
    std::lock_guard lock(m_);  // so a caller between its check and its wait cannot miss it
    done_.notify_all();
  }
  void work() {
    std::uint64_t seen = 0;
    for (;;) {
      const bool moved = spin_until([&] { return stop_.load() || generation_.load() != seen; });
      {
        std::unique_lock lock(m_);
        if (!moved) wake_.wait(lock, [&] { return stop_.load() || generation_.load() != seen; });
        if (stop_.load()) return;
        seen = generation_.load();
        if (body_ == nullptr) continue;  // that job ended before this thread came: the next one
        active_.fetch_add(1);
      }
      drain();
      if (active_.fetch_sub(1) == 1) notify_done();
    }
  }

  std::vector<std::thread> workers_;
  std::mutex job_m_, m_;
  std::condition_variable wake_, done_;
  const std::function<void(index_t)>* body_ = nullptr;  // under m_
  index_t n_ = 0;
  std::atomic<index_t> next_{0}, pending_{0};
  std::atomic<int> active_{0};
  std::atomic<std::uint64_t> generation_{0};  // written under m_
  std::atomic<bool> stop_{false};             // written under m_
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
