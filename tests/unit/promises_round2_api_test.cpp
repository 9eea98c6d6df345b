// SPDX-License-Identifier: Apache-2.0
// The second hostile round at the front doors promises_round2_test does not walk: the output
// uniqueness rule through resample and the Ascend doors (typed and type-erased), the layouts
// that must still pass it with the bits of a row-major output, the rule checked against brute
// force (it may refuse a unique view, never accept an aliasing one), and the throwing twins of
// the new checks throwing resize_error with their try_ form's message.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <ndresize/ascend/compute.hpp>
#include <ndresize/ascend/upsample_trilinear3d.hpp>
#include <ndresize/execute.hpp>
#include <ndresize/onnx/make_plan.hpp>
#include <ndresize/resample.hpp>
#include <ndresize/resize.hpp>
#include <ndresize/type_erased.hpp>

namespace nd = ndresize;
namespace onnx = ndresize::onnx;
using nd::index_t;

namespace {

constexpr float canary = -12345.0f;

std::vector<float> ramp(std::size_t n) {
  std::vector<float> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<float>(i) * 0.25f - 3.0f;
  return v;
}

// The offset of a multi-index under strides.
index_t offset_of(const nd::dims& idx, const nd::dims& strides) {
  index_t o = 0;
  for (int d = 0; d < idx.size(); ++d) o += idx[d] * strides[d];
  return o;
}

// Visits every multi-index of `extents` in row-major order.
template <class F>
void for_each_index(const nd::dims& extents, F&& f) {
  index_t total = 1;
  for (int d = 0; d < extents.size(); ++d) total *= extents[d];
  nd::dims idx = extents;
  for (index_t flat = 0; flat < total; ++flat) {
    index_t rest = flat;
    for (int d = extents.size() - 1; d >= 0; --d) {
      idx[d] = rest % extents[d];
      rest /= extents[d];
    }
    f(idx, flat);
  }
}

bool mentions_aliasing(const nd::status& s) {
  return !s.ok() && s.error().code == nd::error_code::invalid_shape &&
         s.error().message.find("more than once") != std::string::npos;
}

// resample's typed door, both twins: an aliasing Y is refused before anything is written.
TEST(PromisesRound2Api, ResampleRefusesAliasingOutputs) {
  const std::vector<float> x = ramp(6);
  std::vector<float> y(24, canary);
  const nd::dims out{4, 6};
  for (const nd::dims& strides : {nd::dims{0, 1}, nd::dims{6, 0}, nd::dims{1, 1}, nd::dims{2, 1}}) {
    const nd::tensor_view<float> yv(y.data(), out, strides);
    const nd::status s = nd::try_resample<float>({x.data(), {2, 3}}, yv, nd::filters::linear);
    EXPECT_TRUE(mentions_aliasing(s)) << strides.to_string() << ": " << (s.ok() ? "ok" : s.error().message);
    try {
      nd::resample<float>({x.data(), {2, 3}}, yv, nd::filters::linear);
      ADD_FAILURE() << "no throw for " << strides.to_string();
    } catch (const nd::resize_error& e) {
      EXPECT_EQ(e.code(), nd::error_code::invalid_shape);
      EXPECT_EQ(std::string(e.what()), s.error().message);
    }
  }
  EXPECT_EQ(y, std::vector<float>(24, canary));
}

// The Ascend doors: typed (caller's out) and type-erased (runtime's compute).
TEST(PromisesRound2Api, AscendRefusesAliasingOutputs) {
  const std::vector<float> x = ramp(8);
  nd::ascend::upsample_trilinear3d_attributes a;
  a.output_size = std::vector<std::int64_t>{3, 4, 5};
  const nd::dims in{1, 1, 2, 2, 2};
  const nd::dims out{1, 1, 3, 4, 5};
  std::vector<float> y(60, canary);
  // Stride 0 on D, and H overlapping W (stride 4 over 5 elements of stride 1).
  for (const nd::dims& strides : {nd::dims{60, 60, 0, 5, 1}, nd::dims{60, 60, 20, 4, 1}}) {
    const nd::status s =
        nd::ascend::try_upsample_trilinear3d<float>({x.data(), in}, nd::tensor_view<float>(y.data(), out, strides), a);
    EXPECT_TRUE(mentions_aliasing(s)) << strides.to_string() << ": " << (s.ok() ? "ok" : s.error().message);
    const onnx::attribute_map attrs = {{"output_size", std::vector<std::int64_t>{3, 4, 5}}};
    const nd::status t =
        nd::ascend::try_compute(attrs, nd::any_const_tensor_view(nd::tensor_view<const float>(x.data(), in)),
                                nd::any_tensor_view(nd::element_type::float32, y.data(), out, strides));
    EXPECT_TRUE(mentions_aliasing(t)) << strides.to_string() << ": " << (t.ok() ? "ok" : t.error().message);
  }
  EXPECT_EQ(y, std::vector<float>(60, canary));

  // NDHWC (the Ascend layout) and a reversed W pass and hold the NCDHW result's values.
  std::vector<float> dense(60, canary);
  ASSERT_TRUE(nd::ascend::try_upsample_trilinear3d<float>({x.data(), in}, {dense.data(), out}, a).ok());
  const nd::dims row_major{60, 60, 20, 5, 1};
  for (const bool reversed : {false, true}) {
    nd::dims strides = reversed ? nd::dims{60, 60, 20, 5, -1} : nd::ascend::ndhwc_strides(out);
    std::vector<float> other(60, canary);
    float* base = reversed ? other.data() + 4 : other.data();
    ASSERT_TRUE(nd::ascend::try_upsample_trilinear3d<float>({x.data(), in}, {base, out, strides}, a).ok());
    for_each_index(out, [&](const nd::dims& idx, index_t) {
      EXPECT_EQ(base[offset_of(idx, strides)], dense[static_cast<std::size_t>(offset_of(idx, row_major))])
          << idx.to_string();
    });
  }
}

// Every layout a tensor has (row-major, channels-last, column-major, a slice, negative
// strides) passes the rule and gets the row-major output's bits, typed and type-erased.
TEST(PromisesRound2Api, EveryTensorLayoutPassesWithTheSameBits) {
  const nd::dims in{2, 3, 4};
  const std::vector<float> x = ramp(24);
  nd::resize_attributes attrs;
  attrs.mode = nd::enums::mode::cubic;
  const nd::resize_plan plan = nd::make_plan(in, attrs, {{}, std::vector<float>{1, 2, 1.5f}, {}});
  const nd::dims out = plan.output_shape();  // [2, 6, 6]
  ASSERT_EQ(out, (nd::dims{2, 6, 6}));
  std::vector<float> dense(72);
  ASSERT_TRUE(nd::try_execute<float>(plan, {x.data(), in}, {dense.data(), out}).ok());
  const nd::dims row_major{36, 6, 1};
  struct layout {
    nd::dims strides;
    index_t base;  // offset of element 0 in a 4 × 72 buffer
  };
  const std::vector<layout> layouts = {
      {{36, 1, 6}, 0},      // channels-last of the last two axes
      {{1, 2, 12}, 0},      // column-major
      {{72, 12, 1}, 0},     // a slice: every other row of a wider tensor
      {{36, 6, -1}, 5},     // W reversed
      {{-36, -6, -1}, 71},  // everything reversed
      {{144, 12, 2}, 0},    // a strided slice on every axis
  };
  for (const layout& l : layouts) {
    ASSERT_TRUE(nd::detail::is_unique(out, l.strides)) << l.strides.to_string();
    for (const bool erased : {false, true}) {
      std::vector<float> buf(288, canary);
      float* base = buf.data() + l.base;
      const nd::status s =
          erased ? nd::try_execute(plan, nd::any_const_tensor_view(nd::tensor_view<const float>(x.data(), in)),
                                   nd::any_tensor_view(nd::element_type::float32, base, out, l.strides))
                 : nd::try_execute<float>(plan, {x.data(), in}, {base, out, l.strides});
      ASSERT_TRUE(s.ok()) << l.strides.to_string() << ": " << s.error().message;
      std::size_t written = 0;
      for_each_index(out, [&](const nd::dims& idx, index_t) {
        EXPECT_EQ(base[offset_of(idx, l.strides)], dense[static_cast<std::size_t>(offset_of(idx, row_major))])
            << l.strides.to_string() << " at " << idx.to_string();
      });
      for (float v : buf) written += v != canary;
      EXPECT_EQ(written, 72u) << l.strides.to_string();  // nothing outside the view
    }
  }
}

// The rule against brute force on small random views: whenever it says unique, no two
// multi-indices share an offset; every permuted dense layout (possibly reversed) is accepted.
TEST(PromisesRound2Api, UniquenessRuleNeverAcceptsAliasing) {
  std::mt19937 rng(20261204);
  std::uniform_int_distribution<int> rank_d(1, 4), extent_d(0, 4), stride_d(-9, 9);
  int accepted = 0;
  for (int trial = 0; trial < 4000; ++trial) {
    const int rank = rank_d(rng);
    nd::dims e, s;
    e.resize(rank);
    s.resize(rank);
    for (int d = 0; d < rank; ++d) {
      e[d] = extent_d(rng);
      s[d] = stride_d(rng);
    }
    if (!nd::detail::is_unique(e, s)) continue;
    ++accepted;
    std::set<index_t> seen;
    bool clash = false;
    for_each_index(e, [&](const nd::dims& idx, index_t) { clash |= !seen.insert(offset_of(idx, s)).second; });
    EXPECT_FALSE(clash) << "extents " << e.to_string() << " strides " << s.to_string();
  }
  EXPECT_GT(accepted, 100);  // the trial covers accepting views, not only refusals
  const nd::dims e{2, 3, 4};
  std::vector<int> perm = {0, 1, 2};
  do {
    nd::dims s;
    s.resize(3);
    index_t step = 1;
    for (int k = 2; k >= 0; --k) {
      s[perm[static_cast<std::size_t>(k)]] = (k == 1 ? -step : step);
      step *= e[perm[static_cast<std::size_t>(k)]];
    }
    EXPECT_TRUE(nd::detail::is_unique(e, s)) << s.to_string();
  } while (std::next_permutation(perm.begin(), perm.end()));
}

// The new checks' throwing twins throw resize_error carrying the try_ form's message.
TEST(PromisesRound2Api, ThrowingTwinsCarryTheSameMessage) {
  nd::resample_options o;
  o.coordinate_transformation_mode = static_cast<nd::enums::coordinate_transformation_mode>(42);
  const auto p = nd::try_make_resample_plan(nd::dims{4, 4}, nd::dims{8, 8}, nd::filters::linear, o);
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.error().message.find("asymmetric"), std::string::npos) << p.error().message;  // lists what is accepted
  try {
    (void)nd::make_resample_plan(nd::dims{4, 4}, nd::dims{8, 8}, nd::filters::linear, o);
    ADD_FAILURE() << "no throw";
  } catch (const nd::resize_error& e) {
    EXPECT_EQ(e.code(), nd::error_code::invalid_attribute);
    EXPECT_EQ(std::string(e.what()), p.error().message);
  }
  const auto q = onnx::try_make_plan(static_cast<onnx::op_version>(42), {}, nd::dims{4}, {{}, {}, {}});
  ASSERT_FALSE(q.ok());
  for (const char* v : {"10", "11", "13", "18", "19"})
    EXPECT_NE(q.error().message.find(v), std::string::npos) << v << " missing from: " << q.error().message;
  try {
    (void)onnx::make_plan(static_cast<onnx::op_version>(42), {}, nd::dims{4}, {{}, {}, {}});
    ADD_FAILURE() << "no throw";
  } catch (const nd::resize_error& e) {
    EXPECT_EQ(e.code(), nd::error_code::invalid_attribute);
    EXPECT_EQ(std::string(e.what()), q.error().message);
  }
}

}  // namespace
