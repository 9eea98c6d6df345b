// SPDX-License-Identifier: Apache-2.0
// The non-throwing API (error.hpp): every try_ function gives the same bits as its throwing
// twin on valid input, and on bad input returns the very error (code and whole message) that
// the twin throws, leaving the output untouched. The throwing forms are defined as the try_
// forms plus a throw; these tests hold the two to that from outside, level by level: plans,
// typed and type-erased execution, the ONNX and Ascend front doors, the easy calls, resample,
// Eigen, and the few constructors that check their arguments.
#include <gtest/gtest.h>

#include <unsupported/Eigen/CXX11/Tensor>

#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include <ndresize/interop/eigen.hpp>
#include <ndresize/ndresize.hpp>

namespace nd = ndresize;
namespace onnx = ndresize::onnx;
namespace ascend = ndresize::ascend;
using nd::dims;
using nd::index_t;

namespace {

constexpr float canary = -777.0f;

/// trying() fails, throwing() throws resize_error, and both report the same code and message
/// (which has the documented "ndresize: <code>: " prefix).
template <class Throwing, class Trying>
void expect_same_error(Throwing&& throwing, Trying&& trying) {
  const auto r = trying();
  ASSERT_FALSE(r.ok()) << "the try_ form succeeded";
  EXPECT_FALSE(static_cast<bool>(r));
  const nd::error& e = r.error();
  EXPECT_EQ(e.message.rfind("ndresize: " + std::string(nd::to_string(e.code)) + ": ", 0), 0u) << e.message;
  try {
    throwing();
    ADD_FAILURE() << "no exception; the try_ form said: " << e.message;
  } catch (const nd::resize_error& thrown) {
    EXPECT_EQ(thrown.code(), e.code);
    EXPECT_EQ(std::string(thrown.what()), e.message);
  }
}

std::vector<float> ramp(std::size_t n) {
  std::vector<float> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = std::sin(static_cast<float>(i) * 0.7f) * 100.0f;
  return v;
}

bool all_canary(const std::vector<float>& v) {
  for (float f : v)
    if (f != canary) return false;
  return true;
}

bool same_bits(const float* a, const float* b, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i)
    if (std::memcmp(&a[i], &b[i], sizeof(float)) != 0) return false;
  return true;
}

nd::resize_attributes cubic_antialias() {
  nd::resize_attributes a;
  a.mode = nd::enums::mode::cubic;
  a.antialias = 1;
  return a;
}

// ---- error, status, result ----

TEST(TryApi, ResultAndStatusHoldWhatTheySay) {
  const nd::error e = nd::make_error(nd::error_code::invalid_input, "Resize-19", "input 'scales': bad");
  EXPECT_EQ(e.message, "ndresize: invalid_input: Resize-19: input 'scales': bad");
  const nd::status ok;
  EXPECT_TRUE(ok.ok());
  const nd::status failed = e;
  ASSERT_FALSE(failed.ok());
  EXPECT_EQ(failed.error(), e);
  const nd::result<int> value = 3;
  ASSERT_TRUE(value.ok());
  EXPECT_EQ(*value, 3);
  EXPECT_EQ(value.value(), 3);
  const nd::result<int> no_value = e;
  ASSERT_FALSE(no_value.ok());
  EXPECT_EQ(no_value.error().code, nd::error_code::invalid_input);
  // value() of a failure is the throwing API's one throw: resize_error built from the error.
  try {
    (void)no_value.value();
    FAIL();
  } catch (const nd::resize_error& thrown) {
    EXPECT_EQ(thrown.code(), e.code);
    EXPECT_EQ(std::string(thrown.what()), e.message);
  }
  EXPECT_THROW(failed.value(), nd::resize_error);
  // resize_error built from parts reads as make_error does.
  EXPECT_EQ(std::string(nd::resize_error(nd::error_code::invalid_shape, "tensor", "x").what()),
            nd::make_error(nd::error_code::invalid_shape, "tensor", "x").message);
}

// ---- valid input: the same bits ----

