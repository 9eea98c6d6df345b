// SPDX-License-Identifier: Apache-2.0
// The cases both translation units of disabled_targets_test run, each with its own copy of the
// library: disabled_targets_test.cpp with every target, disabled_targets_masked.cpp with
// NDRESIZE_DISABLED_TARGETS. Each case's output comes back as bytes, so the two copies (whose
// types live in different inline namespaces) can be compared.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <ndresize/ndresize.hpp>

#include "support/random_case.hpp"  // naive::random_source

namespace {

using bytes = std::vector<unsigned char>;

template <class T>
bytes resize_bytes(ndresize::dims in, ndresize::resize_attributes attrs, std::vector<std::int64_t> sizes,
                   unsigned seed) {
  naive::random_source r(seed);
  std::vector<T> x(static_cast<std::size_t>(ndresize::checked_element_count(in)));
  for (auto& e : x) {
    if constexpr (std::is_integral_v<T>)
      e = static_cast<T>(r.bits());
    else
      e = static_cast<T>(r.uniform(-100, 100));
  }
  const auto plan = ndresize::make_plan(in, attrs, {{}, {}, sizes});
  std::vector<T> y(static_cast<std::size_t>(plan.output_size()));
  ndresize::workspace ws;
  ndresize::execute<T>(plan, ndresize::tensor_view<const T>(x.data(), in),
                       ndresize::tensor_view<T>(y.data(), plan.output_shape()), ws);
  bytes b(y.size() * sizeof(T));
  std::memcpy(b.data(), y.data(), b.size());
  return b;
}

ndresize::resize_attributes attributes(ndresize::enums::mode m, bool antialias = false,
                                       std::vector<std::int64_t> axes = {}) {
  ndresize::resize_attributes a;
  a.mode = m;
  a.antialias = antialias;
  if (!axes.empty()) a.axes = axes;
  return a;
}

/// One output per kernel family and element type the targets specialize: float rows and
/// columns, channels-last 8-bit pixels, integer stores, 3-D, and the 4-byte nearest gather.
std::vector<bytes> every_case() {
  using ndresize::enums::mode;
  return {
      resize_bytes<float>({2, 3, 97, 131}, attributes(mode::linear), {2, 3, 23, 29}, 1),
      resize_bytes<float>({1, 2, 19, 33}, attributes(mode::cubic), {1, 2, 40, 70}, 2),
      resize_bytes<float>({1, 1, 64, 90}, attributes(mode::cubic, true), {1, 1, 20, 33}, 3),
      resize_bytes<std::uint8_t>({61, 77, 3}, attributes(mode::linear, false, {0, 1}), {20, 19}, 4),
      resize_bytes<std::uint8_t>({21, 17, 4}, attributes(mode::linear, true, {0, 1}), {40, 50}, 5),
      resize_bytes<std::int8_t>({1, 3, 40, 57}, attributes(mode::linear), {1, 3, 81, 30}, 6),
      resize_bytes<float>({1, 2, 9, 14, 17}, attributes(mode::linear), {1, 2, 18, 28, 34}, 7),
      resize_bytes<float>({2, 5, 33, 47}, attributes(mode::nearest), {2, 5, 66, 94}, 8),
  };
}

/// The targets, in an order both copies share (their isa types differ).
constexpr ndresize::isa targets[] = {ndresize::isa::generic, ndresize::isa::sse4, ndresize::isa::avx2,
                                     ndresize::isa::avx512, ndresize::isa::neon};

}  // namespace
