// SPDX-License-Identifier: Apache-2.0
// Nearest resizing of std::string copies strings, and a copy allocates: when an allocation fails
// the call returns out_of_memory (it once called std::terminate from inside a noexcept gather),
// on one thread and on a pool, and Y holds valid strings, each its old value or its result. This
// program replaces the global operator new: while armed, every request of exactly `failing_size`
// bytes (the buffer of a 1000-character string) throws std::bad_alloc.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

#include <ndresize/execute.hpp>
#include <ndresize/resize.hpp>
#include <ndresize/thread_pool.hpp>

// GCC cannot see that these replacements pair malloc with free.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif

namespace {
std::atomic<bool> armed{false};
constexpr std::size_t failing_size = 1001;  // 1000 characters and the terminating NUL
}  // namespace

void* operator new(std::size_t n) {
  if (armed.load(std::memory_order_relaxed) && n == failing_size) throw std::bad_alloc();
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace {

namespace nd = ndresize;

struct disarm {
  ~disarm() { armed = false; }
};

void check(const nd::executor& ex) {
  const nd::dims in{2, 2};
  std::vector<std::string> x = {std::string(1000, 'a'), std::string(1000, 'b'), std::string(1000, 'c'),
                                std::string(1000, 'd')};
  const nd::resize_plan plan = nd::make_plan(in, {}, {{}, std::vector<float>{2, 2}, {}});
  std::vector<std::string> y(16, "old");
  nd::workspace ws;
  nd::status s;
  {
    disarm guard;
    armed = true;
    s = nd::try_execute<std::string>(plan, {x.data(), in}, {y.data(), plan.output_shape()}, ws, ex);
  }
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code, nd::error_code::out_of_memory);
  EXPECT_NE(s.error().message.find("ran out of memory"), std::string::npos) << s.error().message;
  // Nothing could be copied, so every element kept its value.
  EXPECT_EQ(y, std::vector<std::string>(16, "old"));
  // Disarmed, the same call succeeds: nearest 2x of [[a, b], [c, d]].
  ASSERT_TRUE(nd::try_execute<std::string>(plan, {x.data(), in}, {y.data(), plan.output_shape()}, ws, ex).ok());
  const char expected[16] = {'a', 'a', 'b', 'b', 'a', 'a', 'b', 'b', 'c', 'c', 'd', 'd', 'c', 'c', 'd', 'd'};
  for (std::size_t i = 0; i < 16; ++i) EXPECT_EQ(y[i], std::string(1000, expected[i])) << i;
}

TEST(StringCopyFailure, IsOutOfMemoryOnOneThread) { check({}); }

TEST(StringCopyFailure, IsOutOfMemoryOnAPool) {
  nd::thread_pool pool(3);
  check(pool.get_executor());
}

TEST(StringCopyFailure, ShortStringsNeedNoAllocation) {
  // Strings within the small-string buffer copy without allocating: armed or not, they resize.
  const nd::dims in{2};
  std::vector<std::string> x = {"p", "q"};
  std::vector<std::string> y(4);
  const nd::resize_plan plan = nd::make_plan(in, {}, {{}, std::vector<float>{2}, {}});
  disarm guard;
  armed = true;
  EXPECT_TRUE(nd::try_execute<std::string>(plan, {x.data(), in}, {y.data(), plan.output_shape()}).ok());
  EXPECT_EQ(y, (std::vector<std::string>{"p", "p", "q", "q"}));
}

}  // namespace
