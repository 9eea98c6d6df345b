// SPDX-License-Identifier: Apache-2.0
// axis_array<T>: one value per axis (at most max_rank), indexed by the int axis numbers the
// library uses everywhere (ranks and axes are ints, as in mdspan's rank_type loops). A
// std::array indexed by int converts the index to size_t at every use, which a runtime's
// -Wsign-conversion reports in our users' builds; here the conversion is made once.
#pragma once

#include <array>
#include <cstddef>

#include "../config.hpp"

NDRESIZE_BEGIN_NAMESPACE
namespace detail {

template <class T>
struct axis_array {
  std::array<T, max_rank> values{};

  constexpr T& operator[](int axis) noexcept { return values[static_cast<std::size_t>(axis)]; }
  constexpr const T& operator[](int axis) const noexcept { return values[static_cast<std::size_t>(axis)]; }
  constexpr T* data() noexcept { return values.data(); }
  constexpr const T* data() const noexcept { return values.data(); }
  constexpr auto begin() noexcept { return values.begin(); }
  constexpr auto end() noexcept { return values.end(); }
  constexpr auto begin() const noexcept { return values.begin(); }
  constexpr auto end() const noexcept { return values.end(); }
  friend constexpr bool operator==(const axis_array&, const axis_array&) = default;
};

}  // namespace detail
NDRESIZE_END_NAMESPACE
