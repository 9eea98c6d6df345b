// SPDX-License-Identifier: Apache-2.0
// Fuzz target: the runtime front door, onnx::make_plan / onnx::compute(op, opset, attributes,
// X, roi/scales/sizes, Y), as an inference runtime calls it with a hostile model. The bytes
// choose the operator name (Resize, Upsample or another), the opset (also invalid ones), an
// attribute map (valid and invalid names, values and types), X's rank (0–8, sometimes beyond
// max_rank) and extents (also 0 and huge), the element type code (also invalid), and
// roi/scales/sizes of any length and value (NaN, ±Inf, 0, negative, 1e-30, 1e30). Properties:
//   - planning with small plan_limits either throws resize_error or gives a plan whose output
//     shape is bounded, and a plan with the default limits has the same output shape;
//   - compute() throws resize_error exactly when a check must fail, and then Y still holds its
//     canary pattern; otherwise Y has make_plan(...).output_shape();
//   - the non-throwing forms (try_make_dims, onnx::try_make_plan, onnx::try_compute) fail
//     exactly when the throwing ones throw, with the same code and message, and otherwise
//     give the same shape and the same bits;
//   - nearest copies X[source] bit for bit (source from tests/support/naive_reference.hpp), and
//     linear/cubic float/double agree with that slow reference within a rounding bound;
//   - a padded, partly reversed (negative stride) copy of X and Y gives the same result, and a
//     thread pool gives bit for bit the sequential result.
// Anything else (another exception, a sanitizer report, a huge allocation, a hang) is a finding.
#include <Eigen/Core>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include <ndresize/execute.hpp>
#include <ndresize/onnx/compute.hpp>
#include <ndresize/onnx/opset.hpp>
#include <ndresize/thread_pool.hpp>

#include "fuzz_elements.hpp"
#include "fuzz_support.hpp"
#include "support/naive_reference.hpp"

namespace nd = ndresize;
namespace onnx = ndresize::onnx;
using nd::index_t;

