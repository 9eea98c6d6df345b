// SPDX-License-Identifier: Apache-2.0
// ndresize::resample against Pillow and OpenCV: the committed vectors in golden/ (made by
// make_golden.py; running the tests needs neither library). Each case resamples a float32
// image of values in [0, 1) with the filter and the options that give the other library's
// semantics:
//   Pillow (BOX, BILINEAR, HAMMING, BICUBIC = Catmull-Rom = Keys a = -1/2, LANCZOS = Lanczos 3),
//     and Pillow's algorithm with Lanczos 2, Mitchell and the B-spline: the defaults
//     (antialias, border renormalize: Pillow clips the window at the edge and renormalizes).
//   OpenCV INTER_AREA, both axes shrinking: filters::area, antialias, border clamp (the cells
//     tile the input, so the border never matters).
//   OpenCV INTER_LANCZOS4: filters::lanczos4 without antialias (OpenCV keeps 8 taps when
//     shrinking) and border clamp (BORDER_REPLICATE); OpenCV normalizes the 8 weights, as
//     resample always does.
// Tolerance 2e-6 absolute (the largest difference measured is 5.4e-7): both sides round to float32 (Pillow between its
// two passes, we accumulate in float), over at most ~20 taps of weights summing to 1 in magnitude ~1.3, and Pillow
// computes coordinates as (j + 0.5) · in/out where we use (j + 0.5) / (out/in). The documented differences are tested
// too: Pillow BOX is not INTER_AREA at fractional factors, INTER_AREA upscaling is not ours, OpenCV's Lanczos4 does
// not antialias, and Pillow clips uint8 between its passes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <ndresize/resample.hpp>

#include "npy.hpp"

namespace fs = std::filesystem;

