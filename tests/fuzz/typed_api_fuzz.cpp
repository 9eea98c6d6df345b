// SPDX-License-Identifier: Apache-2.0
// Fuzz target: the C++ entry points that the runtime front door does not reach. The bytes
// choose one of
//   - typed resize<T>(x, y, attributes) and resize<T>(x, scales, attributes), the static
//     policy form resize<Mode, Coordinate>(x, y, rest), upsample_nearest, upsample_linear and
//     trilinear (any rank 0–6: trilinear needs 3);
//   - make_plan + execute with typed tensor_view and with type-erased any_(const_)tensor_view,
//     the views carrying hostile strides (lists of the wrong length, zero, negative, huge),
//     an executor that claims any concurrency (also INT_MAX), and a default-constructed or a
//     moved-from plan;
//   - ascend::make_plan, upsample_trilinear3d and ascend::compute;
//   - the Eigen interop (as_view, execute, resize) on TensorMaps of any extents (also huge
//     ones with a 0 among them, so that the map holds no element);
// with attributes whose enums may be out of range (integers cast to the enum types), and one of
// float, uint8, int16, double and float16. Properties:
//   - each call's try_ twin (the non-throwing API) fails exactly when the call throws, with the
//     same code and message, and leaves its output buffer bit for bit as the call does;
//   - every call either throws resize_error, and then the output buffer still holds its canary
//     pattern, or returns with the output shape that make_plan gives for the same request;
//     where the request is valid and the views are plain layouts it must succeed, and where
//     planning fails it must throw;
//   - nothing is written outside the output's logical elements and X is never written (every
//     buffer is exactly as long as its extents and strides claim, so AddressSanitizer sees any
//     access beyond; libstdc++ assertions check every std::array/std::vector subscript);
//   - planning with small plan_limits holds at most 1.25 x max_plan_bytes at its peak (the
//     default limits, tried on request, at most 1.25 x theirs), counted by operator new;
//   - no other exception (std::bad_alloc included) ever escapes.
// Anything else (a sanitizer report, a huge allocation, a hang) is a finding.
#include <Eigen/Core>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <typeinfo>
#include <vector>

#include <ndresize/ascend/compute.hpp>
#include <ndresize/ascend/upsample_trilinear3d.hpp>
#include <ndresize/execute.hpp>
#include <ndresize/executor.hpp>
#include <ndresize/interop/eigen.hpp>
#include <ndresize/resize.hpp>
#include <ndresize/type_erased.hpp>

#include "counting_operator_new.hpp"
#include "fuzz_elements.hpp"
#include "fuzz_support.hpp"

namespace nd = ndresize;
namespace onnx = ndresize::onnx;
using nd::index_t;

namespace {

// Small limits keep every input fast; plans are built with them first, and an entry point that
// plans with the default limits runs only where these (or, on request, the default ones) show
// that its plan and output are small.
constexpr index_t max_output = index_t{1} << 20;
constexpr index_t max_taps = index_t{1} << 20;
constexpr long long small_plan_bytes = 1LL << 26;
constexpr long long default_plan_bytes = 1LL << 30;  // the library's documented default
/// Largest buffer (elements) a view may span for its call to run.
constexpr index_t max_buffer = index_t{1} << 20;

// plan_limits::max_plan_bytes is used where the library has it (the checks must be dependent,
// hence the templates).
template <class Limits>
void set_plan_bytes(Limits& l, long long bytes) {
  if constexpr (requires { l.max_plan_bytes; }) l.max_plan_bytes = static_cast<decltype(l.max_plan_bytes)>(bytes);
}
template <class Limits>
long long plan_bytes(const Limits& l, long long fallback) {
  if constexpr (requires { l.max_plan_bytes; })
    return static_cast<long long>(l.max_plan_bytes);
  else
    return fallback;
}

nd::plan_limits small_limits() {
  nd::plan_limits l;
  l.max_output_elements = max_output;
  l.max_table_taps = max_taps;
  set_plan_bytes(l, small_plan_bytes);
  return l;
}

/// The most bytes one make_plan may hold at once under `l`: the plan-byte limit plus a quarter.
long long plan_byte_bound(const nd::plan_limits& l, long long fallback) {
  const long long limit = plan_bytes(l, fallback);
  return limit + limit / 4;
}

[[noreturn]] void unexpected(const std::string& what) { fuzz::fail(__FILE__, __LINE__, what); }

/// Runs f; true when it threw resize_error. Any other exception is a finding.
template <class F>
bool throws_resize_error(F&& f, std::string* message = nullptr) {
  try {
    f();
    return false;
  } catch (const nd::resize_error& e) {
    if (message) *message = e.what();
    return true;
  } catch (const std::exception& e) {
    unexpected(std::string("an exception other than resize_error escaped: ") + typeid(e).name() + ": " + e.what());
  } catch (...) {
    unexpected("a non-standard exception escaped");
  }
}

/// A plan built by `make` with its peak heap use checked, or the error that planning threw.
struct planned {
  std::optional<nd::resize_plan> plan;
  std::optional<nd::error_code> error;
  bool limited() const { return error == nd::error_code::limit_exceeded; }
};

template <class Make>
planned measured_plan(const nd::plan_limits& limits, long long fallback_bytes, Make&& make) {
  planned p;
  const long long before = counted_live_bytes();
  reset_peak_bytes();
  try {
    p.plan.emplace(make(limits));
  } catch (const nd::resize_error& e) {
    p.error = e.code();
  } catch (const std::exception& e) {
    unexpected(std::string("make_plan let an exception other than resize_error escape: ") + typeid(e).name() + ": " +
               e.what());
  }
  const long long peak = counted_peak_bytes() - before, bound = plan_byte_bound(limits, fallback_bytes);
  NDRESIZE_FUZZ_CHECK(peak <= bound,
                      "make_plan held " + std::to_string(peak) + " bytes at its peak, beyond " + std::to_string(bound));
  return p;
}

// ---------------------------------------------------------------------------------------------
// The decoded case.

enum class entry {
  resize_to_y,
  resize_by_scales,
  static_policy,
  upsample_nearest,
  upsample_linear,
  trilinear,
  execute_typed,
  execute_any,
  default_plan,
  ascend,
  eigen,
  plan_only,
  count
};
const char* const entry_names[] = {"resize_to_y",     "resize_by_scales", "static_policy", "upsample_nearest",
                                   "upsample_linear", "trilinear",        "execute_typed", "execute_any",
                                   "default_plan",    "ascend",           "eigen",         "plan_only"};

enum class layout_kind { row_major, padded, listed, empty };

struct layout {
  layout_kind kind = layout_kind::row_major;
  std::uint8_t bits = 0;         ///< padded: which axes get one more element, which run backwards
  std::vector<index_t> strides;  ///< listed: the strides as given (any length)
};

struct fuzz_case {
  entry what = entry::resize_to_y;
  int type = 0;  ///< index into element_types
  std::uint8_t flags = 0;
  nd::resize_attributes attrs;
  std::vector<index_t> x_shape, y_shape;
  bool y_planned = false;  ///< Y takes the planned output shape (when planning succeeds)
  std::vector<float> scales;
  std::vector<std::int64_t> sizes;
  layout x_layout, y_layout;
  int concurrency = 1;
  std::size_t listed_buffer = 0;  ///< elements behind a view whose stride list has the wrong length