namespace {

using fuzz::as_double;
using fuzz::canary;
using fuzz::element_from;
using fuzz::is_complex;
using fuzz::same_bits;

// Bounds that keep every input cheap: the plan's own limits, plus sizes beyond which a case is
// planned (shape inference) but not executed or compared.
constexpr index_t max_output = index_t{1} << 16;
constexpr index_t max_table_taps = index_t{1} << 18;
constexpr index_t max_input = index_t{1} << 16;
constexpr double max_reference_terms = 1 << 20;

enum class kind { integer, real, text, integers, reals };

struct attribute_name {
  const char* name;
  kind natural;
};

// Every ONNX attribute name of Resize/Upsample plus near misses; the value usually has the
// attribute's own type, sometimes any other.
const std::vector<attribute_name>& attribute_names() {
  // clang-format off
  static const std::vector<attribute_name> v{
      {"mode", kind::text}, {"coordinate_transformation_mode", kind::text}, {"nearest_mode", kind::text},
      {"keep_aspect_ratio_policy", kind::text}, {"cubic_coeff_a", kind::real}, {"extrapolation_value", kind::real},
      {"exclude_outside", kind::integer}, {"antialias", kind::integer}, {"axes", kind::integers},
      {"scales", kind::reals}, {"", kind::integer}, {"Mode", kind::text}, {"sizes", kind::integers}};
  // clang-format on
  return v;
}

const std::vector<std::string>& attribute_strings() {
  // clang-format off
  static const std::vector<std::string> v{
      "nearest", "linear", "cubic", "half_pixel", "half_pixel_symmetric", "pytorch_half_pixel", "align_corners",
      "asymmetric", "tf_half_pixel_for_nn", "tf_crop_and_resize", "round_prefer_floor", "round_prefer_ceil", "floor",
      "ceil", "stretch", "not_larger", "not_smaller", "", "bilinear", "NEAREST"};
  // clang-format on
  return v;
}

onnx::attribute_value attribute_value(fuzz::reader& r, kind k) {
  switch (k) {
    case kind::integer: {
      const auto b = r.byte();
      return b < 200 ? std::int64_t{b % 3} : r.pick(fuzz::interesting_ints());
    }
    case kind::real: return fuzz::any_float(r);
    case kind::text: return r.pick(attribute_strings());
    case kind::integers: {
      std::vector<std::int64_t> v(r.byte() % 6);
      for (auto& e : v) {
        const auto b = r.byte();
        e = b >= 250 ? r.pick(fuzz::interesting_ints()) : static_cast<std::int8_t>(b) % 9;
      }
      return v;
    }
    case kind::reals: {
      std::vector<float> v(r.byte() % 9);
      for (auto& e : v) e = fuzz::any_float(r);
      return v;
    }
  }
  return std::int64_t{0};
}

struct fuzz_case {
  std::string op;
  std::int64_t opset = 0;
  onnx::attribute_map attrs;
  std::vector<index_t> x_shape;
  int type_code = 1;
  std::vector<float> scales;
  std::vector<std::int64_t> sizes;
  std::vector<double> roi;
  bool perturb_y = false;
  int perturb_axis = 0;
  bool strided = false;
  std::uint8_t layout = 0;
};

fuzz_case decode(fuzz::reader& r) {
  fuzz_case c;
  static const std::vector<std::string> other_ops{"", "resize", "Resample", "Upsample ", "ResizeUpsampleTrilinear"};
  const auto op = r.byte() % 16;
  c.op = op < 10 ? "Resize" : op < 15 ? "Upsample" : r.pick(other_ops);
  const auto opset = r.byte();
  c.opset = opset < 248 ? opset % 26 : r.raw<std::int64_t>();

  for (int n = r.byte() % 6; n > 0; --n) {
    const auto& a = r.pick(attribute_names());
    const auto kb = r.byte();
    c.attrs[a.name] = attribute_value(r, kb < 200 ? a.natural : static_cast<kind>(kb % 5));
  }

  const auto rank = r.byte();
  const std::size_t deep[] = {16, 17, 20, 12};
  c.x_shape.resize(rank < 252 ? rank % 9 : deep[rank - 252]);
  using limits = std::numeric_limits<index_t>;
  // clang-format off
  static const std::vector<index_t> huge{index_t{1} << 20, index_t{1} << 31, index_t{1} << 40, index_t{1} << 62,
                                         limits::max(), -1, limits::min(), 64, 1000, index_t{1} << 16};
  // clang-format on
  for (auto& e : c.x_shape) {
    const auto b = r.byte();
    e = b < 232 ? b % 7 : r.pick(huge);
  }

  const auto t = r.byte();
  c.type_code = t < 230 ? 1 + t % 16 : t < 250 ? 0 : static_cast<int>(r.raw<std::int8_t>());

  if (const auto b = r.byte(); b >= 96) {
    c.scales.resize(b % 10);
    for (auto& s : c.scales) s = fuzz::any_float(r);
  }
  if (const auto b = r.byte(); b >= 128) {
    c.sizes.resize(b % 10);
    for (auto& s : c.sizes) {
      const auto v = r.byte();
      s = v < 200 ? v % 12 : r.pick(fuzz::interesting_ints());
    }
  }
  if (const auto b = r.byte(); b >= 160) {
    c.roi.resize(b % 17);
    for (auto& v : c.roi) {
      const auto vb = r.byte();
      v = vb >= 248 ? r.raw<double>() : fuzz::interesting_doubles()[vb % fuzz::interesting_doubles().size()];
    }
  }
  const auto flags = r.byte();
  c.perturb_y = (flags & 7) == 7;
  c.perturb_axis = r.byte();
  c.strided = (flags & 8) != 0;
  c.layout = r.byte();
  return c;
}

/// The decoded case in words (printed when a property fails).
std::string describe(const fuzz_case& c) {
  std::string s = c.op + " opset " + std::to_string(c.opset) + " type " + std::to_string(c.type_code) + " X [";
  for (auto e : c.x_shape) s += std::to_string(e) + " ";
  s += "] attrs {";
  for (const auto& [name, v] : c.attrs) {
    s += " " + name + "=";
    std::visit(
        [&](const auto& x) {
          using V = std::decay_t<decltype(x)>;
          if constexpr (std::is_same_v<V, std::string>)
            s += "'" + x + "'";
          else if constexpr (std::is_arithmetic_v<V>)
            s += std::to_string(x);
          else {
            s += "[";
            for (auto e : x) s += std::to_string(e) + " ";
            s += "]";
          }
        },
        v);
  }
  s += " } scales [";
  for (auto e : c.scales) s += std::to_string(e) + " ";
  s += "] sizes [";
  for (auto e : c.sizes) s += std::to_string(e) + " ";
  s += "] roi [";
  for (auto e : c.roi) s += std::to_string(e) + " ";
  s += "] perturb_y " + std::to_string(c.perturb_y) + " strided " + std::to_string(c.strided) + " layout " +
       std::to_string(c.layout);
  return s;
}

// ---------------------------------------------------------------------------------------------
// Element values, canaries and comparison for every element type.

/// Two results of the same plan on different layouts: the kernels may sum in another order
/// (fused or separate passes), so finite values agree within `tolerance`; non-finite values
/// agree exactly (NaN with NaN).
inline bool close(double a, double b, double tolerance) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  if (std::isinf(a) || std::isinf(b)) return a == b;
  return std::abs(a - b) <= tolerance;
}

