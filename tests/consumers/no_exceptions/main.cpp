// SPDX-License-Identifier: Apache-2.0
// Built with -fno-exceptions: the non-throwing API plans, executes and computes through the
// ONNX and the Ascend front doors, and reports bad input as an error value. The expected
// values are those of the ONNX operator documentation (Resize, resize_upsample_scales_nearest)
// and of linear interpolation at align_corners positions worked out by hand.
#include <ndresize/ndresize.hpp>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#if defined(__cpp_exceptions) || defined(__EXCEPTIONS)
#error "this consumer must be compiled with -fno-exceptions"
#endif
static_assert(NDRESIZE_EXCEPTIONS == 0, "config.hpp did not see that exceptions are off");

namespace nd = ndresize;

// The throwing forms do not exist without exceptions (a call is a compile error, not an
// abort). Unqualified calls: argument-dependent lookup finds them in ndresize if they exist.
template <class Dims>
concept has_throwing_make_plan = requires(const Dims& d, const nd::resize_attributes& a,
                                          const nd::onnx::resize_inputs& in) {
  make_plan(d, a, in);
};
template <class Plan>
concept has_throwing_execute = requires(const Plan& p, const nd::any_const_tensor_view& x,
                                        const nd::any_tensor_view& y) {
  execute(p, x, y);
};
static_assert(!has_throwing_make_plan<nd::dims>);
static_assert(!has_throwing_execute<nd::resize_plan>);

