// SPDX-License-Identifier: Apache-2.0
// Exact discrete decisions (DESIGN.md rules 3, 5, 10): the nearest index, tf_crop_and_resize's
// extrapolation, the single tap on the grid and the edges of the box/area supports, checked
// against a rational reference written here from the specification's formulas alone (integer
// numerators over integer denominators; nothing from the library's exact arithmetic).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include <ndresize/plan/output_shape.hpp>
#include <ndresize/plan/table_builders.hpp>

#include "support/spec_rational.hpp"

namespace nd = ndresize;
using ctm = nd::enums::coordinate_transformation_mode;
using nm = nd::enums::nearest_mode;

namespace {

using spec_rational::ceil_q;
using spec_rational::floor_q;
using spec_rational::i128;
using spec_rational::of_float;
using spec_rational::q;

// x_original of the specification (Resize-19) for output j, scale s, length_resized len.
q spec_coordinate(ctm m, std::int64_t j, std::int64_t in, std::int64_t out, q s, q len, q start, q end) {
  const q half{1, 2}, centre = q{2 * j + 1, 2};
  switch (m) {
    case ctm::half_pixel: return centre / s - half;
    case ctm::half_pixel_symmetric: {
      const q offset = q{in, 2} * (q{1} - q{out} / len);
      return offset + centre / s - half;
    }
    case ctm::pytorch_half_pixel: return q{1} < len ? centre / s - half : q{0};
    case ctm::align_corners: return q{1} < len ? q{j * (in - 1)} / (len - q{1}) : q{0};
    case ctm::asymmetric: return q{j} / s;
    case ctm::tf_half_pixel_for_nn: return centre / s;
    case ctm::tf_crop_and_resize:
      return q{1} < len ? start * q{in - 1} + q{j} * (end - start) * q{in - 1} / (len - q{1})
                        : q{1, 2} * (start + end) * q{in - 1};
  }
  return q{0};
}

std::int64_t spec_nearest(nm mode, q x, std::int64_t in) {
  i128 r = 0;
  switch (mode) {
    case nm::round_prefer_floor: r = ceil_q(x - q{1, 2}); break;
    case nm::round_prefer_ceil: r = floor_q(x + q{1, 2}); break;
    case nm::floor: r = floor_q(x); break;
    case nm::ceil: r = ceil_q(x); break;
  }
  return static_cast<std::int64_t>(r < 0 ? 0 : r > in - 1 ? in - 1 : r);
}

constexpr ctm all_modes[] = {ctm::half_pixel, ctm::half_pixel_symmetric, ctm::pytorch_half_pixel, ctm::align_corners,
                             ctm::asymmetric, ctm::tf_half_pixel_for_nn, ctm::tf_crop_and_resize};
constexpr nm all_nearest[] = {nm::round_prefer_floor, nm::round_prefer_ceil, nm::floor, nm::ceil};

// One geometry case: the sizes path (scale = out/in) or the scales path (a float32 scale).
struct geometry_case {
  nd::axis_geometry g;
  q s, len, start{0}, end{1};
};

geometry_case sizes_case(std::int64_t in, std::int64_t out) {
  geometry_case c;
  c.g.in = in;
  c.g.out = out;
  c.g.scale = static_cast<double>(out) / static_cast<double>(in);
  c.g.length_resized = static_cast<double>(out);
  c.s = q{out, in};
  c.len = q{out};
  return c;
}

geometry_case scales_case(std::int64_t in, float scale, float start, float end) {
  geometry_case c;
  c.g.in = in;
  c.g.scale = static_cast<double>(scale);
  c.g.length_resized = static_cast<double>(in) * c.g.scale;
  c.g.out = static_cast<std::int64_t>(std::floor(c.g.length_resized));
  c.g.roi_start = static_cast<double>(start);
  c.g.roi_end = static_cast<double>(end);
  c.s = of_float(scale);
  c.len = q{in} * c.s;
  c.start = of_float(start);
  c.end = of_float(end);
  return c;
}

// Every nearest index and extrapolation flag of one geometry, for every mode pair.
void check_nearest(const geometry_case& c) {
  for (const ctm m : all_modes)
    for (const nm r : all_nearest) {
      nd::sampling s;
      s.coordinate_transformation_mode = m;
      s.nearest_mode = r;
      const nd::axis_table t = nd::build_nearest_table(c.g, s);
      for (std::int64_t j = 0; j < c.g.out; ++j) {
        const q x = spec_coordinate(m, j, c.g.in, c.g.out, c.s, c.len, c.start, c.end);
        const bool outside = m == ctm::tf_crop_and_resize && (x < q{0} || q{c.g.in - 1} < x);
        const auto at = static_cast<std::size_t>(j);
        ASSERT_EQ(t.outside[at] != 0, outside) << "in " << c.g.in << " out " << c.g.out << " j " << j << " mode "
                                               << static_cast<int>(m) << " scale " << c.g.scale;
        if (!outside) {
          ASSERT_EQ(t.index[at], spec_nearest(r, x, c.g.in))
              << "in " << c.g.in << " out " << c.g.out << " j " << j << " mode " << static_cast<int>(m) << " nearest "
              << static_cast<int>(r) << " scale " << c.g.scale;
        }
      }
    }
}

// Where the exact coordinate is an integer inside the input, linear reads exactly that sample.
void check_grid(const geometry_case& c) {
  for (const ctm m : all_modes) {
    nd::sampling s;
    s.filter = nd::filters::linear;
    s.coordinate_transformation_mode = m;
    const nd::axis_table t = nd::build_weighted_table(c.g, s);
    for (std::int64_t j = 0; j < c.g.out; ++j) {
      const q x = spec_coordinate(m, j, c.g.in, c.g.out, c.s, c.len, c.start, c.end);
      if (x.d != 1 || x.n < 0 || x.n > c.g.in - 1) continue;
      const auto b = t.tap_begin[static_cast<std::size_t>(j)], e = t.tap_begin[static_cast<std::size_t>(j) + 1];
      ASSERT_EQ(e - b, 1) << "in " << c.g.in << " out " << c.g.out << " j " << j << " mode " << static_cast<int>(m);
      ASSERT_EQ(t.tap_index[static_cast<std::size_t>(b)], static_cast<std::int64_t>(x.n));
      ASSERT_EQ(t.tap_weight[static_cast<std::size_t>(b)], 1.0);
    }
  }
}

// The box (Pillow BOX: the sample belongs to the cell on its left at a shared edge) and the
// area filter, antialiased: the exact set of samples each output reads.
void check_box_support(const geometry_case& c, const nd::filter_kernel& f) {
  const bool integral = f.integral != nullptr;
  nd::sampling s;
  s.filter = f;
  s.antialias = true;
  s.exclude_outside = true;  // no clamping: the tap set is the support itself
  const nd::axis_table t = nd::build_weighted_table(c.g, s);
  const q sigma = c.s < q{1} ? c.s : q{1};
  for (std::int64_t j = 0; j < c.g.out; ++j) {
    const q x = spec_coordinate(ctm::half_pixel, j, c.g.in, c.g.out, c.s, c.len, c.start, c.end);
    std::vector<std::int64_t> expected;
    for (std::int64_t i = 0; i < c.g.in; ++i) {
      const q u = (q{i} - x) * sigma;  // distance in stretched units
      // box: u in (-1/2, 1/2]; area: the cell [u - σ/2, u + σ/2] overlaps (-1/2, 1/2) with positive length.
      const bool in_support = integral ? (q{-1, 2} - sigma * q{1, 2} < u && u < q{1, 2} + sigma * q{1, 2})
                                       : (q{-1, 2} < u && !(q{1, 2} < u));
      if (in_support) expected.push_back(i);
    }
    const auto b = static_cast<std::size_t>(t.tap_begin[static_cast<std::size_t>(j)]);
    const auto e = static_cast<std::size_t>(t.tap_begin[static_cast<std::size_t>(j) + 1]);
    const std::vector<std::int64_t> got(t.tap_index.begin() + static_cast<std::ptrdiff_t>(b),
                                        t.tap_index.begin() + static_cast<std::ptrdiff_t>(e));
    ASSERT_EQ(got, expected) << f.name << " in " << c.g.in << " out " << c.g.out << " j " << j << " scale "
                             << c.g.scale;
  }
}

TEST(ExactCoordinate, EverySizePairUpTo64) {
  for (std::int64_t in = 1; in <= 64; ++in)
    for (std::int64_t out = 1; out <= 64; ++out) {
      const geometry_case c = sizes_case(in, out);
      check_nearest(c);
      check_grid(c);
      check_box_support(c, nd::filters::box);
      check_box_support(c, nd::filters::area);
    }
}

TEST(ExactCoordinate, RandomFloat32ScalesAndRoi) {
  std::mt19937 rng(20261204);
  std::uniform_int_distribution<std::int64_t> len(1, 64);
  std::uniform_int_distribution<int> num(1, 64);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  for (int n = 0; n < 600; ++n) {
    const std::int64_t in = len(rng);
    // Half the scales are ratios of small integers rounded to float32 (where boundaries bite),
    // half arbitrary float32 values.
    const float scale = n % 2 == 0 ? static_cast<float>(num(rng)) / static_cast<float>(num(rng))
                                   : std::ldexp(1.0f + unit(rng), static_cast<int>(rng() % 6) - 3);
    float start = 0.0f, end = 1.0f;
    if (n % 3 == 0) {
      start = static_cast<float>(rng() % 9) / 8.0f - 0.25f;  // dyadic roi: exact boundaries
      end = start + static_cast<float>(rng() % 9) / 8.0f;
    } else if (n % 3 == 1) {
      start = unit(rng) - 0.2f;
      end = unit(rng) + 0.2f;
    }
    const geometry_case c = scales_case(in, scale, start, end);
    if (c.g.out < 1 || c.g.out > 512) continue;
    check_nearest(c);
    check_grid(c);
    check_box_support(c, nd::filters::box);
    check_box_support(c, nd::filters::area);
  }
}

// The two witnesses, in numbers.
TEST(ExactCoordinate, KnownBoundaryCases) {
  nd::sampling s;
  s.coordinate_transformation_mode = ctm::asymmetric;
  s.nearest_mode = nm::floor;
  EXPECT_EQ(nd::build_nearest_table(sizes_case(14, 18).g, s).index[9], 7);  // 9 · 14/18 = 7 exactly
  // 11 -> 10 box, antialiased: output 5 sits at x = 111/20 with half-width 11/20, so its cell
  // is (5, 6.1]; sample 5 lies exactly on the left edge and belongs to output 4 (Pillow: 6.0).
  s = {};
  s.filter = nd::filters::box;
  s.antialias = true;
  const nd::axis_table t = nd::build_weighted_table(sizes_case(11, 10).g, s);
  const auto b = static_cast<std::size_t>(t.tap_begin[5]), e = static_cast<std::size_t>(t.tap_begin[6]);
  ASSERT_EQ(e - b, 1u);
  EXPECT_EQ(t.tap_index[b], 6);
}

// A float64 roi end of 53 significant bits far below 1 (a fuzzing find): 3 -> 5 with roi
// [2, e], e = (2^53 - 1)·2^-115, puts output 2 at 2 + e, a hair beyond the last input, which the
// double rounds to 2. The exact decision extrapolates it; check_nearest compares every output of
// every mode pair against the rational formula.
TEST(ExactCoordinate, Float64RoiFarBelowOne) {
  const double tiny = std::ldexp(static_cast<double>((std::int64_t{1} << 53) - 1), -115);
  geometry_case c = sizes_case(3, 5);
  c.g.roi_start = 2.0;
  c.g.roi_end = tiny;
  c.start = q{2};
  c.end = spec_rational::of_double(tiny);
  ASSERT_TRUE(c.end.ok);
  check_nearest(c);
  nd::sampling s;
  s.coordinate_transformation_mode = ctm::tf_crop_and_resize;
  const nd::axis_table t = nd::build_nearest_table(c.g, s);
  EXPECT_EQ(t.outside, (std::vector<std::uint8_t>{1, 1, 1, 0, 0}));
}

}  // namespace

// keep_aspect_ratio_policy: the scale is the chosen ratio sizes[i] / in exactly, not its double.
// X [6, 49], sizes [11, 87], not_smaller: scale 11/6 on both axes; on axis 1, asymmetric + ceil
// output 11 sits at 11 / (11/6) = 6 exactly (the double 11/6 puts it a hair above 6: index 7).
TEST(ExactCoordinate, KeepAspectRatioScaleIsTheExactRatio) {
  const std::vector<std::int64_t> sizes{11, 87};
  nd::resize_geometry_request r;
  r.input = nd::dims{6, 49};
  r.axes = {0, 1};
  r.sizes = sizes;
  r.keep_aspect_ratio_policy = nd::enums::keep_aspect_ratio_policy::not_smaller;
  const std::vector<nd::axis_geometry> g = nd::compute_geometry(r);
  ASSERT_EQ(g[1].out, 90);
  EXPECT_EQ(g[1].scale_numerator, 11);
  EXPECT_EQ(g[1].scale_denominator, 6);
  nd::sampling s;
  s.coordinate_transformation_mode = ctm::asymmetric;
  s.nearest_mode = nm::ceil;
  EXPECT_EQ(nd::build_nearest_table(g[1], s).index[11], 6);
}
