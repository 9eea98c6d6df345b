// SPDX-License-Identifier: Apache-2.0
// run_case for the real floating types: float, double, float16 and bfloat16.
#include <Eigen/Core>

#include "typed_runner.hpp"

NDRESIZE_DIFFERENTIAL_INSTANTIATE(float)
NDRESIZE_DIFFERENTIAL_INSTANTIATE(double)
NDRESIZE_DIFFERENTIAL_INSTANTIATE(Eigen::half)
NDRESIZE_DIFFERENTIAL_INSTANTIATE(Eigen::bfloat16)
