// SPDX-License-Identifier: Apache-2.0
// One npy_resize case — what a JSONL line (or the command line) asks for — and how it runs:
// every input is read and checked, the operator computes into memory, and only a fully
// computed result is handed back for writing. Operators are found by their "op" name in one
// table: the ONNX Resize and Upsample, and the Ascend ResizeUpsampleTrilinear.
#pragma once

#include <Eigen/Core>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <limits>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <ndresize/ascend/compute.hpp>
#include <ndresize/ascend/upsample_trilinear3d.hpp>
// extrapolate(): included by the kernels only in header-only builds; the tool needs it with
// ndresize::compiled too.
#include <ndresize/detail/kernels/extrapolate.hpp>
#include <ndresize/onnx/opset.hpp>
#include <ndresize/type_erased.hpp>
#include <nlohmann/json.hpp>

#include "json_attributes.hpp"
#include "npy.hpp"

namespace npy_resize {

namespace fs = std::filesystem;

/// A problem with the case itself (its JSON, or an input's dtype or rank) rather than with
/// the resize; the message starts with "json: " or "input: ".
class case_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct resize_case {
  std::string op;                     ///< "Resize" | "Upsample" | "ResizeUpsampleTrilinear"
  std::optional<std::int64_t> opset;  ///< the model's opset (the ONNX operators need it; the Ascend one ignores it)
  fs::path x;
  std::optional<std::string> x_dtype;               ///< "bfloat16": X holds bfloat16 bits as uint16
  std::optional<fs::path> roi, scales, sizes;       ///< absent, or a .npy file (0 elements = absent)
  nlohmann::json attrs = nlohmann::json::object();  ///< ONNX attribute names and values
  fs::path out;
};

/// The deepest nesting of arrays and objects a case's JSON may have. nlohmann::json copies and
/// compares values recursively, so a line of 100000 '[' (valid JSON, 200 KB) would overflow the
/// stack; a case needs 3 levels (the case, "attrs", a list), and 64 leave room for any "id".
inline constexpr int max_json_depth = 64;

/// Parses the JSON text of a case (a batch line, or --attrs) with its nesting bounded by
/// max_json_depth. Throws case_error "json: <where>..." for a syntax error or deeper nesting.
inline nlohmann::json parse_json(std::string_view text, const std::string& where = "") {
  const auto bound_depth = [&where](int depth, nlohmann::json::parse_event_t event, const nlohmann::json&) {
    // `depth` counts the arrays and objects around the one that starts
    using event_t = nlohmann::json::parse_event_t;
    if ((event == event_t::array_start || event == event_t::object_start) && depth >= max_json_depth)
      throw case_error("json: " + where + "arrays and objects nest deeper than " + std::to_string(max_json_depth) +
                       " levels");
    return true;
  };
  try {
    return nlohmann::json::parse(text, bound_depth);
  } catch (const nlohmann::json::exception& e) {  // a syntax error, or a number beyond double (out_of_range)
    // nlohmann quotes the token it stopped at in full: an unterminated 10 MB string would be all in the message
    throw case_error("json: " + where + ndresize::detail::message_excerpt(e.what(), 512));
  }
}

/// The tool's default --max-output-bytes: 1 GiB.
inline constexpr std::int64_t default_max_output_bytes = std::int64_t{1} << 30;

struct run_options {
  /// The most bytes Y may hold (see output_bytes_per_element), checked before Y is allocated.
  /// It is the tool's only output limit: the library's element limit is lifted (its other
  /// limits stay at their defaults, and it still refuses element counts that overflow).
  std::int64_t max_output_bytes = default_max_output_bytes;
  ndresize::plan_limits limits{.max_output_elements = std::numeric_limits<ndresize::index_t>::max()};
};

namespace detail {

/// The keys a case may have ("id" is echoed by the caller).
inline const std::vector<std::string>& case_keys() {
  static const std::vector<std::string> keys{"id",  "op",     "opset", "x",     "x_dtype",
                                             "roi", "scales", "sizes", "attrs", "out"};
  return keys;
}

inline std::optional<std::string> optional_string(const nlohmann::json& j, const std::string& key) {
  const auto it = j.find(key);
  if (it == j.end() || it->is_null()) return std::nullopt;
  if (!it->is_string()) throw case_error("json: '" + key + "' must be a string or null");
  return it->get<std::string>();
}

inline std::string required_string(const nlohmann::json& j, const std::string& key) {
  auto s = optional_string(j, key);
  if (!s) throw case_error("json: '" + key + "' is required");
  return *s;
}

/// The optional input at `path` as a 1-D array; nullopt when absent or when it has no elements.
inline std::optional<npy::array> load_optional(const std::optional<fs::path>& path, const char* name) {
  if (!path) return std::nullopt;
  npy::array a = npy::load(path->string());
  if (a.size() == 0) return std::nullopt;
  if (a.shape.size() != 1)
    throw case_error(std::string("input: '") + name + "' must be 1-D, got shape " + a.shape.to_string() + " (" +
                     npy::quoted_path(path->string()) + ")");
  return a;
}

[[noreturn]] inline void wrong_dtype(const char* name, const char* wanted, const npy::array& a, const fs::path& path) {
  throw case_error(std::string("input: '") + name + "' must be " + wanted + ", got " + npy::dtype_name(a.type) + " (" +
                   npy::quoted_path(path.string()) + ")");
}

/// roi (ONNX T2: float16, float or double), widened to double.
inline std::vector<double> load_roi(const std::optional<fs::path>& path) {
  const auto a = load_optional(path, "roi");
  if (!a) return {};
  std::vector<double> v(static_cast<std::size_t>(a->size()));
  using ndresize::element_type;
  for (std::size_t i = 0; i < v.size(); ++i) {
    switch (a->type) {
      case element_type::float16: v[i] = static_cast<float>(a->data<Eigen::half>()[i]); break;
      case element_type::float32: v[i] = a->data<float>()[i]; break;
      case element_type::float64: v[i] = a->data<double>()[i]; break;
      default: wrong_dtype("roi", "float16, float32 or float64", *a, *path);
    }
  }
  return v;
}

/// scales (ONNX tensor(float)). float64 is accepted too, because NumPy makes float64 arrays
/// by default: each value is rounded to the nearest float32, the value an ONNX model would
/// hold, so a .npy of [1.0, 1.0, 0.6, 0.6] means the same in either dtype.
inline std::vector<float> load_scales(const std::optional<fs::path>& path) {
  const auto a = load_optional(path, "scales");
  if (!a) return {};
  using ndresize::element_type;
  if (a->type == element_type::float32) return {a->data<float>(), a->data<float>() + a->size()};
  if (a->type != element_type::float64) wrong_dtype("scales", "float32 (or float64, rounded to float32)", *a, *path);
  std::vector<float> v(static_cast<std::size_t>(a->size()));
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = static_cast<float>(a->data<double>()[i]);
  return v;
}

/// sizes (ONNX tensor(int64)).
inline std::vector<std::int64_t> load_sizes(const std::optional<fs::path>& path) {
  const auto a = load_optional(path, "sizes");
  if (!a) return {};
  if (a->type != ndresize::element_type::int64) wrong_dtype("sizes", "int64", *a, *path);
  return {a->data<std::int64_t>(), a->data<std::int64_t>() + a->size()};
}

/// X, with "x_dtype" applied: bfloat16 arrives as its uint16 bits and becomes bfloat16 (the
/// bytes are the same; the output is written back as uint16 bits). Any other x_dtype must
/// name the file's own dtype. Strings stay in their fixed-width form (as many bytes as the
/// file holds them in).
inline npy::array load_x(const resize_case& c) {
  npy::array x = npy::load(c.x.string(), npy::string_form::fixed_width);
  if (!c.x_dtype) return x;
  if (*c.x_dtype == "bfloat16") {
    if (x.type != ndresize::element_type::uint16)
      throw case_error("input: x_dtype 'bfloat16' needs X stored as uint16 bits, got " + npy::dtype_name(x.type) +
                       " (" + npy::quoted_path(c.x.string()) + ")");
    x.type = ndresize::element_type::bfloat16;
  } else if (*c.x_dtype != npy::dtype_name(x.type)) {
    throw case_error("input: x_dtype " + ndresize::detail::quoted_value(*c.x_dtype) + " does not match X's dtype " +
                     npy::dtype_name(x.type) + " (" + npy::quoted_path(c.x.string()) + ")");
  }
  return x;
}

inline ndresize::onnx::attribute_map attributes(const nlohmann::json& attrs) {
  try {
    return npy::attributes_from_json(attrs);
  } catch (const std::invalid_argument& e) {
    throw case_error(std::string("json: ") + e.what());
  }
}

/// Fixed-width strings of these widths (in bytes) are resized as the unsigned integer of that
/// size; the others through the index of each element (index_bytes).
inline bool width_is_integer(std::size_t width) { return width == 1 || width == 2 || width == 4 || width == 8; }

/// The index type of the other widths holds 1 + the element's position in X (0: no element):
/// 4 bytes below 2^32 - 1 elements in X, 8 from there.
inline std::size_t index_bytes(const npy::array& x) {
  return static_cast<std::uint64_t>(x.size()) < std::numeric_limits<std::uint32_t>::max() ? 4 : 8;
}

/// The bytes the tool holds for each element of Y, for X `x`: the element's size in the .npy
/// (bfloat16: 2), or for strings X's fixed width (1 byte per '|S' character, 4 per '<U' one) and,
/// for a width that is not 1, 2, 4 or 8 bytes, the index of its source element (index_bytes).
inline std::size_t output_bytes_per_element(const npy::array& x) {
  if (x.fixed_width_strings()) return x.fixed_width + (width_is_integer(x.fixed_width) ? 0 : index_bytes(x));
  return npy::element_size(x.type);
}

/// Refuses a Y of `shape` that would hold more than options.max_output_bytes (before it is
/// allocated). Compared without the product, which may overflow: n * per > limit exactly when
/// n > limit / per.
inline void check_output_bytes(const npy::array& x, const ndresize::dims& shape, const run_options& options) {
  const std::int64_t n = ndresize::checked_element_count(shape);
  const std::size_t per = output_bytes_per_element(x);
  if (n < 0 || per == 0 || static_cast<std::uint64_t>(n) > static_cast<std::uint64_t>(options.max_output_bytes) / per)
    throw case_error("limit: output Y of shape " + shape.to_string() + " holds " +
                     (n < 0 ? std::string("too many") : std::to_string(n)) + " elements of " + std::to_string(per) +
                     (per == 1 ? " byte" : " bytes") + ", more than the limit of " +
                     std::to_string(options.max_output_bytes) + " bytes (--max-output-bytes)");
}

/// Resizes fixed-width strings in their .npy form: as the unsigned integer of their width, or
/// (other widths) as the 1-based index I of each element, gathered afterwards. A nearest plan
/// only copies elements, so each output is the string execute<std::string> would copy;
/// elements that tf_crop_and_resize extrapolates become the empty string (all NUL), as
/// std::string's extrapolation value is. execute<std::string>'s own checks (the element types
/// of the operator version, nearest modes only) run first, on views never read.
template <class U>
void resize_as(const ndresize::resize_plan& plan, const U* x, U* y) {
  ndresize::tensor_view<U> yv(y, plan.output_shape());
  ndresize::execute<U>(plan, ndresize::tensor_view<const U>(x, plan.input_shape()), yv);
  ndresize::detail::extrapolate(plan, yv, U{0});
}

template <class I>
void resize_by_index(const ndresize::resize_plan& plan, const npy::array& x, npy::array& y) {
  std::vector<I> out(y.bytes.size() / y.fixed_width);
  {
    std::vector<I> in(x.bytes.size() / x.fixed_width);
    for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<I>(i + 1);
    resize_as<I>(plan, in.data(), out.data());
  }
  const std::size_t w = x.fixed_width;
  for (std::size_t j = 0; j < out.size(); ++j)
    if (out[j] != 0) std::memcpy(y.bytes.data() + j * w, x.bytes.data() + (out[j] - 1) * w, w);
}

inline npy::array resize_fixed_width_strings(const ndresize::resize_plan& plan, const npy::array& x) {
  static std::string probe;  // what the views of the checks point at; never read or written
  ndresize::detail::check_views<std::string>(plan, ndresize::tensor_view<const std::string>(&probe, plan.input_shape()),
                                             ndresize::tensor_view<std::string>(&probe, plan.output_shape()))
      .value();
  npy::array y = npy::make_fixed_width_strings(plan.output_shape(), x.fixed_width, x.byte_strings);
  if (y.bytes.empty()) return y;
  const auto as = [&]<class U>(U*) {
    resize_as<U>(plan, reinterpret_cast<const U*>(x.bytes.data()), reinterpret_cast<U*>(y.bytes.data()));
  };
  switch (x.fixed_width) {
    case 1: as(static_cast<std::uint8_t*>(nullptr)); break;
    case 2: as(static_cast<std::uint16_t*>(nullptr)); break;
    case 4: as(static_cast<std::uint32_t*>(nullptr)); break;
    case 8: as(static_cast<std::uint64_t*>(nullptr)); break;
    default:
      if (index_bytes(x) == 4)
        resize_by_index<std::uint32_t>(plan, x, y);
      else
        resize_by_index<std::uint64_t>(plan, x, y);
  }
  return y;
}

}  // namespace detail

/// Reads a case from a JSON object. Relative paths are taken relative to `base`. Unknown keys
/// are errors, so that a misspelt "scale" does not silently drop an input.
inline resize_case case_from_json(const nlohmann::json& j, const fs::path& base) {
  if (!j.is_object()) throw case_error("json: a case must be a JSON object");
  for (const auto& [key, value] : j.items())
    if (std::find(detail::case_keys().begin(), detail::case_keys().end(), key) == detail::case_keys().end())
      throw case_error("json: unknown key " + ndresize::detail::quoted_value(key));
  // a NUL would end the path early for the system, naming another file
  auto path = [&](const char* key, const std::string& p) {
    if (p.find('\0') != std::string::npos)
      throw case_error(std::string("json: '") + key + "' holds a NUL byte: " + npy::quoted_path(p));
    return fs::path(p).is_absolute() ? fs::path(p) : base / p;
  };
  auto optional_path = [&](const char* key) -> std::optional<fs::path> {
    if (auto s = detail::optional_string(j, key)) return path(key, *s);
    return std::nullopt;
  };
  resize_case c;
  c.op = detail::required_string(j, "op");
  if (const auto it = j.find("opset"); it != j.end() && !it->is_null()) {
    if (!it->is_number_integer() ||
        (it->is_number_unsigned() &&
         it->get<std::uint64_t>() > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())))
      throw case_error("json: 'opset' must be an integer");
    c.opset = it->get<std::int64_t>();
  }
  c.x = path("x", detail::required_string(j, "x"));
  c.x_dtype = detail::optional_string(j, "x_dtype");
  c.roi = optional_path("roi");
  c.scales = optional_path("scales");
  c.sizes = optional_path("sizes");
  if (const auto it = j.find("attrs"); it != j.end() && !it->is_null()) {
    if (!it->is_object()) throw case_error("json: 'attrs' must be an object or null");
    c.attrs = *it;
  }
  c.out = path("out", detail::required_string(j, "out"));
  return c;
}