  bool default_limits() const { return flags & 1; }
  bool col_major() const { return flags & 2; }
  bool align_corners() const { return flags & 4; }
  bool mismatched_types() const { return flags & 8; }
  int variant() const { return (flags >> 4) & 3; }
};

const char* const element_types[] = {"float", "uint8", "int16", "double", "float16"};

template <class E>
E any_enum(fuzz::reader& r, int valid) {
  const auto b = r.byte();
  return static_cast<E>(b < 240 ? b % valid : static_cast<int>(r.raw<std::int8_t>()));
}

/// A small integer (-8..8) mostly, one of the interesting ones (240+) or any int64 (255) sometimes.
std::int64_t any_int(fuzz::reader& r) {
  const auto b = r.byte();
  if (b == 255) return r.raw<std::int64_t>();
  return b < 240 ? static_cast<std::int8_t>(b) % 9 : r.pick(fuzz::interesting_ints());
}

/// Whether every enum of `a` names an enumerator (a value cast from any integer may not).
bool enums_valid(const nd::resize_attributes& a) {
  auto in = [](auto e, int n) { return static_cast<int>(e) >= 0 && static_cast<int>(e) < n; };
  return in(a.mode, 3) && in(a.coordinate_transformation_mode, 7) && in(a.nearest_mode, 4) &&
         in(a.keep_aspect_ratio_policy, 3);
}

/// Planning refuses attributes whose enums name no enumerator.
void check_enums(const nd::resize_attributes& a, const std::optional<nd::resize_plan>& plan) {
  NDRESIZE_FUZZ_CHECK(enums_valid(a) || !plan, "an enum value that names no enumerator was accepted");
}

std::vector<index_t> any_shape(fuzz::reader& r) {
  // clang-format off
  static const std::vector<index_t> huge{index_t{1} << 20, index_t{1} << 21, index_t{1} << 26, index_t{1} << 28,
                                         index_t{1} << 31, index_t{1} << 40, index_t{1} << 62,
                                         std::numeric_limits<index_t>::max(), -1, 64, 1000, 65536, 4096, 256};
  // clang-format on
  std::vector<index_t> s(r.byte() % 7);
  for (auto& e : s) {
    const auto b = r.byte();
    e = b < 232 ? b % 7 : r.pick(huge);
  }
  return s;
}

layout any_layout(fuzz::reader& r) {
  // clang-format off
  static const std::vector<index_t> strides{0, 1, -1, 2, -2, 3, 4, -4, 7, 16, index_t{1} << 20, index_t{1} << 31,
                                            index_t{1} << 40, index_t{1} << 62, std::numeric_limits<index_t>::max(),
                                            std::numeric_limits<index_t>::min(), -(index_t{1} << 40)};
  // clang-format on
  layout l;
  const auto b = r.byte();
  l.kind = static_cast<layout_kind>(b % 4);
  if (l.kind == layout_kind::padded) l.bits = r.byte();
  if (l.kind == layout_kind::listed) {
    l.strides.resize(r.byte() % 8);
    for (auto& s : l.strides) s = r.pick(strides);
    // An empty list means row-major (for type-erased views; tensor_view takes no strides then).
    if (l.strides.empty()) l.kind = layout_kind::empty;
  }
  return l;
}

fuzz_case decode(fuzz::reader& r) {
  fuzz_case c;
  c.what = static_cast<entry>(r.byte() % static_cast<int>(entry::count));
  c.type = r.byte() % 5;
  c.flags = r.byte();
  using namespace nd::enums;
  auto& a = c.attrs;
  a.mode = any_enum<mode>(r, 3);
  a.coordinate_transformation_mode = any_enum<coordinate_transformation_mode>(r, 7);
  a.nearest_mode = any_enum<nearest_mode>(r, 4);
  a.keep_aspect_ratio_policy = any_enum<keep_aspect_ratio_policy>(r, 3);
  if (r.byte() >= 128) a.cubic_coeff_a = fuzz::any_float(r);
  if (const auto b = r.byte(); b >= 128) a.extrapolation_value = fuzz::any_float(r);
  a.exclude_outside = r.byte() >= 128 ? any_int(r) : 0;
  a.antialias = r.byte() >= 128 ? any_int(r) : 0;
  if (const auto b = r.byte(); b >= 160) {
    a.axes.emplace(b % 5);
    for (auto& ax : *a.axes) ax = any_int(r);
  }
  c.x_shape = any_shape(r);
  if (const auto b = r.byte(); b & 1)
    c.y_planned = true;
  else
    c.y_shape = any_shape(r);
  if (const auto b = r.byte(); b >= 96) {
    c.scales.resize(b % 8);
    for (auto& s : c.scales) s = fuzz::any_float(r);
  }
  if (const auto b = r.byte(); b >= 128) {
    c.sizes.resize(b % 8);
    for (auto& s : c.sizes) {
      const auto v = r.byte();
      s = v < 200 ? v % 12 : r.pick(fuzz::interesting_ints());
    }
  }
  c.x_layout = any_layout(r);
  c.y_layout = any_layout(r);
  static const std::vector<int> concurrency{1, 2, 3, 7, 64, INT_MAX, 0, -1, INT_MIN, 1 << 20};
  c.concurrency = r.pick(concurrency);
  c.listed_buffer = r.byte() % 32;
  return c;
}

template <class V>
std::string list(const V& v) {
  std::string s = "[";
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? " " : "") + std::to_string(v[i]);
  return s + "]";
}

