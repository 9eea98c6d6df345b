// SPDX-License-Identifier: Apache-2.0
// Checks the naive reference itself against the 40 official ONNX vectors (read from the
// conformance folder, never copied into the project): the differential test trusts the
// reference, so the reference must first reproduce what ONNX publishes. The library takes no
// part here — attributes are read from case.json straight into the reference's node.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "npy.hpp"
#include "support/naive_reference.hpp"

namespace fs = std::filesystem;

namespace {

const fs::path root = fs::path(NDRESIZE_CONFORMANCE_DIR) / "onnx";

std::vector<std::string> case_names() {
  std::vector<std::string> names;
  std::ifstream f(root / "index.json");
  if (!f) return names;
  const auto index = nlohmann::json::parse(f);  // named: a temporary would die before the loop runs
  for (const auto& n : index.at("cases")) names.push_back(n.get<std::string>());
  return names;
}

naive::node node_of(const nlohmann::json& c) {
  naive::node n;
  const auto op = c.at("op").get<std::string>();
  const int opset = c.at("opset").get<int>();
  if (op == "Upsample") n.version = opset >= 9 ? naive::op::upsample_9 : naive::op::upsample_7;
  else if (opset >= 19) n.version = naive::op::resize_19;
  else if (opset == 18) n.version = naive::op::resize_18;
  else if (opset >= 13) n.version = naive::op::resize_13;
  else if (opset >= 11) n.version = naive::op::resize_11;
  else n.version = naive::op::resize_10;
  for (const auto& [name, v] : c.at("attributes").items()) {
    if (name == "mode") n.mode = v.get<std::string>();
    else if (name == "coordinate_transformation_mode") n.coordinate_transformation_mode = v.get<std::string>();
    else if (name == "nearest_mode") n.nearest_mode = v.get<std::string>();
    else if (name == "keep_aspect_ratio_policy") n.keep_aspect_ratio_policy = v.get<std::string>();
    else if (name == "cubic_coeff_a") n.cubic_coeff_a = v.get<float>();
    else if (name == "extrapolation_value") n.extrapolation_value = v.get<float>();
    else if (name == "exclude_outside") n.exclude_outside = v.get<int>() != 0;
    else if (name == "antialias") n.antialias = v.get<int>() != 0;
    else if (name == "axes") n.axes = v.get<std::vector<std::int64_t>>();
    else ADD_FAILURE() << "attribute " << name << " unknown to this test";
  }
  return n;
}

class ReferenceConformance : public ::testing::TestWithParam<std::string> {};

TEST_P(ReferenceConformance, NaiveReferenceReproducesVector) {
  const fs::path dir = root / GetParam();
  std::ifstream f(dir / "case.json");
  ASSERT_TRUE(f) << dir;
  const auto c = nlohmann::json::parse(f);
  naive::node n = node_of(c);
  npy::array x;
  for (const auto& in : c.at("inputs")) {
    if (in.at("file").is_null()) continue;
    const auto a = npy::load((dir / in.at("file").get<std::string>()).string());
    const auto name = in.at("name").get<std::string>();
    const auto count = static_cast<std::size_t>(a.size());
    if (name == "X") x = a;
    else if (name == "roi") n.roi.assign(a.data<float>(), a.data<float>() + count);
    else if (name == "scales") n.scales.assign(a.data<float>(), a.data<float>() + count);
    else if (name == "sizes") n.sizes.assign(a.data<std::int64_t>(), a.data<std::int64_t>() + count);
  }
  const auto expected = npy::load((dir / c.at("output").at("file").get<std::string>()).string());
  ASSERT_EQ(x.type, ndresize::element_type::float32);
  const std::vector<std::int64_t> shape(x.shape.begin(), x.shape.end());
  const std::vector<double> xd(x.data<float>(), x.data<float>() + x.size());

  const naive::geometry g = naive::resolve(n, shape);
  ASSERT_EQ(g.output_shape(), std::vector<std::int64_t>(expected.shape.begin(), expected.shape.end()));
  for (std::int64_t i = 0; i < g.output_size(); ++i) {
    const double got = naive::evaluate(g, xd, i).value;
    const double want = expected.data<float>()[i];
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