/// The ONNX operators Resize and Upsample, through the runtime front door: model opset,
/// attributes as a node holds them, type-erased tensors.
inline npy::array run_onnx(const resize_case& c, const run_options& options) {
  if (!c.opset) throw case_error("json: op " + ndresize::detail::quoted_value(c.op) + " needs an integer 'opset'");
  const npy::array x = detail::load_x(c);
  const std::vector<double> roi = detail::load_roi(c.roi);
  const std::vector<float> scales = detail::load_scales(c.scales);
  const std::vector<std::int64_t> sizes = detail::load_sizes(c.sizes);
  const auto attrs = detail::attributes(c.attrs);
  // make_plan checks shapes and attributes; the element type (bfloat16 only from Resize-13)
  // is the version's rule too, checked here because the plan itself needs no data.
  ndresize::onnx::check_element_type(ndresize::onnx::version_for(c.op, *c.opset), x.type);
  const auto plan = ndresize::onnx::make_plan(c.op, *c.opset, attrs, x.shape, {roi, scales, sizes}, options.limits);
  detail::check_output_bytes(x, plan.output_shape(), options);
  if (x.fixed_width_strings()) return detail::resize_fixed_width_strings(plan, x);
  npy::array y = npy::make_array(x.type, plan.output_shape());
  ndresize::execute(plan, npy::const_view(x), npy::view(y));
  return y;
}

