// SPDX-License-Identifier: Apache-2.0
// From a runtime element type code to the C++ type: the switch made from element.hpp's list,
// for the type-erased layer and for callers with their own type codes. Only the types of the
// list a caller passes are instantiated.
#pragma once

#include <string>
#include <type_traits>

#include "config.hpp"
#include "element.hpp"
#include "error.hpp"

NDRESIZE_BEGIN_NAMESPACE

template <class T>
struct type_tag {
  using type = T;
};

/// A subset of the element types, for visit_element_type.
template <class... T>
struct element_type_list {
  template <class U>
  static constexpr bool contains = (std::is_same_v<U, T> || ...);
};

/// Every element type of element.hpp's list.
struct every_element_type {
  template <class U>
  static constexpr bool contains = true;
};

/// Calls f(type_tag<T>{}) for the C++ type T of `t` when List contains it, and otherwise(t)
/// for every other code (types outside List, undefined codes). Only List's types are
/// instantiated.
template <class List, class F, class Otherwise>
decltype(auto) visit_element_type(element_type t, F&& f, Otherwise&& otherwise) {
  switch (t) {
#define NDRESIZE_VISIT(T, NAME, CODE, ACC, STRING) \
  case element_type::NAME:                         \
    if constexpr (List::template contains<T>)      \
      return f(type_tag<T>{});                     \
    else                                           \
      break;
    NDRESIZE_ELEMENT_TYPES(NDRESIZE_VISIT)
#undef NDRESIZE_VISIT
    case element_type::undefined: break;
  }
  return otherwise(t);
}

/// The error for an element type code that names no ONNX type.
inline error unknown_element_type(element_type t) {
  return make_error(error_code::invalid_type, "tensor",
                    "element type code " + std::to_string(static_cast<int>(t)) + " is not an ONNX type");
}

/// Calls f(type_tag<T>{}) for the C++ type of `t`; throws unknown_element_type(t) for undefined
/// codes (without exceptions: aborts; pass an `otherwise` above to get the error instead).
template <class F>
decltype(auto) visit_element_type(element_type t, F&& f) {
  using R = decltype(f(type_tag<float>{}));
  return visit_element_type<every_element_type>(t, f,
                                                [](element_type u) -> R { detail::raise(unknown_element_type(u)); });
}

NDRESIZE_END_NAMESPACE
