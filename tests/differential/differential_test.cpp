// SPDX-License-Identifier: Apache-2.0
// Differential test: thousands of random, valid Resize/Upsample nodes (every version, mode,
// coordinate_transformation_mode, nearest_mode, element type, rank 1–6, strided layouts, all
// three entry points) run through the library and compared element by element with the naive
// reference (tests/support/naive_reference.hpp). The case stream is fixed (seed 20240611);
// NDRESIZE_DIFFERENTIAL_SEED / _CASES change it, NDRESIZE_DIFFERENTIAL_CASE=<i> runs one case.
// Tolerances are explained in typed_runner.hpp. The test also asserts that the stream covered
// every option, so that a change to the generator cannot silently drop one.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>

#include <Eigen/Core>
#include <ndresize/isa.hpp>

#include "differential.hpp"

namespace {

using differential::case_outcome;
using differential::category_stats;

std::int64_t env_or(const char* name, std::int64_t fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::strtoll(v, nullptr, 10) : fallback;
}

case_outcome run(const naive::random_case& c, const naive::geometry& g) {
  using differential::run_case;
  using ndresize::element_type;
  switch (c.type) {
    case element_type::float32: return run_case<float>(c, g);
    case element_type::float64: return run_case<double>(c, g);
    case element_type::float16: return run_case<Eigen::half>(c, g);
    case element_type::bfloat16: return run_case<Eigen::bfloat16>(c, g);
    case element_type::int8: return run_case<std::int8_t>(c, g);
    case element_type::uint8: return run_case<std::uint8_t>(c, g);
    case element_type::int16: return run_case<std::int16_t>(c, g);
    case element_type::uint16: return run_case<std::uint16_t>(c, g);
    case element_type::int32: return run_case<std::int32_t>(c, g);
    case element_type::uint32: return run_case<std::uint32_t>(c, g);
    case element_type::int64: return run_case<std::int64_t>(c, g);
    case element_type::uint64: return run_case<std::uint64_t>(c, g);
    case element_type::complex64: return run_case<std::complex<float>>(c, g);
    case element_type::complex128: return run_case<std::complex<double>>(c, g);
    case element_type::bool_: return run_case<bool>(c, g);
    case element_type::string: return run_case<std::string>(c, g);
    case element_type::undefined: break;
  }
  return {{}, {"no element type"}};
}

/// What a case exercised, as short keys ("mode:cubic", "ctm:Resize-11:tf_half_pixel_for_nn", ...).
std::set<std::string> features(const naive::random_case& c, const naive::geometry& g, const category_stats& s) {
  const naive::node& n = c.n;
  const std::string v = naive::op_name(n.version);
  std::set<std::string> f = {"version:" + v, std::string("type:") + ndresize::to_string(c.type), "mode:" + n.mode,
                             std::string("type+mode:") + ndresize::to_string(c.type) + ":" + n.mode,
                             "rank:" + std::to_string(c.x_shape.size())};
  f.insert(std::string("path:") + (c.path == naive::entry::plan_execute ? "plan_execute"
                                   : c.path == naive::entry::front_door ? "front_door"
                                                                        : "typed_entry"));
  if (c.path == naive::entry::front_door) f.insert("front_door:" + v);
  if (!naive::is_legacy(n.version)) {
    f.insert("ctm:" + v + ":" + n.coordinate_transformation_mode);
    f.insert("ctm+mode:" + n.coordinate_transformation_mode + ":" + n.mode);
    if (n.mode == "nearest") f.insert("nearest_mode:" + n.nearest_mode);
    if (n.exclude_outside && n.mode != "nearest") f.insert("exclude_outside:" + n.mode);
    if (n.mode == "cubic" && n.cubic_coeff_a != -0.75f && n.cubic_coeff_a != -0.5f) f.insert("cubic_coeff_a:random");
  }
  f.insert(n.scales.empty() ? "input:sizes" : "input:scales");
  if (n.keep_aspect_ratio_policy != "stretch") f.insert("keep_aspect_ratio_policy:" + n.keep_aspect_ratio_policy);
  if (n.axes) {
    f.insert("axes:given");
    if (n.axes->size() < c.x_shape.size()) f.insert("axes:subset");
    if (std::any_of(n.axes->begin(), n.axes->end(), [](auto a) { return a < 0; })) f.insert("axes:negative");
    if (!std::is_sorted(n.axes->begin(), n.axes->end())) f.insert("axes:unsorted");
  }
  for (const auto& a : g.axes) {
    if (a.listed && n.antialias) f.insert(a.scale < 1 ? "antialias:down" : "antialias:up");
    if (a.listed && a.length_resized <= 1 && a.output_width_int == 1) f.insert("length_resized<=1");
    if (a.length_original == 0) f.insert("extent:0");
    if (a.length_original == 1) f.insert("extent:1");
  }
  if (n.coordinate_transformation_mode == "tf_crop_and_resize") f.insert(n.roi.empty() ? "roi:absent" : "roi:given");
  if (s.extrapolated > 0) f.insert("extrapolated");
  if (g.output_size() == 0) f.insert("output:empty");
  for (const naive::layout* l : {&c.x_layout, &c.y_layout}) {
    const std::string side = l == &c.x_layout ? "X:" : "Y:";
    if (!std::is_sorted(l->order.begin(), l->order.end())) f.insert(side + "permuted");
    if (std::any_of(l->gap.begin(), l->gap.end(), [](auto x) { return x > 0; })) f.insert(side + "gaps");
    if (std::any_of(l->reversed.begin(), l->reversed.end(), [](bool x) { return x; })) f.insert(side + "reversed");
  }
  if (s.nan > 0) f.insert("nan");
  if (c.wide) f.insert("wide");
  if (c.executor == 1) f.insert("executor:thread_pool");
  if (c.executor == 2) f.insert("executor:parallel_for");
  f.insert(std::string("isa:") + ndresize::isa_name(ndresize::active_isa()));
  if (s.tie_window > 0) f.insert("tie_window");
  return f;
}

std::set<std::string> required_features() {
  std::set<std::string> r;
  const naive::op versions[] = {naive::op::upsample_7, naive::op::upsample_9, naive::op::resize_10,
                                naive::op::resize_11,  naive::op::resize_13,  naive::op::resize_18,
                                naive::op::resize_19};
  for (auto v : versions) {
    r.insert(std::string("version:") + naive::op_name(v));
    r.insert(std::string("front_door:") + naive::op_name(v));
    if (!naive::is_legacy(v))
      for (const auto& m : naive::coordinate_modes(v)) r.insert(std::string("ctm:") + naive::op_name(v) + ":" + m);
  }
  const char* types[] = {"float", "double", "float16", "bfloat16", "int8",      "uint8",      "int16", "uint16",
                         "int32", "uint32", "int64",   "uint64",   "complex64", "complex128", "bool",  "string"};
  for (const char* t : types) {
    r.insert(std::string("type:") + t);
    r.insert(std::string("type+mode:") + t + ":nearest");
    if (std::string(t) != "bool" && std::string(t) != "string") {
      r.insert(std::string("type+mode:") + t + ":linear");
      r.insert(std::string("type+mode:") + t + ":cubic");
    }
  }
  for (const char* m : {"half_pixel", "half_pixel_symmetric", "pytorch_half_pixel", "align_corners", "asymmetric",
                        "tf_half_pixel_for_nn", "tf_crop_and_resize"})
    for (const char* mode : {"nearest", "linear", "cubic"}) r.insert(std::string("ctm+mode:") + m + ":" + mode);
  for (const char* m : {"round_prefer_floor", "round_prefer_ceil", "floor", "ceil"})
    r.insert(std::string("nearest_mode:") + m);
  for (int k = 1; k <= 6; ++k) r.insert("rank:" + std::to_string(k));
  for (const char* k : {"path:plan_execute",
                        "path:front_door",
                        "path:typed_entry",
                        "exclude_outside:linear",
                        "exclude_outside:cubic",
                        "cubic_coeff_a:random",
                        "input:sizes",
                        "input:scales",
                        "keep_aspect_ratio_policy:not_larger",
                        "keep_aspect_ratio_policy:not_smaller",
                        "axes:given",
                        "axes:subset",
                        "axes:negative",
                        "axes:unsorted",
                        "antialias:down",
                        "antialias:up",
                        "length_resized<=1",
                        "extent:0",
                        "extent:1",
                        "roi:absent",
                        "roi:given",
                        "extrapolated",
                        "output:empty",
                        "X:permuted",
                        "X:gaps",
                        "X:reversed",
                        "Y:permuted",
                        "Y:gaps",
                        "Y:reversed",
                        "nan",
                        "tie_window",
                        "wide",
                        "executor:thread_pool",
                        "executor:parallel_for",
                        "isa:generic"})
    r.insert(k);
  ndresize::set_max_isa(ndresize::isa::avx512);  // uncapped: active_isa() is what the CPU has
  const ndresize::isa best = ndresize::active_isa();
  if (best == ndresize::isa::avx2 || best == ndresize::isa::avx512) r.insert("isa:avx2");
  if (best == ndresize::isa::avx512) r.insert("isa:avx512");
  return r;
}

void print_table(const char* title, const std::map<std::string, category_stats>& m) {
  std::printf("%-15s %6s %8s %10s %10s %8s %8s %7s %7s %6s %6s %7s\n", title, "cases", "elements", "max|y-ref|",
              "max rel", "max ulp", "tol.use", "exact", "tie-win", "NaN", "NaN?", "extrap.");
  for (const auto& [name, s] : m)
    std::printf("%-15s %6lld %8lld %10.3g %10.3g %8.3g %8.3g %7lld %7lld %6lld %6lld %7lld\n", name.c_str(),
                static_cast<long long>(s.cases), static_cast<long long>(s.elements), s.max_abs, s.max_rel, s.max_ulp,
                s.max_tolerance_use, static_cast<long long>(s.exact), static_cast<long long>(s.tie_window),
                static_cast<long long>(s.nan), static_cast<long long>(s.nan_either),
                static_cast<long long>(s.extrapolated));
}

TEST(Differential, RandomNodesMatchTheNaiveReference) {
  const auto seed = static_cast<std::uint64_t>(env_or("NDRESIZE_DIFFERENTIAL_SEED", 20240611));
  const std::int64_t count = env_or("NDRESIZE_DIFFERENTIAL_CASES", 6000);
  const std::int64_t only = env_or("NDRESIZE_DIFFERENTIAL_CASE", -1);
  const auto start = std::chrono::steady_clock::now();

  std::map<std::string, category_stats> by_type, by_mode, by_version;
  std::set<std::string> seen;
  std::int64_t cases = 0, failed = 0;
  for (std::int64_t i = only >= 0 ? only : 0; i < (only >= 0 ? only + 1 : count); ++i) {
    const naive::random_case c = naive::make_random_case(seed, static_cast<std::uint64_t>(i));
    // Every kernel target in turn (capped by what the CPU has): results must not depend on it.
    ndresize::set_max_isa(static_cast<ndresize::isa>(i % 3));
    const naive::geometry g = naive::resolve(c.n, c.x_shape);
    const case_outcome o = run(c, g);
    ++cases;
    by_type[ndresize::to_string(c.type)].merge(o.stats);
    by_mode[c.n.mode].merge(o.stats);
    by_version[naive::op_name(c.n.version)].merge(o.stats);
    const auto f = features(c, g, o.stats);
    seen.insert(f.begin(), f.end());
    if (o.problems.empty()) continue;
    if (++failed <= 12) {
      std::string msg = c.describe() + " isa cap " + std::to_string(i % 3);
      for (const auto& p : o.problems) msg += "\n    " + p;
      ADD_FAILURE() << msg;
    }
  }
  ndresize::set_max_isa(ndresize::isa::avx512);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  std::printf("differential: %lld cases (seed %llu), %lld failed, %.2f s\n", static_cast<long long>(cases),
              static_cast<unsigned long long>(seed), static_cast<long long>(failed), seconds);
  std::printf(
      "max|y-ref|: integers |y - round(ref)|; max rel: / Σ|w·x|; max ulp: float16/bfloat16 ulps at Σ|w·x|;\n"
      "tol.use: largest fraction of the allowed deviation; exact: interpolated values compared exactly;\n"
      "tie-win: integer outputs off round(ref) within the accumulator's error bound of a .5 tie;\n"
      "NaN: outputs required to be NaN; NaN?: a NaN input touched only by a zero-up-to-rounding weight\n");
  print_table("type", by_type);
  print_table("mode", by_mode);
  print_table("version", by_version);
  EXPECT_EQ(failed, 0) << "of " << cases << " cases";

  if (only < 0 && count >= 5000) {
    EXPECT_GE(cases, 5000);
    for (const auto& k : required_features()) EXPECT_TRUE(seen.count(k)) << "the case stream never exercised " << k;
  }
}

/// A layout with axes stored in `order` (outermost first), optionally padded.
naive::layout stored(std::vector<int> order, std::int64_t gap = 0) {
  naive::layout l;
  l.order = std::move(order);
  l.gap.assign(l.order.size(), gap);
  l.reversed.assign(l.order.size(), false);
  return l;
}

naive::random_case large_case(std::uint64_t index, naive::op version, ndresize::element_type type,
                              std::vector<std::int64_t> shape) {
  naive::random_case c;
  c.seed = 0;
  c.index = index;
  c.n.version = version;
  c.type = type;
  c.x_shape = std::move(shape);
  std::vector<int> order(c.x_shape.size());
  for (std::size_t d = 0; d < order.size(); ++d) order[d] = static_cast<int>(d);
  c.x_layout = c.y_layout = stored(order);
  return c;
}

// Tensors large enough for what small ones never reach: long rows through the vector loops,
// outputs beyond the streaming-store threshold (8 MiB), many work items over a thread pool.
TEST(Differential, LargeTensorsMatchTheNaiveReference) {
  using naive::op;
  using ndresize::element_type;
  std::vector<naive::random_case> cases;
  {  // float32 bicubic upscale: 1500 x 1500 floats (9 MB, streamed), on a thread pool
    auto c = large_case(0, op::resize_19, element_type::float32, {1, 1, 512, 512});
    c.n.mode = "cubic";
    c.n.sizes = {1, 1, 1500, 1500};
    c.path = naive::entry::plan_execute;
    c.executor = 1;
    cases.push_back(c);
  }
  {  // uint8 NCHW viewed over NHWC memory, antialiased linear downscale of H and W only
    auto c = large_case(1, op::resize_18, element_type::uint8, {1, 3, 300, 400});
    c.n.mode = "linear";
    c.n.antialias = true;
    c.n.axes = std::vector<std::int64_t>{2, 3};
    c.n.scales = {0.3f, 0.3f};
    c.x_layout = c.y_layout = stored({0, 2, 3, 1});
    c.full_range = true;
    cases.push_back(c);
  }
  {  // float16 bilinear 4x upscale, asymmetric, through the front door
    auto c = large_case(2, op::resize_13, element_type::float16, {2, 3, 64, 64});
    c.n.mode = "linear";
    c.n.coordinate_transformation_mode = "asymmetric";
    c.n.scales = {1.0f, 1.0f, 4.0f, 4.0f};
    c.path = naive::entry::front_door;
    c.opset = 13;
    cases.push_back(c);
  }
  {  // float32 wide rows shrunk along W, grown along H (the other fused order), padded views
    auto c = large_case(3, op::resize_11, element_type::float32, {3, 200, 900});
    c.n.mode = "cubic";
    c.n.coordinate_transformation_mode = "pytorch_half_pixel";
    c.n.exclude_outside = true;
    c.n.scales = {1.0f, 2.5f, 0.35f};
    c.x_layout = stored({0, 1, 2}, 3);
    c.y_layout = stored({0, 1, 2}, 1);
    c.path = naive::entry::plan_execute;
    c.executor = 2;
    cases.push_back(c);
  }
  {  // int16 nearest gather of a large plane, NHWC-like, on a thread pool
    auto c = large_case(4, op::resize_19, element_type::int16, {2, 4, 300, 250});
    c.n.nearest_mode = "round_prefer_ceil";
    c.n.coordinate_transformation_mode = "align_corners";
    c.n.sizes = {2, 4, 600, 500};
    c.x_layout = c.y_layout = stored({0, 2, 3, 1});
    c.full_range = true;
    c.path = naive::entry::plan_execute;
    c.executor = 1;
    cases.push_back(c);
  }
  {  // float32 bilinear shrink by about 9 (gathered row taps: 64-bit pair gathers), on a thread pool
    auto c = large_case(5, op::resize_19, element_type::float32, {1, 2, 120, 1000});
    c.n.mode = "linear";
    c.n.sizes = {1, 2, 13, 111};
    c.path = naive::entry::plan_execute;
    c.executor = 1;
    cases.push_back(c);
  }
  {  // the same along W only with align_corners (edge outputs with one tap: plain gathers too)
    auto c = large_case(6, op::resize_13, element_type::float32, {2, 3, 700});
    c.n.mode = "linear";
    c.n.coordinate_transformation_mode = "align_corners";
    c.n.scales = {1.0f, 1.0f, 0.07f};
    cases.push_back(c);
  }
  const auto start = std::chrono::steady_clock::now();
  std::map<std::string, category_stats> by_case;
  for (const auto& c : cases) {
    const naive::geometry g = naive::resolve(c.n, c.x_shape);
    const case_outcome o = run(c, g);
    std::string name = std::to_string(c.index) + ":" + ndresize::to_string(c.type) + "/" + c.n.mode;
    by_case[name].merge(o.stats);
    if (!o.problems.empty()) {
      std::string msg = c.describe();
      for (const auto& p : o.problems) msg += "\n    " + p;
      ADD_FAILURE() << msg;
    }
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("differential, large tensors: %zu cases, %.2f s\n", cases.size(), seconds);
  print_table("case", by_case);
}

}  // namespace
