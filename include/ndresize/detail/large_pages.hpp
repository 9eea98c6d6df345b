// SPDX-License-Identifier: Apache-2.0
// Large plan tables (up to plan_limits::max_plan_bytes, half a GiB) are written once, right
// after they are reserved. On Linux each 4 KiB page of fresh memory then costs a page fault,
// and on some virtual machines those faults take longer than computing the table itself
// (measured: 0.45 s of a 1.05 s worst-case plan). Asking for transparent huge pages on the
// reserved range makes that one fault per 2 MiB. Advice only: no effect on any value, and where
// the system has no such pages (or is not Linux) nothing happens.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "../config.hpp"

#if defined(__linux__)
#include <sys/mman.h>
#endif

NDRESIZE_BEGIN_NAMESPACE
namespace detail {

/// Reserves `n` elements in `v` and, when that spans whole 2 MiB pages, advises the kernel to
/// back them with huge pages.
template <class T>
void reserve_large(std::vector<T>& v, std::size_t n) {
  v.reserve(n);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  constexpr std::uintptr_t huge = std::uintptr_t{2} << 20;
  const auto begin = reinterpret_cast<std::uintptr_t>(v.data());
  const std::uintptr_t end = begin + v.capacity() * sizeof(T);
  const std::uintptr_t first = (begin + huge - 1) & ~(huge - 1), last = end & ~(huge - 1);
  if (first < last) madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
#endif
}

}  // namespace detail
NDRESIZE_END_NAMESPACE
