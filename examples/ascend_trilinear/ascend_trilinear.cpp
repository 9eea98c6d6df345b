// SPDX-License-Identifier: Apache-2.0
// ascend_trilinear: the Ascend ResizeUpsampleTrilinear operator (aclnnUpsampleTrilinear3d) in
// four steps: a typed call with output_size and align_corners, the same data channels-last
// (NDHWC, only the strides change), a runtime-style call with an attribute map and float16
// tensors held type-erased, and the error a bad attribute gives. Usage: ascend_trilinear
#include <Eigen/Core>

#include <ndresize/ndresize.hpp>

#include <cstdio>
#include <vector>

namespace ascend = ndresize::ascend;
using ndresize::dims;

int main() {
  int failures = 0;
  auto check = [&](bool ok, const char* what) {
    std::printf("  %-58s %s\n", what, ok ? "ok" : "FAILED");
    failures += ok ? 0 : 1;
  };

  // 1. A 2×2×2 cube per channel (N = 1, C = 2), corners 0..7 in channel 0 and 10× in channel 1,
  //    to 3×3×3 with align_corners: the corners stay, the centre is their mean (3.5).
  const dims in_shape{1, 2, 2, 2, 2};
  std::vector<float> x(8 * 2);
  for (std::size_t i = 0; i < 8; ++i) {
    x[i] = static_cast<float>(i);
    x[8 + i] = 10.0f * static_cast<float>(i);
  }
  ascend::upsample_trilinear3d_attributes a;
  a.output_size = std::vector<std::int64_t>{3, 3, 3};
  a.align_corners = true;
  const dims out_shape = ascend::make_plan(in_shape, a).output_shape();  // shape inference, no data
  std::vector<float> y(27 * 2);
  ascend::upsample_trilinear3d<float>({x.data(), in_shape}, {y.data(), out_shape}, a);
  std::printf("1. NCDHW %s -> %s, align_corners, channel 0, middle D slice:\n", in_shape.to_string().c_str(),
              out_shape.to_string().c_str());
  for (int h = 0; h < 3; ++h)
    std::printf("     %5.2f %5.2f %5.2f\n", y[9 + 3 * h + 0], y[9 + 3 * h + 1], y[9 + 3 * h + 2]);
  check(y[0] == 0.0f && y[26] == 7.0f && y[13] == 3.5f && y[27 + 13] == 35.0f,
        "corners kept, centre = mean of the corners");

  // 2. The same tensor channels-last: extents stay (N, C, D, H, W), the strides say NDHWC.
  //    Channels-last, spatial position i (row-major over D, H, W) of channel c is at i·C + c.
  std::vector<float> x_last(x.size()), y_last(y.size());
  const dims in_str = ascend::ndhwc_strides(in_shape), out_str = ascend::ndhwc_strides(out_shape);
  for (int c = 0; c < 2; ++c)
    for (int i = 0; i < 8; ++i)
      x_last[static_cast<std::size_t>(i * in_str[4] + c * in_str[1])] = x[static_cast<std::size_t>(c * 8 + i)];
  ascend::upsample_trilinear3d<float>({x_last.data(), in_shape, in_str}, {y_last.data(), out_shape, out_str}, a);
  bool same = true;
  for (int c = 0; c < 2; ++c)
    for (int i = 0; i < 27; ++i)
      same = same && y_last[static_cast<std::size_t>(i * out_str[4] + c * out_str[1])] ==
                         y[static_cast<std::size_t>(c * 27 + i)];
  std::printf("2. NDHWC strides in %s, out %s\n", in_str.to_string().c_str(), out_str.to_string().c_str());
  check(same, "NDHWC result equals NCDHW");

  // 3. As a runtime calls it: attributes by name, tensors type-erased (float16 here). Without
  //    output_size the extents are floor(in × scale); half-pixel coordinates, clamped at 0.
  const ndresize::onnx::attribute_map attrs{{"scales_d", 2.0f}, {"scales_h", 2.0f}, {"scales_w", 2.0f}};
  std::vector<Eigen::half> xh(x.begin(), x.end());
  std::vector<Eigen::half> yh(64 * 2);
  const dims half_out = ascend::make_plan(in_shape, ascend::parse_attributes(attrs)).output_shape();
  ascend::compute(attrs, ndresize::any_const_tensor_view(ndresize::element_type::float16, xh.data(), in_shape),
                  ndresize::any_tensor_view(ndresize::element_type::float16, yh.data(), half_out));
  std::printf("3. float16, scales 2: %s -> %s, first W row: %g %g %g %g\n", in_shape.to_string().c_str(),
              half_out.to_string().c_str(), static_cast<double>(yh[0]), static_cast<double>(yh[1]),
              static_cast<double>(yh[2]), static_cast<double>(yh[3]));
  // W: x' = max(0, (x + 0.5)/2 - 0.5) = 0, 0.25, 0.75, 1 → 0, 0.25, 0.75, 1 between values 0 and 1
  check(static_cast<float>(yh[1]) == 0.25f && static_cast<float>(yh[2]) == 0.75f && static_cast<float>(yh[3]) == 1.0f,
        "half-pixel taps 0, 0.25, 0.75, 1");

  // 4. Every bad input is a ndresize::resize_error naming the operator, attribute and value.
  try {
    ascend::compute({{"scales_d", 2.0f}, {"scales_h", 0.0f}, {"scales_w", 2.0f}},
                    ndresize::any_const_tensor_view(ndresize::element_type::float16, xh.data(), in_shape),
                    ndresize::any_tensor_view(ndresize::element_type::float16, yh.data(), half_out));
    check(false, "scales_h = 0 is rejected");
  } catch (const ndresize::resize_error& e) {
    std::printf("4. %s\n", e.what());
    check(true, "scales_h = 0 is rejected");
  }

  if (failures) return 1;
  std::printf("ascend_trilinear: all checks passed\n");
  return 0;
}