TEST(TryApi, TypedPlanAndExecuteGiveTheSameBits) {
  const std::vector<float> xs = ramp(2 * 3 * 7 * 9);
  const nd::tensor_view<const float> x(xs.data(), {2, 3, 7, 9});
  const std::array<float, 4> scales = {1, 1, 0.6f, 1.7f};
  const auto a = cubic_antialias();
  const nd::resize_plan thrown_plan = nd::make_plan(x.extents(), a, {{}, scales, {}});
  const nd::result<nd::resize_plan> plan = nd::try_make_plan(x.extents(), a, {{}, scales, {}});
  ASSERT_TRUE(plan.ok()) << plan.error().message;
  EXPECT_EQ(plan->output_shape(), thrown_plan.output_shape());
  const auto n = static_cast<std::size_t>(nd::checked_element_count(plan->output_shape()));

  std::vector<float> expected(n, canary), into(n, canary), into_ws(n, canary);
  nd::execute<float>(thrown_plan, x, nd::tensor_view<float>(expected.data(), thrown_plan.output_shape()));
  ASSERT_TRUE(nd::try_execute<float>(*plan, x, nd::tensor_view<float>(into.data(), plan->output_shape())).ok());
  nd::workspace ws;
  nd::thread_pool pool(2);
  ASSERT_TRUE(nd::try_execute<float>(*plan, x, nd::tensor_view<float>(into_ws.data(), plan->output_shape()), ws,
                                     pool.get_executor())
                  .ok());
  const nd::result<nd::tensor<float>> returned = nd::try_execute<float>(*plan, x);
  ASSERT_TRUE(returned.ok());
  EXPECT_TRUE(same_bits(into.data(), expected.data(), n));
  EXPECT_TRUE(same_bits(into_ws.data(), expected.data(), n));
  EXPECT_TRUE(same_bits(returned->data(), expected.data(), n));

  // The easy calls.
  const nd::tensor<float> easy = nd::resize<float>(x, scales, a);
  const nd::result<nd::tensor<float>> try_easy = nd::try_resize<float>(x, scales, a);
  ASSERT_TRUE(try_easy.ok());
  EXPECT_TRUE(same_bits(try_easy->data(), easy.data(), n));
  EXPECT_TRUE(same_bits(easy.data(), expected.data(), n));
  std::vector<float> into_y(n, canary), try_into_y(n, canary);
  nd::resize<nd::policy::linear, nd::policy::align_corners>(x, nd::tensor_view<float>(into_y.data(), easy.extents()));
  ASSERT_TRUE((nd::try_resize<nd::policy::linear, nd::policy::align_corners>(
                   x, nd::tensor_view<float>(try_into_y.data(), easy.extents())))
                  .ok());
  EXPECT_TRUE(same_bits(try_into_y.data(), into_y.data(), n));
  const std::array<float, 4> up = {1, 1, 2, 3};
  const auto nearest = nd::upsample_nearest<float>(x, up);
  const auto try_nearest = nd::try_upsample_nearest<float>(x, up);
  ASSERT_TRUE(try_nearest.ok());
  EXPECT_TRUE(same_bits(try_nearest->data(), nearest.data(), static_cast<std::size_t>(nearest.size())));
  const auto linear = nd::upsample_linear<float>(x, up);
  const auto try_linear = nd::try_upsample_linear<float>(x, up);
  ASSERT_TRUE(try_linear.ok());
  EXPECT_TRUE(same_bits(try_linear->data(), linear.data(), static_cast<std::size_t>(linear.size())));
  std::vector<float> tri(2 * 5 * 4 * 4, canary), try_tri(tri.size(), canary);
  nd::trilinear(x, nd::tensor_view<float>(tri.data(), {2, 5, 4, 4}));
  ASSERT_TRUE(nd::try_trilinear(x, nd::tensor_view<float>(try_tri.data(), {2, 5, 4, 4})).ok());
  EXPECT_TRUE(same_bits(try_tri.data(), tri.data(), tri.size()));
}

