// SPDX-License-Identifier: Apache-2.0
// plan_key: what a runtime keys its plan cache with. A plan depends on the operator version
// (not the opset: opsets 14-17 all mean Resize-13), the node's attributes, X's shape and the
// values of roi, scales and sizes — and on nothing else (not on X's data, strides or element
// type, nor on the CPU). Two calls of onnx::try_make_plan whose keys are equal make equal
// plans; the key holds those values exactly (floats by their bits), so unequal keys are
// different calls, never a hash collision. For an op/opset pair that names no version the key
// holds the opset itself (that plan fails anyway, with the same error each time).
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "../config.hpp"
#include "../shape.hpp"
#include "attribute_map.hpp"
#include "inputs.hpp"
#include "op_version.hpp"

NDRESIZE_BEGIN_NAMESPACE
namespace onnx {

/// A plan-cache key: compare with ==, hash with std::hash<ndresize::onnx::plan_key>.
struct plan_key {
  std::string bytes;  ///< an unambiguous serialization (lengths before contents)
  friend bool operator==(const plan_key&, const plan_key&) = default;
};

namespace detail {

struct key_writer {
  std::string& out;

  template <class T>
  void raw(const T& v) {
    static_assert(std::is_trivially_copyable_v<T>);
    const auto bytes = std::bit_cast<std::array<char, sizeof(T)>>(v);
    out.append(bytes.data(), bytes.size());
  }
  void count(std::size_t n) { raw(static_cast<std::uint64_t>(n)); }
  void text(std::string_view s) {
    count(s.size());
    out.append(s);
  }
  template <class T>
  void values(std::span<const T> s) {
    count(s.size());
    for (const T& v : s) raw(v);
  }
};

}  // namespace detail

/// The key of the node (op, opset, attrs) on X's shape with these inputs.
inline plan_key make_plan_key(std::string_view op, std::int64_t opset, const attribute_map& attrs, const dims& x_shape,
                              const resize_inputs& in) {
  plan_key key;
  detail::key_writer w{key.bytes};
  if (const auto v = try_version_for(op, opset); v.ok()) {
    w.raw(std::int64_t{0});
    w.raw(static_cast<std::int64_t>(*v));
  } else {
    w.raw(std::int64_t{1});
    w.text(op);
    w.raw(opset);
  }
  w.count(attrs.size());
  for (const auto& [name, value] : attrs) {  // a std::map: in name order
    w.text(name);
    w.raw(static_cast<std::uint64_t>(value.index()));
    std::visit(
        [&](const auto& x) {
          using X = std::decay_t<decltype(x)>;
          if constexpr (std::is_same_v<X, std::string>)
            w.text(x);
          else if constexpr (std::is_same_v<X, std::vector<std::int64_t>> || std::is_same_v<X, std::vector<float>>)
            w.values(std::span<const typename X::value_type>(x));
          else
            w.raw(x);
        },
        value);
  }
  w.count(static_cast<std::size_t>(x_shape.size()));
  for (int r = 0; r < x_shape.size(); ++r) w.raw(x_shape[r]);
  w.values(in.roi);
  w.values(in.scales);
  w.values(in.sizes);
  return key;
}

}  // namespace onnx
NDRESIZE_END_NAMESPACE

template <>
struct std::hash<ndresize::onnx::plan_key> {
  std::size_t operator()(const ndresize::onnx::plan_key& k) const noexcept { return std::hash<std::string>{}(k.bytes); }
};