/// The Ascend ResizeUpsampleTrilinear (aclnnUpsampleTrilinear3d): X is `self`, 5-D (N, C, D,
/// H, W); everything else is an attribute (output_size, scales_d, scales_h, scales_w,
/// align_corners). It has no opset, so "opset" is ignored (a batch may give every line one),
/// and no roi/scales/sizes inputs: naming one is an error rather than an input silently
/// dropped. The output shape comes from the library's shape inference (make_plan) under the
/// tool's limits, so Y is allocated only at a size the user allows; the operator's entry point
/// then checks the element type and computes.
inline npy::array run_ascend_trilinear(const resize_case& c, const run_options& options) {
  for (const auto& [key, given] : {std::pair{"roi", c.roi}, std::pair{"scales", c.scales}, std::pair{"sizes", c.sizes}})
    if (given)
      throw case_error("json: op " + ndresize::detail::quoted_value(c.op) + " takes no '" + key +
                       "' input (its output extents and scales are the attributes output_size, scales_d, scales_h, "
                       "scales_w)");
  const npy::array x = detail::load_x(c);
  const auto attrs = ndresize::ascend::parse_attributes(detail::attributes(c.attrs));
  const auto plan = ndresize::ascend::make_plan(x.shape, attrs, options.limits);
  detail::check_output_bytes(x, plan.output_shape(), options);
  // the operator's first check, made here because strings (fixed-width) have no view to give it
  ndresize::ascend::detail::check_element_type(x.type).value();
  npy::array y = npy::make_array(x.type, plan.output_shape());
  ndresize::ascend::upsample_trilinear3d(npy::const_view(x), npy::view(y), attrs);
  return y;
}

/// Runs one case into memory; throws on any problem (nothing has been written then).
using op_runner = npy::array (*)(const resize_case&, const run_options&);

/// The operators by "op" name.
inline const std::map<std::string, op_runner, std::less<>>& operators() {
  static const std::map<std::string, op_runner, std::less<>> table{
      {"Resize", run_onnx},
      {"Upsample", run_onnx},
      {"ResizeUpsampleTrilinear", run_ascend_trilinear},
  };
  return table;
}

inline npy::array run(const resize_case& c, const run_options& options) {
  const auto it = operators().find(c.op);
  if (it == operators().end()) {
    std::string known;
    for (const auto& [name, runner] : operators()) known += (known.empty() ? "" : ", ") + name;
    throw case_error("json: unknown op " + ndresize::detail::quoted_value(c.op) + " (npy_resize knows " + known + ")");
  }
  return it->second(c, options);
}

}  // namespace npy_resize
