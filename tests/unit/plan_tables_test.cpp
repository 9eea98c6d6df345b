// SPDX-License-Identifier: Apache-2.0
// The plan's public tables are the whole of a resize: a port to other hardware that reads only
// what the README's "Plan tables" section documents — per axis the identity flag, the nearest
// index, the taps (tap_begin, tap_index, tap_weight / tap_weight_f) and the outside mask; the
// extrapolation value; and execution_order<T>() — reproduces execute<T> bit for bit. This
// file is such a port, written from that description as plainly as possible: one pass per
// axis over whole row-major stages, no fusion, no vectors, no threads.
#include <gtest/gtest.h>
#include <Eigen/Core>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <ndresize/ndresize.hpp>

namespace nd = ndresize;
using ctm = nd::enums::coordinate_transformation_mode;

namespace {

/// Calls f(flat index, coordinates) for every element of `e` in row-major order.
template <class F>
void for_each_index(const nd::dims& e, F&& f) {
  const nd::index_t n = nd::checked_element_count(e);
  std::vector<nd::index_t> o(static_cast<std::size_t>(e.size()), 0);
  for (nd::index_t i = 0; i < n; ++i) {
    f(i, o);
    for (int d = e.size() - 1; d >= 0; --d) {
      if (++o[static_cast<std::size_t>(d)] < e[d]) break;
      o[static_cast<std::size_t>(d)] = 0;
    }
  }
}

nd::index_t flat(const nd::dims& e, const std::vector<nd::index_t>& o) {
  nd::index_t i = 0;
  for (int d = 0; d < e.size(); ++d) i = i * e[d] + o[static_cast<std::size_t>(d)];
  return i;
}

/// Output element o takes extrapolation_value when any axis marks its coordinate outside.
bool outside(const nd::resize_plan& plan, const std::vector<nd::index_t>& o) {
  for (int d = 0; d < plan.rank(); ++d) {
    const auto& t = plan.table(d);
    if (!t.outside.empty() && t.outside[static_cast<std::size_t>(o[static_cast<std::size_t>(d)])] != 0) return true;
  }
  return false;
}

/// One weighted pass along `axis`: out[.., j, ..] = Σ_q w[q] · in[.., tap_index[q], ..], the
/// sum started from the first product, in table order; a coordinate without taps is 0.
template <class Acc, class W>
std::vector<Acc> pass(const std::vector<Acc>& in, const nd::dims& shape, int axis, const nd::axis_table& t,
                      const std::vector<W>& weights, nd::dims& next) {
  next = shape;
  next[axis] = t.out;
  std::vector<Acc> out(static_cast<std::size_t>(nd::checked_element_count(next)));
  for_each_index(next, [&](nd::index_t i, std::vector<nd::index_t> o) {
    const auto j = static_cast<std::size_t>(o[static_cast<std::size_t>(axis)]);
    Acc acc{};
    for (nd::index_t q = t.tap_begin[j]; q < t.tap_begin[j + 1]; ++q) {
      o[static_cast<std::size_t>(axis)] = t.tap_index[static_cast<std::size_t>(q)];
      const Acc term = weights[static_cast<std::size_t>(q)] * in[static_cast<std::size_t>(flat(shape, o))];
      acc = q == t.tap_begin[j] ? term : acc + term;
    }
    out[static_cast<std::size_t>(i)] = acc;
  });
  return out;
}

/// execute<T> rebuilt from the public tables alone (row-major X and Y).
template <class T>
std::vector<T> resize_from_tables(const nd::resize_plan& plan, const std::vector<T>& x) {
  std::vector<T> y(static_cast<std::size_t>(nd::checked_element_count(plan.output_shape())));
  if constexpr (nd::interpolatable<T>) {
    if (plan.family() == nd::kernel_family::weighted) {
      using Acc = nd::accumulator_t<T>;
      std::vector<Acc> stage(x.size());
      for (std::size_t i = 0; i < x.size(); ++i) stage[i] = nd::to_accumulator<T>(x[i]);
      nd::dims shape = plan.input_shape();
      for (int axis : nd::execution_order<T>(plan)) {
        const auto& t = plan.table(axis);
        nd::dims next;
        if constexpr (std::is_same_v<nd::weight_t<Acc>, float>)
          stage = pass(stage, shape, axis, t, t.tap_weight_f, next);
        else
          stage = pass(stage, shape, axis, t, t.tap_weight, next);
        shape = next;
      }
      for (std::size_t i = 0; i < y.size(); ++i) y[i] = nd::from_accumulator<T>(stage[i]);
    }
  }
  if (plan.family() == nd::kernel_family::gather)
    for_each_index(plan.output_shape(), [&](nd::index_t i, std::vector<nd::index_t> o) {
      for (int d = 0; d < plan.rank(); ++d) {
        const auto& t = plan.table(d);
        if (!t.identity)
          o[static_cast<std::size_t>(d)] = t.index[static_cast<std::size_t>(o[static_cast<std::size_t>(d)])];
      }
      y[static_cast<std::size_t>(i)] = x[static_cast<std::size_t>(flat(plan.input_shape(), o))];
    });
  const T ext = nd::from_extrapolation_value<T>(plan.extrapolation_value());
  for_each_index(plan.output_shape(), [&](nd::index_t i, const std::vector<nd::index_t>& o) {
    if (outside(plan, o)) y[static_cast<std::size_t>(i)] = ext;
  });
  return y;
}

template <class T>
T random_value(std::mt19937_64& r) {
  const double v = static_cast<double>(r() % 40001) / 128.0 - 156.0;
  if constexpr (std::is_same_v<T, std::complex<double>>)
    return {v, static_cast<double>(r() % 2001) / 16.0 - 60.0};
  else if constexpr (std::is_integral_v<T>)
    return static_cast<T>(static_cast<std::int64_t>(r() % 65536) - (std::is_unsigned_v<T> ? 0 : 32768));
  else
    return static_cast<T>(v);
}

std::vector<nd::axis_table> tables_of(const nd::resize_plan& plan) {
  std::vector<nd::axis_table> t;
  for (int d = 0; d < plan.rank(); ++d) t.push_back(plan.table(d));
  return t;
}

/// Random Resize-19 nodes (every mode, coordinate mode, antialias, exclude_outside, crops with
/// extrapolation) over ranks 1–5; each result compared bit for bit with execute<T>.
template <class T>
void check_random_plans(int cases, std::uint64_t seed) {
  int compared = 0;
  for (int i = 0; i < cases; ++i) {
    std::mt19937_64 r(seed + static_cast<std::uint64_t>(i));
    const int rank = 1 + static_cast<int>(r() % 5);
    nd::dims in;
    in.resize(rank);
    std::vector<std::int64_t> sizes;
    std::vector<double> roi_lo, roi_hi;
    for (int d = 0; d < rank; ++d) {
      in[d] = 1 + static_cast<nd::index_t>(r() % (d >= rank - 2 ? 33 : 4));
      sizes.push_back(r() % 4 == 0 ? in[d]
                                   : std::max<std::int64_t>(1, in[d] * static_cast<std::int64_t>(1 + r() % 300) / 100));
      roi_lo.push_back(static_cast<double>(r() % 5) / 10.0 - 0.1);
      roi_hi.push_back(0.7 + static_cast<double>(r() % 6) / 10.0);
    }
    nd::resize_attributes a;
    a.mode = nd::interpolatable<T> ? static_cast<nd::enums::mode>(r() % 3) : nd::enums::mode::nearest;
    const ctm modes[] = {ctm::half_pixel,    ctm::half_pixel_symmetric, ctm::pytorch_half_pixel,
                         ctm::align_corners, ctm::asymmetric,           ctm::tf_crop_and_resize};
    a.coordinate_transformation_mode = modes[r() % 6];  // Resize-19's modes
    a.nearest_mode = static_cast<nd::enums::nearest_mode>(r() % 4);
    if (a.mode != nd::enums::mode::nearest) {
      a.antialias = static_cast<std::int64_t>(r() % 2);
      a.exclude_outside = static_cast<std::int64_t>(r() % 3 == 0);
    }
    a.extrapolation_value = -7.25f;
    std::vector<double> roi = roi_lo;
    roi.insert(roi.end(), roi_hi.begin(), roi_hi.end());
    const bool crop = a.coordinate_transformation_mode == ctm::tf_crop_and_resize;
    const nd::resize_plan plan = nd::make_plan(in, a, {crop ? roi : std::vector<double>{}, {}, sizes});
    // Every plan the library makes holds the documented format (what from_tables checks).
    EXPECT_EQ(nd::resize_plan::check_tables(plan.family(), in, tables_of(plan)), "") << "case " << i;
    std::vector<T> x(static_cast<std::size_t>(nd::checked_element_count(in)));
    for (auto& v : x) v = random_value<T>(r);
    const auto y = nd::execute<T>(plan, nd::tensor_view<const T>(x.data(), in));
    const std::vector<T> expected = resize_from_tables<T>(plan, x);
    ASSERT_EQ(static_cast<std::size_t>(y.size()), expected.size());
    bool same = true;
    for (std::size_t k = 0; k < expected.size(); ++k)
      same = same && std::memcmp(&expected[k], &y[static_cast<nd::index_t>(k)], sizeof(T)) == 0;
    EXPECT_TRUE(same) << "case " << i << " " << in.to_string() << " mode " << nd::to_string(a.mode);
    ++compared;
  }
  EXPECT_EQ(compared, cases);
}

}  // namespace