/// Unit roundoff of T's accumulator, and of T itself (its store rounding).
template <class T>
double accumulator_unit() {
  if constexpr (is_complex<T>)
    return std::is_same_v<T, std::complex<float>> ? 0x1p-24 : 0x1p-53;
  else
    return std::is_same_v<nd::accumulator_t<T>, float> ? 0x1p-24 : 0x1p-53;
}
template <class T>
double store_unit() {
  if constexpr (std::is_same_v<T, Eigen::half>)
    return 0x1p-11;
  else if constexpr (std::is_same_v<T, Eigen::bfloat16>)
    return 0x1p-8;
  else
    return accumulator_unit<T>();
}

/// std::vector<bool> has no data(): every buffer is a plain array.
template <class T>
struct buffer {
  std::vector<std::conditional_t<std::is_same_v<T, bool>, unsigned char, T>> storage;
  explicit buffer(std::size_t n) : storage(n) {}
  T* data() { return reinterpret_cast<T*>(storage.data()); }
  T& operator[](std::size_t i) { return data()[i]; }
  std::size_t size() const { return storage.size(); }
};

/// Offset of row-major flat index `flat` in a view with `extents` and `strides`.
index_t offset_of(index_t flat, const nd::dims& extents, const nd::dims& strides) {
  index_t off = 0;
  for (int d = extents.size() - 1; d >= 0; --d) {
    off += (flat % extents[d]) * strides[d];
    flat /= extents[d];
  }
  return off;
}

/// A padded layout: each axis may get one extra element, and may run backwards.
struct strided_layout {
  nd::dims strides;
  index_t base = 0, elements = 1;
};

strided_layout make_layout(const nd::dims& extents, std::uint8_t bits) {
  strided_layout l;
  l.strides.resize(extents.size());
  for (int d = extents.size() - 1; d >= 0; --d) {
    const index_t padded = extents[d] + ((bits >> (d % 8)) & 1);
    l.strides[d] = l.elements;
    l.elements *= padded;
  }
  for (int d = 0; d < extents.size(); ++d)
    if (((bits >> ((d + 3) % 8)) & 1) && extents[d] > 1) {
      l.base += (extents[d] - 1) * l.strides[d];
      l.strides[d] = -l.strides[d];
    }
  return l;
}

// ---------------------------------------------------------------------------------------------

