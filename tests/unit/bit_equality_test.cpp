// SPDX-License-Identifier: Apache-2.0
// Same bits on every machine and with every compiler flag: a fixed set of resizes (nearest,
// linear, cubic, with and without antialias; float, double, uint8, int16; ranks 3 to 5; the
// Ascend trilinear operator), each output hashed (FNV-1a of its bytes) and compared with the
// committed table bit_equality_hashes.txt. The table was recorded on x86-64 with the generic
// target (NDRESIZE_ISA=generic); the values themselves are checked against the spec by the
// conformance and differential tests, this test only pins that nothing changes them: the CPU
// target (each one is run), the architecture (CI runs it on aarch64 under QEMU) or the
// consumer's flags (tests/consumers builds it with -march=native -ffp-contract=fast).
// NDRESIZE_WRITE_HASHES=<file> writes the table this build computes (to record a new one).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <ndresize/ndresize.hpp>

namespace nd = ndresize;

namespace {

using nd::enums::mode;
using ctm = nd::enums::coordinate_transformation_mode;

struct bit_case {
  std::string name;
  nd::element_type type;
  nd::dims in;
  std::vector<std::int64_t> sizes;  ///< Resize-19 `sizes` (of `axes` when given); empty: Ascend
  nd::resize_attributes attrs;
  std::vector<double> roi = {};
};

nd::resize_attributes attrs(mode m, ctm c = ctm::half_pixel, bool antialias = false, float cubic_a = -0.75f,
                            std::vector<std::int64_t> axes = {}) {
  nd::resize_attributes a;
  a.mode = m;
  a.coordinate_transformation_mode = c;
  a.antialias = antialias;
  a.cubic_coeff_a = cubic_a;
  if (!axes.empty()) a.axes = axes;
  return a;
}

std::vector<bit_case> cases() {
  using nd::element_type;
  std::vector<bit_case> v;
  for (element_type t : {element_type::float32, element_type::float64, element_type::uint8, element_type::int16}) {
    const std::string p = std::string(nd::to_string(t)) + "_";
    auto tf = attrs(mode::linear, ctm::tf_crop_and_resize);
    tf.extrapolation_value = 7.0f;
    auto nearest_ceil = attrs(mode::nearest, ctm::asymmetric);
    nearest_ceil.nearest_mode = nd::enums::nearest_mode::ceil;
    auto cubic_excl = attrs(mode::cubic, ctm::half_pixel, false, -0.5f);
    cubic_excl.exclude_outside = 1;
    v.push_back({p + "nearest_up_r3", t, {2, 7, 9}, {2, 15, 20}, attrs(mode::nearest)});
    v.push_back({p + "nearest_ceil_down_r4", t, {1, 3, 17, 13}, {1, 3, 6, 5}, nearest_ceil});
    v.push_back({p + "linear_up_r4", t, {1, 2, 13, 17}, {1, 2, 31, 40}, attrs(mode::linear)});
    v.push_back(
        {p + "linear_align_corners_r5", t, {1, 2, 5, 6, 7}, {1, 2, 9, 11, 4}, attrs(mode::linear, ctm::align_corners)});
    v.push_back(
        {p + "linear_down_antialias_r4", t, {1, 2, 41, 37}, {1, 2, 9, 11}, attrs(mode::linear, ctm::half_pixel, true)});
    v.push_back({p + "cubic_up_r4", t, {1, 1, 11, 14}, {1, 1, 29, 33}, attrs(mode::cubic)});
    v.push_back({p + "cubic_down_antialias_r3",
                 t,
                 {3, 47, 29},
                 {13, 10},
                 attrs(mode::cubic, ctm::pytorch_half_pixel, true, -0.5f, {1, 2})});
    v.push_back({p + "cubic_exclude_outside_r5", t, {1, 2, 4, 7, 5}, {1, 2, 7, 5, 9}, cubic_excl});
    v.push_back({p + "linear_crop_r3", t, {2, 10, 12}, {2, 7, 9}, tf, {0.0, 0.1, -0.2, 1.0, 0.8, 1.3}});
  }
  for (element_type t : {element_type::float32, element_type::float64}) {
    const std::string p = std::string(nd::to_string(t)) + "_";
    v.push_back({p + "ascend_trilinear_r5", t, {1, 2, 5, 6, 7}, {}, {}});
  }
  // Many small planes: the executor's whole-plane path (execution_layout.hpp), which blends all
  // output rows of a plane in one call (passes.hpp, fused_whole_planes). Appended here, after
  // the cases above, because each case's input depends on its position in this list.
  for (element_type t : {element_type::float32, element_type::float64, element_type::uint8, element_type::int16}) {
    const std::string p = std::string(nd::to_string(t)) + "_";
    v.push_back({p + "linear_small_planes_r4", t, {2, 5, 9, 11}, {2, 5, 19, 23}, attrs(mode::linear)});
    v.push_back({p + "cubic_small_planes_r4", t, {1, 6, 7, 9}, {1, 6, 15, 20}, attrs(mode::cubic)});
  }
  // Channels-last images of many channels with outputs of at least 8 MB (written around the
  // caches): the h-first pair's output rows straight from their source rows
  // (passes.hpp, resamples_and_blends), by groups of 2 or 3 rows reading the same source rows,
  // pixels of 1 and 2 taps (asymmetric 3x: every third output on a source pixel), channels a
  // multiple of every target's lanes and not. Appended, as above.
  v.push_back({"float32_linear_many_channels_r4",
               element_type::float32,
               {2, 64, 64, 64},
               {128, 128},
               attrs(mode::linear, ctm::half_pixel, false, -0.75f, {1, 2})});
  v.push_back({"float32_linear_odd_channels_r4",
               element_type::float32,
               {1, 120, 100, 20},
               {360, 300},
               attrs(mode::linear, ctm::asymmetric, false, -0.75f, {1, 2})});
  v.push_back({"uint8_linear_many_channels_r4",
               element_type::uint8,
               {2, 128, 128, 64},
               {256, 256},
               attrs(mode::linear, ctm::half_pixel, false, -0.75f, {1, 2})});
  v.push_back({"int16_linear_many_channels_r4",
               element_type::int16,
               {1, 128, 128, 64},
               {256, 256},
               attrs(mode::linear, ctm::align_corners, false, -0.75f, {1, 2})});
  return v;
}

/// splitmix64: the inputs depend on nothing but the case and the index.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// Values exactly representable in T, with fractional bits that make every rounding matter.
template <class T>
std::vector<T> input(nd::index_t n, std::uint64_t seed) {
  std::vector<T> x(static_cast<std::size_t>(n));
  for (std::size_t i = 0; i < x.size(); ++i) {
    const std::uint64_t r = mix(seed * 1000003 + i);
    if constexpr (std::is_same_v<T, float>)
      x[i] = static_cast<float>(static_cast<std::int32_t>(r >> 41) - (1 << 22)) * 0x1p-16f;  // |x| < 64
    else if constexpr (std::is_same_v<T, double>)
      x[i] = static_cast<double>(static_cast<std::int64_t>(r >> 12) - (std::int64_t{1} << 51)) * 0x1p-45;
    else
      x[i] = static_cast<T>(r >> 13);  // wraps into the full range of the integer type
  }
  return x;
}

std::uint64_t fnv1a(const void* data, std::size_t bytes) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  const auto* p = static_cast<const unsigned char*>(data);
  for (std::size_t i = 0; i < bytes; ++i) h = (h ^ p[i]) * 0x100000001b3ULL;
  return h;
}

