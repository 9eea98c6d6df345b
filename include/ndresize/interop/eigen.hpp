// SPDX-License-Identifier: Apache-2.0
// Eigen interop: zero-copy views of Eigen::Tensor, Eigen::TensorFixedSize and Eigen::TensorMap
// (unsupported/Eigen/CXX11/Tensor), and resize calls that return an Eigen::Tensor of the
// input's layout. Axis r of the Eigen tensor is axis r of the view in both layouts: a RowMajor
// tensor is the row-major view itself, a ColMajor tensor is the same logical tensor with
// reversed strides (stride 1 on axis 0). So `scales`, `sizes` and `axes` always name Eigen's
// own dimension order, and the kernels read the caller's memory in place.
#pragma once

#include <unsupported/Eigen/CXX11/Tensor>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <type_traits>
#include <utility>

#include "../config.hpp"
#include "../execute.hpp"
#include "../resize.hpp"

NDRESIZE_BEGIN_NAMESPACE
namespace interop {

namespace detail {
template <class X>
struct is_eigen_storage : std::false_type {};
template <class S, int Rank, int Options, class Index>
struct is_eigen_storage<Eigen::Tensor<S, Rank, Options, Index>> : std::true_type {};
template <class S, class Sizes, int Options, class Index>
struct is_eigen_storage<Eigen::TensorFixedSize<S, Sizes, Options, Index>> : std::true_type {};
template <class Plain, int Options, template <class> class MakePointer>
struct is_eigen_storage<Eigen::TensorMap<Plain, Options, MakePointer>> : std::true_type {};
}  // namespace detail

/// Eigen tensors that own or map contiguous memory (expressions and TensorRef are not: they
/// may have no memory to view; evaluate them into an Eigen::Tensor first).
template <class X>
concept eigen_tensor = detail::is_eigen_storage<std::remove_cvref_t<X>>::value &&
    gatherable<std::remove_cv_t<typename std::remove_cvref_t<X>::Scalar>>;

/// The element type a view of `X` has: const for a const Eigen::Tensor, and whatever the
/// map's pointer is for a TensorMap (a map is a view: its constness is in its Scalar).
template <eigen_tensor X>
using eigen_element_t = std::remove_pointer_t<decltype(std::declval<X&>().data())>;

/// The Eigen::Tensor a resize of `X` returns: same scalar, rank, layout and index type.
template <eigen_tensor X>
using eigen_result_t =
    Eigen::Tensor<std::remove_cv_t<typename std::remove_cvref_t<X>::Scalar>,
                  static_cast<int>(std::remove_cvref_t<X>::NumIndices),
                  static_cast<int>(std::remove_cvref_t<X>::Layout), typename std::remove_cvref_t<X>::Index>;

/// The extents of an Eigen tensor, in Eigen's dimension order.
template <eigen_tensor X>
dims extents_of(const X& x) {
  constexpr int rank = static_cast<int>(std::remove_cvref_t<X>::NumIndices);
  static_assert(rank <= max_rank, "the Eigen tensor has more dimensions than ndresize::max_rank");
  dims e;
  e.resize(rank);
  for (int r = 0; r < rank; ++r) e[r] = static_cast<index_t>(x.dimensions()[static_cast<std::size_t>(r)]);
  return e;
}

/// Element strides of an Eigen tensor's memory: row-major for RowMajor; for ColMajor the first
/// axis is contiguous and each later axis steps over all earlier ones.
template <eigen_tensor X>
dims strides_of(const X& x) {
  const dims e = extents_of(x);
  if constexpr (static_cast<int>(std::remove_cvref_t<X>::Layout) == static_cast<int>(Eigen::RowMajor)) {
    return row_major_strides(e);
  } else {
    // The row-major strides of the reversed extents, reversed (they saturate the same way
    // where no tensor of the shape could exist).
    dims reversed = e;
    std::reverse(reversed.begin(), reversed.end());
    dims s = row_major_strides(reversed);
    std::reverse(s.begin(), s.end());
    return s;
  }
}

/// A view of the Eigen tensor's own memory (no copy). Mutable for a non-const Eigen::Tensor
/// and for a TensorMap of non-const scalars; const otherwise.
template <eigen_tensor X>
tensor_view<eigen_element_t<X>> as_view(X& x) {
  return {x.data(), extents_of(x), strides_of(x)};
}

/// Runs `plan` on X into the caller's Y (any Eigen tensor or map of plan.output_shape(), any
/// layout; must not overlap X). With a reused workspace the call allocates nothing.
template <eigen_tensor X, eigen_tensor Y>
status try_execute(const resize_plan& plan, const X& x, Y&& y, workspace& ws) {
  using T = std::remove_cv_t<eigen_element_t<const X>>;
  static_assert(std::is_same_v<eigen_element_t<Y>, T>, "Y must be a mutable Eigen tensor of X's scalar type");
  return ndresize::try_execute<T>(plan, as_view(x), as_view(y), ws);
}

/// Runs `plan` on X into a new Eigen::Tensor of X's layout and plan.output_shape() (Eigen
/// allocates it: without exceptions, a failed allocation ends the program, as in Eigen).
template <eigen_tensor X>
result<eigen_result_t<X>> try_execute(const resize_plan& plan, const X& x, workspace& ws) {
  constexpr int rank = static_cast<int>(std::remove_cvref_t<X>::NumIndices);
  const dims& out = plan.output_shape();
  if (out.size() != rank)
    return make_error(
        error_code::invalid_shape, plan.context(),
        "the plan has rank " + std::to_string(out.size()) + " but the Eigen tensor has rank " + std::to_string(rank));
  // Eigen multiplies every extent into the tensor's own Index type (int for some users), also
  // when one is 0: refuse shapes where that product leaves the Index before Eigen sees them.
  using eigen_index = typename eigen_result_t<X>::Index;
  const auto index_max = static_cast<index_t>(std::numeric_limits<eigen_index>::max());
  index_t product = 1;
  for (index_t e : out)
    if (ndresize::detail::checked_mul(product, std::max<index_t>(e, 1), product) || product > index_max)
      return make_error(error_code::invalid_shape, plan.context(),
                        "an Eigen tensor of shape " + out.to_string() +
                            " cannot be built: its extents multiply beyond its Index type (largest " +
                            std::to_string(index_max) + ")");
  Eigen::array<typename eigen_result_t<X>::Index, static_cast<std::size_t>(rank)> extents;
  for (int r = 0; r < rank; ++r)
    extents[static_cast<std::size_t>(r)] = static_cast<typename eigen_result_t<X>::Index>(out[r]);
  eigen_result_t<X> y(extents);
  NDRESIZE_TRY(try_execute(plan, x, y, ws));
  return y;
}

template <eigen_tensor X>
result<eigen_result_t<X>> try_execute(const resize_plan& plan, const X& x) {
  workspace ws;
  return try_execute(plan, x, ws);
}

/// Resize-19 by `scales` (one per axis, or per entry of `a.axes`), returning an Eigen::Tensor
/// of X's layout.
template <eigen_tensor X>
result<eigen_result_t<X>> try_resize(const X& x, std::span<const float> scales, const resize_attributes& a = {}) {
  const result<resize_plan> plan = ndresize::try_make_plan(extents_of(x), a, {{}, scales, {}});
  if (!plan.ok()) return plan.error();
  return try_execute(*plan, x);
}

/// Resize-19 to `sizes` (one per axis, or per entry of `a.axes`), returning an Eigen::Tensor of
/// X's layout.
template <eigen_tensor X>
result<eigen_result_t<X>> try_resize(const X& x, std::span<const std::int64_t> sizes, const resize_attributes& a = {}) {
  const result<resize_plan> plan = ndresize::try_make_plan(extents_of(x), a, {{}, {}, sizes});
  if (!plan.ok()) return plan.error();
  return try_execute(*plan, x);
}

#if NDRESIZE_EXCEPTIONS
// The throwing forms: each is its try_ twin, throwing resize_error for its error.
template <eigen_tensor X, eigen_tensor Y>
void execute(const resize_plan& plan, const X& x, Y&& y, workspace& ws) {
  try_execute(plan, x, std::forward<Y>(y), ws).value();
}

template <eigen_tensor X>
eigen_result_t<X> execute(const resize_plan& plan, const X& x, workspace& ws) {
  return try_execute(plan, x, ws).value();
}

template <eigen_tensor X>
eigen_result_t<X> execute(const resize_plan& plan, const X& x) {
  return try_execute(plan, x).value();
}

template <eigen_tensor X>
eigen_result_t<X> resize(const X& x, std::span<const float> scales, const resize_attributes& a = {}) {
  return try_resize(x, scales, a).value();
}

template <eigen_tensor X>
eigen_result_t<X> resize(const X& x, std::span<const std::int64_t> sizes, const resize_attributes& a = {}) {
  return try_resize(x, sizes, a).value();
}
#endif

}  // namespace interop
NDRESIZE_END_NAMESPACE
