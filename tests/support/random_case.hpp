// SPDX-License-Identifier: Apache-2.0
// Random, valid ONNX Resize/Upsample nodes for differential testing. Case `index` of a `seed`
// is a pure function of the two (its own mt19937_64 stream, no std::*_distribution, whose
// output differs between standard libraries), so a failing case is rerun alone by its index.
// Each case respects its version's attribute set and input rules, and stays small (ranks 1–6,
// extents 0–7, a bounded number of taps) so that thousands run in seconds.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <ndresize/element.hpp>

#include "naive_reference.hpp"

namespace naive {

/// A small deterministic random source.
class random_source {
 public:
  explicit random_source(std::uint64_t seed) : engine_(seed) {}
  std::uint64_t bits() { return engine_(); }
  /// Uniform integer in [0, n).
  int below(int n) { return static_cast<int>(bits() % static_cast<std::uint64_t>(n)); }
  /// Uniform double in [lo, hi).
  double uniform(double lo, double hi) { return lo + (hi - lo) * static_cast<double>(bits() >> 11) * 0x1p-53; }
  bool chance(double p) { return uniform(0, 1) < p; }
  /// Fisher–Yates with this source (std::shuffle's algorithm differs between libraries).
  template <class V>
  void shuffle(V& v) {
    for (std::size_t i = v.size(); i > 1; --i)
      std::swap(v[i - 1], v[static_cast<std::size_t>(below(static_cast<int>(i)))]);
  }
  template <class V>
  const typename V::value_type& pick(const V& v) {
    return v[static_cast<std::size_t>(below(static_cast<int>(v.size())))];
  }

