// SPDX-License-Identifier: Apache-2.0
// run_case for complex64, complex128, and the nearest-only types bool and string.
#include "typed_runner.hpp"

NDRESIZE_DIFFERENTIAL_INSTANTIATE(std::complex<float>)
NDRESIZE_DIFFERENTIAL_INSTANTIATE(std::complex<double>)
NDRESIZE_DIFFERENTIAL_INSTANTIATE(bool)
NDRESIZE_DIFFERENTIAL_INSTANTIATE(std::string)