TEST(TryApi, OnnxVersionsAndFrontDoorGiveTheSameBits) {
  const std::vector<float> xs = ramp(1 * 2 * 5 * 6);
  const nd::tensor_view<const float> x(xs.data(), {1, 2, 5, 6});
  const std::vector<float> scales = {1, 1, 1.5f, 0.5f};
  const dims out{1, 2, 7, 3};
  const std::size_t n = 42;
  nd::resize_attributes a;
  a.mode = nd::enums::mode::linear;
  for (auto v : {onnx::op_version::resize_11, onnx::op_version::resize_13, onnx::op_version::resize_18,
                 onnx::op_version::resize_19}) {
    std::vector<float> thrown(n, canary), tried(n, canary);
    onnx::resize<float>(v, x, nd::tensor_view<float>(thrown.data(), out), a, {{}, scales, {}});
    ASSERT_TRUE(onnx::try_resize<float>(v, x, nd::tensor_view<float>(tried.data(), out), a, {{}, scales, {}}).ok());
    EXPECT_TRUE(same_bits(tried.data(), thrown.data(), n)) << onnx::name(v);
    const auto returned = onnx::try_resize<float>(v, x, a, {{}, scales, {}});
    ASSERT_TRUE(returned.ok());
    EXPECT_TRUE(same_bits(returned->data(), thrown.data(), n)) << onnx::name(v);
  }
  {
    std::vector<float> thrown(n, canary), tried(n, canary);
    onnx::resize_19<float>(x, nd::tensor_view<float>(thrown.data(), out), a, {}, scales);
    ASSERT_TRUE(onnx::try_resize_19<float>(x, nd::tensor_view<float>(tried.data(), out), a, {}, scales).ok());
    EXPECT_TRUE(same_bits(tried.data(), thrown.data(), n));
    onnx::resize_10<float>(x, nd::tensor_view<float>(thrown.data(), out), nd::enums::mode::linear, scales);
    ASSERT_TRUE(
        onnx::try_resize_10<float>(x, nd::tensor_view<float>(tried.data(), out), nd::enums::mode::linear, scales).ok());
    EXPECT_TRUE(same_bits(tried.data(), thrown.data(), n));
  }
  {
    const std::vector<float> up = {1, 1, 2, 1};
    const dims up_out{1, 2, 10, 6};
    std::vector<float> thrown(120, canary), tried(120, canary);
    onnx::upsample_9<float>(x, nd::tensor_view<float>(thrown.data(), up_out), nd::enums::mode::nearest, up);
    ASSERT_TRUE(
        onnx::try_upsample_9<float>(x, nd::tensor_view<float>(tried.data(), up_out), nd::enums::mode::nearest, up)
            .ok());
    EXPECT_TRUE(same_bits(tried.data(), thrown.data(), 120));
    onnx::upsample_7<float>(x, nd::tensor_view<float>(thrown.data(), up_out), nd::enums::mode::linear, up);
    ASSERT_TRUE(
        onnx::try_upsample_7<float>(x, nd::tensor_view<float>(tried.data(), up_out), nd::enums::mode::linear, up).ok());
    EXPECT_TRUE(same_bits(tried.data(), thrown.data(), 120));
  }
  // The runtime's call: type-erased tensors, attribute map, opset.
  const onnx::attribute_map attrs{{"mode", std::string("cubic")}, {"antialias", std::int64_t{1}}};
  const nd::any_const_tensor_view xv(x);
  std::vector<float> thrown(n, canary), tried(n, canary), erased(n, canary);
  onnx::compute("Resize", 19, attrs, xv, {{}, scales, {}},
                nd::any_tensor_view(nd::tensor_view<float>(thrown.data(), out)));
  nd::workspace ws;
  ASSERT_TRUE(onnx::try_compute("Resize", 19, attrs, xv, {{}, scales, {}},
                                nd::any_tensor_view(nd::tensor_view<float>(tried.data(), out)), ws)
                  .ok());
  EXPECT_TRUE(same_bits(tried.data(), thrown.data(), n));
  const auto plan = onnx::try_make_plan("Resize", 19, attrs, x.extents(), {{}, scales, {}});
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ(plan->output_shape(), out);
  EXPECT_EQ(onnx::make_plan("Resize", 19, attrs, x.extents(), {{}, scales, {}}).output_shape(), out);
  ASSERT_TRUE(nd::try_execute(*plan, xv, nd::any_tensor_view(nd::tensor_view<float>(erased.data(), out))).ok());
  EXPECT_TRUE(same_bits(erased.data(), thrown.data(), n));
  const auto v = onnx::try_version_for("Resize", 14);
  ASSERT_TRUE(v.ok());
  EXPECT_EQ(*v, onnx::version_for("Resize", 14));
}

