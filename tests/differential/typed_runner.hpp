// SPDX-License-Identifier: Apache-2.0
// The typed half of the differential test: for one case and one element type T, fill X with
// random values of T, place X and Y in memory as the case's layouts say (permuted, padded,
// reversed strides), run the library through the case's entry point, and compare every output
// element with the naive reference. Included only by the runner_*.cpp files, each of which
// instantiates run_case for a few element types.
//
// Tolerances. Nearest mode, extrapolated elements and bool/string are compared exactly.
// Linear/cubic compare against an interval: the reference value r (double) widened by a
// bound e on the rounding error of an evaluation in T's accumulator (DESIGN.md rule 6: float
// for ≤16-bit integers, float16, bfloat16 and float; double otherwise), then stored by the
// contract's rule (rule 7: round to nearest even; integers round half to even and saturate):
//   y ∈ [store(r − e), store(r + e)].
// e = 2·(Σ_axes (taps + 2))·u_acc·Σ|w·x|  (weights rounded to the accumulator, products, sums)
//   + 2·(terms + rank)·u_double·Σ|w·x|    (the reference's own double sum)
//   + rank·2^rank·δ·Σ|x|                  (absolute errors of the weights themselves: both sides
//                                          evaluate the kernel polynomials in double, with
//                                          cancellation; δ = O(100)·u_double).
// e is 0 — an exact comparison — when every weight and input is a short binary fraction and
// every partial sum fits the accumulator's significand: then every order of evaluation is
// exact, which is what checks round-half-to-even on exact .5 ties. Otherwise float32 agrees to
// a few 1e-7 relative to Σ|w·x|, double to ~1e-13, float16/bfloat16 within one unit in the
// last place of the 16-bit type, and integers exactly — except when the reference value lies
// within e of a rounding boundary (a .5 tie), where either neighbour is accepted: e ≈ 1e-5 for
// 8-bit and ≈ 1e-3..1e-2 for 16-bit integers with full-range values (they accumulate in
// float), and up to ~1e5 for 64-bit integers near their limits (double has 53 bits). Such
// outputs are counted as "tie-win" in the summary.
//
// NaN inputs (floating types): an output that a NaN reaches through weights clearly nonzero on
// every axis must be NaN; one that a NaN reaches only through a weight that is zero up to
// rounding (x_original a hair off a grid point) may be NaN or the finite value ("NaN?").
#pragma once

#include <cmath>
#include <complex>
#include <cstring>
#include <limits>
#include <memory>
#include <sstream>
#include <type_traits>

#include <Eigen/Core>
#include <ndresize/execute.hpp>
#include <ndresize/onnx/make_plan.hpp>
#include <ndresize/onnx/resize.hpp>

#include "differential.hpp"

