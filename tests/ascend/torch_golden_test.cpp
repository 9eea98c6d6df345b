// SPDX-License-Identifier: Apache-2.0
// ResizeUpsampleTrilinear against PyTorch: the committed vectors in golden/ (made by
// make_golden.py from F.interpolate(mode="trilinear") with size, with scale_factor and
// recompute_scale_factor=False, and from aten::upsample_trilinear3d with output_size and
// scales together) run through the runtime path a graph executor uses, ascend::compute with
// an attribute map parsed from the case's JSON, in both NCDHW and NDHWC layouts.
// PyTorch computes float32 coordinates in float and we compute them in double, so float32
// agrees to a few float ulps of the value range (|V| <= 10); float64 to rounding. 16-bit
// cases expect PyTorch's float64 result rounded once to the type (the operator's contract:
// compute in float, round once), within one ulp (not half: 16-bit inputs times dyadic weights
// often land exactly on a tie, which float's error then breaks either way). PyTorch 1.13's own
// bfloat16 output, which rounds intermediates, is compared too, with a bound that only catches
// gross errors.
#include <gtest/gtest.h>
#include <Eigen/Core>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>

#include <ndresize/ascend/compute.hpp>
#include <ndresize/ascend/upsample_trilinear3d.hpp>
#include <nlohmann/json.hpp>

#include "ascend/ascend_test_support.hpp"
#include "json_attributes.hpp"
#include "npy.hpp"

namespace fs = std::filesystem;