naive::op naive_version(onnx::op_version v) {
  switch (v) {
    case onnx::op_version::resize_10: return naive::op::resize_10;
    case onnx::op_version::resize_11: return naive::op::resize_11;
    case onnx::op_version::resize_13: return naive::op::resize_13;
    case onnx::op_version::resize_18: return naive::op::resize_18;
    case onnx::op_version::resize_19: return naive::op::resize_19;
    case onnx::op_version::upsample_7: return naive::op::upsample_7;
    case onnx::op_version::upsample_9: return naive::op::upsample_9;
  }
  return naive::op::resize_19;
}

/// The node as the independent reference spells it (attributes as ONNX strings).
naive::node naive_node(const fuzz_case& c) {
  const onnx::op_version v = onnx::version_for(c.op, c.opset);
  const onnx::node_attributes parsed = onnx::parse_attributes(v, c.attrs);
  const auto& a = parsed.attributes;
  naive::node n;
  n.version = naive_version(v);
  n.mode = std::string(nd::to_string(a.mode));
  n.coordinate_transformation_mode = std::string(nd::to_string(a.coordinate_transformation_mode));
  n.nearest_mode = std::string(nd::to_string(a.nearest_mode));
  n.cubic_coeff_a = a.cubic_coeff_a;
  n.exclude_outside = a.exclude_outside != 0;
  n.extrapolation_value = a.extrapolation_value;
  n.antialias = a.antialias != 0;
  n.axes = a.axes;
  n.keep_aspect_ratio_policy = std::string(nd::to_string(a.keep_aspect_ratio_policy));
  n.roi = c.roi;
  n.scales = v == onnx::op_version::upsample_7 ? parsed.upsample_7_scales : c.scales;
  n.sizes = c.sizes;
  return n;
}

/// Checks Y (logical element i at y[offset(i)]) against the reference geometry `g`.
template <class T, class Get>
void check_against_reference(const naive::node& n, const naive::geometry& g, const T* x, const std::vector<double>& xd,
                             index_t ny, Get&& y_at, bool weighted) {
  const int rank = static_cast<int>(g.axes.size());
  const double unit = std::is_same_v<T, float> ? 0x1p-24 : 0x1p-53;
  constexpr double u = 0x1p-53;
  const bool cubic = n.mode == "cubic";
  const double normalize = n.antialias || n.exclude_outside ? 4.0 : 1.0;
  const double weight_error =
      u * (64.0 + (cubic ? 300.0 * std::max(1.0, std::abs(static_cast<double>(n.cubic_coeff_a))) : 0.0)) * normalize;
  for (index_t i = 0; i < ny; ++i) {
    const naive::element e = naive::evaluate(g, xd, i);
    // The reference decided this element's index or extrapolation on a double near a
    // boundary (its exact coordinate needs more than 128 bits): nothing to compare against.
    if (e.undecided) continue;
    const T& got = y_at(i);
    if (e.extrapolated) {
      NDRESIZE_FUZZ_CHECK(same_bits(got, nd::from_extrapolation_value<T>(g.extrapolation_value)),
                          "extrapolated element " + std::to_string(i));
      continue;
    }
    if (!weighted) {
      NDRESIZE_FUZZ_CHECK(e.terms == 1 && e.source >= 0, "nearest reads one element");
      NDRESIZE_FUZZ_CHECK(
          same_bits(got, x[static_cast<std::size_t>(e.source)]),
          "nearest element " + std::to_string(i) + " is not a copy of X[" + std::to_string(e.source) + "]");
      continue;
    }
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
      // Rule 10 makes the library read a subset of the reference's taps (it merges taps that
      // share an index and drops zero weights), so a finite reference value is comparable;
      // beyond that, non-finite data and overflow-sized magnitudes are not compared.
      if (!std::isfinite(e.value) || !(e.magnitude < 1e30) || !(std::abs(n.cubic_coeff_a) <= 4.0f)) continue;
      const double bound = 2.0 * (e.axis_taps + 2.0 * rank) * unit * e.magnitude +
                           2.0 * (static_cast<double>(e.terms) + rank) * u * e.magnitude +
                           rank * std::ldexp(1.0, rank) * weight_error * e.abs_sum + unit * std::abs(e.value);
      NDRESIZE_FUZZ_CHECK(std::abs(static_cast<double>(got) - e.value) <= bound,
                          "element " + std::to_string(i) + ": library " + std::to_string(static_cast<double>(got)) +
                              ", reference " + std::to_string(e.value) + ", bound " + std::to_string(bound));
    }
  }
}

