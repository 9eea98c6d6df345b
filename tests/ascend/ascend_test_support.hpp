// SPDX-License-Identifier: Apache-2.0
// Helpers shared by the ResizeUpsampleTrilinear tests: tensors held as doubles for the
// references, copies into the two memory layouts (NCDHW row-major, NDHWC channels-last) that
// the operator must accept through strides, and error measures (absolute, and in units in the
// last place of 16-bit types, computed from the bit patterns' exponents).
#pragma once

#include <Eigen/Core>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include <ndresize/ascend/upsample_trilinear3d.hpp>

namespace ascend_test {

using ndresize::dims;
using ndresize::index_t;

enum class layout { ncdhw, ndhwc };
inline const char* to_string(layout l) { return l == layout::ncdhw ? "NCDHW" : "NDHWC"; }

/// Logical (N, C, D, H, W) extents and values in row-major order, held as doubles.
struct grid {
  std::array<index_t, 5> e{};
  std::vector<double> v;
  index_t offset(index_t n, index_t c, index_t d, index_t h, index_t w) const {
    return (((n * e[1] + c) * e[2] + d) * e[3] + h) * e[4] + w;
  }
  double at(index_t n, index_t c, index_t d, index_t h, index_t w) const {
    return v[static_cast<std::size_t>(offset(n, c, d, h, w))];
  }
  dims extents() const { return {e[0], e[1], e[2], e[3], e[4]}; }
};

inline dims strides_for(layout l, const dims& extents) {
  return l == layout::ncdhw ? ndresize::row_major_strides(extents) : ndresize::ascend::ndhwc_strides(extents);
}

/// Elements of T laid out as `l`, with a view over them.
template <class T>
struct stored {
  std::vector<T> data;
  dims extents, strides;
  ndresize::tensor_view<T> view() { return {data.data(), extents, strides}; }
  ndresize::tensor_view<const T> cview() const { return {data.data(), extents, strides}; }
  T& at(index_t n, index_t c, index_t d, index_t h, index_t w) {
    const index_t o = n * strides[0] + c * strides[1] + d * strides[2] + h * strides[3] + w * strides[4];
    return data[static_cast<std::size_t>(o)];
  }
};

/// Allocates (and fills with `fill`) a tensor of T of logical extents `e` in layout `l`.
template <class T>
stored<T> make_stored(layout l, const dims& e, T fill) {
  stored<T> s;
  s.extents = e;
  s.strides = strides_for(l, e);
  s.data.assign(static_cast<std::size_t>(ndresize::checked_element_count(e)), fill);
  return s;
}

/// g's values converted to T (exactly, when g holds T values) in layout l.
template <class T>
stored<T> store_as(layout l, const grid& g) {
  auto s = make_stored<T>(l, g.extents(), T(0));
  for (index_t n = 0; n < g.e[0]; ++n)
    for (index_t c = 0; c < g.e[1]; ++c)
      for (index_t d = 0; d < g.e[2]; ++d)
        for (index_t h = 0; h < g.e[3]; ++h)
          for (index_t w = 0; w < g.e[4]; ++w) s.at(n, c, d, h, w) = static_cast<T>(g.at(n, c, d, h, w));
  return s;
}

/// A stored tensor read back into a row-major grid of doubles.
template <class T>
grid load_grid(stored<T>& s) {
  grid g;
  for (int r = 0; r < 5; ++r) g.e[static_cast<std::size_t>(r)] = s.extents[r];
  g.v.resize(s.data.size());
  for (index_t n = 0; n < g.e[0]; ++n)
    for (index_t c = 0; c < g.e[1]; ++c)
      for (index_t d = 0; d < g.e[2]; ++d)
        for (index_t h = 0; h < g.e[3]; ++h)
          for (index_t w = 0; w < g.e[4]; ++w)
            g.v[static_cast<std::size_t>(g.offset(n, c, d, h, w))] = static_cast<double>(s.at(n, c, d, h, w));
  return g;
}

/// Significand bits (without the implicit one) and smallest normal exponent of T.
template <class T>
struct float_format;
template <>
struct float_format<Eigen::half> {
  static constexpr int mantissa = 10, min_exponent = -14;
};
template <>
struct float_format<Eigen::bfloat16> {
  static constexpr int mantissa = 7, min_exponent = -126;
};
template <>
struct float_format<float> {
  static constexpr int mantissa = 23, min_exponent = -126;
};
template <>
struct float_format<double> {
  static constexpr int mantissa = 52, min_exponent = -1022;
};

/// The spacing of T's values around `v` (one unit in the last place), subnormals included.
template <class T>
double ulp_of(double v) {
  int e = 0;
  std::frexp(v, &e);  // |v| in [2^(e-1), 2^e); 0 gives e = 0 but lies in the subnormal range
  const int exponent = v == 0.0 ? float_format<T>::min_exponent : std::max(e - 1, float_format<T>::min_exponent);
  return std::ldexp(1.0, exponent - float_format<T>::mantissa);
}

}  // namespace ascend_test