TEST(PlanTables, FloatResizesFromThePublicTablesAlone) { check_random_plans<float>(300, 1); }
TEST(PlanTables, DoubleResizesFromThePublicTablesAlone) { check_random_plans<double>(200, 2); }
TEST(PlanTables, Uint8ResizesFromThePublicTablesAlone) { check_random_plans<std::uint8_t>(200, 3); }
TEST(PlanTables, HalfResizesFromThePublicTablesAlone) { check_random_plans<Eigen::half>(150, 4); }
TEST(PlanTables, Int32ResizesFromThePublicTablesAlone) { check_random_plans<std::int32_t>(150, 5); }
TEST(PlanTables, Complex128ResizesFromThePublicTablesAlone) { check_random_plans<std::complex<double>>(80, 6); }

// Ascend's trilinear operator and a non-ONNX filter run through the same tables.
TEST(PlanTables, AscendAndResamplePlansToo) {
  std::mt19937_64 r(9);
  const nd::dims in{1, 2, 5, 9, 13};
  std::vector<float> x(static_cast<std::size_t>(nd::checked_element_count(in)));
  for (auto& v : x) v = random_value<float>(r);
  nd::ascend::upsample_trilinear3d_attributes at;
  at.output_size = {7, 4, 26};
  const auto ascend_plan = nd::ascend::make_plan(in, at);
  const auto ya = nd::execute<float>(ascend_plan, nd::tensor_view<const float>(x.data(), in));
  EXPECT_EQ(0, std::memcmp(ya.data(), resize_from_tables<float>(ascend_plan, x).data(),
                           sizeof(float) * static_cast<std::size_t>(ya.size())));
  const auto resample_plan = nd::make_resample_plan(in, {1, 2, 5, 4, 30}, nd::filters::lanczos3, {});
  const auto yr = nd::execute<float>(resample_plan, nd::tensor_view<const float>(x.data(), in));
  EXPECT_EQ(0, std::memcmp(yr.data(), resize_from_tables<float>(resample_plan, x).data(),
                           sizeof(float) * static_cast<std::size_t>(yr.size())));
}