std::string describe(const fuzz_case& c) {
  const auto& a = c.attrs;
  const char* kinds[] = {"row-major", "padded", "listed", "empty"};
  std::string s = std::string(entry_names[static_cast<int>(c.what)]) + " " + element_types[c.type] + " flags " +
                  std::to_string(c.flags) + " mode " + std::to_string(static_cast<int>(a.mode)) + " ctm " +
                  std::to_string(static_cast<int>(a.coordinate_transformation_mode)) + " nearest " +
                  std::to_string(static_cast<int>(a.nearest_mode)) + " keep " +
                  std::to_string(static_cast<int>(a.keep_aspect_ratio_policy)) + " cubic " +
                  std::to_string(a.cubic_coeff_a) + " exclude " + std::to_string(a.exclude_outside) + " antialias " +
                  std::to_string(a.antialias) + " axes " + (a.axes ? list(*a.axes) : std::string("absent")) + " X " +
                  list(c.x_shape) + " Y " + (c.y_planned ? std::string("planned") : list(c.y_shape)) + " scales " +
                  list(c.scales) + " sizes " + list(c.sizes);
  for (const layout* l : {&c.x_layout, &c.y_layout})
    s += std::string(l == &c.x_layout ? " X layout " : " Y layout ") + kinds[static_cast<int>(l->kind)] + " " +
         (l->kind == layout_kind::listed ? list(l->strides) : std::to_string(l->bits));
  return s + " concurrency " + std::to_string(c.concurrency) + " listed buffer " + std::to_string(c.listed_buffer);
}

// ---------------------------------------------------------------------------------------------
// Buffers exactly as long as a view claims.

/// Elements on malloc'd memory of exactly n elements (n may be 0), so that AddressSanitizer
/// reports any access beyond it; the block does not go through the counted operator new.
template <class T>
class exact_buffer {
 public:
  explicit exact_buffer(std::size_t n) : n_(n), p_(static_cast<T*>(std::malloc(n * sizeof(T)))) {
    if (n > 0 && !p_) std::abort();
    for (std::size_t i = 0; i < n; ++i) new (p_ + i) T(fuzz::canary<T>(i));
  }
  exact_buffer(const exact_buffer&) = delete;
  exact_buffer& operator=(const exact_buffer&) = delete;
  ~exact_buffer() { std::free(p_); }
  T* data() const { return p_; }
  std::size_t size() const { return n_; }
  T& operator[](std::size_t i) const { return p_[i]; }

 private:
  std::size_t n_;
  T* p_;
};

/// A tensor's memory as a view describes it: extents, strides as the layout gives them, and
/// a buffer that holds exactly the addressed span (the view's origin inside it).
template <class T>
struct strided_tensor {
  nd::dims extents, strides;
  bool strides_match = true;  ///< the stride list has one value per axis
  bool plain = true;          ///< row-major, padded or empty list: distinct elements, no overlap
  bool fits = true;           ///< the span is countable and at most max_buffer elements
  index_t origin = 0;         ///< element of the buffer at logical index 0
  std::optional<exact_buffer<T>> memory;
  std::vector<T> before;  ///< the buffer's contents when made (X must stay so)

  /// `data`: where X's element values come from; null leaves the canary (Y).
  strided_tensor(const nd::dims& e, const layout& l, std::size_t listed_buffer, fuzz::reader* data) : extents(e) {
    const int rank = e.size();
    switch (l.kind) {
      case layout_kind::row_major:
      case layout_kind::empty: strides = nd::row_major_strides(e); break;
      case layout_kind::padded: {
        strides.resize(rank);
        index_t step = 1;
        for (int d = rank - 1; d >= 0; --d) {
          strides[d] = step;
          index_t padded = 0;  // saturating: such a span never fits a test buffer anyway
          if (__builtin_add_overflow(std::max<index_t>(e[d], 1), (l.bits >> (d % 8)) & 1, &padded) ||
              __builtin_mul_overflow(step, padded, &step))
            step = std::numeric_limits<index_t>::max();
        }
        for (int d = 0; d < rank; ++d)
          if ((l.bits >> ((d + 3) % 8)) & 1) strides[d] = -strides[d];
        break;
      }
      case layout_kind::listed:
        plain = false;
        strides_match = static_cast<int>(l.strides.size()) == rank;
        if (strides_match) strides = nd::dims(std::span<const index_t>(l.strides));
        break;
    }
    std::size_t n = listed_buffer;
    if (strides_match) {
      // Offsets from lo to hi: sum of (extent - 1) * stride, split by the stride's sign.
      index_t lo = 0, hi = 0;
      const index_t count = nd::checked_element_count(e);
      if (count < 0) fits = false;
      for (int d = 0; d < rank && count > 0 && fits; ++d) {
        index_t reach = 0;
        if (__builtin_mul_overflow(e[d] - 1, strides[d], &reach) ||
            __builtin_add_overflow(reach < 0 ? lo : hi, reach, reach < 0 ? &lo : &hi))
          fits = false;
      }
      index_t span = 0;
      if (count > 0 && fits && (__builtin_sub_overflow(hi, lo, &span) || span >= max_buffer)) fits = false;
      n = count > 0 && fits ? static_cast<std::size_t>(span) + 1 : 0;
      if (fits) origin = -lo;  // lo may be INT64_MIN when the span does not fit
    }
    if (!fits) return;
    memory.emplace(n);
    for (std::size_t i = 0; i < n; ++i)
      if (data && !data->empty()) (*memory)[i] = fuzz::element_from<T>(data->byte());
    before.assign(memory->data(), memory->data() + n);
  }

