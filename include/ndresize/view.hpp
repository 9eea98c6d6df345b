// SPDX-License-Identifier: Apache-2.0
// Non-owning tensor views in mdspan vocabulary (data_handle(), extent(r), stride(r) in
// elements), an owning tensor, and their type-erased forms for runtimes that hold the element
// type as a value. Strides make NCHW, NHWC and strided slices one code path.
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>

#include "config.hpp"
#include "detail/checked_arithmetic.hpp"
#include "element.hpp"
#include "shape.hpp"

NDRESIZE_BEGIN_NAMESPACE

namespace detail {
/// Strides must give one value per axis.
inline status check_view_strides(const dims& extents, const dims& strides) {
  if (strides.size() != extents.size())
    return make_error(error_code::invalid_shape, "tensor_view",
                      "strides " + strides.to_string() + " do not match extents " + extents.to_string());
  return {};
}

/// Whether no two elements of a view with these extents and strides share an address (mdspan's
/// is_unique), by a sufficient rule that every dense, sliced, permuted or reversed layout meets:
/// with the axes of extent > 1 taken by increasing |stride|, each |stride| exceeds the largest
/// offset the smaller ones reach together. Conservative: an interleaving such as extents [3, 2]
/// with strides [2, 3] is unique but fails the rule (no tensor layout looks like that). Views
/// without elements are unique. Overflow-free: a sum that leaves int64 cannot be an offset of a
/// view that exists.
inline bool is_unique(const dims& extents, const dims& strides) noexcept {
  const int rank = extents.size();
  for (int d = 0; d < rank; ++d)
    if (extents[d] == 0) return true;
  int order[max_rank];
  int n = 0;
  for (int d = 0; d < rank; ++d)
    if (extents[d] > 1) order[n++] = d;
  auto magnitude = [&](int d) {  // |stride|, saturated (|INT64_MIN| is no offset of a real view)
    const index_t s = strides[d];
    return s == std::numeric_limits<index_t>::min() ? std::numeric_limits<index_t>::max() : (s < 0 ? -s : s);
  };
  for (int i = 1; i < n; ++i)  // insertion sort by |stride|: at most 16 axes
    for (int j = i; j > 0 && magnitude(order[j]) < magnitude(order[j - 1]); --j) std::swap(order[j], order[j - 1]);
  index_t reach = 0;  // the largest offset the axes so far reach together
  for (int i = 0; i < n; ++i) {
    const index_t step = magnitude(order[i]);
    if (step <= reach) return false;
    index_t span = 0;
    if (checked_mul(step, extents[order[i]] - 1, span) || checked_add(reach, span, reach)) return false;
  }
  return true;
}
}  // namespace detail

/// A view of a tensor of T with runtime rank. `T` may be const for inputs.
template <class T>
class tensor_view {
 public:
  using element_type = T;
  using value_type = std::remove_const_t<T>;

  tensor_view() = default;
  /// Row-major (C order) view.
  tensor_view(T* data, const dims& extents) noexcept
      : data_(data), extents_(extents), strides_(row_major_strides(extents)) {}
  /// Strided view; strides are in elements and may be any value (also 0 or negative). Strides
  /// of another length than the extents throw resize_error (without exceptions: abort; check
  /// them with try_make_view).
  tensor_view(T* data, const dims& extents, const dims& strides) : data_(data), extents_(extents), strides_(strides) {
    if (auto s = detail::check_view_strides(extents, strides); !s.ok()) detail::raise(s.error());
  }
  /// A view of const elements converts implicitly from a view of mutable ones.
  template <class U>
  requires(std::is_same_v<const U, T> && !std::is_same_v<U, T>) tensor_view(const tensor_view<U>& other)
  noexcept : data_(other.data_handle()), extents_(other.extents()), strides_(other.strides()) {}

  T* data_handle() const noexcept { return data_; }
  int rank() const noexcept { return extents_.size(); }
  index_t extent(int r) const noexcept { return extents_[r]; }
  index_t stride(int r) const noexcept { return strides_[r]; }
  const dims& extents() const noexcept { return extents_; }
  const dims& strides() const noexcept { return strides_; }
  index_t size() const noexcept { return checked_element_count(extents_); }

 private:
  T* data_ = nullptr;
  dims extents_;
  dims strides_;
};

