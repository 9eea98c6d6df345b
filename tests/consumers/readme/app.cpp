// SPDX-License-Identifier: Apache-2.0
// The program of the README's integration snippets (`add_executable(app ...)` + the snippet):
// the Upsample-9 nearest example of the ONNX operator documentation, compared with the output
// printed there. Exit status 0 and "app: ok" mean ndresize was found, compiled and computed.
#include <ndresize/ndresize.hpp>

#include <array>
#include <cstdio>

int main() {
  const std::array<float, 4> x_data = {1, 2, 3, 4};
  const ndresize::tensor_view<const float> x(x_data.data(), {1, 1, 2, 2});
  const std::array<float, 4> scales = {1, 1, 2, 3};
  const std::array<float, 24> expected = {1, 1, 1, 2, 2, 2, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 3, 3, 3, 4, 4, 4};
  const ndresize::tensor<float> y = ndresize::upsample_nearest<float>(x, scales);
  if (y.extents() != ndresize::dims{1, 1, 4, 6}) {
    std::printf("app: shape %s\n", y.extents().to_string().c_str());
    return 1;
  }
  for (ndresize::index_t i = 0; i < 24; ++i)
    if (y[i] != expected[static_cast<std::size_t>(i)]) {
      std::printf("app: element %lld is %g, expected %g\n", static_cast<long long>(i), static_cast<double>(y[i]),
                  static_cast<double>(expected[static_cast<std::size_t>(i)]));
      return 1;
    }
  std::printf("app: ok\n");
  return 0;
}
