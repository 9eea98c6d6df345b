// SPDX-License-Identifier: Apache-2.0
// The part of the consumer built against ndresize::compiled: it sees the type-erased layer as
// declarations only (NDRESIZE_COMPILED) and gets its definitions from the library. It runs the
// ONNX documentation's test_cc_upsample_linear through the runtime front door.
#include <ndresize/ndresize.hpp>

#include <array>
#include <cstdio>

#include "compiled_front_door.hpp"

#if !defined(NDRESIZE_COMPILED)
#error "a target linked to ndresize::compiled must see NDRESIZE_COMPILED"
#endif

int check_compiled_front_door() {
  const std::array<float, 4> x = {1, 2, 3, 4};
  const std::array<float, 4> scales = {1, 1, 2, 2};
  const std::array<float, 16> expected = {1, 1.5f, 2, 2, 2, 2.5f, 3, 3, 3, 3.5f, 4, 4, 3, 3.5f, 4, 4};
  std::array<float, 16> y{};
  ndresize::onnx::compute("Upsample", 9, {{"mode", std::string("linear")}},
                          ndresize::any_const_tensor_view(ndresize::element_type::float32, x.data(), {1, 1, 2, 2}),
                          {{}, scales, {}},
                          ndresize::any_tensor_view(ndresize::element_type::float32, y.data(), {1, 1, 4, 4}));
  for (std::size_t i = 0; i < y.size(); ++i)
    if (y[i] != expected[i]) {
      std::printf("compiled front door: element %zu is %g, expected %g\n", i, y[i], expected[i]);
      return 1;
    }
  std::printf("compiled front door (onnx::compute from ndresize::compiled): ok\n");
  return 0;
}