  T* origin_ptr() const { return memory->data() + origin; }

  /// The typed view (E is T or const T) as the layout spells it: the two-argument constructor
  /// for an empty stride list, the given list otherwise (of the wrong length it must throw).
  template <class E = T>
  nd::tensor_view<E> typed_view(const layout& l) const {
    if (l.kind == layout_kind::empty) return {origin_ptr(), extents};
    if (!strides_match) return {origin_ptr(), extents, nd::dims(std::span<const index_t>(l.strides))};
    return {origin_ptr(), extents, strides};
  }
  nd::tensor_view<const T> const_view(const layout& l) const { return typed_view<const T>(l); }
  template <class Void>
  nd::basic_any_tensor_view<Void> any_view(const layout& l, nd::element_type t) const {
    nd::dims s = strides;
    if (l.kind == layout_kind::empty)
      s = nd::dims{};
    else if (!strides_match)
      s = nd::dims(std::span<const index_t>(l.strides));
    return {t, origin_ptr(), extents, s};
  }

  bool unchanged() const {
    for (std::size_t i = 0; i < before.size(); ++i)
      if (!fuzz::same_bits((*memory)[i], before[i])) return false;
    return true;
  }
  /// Positions of the buffer that no logical element of the view addresses still hold the
  /// canary (strides must match).
  bool untouched_outside() const {
    std::vector<bool> addressed(memory->size(), false);
    const index_t count = nd::checked_element_count(extents);
    for (index_t i = 0; i < count; ++i) {
      index_t flat = i, off = origin;
      for (int d = extents.size() - 1; d >= 0; --d) {
        off += (flat % extents[d]) * strides[d];
        flat /= extents[d];
      }
      addressed[static_cast<std::size_t>(off)] = true;
    }
    for (std::size_t i = 0; i < memory->size(); ++i)
      if (!addressed[i] && !fuzz::same_bits((*memory)[i], fuzz::canary<T>(i))) return false;
    return true;
  }
};

nd::dims to_dims(const std::vector<index_t>& v) { return nd::dims(std::span<const index_t>(v)); }

/// An executor that claims `concurrency` workers and runs the items on the calling thread.
nd::executor claimed_executor(int concurrency) {
  return nd::executor(concurrency, [](index_t n, const std::function<void(index_t)>& body) {
    for (index_t i = 0; i < n; ++i) body(i);
  });
}

// ---------------------------------------------------------------------------------------------
// One call of an entry point that writes into the caller's Y, with its oracle.

struct expectation {
  std::optional<nd::dims> shape;  ///< the planned output shape; empty: planning failed
  bool plain_call = true;         ///< a valid request on plain views: the call must succeed
};

/// X and Y buffers for a case: Y has `y_extents`; the call gets typed views or erased ones.
/// `try_call` is the same call through the non-throwing API (it returns a status), run first
/// into a Y of its own: it must fail exactly when `call` throws, with the same message, and
/// leave its Y's memory bit for bit as `call` leaves Y's.
template <class T, class Call, class TryCall>
void check_call(const fuzz_case& c, const nd::dims& xs, const nd::dims& ys, const expectation& want, fuzz::reader& r,
                Call&& call, TryCall&& try_call) {
  strided_tensor<T> x(xs, c.x_layout, c.listed_buffer, &r);
  strided_tensor<T> y(ys, c.y_layout, c.listed_buffer, nullptr);
  strided_tensor<T> y_tried(ys, c.y_layout, c.listed_buffer, nullptr);
  if (!x.fits || !y.fits) return;  // a span no test buffer holds: nothing to run
  // A typed view with a stride list of the wrong length throws when it is made (the caller's
  // constructor, before any try_ call): then both calls must report that same error.
  std::optional<nd::status> tried;
  std::string view_message;
  const bool view_threw = throws_resize_error([&] { tried.emplace(try_call(x, y_tried)); }, &view_message);
  std::string message;
  const bool threw = throws_resize_error([&] { call(x, y); }, &message);
  if (view_threw) {
    NDRESIZE_FUZZ_CHECK(threw && message == view_message && !(x.strides_match && y.strides_match),
                        "a try_ call threw: " + view_message);
  } else {
    NDRESIZE_FUZZ_CHECK(tried->ok() == !threw, threw ? "the try_ call succeeded where the call threw: " + message
                                                     : "the try_ call failed: " + tried->error().message);
    if (threw)
      NDRESIZE_FUZZ_CHECK(tried->error().message == message,
                          "the try_ call's error differs: " + tried->error().message);
  }
  for (std::size_t i = 0; i < y.memory->size(); ++i)
    NDRESIZE_FUZZ_CHECK(fuzz::same_bits((*y.memory)[i], (*y_tried.memory)[i]),
                        "the try_ call wrote other bits at " + std::to_string(i));
  NDRESIZE_FUZZ_CHECK(x.unchanged(), "X was written");
  const bool plain = x.plain && y.plain && x.strides_match && y.strides_match;
  if (threw) {
    for (std::size_t i = 0; i < y.memory->size(); ++i)
      NDRESIZE_FUZZ_CHECK(fuzz::same_bits((*y.memory)[i], fuzz::canary<T>(i)), "Y written before an error");
    NDRESIZE_FUZZ_CHECK(!(plain && want.plain_call && want.shape && *want.shape == ys),
                        "a valid request on plain views failed: " + message);
    return;
  }
  NDRESIZE_FUZZ_CHECK(want.shape.has_value(), "the call succeeded where planning fails");
  NDRESIZE_FUZZ_CHECK(*want.shape == ys,
                      "the call succeeded with Y " + ys.to_string() + " but the plan gives " + want.shape->to_string());
  NDRESIZE_FUZZ_CHECK(y.strides_match, "the call succeeded on a Y stride list of the wrong length");
  NDRESIZE_FUZZ_CHECK(x.strides_match, "the call succeeded on an X stride list of the wrong length");
  NDRESIZE_FUZZ_CHECK(y.untouched_outside(), "a write outside Y's elements");
}

