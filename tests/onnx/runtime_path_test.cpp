// SPDX-License-Identifier: Apache-2.0
// What an inference runtime uses besides compute: onnx::make_plan_key (equal keys for calls that
// must give the same plan — the opsets of one operator version, the same values in new
// containers —, different keys for any difference a plan depends on, equal keys only where the
// plans are equal, checked on their tables), and onnx::compute / ascend::compute on the
// runtime's own executor (the sequential bits, the work on the executor's threads).
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

#include <ndresize/ascend/compute.hpp>
#include <ndresize/onnx/compute.hpp>
#include <ndresize/onnx/opset.hpp>
#include <ndresize/onnx/plan_key.hpp>

namespace {

namespace nd = ndresize;
namespace onnx = ndresize::onnx;

const onnx::attribute_map linear = {{"mode", std::string("linear")}};

onnx::plan_key key(std::int64_t opset, const onnx::attribute_map& attrs, const nd::dims& x,
                   const std::vector<float>& scales, const std::vector<std::int64_t>& sizes = {},
                   const std::vector<double>& roi = {}) {
  return onnx::make_plan_key("Resize", opset, attrs, x, {roi, scales, sizes});
}

void expect_same_tables(const nd::resize_plan& a, const nd::resize_plan& b) {
  ASSERT_EQ(a.output_shape(), b.output_shape());
  for (int d = 0; d < a.output_shape().size(); ++d) {
    EXPECT_EQ(a.table(d).tap_index, b.table(d).tap_index);
    EXPECT_EQ(a.table(d).tap_weight, b.table(d).tap_weight);
  }
}

TEST(PlanKey, OneOperatorVersionOneKey) {
  // Opsets 14 to 17 are all Resize-13.
  EXPECT_EQ(key(14, linear, {1, 2, 4}, {1, 1, 2}), key(17, linear, {1, 2, 4}, {1, 1, 2}));
  EXPECT_NE(key(13, linear, {1, 2, 4}, {1, 1, 2}), key(18, linear, {1, 2, 4}, {1, 1, 2}));
  // The same values in other containers.
  const std::vector<float> s = {1, 1, 2};
  EXPECT_EQ(key(19, linear, {1, 2, 4}, s),
            key(19, onnx::attribute_map(linear), nd::dims{1, 2, 4}, std::vector<float>(s)));
}

TEST(PlanKey, EveryInputOfThePlanChangesTheKey) {
  const auto base = key(19, linear, {1, 2, 4}, {1, 1, 2});
  EXPECT_NE(base, key(19, {{"mode", std::string("cubic")}}, {1, 2, 4}, {1, 1, 2}));  // attribute value
  EXPECT_NE(base, key(19, {{"mode", std::string("linear")}, {"antialias", std::int64_t{0}}}, {1, 2, 4},
                      {1, 1, 2}));                                                  // one more attribute
  EXPECT_NE(base, key(19, linear, {1, 2, 5}, {1, 1, 2}));                           // X's shape
  EXPECT_NE(base, key(19, linear, {1, 2, 4}, {1, 1, std::nextafter(2.0f, 3.0f)}));  // a scale's last bit
  EXPECT_NE(base, key(19, linear, {1, 2, 4}, {}, {1, 2, 8}));                       // sizes for scales
  EXPECT_NE(base, key(19, linear, {1, 2, 4}, {1, 1, 2}, {}, {0, 0, 0, 1, 1, 1}));   // roi
  // An attribute's type is part of it: INT 1 and FLOAT 1 differ.
  EXPECT_NE(key(19, {{"cubic_coeff_a", std::int64_t{1}}}, {4}, {2}), key(19, {{"cubic_coeff_a", 1.0f}}, {4}, {2}));
  // Lengths are written before contents: moving a value from scales to sizes is another key.
  EXPECT_NE(key(19, linear, {2}, {}, {4}), key(19, linear, {2}, {2}, {}));
}

TEST(PlanKey, AnInvalidOpsetHasAKeyToo) {
  EXPECT_EQ(onnx::make_plan_key("Resize", 9, linear, {4}, {}), onnx::make_plan_key("Resize", 9, linear, {4}, {}));
  EXPECT_NE(onnx::make_plan_key("Resize", 9, linear, {4}, {}), onnx::make_plan_key("Resize", 8, linear, {4}, {}));
  EXPECT_NE(onnx::make_plan_key("Resize", 9, linear, {4}, {}), onnx::make_plan_key("Upsample", 9, linear, {4}, {}));
}

TEST(PlanKey, ACacheReturnsThePlanThatWouldBeMade) {
  std::unordered_map<onnx::plan_key, nd::resize_plan> cache;
  const std::vector<float> up = {1, 1, 2.5f};
  for (std::int64_t opset : {13, 14, 15, 16, 17}) {
    const onnx::resize_inputs in{{}, up, {}};
    const auto k = onnx::make_plan_key("Resize", opset, linear, {1, 3, 7}, in);
    auto it = cache.find(k);
    if (it == cache.end()) it = cache.emplace(k, onnx::make_plan("Resize", opset, linear, {1, 3, 7}, in)).first;
    expect_same_tables(it->second, onnx::make_plan("Resize", opset, linear, {1, 3, 7}, in));
  }
  EXPECT_EQ(cache.size(), 1u);
}

// An executor that runs the items on the calling thread and counts them.
struct counting_executor {
  std::atomic<long> items{0};
  nd::executor get() {
    return nd::executor(4, [this](nd::index_t n, const std::function<void(nd::index_t)>& body) {
      for (nd::index_t i = 0; i < n; ++i) {
        ++items;
        body(i);
      }
    });
  }
};

TEST(RuntimePath, ComputeRunsOnTheRuntimesExecutor) {
  std::vector<float> x(3 * 40 * 50);
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>((i * 7919) % 1000) / 10.0f;
  const onnx::attribute_map attrs = {{"mode", std::string("cubic")}};
  const std::vector<float> scales = {1, 1.5f, 0.75f};
  const nd::any_const_tensor_view ax(nd::element_type::float32, x.data(), {3, 40, 50});
  std::vector<float> seq(3 * 60 * 37), par(seq.size());
  nd::workspace ws;
  onnx::compute("Resize", 19, attrs, ax, {.scales = scales}, {nd::element_type::float32, seq.data(), {3, 60, 37}}, ws);
  counting_executor ex;
  onnx::compute("Resize", 19, attrs, ax, {.scales = scales}, {nd::element_type::float32, par.data(), {3, 60, 37}}, ws,
                ex.get());
  EXPECT_GT(ex.items.load(), 1);
  EXPECT_EQ(seq, par);
  // The Ascend front door too.
  std::vector<float> vol(1 * 2 * 4 * 6 * 8), a(1 * 2 * 8 * 12 * 16), b(a.size());
  for (std::size_t i = 0; i < vol.size(); ++i) vol[i] = static_cast<float>(i % 13);
  const onnx::attribute_map trilinear = {{"output_size", std::vector<std::int64_t>{8, 12, 16}}};
  const nd::any_const_tensor_view av(nd::element_type::float32, vol.data(), {1, 2, 4, 6, 8});
  nd::ascend::compute(trilinear, av, {nd::element_type::float32, a.data(), {1, 2, 8, 12, 16}}, ws);
  counting_executor ex2;
  nd::ascend::compute(trilinear, av, {nd::element_type::float32, b.data(), {1, 2, 8, 12, 16}}, ws, ex2.get());
  EXPECT_GT(ex2.items.load(), 1);
  EXPECT_EQ(a, b);
}

}  // namespace