namespace differential {
namespace detail {

template <class T>
struct complex_parts : std::false_type {
  using part = T;
};
template <class F>
struct complex_parts<std::complex<F>> : std::true_type {
  using part = F;
};
template <class T>
constexpr bool is_complex = complex_parts<T>::value;

template <class C>
constexpr bool is_float16 = std::is_same_v<C, Eigen::half> || std::is_same_v<C, Eigen::bfloat16>;

/// Unit roundoff of the accumulator DESIGN.md rule 6 assigns to T (restated, not read from the library).
template <class T>
constexpr double accumulator_unit() {
  using C = typename complex_parts<T>::part;
  if constexpr (std::is_same_v<C, double> || (std::is_integral_v<C> && sizeof(C) >= 4))
    return 0x1p-53;
  else
    return 0x1p-24;
}

template <class C>
double to_double(const C& v) {
  if constexpr (is_float16<C>)
    return static_cast<double>(static_cast<float>(v));
  else
    return static_cast<double>(v);
}

/// The store rule of DESIGN.md rule 7, restated: one rounding to nearest even; integers round
/// half to even (nearbyint in the default rounding mode) and saturate.
template <class C>
C store(double v) {
  if constexpr (std::is_integral_v<C>) {
    const double r = std::nearbyint(v);
    const double past_max = std::ldexp(1.0, std::numeric_limits<C>::digits);  // max + 1, exact
    if (r >= past_max) return std::numeric_limits<C>::max();
    if (r <= static_cast<double>(std::numeric_limits<C>::min())) return std::numeric_limits<C>::min();
    return static_cast<C>(r);
  } else if constexpr (is_float16<C>) {
    return C(static_cast<float>(v));
  } else {
    return static_cast<C>(v);
  }
}

/// Distance from |v| to the next representable C above it.
template <class C>
double ulp(double v) {
  if constexpr (std::is_same_v<C, double>) {
    return std::nextafter(std::abs(v), INFINITY) - std::abs(v);
  } else if constexpr (std::is_same_v<C, float>) {
    const float f = static_cast<float>(std::abs(v));
    return static_cast<double>(std::nextafter(f, INFINITY)) - static_cast<double>(f);
  } else {
    const C h = store<C>(std::abs(v));
    const auto bits = Eigen::numext::bit_cast<std::uint16_t>(h);
    const C next = Eigen::numext::bit_cast<C>(static_cast<std::uint16_t>(bits + 1));
    return to_double(next) - to_double(h);
  }
}

/// Exact equality; floating values by bit pattern (a gathered NaN stays that NaN).
template <class T>
bool same(const T& a, const T& b) {
  if constexpr (std::is_same_v<T, std::string> || std::is_same_v<T, bool> || std::is_integral_v<T>)
    return a == b;
  else
    return std::memcmp(&a, &b, sizeof(T)) == 0;
}

template <class T>
std::string show(const T& v) {
  std::ostringstream s;
  s.precision(17);
  if constexpr (std::is_same_v<T, std::string>)
    s << '"' << v << '"';
  else if constexpr (is_complex<T>)
    s << "(" << v.real() << "," << v.imag() << ")";
  else if constexpr (is_float16<T>)
    s << static_cast<float>(v);
  else if constexpr (sizeof(T) == 1 && std::is_integral_v<T>)
    s << static_cast<int>(v);
  else
    s << v;
  return s.str();
}

/// Random value of a real part type C; `as_double` receives its exact value.
template <class C>
C random_part(naive::random_source& r, const naive::random_case& c, double& as_double) {
  if constexpr (std::is_integral_v<C>) {
    C v;
    if (c.full_range) {
      const double u = r.uniform(0, 1);
      v = u < 0.2 ? std::numeric_limits<C>::min() : u < 0.4 ? std::numeric_limits<C>::max() : static_cast<C>(r.bits());
    } else {
      v = static_cast<C>(std::is_signed_v<C> ? r.below(41) - 20 : r.below(41));
    }
    as_double = static_cast<double>(v);
    return v;
  } else {
    double v = c.integral_values ? static_cast<double>(r.below(17) - 8) : r.uniform(-8, 8);
    if (c.nan && r.chance(0.05)) v = std::numeric_limits<double>::quiet_NaN();
    const C t = store<C>(v);
    as_double = to_double(t);
    return t;
  }
}

template <class T>
T random_value(naive::random_source& r, const naive::random_case& c, double& re, double& im) {
  re = im = 0.0;
  if constexpr (std::is_same_v<T, bool>) {
    return r.chance(0.5);
  } else if constexpr (std::is_same_v<T, std::string>) {
    std::string s(static_cast<std::size_t>(r.below(4) == 0 ? 16 + r.below(10) : r.below(6)), ' ');  // some beyond SSO
    for (auto& ch : s) ch = static_cast<char>('a' + r.below(26));
    return s;
  } else if constexpr (is_complex<T>) {
    using F = typename T::value_type;
    const F a = random_part<F>(r, c, re);
    const F b = random_part<F>(r, c, im);
    return T(a, b);
  } else {
    return random_part<T>(r, c, re);
  }
}

/// What the buffer holds outside X's view: the library must never read it (NaN shows a read).
template <class T>
T poison() {
  if constexpr (std::is_same_v<T, std::string>)
    return "poison";
  else if constexpr (std::is_same_v<T, bool>)
    return true;
  else if constexpr (std::is_integral_v<T>)
    return std::numeric_limits<T>::max();
  else if constexpr (is_complex<T>)
    return T(NAN, NAN);
  else
    return T(NAN);
}

/// What Y's buffer holds before the call: positions outside Y's view must keep it.
template <class T>
T sentinel() {
  if constexpr (std::is_same_v<T, std::string>)
    return "sentinel";
  else if constexpr (std::is_same_v<T, bool>)
    return true;
  else if constexpr (std::is_integral_v<T>)
    return T(90);
  else if constexpr (is_complex<T>)
    return T(-12345, 777);
  else
    return T(-12345.0f);
}

/// extrapolation_value in T (tf_crop_and_resize), by the store rule; bool: nonzero is true;
/// string: empty (the library's documented choice; ONNX gives no rule for strings).
template <class T>
T expected_extrapolation(float v) {
  if constexpr (std::is_same_v<T, std::string>)
    return std::string();
  else if constexpr (std::is_same_v<T, bool>)
    return v != 0.0f;
  else if constexpr (is_complex<T>)
    return T(static_cast<typename T::value_type>(v), 0);
  else
    return store<T>(static_cast<double>(v));
}

/// Element offsets of a layout: strides, the first element, the buffer length.
struct placement {
  std::vector<std::int64_t> strides;
  std::int64_t base = 0;
  std::size_t buffer = 1;
  std::vector<std::int64_t> offsets;  ///< per element, row-major order
};

inline placement place(const naive::layout& l, const std::vector<std::int64_t>& extents) {
  const std::size_t rank = extents.size();
  placement p;
  p.strides.assign(rank, 0);
  std::int64_t step = 1;
  for (std::size_t k = rank; k-- > 0;) {
    const auto d = static_cast<std::size_t>(l.order[k]);
    p.strides[d] = step;
    step *= std::max<std::int64_t>(extents[d] + l.gap[d], 1);
  }
  p.base = l.offset;
  for (std::size_t d = 0; d < rank; ++d)
    if (l.reversed[d] && extents[d] > 0) {
      p.base += (extents[d] - 1) * p.strides[d];
      p.strides[d] = -p.strides[d];
    }
  p.buffer = static_cast<std::size_t>(l.offset + step + 1);
  std::int64_t count = 1;
  for (auto e : extents) count *= e;
  std::vector<std::int64_t> m(rank, 0);
  for (std::int64_t i = 0; i < count; ++i) {
    std::int64_t off = p.base;
    for (std::size_t d = 0; d < rank; ++d) off += m[d] * p.strides[d];
    p.offsets.push_back(off);
    for (std::size_t d = rank; d-- > 0;) {
      if (++m[d] < extents[d]) break;
      m[d] = 0;
    }
  }
  return p;
}

/// Compares one real part with the reference; updates s; on a mismatch returns false and says why.
template <class C>
bool check_part(const C& got, const naive::element& ref, double e, category_stats& s, std::string& why) {
  const double r = ref.value;
  const double g = to_double(got);
  if constexpr (!std::is_integral_v<C>) {
    if (std::isnan(r) || std::isnan(g)) {
      if (std::isnan(r) && std::isnan(g)) {
        ++s.nan;
        return true;
      }
      why = "reference " + show(r) + ", library " + show(got);
      return false;
    }
  }
  if (e == 0.0) ++s.exact;
  const C lo = store<C>(r - e), hi = store<C>(r + e);
  const bool ok = !(got < lo) && !(hi < got);
  if constexpr (std::is_integral_v<C>) {
    const C want = store<C>(r);
    const double off = std::abs(g - to_double(want));
    s.max_abs = std::max(s.max_abs, off);
    if (ok && got != want) {
      ++s.tie_window;
      s.max_tolerance_use = std::max(s.max_tolerance_use, 1.0);
    }
  } else {
    const double off = std::abs(g - r);
    s.max_abs = std::max(s.max_abs, off);
    if (ref.magnitude > 0) s.max_rel = std::max(s.max_rel, off / ref.magnitude);
    // in units in the last place of the 16-bit type at the scale of Σ|w·x| (r itself may cancel to ~0)
    if constexpr (is_float16<C>) s.max_ulp = std::max(s.max_ulp, off / ulp<C>(std::max(std::abs(r), ref.magnitude)));
    const double allowed = e + ulp<C>(r) / 2;
    if (allowed > 0) s.max_tolerance_use = std::max(s.max_tolerance_use, off / allowed);
  }
  if (!ok) {
    std::ostringstream w;
    w.precision(17);
    w << "reference " << r << " (allowed " << show(lo) << " .. " << show(hi) << ", error bound " << e << ", Σ|w·x| "
      << ref.magnitude << "), library " << show(got);
    why = w.str();
  }
  return ok;
}

/// check_part, with NaN inputs sorted out first: a NaN read through clearly nonzero weights
/// must give NaN; one that only a zero-up-to-rounding weight touches may give NaN or not.
template <class C>
bool check_interpolated(const C& got, const naive::geometry& g, const std::vector<double>& x, std::size_t i,
                        const naive::element& ref, double e, bool has_nan, category_stats& s, std::string& why) {
  if constexpr (!std::is_integral_v<C>) {
    if (has_nan) {
      const naive::nan_reach reach = naive::nan_reach_of(g, x, static_cast<std::int64_t>(i));
      const bool got_nan = std::isnan(to_double(got));
      if (reach.decisive) {
        if (got_nan)
          ++s.nan;
        else
          why = "a NaN input reaches this element through nonzero weights; library " + show(got);
        return got_nan;
      }
      if (reach.possible && (got_nan || std::isnan(ref.value))) {
        ++s.nan_either;
        return true;
      }
    }
  }
  return check_part<C>(got, ref, e, s, why);
}

/// Error bound e of the file comment for one element; 0 when every weight and input is a short
/// binary fraction and every partial sum fits the accumulator's significand (p bits): then
/// any order of evaluation, separable or not, is exact, and so must the library be (this is
/// what checks round-half-to-even on exact .5 ties).
inline double error_bound(const naive::element& el, double unit, const naive::node& n, int rank) {
  constexpr double u = 0x1p-53;
  const int p = unit == u ? 53 : 24;
  if (el.bound == 0.0 || std::log2(el.bound) + el.fraction_bits + 1 < p) return 0.0;
  const bool cubic = n.mode == "cubic";
  const double normalize = n.antialias || n.exclude_outside ? 4.0 : 1.0;
  const double weight_error =
      u * (64.0 + (cubic ? 300.0 * std::max(1.0, std::abs(static_cast<double>(n.cubic_coeff_a))) : 0.0)) * normalize;
  return 2.0 * (el.axis_taps + 2.0 * rank) * unit * el.magnitude +
         2.0 * (static_cast<double>(el.terms) + rank) * u * el.magnitude +
         rank * std::ldexp(1.0, rank) * weight_error * el.abs_sum;
}

/// Calls the library through the case's entry point.
template <class T>
void call_library(const naive::random_case& c, ndresize::tensor_view<const T> x, ndresize::tensor_view<T> y,
                  const std::vector<std::int64_t>& expected_shape, std::vector<std::string>& problems) {
  namespace onnx = ndresize::onnx;
  const naive::node& n = c.n;
  const auto version = library_version(n.version);
  const auto inputs = library_inputs(n);
  const auto mode = library_attributes(n).mode;
  switch (c.path) {
    case naive::entry::plan_execute: {
      const auto plan = onnx::make_plan(version, library_attributes(n), x.extents(), inputs);
      if (plan.output_shape() != ndresize::dims(expected_shape)) {
        problems.push_back("output shape " + plan.output_shape().to_string() + ", reference " +
                           ndresize::dims(expected_shape).to_string());
        return;
      }
      ndresize::execute<T>(plan, x, y, shared_workspace(), case_executor(c.executor));
      return;
    }
    case naive::entry::front_door: run_front_door(c, x, y); return;
    case naive::entry::typed_entry:
      switch (n.version) {
        case naive::op::resize_10: onnx::resize_10<T>(x, y, mode, n.scales); return;
        case naive::op::upsample_7: onnx::upsample_7<T>(x, y, mode, n.scales); return;
        case naive::op::upsample_9: onnx::upsample_9<T>(x, y, mode, n.scales); return;
        case naive::op::resize_11: onnx::resize_11<T>(x, y, library_attributes(n), n.roi, n.scales, n.sizes); return;
        case naive::op::resize_13: onnx::resize_13<T>(x, y, library_attributes(n), n.roi, n.scales, n.sizes); return;
        case naive::op::resize_18: onnx::resize_18<T>(x, y, library_attributes(n), n.roi, n.scales, n.sizes); return;
        case naive::op::resize_19: onnx::resize_19<T>(x, y, library_attributes(n), n.roi, n.scales, n.sizes); return;
      }
  }
}

}  // namespace detail

template <class T>
case_outcome run_case(const naive::random_case& c, const naive::geometry& g) {
  using namespace detail;
  case_outcome out;
  category_stats& s = out.stats;
  s.cases = 1;
  const int rank = static_cast<int>(c.x_shape.size());
  const std::vector<std::int64_t> y_shape = g.output_shape();

  // X: random values of T, and their exact values as doubles for the reference.
  naive::random_source r(naive::mix_seed(c.seed ^ (c.index * 0x9e3779b97f4a7c15ULL) ^ 0x5eed));
  std::int64_t x_count = 1;
  for (auto e : c.x_shape) x_count *= e;
  std::vector<T> xs(static_cast<std::size_t>(x_count));
  std::vector<double> re(xs.size()), im(xs.size());
  for (std::size_t i = 0; i < xs.size(); ++i) xs[i] = random_value<T>(r, c, re[i], im[i]);

  // Memory: X and Y inside larger buffers, as the layouts place them.
  const placement px = place(c.x_layout, c.x_shape), py = place(c.y_layout, y_shape);
  std::unique_ptr<T[]> xbuf(new T[px.buffer]), ybuf(new T[py.buffer]);
  std::fill_n(xbuf.get(), px.buffer, poison<T>());
  std::fill_n(ybuf.get(), py.buffer, sentinel<T>());
  for (std::size_t i = 0; i < xs.size(); ++i) xbuf[static_cast<std::size_t>(px.offsets[i])] = xs[i];
  const ndresize::tensor_view<const T> xv(xbuf.get() + px.base, ndresize::dims(c.x_shape), ndresize::dims(px.strides));
  const ndresize::tensor_view<T> yv(ybuf.get() + py.base, ndresize::dims(y_shape), ndresize::dims(py.strides));

  try {
    call_library<T>(c, xv, yv, y_shape, out.problems);
  } catch (const std::exception& e) {
    out.problems.push_back(std::string("library threw: ") + e.what());
  }
  if (!out.problems.empty()) return out;

  // Every output element against the reference.
  const double unit = accumulator_unit<T>();
  int reported = 0;
  for (std::size_t i = 0; i < py.offsets.size(); ++i) {
    const T& got = ybuf[static_cast<std::size_t>(py.offsets[i])];
    const naive::element ref = naive::evaluate(g, re, static_cast<std::int64_t>(i));
    ++s.elements;
    bool ok = true;
    std::string why;
    if (ref.extrapolated) {
      ++s.extrapolated;
      const T want = expected_extrapolation<T>(c.n.extrapolation_value);
      ok = same(got, want);
      if (!ok) why = "extrapolated: expected " + show(want) + ", library " + show(got);
    } else if (c.n.mode == "nearest") {
      if (ref.source < 0) {
        ok = false;
        why = "reference has no single source";
      } else {
        const T& want = xs[static_cast<std::size_t>(ref.source)];
        ok = same(got, want);
        if (!ok) why = "expected X[" + std::to_string(ref.source) + "] = " + show(want) + ", library " + show(got);
      }
    } else if constexpr (std::is_same_v<T, bool> || std::is_same_v<T, std::string>) {
      ok = false;
      why = "bool/string cannot interpolate";
    } else if constexpr (is_complex<T>) {
      using F = typename T::value_type;
      const naive::element ref_im = naive::evaluate(g, im, static_cast<std::int64_t>(i));
      std::string why_im;
      const bool ok_re =
          check_interpolated<F>(got.real(), g, re, i, ref, error_bound(ref, unit, c.n, rank), c.nan, s, why);
      const bool ok_im =
          check_interpolated<F>(got.imag(), g, im, i, ref_im, error_bound(ref_im, unit, c.n, rank), c.nan, s, why_im);
      ok = ok_re && ok_im;
      if (!ok_im) why += (why.empty() ? "" : "; ") + std::string("imaginary part: ") + why_im;
    } else {
      ok = check_interpolated<T>(got, g, re, i, ref, error_bound(ref, unit, c.n, rank), c.nan, s, why);
    }
    if (!ok && reported++ < 4) {
      std::ostringstream w;
      w << "element " << i << " of shape " << ndresize::dims(y_shape).to_string() << ": " << why;
      out.problems.push_back(w.str());
    }
  }
  if (reported > 4) out.problems.push_back("... " + std::to_string(reported - 4) + " more mismatching elements");

  // Nothing outside Y's view may change.
  std::vector<bool> inside(py.buffer, false);
  for (auto o : py.offsets) inside[static_cast<std::size_t>(o)] = true;
  for (std::size_t k = 0; k < py.buffer; ++k)
    if (!inside[k] && !same(ybuf[k], sentinel<T>())) {
      out.problems.push_back("buffer position " + std::to_string(k) + " outside Y's view was written");
      break;
    }
  return out;
}

}  // namespace differential

/// Instantiates run_case for the listed element types (one runner_*.cpp each group).
#define NDRESIZE_DIFFERENTIAL_INSTANTIATE(T) \
  template differential::case_outcome differential::run_case<T>(const naive::random_case&, const naive::geometry&);
