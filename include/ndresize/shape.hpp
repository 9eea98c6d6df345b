// SPDX-License-Identifier: Apache-2.0
// `dims`: a rank plus up to max_rank int64 values kept inline (extents or strides). Shapes
// are small and copied often; an inline array keeps views and plans allocation-free.
#pragma once

#include <algorithm>
#include <array>
#include <initializer_list>
#include <limits>
#include <span>
#include <string>

#include "config.hpp"
#include "detail/checked_arithmetic.hpp"
#include "error.hpp"

NDRESIZE_BEGIN_NAMESPACE

class dims {
 public:
  constexpr dims() = default;
  /// Throws resize_error (invalid_shape) when more than max_rank values are given (without
  /// exceptions: aborts; try_make_dims reports it instead).
  dims(std::span<const index_t> values) { assign(values); }
  dims(std::initializer_list<index_t> values) { assign({values.begin(), values.size()}); }

  constexpr int size() const noexcept { return size_; }
  constexpr index_t operator[](int i) const noexcept { return v_[static_cast<std::size_t>(i)]; }
  constexpr index_t& operator[](int i) noexcept { return v_[static_cast<std::size_t>(i)]; }
  constexpr const index_t* begin() const noexcept { return v_.data(); }
  constexpr const index_t* end() const noexcept { return v_.data() + size_; }
  constexpr index_t* begin() noexcept { return v_.data(); }
  constexpr index_t* end() noexcept { return v_.data() + size_; }
  constexpr operator std::span<const index_t>() const noexcept { return {v_.data(), static_cast<std::size_t>(size_)}; }
  constexpr std::span<const index_t> span() const noexcept { return *this; }

  void resize(int n) {
    if (n < 0 || n > max_rank) detail::raise(rank_error(n));
    size_ = n;
  }
  /// Why a rank of `n` values cannot be held.
  static error rank_error(int n) {
    return make_error(error_code::invalid_shape, "tensor",
                      "rank " + std::to_string(n) + " exceeds the supported maximum " + std::to_string(max_rank));
  }

  friend constexpr bool operator==(const dims& a, const dims& b) noexcept {
    return a.size_ == b.size_ && std::equal(a.begin(), a.end(), b.begin());
  }

  std::string to_string() const {
    std::string s = "[";
    for (int i = 0; i < size_; ++i) s += (i ? ", " : "") + std::to_string(v_[static_cast<std::size_t>(i)]);
    return s + "]";
  }

 private:
  void assign(std::span<const index_t> values) {
    resize(static_cast<int>(std::min<std::size_t>(values.size(), std::numeric_limits<int>::max())));
    std::copy_n(values.begin(), size_, v_.begin());
  }
  std::array<index_t, max_rank> v_{};
  int size_ = 0;
};

/// The dims of `values`, or the error dims(values) throws (more than max_rank values).
inline result<dims> try_make_dims(std::span<const index_t> values) {
  if (values.size() > static_cast<std::size_t>(max_rank))
    return dims::rank_error(static_cast<int>(std::min<std::size_t>(values.size(), std::numeric_limits<int>::max())));
  return dims(values);
}

/// Row-major (C order) element strides for `extents`.
inline dims row_major_strides(const dims& extents) noexcept {
  dims s = extents;  // same rank; every value is overwritten below
  index_t step = 1;
  for (int i = extents.size() - 1; i >= 0; --i) {
    s[i] = step;
    // A shape with more elements than index_t counts (no tensor of it fits in memory; plans
    // reject it) saturates instead of overflowing; the outermost product is never needed.
    if (i > 0 && detail::checked_mul(step, std::max<index_t>(extents[i], 1), step))
      step = std::numeric_limits<index_t>::max();
  }
  return s;
}

/// Product of extents, or -1 when it does not fit in index_t.
inline index_t checked_element_count(const dims& extents) noexcept {
  index_t n = 1;
  for (index_t e : extents) {
    if (e < 0) return -1;
    if (e != 0 && n > std::numeric_limits<index_t>::max() / e) {
      // keep scanning: a later zero extent still makes the product 0
      for (index_t z : extents)
        if (z == 0) return 0;
      return -1;
    }
    n *= e;
  }
  return n;
}

namespace detail {
/// For every planner (ONNX, Ascend, resample): the message for an input shape with more
/// elements than int64 can count, or "" when it counts. No memory holds such a tensor, and
/// rejecting it keeps every intermediate shape of a plan countable.
inline std::string uncountable_input(const dims& shape, const char* input) {
  if (checked_element_count(shape) >= 0) return {};
  return std::string("input '") + input + "' shape " + shape.to_string() + " has more elements than int64 can count";
}
}  // namespace detail

NDRESIZE_END_NAMESPACE
