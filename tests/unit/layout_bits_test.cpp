// SPDX-License-Identifier: Apache-2.0
// Layout-independent bits (nearest, linear and cubic): one logical tensor stored row-major (NCHW), channels-last (NHWC
// by strides), column-major, as a padded slice of a larger buffer, with axes walked backwards, or as an Eigen ColMajor
// tensor gives the same output bits, on every CPU target and thread count. The pass order (and with it every rounding)
// depends on logical shapes only; fusing the last two passes is a speed choice that the layout may allow or not.
#include <gtest/gtest.h>
#include <Eigen/Core>

#include <complex>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <unsupported/Eigen/CXX11/Tensor>
#include <vector>

#include <ndresize/interop/eigen.hpp>
#include <ndresize/ndresize.hpp>

namespace nd = ndresize;

namespace {

/// Where a tensor of `extents` lives: axes in `order` from outermost to innermost, `gap` extra
/// elements after each axis (a slice of a larger buffer), `reversed` axes walked backwards.
struct layout {
  std::string name;
  std::vector<int> order;
  nd::index_t gap = 0;
  std::vector<int> reversed;
};

struct placed {
  std::vector<nd::index_t> strides;
  nd::index_t offset = 0, span = 0;  ///< first element's position, buffer length
};

placed place(const nd::dims& e, const layout& l) {
  placed p;
  p.strides.assign(static_cast<std::size_t>(e.size()), 0);
  nd::index_t step = 1;
  for (auto it = l.order.rbegin(); it != l.order.rend(); ++it) {
    p.strides[static_cast<std::size_t>(*it)] = step;
    step = step * std::max<nd::index_t>(e[*it], 1) + l.gap;
  }
  p.span = step;
  for (int d : l.reversed) {
    p.offset += (std::max<nd::index_t>(e[d], 1) - 1) * p.strides[static_cast<std::size_t>(d)];
    p.strides[static_cast<std::size_t>(d)] = -p.strides[static_cast<std::size_t>(d)];
  }
  return p;
}

/// Calls f(row-major index, offset in layout p) for every element of `e`.
template <class F>
void for_each_element(const nd::dims& e, const placed& p, F&& f) {
  const nd::index_t n = nd::checked_element_count(e);
  std::vector<nd::index_t> o(static_cast<std::size_t>(e.size()), 0);
  for (nd::index_t i = 0; i < n; ++i) {
    nd::index_t off = p.offset;
    for (int d = 0; d < e.size(); ++d) off += o[static_cast<std::size_t>(d)] * p.strides[static_cast<std::size_t>(d)];
    f(i, off);
    for (int d = e.size() - 1; d >= 0; --d) {
      if (++o[static_cast<std::size_t>(d)] < e[d]) break;
      o[static_cast<std::size_t>(d)] = 0;
    }
  }
}

nd::dims as_dims(const std::vector<nd::index_t>& v) {
  nd::dims d;
  d.resize(static_cast<int>(v.size()));
  for (int i = 0; i < d.size(); ++i) d[i] = v[static_cast<std::size_t>(i)];
  return d;
}

std::vector<layout> layouts(int rank) {
  std::vector<int> row(static_cast<std::size_t>(rank)), last(row), col(row);
  for (int d = 0; d < rank; ++d) row[static_cast<std::size_t>(d)] = d;
  col.assign(row.rbegin(), row.rend());
  last.clear();  // channels-last: axis 1 innermost
  for (int d = 0; d < rank; ++d)
    if (d != 1) last.push_back(d);
  last.push_back(1);
  return {{"row-major", row, 0, {}},
          {"channels-last", last, 0, {}},
          {"column-major", col, 0, {}},
          {"padded slice", row, 3, {}},
          {"channels-last slice", last, 2, {}},
          {"backwards", row, 0, {0, rank - 1}},
          {"column-major backwards", col, 1, {rank - 2}}};
}

template <class T>
T random_value(std::mt19937_64& r) {
  const double v = static_cast<double>(r() % 20001) / 64.0 - 156.0;
  if constexpr (std::is_same_v<T, std::complex<float>>)
    return {static_cast<float>(v), static_cast<float>(static_cast<double>(r() % 2001) / 8.0 - 125.0)};
  else if constexpr (std::is_integral_v<T>)
    return static_cast<T>(static_cast<std::int64_t>(r() % 65536) - (std::is_unsigned_v<T> ? 0 : 32768));
  else
    return static_cast<T>(v);
}

/// A random Resize-19 node over a random shape: ranks 2–5, the two innermost axes up to 40.
struct layout_case {
  nd::dims in;
  std::vector<std::int64_t> sizes;
  nd::resize_attributes a;
};

layout_case random_layout_case(std::mt19937_64& r) {
  layout_case c;
  const int rank = 2 + static_cast<int>(r() % 4);
  c.in.resize(rank);
  for (int d = 0; d < rank; ++d) {
    c.in[d] = 1 + static_cast<nd::index_t>(r() % (d >= rank - 2 ? 40 : 5));
    const bool resized = r() % 4 != 0;
    c.sizes.push_back(resized ? std::max<std::int64_t>(1, c.in[d] * static_cast<std::int64_t>(1 + r() % 300) / 100)
                              : c.in[d]);
  }
  c.a.mode = static_cast<nd::enums::mode>(r() % 3);
  c.a.coordinate_transformation_mode = static_cast<nd::enums::coordinate_transformation_mode>(r() % 5);
  if (c.a.mode != nd::enums::mode::nearest) c.a.antialias = static_cast<std::int64_t>(r() % 2);
  return c;
}

/// Runs `plan` with X and Y in layout `l`; returns Y in row-major order.
template <class T>
std::vector<T> run_in(const nd::resize_plan& plan, const std::vector<T>& x_rm, const layout& l,
                      const nd::executor& ex) {
  const placed px = place(plan.input_shape(), l), py = place(plan.output_shape(), l);
  std::vector<T> x(static_cast<std::size_t>(px.span)), y(static_cast<std::size_t>(py.span));
  for_each_element(plan.input_shape(), px, [&](nd::index_t i, nd::index_t off) {
    x[static_cast<std::size_t>(off)] = x_rm[static_cast<std::size_t>(i)];
  });
  nd::workspace ws;
  nd::execute<T>(plan, nd::tensor_view<const T>(x.data() + px.offset, plan.input_shape(), as_dims(px.strides)),
                 nd::tensor_view<T>(y.data() + py.offset, plan.output_shape(), as_dims(py.strides)), ws, ex);
  std::vector<T> out(static_cast<std::size_t>(nd::checked_element_count(plan.output_shape())));
  for_each_element(plan.output_shape(), py, [&](nd::index_t i, nd::index_t off) {
    out[static_cast<std::size_t>(i)] = y[static_cast<std::size_t>(off)];
  });
  return out;
}

template <class T>
bool same_bits(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}

template <class T>
void check_layouts(int cases, std::uint64_t seed) {
  nd::thread_pool pool(2);
  const nd::executor threads = pool.get_executor();
  int differing = 0, runs = 0;
  for (int i = 0; i < cases; ++i) {
    std::mt19937_64 r(seed + static_cast<std::uint64_t>(i));
    const layout_case c = random_layout_case(r);
    const nd::resize_plan plan = nd::make_plan(c.in, c.a, {{}, {}, c.sizes});
    std::vector<T> x(static_cast<std::size_t>(nd::checked_element_count(c.in)));
    for (auto& v : x) v = random_value<T>(r);
    nd::set_max_isa(nd::isa::generic);
    const std::vector<T> expected = run_in(plan, x, layouts(c.in.size())[0], nd::executor{});
    for (const nd::isa target : {nd::isa::generic, nd::isa::sse4, nd::isa::avx2, nd::isa::avx512, nd::isa::neon}) {
      nd::set_max_isa(target);
      for (const layout& l : layouts(c.in.size()))
        for (const nd::executor* ex : {&threads, static_cast<const nd::executor*>(nullptr)}) {
          ++runs;
          const auto got = run_in(plan, x, l, ex ? *ex : nd::executor{});
          if (!same_bits(got, expected)) {
            ++differing;
            ADD_FAILURE() << "case " << i << " " << c.in.to_string() << " layout " << l.name << " target "
                          << static_cast<int>(target) << (ex ? " 2 threads" : " 1 thread");
          }
        }
    }
  }
  nd::set_max_isa(nd::isa::avx512);
  EXPECT_EQ(differing, 0) << "of " << runs << " runs";
  EXPECT_GT(runs, cases * 20);
}

}  // namespace