// Tables made elsewhere may read rows in any order. Here the rows' outputs sweep every row once
// (so the horizontal-first ring resamples rows ahead, 16 per call), then sweep again from row 0,
// then jump, step back and repeat rows, up to 5 taps in scrambled order. No load may overwrite
// a row the current output reads, or read ahead past the chunk: every target, one thread, 3
// threads and 7 of a caller's own, each bit for bit the port above.
TEST(PlanTables, RowsReadInAnyOrderGiveThePortsBits) {
  std::mt19937_64 r(11);
  const nd::dims in{2, 23, 19};
  nd::resize_attributes a;
  a.mode = nd::enums::mode::linear;
  const auto library = nd::make_plan(in, a, {{}, {}, std::vector<std::int64_t>{2, 90, 41}});
  std::vector<nd::axis_table> tables = tables_of(library);
  nd::axis_table& h = tables[1];  // rows: 23 → 90
  h.tap_begin = {0};
  h.tap_index.clear();
  h.tap_weight.clear();
  h.tap_weight_f.clear();
  h.max_taps = 0;
  for (nd::index_t j = 0; j < h.out; ++j) {
    const nd::index_t centre = j < 30 ? j * 23 / 30 : j < 50 ? (j - 30) * 23 / 20 : static_cast<nd::index_t>(r() % 23);
    const int taps = 1 + static_cast<int>(r() % 5);
    std::vector<nd::index_t> rows;
    for (int t = 0; t < taps; ++t) rows.push_back(std::clamp<nd::index_t>(centre - 2 + t, 0, 22));
    if (j >= 50) std::shuffle(rows.begin(), rows.end(), r);
    for (const nd::index_t row : rows) {
      h.tap_index.push_back(row);
      h.tap_weight.push_back(static_cast<double>(r() % 2001) / 1000.0 - 0.5);
      h.tap_weight_f.push_back(static_cast<float>(h.tap_weight.back()));
    }
    h.tap_begin.push_back(static_cast<nd::index_t>(h.tap_index.size()));
    h.max_taps = std::max(h.max_taps, taps);
  }
  const auto plan = nd::resize_plan::from_tables("rows in any order", nd::kernel_family::weighted, in, tables);
  ASSERT_TRUE(plan.ok()) << plan.error().message;
  ASSERT_EQ(plan->table(1).sources_used, 23);                              // every row read: the ring reads ahead
  ASSERT_EQ(nd::execution_order<float>(*plan), (std::vector<int>{2, 1}));  // horizontally first
  std::vector<float> x(static_cast<std::size_t>(nd::checked_element_count(in)));
  for (auto& v : x) v = random_value<float>(r);
  const std::vector<float> expected = resize_from_tables<float>(*plan, x);
  nd::thread_pool pool3(3);
  const nd::executor own(7, [](nd::index_t n, const std::function<void(nd::index_t)>& body) {
    for (nd::index_t i = n; i-- > 0;) body(i);  // any order a caller's parallel_for may take
  });
  for (const nd::isa target : {nd::isa::generic, nd::isa::sse4, nd::isa::avx2, nd::isa::avx512, nd::isa::neon}) {
    nd::set_max_isa(target);
    for (const nd::executor& ex : {nd::executor{}, pool3.get_executor(), own}) {
      std::vector<float> y(expected.size());
      nd::workspace ws;
      nd::execute<float>(*plan, nd::tensor_view<const float>(x.data(), in),
                         nd::tensor_view<float>(y.data(), plan->output_shape()), ws, ex);
      EXPECT_EQ(std::memcmp(y.data(), expected.data(), sizeof(float) * y.size()), 0)
          << "target " << nd::isa_name(nd::active_isa()) << ", concurrency " << ex.concurrency();
    }
  }
  nd::set_max_isa(nd::isa::avx512);
}

