// SPDX-License-Identifier: Apache-2.0
// Resource limits checked while planning (and, for scratch, before executing), before anything
// is allocated: a hostile model (huge sizes, scales of 1e30, antialias at scale 1e-6, a huge
// axis that is not resized) gets resize_error, not bad_alloc. The defaults keep the worst
// accepted plan near half a GiB of tables and half a second of building on a small machine.
#pragma once

#include <cstddef>

#include "config.hpp"

NDRESIZE_BEGIN_NAMESPACE

struct plan_limits {
  /// Largest accepted output element count (default 2^36, 64 Gi elements). The output tensor
  /// is the caller's (or, for the convenience calls, returned to the caller).
  index_t max_output_elements = index_t{1} << 36;
  /// Largest number of filter evaluations while building the tables, over all axes (default
  /// 2^24). An upper bound of the taps the tables hold.
  index_t max_table_taps = index_t{1} << 24;
  /// Largest number of bytes the plan's tables may hold, estimated from above before building
  /// them (default 2^29, 512 MiB).
  std::size_t max_plan_bytes = std::size_t{1} << 29;
  /// Largest workspace one execute may take (default 2^30, 1 GiB): intermediate tensors of
  /// multi-pass resizes and per-work-item row buffers (see scratch_bytes).
  std::size_t max_scratch_bytes = std::size_t{1} << 30;
};

NDRESIZE_END_NAMESPACE