TEST(TryApi, AscendFormsGiveTheSameBits) {
  const std::vector<float> xs = ramp(1 * 2 * 3 * 4 * 5);
  const nd::tensor_view<const float> x(xs.data(), {1, 2, 3, 4, 5});
  const onnx::attribute_map attrs{{"output_size", std::vector<std::int64_t>{5, 3, 8}}};
  const auto a = ascend::try_parse_attributes(attrs);
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a->output_size, ascend::parse_attributes(attrs).output_size);
  const dims out{1, 2, 5, 3, 8};
  const std::size_t n = 240;
  std::vector<float> thrown(n, canary), typed(n, canary), erased(n, canary), runtime(n, canary);
  ascend::compute(attrs, nd::any_const_tensor_view(x), nd::any_tensor_view(nd::tensor_view<float>(thrown.data(), out)));
  ASSERT_TRUE(ascend::try_compute(attrs, nd::any_const_tensor_view(x),
                                  nd::any_tensor_view(nd::tensor_view<float>(runtime.data(), out)))
                  .ok());
  ASSERT_TRUE(ascend::try_upsample_trilinear3d<float>(x, nd::tensor_view<float>(typed.data(), out), *a).ok());
  ASSERT_TRUE(ascend::try_upsample_trilinear3d(nd::any_const_tensor_view(x),
                                               nd::any_tensor_view(nd::tensor_view<float>(erased.data(), out)), *a)
                  .ok());
  const auto returned = ascend::try_upsample_trilinear3d<float>(x, *a);
  ASSERT_TRUE(returned.ok());
  EXPECT_TRUE(same_bits(runtime.data(), thrown.data(), n));
  EXPECT_TRUE(same_bits(typed.data(), thrown.data(), n));
  EXPECT_TRUE(same_bits(erased.data(), thrown.data(), n));
  EXPECT_TRUE(same_bits(returned->data(), thrown.data(), n));
  const auto plan = ascend::try_make_plan(x.extents(), *a);
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ(plan->output_shape(), ascend::make_plan(x.extents(), *a).output_shape());
  const auto strides = ascend::try_ndhwc_strides({2, 3, 4, 5, 6});
  ASSERT_TRUE(strides.ok());
  EXPECT_EQ(*strides, (dims{360, 1, 90, 18, 3}));  // physical order N, D, H, W, C
}

TEST(TryApi, ResampleAndEigenGiveTheSameBits) {
  const std::vector<float> xs = ramp(3 * 8 * 6);
  const nd::tensor_view<const float> x(xs.data(), {3, 8, 6});
  nd::resample_options o;
  o.axes = {1, 2};
  const std::array<double, 2> scales = {0.4, 1.5};
  const auto thrown = nd::resample<float>(x, scales, nd::filters::lanczos3, o);
  const auto tried = nd::try_resample<float>(x, scales, nd::filters::lanczos3, o);
  ASSERT_TRUE(tried.ok());
  ASSERT_EQ(tried->extents(), thrown.extents());
  const auto n = static_cast<std::size_t>(thrown.size());
  EXPECT_TRUE(same_bits(tried->data(), thrown.data(), n));
  std::vector<float> into(n, canary);
  ASSERT_TRUE(
      nd::try_resample<float>(x, nd::tensor_view<float>(into.data(), thrown.extents()), nd::filters::lanczos3, o).ok());
  std::vector<float> into_thrown(n, canary);
  nd::resample<float>(x, nd::tensor_view<float>(into_thrown.data(), thrown.extents()), nd::filters::lanczos3, o);
  EXPECT_TRUE(same_bits(into.data(), into_thrown.data(), n));
  const auto plan = nd::try_make_resample_plan(x.extents(), thrown.extents(), nd::filters::box, o);
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ(plan->output_shape(), thrown.extents());

  Eigen::Tensor<float, 3, Eigen::RowMajor> e(3, 8, 6);
  std::copy(xs.begin(), xs.end(), e.data());
  const std::array<float, 3> e_scales = {1, 0.5f, 2};
  const auto e_thrown = nd::interop::resize(e, std::span<const float>(e_scales));
  const auto e_tried = nd::interop::try_resize(e, std::span<const float>(e_scales));
  ASSERT_TRUE(e_tried.ok());
  EXPECT_TRUE(same_bits(e_tried->data(), e_thrown.data(), static_cast<std::size_t>(e_thrown.size())));
}

// ---- bad input: the same error, and nothing written ----