namespace {

int failures = 0;

void check(bool ok, const char* what) {
  if (!ok) {
    std::printf("FAILED: %s\n", what);
    ++failures;
  }
}

void check_error(const nd::error& e, nd::error_code code, const std::string& message, const char* what) {
  check(e.code == code, what);
  if (e.message != message) {
    std::printf("FAILED: %s: message '%s', expected '%s'\n", what, e.message.c_str(), message.c_str());
    ++failures;
  }
}

// ONNX documentation, resize_upsample_scales_nearest: X = [[1, 2], [3, 4]], scales [1, 1, 2, 3].
const std::vector<float> onnx_x = {1, 2, 3, 4};
const std::vector<float> onnx_scales = {1, 1, 2, 3};
const std::vector<float> onnx_y = {1, 1, 1, 2, 2, 2, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 3, 3, 3, 4, 4, 4};

void plan_and_execute() {
  const nd::tensor_view<const float> x(onnx_x.data(), {1, 1, 2, 2});
  const nd::result<nd::resize_plan> plan = nd::try_make_plan(x.extents(), {}, {{}, onnx_scales, {}});
  check(plan.ok(), "try_make_plan of a valid node");
  if (!plan.ok()) return;
  check(plan->output_shape() == nd::dims{1, 1, 4, 6}, "planned output shape");
  std::vector<float> y(24, -1.0f);
  nd::workspace ws;
  const nd::status done = nd::try_execute<float>(*plan, x, nd::tensor_view<float>(y.data(), {1, 1, 4, 6}), ws);
  check(done.ok(), "try_execute into a view");
  check(y == onnx_y, "nearest upsampling values");
  const nd::result<nd::tensor<float>> returned = nd::try_execute<float>(*plan, x);
  check(returned.ok() && std::vector<float>(returned->data(), returned->data() + 24) == onnx_y, "returned tensor");

  // Bad input: an error value, and the output is untouched.
  const std::vector<float> bad_scales = {1, 1, -1, 2};
  const auto bad = nd::try_make_plan(x.extents(), {}, {{}, bad_scales, {}});
  check(!bad.ok(), "try_make_plan rejects a negative scale");
  if (!bad.ok())
    check_error(bad.error(), nd::error_code::invalid_input,
                "ndresize: invalid_input: Resize-19: input 'scales': scales[2] = -1 must be > 0", "negative scale");
  std::vector<float> z(24, -1.0f);
  const nd::status wrong = nd::try_execute<float>(*plan, x, nd::tensor_view<float>(z.data(), {1, 1, 4, 5}));
  check(!wrong.ok(), "try_execute rejects a wrong output shape");
  if (!wrong.ok())
    check_error(wrong.error(), nd::error_code::invalid_shape,
                "ndresize: invalid_shape: Resize-19: output 'Y' view has shape [1, 1, 4, 5], expected [1, 1, 4, 6]",
                "wrong output shape");
  check(z == std::vector<float>(24, -1.0f), "a rejected execute writes nothing");
  const std::vector<nd::index_t> deep(17, 1);
  check(!nd::try_make_dims(deep).ok(), "try_make_dims rejects rank 17");
}

void onnx_front_door() {
  const nd::any_const_tensor_view x(nd::element_type::float32, onnx_x.data(), {1, 1, 2, 2});
  std::vector<float> y(24, -1.0f);
  const nd::any_tensor_view yv(nd::element_type::float32, y.data(), {1, 1, 4, 6});
  const nd::onnx::attribute_map attrs = {{"mode", std::string("nearest")}};
  const nd::status done = nd::onnx::try_compute("Resize", 13, attrs, x, {{}, onnx_scales, {}}, yv);
  check(done.ok(), "onnx::try_compute of a valid node");
  check(y == onnx_y, "onnx::try_compute values");
  std::vector<float> z(24, -1.0f);
  const nd::status bad = nd::onnx::try_compute("Resize", 9, attrs, x, {{}, onnx_scales, {}},
                                               nd::any_tensor_view(nd::element_type::float32, z.data(), {1, 1, 4, 6}));
  check(!bad.ok(), "onnx::try_compute rejects Resize at opset 9");
  if (!bad.ok())
    check_error(bad.error(), nd::error_code::invalid_attribute,
                "ndresize: invalid_attribute: Resize at opset 9: Resize does not exist before opset 10", "opset 9");
  check(z == std::vector<float>(24, -1.0f), "a rejected compute writes nothing");
}

void ascend_front_door() {
  // W: 2 samples [0, 1] to 3 with align_corners: positions 0, 0.5, 1 -> 0, 0.5, 1.
  const std::vector<float> xs = {0, 1};
  const nd::any_const_tensor_view x(nd::element_type::float32, xs.data(), {1, 1, 1, 1, 2});
  std::vector<float> y(3, -1.0f);
  const nd::onnx::attribute_map attrs = {{"output_size", std::vector<std::int64_t>{1, 1, 3}},
                                         {"align_corners", std::int64_t{1}}};
  const nd::status done =
      nd::ascend::try_compute(attrs, x, nd::any_tensor_view(nd::element_type::float32, y.data(), {1, 1, 1, 1, 3}));
  check(done.ok(), "ascend::try_compute of a valid call");
  check(y == std::vector<float>{0.0f, 0.5f, 1.0f}, "ascend::try_compute values");
  const nd::any_const_tensor_view x4(nd::element_type::float32, xs.data(), {1, 1, 1, 2});
  const nd::status bad =
      nd::ascend::try_compute(attrs, x4, nd::any_tensor_view(nd::element_type::float32, y.data(), {1, 1, 1, 1, 3}));
  check(!bad.ok(), "ascend::try_compute rejects a 4-D input");
  if (!bad.ok())
    check_error(bad.error(), nd::error_code::invalid_shape,
                "ndresize: invalid_shape: ResizeUpsampleTrilinear: input 'self' has rank 4 (shape [1, 1, 1, 2]); it "
                "must be 5-D (N, C, D, H, W)",
                "4-D input");
}

}  // namespace

int main() {
  plan_and_execute();
  onnx_front_door();
  ascend_front_door();
  if (failures != 0) {
    std::printf("%d checks failed\n", failures);
    return 1;
  }
  std::printf("all checks passed\n");
  return 0;
}
