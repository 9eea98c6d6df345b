// SPDX-License-Identifier: Apache-2.0
// Replaces the global operator new/delete with malloc-based ones that count every allocation,
// so a program can show (or a test can assert) how many heap allocations a piece of code makes:
//   const long before = counted_allocations(); ...; counted_allocations() - before
// Replacement functions are defined once per program: include this header in exactly one
// translation unit. Every form of new is replaced, nothrow and aligned ones too (the standard
// library uses them, e.g. std::stable_sort), so that each pairs with its own delete.
#pragma once

#include <atomic>
#include <cstdlib>
#include <new>

// GCC cannot see that these replacements pair malloc with free.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif

namespace counting_operator_new {
inline std::atomic<long> count{0};
}  // namespace counting_operator_new

/// Heap allocations made through operator new since the program started.
inline long counted_allocations() { return counting_operator_new::count.load(std::memory_order_relaxed); }

void* operator new(std::size_t n) {
  counting_operator_new::count.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void* operator new(std::size_t n, std::align_val_t alignment) {
  counting_operator_new::count.fetch_add(1, std::memory_order_relaxed);
  const auto a = static_cast<std::size_t>(alignment);
  // aligned_alloc wants a size that is a nonzero multiple of the alignment
  if (void* p = std::aligned_alloc(a, n ? (n + a - 1) / a * a : a)) return p;
  throw std::bad_alloc();
}
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  try {
    return ::operator new(n);
  } catch (...) {
    return nullptr;
  }
}
void* operator new(std::size_t n, std::align_val_t alignment, const std::nothrow_t&) noexcept {
  try {
    return ::operator new(n, alignment);
  } catch (...) {
    return nullptr;
  }
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