TEST(TryApi, TypedExecuteErrorsAreTheThrownOnes) {
  const std::vector<float> xs = ramp(16);
  const nd::tensor_view<const float> x(xs.data(), {1, 1, 4, 4});
  nd::resize_attributes lin;
  lin.mode = nd::enums::mode::linear;
  const std::array<float, 4> up = {1, 1, 2, 2};
  const nd::resize_plan plan = nd::make_plan(x.extents(), lin, {{}, up, {}});
  std::vector<float> y(64, canary);
  const nd::tensor_view<float> wrong_y(y.data(), {1, 1, 8, 7});
  const nd::tensor_view<float> right_y(y.data(), {1, 1, 8, 8});
  expect_same_error([&] { nd::execute<float>(plan, x, wrong_y); },
                    [&] { return nd::try_execute<float>(plan, x, wrong_y); });
  const nd::tensor_view<const float> wrong_x(xs.data(), {1, 1, 2, 8});
  expect_same_error([&] { nd::execute<float>(plan, wrong_x, right_y); },
                    [&] { return nd::try_execute<float>(plan, wrong_x, right_y); });
  const nd::tensor_view<const float> null_x(nullptr, {1, 1, 4, 4});
  expect_same_error([&] { nd::execute<float>(plan, null_x, right_y); },
                    [&] { return nd::try_execute<float>(plan, null_x, right_y); });
  const nd::resize_plan empty;
  expect_same_error([&] { (void)nd::execute<float>(empty, x); }, [&] { return nd::try_execute<float>(empty, x); });
  // Linear on bool: the element type cannot be interpolated.
  bool bx[16] = {}, by[64] = {};
  expect_same_error(
      [&] {
        nd::execute<bool>(plan, nd::tensor_view<const bool>(bx, {1, 1, 4, 4}), nd::tensor_view<bool>(by, {1, 1, 8, 8}));
      },
      [&] {
        return nd::try_execute<bool>(plan, nd::tensor_view<const bool>(bx, {1, 1, 4, 4}),
                                     nd::tensor_view<bool>(by, {1, 1, 8, 8}));
      });
  // The workspace limit, checked before anything is written.
  nd::plan_limits small;
  small.max_scratch_bytes = 64;
  const std::vector<float> big = ramp(4 * 30 * 30);
  const nd::tensor_view<const float> bx3(big.data(), {4, 30, 30});
  const std::array<float, 3> s3 = {1, 0.7f, 1.3f};
  const nd::resize_plan tight = nd::make_plan(bx3.extents(), lin, {{}, s3, {}}, small);
  std::vector<float> ty(static_cast<std::size_t>(nd::checked_element_count(tight.output_shape())), canary);
  const nd::tensor_view<float> tyv(ty.data(), tight.output_shape());
  expect_same_error([&] { nd::execute<float>(tight, bx3, tyv); },
                    [&] { return nd::try_execute<float>(tight, bx3, tyv); });
  const auto r = nd::try_execute<float>(tight, bx3, tyv);
  EXPECT_EQ(r.error().code, nd::error_code::limit_exceeded);
  EXPECT_TRUE(all_canary(ty));
  EXPECT_TRUE(all_canary(y));
}