namespace {

using namespace ascend_test;

const fs::path golden_dir = NDRESIZE_ASCEND_GOLDEN_DIR;

nlohmann::json load_index() {
  std::ifstream f(golden_dir / "cases.json");
  if (!f) return nlohmann::json::object();
  return nlohmann::json::parse(f);
}

const nlohmann::json& index_json() {
  static const nlohmann::json j = load_index();
  return j;
}

std::vector<std::string> case_names() {
  std::vector<std::string> names;
  if (index_json().contains("cases"))
    for (const auto& c : index_json().at("cases")) names.push_back(c.at("name").get<std::string>());
  return names;
}

const nlohmann::json& case_of(const std::string& name) {
  for (const auto& c : index_json().at("cases"))
    if (c.at("name") == name) return c;
  throw std::runtime_error("no golden case " + name);
}

grid to_grid(const npy::array& a) {
  grid g;
  if (a.shape.size() != 5) throw std::runtime_error("golden arrays are 5-D");
  for (int r = 0; r < 5; ++r) g.e[static_cast<std::size_t>(r)] = a.shape[r];
  g.v.resize(static_cast<std::size_t>(a.size()));
  for (std::size_t i = 0; i < g.v.size(); ++i)
    g.v[i] = a.type == ndresize::element_type::float64 ? a.data<double>()[i] : static_cast<double>(a.data<float>()[i]);
  return g;
}

const std::string native_key = "bfloat16 native";

/// Largest error per element type, reported once at the end.
std::map<std::string, double>& largest() {
  static std::map<std::string, double> m;
  return m;
}

/// 16-bit: in ulps of the type, measured at max(|expected|, 1/16) so that a result that
/// cancels to almost 0 is judged by float's absolute error (~1e-6 here), not by the tiny ulps
/// there. Wider types: absolute.
double error_of(const std::string& dtype, double got, double expected) {
  const double diff = std::abs(got - expected);
  const double at = std::max(std::abs(expected), 1.0 / 16);
  if (dtype == "bfloat16") return diff / ulp_of<Eigen::bfloat16>(at);
  if (dtype == "float16") return diff / ulp_of<Eigen::half>(at);
  return diff;
}

template <class T>
void run_case(const std::string& dtype, const grid& x, const grid& expected, const grid* native,
              const ndresize::onnx::attribute_map& attrs) {
  const double tolerance = dtype == "float64" ? 1e-12 : dtype == "float32" ? 2e-5 : 1.0;
  for (layout l : {layout::ncdhw, layout::ndhwc}) {
    SCOPED_TRACE(std::string("layout ") + to_string(l));
    const auto in = store_as<T>(l, x);
    auto out = make_stored<T>(l, expected.extents(), static_cast<T>(std::nan("")));
    ndresize::ascend::compute(attrs, ndresize::any_const_tensor_view(in.cview()),
                              ndresize::any_tensor_view(out.view()));
    const grid got = load_grid(out);
    ASSERT_EQ(got.v.size(), expected.v.size());
    for (std::size_t i = 0; i < got.v.size(); ++i) {
      const double err = error_of(dtype, got.v[i], expected.v[i]);
      ASSERT_LE(err, tolerance) << "element " << i << ": got " << got.v[i] << ", torch " << expected.v[i];
      largest()[dtype] = std::max(largest()[dtype], err);
      if (native) {
        // absolute: a few bfloat16 roundings of values up to 10 (ulp 2^-4 at the top)
        const double n = std::abs(got.v[i] - native->v[i]);
        EXPECT_LE(n, 0.375) << "element " << i << ": got " << got.v[i] << ", torch bfloat16 kernel " << native->v[i];
        auto& worst = largest()[native_key];
        worst = std::max(worst, n);
      }
    }
  }
}

class TorchGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(TorchGolden, MatchesPyTorch) {
  const auto& c = case_of(GetParam());
  const auto name = c.at("name").get<std::string>();
  const grid x = to_grid(npy::load((golden_dir / (name + "_x.npy")).string()));
  const grid y = to_grid(npy::load((golden_dir / (name + "_y.npy")).string()));
  const auto attrs = npy::attributes_from_json(c.at("attributes"));
  // shape inference first: the plan alone must give PyTorch's output shape
  const auto plan = ndresize::ascend::make_plan(x.extents(), ndresize::ascend::parse_attributes(attrs));
  ASSERT_EQ(plan.output_shape(), y.extents());
  const auto dtype = c.at("dtype").get<std::string>();
  const fs::path native_file = golden_dir / (name + "_native.npy");
  std::optional<grid> native;
  if (fs::exists(native_file)) native = to_grid(npy::load(native_file.string()));
  const grid* n = native ? &*native : nullptr;
  if (dtype == "float32")
    run_case<float>(dtype, x, y, n, attrs);
  else if (dtype == "float64")
    run_case<double>(dtype, x, y, n, attrs);
  else if (dtype == "bfloat16")
    run_case<Eigen::bfloat16>(dtype, x, y, n, attrs);
  else if (dtype == "float16")
    run_case<Eigen::half>(dtype, x, y, n, attrs);
  else
    FAIL() << "unknown dtype " << dtype;
}

INSTANTIATE_TEST_SUITE_P(Vectors, TorchGolden, ::testing::ValuesIn(case_names()),
                         [](const ::testing::TestParamInfo<std::string>& p) { return p.param; });

TEST(TorchGoldenIndex, HasTheCommittedCases) {
  // the vectors are part of the repository: their absence is a failure, not a skip
  EXPECT_GE(case_names().size(), 24u) << "missing or short " << (golden_dir / "cases.json");
}

class Report : public ::testing::Environment {
 public:
  void TearDown() override {
    for (const auto& [dtype, e] : largest()) {
      if (dtype == native_key)
        std::printf(
            "[ ascend   ] bfloat16 vs PyTorch 1.13's own bfloat16 kernel (rounds intermediates): largest error %.3g "
            "(absolute)\n",
            e);
      else
        std::printf("[ ascend   ] %s vs PyTorch: largest error %.3g %s\n", dtype.c_str(), e,
                    dtype == "float16" || dtype == "bfloat16" ? "ulp (at max(|V|, 1/16))" : "(absolute, |V| <= 10)");
    }
  }
};
const auto* report = ::testing::AddGlobalTestEnvironment(new Report);

}  // namespace