template <class T>
void run_typed(const fuzz_case& c, const nd::dims& xs, const onnx::resize_inputs& in, const nd::resize_plan* plan,
               fuzz::reader& r) {
  const index_t nx = nd::checked_element_count(xs);
  if (plan && (nx < 0 || nx > max_input)) return;  // planned (shape inference) only

  // Y: the plan's shape (perturbed on request), or a small shape when planning failed.
  nd::dims ys = plan ? plan->output_shape() : xs;
  bool perturbed = false;
  if (!plan)
    for (auto& e : ys) e = std::clamp<index_t>(e, 0, ys.size() <= 8 ? 3 : 1);
  else if (c.perturb_y && ys.size() > 0) {
    // Grow one extent by 1. An empty Y (some extent 0) must not grow its only zero extent:
    // that would turn 0 elements into the product of the others, which no limit bounds.
    // Any other axis keeps the count at most doubled (or 0), and still makes Y's shape wrong.
    std::size_t axis = static_cast<std::size_t>(c.perturb_axis) % ys.size();
    if (ys[axis] == 0 && std::count(ys.begin(), ys.end(), index_t{0}) == 1 && ys.size() > 1)
      axis = (axis + 1) % ys.size();
    ys[axis] += 1;
    perturbed = true;
  }
  const index_t ny = nd::checked_element_count(ys);
  NDRESIZE_FUZZ_CHECK(ny >= 0 && ny <= 2 * max_output, "output buffer size");

  // X has real data when the plan succeeded; a failed plan must fail before X is read, so a
  // tiny buffer stands in for any shape.
  const std::size_t x_len = plan ? static_cast<std::size_t>(nx) : 4;
  buffer<T> x(x_len);
  for (std::size_t i = 0; i < x_len; ++i)
    x[i] = element_from<T>(r.empty() ? static_cast<std::uint8_t>(i * 37 + 11) : r.byte());
  buffer<T> y(static_cast<std::size_t>(std::max<index_t>(ny, 1)));
  for (std::size_t i = 0; i < y.size(); ++i) y[i] = canary<T>(i);

  bool must_throw = plan == nullptr || perturbed;
  if (plan) {
    const onnx::op_version v = onnx::version_for(c.op, c.opset);
    if (std::is_same_v<T, Eigen::bfloat16> && !onnx::at_least(v, onnx::op_version::resize_13)) must_throw = true;
    if (!nd::interpolatable<T> && plan->family() == nd::kernel_family::weighted) must_throw = true;
  }

  constexpr nd::element_type type = nd::element_traits<T>::type;
  nd::workspace ws;
  // The non-throwing front door first, into its own canary-filled Y.
  buffer<T> y_tried(y.size());
  for (std::size_t i = 0; i < y.size(); ++i) y_tried[i] = canary<T>(i);
  const nd::status tried = onnx::try_compute(c.op, c.opset, c.attrs, nd::any_const_tensor_view(type, x.data(), xs), in,
                                             nd::any_tensor_view(type, y_tried.data(), ys), ws);
  bool threw = false;
  std::string what;
  try {
    onnx::compute(c.op, c.opset, c.attrs, nd::any_const_tensor_view(type, x.data(), xs), in,
                  nd::any_tensor_view(type, y.data(), ys), ws);
  } catch (const nd::resize_error& e) {
    threw = true;
    what = e.what();
    NDRESIZE_FUZZ_CHECK(!tried.ok() && tried.error().message == what && tried.error().code == e.code(),
                        "try_compute disagrees with the thrown error: " + what);
  }
  NDRESIZE_FUZZ_CHECK(threw == must_throw,
                      threw ? "unexpected error: " + what : std::string("no error where one was due"));
  NDRESIZE_FUZZ_CHECK(threw || tried.ok(), "try_compute failed where compute did not: " +
                                               (tried.ok() ? std::string() : tried.error().message));
  for (std::size_t i = 0; i < y.size(); ++i)
    NDRESIZE_FUZZ_CHECK(same_bits(y_tried[i], y[i]), "try_compute and compute differ at " + std::to_string(i));
  if (threw) {
    for (std::size_t i = 0; i < y.size(); ++i)
      NDRESIZE_FUZZ_CHECK(same_bits(y[i], canary<T>(i)), "Y written before an error");
    return;
  }
  if (ny == 0) return;

  // The same plan on a thread pool: results never depend on the number of threads.
  {
    static nd::thread_pool pool(3);
    buffer<T> yp(static_cast<std::size_t>(ny));
    nd::execute<T>(*plan, nd::tensor_view<const T>(x.data(), xs), nd::tensor_view<T>(yp.data(), ys), ws,
                   pool.get_executor());
    for (std::size_t i = 0; i < yp.size(); ++i)
      NDRESIZE_FUZZ_CHECK(same_bits(yp[i], y[i]), "thread pool result differs at " + std::to_string(i));
  }

  // Values against the independent reference (nearest for every type; linear/cubic for float
  // and double), when its N-D tap products stay cheap.
  const bool weighted = plan->family() == nd::kernel_family::weighted;
  const naive::node n = naive_node(c);
  const std::vector<std::int64_t> x_shape(xs.begin(), xs.end());
  const naive::geometry g = naive::resolve(n, x_shape);
  double terms = 1;
  for (const auto& a : g.axes) {
    double per_axis = 0;
    for (const auto& t : a.taps) per_axis += static_cast<double>(t.size());
    terms *= std::max(per_axis, 1.0);
  }
  NDRESIZE_FUZZ_CHECK(g.output_shape() == std::vector<std::int64_t>(ys.begin(), ys.end()), "reference output shape");
  // X as doubles for the reference (complex: its modulus, which gives the error scale only).
  std::vector<double> xd(x_len, 0.0);
  if constexpr (is_complex<T>)
    for (std::size_t i = 0; i < x_len; ++i) xd[i] = std::abs(x[i]);
  else if constexpr (nd::interpolatable<T>)
    for (std::size_t i = 0; i < x_len; ++i) xd[i] = as_double(x[i]);
  const bool affordable = terms <= max_reference_terms;
  const bool compare = affordable && (!weighted || std::is_same_v<T, float> || std::is_same_v<T, double>);
  if (compare)
    check_against_reference<T>(
        n, g, x.data(), xd, ny, [&](index_t i) -> const T& { return y[static_cast<std::size_t>(i)]; }, weighted);

  // The same plan on padded, partly reversed copies of X and Y.
  if (!c.strided || nx == 0) return;
  const strided_layout lx = make_layout(xs, c.layout),
                       ly = make_layout(ys, static_cast<std::uint8_t>(c.layout * 5 + 1));
  buffer<T> xs_buf(static_cast<std::size_t>(lx.elements));
  for (std::size_t i = 0; i < xs_buf.size(); ++i) xs_buf[i] = canary<T>(i);
  for (index_t i = 0; i < nx; ++i)
    xs_buf[static_cast<std::size_t>(lx.base + offset_of(i, xs, lx.strides))] = x[static_cast<std::size_t>(i)];
  buffer<T> ys_buf(static_cast<std::size_t>(ly.elements));
  for (std::size_t i = 0; i < ys_buf.size(); ++i) ys_buf[i] = canary<T>(i);
  nd::execute<T>(*plan, nd::tensor_view<const T>(xs_buf.data() + lx.base, xs, lx.strides),
                 nd::tensor_view<T>(ys_buf.data() + ly.base, ys, ly.strides), ws);
  std::vector<bool> logical(ys_buf.size(), false);
  for (index_t i = 0; i < ny; ++i) {
    const auto at = static_cast<std::size_t>(ly.base + offset_of(i, ys, ly.strides));
    logical[at] = true;
    const T& a = ys_buf[at];
    const T& b = y[static_cast<std::size_t>(i)];
    if (!weighted) {
      NDRESIZE_FUZZ_CHECK(same_bits(a, b), "strided nearest differs at " + std::to_string(i));
    } else if constexpr (nd::interpolatable<T>) {
      if (!affordable) continue;
      // Another summation order may differ by a few roundings of the accumulator relative to
      // Σ|w·x| (with huge integers that can be far more than 1), plus the store's rounding.
      const naive::element e = naive::evaluate(g, xd, i);
      if (!std::isfinite(e.magnitude)) continue;
      const double scale = 8.0 * (e.axis_taps + 2.0 * xs.size()) * accumulator_unit<T>() * e.magnitude;
      if constexpr (is_complex<T>) {
        const double tol = scale + 2 * store_unit<T>() * std::abs(b);
        NDRESIZE_FUZZ_CHECK(close(a.real(), b.real(), tol) && close(a.imag(), b.imag(), tol),
                            "strided result differs at " + std::to_string(i) + ": (" + std::to_string(a.real()) + ", " +
                                std::to_string(a.imag()) + ") vs (" + std::to_string(b.real()) + ", " +
                                std::to_string(b.imag()) + ")");
      } else {
        const double tol = scale + (std::is_integral_v<T> ? 1.0 : 2 * store_unit<T>() * std::abs(as_double(b)));
        NDRESIZE_FUZZ_CHECK(close(as_double(a), as_double(b), tol), "strided result differs at " + std::to_string(i) +
                                                                        ": " + std::to_string(as_double(a)) + " vs " +
                                                                        std::to_string(as_double(b)));
      }
    }
  }
  for (std::size_t i = 0; i < ys_buf.size(); ++i)
    if (!logical[i]) NDRESIZE_FUZZ_CHECK(same_bits(ys_buf[i], canary<T>(i)), "strided execute wrote into padding");
  if (compare && weighted)
    check_against_reference<T>(
        n, g, x.data(), xd, ny,
        [&](index_t i) -> const T& { return ys_buf[static_cast<std::size_t>(ly.base + offset_of(i, ys, ly.strides))]; },
        weighted);
}

