// SPDX-License-Identifier: Apache-2.0
// Conan test package: Upsample-9 nearest of [1, 2] by 2 must give [1, 1, 2, 2].
#include <ndresize/ndresize.hpp>

#include <array>
#include <cstdio>

int main() {
  const std::array<float, 2> x = {1, 2};
  const std::array<float, 1> scales = {2};
  const auto y = ndresize::upsample_nearest<float>(ndresize::tensor_view<const float>(x.data(), {2}), scales);
  const bool ok = y.size() == 4 && y[0] == 1 && y[1] == 1 && y[2] == 2 && y[3] == 2;
  std::puts(ok ? "ndresize test_package: ok" : "ndresize test_package: FAILED");
  return ok ? 0 : 1;
}