/// What planning says about a request, for an entry point that plans with the default limits:
/// the plan with the small limits; where they are exceeded and the case asks for it, the plan
/// with the default limits (built under their byte bound). `run` says whether the entry point
/// may be called: planning fails for another reason than a limit (then the call must fail too)
/// or its plan is small.
struct reference {
  planned small;
  std::optional<planned> full;
  bool run = false;
  const planned& decisive() const { return full ? *full : small; }
};

template <class Make>
reference reference_plan(const fuzz_case& c, const nd::dims& xs, Make&& make) {
  reference ref;
  ref.small = measured_plan(small_limits(), small_plan_bytes, make);
  ref.run = !ref.small.limited();
  if (ref.run || !c.default_limits()) return ref;
  ref.full = measured_plan(nd::plan_limits{}, default_plan_bytes, make);
  const index_t nx = nd::checked_element_count(xs);
  ref.run = !ref.full->plan || (nx >= 0 && nx <= max_buffer && ref.full->plan->output_size() <= max_buffer);
  return ref;
}

template <class Make>
planned small_plan(Make&& make) {
  return measured_plan(small_limits(), small_plan_bytes, make);
}

/// Y's extents: the planned output when asked for and planning succeeded, else the decoded ones.
std::optional<nd::dims> y_extents(const fuzz_case& c, const planned& p) {
  if (c.y_planned && p.plan) return p.plan->output_shape();
  if (c.y_planned) return nd::dims{};
  try {
    return to_dims(c.y_shape);
  } catch (const nd::resize_error&) {
    return std::nullopt;
  }
}

/// sizes as resize(x, y, attributes) takes them from Y: Y's extents on the listed axes (an axis
/// outside Y's rank gives 0; planning rejects it as outside X's rank anyway, or the ranks differ).
std::vector<std::int64_t> sizes_from(const nd::dims& ys, const nd::resize_attributes& a) {
  std::vector<std::int64_t> sizes;
  const int rank = ys.size();
  if (!a.axes) return {ys.begin(), ys.end()};
  for (std::int64_t ax : *a.axes)
    sizes.push_back(ax >= -rank && ax < rank ? ys[static_cast<int>(ax < 0 ? ax + rank : ax)] : 0);
  return sizes;
}

/// resize<T>(x, y, a) and the forms built on it: plan Resize-19 to Y's sizes, then run `call`.
template <class T, class Call, class TryCall>
void run_into_y(const fuzz_case& c, const nd::dims& xs, const nd::resize_attributes& a, fuzz::reader& r, Call&& call,
                TryCall&& try_call, std::optional<int> required_rank = std::nullopt) {
  // Y's shape comes from a first plan on the case's own sizes when asked for.
  const planned shape_plan = c.y_planned ? small_plan([&](const nd::plan_limits& l) {
    return nd::make_plan(xs, a, {{}, {}, c.sizes}, l);
  })
                                         : planned{};
  const auto ys = y_extents(c, shape_plan);
  if (!ys) return;
  const std::vector<std::int64_t> sizes = sizes_from(*ys, a);
  auto make = [&](const nd::plan_limits& l) { return nd::make_plan(xs, a, {{}, {}, sizes}, l); };
  const reference ref = reference_plan(c, xs, make);
  if (!ref.run) return;
  const planned& p = ref.decisive();
  check_enums(a, p.plan);
  expectation want;
  const bool ranks_ok = xs.size() == ys->size() && (!required_rank || xs.size() >= *required_rank);
  if (p.plan && ranks_ok) want.shape = p.plan->output_shape();
  check_call<T>(c, xs, *ys, want, r, call, try_call);
}

template <class T>
void run_resize_to_y(const fuzz_case& c, const nd::dims& xs, fuzz::reader& r) {
  run_into_y<T>(
      c, xs, c.attrs, r,
      [&](auto& x, auto& y) { nd::resize<T>(x.const_view(c.x_layout), y.typed_view(c.y_layout), c.attrs); },
      [&](auto& x, auto& y) { return nd::try_resize<T>(x.const_view(c.x_layout), y.typed_view(c.y_layout), c.attrs); });
}

template <class T>
void run_static_policy(const fuzz_case& c, const nd::dims& xs, fuzz::reader& r) {
  using namespace nd::policy;
  nd::resize_attributes a = c.attrs;
  auto run = [&]<class Mode, class Coordinate>() {
    a.mode = Mode::value;
    a.coordinate_transformation_mode = Coordinate::value;
    run_into_y<T>(
        c, xs, a, r,
        [&](auto& x, auto& y) {
          nd::resize<Mode, Coordinate>(x.const_view(c.x_layout), y.typed_view(c.y_layout), c.attrs);
        },
        [&](auto& x, auto& y) {
          return nd::try_resize<Mode, Coordinate>(x.const_view(c.x_layout), y.typed_view(c.y_layout), c.attrs);
        });
  };
  switch (c.variant()) {
    case 0: run.template operator()<linear, half_pixel>(); break;
    case 1: run.template operator()<nearest, asymmetric>(); break;
    case 2: run.template operator()<cubic, align_corners>(); break;
    default: run.template operator()<linear, pytorch_half_pixel>(); break;
  }
}

template <class T>
void run_trilinear(const fuzz_case& c, const nd::dims& xs, fuzz::reader& r) {
  nd::resize_attributes a;
  a.mode = nd::enums::mode::linear;
  a.axes = std::vector<std::int64_t>{-3, -2, -1};
  run_into_y<T>(
      c, xs, a, r,
      [&](auto& x, auto& y) {
        nd::trilinear<nd::policy::half_pixel, T>(x.const_view(c.x_layout), y.typed_view(c.y_layout));
      },
      [&](auto& x, auto& y) {
        return nd::try_trilinear<nd::policy::half_pixel, T>(x.const_view(c.x_layout), y.typed_view(c.y_layout));
      },
      3);
}