TEST(TryApi, EasyCallErrorsAreTheThrownOnes) {
  const std::vector<float> xs = ramp(16);
  const nd::tensor_view<const float> x(xs.data(), {1, 1, 4, 4});
  std::vector<float> y(64, canary);
  const nd::tensor_view<float> y3(y.data(), {1, 8, 8});
  expect_same_error([&] { nd::resize<float>(x, y3); }, [&] { return nd::try_resize<float>(x, y3); });
  const nd::tensor_view<const float> x2(xs.data(), {4, 4});
  const nd::tensor_view<float> y2(y.data(), {8, 8});
  expect_same_error([&] { nd::trilinear(x2, y2); }, [&] { return nd::try_trilinear(x2, y2); });
  const std::array<float, 4> down = {1, 1, 0.5f, 1};
  expect_same_error([&] { (void)nd::upsample_nearest<float>(x, down); },
                    [&] { return nd::try_upsample_nearest<float>(x, down); });
  expect_same_error([&] { (void)nd::upsample_linear<float>(x, down); },
                    [&] { return nd::try_upsample_linear<float>(x, down); });
  const std::array<float, 3> short_scales = {1, 2, 2};
  expect_same_error([&] { (void)nd::resize<float>(x, short_scales); },
                    [&] { return nd::try_resize<float>(x, short_scales); });
  nd::resize_attributes a;
  a.axes = std::vector<std::int64_t>{7};
  const nd::tensor_view<float> y4(y.data(), {1, 1, 8, 8});
  expect_same_error([&] { nd::resize<float>(x, y4, a); }, [&] { return nd::try_resize<float>(x, y4, a); });
  expect_same_error([&] { nd::resize<nd::policy::cubic>(x, y4, a); },
                    [&] { return nd::try_resize<nd::policy::cubic>(x, y4, a); });
  const std::array<float, 4> up = {1, 1, 2, 2};
  expect_same_error(
      [&] {
        (void)onnx::resize<float>(onnx::op_version::resize_13, x, a, {{}, up, {}});
      },
      [&] {
        return onnx::try_resize<float>(onnx::op_version::resize_13, x, a, {{}, up, {}});
      });
  expect_same_error([&] { onnx::resize_10<float>(x, y4, static_cast<nd::enums::mode>(9), up); },
                    [&] { return onnx::try_resize_10<float>(x, y4, static_cast<nd::enums::mode>(9), up); });
  EXPECT_TRUE(all_canary(y));
}

TEST(TryApi, TypeErasedErrorsAreTheThrownOnes) {
  const std::vector<float> xs = ramp(16);
  const nd::tensor_view<const float> x(xs.data(), {1, 1, 4, 4});
  const std::array<float, 4> up = {1, 1, 2, 2};
  const nd::resize_plan plan = nd::make_plan(x.extents(), {}, {{}, up, {}});
  std::vector<float> y(64, canary);
  const dims out{1, 1, 8, 8};
  const nd::any_const_tensor_view xv(x);
  const nd::any_tensor_view as_double(nd::element_type::float64, y.data(), dims{1, 1, 4, 8});
  expect_same_error([&] { nd::execute(plan, xv, as_double); }, [&] { return nd::try_execute(plan, xv, as_double); });
  for (int code : {0, 17, 99}) {
    const auto t = static_cast<nd::element_type>(code);
    const nd::any_const_tensor_view bx(t, xs.data(), x.extents());
    const nd::any_tensor_view by(t, y.data(), out);
    expect_same_error([&] { nd::execute(plan, bx, by); }, [&] { return nd::try_execute(plan, bx, by); });
  }
  const nd::any_tensor_view bad_strides(nd::element_type::float32, y.data(), out, dims{64, 8, 1});
  expect_same_error([&] { nd::execute(plan, xv, bad_strides); },
                    [&] { return nd::try_execute(plan, xv, bad_strides); });
  const nd::any_tensor_view yv(nd::element_type::float32, y.data(), out);
  const std::vector<float> huge = {1, 1, 1e30f, 1};
  expect_same_error(
      [&] {
        onnx::compute("Resize", 19, {}, xv, {{}, huge, {}}, yv);
      },
      [&] {
        return onnx::try_compute("Resize", 19, {}, xv, {{}, huge, {}}, yv);
      });
  expect_same_error(
      [&] {
        (void)onnx::make_plan("Upsample", 12, {}, x.extents(), {{}, up, {}});
      },
      [&] {
        return onnx::try_make_plan("Upsample", 12, {}, x.extents(), {{}, up, {}});
      });
  const onnx::attribute_map wrong_type{{"mode", 1.0f}};
  expect_same_error([&] { (void)onnx::parse_attributes(onnx::op_version::resize_19, wrong_type); },
                    [&] { return onnx::try_parse_attributes(onnx::op_version::resize_19, wrong_type); });
  expect_same_error(
      [&] { onnx::check_element_type(onnx::op_version::resize_11, nd::element_type::bfloat16); },
      [&] { return onnx::try_check_element_type(onnx::op_version::resize_11, nd::element_type::bfloat16); });
  EXPECT_TRUE(all_canary(y));
}

