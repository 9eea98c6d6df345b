// SPDX-License-Identifier: Apache-2.0
// Replaces the global operator new/delete with malloc-based ones that count every allocation
// and the bytes held, so a program can show (or a test can assert) how many heap allocations a
// piece of code makes, or how much memory it holds at its peak:
//   const long before = counted_allocations(); ...; counted_allocations() - before
//   reset_peak_bytes(); ...; counted_peak_bytes() - bytes_before   (the most held at once)
// Replacement functions are defined once per program: include this header in exactly one
// translation unit. Every form of new is replaced, nothrow and aligned ones too (the standard
// library uses them, e.g. std::stable_sort), so that each pairs with its own delete. Each block
// carries its size in a header just before the returned pointer (unsized delete needs it).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <new>

// GCC cannot see that these replacements pair malloc with free.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif

namespace counting_operator_new {
inline std::atomic<long> count{0};
inline std::atomic<long long> live{0};
inline std::atomic<long long> peak{0};

/// Header in front of a plain block: the default new alignment keeps the user pointer aligned.
inline constexpr std::size_t plain_header = __STDCPP_DEFAULT_NEW_ALIGNMENT__;

inline void held(std::size_t n) {
  count.fetch_add(1, std::memory_order_relaxed);
  const long long now =
      live.fetch_add(static_cast<long long>(n), std::memory_order_relaxed) + static_cast<long long>(n);
  long long p = peak.load(std::memory_order_relaxed);
  while (now > p && !peak.compare_exchange_weak(p, now, std::memory_order_relaxed)) {
  }
}

/// Allocates n bytes behind a header of `header` bytes (a power of two >= sizeof(size_t)) that
/// records n; aligned to `header`.
inline void* allocate(std::size_t n, std::size_t header) {
  if (n > static_cast<std::size_t>(-1) - 2 * header) return nullptr;
  const std::size_t total = (n + 2 * header - 1) / header * header;  // header + n, rounded up
  auto* base =
      static_cast<unsigned char*>(header <= plain_header ? std::malloc(total) : std::aligned_alloc(header, total));
  if (!base) return nullptr;
  *reinterpret_cast<std::size_t*>(base + header - sizeof(std::size_t)) = n;
  held(n);
  return base + header;
}

// Not inlined: inlined into a delete whose block GCC saw allocated, the header read in front of
// the user pointer looks like an out-of-bounds read to its -Warray-bounds (a false positive).
#if defined(__GNUC__)
#define COUNTING_OPERATOR_NEW_NOINLINE __attribute__((noinline))
#else
#define COUNTING_OPERATOR_NEW_NOINLINE
#endif
COUNTING_OPERATOR_NEW_NOINLINE inline void release(void* p, std::size_t header) noexcept {
  if (!p) return;
  auto* user = static_cast<unsigned char*>(p);
  const std::size_t n = *reinterpret_cast<std::size_t*>(user - sizeof(std::size_t));
  live.fetch_sub(static_cast<long long>(n), std::memory_order_relaxed);
  std::free(user - header);
}

inline std::size_t aligned_header(std::align_val_t a) noexcept {
  return std::max(static_cast<std::size_t>(a), plain_header);
}
}  // namespace counting_operator_new

/// Heap allocations made through operator new since the program started.
inline long counted_allocations() { return counting_operator_new::count.load(std::memory_order_relaxed); }
/// Bytes held now by blocks from operator new.
inline long long counted_live_bytes() { return counting_operator_new::live.load(std::memory_order_relaxed); }
/// The most bytes held at once since the program started or the last reset_peak_bytes().
inline long long counted_peak_bytes() { return counting_operator_new::peak.load(std::memory_order_relaxed); }
/// Starts a new peak measurement from the bytes held now.
inline void reset_peak_bytes() { counting_operator_new::peak.store(counted_live_bytes(), std::memory_order_relaxed); }

void* operator new(std::size_t n) {
  if (void* p = counting_operator_new::allocate(n, counting_operator_new::plain_header)) return p;
  throw std::bad_alloc();
}
void* operator new(std::size_t n, std::align_val_t alignment) {
  if (void* p = counting_operator_new::allocate(n, counting_operator_new::aligned_header(alignment))) return p;
  throw std::bad_alloc();
}
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  return counting_operator_new::allocate(n, counting_operator_new::plain_header);
}
void* operator new(std::size_t n, std::align_val_t alignment, const std::nothrow_t&) noexcept {
  return counting_operator_new::allocate(n, counting_operator_new::aligned_header(alignment));
}
void operator delete(void* p) noexcept { counting_operator_new::release(p, counting_operator_new::plain_header); }
void operator delete(void* p, std::size_t) noexcept {
  counting_operator_new::release(p, counting_operator_new::plain_header);
}
void operator delete(void* p, std::align_val_t a) noexcept {
  counting_operator_new::release(p, counting_operator_new::aligned_header(a));
}
void operator delete(void* p, std::size_t, std::align_val_t a) noexcept {
  counting_operator_new::release(p, counting_operator_new::aligned_header(a));
}
void operator delete(void* p, const std::nothrow_t&) noexcept {
  counting_operator_new::release(p, counting_operator_new::plain_header);
}
void operator delete(void* p, std::align_val_t a, const std::nothrow_t&) noexcept {
  counting_operator_new::release(p, counting_operator_new::aligned_header(a));
}