/// The entry points that return a new tensor: it must have the planned shape.
template <class T, class Make, class Call>
void run_returning(const fuzz_case& c, const nd::dims& xs, fuzz::reader& r, Make&& make, Call&& call) {
  const reference ref = reference_plan(c, xs, make);
  if (!ref.run) return;
  const planned& p = ref.decisive();
  strided_tensor<T> x(xs, c.x_layout, c.listed_buffer, &r);
  if (!x.fits) return;
  std::optional<nd::dims> got;
  std::string message;
  const bool threw = throws_resize_error([&] { got = call(x); }, &message);
  NDRESIZE_FUZZ_CHECK(x.unchanged(), "X was written");
  if (threw) {
    NDRESIZE_FUZZ_CHECK(!(p.plan && x.plain && x.strides_match), "a valid request failed: " + message);
    return;
  }
  NDRESIZE_FUZZ_CHECK(p.plan.has_value(), "the call succeeded where planning fails");
  NDRESIZE_FUZZ_CHECK(x.strides_match, "the call succeeded on an X stride list of the wrong length");
  NDRESIZE_FUZZ_CHECK(*got == p.plan->output_shape(), "the result has shape " + got->to_string() +
                                                          " but the plan gives " + p.plan->output_shape().to_string());
}

template <class T>
void run_by_scales(const fuzz_case& c, const nd::dims& xs, fuzz::reader& r) {
  const std::span<const float> scales(c.scales);
  switch (c.what) {
    case entry::resize_by_scales:
      run_returning<T>(
          c, xs, r,
          [&](const nd::plan_limits& l) {
            return nd::make_plan(xs, c.attrs, {{}, scales, {}}, l);
          },
          [&](auto& x) { return nd::resize<T>(x.const_view(c.x_layout), scales, c.attrs).extents(); });
      break;
    case entry::upsample_nearest: {
      nd::resize_attributes a;
      run_returning<T>(
          c, xs, r,
          [&](const nd::plan_limits& l) {
            return onnx::make_plan(onnx::op_version::upsample_9, a, xs, {{}, scales, {}}, l);
          },
          [&](auto& x) { return nd::upsample_nearest<T>(x.const_view(c.x_layout), scales).extents(); });
      break;
    }
    default: {
      nd::resize_attributes a;
      a.mode = nd::enums::mode::linear;
      run_returning<T>(
          c, xs, r,
          [&](const nd::plan_limits& l) {
            return onnx::make_plan(onnx::op_version::upsample_9, a, xs, {{}, scales, {}}, l);
          },
          [&](auto& x) { return nd::upsample_linear<T>(x.const_view(c.x_layout), scales).extents(); });
      break;
    }
  }
}

/// make_plan + execute on typed or type-erased views with the case's layouts and executor.
template <class T>
void run_execute(const fuzz_case& c, const nd::dims& xs, fuzz::reader& r) {
  auto make = [&](const nd::plan_limits& l) { return nd::make_plan(xs, c.attrs, {{}, c.scales, c.sizes}, l); };
  const planned p = small_plan(make);
  check_enums(c.attrs, p.plan);
  if (!p.plan) return;  // shape inference alone is the plan_only entry's
  const auto ys = y_extents(c, p);
  if (!ys) return;
  constexpr nd::element_type type = nd::element_traits<T>::type;
  const nd::element_type y_type =
      c.mismatched_types() ? static_cast<nd::element_type>(static_cast<int>(c.listed_buffer) - 8) : type;
  const nd::executor ex = claimed_executor(c.concurrency);
  expectation want;
  want.shape = p.plan->output_shape();
  want.plain_call = y_type == type;
  check_call<T>(
      c, xs, *ys, want, r,
      [&](auto& x, auto& y) {
        nd::workspace ws;
        if (c.what == entry::execute_typed)
          nd::execute<T>(*p.plan, x.const_view(c.x_layout), y.typed_view(c.y_layout), ws, ex);
        else
          nd::execute(*p.plan, x.template any_view<const void>(c.x_layout, type),
                      y.template any_view<void>(c.y_layout, y_type), ws, ex);
      },
      [&](auto& x, auto& y) {
        nd::workspace ws;
        if (c.what == entry::execute_typed)
          return nd::try_execute<T>(*p.plan, x.const_view(c.x_layout), y.typed_view(c.y_layout), ws, ex);
        return nd::try_execute(*p.plan, x.template any_view<const void>(c.x_layout, type),
                               y.template any_view<void>(c.y_layout, y_type), ws, ex);
      });
}

/// A plan that holds nothing: default-constructed or, with variant bit 2, one planned for the
/// case's request and then moved from. Rank 0, no tables. Views of any rank (mostly 0) meet it.
template <class T>
void run_default_plan(const fuzz_case& c, const nd::dims& xs, fuzz::reader& r) {
  nd::resize_plan plan{};
  if (c.variant() & 2) {
    planned p = small_plan([&](const nd::plan_limits& l) {
      return nd::make_plan(xs, c.attrs, {{}, c.scales, c.sizes}, l);
    });
    if (p.plan) {
      plan = std::move(*p.plan);
      const nd::resize_plan taken = std::move(plan);
      if (!plan.empty()) unexpected("a moved-from plan is not empty");  // NOLINT(bugprone-use-after-move)
    }
  }
  const auto ys = y_extents(c, planned{});
  if (!ys) return;
  expectation want;
  want.shape = plan.output_shape();
  want.plain_call = false;  // an empty plan may be refused
  check_call<T>(
      c, xs, *ys, want, r,
      [&](auto& x, auto& y) {
        nd::workspace ws;
        if (c.variant() & 1)
          nd::execute<T>(plan, x.const_view(c.x_layout), y.typed_view(c.y_layout), ws, claimed_executor(c.concurrency));
        else
          nd::execute(plan, x.template any_view<const void>(c.x_layout, nd::element_traits<T>::type),
                      y.template any_view<void>(c.y_layout, nd::element_traits<T>::type), ws);
      },
      [&](auto& x, auto& y) {
        nd::workspace ws;
        if (c.variant() & 1)
          return nd::try_execute<T>(plan, x.const_view(c.x_layout), y.typed_view(c.y_layout), ws,
                                    claimed_executor(c.concurrency));
        return nd::try_execute(plan, x.template any_view<const void>(c.x_layout, nd::element_traits<T>::type),
                               y.template any_view<void>(c.y_layout, nd::element_traits<T>::type), ws);
      });
}