/// Strides of `e` with the channels (axis 1) innermost: N, D, H, W, C in memory.
nd::dims channels_last(const nd::dims& e) {
  nd::dims s = e;
  nd::index_t step = e[1];
  s[1] = 1;
  for (int d = e.size() - 1; d >= 2; --d) {
    s[d] = step;
    step *= e[d];
  }
  s[0] = step;
  return s;
}

nd::index_t offset(const nd::dims& strides, const std::vector<nd::index_t>& o) {
  nd::index_t at = 0;
  for (int d = 0; d < strides.size(); ++d) at += o[static_cast<std::size_t>(d)] * strides[d];
  return at;
}

// Volumes resized on D, H and W run W first, then H and D as an outer pair (passes.hpp,
// run_outer_pair: planes blended along H kept in a ring, then blended along D, without the stage
// between them; in NCDHW each plane's rows resampled along W by the pair too): upsamples (linear, cubic), a crop with
// extrapolated outputs (no taps), a mixed grow and shrink, NCDHW and NDHWC, every target, one thread, 3 threads and 7
// of a caller's own in reverse order, each bit for bit the port above.
TEST(PlanTables, VolumesGiveThePortsBitsThroughTheOuterPair) {
  std::mt19937_64 r(13);
  struct volume {
    nd::dims in;
    std::vector<std::int64_t> sizes;
    nd::enums::mode mode;
    ctm coordinates;
  };
  const volume volumes[] = {
      {{1, 1, 6, 9, 11}, {1, 1, 12, 18, 22}, nd::enums::mode::linear, ctm::half_pixel},
      {{2, 3, 5, 7, 8}, {2, 3, 11, 15, 17}, nd::enums::mode::cubic, ctm::half_pixel},
      {{1, 2, 4, 6, 5}, {1, 2, 9, 13, 12}, nd::enums::mode::linear, ctm::tf_crop_and_resize},
      {{1, 4, 4, 7, 6}, {1, 4, 10, 9, 13}, nd::enums::mode::linear, ctm::align_corners},
  };
  nd::thread_pool pool3(3);
  const nd::executor own(7, [](nd::index_t n, const std::function<void(nd::index_t)>& body) {
    for (nd::index_t i = n; i-- > 0;) body(i);
  });
  for (const volume& v : volumes) {
    nd::resize_attributes a;
    a.mode = v.mode;
    a.coordinate_transformation_mode = v.coordinates;
    a.extrapolation_value = -7.25f;
    const std::vector<double> roi{0, 0, -0.2, 0.1, -0.3, 1, 1, 1.1, 0.8, 1.2};
    const auto plan =
        nd::make_plan(v.in, a, {v.coordinates == ctm::tf_crop_and_resize ? roi : std::vector<double>{}, {}, v.sizes});
    ASSERT_EQ(nd::execution_order<float>(plan), (std::vector<int>{4, 3, 2})) << v.in.to_string();
    // In NCDHW the pair runs W's row pass too, plane by plane (execution_layout::outer_rows), so
    // these runs check it against the port as well.
    EXPECT_TRUE(nd::detail::layout_execution<float>(plan, nd::row_major_strides(v.in),
                                                    nd::row_major_strides(plan.output_shape()), 1)
                    .outer_rows)
        << v.in.to_string();
    std::vector<float> x(static_cast<std::size_t>(nd::checked_element_count(v.in)));
    for (auto& e : x) e = random_value<float>(r);
    const std::vector<float> expected = resize_from_tables<float>(plan, x);
    const nd::dims out = plan.output_shape();
    // The same tensors channels-last.
    std::vector<float> x_cl(x.size()), expected_cl(expected.size());
    const nd::dims xs = channels_last(v.in), ys = channels_last(out);
    for_each_index(v.in, [&](nd::index_t i, const std::vector<nd::index_t>& o) {
      x_cl[static_cast<std::size_t>(offset(xs, o))] = x[static_cast<std::size_t>(i)];
    });
    for_each_index(out, [&](nd::index_t i, const std::vector<nd::index_t>& o) {
      expected_cl[static_cast<std::size_t>(offset(ys, o))] = expected[static_cast<std::size_t>(i)];
    });
    for (const nd::isa target : {nd::isa::generic, nd::isa::sse4, nd::isa::avx2, nd::isa::avx512, nd::isa::neon}) {
      nd::set_max_isa(target);
      for (const nd::executor& ex : {nd::executor{}, pool3.get_executor(), own}) {
        std::vector<float> y(expected.size()), y_cl(expected.size());
        nd::workspace ws;
        nd::execute<float>(plan, nd::tensor_view<const float>(x.data(), v.in), nd::tensor_view<float>(y.data(), out),
                           ws, ex);
        nd::execute<float>(plan, nd::tensor_view<const float>(x_cl.data(), v.in, xs),
                           nd::tensor_view<float>(y_cl.data(), out, ys), ws, ex);
        EXPECT_EQ(std::memcmp(y.data(), expected.data(), sizeof(float) * y.size()), 0)
            << v.in.to_string() << " NCDHW, target " << nd::isa_name(nd::active_isa()) << ", concurrency "
            << ex.concurrency();
        EXPECT_EQ(std::memcmp(y_cl.data(), expected_cl.data(), sizeof(float) * y.size()), 0)
            << v.in.to_string() << " NDHWC, target " << nd::isa_name(nd::active_isa()) << ", concurrency "
            << ex.concurrency();
      }
    }
  }
  nd::set_max_isa(nd::isa::avx512);
}