/// An element type code that names no ONNX type: compute() must refuse before touching Y.
void run_invalid_type(const fuzz_case& c, const nd::dims& xs, const onnx::resize_inputs& in,
                      const nd::resize_plan* plan) {
  nd::dims ys = plan ? plan->output_shape() : xs;
  if (!plan)
    for (auto& e : ys) e = std::clamp<index_t>(e, 0, ys.size() <= 8 ? 3 : 1);
  const auto ny = static_cast<std::size_t>(std::max<index_t>(nd::checked_element_count(ys), 1));
  std::vector<float> x(4, 1.0f), y(ny);
  for (std::size_t i = 0; i < ny; ++i) y[i] = canary<float>(i);
  const auto type = static_cast<nd::element_type>(c.type_code);
  const nd::status tried = onnx::try_compute(c.op, c.opset, c.attrs, nd::any_const_tensor_view(type, x.data(), xs), in,
                                             nd::any_tensor_view(type, y.data(), ys));
  NDRESIZE_FUZZ_CHECK(!tried.ok(), "try_compute accepted element type code " + std::to_string(c.type_code));
  bool threw = false;
  try {
    onnx::compute(c.op, c.opset, c.attrs, nd::any_const_tensor_view(type, x.data(), xs), in,
                  nd::any_tensor_view(type, y.data(), ys));
  } catch (const nd::resize_error& e) {
    threw = true;
    NDRESIZE_FUZZ_CHECK(!tried.ok() && tried.error().message == e.what(),
                        "try_compute disagrees: " + std::string(e.what()));
  }
  NDRESIZE_FUZZ_CHECK(threw, "element type code " + std::to_string(c.type_code) + " accepted");
  for (std::size_t i = 0; i < ny; ++i)
    NDRESIZE_FUZZ_CHECK(same_bits(y[i], canary<float>(i)), "Y written for an invalid type");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::reader r(data, size);
  const fuzz_case c = decode(r);
  fuzz::context() = describe(c);

  nd::dims xs;
  const nd::result<nd::dims> tried_dims = nd::try_make_dims(c.x_shape);
  try {
    xs = nd::dims(std::span<const index_t>(c.x_shape));
  } catch (const nd::resize_error& e) {
    NDRESIZE_FUZZ_CHECK(c.x_shape.size() > static_cast<std::size_t>(nd::max_rank), "dims refused a valid rank");
    NDRESIZE_FUZZ_CHECK(!tried_dims.ok() && tried_dims.error().message == e.what(), "try_make_dims disagrees");
    return 0;
  }
  NDRESIZE_FUZZ_CHECK(tried_dims.ok() && *tried_dims == xs, "try_make_dims disagrees with dims");
  NDRESIZE_FUZZ_CHECK(c.x_shape.size() <= static_cast<std::size_t>(nd::max_rank),
                      "dims accepted a rank above max_rank");

  const onnx::resize_inputs in{c.roi, c.scales, c.sizes};
  nd::plan_limits limits;
  limits.max_output_elements = max_output;
  limits.max_table_taps = max_table_taps;
  std::optional<nd::resize_plan> plan;
  std::optional<nd::error_code> error;
  const nd::result<nd::resize_plan> tried_plan = onnx::try_make_plan(c.op, c.opset, c.attrs, xs, in, limits);
  try {
    plan.emplace(onnx::make_plan(c.op, c.opset, c.attrs, xs, in, limits));
  } catch (const nd::resize_error& e) {
    error = e.code();
    NDRESIZE_FUZZ_CHECK(
        !tried_plan.ok() && tried_plan.error().message == e.what() && tried_plan.error().code == e.code(),
        "try_make_plan disagrees with the thrown error: " + std::string(e.what()));
  }
  NDRESIZE_FUZZ_CHECK(error || (tried_plan.ok() && tried_plan->output_shape() == plan->output_shape()),
                      "try_make_plan failed or planned another shape");
  if (plan) {
    const nd::dims& out = plan->output_shape();
    NDRESIZE_FUZZ_CHECK(out.size() == xs.size() && plan->input_shape() == xs, "plan shapes");
    for (index_t e : out) NDRESIZE_FUZZ_CHECK(e >= 0 && e <= max_output, "output extent " + std::to_string(e));
    const index_t count = plan->output_size();
    NDRESIZE_FUZZ_CHECK(count >= 0 && count <= max_output, "output count " + std::to_string(count));
    // The limits bound work; they never change the result. Building this plan again with the
    // default limits costs what the first one did.
    NDRESIZE_FUZZ_CHECK(onnx::make_plan(c.op, c.opset, c.attrs, xs, in).output_shape() == out,
                        "limits changed the shape");
  }
  // With the default limits compute() could legitimately build far bigger tables: stop here.
  if (error == nd::error_code::limit_exceeded) return 0;

  const nd::resize_plan* p = plan ? &*plan : nullptr;
  if (c.type_code < 1 || c.type_code > 16) {
    run_invalid_type(c, xs, in, p);
    return 0;
  }
  nd::visit_element_type(static_cast<nd::element_type>(c.type_code), [&](auto tag) {
    using T = typename decltype(tag)::type;
    run_typed<T>(c, xs, in, p, r);
  });
  return 0;
}