/// Planning alone, with the small limits and (on request) the default ones.
void run_plan_only(const fuzz_case& c, const nd::dims& xs) {
  auto make = [&](const nd::plan_limits& l) { return nd::make_plan(xs, c.attrs, {{}, c.scales, c.sizes}, l); };
  const planned small = small_plan(make);
  check_enums(c.attrs, small.plan);
  if (small.plan) {
    for (index_t e : small.plan->output_shape())
      NDRESIZE_FUZZ_CHECK(e >= 0 && e <= max_output, "output extent " + std::to_string(e) + " beyond the limit");
    NDRESIZE_FUZZ_CHECK(small.plan->output_size() <= max_output, "output beyond the limit");
  }
  if (!c.default_limits()) return;
  const planned full = measured_plan(nd::plan_limits{}, default_plan_bytes, make);
  if (small.plan) {
    NDRESIZE_FUZZ_CHECK(full.plan.has_value(), "the default limits refused what the small ones accept");
    NDRESIZE_FUZZ_CHECK(full.plan->output_shape() == small.plan->output_shape(), "the limits changed the shape");
  } else if (!small.limited()) {
    NDRESIZE_FUZZ_CHECK(full.error == small.error, "the limits changed the error");
  }
}

// ---------------------------------------------------------------------------------------------
// Ascend ResizeUpsampleTrilinear.

nd::ascend::upsample_trilinear3d_attributes ascend_attributes(const fuzz_case& c) {
  nd::ascend::upsample_trilinear3d_attributes a;
  if (!c.sizes.empty()) a.output_size = c.sizes;
  std::optional<double>* scales[] = {&a.scales_d, &a.scales_h, &a.scales_w};
  for (std::size_t i = 0; i < 3 && i < c.scales.size(); ++i) *scales[i] = static_cast<double>(c.scales[i]);
  a.align_corners = c.align_corners();
  return a;
}

onnx::attribute_map ascend_map(const nd::ascend::upsample_trilinear3d_attributes& a) {
  onnx::attribute_map m;
  if (a.output_size) m["output_size"] = *a.output_size;
  if (a.scales_d) m["scales_d"] = static_cast<float>(*a.scales_d);
  if (a.scales_h) m["scales_h"] = static_cast<float>(*a.scales_h);
  if (a.scales_w) m["scales_w"] = static_cast<float>(*a.scales_w);
  m["align_corners"] = std::int64_t{a.align_corners};
  return m;
}

template <class T>
void run_ascend(const fuzz_case& c, const nd::dims& xs, fuzz::reader& r) {
  const auto a = ascend_attributes(c);
  auto make = [&](const nd::plan_limits& l) { return nd::ascend::make_plan(xs, a, l); };
  const reference ref = reference_plan(c, xs, make);
  if (!ref.run) return;
  const planned& p = ref.decisive();
  const auto ys = y_extents(c, p);
  if (!ys) return;
  // Every form but a plain execute of the plan checks the element type first.
  constexpr bool accepted = nd::ascend::trilinear_element<T>;
  constexpr nd::element_type type = nd::element_traits<T>::type;
  const bool through_plan = c.variant() == 3 && p.plan;
  expectation want;
  if (p.plan && (accepted || through_plan)) want.shape = p.plan->output_shape();
  check_call<T>(
      c, xs, *ys, want, r,
      [&](auto& x, auto& y) {
        const auto xv = x.template any_view<const void>(c.x_layout, type);
        const auto yv = y.template any_view<void>(c.y_layout, type);
        nd::workspace ws;
        if constexpr (accepted) {
          if (c.variant() == 1)
            return nd::ascend::upsample_trilinear3d<T>(x.const_view(c.x_layout), y.typed_view(c.y_layout), a, ws);
        }
        if (through_plan)
          nd::execute(*p.plan, xv, yv, ws, claimed_executor(c.concurrency));
        else if (c.variant() == 2)
          nd::ascend::upsample_trilinear3d(xv, yv, a, ws);
        else
          nd::ascend::compute(ascend_map(a), xv, yv, ws);
      },
      [&](auto& x, auto& y) {
        const auto xv = x.template any_view<const void>(c.x_layout, type);
        const auto yv = y.template any_view<void>(c.y_layout, type);
        nd::workspace ws;
        if constexpr (accepted) {
          if (c.variant() == 1)
            return nd::ascend::try_upsample_trilinear3d<T>(x.const_view(c.x_layout), y.typed_view(c.y_layout), a, ws);
        }
        if (through_plan) return nd::try_execute(*p.plan, xv, yv, ws, claimed_executor(c.concurrency));
        if (c.variant() == 2) return nd::ascend::try_upsample_trilinear3d(xv, yv, a, ws);
        return nd::ascend::try_compute(ascend_map(a), xv, yv, ws);
      });
}

// ---------------------------------------------------------------------------------------------
// Eigen interop on TensorMaps of rank 3 or 4.

