// SPDX-License-Identifier: Apache-2.0
// ResizeUpsampleTrilinear against the operator specification's literal formula: for every
// output element the test evaluates the 8-term sum
//   V(p) = Σ V(p_{xa, yb, zc}) · lambda_a · lambdb_b · lambdc_c   (a, b, c ∈ {0, 1})
// with x0 = int(x'), x1 = x0 + 1, lambda0 = x1 - x', lambda1 = 1 - lambda0 as the seed writes
// them, in double, straight from the input values; the library instead builds per-axis tap
// tables and runs separable passes. Random shapes, output_size and/or scales, both
// align_corners values, both memory layouts, and every element type (float, double, float16,
// bfloat16). Two rules the formula leaves to the kernel are coded here as PyTorch states them:
// an axis with out = in is copied, and a source index past the last input reads the last input.
#include <gtest/gtest.h>
#include <Eigen/Core>

#include <cmath>
#include <cstdio>
#include <optional>
#include <random>
#include <sstream>

#include <ndresize/ascend/upsample_trilinear3d.hpp>

#include "ascend/ascend_test_support.hpp"

namespace {

using namespace ascend_test;
using ndresize::ascend::upsample_trilinear3d_attributes;

// ---- the seed's formulas, coded naively (independently of include/ndresize/ascend) ----

/// scale_x: alignCorners ? (in-1)/(out-1) : scales_x > 0 ? 1/scales_x : in/out. An output
/// extent of 1 with alignCorners divides by zero in the formula; PyTorch (and so the Ascend
/// kernel) takes 0 there.
double seed_scale(index_t in, index_t out, bool align_corners, std::optional<double> scales) {
  if (align_corners) return out == 1 ? 0.0 : double(in - 1) / double(out - 1);
  if (scales.has_value() && scales.value() > 0) return 1.0 / scales.value();
  return double(in) / double(out);
}

/// One axis of the formula for output coordinate x: the two source indices (read clamped to
/// the input) and their lambdas.
struct seed_axis {
  index_t i[2];
  double lambda[2];
};

seed_axis seed_source(index_t x, index_t in, index_t out, double scale, bool align_corners) {
  double xs;  // x'
  if (in == out)
    xs = double(x);  // copied axis
  else if (align_corners)
    xs = double(x) * scale;
  else
    xs = std::max(0.0, (double(x) + 0.5) * scale - 0.5);
  const auto x0 = static_cast<index_t>(xs);  // int(x'), x' >= 0
  const index_t x1 = x0 + 1;
  seed_axis a;
  a.lambda[0] = double(x1) - xs;
  a.lambda[1] = 1.0 - a.lambda[0];
  a.i[0] = std::min(x0, in - 1);
  a.i[1] = std::min(x1, in - 1);
  return a;
}

/// The whole output, element by element, each from its 8 terms.
grid seed_trilinear(const grid& v, const std::array<index_t, 3>& out, const upsample_trilinear3d_attributes& a) {
  const std::array<std::optional<double>, 3> scales{a.scales_d, a.scales_h, a.scales_w};
  std::array<double, 3> s{};
  for (int k = 0; k < 3; ++k) s[k] = seed_scale(v.e[k + 2], out[k], a.align_corners, scales[k]);
  grid r;
  r.e = {v.e[0], v.e[1], out[0], out[1], out[2]};
  r.v.resize(static_cast<std::size_t>(r.e[0] * r.e[1] * out[0] * out[1] * out[2]));
  for (index_t n = 0; n < r.e[0]; ++n)
    for (index_t c = 0; c < r.e[1]; ++c)
      for (index_t x = 0; x < out[0]; ++x)
        for (index_t y = 0; y < out[1]; ++y)
          for (index_t z = 0; z < out[2]; ++z) {
            const seed_axis p = seed_source(x, v.e[2], out[0], s[0], a.align_corners);
            const seed_axis q = seed_source(y, v.e[3], out[1], s[1], a.align_corners);
            const seed_axis u = seed_source(z, v.e[4], out[2], s[2], a.align_corners);
            double sum = 0;
            for (int ia = 0; ia < 2; ++ia)
              for (int ib = 0; ib < 2; ++ib)
                for (int ic = 0; ic < 2; ++ic)
                  sum += v.at(n, c, p.i[ia], q.i[ib], u.i[ic]) * p.lambda[ia] * q.lambda[ib] * u.lambda[ic];
            r.v[static_cast<std::size_t>(r.offset(n, c, x, y, z))] = sum;
          }
  return r;
}

// ---- random configurations ----

struct config {
  grid input;
  upsample_trilinear3d_attributes attributes;
  std::array<index_t, 3> out{};
  std::string describe() const {
    std::ostringstream s;
    s << "input [" << input.e[0] << "," << input.e[1] << "," << input.e[2] << "," << input.e[3] << "," << input.e[4]
      << "]";
    if (attributes.output_size)
      s << " output_size [" << (*attributes.output_size)[0] << "," << (*attributes.output_size)[1] << ","
        << (*attributes.output_size)[2] << "]";
    auto scale = [&](const char* name, const std::optional<double>& v) {
      if (v) s << " " << name << "=" << *v;
    };
    scale("scales_d", attributes.scales_d);
    scale("scales_h", attributes.scales_h);
    scale("scales_w", attributes.scales_w);
    s << " align_corners=" << attributes.align_corners;
    return s.str();
  }
};

/// Input values are T values (so the reference sees exactly what the library reads).
template <class T>
config random_config(std::mt19937_64& rng) {
  auto integer = [&](index_t lo, index_t hi) { return std::uniform_int_distribution<index_t>(lo, hi)(rng); };
  auto real = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };
  config c;
  c.input.e = {integer(1, 2), integer(1, 3), integer(1, 7), integer(1, 7), integer(1, 7)};
  c.input.v.resize(static_cast<std::size_t>(c.input.e[0] * c.input.e[1] * c.input.e[2] * c.input.e[3] * c.input.e[4]));
  for (double& x : c.input.v) x = static_cast<double>(static_cast<T>(real(-10, 10)));
  c.attributes.align_corners = integer(0, 1) == 1;
  // 0: output_size only, 1: scales only, 2: both (scales then set only the coordinate scale)
  const auto form = integer(0, 2);
  std::array<std::optional<double>, 3> scales;
  for (int k = 0; k < 3; ++k) {
    const index_t in = c.input.e[static_cast<std::size_t>(k) + 2];
    // FLOAT32 attributes: a float scale, now and then exactly 1 or 2
    const auto pick = integer(0, 9);
    double s = pick == 0 ? 1.0 : pick == 1 ? 2.0 : static_cast<double>(static_cast<float>(real(0.3, 3.0)));
    if (form == 1)
      while (std::floor(double(in) * s) < 1) s = static_cast<double>(static_cast<float>(real(0.3, 3.0)));
    if (form == 2 && integer(0, 3) == 0) s = -s;  // not > 0: falls back to in / out
    if (form != 0 && !(form == 2 && integer(0, 4) == 0)) scales[static_cast<std::size_t>(k)] = s;
    c.out[static_cast<std::size_t>(k)] = form == 1 ? static_cast<index_t>(std::floor(double(in) * s)) : integer(1, 10);
  }
  if (form != 1) c.attributes.output_size = std::vector<std::int64_t>(c.out.begin(), c.out.end());
  c.attributes.scales_d = scales[0];
  c.attributes.scales_h = scales[1];
  c.attributes.scales_w = scales[2];
  return c;
}