// R6: tables made outside the library are checked against the documented format before a plan
// holds them; valid ones (here a library plan's own) give the same plan.
TEST(PlanTables, TablesFromElsewhereAreCheckedFirst) {
  nd::resize_attributes a;
  a.mode = nd::enums::mode::linear;
  const nd::dims in{3, 4};
  const auto plan = nd::make_plan(in, a, {{}, {}, std::vector<std::int64_t>{3, 7}});
  const auto good = nd::resize_plan::from_tables("port", nd::kernel_family::weighted, in, tables_of(plan));
  ASSERT_TRUE(good.ok()) << good.error().message;
  EXPECT_EQ(good->output_shape(), plan.output_shape());
  EXPECT_EQ(good->pass_order(), plan.pass_order());
  std::vector<float> x(12);
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(i) * 0.37f - 1.0f;
  const auto y0 = nd::execute<float>(plan, nd::tensor_view<const float>(x.data(), in));
  const auto y1 = nd::execute<float>(*good, nd::tensor_view<const float>(x.data(), in));
  EXPECT_EQ(0, std::memcmp(y0.data(), y1.data(), sizeof(float) * 21));

  const auto refused = [&](auto&& corrupt, const std::string& part, nd::kernel_family f = nd::kernel_family::weighted) {
    auto t = tables_of(plan);
    corrupt(t);
    const auto r = nd::resize_plan::from_tables("port", f, in, std::move(t));
    ASSERT_FALSE(r.ok()) << part;
    EXPECT_EQ(r.error().code, nd::error_code::invalid_input);
    EXPECT_NE(r.error().message.find(part), std::string::npos) << r.error().message;
    EXPECT_EQ(r.error().message.rfind("ndresize: invalid_input: port: ", 0), 0u) << r.error().message;
  };
  // The case of the report: a tap index of 4 on an axis of 4 would read past X.
  const std::string taps = std::to_string(plan.table(1).tap_index.size());
  refused(
      [](auto& t) { t[1].tap_index.back() = 4; },
      "table of axis 1: tap_index[" + std::to_string(plan.table(1).tap_index.size() - 1) + "] = 4 is outside [0, 4)");
  refused([](auto& t) { t[1].tap_index[0] = -1; }, "tap_index[0] = -1 is outside [0, 4)");
  refused([](auto& t) { t[1].tap_weight[2] = std::nan(""); }, "tap_weight[2] = nan is not finite");
  refused([](auto& t) { t[1].tap_weight_f[2] += 1.0f; }, "tap_weight_f[2]");
  refused([](auto& t) { std::swap(t[1].tap_begin[2], t[1].tap_begin[3]); }, "tap_begin[3]");
  refused([](auto& t) { t[1].tap_begin.pop_back(); }, "tap_begin has 7 entries for 7 outputs");
  refused([](auto& t) { t[1].tap_begin.front() = 1; }, "tap_begin[0] = 1 must be 0");
  refused([](auto& t) { t[1].tap_index.push_back(0); }, "tap_begin[out] = " + taps + " differs from the " +
                                                            std::to_string(plan.table(1).tap_index.size() + 1) +
                                                            " entries");
  refused([](auto& t) { t[1].max_taps = 1; }, "max_taps = 1 differs from the widest tap run, 2");
  refused([](auto& t) { t[1].in = 5; }, "table of axis 1: in = 5 differs from the input extent 4");
  refused([](auto& t) { t[1].outside.assign(7, 2); }, "outside[0] = 2 must be 0 or 1");
  refused(
      [](auto& t) {
        t[0] = nd::identity_table(3);
        t[0].index = {0, 1, 2};
      },
      "table of axis 0: an identity table holds no");
  refused([](auto& t) { t.pop_back(); }, "got 1 tables for input rank 2");
  // A nearest table whose index leaves the axis.
  refused(
      [](auto& t) {
        t[0] = nd::identity_table(3);
        t[1] = nd::axis_table{};
        t[1].in = 4;
        t[1].out = 2;
        t[1].index = {0, 4};
      },
      "index[1] = 4 is outside [0, 4)", nd::kernel_family::gather);
#if NDRESIZE_EXCEPTIONS
  auto bad = tables_of(plan);
  bad[1].tap_index.back() = 4;
  EXPECT_THROW(nd::resize_plan::from_tables("port", nd::kernel_family::weighted, in, bad).value(), nd::resize_error);
#endif
}

