// SPDX-License-Identifier: Apache-2.0
// A short tour of ndresize: a typed view over your own memory, a plan and its output shape
// (shape inference without data), execution into caller memory, the convenience call that
// returns a tensor, the static policy form, and error handling. Each step prints its result.
#include <ndresize/ndresize.hpp>

#include <array>
#include <cstdio>
#include <vector>

namespace {

// Prints the last two axes of a small tensor as a matrix.
template <class T>
void print(const char* title, ndresize::tensor_view<const T> v) {
  std::printf("%s  shape %s\n", title, v.extents().to_string().c_str());
  const int r = v.rank();
  const ndresize::index_t rows = r >= 2 ? v.extent(r - 2) : 1, cols = v.extent(r - 1);
  for (ndresize::index_t i = 0; i < rows; ++i) {
    std::printf("   ");
    for (ndresize::index_t j = 0; j < cols; ++j)
      std::printf(" %7.3f",
                  static_cast<double>(v.data_handle()[(r >= 2 ? i * v.stride(r - 2) : 0) + j * v.stride(r - 1)]));
    std::printf("\n");
  }
}

}  // namespace

int main() {
  using namespace ndresize;

  // 1. A typed view over your memory: extents in NCHW order, row-major (strided views exist too).
  const std::array<float, 16> pixels = {0,   10,  20,  30,   //
                                        40,  50,  60,  70,   //
                                        80,  90,  100, 110,  //
                                        120, 130, 140, 150};
  const tensor_view<const float> x(pixels.data(), {1, 1, 4, 4});
  print("1. input X", x);

  // 2. A plan: validated once, knows its output shape before any data is touched.
  resize_attributes attrs;  // Resize-19 attributes, ONNX defaults
  attrs.mode = enums::mode::linear;
  attrs.coordinate_transformation_mode = enums::coordinate_transformation_mode::align_corners;
  const std::array<float, 4> scales = {1, 1, 1.5f, 1.5f};
  const resize_plan plan = make_plan(x.extents(), attrs, {.roi = {}, .scales = scales, .sizes = {}});
  std::printf("2. plan: linear, align_corners, scales [1, 1, 1.5, 1.5] -> output shape %s\n",
              plan.output_shape().to_string().c_str());

  // 3. Execute into caller memory (a reused workspace makes repeated calls allocation-free).
  std::vector<float> out(static_cast<std::size_t>(checked_element_count(plan.output_shape())));
  workspace ws;
  execute<float>(plan, x, tensor_view<float>(out.data(), plan.output_shape()), ws);
  print("3. execute into caller memory", tensor_view<const float>(out.data(), plan.output_shape()));

  // 4. Convenience: resize by scales and get a new tensor (here: cubic with antialias, shrinking).
  resize_attributes shrink;
  shrink.mode = enums::mode::cubic;
  shrink.antialias = 1;
  const std::array<float, 4> half = {1, 1, 0.5f, 0.5f};
  const tensor<float> small = resize<float>(x, half, shrink);
  print("4. resize(x, scales) -> tensor (cubic, antialias, x0.5)", small.view());

  // 5. Static policy form: mode and coordinate transformation mode are types; sizes are Y's
  //    extents. resize<policy::linear>(...) on a bool tensor would not compile.
  std::array<float, 12> y_data{};
  resize<policy::nearest, policy::asymmetric>(x, tensor_view<float>(y_data.data(), {1, 1, 2, 6}));
  print("5. resize<nearest, asymmetric>(x, y) into Y 1x1x2x6", tensor_view<const float>(y_data.data(), {1, 1, 2, 6}));

  // 6. Errors: one exception type, thrown before anything is written; the message names the
  //    operator version, the input and the value.
  try {
    const std::array<float, 4> bad = {1, 1, -2, 2};
    (void)resize<float>(x, bad);
  } catch (const resize_error& e) {
    std::printf("6. resize_error (%s): %s\n", to_string(e.code()), e.what());
  }

  std::printf("ndresize %d.%d.%d tour complete\n", NDRESIZE_VERSION_MAJOR, NDRESIZE_VERSION_MINOR,
              NDRESIZE_VERSION_PATCH);
  return 0;
}
