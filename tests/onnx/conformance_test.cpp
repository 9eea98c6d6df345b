// SPDX-License-Identifier: Apache-2.0
// The 40 official ONNX backend vectors for Resize/Upsample, read from the conformance folder
// (never copied into the project), run through the runtime front door exactly as a runtime
// would: operator name, opset, attributes as in the model, inputs as tensors.
#include <gtest/gtest.h>

#include <cmath>

#include <ndresize/ndresize.hpp>

#include "json_attributes.hpp"
#include "support/conformance_vectors.hpp"

namespace {

using conformance::case_names;
using conformance::root;

double largest_error = 0.0;
int passed = 0;

class Conformance : public ::testing::TestWithParam<std::string> {};

TEST_P(Conformance, MatchesExpectedOutput) {
  const auto c = conformance::load(GetParam());
  ASSERT_EQ(c.x.type, ndresize::element_type::float32);
  const std::vector<double> roi(c.roi.data<float>(), c.roi.data<float>() + conformance::count(c.roi));
  const ndresize::onnx::resize_inputs inputs{roi,
                                             {c.scales.data<float>(), conformance::count(c.scales)},
                                             {c.sizes.data<std::int64_t>(), conformance::count(c.sizes)}};
  const auto attrs = npy::attributes_from_json(c.attributes);
  const auto plan = ndresize::onnx::make_plan(c.op, c.opset, attrs, c.x.shape, inputs);
  ASSERT_EQ(plan.output_shape(), c.expected.shape) << "output shape";
  std::vector<float> y(static_cast<std::size_t>(plan.output_size()), std::nanf(""));
  ndresize::execute<float>(plan, ndresize::tensor_view<const float>(c.x.data<float>(), c.x.shape),
                           ndresize::tensor_view<float>(y.data(), plan.output_shape()));
  double worst = 0.0;
  for (std::size_t i = 0; i < y.size(); ++i) {
    const double e = c.expected.data<float>()[i];
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