// R17: a plan with no output holds the documented format too: resized axes keep in and out
// but no data (the README's "Plan tables" says so), and there is no pass to run, so a port
// that walks execution_order (or t.out outputs of a table with data) reads nothing.
TEST(PlanTables, PlansWithoutOutputHoldTheFormat) {
  for (const auto m : {nd::enums::mode::nearest, nd::enums::mode::linear, nd::enums::mode::cubic}) {
    nd::resize_attributes a;
    a.mode = m;
    for (const auto& [in, sizes] : std::vector<std::pair<nd::dims, std::vector<std::int64_t>>>{
             {{4, 0}, {8, 0}}, {{0, 5}, {0, 10}}, {{5, 5, 3}, {5, 7, 0}}, {{6, 2}, {6, 0}}}) {
      SCOPED_TRACE(in.to_string() + " " + std::string(nd::to_string(m)));
      const auto plan = nd::make_plan(in, a, {{}, {}, sizes});
      ASSERT_EQ(plan.output_size(), 0);
      EXPECT_EQ(nd::resize_plan::check_tables(plan.family(), in, tables_of(plan)), "");
      EXPECT_TRUE(plan.pass_order().empty());
      EXPECT_TRUE(nd::execution_order<float>(plan).empty());
      for (int d = 0; d < plan.rank(); ++d) {
        const auto& t = plan.table(d);
        EXPECT_EQ(t.out, sizes[static_cast<std::size_t>(d)]);
        if (t.identity) continue;
        EXPECT_TRUE(t.index.empty() && t.tap_begin.empty() && t.tap_index.empty() && t.tap_weight.empty() &&
                    t.tap_weight_f.empty() && t.outside.empty());
        EXPECT_EQ(t.in == 0 && t.out == 0, t.is_identity());  // a table without data maps nothing
      }
      std::vector<float> x(static_cast<std::size_t>(nd::checked_element_count(in)), 1.0f);
      const auto y = nd::execute<float>(plan, nd::tensor_view<const float>(x.data(), in));
      EXPECT_EQ(y.size(), 0);
    }
  }
}