template <class T>
struct type_name;
template <>
struct type_name<float> {
  static constexpr const char* value = "float32";
};
template <>
struct type_name<double> {
  static constexpr const char* value = "float64";
};
template <>
struct type_name<Eigen::half> {
  static constexpr const char* value = "float16";
};
template <>
struct type_name<Eigen::bfloat16> {
  static constexpr const char* value = "bfloat16";
};

template <class T>
class SeedFormula : public ::testing::Test {};
using element_types = ::testing::Types<float, double, Eigen::half, Eigen::bfloat16>;
TYPED_TEST_SUITE(SeedFormula, element_types);

TYPED_TEST(SeedFormula, EveryOutputElementMatchesTheEightTermSum) {
  using T = TypeParam;
  constexpr bool sixteen_bit = sizeof(T) == 2;
  // float/double: absolute error bound for |V| <= 10 (float: 3 passes of float accumulation
  // with float weights). 16-bit types are computed in float and rounded once: the stored value
  // must be the formula value, moved by at most float's error, rounded to T; so it lies in
  // [T(exact - slack), T(exact + slack)]. Where |V| >= 1/16 float's error is a few percent of
  // T's ulp, and the error there must stay near 0.5 ulp (two roundings would reach 1 ulp).
  const double tolerance = std::is_same_v<T, double> ? 1e-12 : 1e-5;
  const double slack = 1e-5;
  std::mt19937_64 rng(20240404 + 10 * sizeof(T) + std::is_same_v<T, Eigen::bfloat16>);
  double largest = 0;
  std::size_t compared = 0;
  for (int trial = 0; trial < 150; ++trial) {
    const config c = random_config<T>(rng);
    const grid expected = seed_trilinear(c.input, c.out, c.attributes);
    for (layout l : {layout::ncdhw, layout::ndhwc}) {
      SCOPED_TRACE(c.describe() + " layout " + to_string(l));
      const auto x = store_as<T>(l, c.input);
      auto y = make_stored<T>(l, dims{c.input.e[0], c.input.e[1], c.out[0], c.out[1], c.out[2]},
                              static_cast<T>(std::nan("")));
      ndresize::ascend::upsample_trilinear3d<T>(x.cview(), y.view(), c.attributes);
      const grid got = load_grid(y);
      ASSERT_EQ(got.v.size(), expected.v.size());
      for (std::size_t i = 0; i < got.v.size(); ++i) {
        const double exact = expected.v[i];
        if constexpr (sixteen_bit) {
          const double lo = static_cast<double>(static_cast<T>(exact - slack));
          const double hi = static_cast<double>(static_cast<T>(exact + slack));
          ASSERT_TRUE(got.v[i] >= lo && got.v[i] <= hi) << "element " << i << ": got " << got.v[i] << ", formula "
                                                        << exact << " rounds to [" << lo << ", " << hi << "]";
          if (std::abs(exact) >= 1.0 / 16) {
            const double ulps = std::abs(got.v[i] - exact) / ulp_of<T>(exact);
            largest = std::max(largest, ulps);
            ASSERT_LE(ulps, 0.55) << "element " << i << ": got " << got.v[i] << ", formula " << exact;
          }
        } else {
          const double err = std::abs(got.v[i] - exact);
          largest = std::max(largest, err);
          ASSERT_LE(err, tolerance) << "element " << i << ": got " << got.v[i] << ", formula " << exact;
        }
      }
      compared += got.v.size();
    }
  }
  std::printf("[ ascend   ] %s vs the 8-term formula: largest error %.3g %s over %zu outputs\n", type_name<T>::value,
              largest, sixteen_bit ? "ulp (where |V| >= 1/16)" : "(absolute, |V| <= 10)", compared);
  ::testing::Test::RecordProperty("largest_error", std::to_string(largest));
}

}  // namespace