template <class T>
std::uint64_t run_typed(const bit_case& c, std::uint64_t seed) {
  const auto x = input<T>(nd::checked_element_count(c.in), seed);
  const nd::resize_plan plan = c.sizes.empty() ? nd::ascend::make_plan(c.in, {std::nullopt, 1.7, 1.35, 0.6, false})
                                               : nd::make_plan(c.in, c.attrs, {c.roi, {}, c.sizes});
  std::vector<T> y(static_cast<std::size_t>(plan.output_size()));
  nd::execute<T>(plan, nd::tensor_view<const T>(x.data(), c.in), nd::tensor_view<T>(y.data(), plan.output_shape()));
  return fnv1a(y.data(), y.size() * sizeof(T));
}

std::uint64_t run(const bit_case& c, std::uint64_t seed) {
  switch (c.type) {
    case nd::element_type::float32: return run_typed<float>(c, seed);
    case nd::element_type::float64: return run_typed<double>(c, seed);
    case nd::element_type::uint8: return run_typed<std::uint8_t>(c, seed);
    case nd::element_type::int16: return run_typed<std::int16_t>(c, seed);
    default: ADD_FAILURE() << "no runner for " << nd::to_string(c.type); return 0;
  }
}

std::map<std::string, std::string> expected_hashes() {
  std::map<std::string, std::string> m;
  std::ifstream f(NDRESIZE_BIT_EQUALITY_HASHES);
  std::string line;
  while (std::getline(f, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream s(line);
    std::string name, hash;
    s >> name >> hash;
    m[name] = hash;
  }
  return m;
}

std::string hex(std::uint64_t h) {
  char b[17];
  std::snprintf(b, sizeof b, "%016llx", static_cast<unsigned long long>(h));
  return b;
}

TEST(BitEquality, EveryTargetReproducesTheRecordedHashes) {
  const auto all = cases();
  if (const char* out = std::getenv("NDRESIZE_WRITE_HASHES")) {
    std::ofstream f(out);
    f << "# FNV-1a (64-bit) of each output of tests/unit/bit_equality_test.cpp, recorded on x86-64 with\n"
         "# NDRESIZE_ISA=generic. Every CPU target, architecture and compiler flag set must reproduce it.\n";
    nd::set_max_isa(nd::isa::generic);
    for (std::size_t i = 0; i < all.size(); ++i) f << all[i].name << ' ' << hex(run(all[i], i)) << '\n';
  }
  const auto expected = expected_hashes();
  ASSERT_EQ(expected.size(), all.size()) << "the table " << NDRESIZE_BIT_EQUALITY_HASHES << " does not match the cases";
  int differing = 0;
  for (nd::isa target : {nd::isa::generic, nd::isa::sse4, nd::isa::avx2, nd::isa::avx512, nd::isa::neon}) {
    nd::set_max_isa(target);
    for (std::size_t i = 0; i < all.size(); ++i) {
      const auto it = expected.find(all[i].name);
      ASSERT_NE(it, expected.end()) << all[i].name << " is not in the table";
      const std::string got = hex(run(all[i], i));
      if (got != it->second) ++differing;
      EXPECT_EQ(got, it->second) << all[i].name << " on target " << nd::isa_name(nd::active_isa());
    }
  }
  nd::set_max_isa(nd::isa::avx512);
  std::printf("bit equality: %zu cases x 5 target caps (active: %s), %d differing\n", all.size(),
              nd::isa_name(nd::active_isa()), differing);
}

}  // namespace
