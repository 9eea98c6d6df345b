// SPDX-License-Identifier: Apache-2.0
// Checks the naive reference itself against the 40 official ONNX vectors (read from the
// conformance folder, never copied into the project): the differential test trusts the
// reference, so the reference must first reproduce what ONNX publishes. The library takes no
// part here — attributes are read from case.json straight into the reference's node.
#include <gtest/gtest.h>

#include <cmath>

#include "support/conformance_vectors.hpp"
#include "support/naive_reference.hpp"

namespace {

using conformance::case_names;
using conformance::root;

naive::node node_of(const conformance::vector_case& c) {
  naive::node n;
  if (c.op == "Upsample")
    n.version = c.opset >= 9 ? naive::op::upsample_9 : naive::op::upsample_7;
  else if (c.opset >= 19)
    n.version = naive::op::resize_19;
  else if (c.opset == 18)
    n.version = naive::op::resize_18;
  else if (c.opset >= 13)
    n.version = naive::op::resize_13;
  else if (c.opset >= 11)
    n.version = naive::op::resize_11;
  else
    n.version = naive::op::resize_10;
  for (const auto& [name, v] : c.attributes.items()) {
    if (name == "mode")
      n.mode = v.get<std::string>();
    else if (name == "coordinate_transformation_mode")
      n.coordinate_transformation_mode = v.get<std::string>();
    else if (name == "nearest_mode")
      n.nearest_mode = v.get<std::string>();
    else if (name == "keep_aspect_ratio_policy")
      n.keep_aspect_ratio_policy = v.get<std::string>();
    else if (name == "cubic_coeff_a")
      n.cubic_coeff_a = v.get<float>();
    else if (name == "extrapolation_value")
      n.extrapolation_value = v.get<float>();
    else if (name == "exclude_outside")
      n.exclude_outside = v.get<int>() != 0;
    else if (name == "antialias")
      n.antialias = v.get<int>() != 0;
    else if (name == "axes")
      n.axes = v.get<std::vector<std::int64_t>>();
    else
      ADD_FAILURE() << "attribute " << name << " unknown to this test";
  }
  n.roi.assign(c.roi.data<float>(), c.roi.data<float>() + conformance::count(c.roi));
  n.scales.assign(c.scales.data<float>(), c.scales.data<float>() + conformance::count(c.scales));
  n.sizes.assign(c.sizes.data<std::int64_t>(), c.sizes.data<std::int64_t>() + conformance::count(c.sizes));
  return n;
}

class ReferenceConformance : public ::testing::TestWithParam<std::string> {};

TEST_P(ReferenceConformance, NaiveReferenceReproducesVector) {
  const auto c = conformance::load(GetParam());
  const naive::node n = node_of(c);
  ASSERT_EQ(c.x.type, ndresize::element_type::float32);
  const std::vector<std::int64_t> shape(c.x.shape.begin(), c.x.shape.end());
  const std::vector<double> xd(c.x.data<float>(), c.x.data<float>() + c.x.size());

  const naive::geometry g = naive::resolve(n, shape);
  ASSERT_EQ(g.output_shape(), std::vector<std::int64_t>(c.expected.shape.begin(), c.expected.shape.end()));
  for (std::int64_t i = 0; i < g.output_size(); ++i) {
    const double got = naive::evaluate(g, xd, i).value;
    const double want = c.expected.data<float>()[i];
    // The vectors are float32 roundings of float64 results: one float32 rounding apart.
    EXPECT_LE(std::abs(static_cast<float>(got) - want), 2e-7 * std::max(1.0, std::abs(want)))
        << "element " << i << ": reference " << got << ", vector " << want;
  }
}

INSTANTIATE_TEST_SUITE_P(Onnx, ReferenceConformance, ::testing::ValuesIn(case_names()),
                         [](const auto& param_info) { return param_info.param; });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ReferenceConformance);

// An absent folder is visible: SKIPPED locally, a failure where the vectors are required (CI).
TEST(ReferenceConformanceSuite, FolderPresent) {
  const auto names = case_names();
  if (names.empty()) {
    if (NDRESIZE_REQUIRE_CONFORMANCE) FAIL() << "conformance vectors not found under " << root;
    GTEST_SKIP() << "conformance vectors not found under " << root;
  }
  EXPECT_EQ(names.size(), 40u);
}

}  // namespace
