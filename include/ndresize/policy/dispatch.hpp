// SPDX-License-Identifier: Apache-2.0
// The one runtime → compile-time switch: an element_type value becomes the C++ type T.
#pragma once

#include <complex>
#include <cstdint>
#include <string>
#include <type_traits>

#include "../config.hpp"
#include "../element.hpp"
#include "../error.hpp"

NDRESIZE_BEGIN_NAMESPACE

template <class T>
struct type_tag {
  using type = T;
};

/// Calls f(type_tag<T>{}) for the C++ type of `t`; throws for undefined codes.
template <class F>
decltype(auto) visit_element_type(element_type t, F&& f) {
  switch (t) {
    case element_type::float32: return f(type_tag<float>{});
    case element_type::uint8: return f(type_tag<std::uint8_t>{});
    case element_type::int8: return f(type_tag<std::int8_t>{});
    case element_type::uint16: return f(type_tag<std::uint16_t>{});
    case element_type::int16: return f(type_tag<std::int16_t>{});
    case element_type::int32: return f(type_tag<std::int32_t>{});
    case element_type::int64: return f(type_tag<std::int64_t>{});
    case element_type::string: return f(type_tag<std::string>{});
    case element_type::bool_: return f(type_tag<bool>{});
    case element_type::float16: return f(type_tag<Eigen::half>{});
    case element_type::float64: return f(type_tag<double>{});
    case element_type::uint32: return f(type_tag<std::uint32_t>{});
    case element_type::uint64: return f(type_tag<std::uint64_t>{});
    case element_type::complex64: return f(type_tag<std::complex<float>>{});
    case element_type::complex128: return f(type_tag<std::complex<double>>{});
    case element_type::bfloat16: return f(type_tag<Eigen::bfloat16>{});
    case element_type::undefined: break;
  }
  throw resize_error(error_code::invalid_type, "tensor",
                     "element type code " + std::to_string(static_cast<int>(t)) + " is not an ONNX type");
}

NDRESIZE_END_NAMESPACE