template <class T, int Rank, int Layout>
void run_eigen_rank(const fuzz_case& c, const nd::dims& xs, fuzz::reader& r) {
  using map = Eigen::TensorMap<Eigen::Tensor<T, Rank, Layout, Eigen::DenseIndex>>;
  using const_map = Eigen::TensorMap<Eigen::Tensor<const T, Rank, Layout, Eigen::DenseIndex>>;
  Eigen::array<Eigen::DenseIndex, Rank> xd;
  for (int d = 0; d < Rank; ++d) xd[static_cast<std::size_t>(d)] = xs[d];
  const index_t nx = nd::checked_element_count(xs);
  if (nx < 0 || nx > max_buffer) return;
  exact_buffer<T> xb(static_cast<std::size_t>(nx));
  for (std::size_t i = 0; i < xb.size(); ++i)
    if (!r.empty()) xb[i] = fuzz::element_from<T>(r.byte());
  const const_map x(xb.data(), xd);

  if (c.variant() == 0) {  // the view of the map: the map's extents, its own layout's strides
    std::optional<nd::tensor_view<const T>> v;
    if (throws_resize_error([&] { v.emplace(nd::interop::as_view(x)); })) return;
    NDRESIZE_FUZZ_CHECK(v->extents() == xs, "as_view extents " + v->extents().to_string());
    if (nx > 0) {
      index_t step = 1;
      for (int k = 0; k < Rank; ++k) {
        const int d = Layout == Eigen::ColMajor ? k : Rank - 1 - k;
        NDRESIZE_FUZZ_CHECK(v->stride(d) == step, "as_view stride " + std::to_string(d));
        step *= xs[d];
      }
    }
    return;
  }
  auto make = [&](const nd::plan_limits& l) {
    return c.sizes.empty() ? nd::make_plan(xs, c.attrs, {{}, c.scales, {}}, l)
                           : nd::make_plan(xs, c.attrs, {{}, {}, c.sizes}, l);
  };
  const reference ref = reference_plan(c, xs, make);
  const planned& p = ref.small;
  if (c.variant() == 1) {  // execute into the caller's map of the planned shape
    if (!p.plan) return;
    const nd::dims& ys = p.plan->output_shape();
    Eigen::array<Eigen::DenseIndex, Rank> yd;
    for (int d = 0; d < Rank; ++d) yd[static_cast<std::size_t>(d)] = ys[d];
    exact_buffer<T> yb(static_cast<std::size_t>(p.plan->output_size()));
    map y(yb.data(), yd);
    nd::workspace ws;
    std::string message;
    if (throws_resize_error([&] { nd::interop::execute(*p.plan, x, y, ws); }, &message))
      unexpected("execute on Eigen maps of the planned shapes failed: " + message);
    return;
  }
  if (!ref.run) return;
  const planned& q = ref.decisive();
  std::optional<nd::dims> got;
  std::string message;
  const bool threw = throws_resize_error(
      [&] {
        const auto y = c.sizes.empty() ? nd::interop::resize(x, std::span<const float>(c.scales), c.attrs)
                                       : nd::interop::resize(x, std::span<const std::int64_t>(c.sizes), c.attrs);
        got = nd::interop::extents_of(y);
      },
      &message);
  if (threw) {
    // An Eigen::Tensor multiplies its extents in its index type (a 0 among them does not help):
    // a result whose extents overflow it cannot be built, and the call must say so.
    bool buildable = true;
    if (q.plan) {
      index_t n = 1;
      for (index_t e : q.plan->output_shape())
        if (__builtin_mul_overflow(n, std::max<index_t>(e, 1), &n)) buildable = false;
    }
    NDRESIZE_FUZZ_CHECK(!q.plan || !buildable, "interop::resize failed where planning succeeds: " + message);
    return;
  }
  NDRESIZE_FUZZ_CHECK(q.plan.has_value(), "interop::resize succeeded where planning fails");
  NDRESIZE_FUZZ_CHECK(*got == q.plan->output_shape(), "interop::resize shape " + got->to_string());
}

template <class T>
void run_eigen(const fuzz_case& c, const nd::dims& xs, fuzz::reader& r) {
  // The map's rank is fixed at compile time: X's rank when 3 or 4, else 3 (extents padded with 1).
  nd::dims e = xs;
  const int rank = xs.size() == 4 ? 4 : 3;
  e.resize(rank);
  for (int d = xs.size(); d < rank; ++d) e[d] = 1;
  if (rank == 4)
    c.col_major() ? run_eigen_rank<T, 4, Eigen::ColMajor>(c, e, r) : run_eigen_rank<T, 4, Eigen::RowMajor>(c, e, r);
  else
    c.col_major() ? run_eigen_rank<T, 3, Eigen::ColMajor>(c, e, r) : run_eigen_rank<T, 3, Eigen::RowMajor>(c, e, r);
}

// ---------------------------------------------------------------------------------------------

template <class T>
void run(const fuzz_case& c, const nd::dims& xs, fuzz::reader& r) {
  switch (c.what) {
    case entry::resize_to_y: return run_resize_to_y<T>(c, xs, r);
    case entry::resize_by_scales:
    case entry::upsample_nearest:
    case entry::upsample_linear: return run_by_scales<T>(c, xs, r);
    case entry::static_policy: return run_static_policy<T>(c, xs, r);
    case entry::trilinear: return run_trilinear<T>(c, xs, r);
    case entry::execute_typed:
    case entry::execute_any: return run_execute<T>(c, xs, r);
    case entry::default_plan: return run_default_plan<T>(c, xs, r);
    case entry::ascend: return run_ascend<T>(c, xs, r);
    case entry::eigen:
      if constexpr (std::is_same_v<T, float> || std::is_same_v<T, Eigen::half>) return run_eigen<T>(c, xs, r);
      return run_eigen<float>(c, xs, r);
    case entry::plan_only: return run_plan_only(c, xs);
    case entry::count: break;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::reader r(data, size);
  const fuzz_case c = decode(r);
  fuzz::context() = describe(c);
  const nd::dims xs = to_dims(c.x_shape);  // rank <= 6: always fits
  switch (c.type) {
    case 0: run<float>(c, xs, r); break;
    case 1: run<std::uint8_t>(c, xs, r); break;
    case 2: run<std::int16_t>(c, xs, r); break;
    case 3: run<double>(c, xs, r); break;
    default: run<Eigen::half>(c, xs, r); break;
  }
  return 0;
}