TEST(LayoutBits, FloatIsTheSameInEveryLayout) { check_layouts<float>(60, 100); }
TEST(LayoutBits, Uint8IsTheSameInEveryLayout) { check_layouts<std::uint8_t>(60, 200); }
TEST(LayoutBits, DoubleIsTheSameInEveryLayout) { check_layouts<double>(40, 300); }
TEST(LayoutBits, HalfIsTheSameInEveryLayout) { check_layouts<Eigen::half>(40, 400); }
TEST(LayoutBits, Int16IsTheSameInEveryLayout) { check_layouts<std::int16_t>(40, 500); }
TEST(LayoutBits, Complex64IsTheSameInEveryLayout) { check_layouts<std::complex<float>>(20, 600); }

// The case of the architecture review: an NCHW tensor and the same values as an Eigen
// ColMajor tensor (and as an NHWC view) resized by a plan whose last two passes fuse only in
// row-major order.
TEST(LayoutBits, EigenColMajorMatchesRowMajor) {
  const nd::dims in{2, 3, 17, 29};
  nd::resize_attributes a;
  a.mode = nd::enums::mode::cubic;
  a.antialias = 1;
  const std::vector<std::int64_t> sizes{2, 3, 11, 64};
  const nd::resize_plan plan = nd::make_plan(in, a, {{}, {}, sizes});
  std::mt19937_64 r(7);
  std::vector<double> x(static_cast<std::size_t>(nd::checked_element_count(in)));
  for (auto& v : x) v = random_value<double>(r);
  const auto y = nd::execute<double>(plan, nd::tensor_view<const double>(x.data(), in));
  const std::vector<double> expected(y.data(), y.data() + y.size());
  Eigen::Tensor<double, 4, Eigen::ColMajor> cx(2, 3, 17, 29);
  for (Eigen::Index n = 0; n < 2; ++n)
    for (Eigen::Index c = 0; c < 3; ++c)
      for (Eigen::Index h = 0; h < 17; ++h)
        for (Eigen::Index w = 0; w < 29; ++w)
          cx(n, c, h, w) = x[static_cast<std::size_t>(((n * 3 + c) * 17 + h) * 29 + w)];
  const auto cy = nd::interop::execute(plan, cx);
  std::vector<double> got;
  for (Eigen::Index n = 0; n < 2; ++n)
    for (Eigen::Index c = 0; c < 3; ++c)
      for (Eigen::Index h = 0; h < 11; ++h)
        for (Eigen::Index w = 0; w < 64; ++w) got.push_back(cy(n, c, h, w));
  EXPECT_TRUE(same_bits(got, expected));
  EXPECT_TRUE(same_bits(run_in(plan, x, layouts(4)[1], nd::executor{}), expected));
}
