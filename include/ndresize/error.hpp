// SPDX-License-Identifier: Apache-2.0
// How the library reports a failure. Every validation failure is found before any output
// element is written and becomes an `error`: a stable code and a message that names the
// operator version, the attribute or input at fault and the offending value, so it can be
// shown to a user unchanged. The non-throwing API (try_make_plan, try_execute, ...) returns it
// in a `result<T>` or a `status`; with exceptions on (NDRESIZE_EXCEPTIONS, config.hpp), each
// throwing function is its try_ twin plus one throw of resize_error built from that error, so
// both report the same code and the same message.
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>

#include "config.hpp"

NDRESIZE_BEGIN_NAMESPACE

/// Stable category of a validation failure (greppable, also in the message prefix).
enum class error_code {
  invalid_attribute,  ///< unknown name, unknown enum string, or a value out of range
  invalid_input,      ///< roi / scales / sizes: presence, length or value
  invalid_shape,      ///< rank, extents, output view shape, overflow
  invalid_type,       ///< element type not supported by the requested mode
  limit_exceeded,     ///< output, plan tables or workspace larger than the configured limit
  out_of_memory,      ///< an allocation within the limits failed (the system has less memory)
};

constexpr const char* to_string(error_code c) noexcept {
  switch (c) {
    case error_code::invalid_attribute: return "invalid_attribute";
    case error_code::invalid_input: return "invalid_input";
    case error_code::invalid_shape: return "invalid_shape";
    case error_code::invalid_type: return "invalid_type";
    case error_code::limit_exceeded: return "limit_exceeded";
    case error_code::out_of_memory: return "out_of_memory";
  }
  return "unknown";
}

/// A failure: its code and the whole message, "ndresize: <code>: <context>: <detail>", for
/// example "ndresize: invalid_input: Resize-19: input 'scales': scales[2] = -1 must be > 0".
struct error {
  error_code code = error_code::invalid_input;
  std::string message;

  friend bool operator==(const error&, const error&) = default;
};

/// The error of `code` in `context` (the operator, e.g. "Resize-19") with `detail`.
inline error make_error(error_code code, const std::string& context, const std::string& detail) {
  return {code, "ndresize: " + std::string(to_string(code)) + ": " + context + ": " + detail};
}

/// The exception of the throwing API (exceptions on). what() is the error's message.
class resize_error : public std::invalid_argument {
 public:
  explicit resize_error(const error& e) : std::invalid_argument(e.message), code_(e.code) {}
  resize_error(error_code code, const std::string& context, const std::string& detail)
      : resize_error(make_error(code, context, detail)) {}
  error_code code() const noexcept { return code_; }

 private:
  error_code code_;
};

namespace detail {
/// Marks a branch that a precondition excludes (std::unreachable of C++23).
[[noreturn]] inline void unreachable() noexcept {
#if defined(__GNUC__) || defined(__clang__)
  __builtin_unreachable();
#elif defined(_MSC_VER)
  __assume(false);
#endif
}

/// Throws resize_error for `e`. Without exceptions there is nothing to throw: it prints the
/// message and aborts, as the standard library does where it would throw. The non-throwing
/// API never gets here; only value() of a failed result and the few constructors that check
/// their arguments (dims, tensor_view, tensor) do.
[[noreturn]] inline void raise(const error& e) {
#if NDRESIZE_EXCEPTIONS
  throw resize_error(e);
#else
  std::fputs(e.message.c_str(), stderr);
  std::fputc('\n', stderr);
  std::abort();
#endif
}

/// Calls f (which returns a status or a result) and turns std::bad_alloc from it into an
/// out_of_memory error of `context` with `detail`. Without exceptions an allocation failure
/// inside f ends the program, as it does anywhere in the standard library.
template <class F>
auto out_of_memory_guard(const std::string& context, const char* detail, F&& f) -> decltype(f()) {
#if NDRESIZE_EXCEPTIONS
  try {
    return f();
  } catch (const std::bad_alloc&) {
    return make_error(error_code::out_of_memory, context, detail);
  }
#else
  (void)context;
  (void)detail;
  return f();
#endif
}
}  // namespace detail

/// The outcome of an operation that returns nothing: ok, or an error.
class [[nodiscard]] status {
 public:
  using error_type = ndresize::error;
  status() = default;
  status(error_type e) : error_(std::move(e)) {}  // NOLINT: implicit, so that `return make_error(...)` works

  bool ok() const noexcept { return !error_.has_value(); }
  explicit operator bool() const noexcept { return ok(); }
  /// The error; requires !ok().
  const error_type& error() const& noexcept { return *error_; }
  error_type&& error() && noexcept { return std::move(*error_); }
  /// Throws resize_error (exceptions on; aborts otherwise) when !ok().
  void value() const {
    if (!ok()) detail::raise(*error_);
  }

 private:
  std::optional<error_type> error_;
};

/// A T, or the error that kept it from being made.
template <class T>
class [[nodiscard]] result {
 public:
  using value_type = T;
  using error_type = ndresize::error;
  result(T v) : v_(std::in_place_index<0>, std::move(v)) {}           // NOLINT: implicit by design
  result(error_type e) : v_(std::in_place_index<1>, std::move(e)) {}  // NOLINT: implicit by design

  bool ok() const noexcept { return v_.index() == 0; }
  explicit operator bool() const noexcept { return ok(); }
  /// The error; requires !ok().
  const error_type& error() const& noexcept { return *alternative<1>(&v_); }
  error_type&& error() && noexcept { return std::move(*alternative<1>(&v_)); }
  /// The value. Throws resize_error (exceptions on; aborts otherwise) when !ok().
  T& value() & {
    if (!ok()) detail::raise(error());
    return *alternative<0>(&v_);
  }
  const T& value() const& {
    if (!ok()) detail::raise(error());
    return *alternative<0>(&v_);
  }
  T&& value() && {
    if (!ok()) detail::raise(error());
    return std::move(*alternative<0>(&v_));
  }
  T& operator*() & noexcept { return *alternative<0>(&v_); }
  const T& operator*() const& noexcept { return *alternative<0>(&v_); }
  T* operator->() noexcept { return alternative<0>(&v_); }
  const T* operator->() const noexcept { return alternative<0>(&v_); }

 private:
  /// The alternative I of v, which the caller's precondition (or the check just made) says it
  /// holds. std::get_if would test it again and give null otherwise; with that branch in
  /// sight GCC's -Wnull-dereference (in a user's build at -O2) reports every dereference.
  template <std::size_t I, class V>
  static auto* alternative(V* v) noexcept {
    if (v->index() != I) detail::unreachable();
    return std::get_if<I>(v);
  }

  std::variant<T, error_type> v_;
};

/// Returns the error of a status or result from the enclosing function (which returns a status
/// or a result) when there is one.
#define NDRESIZE_TRY(...)                                                   \
  do {                                                                      \
    if (auto ndresize_try_ = (__VA_ARGS__); !ndresize_try_.ok())            \
      return static_cast<decltype(ndresize_try_)&&>(ndresize_try_).error(); \
  } while (false)

NDRESIZE_END_NAMESPACE