/// The strided view tensor_view(data, extents, strides) makes, or the error it throws.
template <class T>
result<tensor_view<T>> try_make_view(T* data, const dims& extents, const dims& strides) {
  NDRESIZE_TRY(detail::check_view_strides(extents, strides));
  return tensor_view<T>(data, extents, strides);
}

/// An owning, row-major tensor (what the convenience calls return).
template <class T>
class tensor {
 public:
  tensor() = default;
  /// Throws resize_error (out_of_memory) when the elements cannot be allocated (without
  /// exceptions: aborts; try_make reports it instead).
  explicit tensor(const dims& extents) : extents_(extents) {
    if (auto s = allocate(); !s.ok()) detail::raise(s.error());
  }
  /// The tensor tensor(extents) makes, or the error it throws (the allocation does not throw).
  static result<tensor> try_make(const dims& extents) {
    tensor t;
    t.extents_ = extents;
    NDRESIZE_TRY(t.allocate());
    return t;
  }

  T* data() noexcept { return data_.get(); }
  const T* data() const noexcept { return data_.get(); }
  index_t size() const noexcept { return checked_element_count(extents_); }
  int rank() const noexcept { return extents_.size(); }
  index_t extent(int r) const noexcept { return extents_[r]; }
  const dims& extents() const noexcept { return extents_; }
  T& operator[](index_t i) noexcept { return data_[static_cast<std::size_t>(i)]; }
  const T& operator[](index_t i) const noexcept { return data_[static_cast<std::size_t>(i)]; }
  tensor_view<T> view() noexcept { return {data_.get(), extents_}; }
  tensor_view<const T> view() const noexcept { return {data_.get(), extents_}; }

 private:
  status allocate() {
    const index_t n = checked_element_count(extents_);
    if (n < 0 || static_cast<std::uint64_t>(n) > std::numeric_limits<std::size_t>::max() / sizeof(T))
      return make_error(error_code::invalid_shape, "tensor", "shape " + extents_.to_string() + " cannot be allocated");
    data_.reset(new (std::nothrow) T[static_cast<std::size_t>(n)]());
    if (!data_)
      return make_error(error_code::out_of_memory, "tensor",
                        "allocating " + std::to_string(n) + " elements of " + std::to_string(sizeof(T)) +
                            " bytes for shape " + extents_.to_string() + " failed");
    return {};
  }

  dims extents_;
  std::unique_ptr<T[]> data_;
};

/// Type-erased view: the element type is a runtime value, as inference runtimes hold tensors.
/// `Void` is `void` or `const void`.
template <class Void>
struct basic_any_tensor_view {
  element_type type = element_type::undefined;
  Void* data = nullptr;
  dims extents;
  dims strides;  ///< in elements; empty means row-major

  basic_any_tensor_view() = default;
  basic_any_tensor_view(element_type t, Void* d, const dims& e)
      : type(t), data(d), extents(e), strides(row_major_strides(e)) {}
  basic_any_tensor_view(element_type t, Void* d, const dims& e, const dims& s)
      : type(t), data(d), extents(e), strides(s) {}
  template <class T>
  basic_any_tensor_view(tensor_view<T> v)  // NOLINT: implicit by design
      : type(element_traits<std::remove_const_t<T>>::type),
        data(v.data_handle()),
        extents(v.extents()),
        strides(v.strides()) {}

  /// The typed view; the caller has checked `type`. Empty strides mean row-major; strides of
  /// another length than the extents are rejected (resize_error, invalid_shape), as the typed
  /// view rejects them (check_strides tells without throwing).
  template <class T>
  tensor_view<std::conditional_t<std::is_const_v<Void>, const T, T>> as() const {
    using E = std::conditional_t<std::is_const_v<Void>, const T, T>;
    return {static_cast<E*>(data), extents, strides.size() == 0 ? row_major_strides(extents) : strides};
  }
  /// Whether as<T>() accepts the strides; the error it throws otherwise.
  status check_strides() const { return strides.size() == 0 ? status{} : detail::check_view_strides(extents, strides); }
};
using any_tensor_view = basic_any_tensor_view<void>;
using any_const_tensor_view = basic_any_tensor_view<const void>;

NDRESIZE_END_NAMESPACE