TEST(TryApi, AscendErrorsAreTheThrownOnes) {
  const std::vector<float> xs = ramp(1 * 1 * 2 * 2 * 2);
  const nd::tensor_view<const float> x(xs.data(), {1, 1, 2, 2, 2});
  std::vector<float> y(64, canary);
  const nd::any_tensor_view yv(nd::tensor_view<float>(y.data(), {1, 1, 4, 4, 4}));
  const nd::any_const_tensor_view xv(x);
  const std::vector<onnx::attribute_map> bad_attrs = {
      {{"mode", std::string("linear")}},
      {{"align_corners", std::int64_t{2}}},
      {{"align_corners", 1.0f}},
      {{"output_size", std::vector<float>{2, 2, 2}}},
      {{"scales_w", std::string("2")}},
      {{"output_size", std::vector<std::int64_t>{4, 4}}},
      {{"output_size", std::vector<std::int64_t>{4, 0, 4}}},
      {{"output_size", std::vector<std::int64_t>{4, 4, std::int64_t{1} << 40}}},
      {{"scales_d", 2.0f}, {"scales_h", 2.0f}},
      {{"scales_d", 2.0f}, {"scales_h", -2.0f}, {"scales_w", 2.0f}},
      {{"scales_d", 2.0f}, {"scales_h", 0.25f}, {"scales_w", 2.0f}},
      {{"output_size", std::vector<std::int64_t>{4, 4, 5}}},  // out has the wrong shape
  };
  for (const auto& attrs : bad_attrs) {
    expect_same_error([&] { ascend::compute(attrs, xv, yv); }, [&] { return ascend::try_compute(attrs, xv, yv); });
    EXPECT_TRUE(all_canary(y));
  }
  const nd::any_const_tensor_view as_int(nd::element_type::int32, xs.data(), x.extents());
  const ascend::upsample_trilinear3d_attributes size4{std::vector<std::int64_t>{4, 4, 4}, {}, {}, {}, false};
  expect_same_error([&] { ascend::upsample_trilinear3d(as_int, yv, size4); },
                    [&] { return ascend::try_upsample_trilinear3d(as_int, yv, size4); });
  const nd::any_tensor_view as_double(nd::element_type::float64, y.data(), dims{1, 1, 4, 4, 4});
  expect_same_error([&] { ascend::upsample_trilinear3d(xv, as_double, size4); },
                    [&] { return ascend::try_upsample_trilinear3d(xv, as_double, size4); });
  const nd::any_tensor_view bad_strides(nd::element_type::float32, y.data(), dims{1, 1, 4, 4, 4}, dims{1, 1});
  expect_same_error([&] { ascend::upsample_trilinear3d(xv, bad_strides, size4); },
                    [&] { return ascend::try_upsample_trilinear3d(xv, bad_strides, size4); });
  const nd::tensor_view<const float> x4(xs.data(), {1, 2, 2, 2});
  expect_same_error([&] { (void)ascend::upsample_trilinear3d<float>(x4, size4); },
                    [&] { return ascend::try_upsample_trilinear3d<float>(x4, size4); });
  expect_same_error(
      [&] {
        (void)ascend::make_plan({1, 1, 0, 2, 2}, size4);
      },
      [&] {
        return ascend::try_make_plan({1, 1, 0, 2, 2}, size4);
      });
  expect_same_error(
      [&] {
        (void)ascend::ndhwc_strides({1, 2, 3});
      },
      [&] {
        return ascend::try_ndhwc_strides({1, 2, 3});
      });
  EXPECT_TRUE(all_canary(y));
}