namespace {

const fs::path golden_dir = NDRESIZE_RESAMPLE_GOLDEN_DIR;
constexpr double tolerance = 2e-6;

struct golden_case {
  std::string output, input, reference, filter;
  ndresize::index_t height = 0, width = 0;
};

void PrintTo(const golden_case& c, std::ostream* os) { *os << c.output; }

std::vector<golden_case> load_cases() {
  std::ifstream f(golden_dir / "cases.txt");
  std::vector<golden_case> cases;
  golden_case c;
  while (f >> c.output >> c.input >> c.reference >> c.filter >> c.height >> c.width) cases.push_back(c);
  return cases;
}

const std::map<std::string, ndresize::filter_kernel>& filter_by_name() {
  namespace filters = ndresize::filters;
  static const std::map<std::string, ndresize::filter_kernel> m{{"box", filters::box},
                                                                {"area", filters::area},
                                                                {"linear", filters::linear},
                                                                {"hamming", filters::hamming},
                                                                {"catmull_rom", filters::catmull_rom},
                                                                {"lanczos2", filters::lanczos2},
                                                                {"lanczos3", filters::lanczos3},
                                                                {"lanczos4", filters::lanczos4},
                                                                {"mitchell", filters::mitchell},
                                                                {"b_spline", filters::b_spline}};
  return m;
}

/// The options that give the reference library's semantics (see the file comment).
ndresize::resample_options options_for(const std::string& reference) {
  ndresize::resample_options o;
  if (reference.starts_with("opencv")) o.border = ndresize::resample_border::clamp;
  if (reference == "opencv_lanczos4") o.antialias = false;
  return o;
}

std::vector<float> run(const npy::array& x, const golden_case& c, const ndresize::filter_kernel& f,
                       const ndresize::resample_options& o) {
  ndresize::dims out_shape{c.height, c.width};
  std::vector<float> y(static_cast<std::size_t>(c.height * c.width));
  ndresize::resample<float>(ndresize::tensor_view<const float>(x.data<float>(), x.shape),
                            ndresize::tensor_view<float>(y.data(), out_shape), f, o);
  return y;
}

double max_difference(const std::vector<float>& a, const float* b) {
  double m = 0;
  for (std::size_t i = 0; i < a.size(); ++i) m = std::max(m, std::abs(static_cast<double>(a[i]) - b[i]));
  return m;
}

golden_case find_case(const std::string& reference, const std::string& filter, const std::string& input,
                      ndresize::index_t h, ndresize::index_t w) {
  for (const auto& c : load_cases())
    if (c.reference == reference && c.filter == filter && c.input == input && c.height == h && c.width == w) return c;
  ADD_FAILURE() << "no golden case " << reference << " " << filter << " " << input << " " << h << "x" << w;
  return {};
}

class ResampleGolden : public ::testing::TestWithParam<golden_case> {};

TEST_P(ResampleGolden, MatchesTheReference) {
  const golden_case& c = GetParam();
  const npy::array x = npy::load((golden_dir / c.input).string());
  const npy::array expected = npy::load((golden_dir / c.output).string());
  ASSERT_EQ(x.type, ndresize::element_type::float32);
  ASSERT_EQ(expected.shape, (ndresize::dims{c.height, c.width}));
  const std::vector<float> y = run(x, c, filter_by_name().at(c.filter), options_for(c.reference));
  EXPECT_LE(max_difference(y, expected.data<float>()), tolerance);
}

std::vector<golden_case> matching_cases() {
  std::vector<golden_case> cases;
  for (const auto& c : load_cases())
    if (c.reference != "opencv_area_up") cases.push_back(c);
  return cases;
}

INSTANTIATE_TEST_SUITE_P(Golden, ResampleGolden, ::testing::ValuesIn(matching_cases()),
                         [](const auto& p) { return p.param.output.substr(0, p.param.output.size() - 4); });

TEST(ResampleGoldenSet, IsComplete) {
  // 5 Pillow filters x 4 sizes, 3 modelled x 3, INTER_AREA 3 + 1 upscale, Lanczos4 2.
  EXPECT_EQ(load_cases().size(), 20u + 9u + 4u + 2u);
}

// Pillow's BOX samples the box at each source centre; INTER_AREA weighs by overlap. At a
// fractional factor (11x13 → 3x5) they differ, and each matches its own filter.
TEST(ResampleDifferences, PillowBoxIsNotAreaAtFractionalFactors) {
  const golden_case pil = find_case("pillow", "box", "in_a.npy", 3, 5);
  const golden_case cv = find_case("opencv_area", "area", "in_a.npy", 3, 5);
  const npy::array a = npy::load((golden_dir / pil.output).string());
  const npy::array b = npy::load((golden_dir / cv.output).string());
  std::vector<float> pv(a.data<float>(), a.data<float>() + a.size());
  EXPECT_GT(max_difference(pv, b.data<float>()), 0.01);
  // At whole factors (10x12 → 5x4) they agree.
  const npy::array c = npy::load((golden_dir / find_case("pillow", "box", "in_b.npy", 5, 4).output).string());
  const npy::array d = npy::load((golden_dir / find_case("opencv_area", "area", "in_b.npy", 5, 4).output).string());
  std::vector<float> cv2(c.data<float>(), c.data<float>() + c.size());
  EXPECT_LE(max_difference(cv2, d.data<float>()), tolerance);
}

// Unstretched, the integrated box is the triangle, so resample's area upscaling is linear
// interpolation; OpenCV's INTER_AREA upscaling integrates over the (smaller) output cell
// instead and differs.
TEST(ResampleDifferences, AreaUpscalingIsLinearNotOpenCVs) {
  const golden_case c = find_case("opencv_area_up", "area", "in_a.npy", 17, 20);
  const npy::array x = npy::load((golden_dir / c.input).string());
  const npy::array cv = npy::load((golden_dir / c.output).string());
  ndresize::resample_options o;
  o.border = ndresize::resample_border::clamp;
  const std::vector<float> area = run(x, c, ndresize::filters::area, o);
  const std::vector<float> linear = run(x, c, ndresize::filters::linear, o);
  EXPECT_LE(max_difference(area, linear.data()), 1e-6);
  EXPECT_GT(max_difference(area, cv.data<float>()), 0.01);
}

// OpenCV's Lanczos4 keeps its 8 taps when shrinking; with antialias on, resample stretches
// them (32 taps at 11 → 7) and differs.
TEST(ResampleDifferences, OpenCVLanczos4DoesNotAntialias) {
  const golden_case c = find_case("opencv_lanczos4", "lanczos4", "in_a.npy", 7, 9);
  const npy::array x = npy::load((golden_dir / c.input).string());
  const npy::array cv = npy::load((golden_dir / c.output).string());
  ndresize::resample_options o = options_for(c.reference);
  o.antialias = true;
  EXPECT_GT(max_difference(run(x, c, ndresize::filters::lanczos4, o), cv.data<float>()), 1e-3);
}

// Pillow renormalizes at the border; clamping (ONNX's default) differs there only.
TEST(ResampleDifferences, PillowRenormalizesAtTheBorder) {
  const golden_case c = find_case("pillow", "catmull_rom", "in_a.npy", 17, 20);
  const npy::array x = npy::load((golden_dir / c.input).string());
  const npy::array pil = npy::load((golden_dir / c.output).string());
  ndresize::resample_options o;
  o.border = ndresize::resample_border::clamp;
  const std::vector<float> y = run(x, c, ndresize::filters::catmull_rom, o);
  double edge = 0, inside = 0;
  for (ndresize::index_t i = 0; i < c.height; ++i)
    for (ndresize::index_t j = 0; j < c.width; ++j) {
      const auto k = static_cast<std::size_t>(i * c.width + j);
      const double d = std::abs(static_cast<double>(y[k]) - pil.data<float>()[k]);
      // Taps reach 2 input samples (2 · 20/13 outputs) beyond x: rows and columns 0..3 from an edge see the border.
      const bool near_edge = i < 4 || j < 4 || i >= c.height - 4 || j >= c.width - 4;
      (near_edge ? edge : inside) = std::max(near_edge ? edge : inside, d);
    }
  EXPECT_GT(edge, 1e-3);
  EXPECT_LE(inside, tolerance);
}

// 8-bit: Pillow clips to 0..255 and stores uint8 between its two passes; resample<uint8_t>
// accumulates both passes in float and rounds (half to even) and saturates once. Where the
// first pass overshoots (Lanczos' negative lobes on a checkerboard) the results differ by tens
// of levels: at (2, 0) the exact value is 1.25, resample gives 1, Pillow 33.
TEST(ResampleDifferences, PillowClipsUint8BetweenPasses) {
  const npy::array pil = npy::load((golden_dir / "pillow_u8_checkerboard_lanczos3_12x12.npy").string());
  ASSERT_EQ(pil.shape, (ndresize::dims{12, 12}));
  std::vector<std::uint8_t> board(36);
  std::vector<float> board_f(36);
  for (std::size_t k = 0; k < 36; ++k) board_f[k] = board[k] = (k / 6 + k % 6) % 2 == 0 ? 255 : 0;
  std::vector<std::uint8_t> y(144);
  std::vector<float> y_f(144);
  const ndresize::dims in{6, 6}, out{12, 12};
  ndresize::resample<std::uint8_t>(ndresize::tensor_view<const std::uint8_t>(board.data(), in),
                                   ndresize::tensor_view<std::uint8_t>(y.data(), out), ndresize::filters::lanczos3);
  ndresize::resample<float>(ndresize::tensor_view<const float>(board_f.data(), in),
                            ndresize::tensor_view<float>(y_f.data(), out), ndresize::filters::lanczos3);
  int worst = 0;
  for (std::size_t k = 0; k < 144; ++k) {
    // resample<uint8_t> is the float result rounded and saturated once.
    const float expected = std::clamp(std::nearbyint(y_f[k]), 0.0f, 255.0f);
    EXPECT_EQ(static_cast<float>(y[k]), expected) << k;
    worst = std::max(worst, std::abs(int{y[k]} - int{pil.data<std::uint8_t>()[k]}));
  }
  EXPECT_EQ(y[2 * 12 + 0], 1);
  EXPECT_EQ(pil.data<std::uint8_t>()[2 * 12 + 0], 33);
  EXPECT_GE(worst, 30);
}

}  // namespace
