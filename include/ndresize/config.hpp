// SPDX-License-Identifier: Apache-2.0
// Compile-time configuration: namespace macros and the library's hard limits.
#pragma once

#include <cstddef>
#include <cstdint>

#include "version.hpp"

namespace ndresize {

/// The largest tensor rank accepted. Views keep their extents inline, so the limit is a
/// compile-time constant; deeper tensors are rejected with resize_error, never truncated.
inline constexpr int max_rank = 16;

/// Signed index type used for extents, strides and offsets (as ONNX's int64 shapes).
using index_t = std::int64_t;

}  // namespace ndresize