// Budget floor: the estimate counts the packed copies this plan can take, not 2 × 8 MiB.
// 4 × 4 → 8 × 8 linear: per axis 8 outputs × (3 taps × 20 bytes + 9) = 552, two axes 1104;
// the packed copy of 8 × max(4, 8) = 64 outputs is largest with 8 lanes, 8 blocks × (3 slots ×
// (8 × 8 + 4 + 4) + 5) = 1768 bytes (per slot: 8 offsets and weights, a mask, a window start),
// counted twice: 4640 bytes in all.
TEST(PlanTables, SmallPlansFitSmallBudgets) {
  nd::resize_attributes a;
  a.mode = nd::enums::mode::linear;
  const std::vector<std::int64_t> sizes{8, 8};
  nd::plan_limits small;
  small.max_plan_bytes = 8192;
  EXPECT_TRUE(nd::try_make_plan(nd::dims{4, 4}, a, {{}, {}, sizes}, small).ok());
  small.max_plan_bytes = 4640;
  EXPECT_TRUE(nd::try_make_plan(nd::dims{4, 4}, a, {{}, {}, sizes}, small).ok());
  small.max_plan_bytes = 4639;
  const auto r = nd::try_make_plan(nd::dims{4, 4}, a, {{}, {}, sizes}, small);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, nd::error_code::limit_exceeded);
  EXPECT_NE(r.error().message.find("would need about 4640 bytes"), std::string::npos) << r.error().message;
  // Cubic too; and a large plan still counts its packed copies at up to 8 MiB each.
  a.mode = nd::enums::mode::cubic;
  small.max_plan_bytes = std::size_t{1} << 20;
  EXPECT_TRUE(
      nd::try_make_plan(nd::dims{1, 3, 16, 16}, a, {{}, {}, std::vector<std::int64_t>{1, 3, 32, 32}}, small).ok());
  const auto big = nd::try_make_plan(nd::dims{1, 3, 1080, 1920}, a,
                                     {{}, {}, std::vector<std::int64_t>{1, 3, 2160, 3840}}, nd::plan_limits{});
  ASSERT_TRUE(big.ok());
  small.max_plan_bytes = std::size_t{16} << 20;
  EXPECT_FALSE(
      nd::try_make_plan(nd::dims{1, 3, 1080, 1920}, a, {{}, {}, std::vector<std::int64_t>{1, 3, 2160, 3840}}, small)
          .ok());
}
