// SPDX-License-Identifier: Apache-2.0
// Resource limits checked while planning, before anything is allocated: a hostile model
// (huge sizes, scales of 1e30, antialias at scale 1e-6) gets resize_error, not bad_alloc.
#pragma once

#include "config.hpp"

namespace ndresize {

struct plan_limits {
  /// Largest accepted output element count (default 2^36, 64 Gi elements).
  index_t max_output_elements = index_t{1} << 36;
  /// Largest total number of taps over all axis tables, and of filter evaluations while
  /// building them (default 2^28: a few GiB of tables at most).
  index_t max_table_taps = index_t{1} << 28;
};

}  // namespace ndresize
