// SPDX-License-Identifier: Apache-2.0
// The 40 official ONNX backend vectors for Resize/Upsample, read from the conformance folder
// (never copied into the project), run through the runtime front door exactly as a runtime
// would: operator name, opset, attributes as in the model, inputs as tensors.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>
#include <ndresize/ndresize.hpp>

#include "json_attributes.hpp"
#include "npy.hpp"

namespace fs = std::filesystem;

namespace {

const fs::path root = fs::path(NDRESIZE_CONFORMANCE_DIR) / "onnx";

std::vector<std::string> case_names() {
  std::vector<std::string> names;
  std::ifstream f(root / "index.json");
  if (!f) return names;
  const auto j = nlohmann::json::parse(f);
  for (const auto& n : j.at("cases")) names.push_back(n.get<std::string>());
  return names;
}

double largest_error = 0.0;
int passed = 0;

class Conformance : public ::testing::TestWithParam<std::string> {};

TEST_P(Conformance, MatchesExpectedOutput) {
  const fs::path dir = root / GetParam();
  std::ifstream f(dir / "case.json");
  ASSERT_TRUE(f) << dir;
  const auto c = nlohmann::json::parse(f);
  npy::array x, roi, scales, sizes;
  for (const auto& in : c.at("inputs")) {
    if (in.at("file").is_null()) continue;
    const auto a = npy::load((dir / in.at("file").get<std::string>()).string());
    const auto name = in.at("name").get<std::string>();
    (name == "X" ? x : name == "roi" ? roi : name == "scales" ? scales : sizes) = a;
  }
  const auto expected = npy::load((dir / c.at("output").at("file").get<std::string>()).string());
  ASSERT_EQ(x.type, ndresize::element_type::float32);
  // an input that is not given stays an empty array (no bytes): an empty span
  auto count = [](const npy::array& a, std::size_t bytes) { return a.bytes.size() / bytes; };
  std::vector<double> roi_d(roi.data<float>(), roi.data<float>() + count(roi, 4));
  ndresize::onnx::resize_inputs inputs{roi_d, {scales.data<float>(), count(scales, 4)},
                                       {sizes.data<std::int64_t>(), count(sizes, 8)}};
  const auto attrs = npy::attributes_from_json(c.at("attributes"));
  const auto plan = ndresize::onnx::make_plan(c.at("op").get<std::string>(), c.at("opset").get<int>(), attrs, x.shape, inputs);
  ASSERT_EQ(plan.output_shape(), expected.shape) << "output shape";
  std::vector<float> y(static_cast<std::size_t>(plan.output_size()), std::nanf(""));
  ndresize::execute<float>(plan, ndresize::tensor_view<const float>(x.data<float>(), x.shape),
                           ndresize::tensor_view<float>(y.data(), plan.output_shape()));
  double worst = 0.0;
  for (std::size_t i = 0; i < y.size(); ++i) {
    const double e = expected.data<float>()[i];
    const double err = std::abs(static_cast<double>(y[i]) - e);
    EXPECT_LE(err, 1e-5 * std::max(1.0, std::abs(e))) << "element " << i << ": got " << y[i] << ", expected " << e;
    worst = std::max(worst, err);
  }
  largest_error = std::max(largest_error, worst);
  if (!HasFailure()) ++passed;
  RecordProperty("largest_abs_error", std::to_string(worst));
}

INSTANTIATE_TEST_SUITE_P(Onnx, Conformance, ::testing::ValuesIn(case_names()),
                         [](const auto& param_info) { return param_info.param; });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(Conformance);

// Reports the totals, and makes an absent folder visible: SKIPPED locally, a failure where
// the vectors are required (CI).
TEST(ConformanceSuite, FolderPresentAndSummary) {
  const auto names = case_names();
  if (names.empty()) {
    if (NDRESIZE_REQUIRE_CONFORMANCE) FAIL() << "conformance vectors not found under " << root;
    GTEST_SKIP() << "conformance vectors not found under " << root
                 << " (set -DNDRESIZE_CONFORMANCE_DIR=<folder holding onnx/index.json>)";
  }
  EXPECT_EQ(names.size(), 40u);
}

class Summary : public ::testing::Environment {
 public:
  void TearDown() override {
    if (!case_names().empty())
      std::printf("conformance: %d/%zu cases passed, largest |got - expected| = %.3g\n", passed, case_names().size(),
                  largest_error);
  }
};
const auto* const summary = ::testing::AddGlobalTestEnvironment(new Summary);

}  // namespace