TEST(TryApi, ResampleErrorsAreTheThrownOnes) {
  const std::vector<float> xs = ramp(24);
  const nd::tensor_view<const float> x(xs.data(), {2, 3, 4});
  nd::resample_options o;
  const nd::filter_kernel bad_support{"wide", std::numeric_limits<double>::infinity(), nd::filters::box.weight};
  const std::vector<std::pair<dims, nd::resample_options>> bad_shapes = {
      {dims{2, 6}, o},      // rank
      {dims{2, 3, -1}, o},  // negative extent
  };
  for (const auto& shape : bad_shapes) {  // not a structured binding: clang before 16 cannot capture one
    const dims& out = shape.first;
    const nd::resample_options& opts = shape.second;
    expect_same_error([&] { (void)nd::make_resample_plan(x.extents(), out, nd::filters::linear, opts); },
                      [&] { return nd::try_make_resample_plan(x.extents(), out, nd::filters::linear, opts); });
  }
  nd::resample_options axis0;
  axis0.axes = {0};
  expect_same_error(
      [&] {
        (void)nd::make_resample_plan(x.extents(), dims{2, 6, 4}, nd::filters::box, axis0);
      },
      [&] {
        return nd::try_make_resample_plan(x.extents(), dims{2, 6, 4}, nd::filters::box, axis0);
      });
  nd::resample_options repeated;
  repeated.axes = {1, -2};
  nd::resample_options out_of_range;
  out_of_range.axes = {3};
  nd::resample_options crop;
  crop.coordinate_transformation_mode = nd::enums::coordinate_transformation_mode::tf_crop_and_resize;
  const std::array<double, 3> s3 = {1, 2, 2};
  const std::array<double, 1> s1 = {2};
  for (const auto& opts : {repeated, out_of_range, crop})
    expect_same_error([&] { (void)nd::make_resample_plan(x.extents(), s1, nd::filters::box, opts); },
                      [&] { return nd::try_make_resample_plan(x.extents(), s1, nd::filters::box, opts); });
  expect_same_error([&] { (void)nd::resample<float>(x, s3, bad_support); },
                    [&] { return nd::try_resample<float>(x, s3, bad_support); });
  expect_same_error([&] { (void)nd::resample<float>(x, s1, nd::filters::box); },
                    [&] { return nd::try_resample<float>(x, s1, nd::filters::box); });
  const std::array<double, 3> bad_scale = {1, -2, 2}, huge_scale = {1, 1e300, 2};
  expect_same_error([&] { (void)nd::resample<float>(x, bad_scale, nd::filters::box); },
                    [&] { return nd::try_resample<float>(x, bad_scale, nd::filters::box); });
  expect_same_error([&] { (void)nd::resample<float>(x, huge_scale, nd::filters::box); },
                    [&] { return nd::try_resample<float>(x, huge_scale, nd::filters::box); });
  std::vector<float> y(48, canary);
  const nd::tensor_view<float> yv(y.data(), {2, 6, 4});
  expect_same_error([&] { nd::resample<float>(x, yv, bad_support); },
                    [&] { return nd::try_resample<float>(x, yv, bad_support); });
  EXPECT_TRUE(all_canary(y));
}

TEST(TryApi, EigenErrorsAreTheThrownOnes) {
  Eigen::Tensor<float, 3, Eigen::RowMajor> e(2, 3, 4);
  e.setZero();
  const std::array<float, 2> short_scales = {2, 2};
  expect_same_error([&] { (void)nd::interop::resize(e, std::span<const float>(short_scales)); },
                    [&] { return nd::interop::try_resize(e, std::span<const float>(short_scales)); });
  const std::array<float, 4> s4 = {1, 1, 2, 2};
  const nd::resize_plan rank4 = nd::make_plan({1, 2, 3, 4}, {}, {{}, s4, {}});
  expect_same_error([&] { (void)nd::interop::execute(rank4, e); }, [&] { return nd::interop::try_execute(rank4, e); });
}

TEST(TryApi, CheckingConstructorsHaveTryForms) {
  const std::vector<index_t> seventeen(17, 1);
  expect_same_error([&] { (void)dims(std::span<const index_t>(seventeen)); },
                    [&] { return nd::try_make_dims(seventeen); });
  const auto fine = nd::try_make_dims(std::vector<index_t>{2, 3});
  ASSERT_TRUE(fine.ok());
  EXPECT_EQ(*fine, (dims{2, 3}));
  float data[6] = {};
  expect_same_error(
      [&] {
        (void)nd::tensor_view<float>(data, {2, 3}, {3});
      },
      [&] {
        return nd::try_make_view<float>(data, {2, 3}, {3});
      });
  const auto view = nd::try_make_view<float>(data, {2, 3}, {1, 2});
  ASSERT_TRUE(view.ok());
  EXPECT_EQ(view->stride(1), 2);
  const dims too_many{index_t{1} << 62, 8};
  expect_same_error([&] { (void)nd::tensor<float>(too_many); }, [&] { return nd::tensor<float>::try_make(too_many); });
  const auto t = nd::tensor<float>::try_make({2, 2});
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t->size(), 4);
  EXPECT_EQ((*t)[3], 0.0f);  // value-initialized, as tensor(extents)
}

}  // namespace