 private:
  std::mt19937_64 engine_;
};

/// splitmix64: decorrelates the per-case seeds.
inline std::uint64_t mix_seed(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

/// Where a tensor's elements sit in memory: axes in `order` from outermost to innermost,
/// each axis padded by `gap` elements (a slice of a larger tensor), some axes walked backwards
/// (negative strides), the first element `offset` elements into the buffer.
struct layout {
  std::vector<int> order;
  std::vector<std::int64_t> gap;
  std::vector<bool> reversed;
  std::int64_t offset = 0;

  bool row_major() const {
    for (std::size_t k = 0; k < order.size(); ++k)
      if (order[k] != static_cast<int>(k) || gap[k] != 0 || reversed[k]) return false;
    return offset == 0;
  }
};

/// Which door of the library a case goes through.
enum class entry { plan_execute, front_door, typed_entry };

struct random_case {
  std::uint64_t seed = 0, index = 0;
  node n;
  std::vector<std::int64_t> x_shape;
  ndresize::element_type type = ndresize::element_type::float32;
  entry path = entry::plan_execute;
  int opset = 19;                  ///< for the front door: a model opset that selects n.version
  bool explicit_defaults = false;  ///< front door: write default-valued attributes out
  layout x_layout, y_layout;
  bool full_range = false;       ///< integers: the whole range (saturation) instead of small values
  bool integral_values = false;  ///< floating types: integer-valued inputs
  bool nan = false;              ///< floating types: a few NaN inputs
  bool wide = false;             ///< one long axis (9–70), for vectorized loops and their tails
  int executor = 0;              ///< make_plan+execute: 0 sequential, 1 thread pool, 2 caller's parallel_for

  std::string describe() const;
};

inline const char* op_name(op v) {
  switch (v) {
    case op::upsample_7: return "Upsample-7";
    case op::upsample_9: return "Upsample-9";
    case op::resize_10: return "Resize-10";
    case op::resize_11: return "Resize-11";
    case op::resize_13: return "Resize-13";
    case op::resize_18: return "Resize-18";
    case op::resize_19: return "Resize-19";
  }
  return "?";
}

inline bool at_least_18(op v) { return v == op::resize_18 || v == op::resize_19; }

/// The coordinate_transformation_mode values each version defines.
inline std::vector<std::string> coordinate_modes(op v) {
  if (is_legacy(v)) return {"asymmetric"};
  std::vector<std::string> m = {"half_pixel", "pytorch_half_pixel", "align_corners", "asymmetric",
                                "tf_crop_and_resize"};
  if (v == op::resize_11) m.push_back("tf_half_pixel_for_nn");
  if (v == op::resize_19) m.push_back("half_pixel_symmetric");
  return m;
}

/// Every element type except bool and string interpolates.
inline bool interpolates(ndresize::element_type t) {
  return t != ndresize::element_type::bool_ && t != ndresize::element_type::string;
}

inline std::string random_case::describe() const {
  std::ostringstream s;
  s.precision(9);
  auto list = [&](const auto& v) {
    s << "[";
    for (std::size_t i = 0; i < v.size(); ++i) s << (i ? "," : "") << v[i];
    s << "]";
  };
  s << "case " << index << " (seed " << seed << "): " << op_name(n.version) << " " << ndresize::to_string(type)
    << " via "
    << (path == entry::plan_execute ? "make_plan+execute"
        : path == entry::front_door ? "onnx::compute"
                                    : "typed entry point");
  if (path == entry::front_door) s << " opset " << opset;
  if (executor != 0) s << (executor == 1 ? " on a thread pool" : " with the caller's parallel_for");
  s << "\n  X shape ";
  list(x_shape);
  s << " mode=" << n.mode;
  if (!is_legacy(n.version))
    s << " coordinate_transformation_mode=" << n.coordinate_transformation_mode << " nearest_mode=" << n.nearest_mode
      << " cubic_coeff_a=" << n.cubic_coeff_a << " exclude_outside=" << n.exclude_outside
      << " extrapolation_value=" << n.extrapolation_value;
  if (at_least_18(n.version)) {
    s << " antialias=" << n.antialias << " keep_aspect_ratio_policy=" << n.keep_aspect_ratio_policy;
    if (n.axes) {
      s << " axes=";
      list(*n.axes);
    }
  }
  s << "\n  scales=";
  list(n.scales);
  s << " sizes=";
  list(n.sizes);
  s << " roi=";
  list(n.roi);
  auto lay = [&](const char* name, const layout& l) {
    s << " " << name << ":order=";
    list(l.order);
    s << ",gap=";
    list(l.gap);
    s << ",reversed=";
    list(l.reversed);
    s << ",offset=" << l.offset;
  };
  s << "\n ";
  lay("X", x_layout);
  lay("Y", y_layout);
  s << " full_range=" << full_range << " integral=" << integral_values << " nan=" << nan << " wide=" << wide;
  return s.str();
}

namespace detail {

inline layout random_layout(random_source& r, int rank) {
  layout l;
  for (int d = 0; d < rank; ++d) l.order.push_back(d);
  l.gap.assign(static_cast<std::size_t>(rank), 0);
  l.reversed.assign(static_cast<std::size_t>(rank), false);
  if (r.chance(0.4)) return l;
  r.shuffle(l.order);  // NHWC-like permutations
  if (r.chance(0.5)) {
    for (auto& g : l.gap) g = r.below(3);
    l.offset = r.below(4);
  }
  for (int d = 0; d < rank; ++d) l.reversed[static_cast<std::size_t>(d)] = r.chance(0.15);
  return l;
}

inline float random_scale(random_source& r, op v) {
  static const std::vector<float> nice = {0.5f, 2.0f, 1.0f,     1.5f,     3.0f, 0.25f, 0.75f, 1.25f, 0.6f,
                                          0.8f, 1.1f, 1.0f / 3, 2.0f / 3, 4.0f, 0.4f,  2.5f,  1.7f,  0.9f};
  const bool upsample = v == op::upsample_7 || v == op::upsample_9;
  if (r.chance(0.5)) {
    for (;;) {
      const float s = r.pick(nice);
      if (!upsample || s >= 1.0f) return s;
    }
  }
  return static_cast<float>(upsample ? r.uniform(1.0, 3.5) : r.uniform(0.2, 3.2));
}

/// The work the reference does for a case: Σ over outputs of the number of N-D taps.
inline double reference_work(const geometry& g) {
  double work = 1;
  for (const auto& a : g.axes) {
    double taps = 0;
    for (const auto& t : a.taps) taps += static_cast<double>(std::max<std::size_t>(t.size(), 1));
    work *= taps;
  }
  return work;
}

}  // namespace detail

/// Case `index` of the stream `seed`.
inline random_case make_random_case(std::uint64_t seed, std::uint64_t index) {
  random_source r(mix_seed(seed * 0x100000001b3ULL + index));
  random_case c;
  c.seed = seed;
  c.index = index;
  node& n = c.n;

  // Version, with its model opsets for the front door.
  const double u = r.uniform(0, 1);
  n.version = u < 0.08   ? op::upsample_7
              : u < 0.16 ? op::upsample_9
              : u < 0.26 ? op::resize_10
              : u < 0.43 ? op::resize_11
              : u < 0.60 ? op::resize_13
              : u < 0.78 ? op::resize_18
                         : op::resize_19;
  switch (n.version) {
    case op::upsample_7: c.opset = 7 + r.below(2); break;
    case op::upsample_9: c.opset = 9; break;
    case op::resize_10: c.opset = 10; break;
    case op::resize_11: c.opset = 11 + r.below(2); break;
    case op::resize_13: c.opset = 13 + r.below(5); break;
    case op::resize_18: c.opset = 18; break;
    case op::resize_19: c.opset = 19 + r.below(4); break;
  }
  const bool legacy = is_legacy(n.version);

  // Element type: every ONNX type; bfloat16 joined in Resize-13.
  using ndresize::element_type;
  static const std::vector<element_type> types = {
      element_type::float32,   element_type::float64,    element_type::float16, element_type::bfloat16,
      element_type::int8,      element_type::uint8,      element_type::int16,   element_type::uint16,
      element_type::int32,     element_type::uint32,     element_type::int64,   element_type::uint64,
      element_type::complex64, element_type::complex128, element_type::bool_,   element_type::string};
  do c.type = r.pick(types);
  while (c.type == element_type::bfloat16 && (legacy || n.version == op::resize_11));
  c.full_range = r.chance(0.35);
  c.integral_values = r.chance(0.3);
  c.nan = r.chance(0.06);
  c.wide = r.chance(0.2);

  // Attributes valid for the version.
  if (!interpolates(c.type))
    n.mode = "nearest";
  else if (legacy)
    n.mode = r.chance(0.5) ? "nearest" : "linear";
  else
    n.mode = r.pick(std::vector<std::string>{"nearest", "linear", "cubic"});
  if (!legacy) {
    n.coordinate_transformation_mode = r.pick(coordinate_modes(n.version));
    n.nearest_mode = r.pick(std::vector<std::string>{"round_prefer_floor", "round_prefer_ceil", "floor", "ceil"});
    const double a = r.uniform(0, 1);
    n.cubic_coeff_a = a < 0.4 ? -0.75f : a < 0.6 ? -0.5f : static_cast<float>(r.uniform(-1.25, -0.1));
    n.exclude_outside = r.chance(0.3);
    const bool crop = n.coordinate_transformation_mode == "tf_crop_and_resize";
    if (r.chance(crop ? 0.7 : 0.1))
      n.extrapolation_value = r.chance(0.5)
                                  ? r.pick(std::vector<float>{-1.0f, 0.5f, 7.0f, 100.0f, 1e6f, -2.25f, 300.0f, 2.5f})
                                  : static_cast<float>(r.uniform(-50, 50));
  }
  if (at_least_18(n.version) && n.mode != "nearest") n.antialias = r.chance(0.4);
  const bool use_sizes = !legacy && r.chance(0.5);

  // Shape, axes, scales/sizes and roi, redrawn until the case is small enough.
  for (;;) {
    const double ur = r.uniform(0, 1);
    const int rank = c.wide      ? 1 + r.below(4)
                     : ur < 0.15 ? 1
                     : ur < 0.40 ? 2
                     : ur < 0.60 ? 3
                     : ur < 0.80 ? 4
                     : ur < 0.90 ? 5
                                 : 6;
    c.x_shape.assign(static_cast<std::size_t>(rank), 0);
    std::int64_t elements = 1;
    for (auto& e : c.x_shape) {
      const double ue = r.uniform(0, 1);
      e = ue < 0.04 ? 0 : ue < 0.22 ? 1 : 2 + r.below(6);
      elements *= std::max<std::int64_t>(e, 1);
    }
    if (c.wide) {
      // One long axis, usually the innermost: vector loops run their bodies and their tails.
      const auto d = static_cast<std::size_t>(r.chance(0.7) ? rank - 1 : r.below(rank));
      elements = elements / std::max<std::int64_t>(c.x_shape[d], 1);
      c.x_shape[d] = 9 + r.below(62);
      elements *= c.x_shape[d];
    }
    if (elements > (c.wide ? 1500 : 400)) continue;

    std::vector<int> listed;
    n.axes.reset();
    if (at_least_18(n.version) && r.chance(0.45)) {
      for (int d = 0; d < rank; ++d)
        if (r.chance(0.6)) listed.push_back(d);
      if (listed.empty()) listed.push_back(r.below(rank));
      r.shuffle(listed);
      n.axes.emplace();
      for (int d : listed) n.axes->push_back(r.chance(0.5) ? d - rank : d);
    } else {
      for (int d = 0; d < rank; ++d) listed.push_back(d);
    }
    const std::size_t count = listed.size();

    n.scales.clear();
    n.sizes.clear();
    n.keep_aspect_ratio_policy = "stretch";
    if (!use_sizes) {
      for (std::size_t i = 0; i < count; ++i) n.scales.push_back(detail::random_scale(r, n.version));
    } else {
      bool empty_listed = false;
      for (int d : listed) {
        const std::int64_t in = c.x_shape[static_cast<std::size_t>(d)];
        empty_listed = empty_listed || in == 0;
        const double us = r.uniform(0, 1);
        n.sizes.push_back(in == 0 ? 0 : us < 0.10 ? 1 : us < 0.13 ? 0 : 1 + r.below(static_cast<int>(2 * in + 3)));
      }
      // keep_aspect_ratio_policy divides by every listed extent: the spec leaves empty ones undefined.
      if (at_least_18(n.version) && !empty_listed && r.chance(0.35))
        n.keep_aspect_ratio_policy = r.chance(0.5) ? "not_larger" : "not_smaller";
    }

    n.roi.clear();
    if (!legacy) {
      if (n.coordinate_transformation_mode == "tf_crop_and_resize") {
        if (r.chance(0.75)) {
          n.roi.assign(2 * count, 0.0);
          for (std::size_t i = 0; i < count; ++i) {
            if (r.chance(0.2)) {
              n.roi[i + count] = 1.0;
              continue;
            }
            n.roi[i] = r.uniform(-0.4, 0.8);
            n.roi[i + count] = n.roi[i] + r.uniform(-0.3, 1.2);
          }
        }
      } else if (r.chance(0.15)) {
        // Other modes ignore roi, whatever its length.
        const int length = r.chance(0.5) ? static_cast<int>(2 * count) : 1 + r.below(5);
        for (int i = 0; i < length; ++i) n.roi.push_back(r.uniform(-1, 2));
      }
    }

    const geometry g = resolve(n, c.x_shape);
    if (g.output_size() > (c.wide ? 4000 : 1200) || detail::reference_work(g) > (c.wide ? 100000 : 40000)) continue;
    break;
  }

  const int rank = static_cast<int>(c.x_shape.size());
  c.x_layout = detail::random_layout(r, rank);
  c.y_layout = detail::random_layout(r, rank);
  const double up = r.uniform(0, 1);
  c.path = up < 0.5 ? entry::plan_execute : up < 0.85 ? entry::front_door : entry::typed_entry;
  c.explicit_defaults = r.chance(0.3);
  c.executor = c.path == entry::plan_execute ? r.below(3) : 0;
  return c;
}

}  // namespace naive
