// SPDX-License-Identifier: Apache-2.0
// The optional inputs of Resize/Upsample. An empty span is an absent input: ONNX marks an
// unused input either by an empty name or by an empty tensor, and both mean the same here.
#pragma once

#include <cstdint>
#include <span>

#include "../config.hpp"

NDRESIZE_BEGIN_NAMESPACE
namespace onnx {

struct resize_inputs {
  // Default member initializers: a caller's designated initializer may name only the inputs it
  // has ({.sizes = sizes}) without -Wmissing-field-initializers.
  std::span<const double> roi = {};          ///< [start_1..start_N, end_1..end_N]; T2 values widened to double
  std::span<const float> scales = {};        ///< tensor(float); Upsample-7 passes its `scales` attribute here
  std::span<const std::int64_t> sizes = {};  ///< tensor(int64)
};

}  // namespace onnx
NDRESIZE_END_NAMESPACE
