// SPDX-License-Identifier: Apache-2.0
// The consumer program: resizes the Upsample-9 examples of the ONNX operator documentation
// (test_cc_upsample_linear and test_cc_upsample_nearest) and compares with the outputs printed
// there, and (compiled_front_door.cpp) the same through ndresize::compiled. Exit status 0 means
// the library was found, compiled and computed correctly.
#include <ndresize/ndresize.hpp>

#include <array>
#include <cstdio>

#include "compiled_front_door.hpp"

// This file uses ndresize::ndresize alone: header-only, the type-erased layer defined here too.
#if defined(NDRESIZE_COMPILED)
#error "main.cpp must be built header-only (NDRESIZE_COMPILED leaked from ndresize::compiled)"
#endif

namespace {

template <std::size_t N>
int compare(const char* name, const ndresize::tensor<float>& y, const ndresize::dims& shape,
            const std::array<float, N>& expected) {
  if (y.extents() != shape || y.size() != static_cast<ndresize::index_t>(N)) {
    std::printf("%s: shape %s, expected %s\n", name, y.extents().to_string().c_str(), shape.to_string().c_str());
    return 1;
  }
  for (std::size_t i = 0; i < N; ++i)
    if (y[static_cast<ndresize::index_t>(i)] != expected[i]) {
      std::printf("%s: element %zu is %g, expected %g\n", name, i, y[static_cast<ndresize::index_t>(i)], expected[i]);
      return 1;
    }
  std::printf("%s: ok\n", name);
  return 0;
}

}  // namespace

int main() {
  const std::array<float, 4> x_data = {1, 2, 3, 4};
  const ndresize::tensor_view<const float> x(x_data.data(), {1, 1, 2, 2});

  // test_cc_upsample_linear: scales [1, 1, 2, 2].
  const std::array<float, 4> linear_scales = {1, 1, 2, 2};
  const std::array<float, 16> linear_expected = {1, 1.5f, 2, 2, 2, 2.5f, 3, 3, 3, 3.5f, 4, 4, 3, 3.5f, 4, 4};
  int failures =
      compare("upsample_linear", ndresize::upsample_linear<float>(x, linear_scales), {1, 1, 4, 4}, linear_expected);

  // test_cc_upsample_nearest: scales [1, 1, 2, 3].
  const std::array<float, 4> nearest_scales = {1, 1, 2, 3};
  const std::array<float, 24> nearest_expected = {1, 1, 1, 2, 2, 2, 1, 1, 1, 2, 2, 2,
                                                  3, 3, 3, 4, 4, 4, 3, 3, 3, 4, 4, 4};
  failures +=
      compare("upsample_nearest", ndresize::upsample_nearest<float>(x, nearest_scales), {1, 1, 4, 6}, nearest_expected);

#if defined(CONSUMER_WITH_COMPILED)
  failures += check_compiled_front_door();
#endif

  std::printf("ndresize %d.%d.%d: %s\n", NDRESIZE_VERSION_MAJOR, NDRESIZE_VERSION_MINOR, NDRESIZE_VERSION_PATCH,
              failures ? "FAILED" : "all checks passed");
  return failures ? 1 : 0;
}
