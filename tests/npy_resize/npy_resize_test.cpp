// SPDX-License-Identifier: Apache-2.0
// The npy_resize command-line tool, run as a user runs it. One batch of a few thousand
// generated cases (every dtype, every operator version, modes, attributes, inputs given as
// scales or sizes, absent or 0-element inputs, and invalid cases of every kind, with
// malformed lines among them) checks that each line reports the right id and ok flag, that
// each output equals the library called directly on the same data (or, for the hand-made
// cases, values derived by hand), that a failed case wrote no file and that the batch went
// on. A second batch does the same for the Ascend ResizeUpsampleTrilinear (a few hundred
// generated cases against ascend::upsample_trilinear3d called directly, hand-derived values,
// the inputs and attributes it refuses). The 40 ONNX conformance vectors go through the batch
// mode too, and the single-case mode is checked for its exit codes, with both kinds of operator.
// Hostile inputs (committed under hostile/, or made by the test: a 100000-deep JSON line, a
// FIFO, /dev/zero, truncated files and forged headers, huge and binary strings, outputs past
// the byte limit) each give one error line, quickly, and the batch goes on; strings are
// resized in their fixed width, within a bounded address space.
#include <gtest/gtest.h>
#include <Eigen/Core>

#include <sys/stat.h>
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <complex>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <sstream>

#include <ndresize/ascend/compute.hpp>
#include <ndresize/ascend/upsample_trilinear3d.hpp>
#include <ndresize/onnx/opset.hpp>
#include <ndresize/type_erased.hpp>
#include <nlohmann/json.hpp>

#include "json_attributes.hpp"
#include "npy.hpp"

namespace {

namespace fs = std::filesystem;
using ndresize::dims;
using ndresize::element_type;
using nlohmann::json;

const fs::path exe = NPY_RESIZE_EXE;
const fs::path conformance_root = fs::path(NDRESIZE_CONFORMANCE_DIR) / "onnx";

/// A fresh folder for the running test, under the build tree.
fs::path fresh_dir() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  const fs::path d = fs::path(NPY_RESIZE_WORK_DIR) / (std::string(info->test_suite_name()) + "." + info->name());
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

struct cli_result {
  int status = -1;
  std::vector<std::string> lines;  ///< stdout, one entry per line
  std::string err;                 ///< stderr
};

std::string read_text(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

std::string quoted(const fs::path& p) {
  EXPECT_EQ(p.string().find('\''), std::string::npos) << p;
  return "'" + p.string() + "'";
}

/// Runs `npy_resize <args>` in folder `dir` (with `input` on stdin when given); with a
/// `time_limit_s`, under timeout(1), so that a tool that blocks fails the test (status 124);
/// `wrapper` (a command that runs the tool, such as bounded()) goes in front of it.
cli_result run_cli(const std::string& args, const fs::path& dir, const std::optional<fs::path>& input = std::nullopt,
                   int time_limit_s = 0, const std::string& wrapper = "") {
  const std::string limit = time_limit_s > 0 ? "timeout " + std::to_string(time_limit_s) + " " : "";
  const std::string command = "cd " + quoted(dir) + " && " + limit + wrapper + quoted(exe) + " " + args +
                              (input ? " < " + quoted(*input) : "") + " > " + quoted(dir / "stdout.txt") + " 2> " +
                              quoted(dir / "stderr.txt");
  const int rc = std::system(command.c_str());
  cli_result r;
  r.status = WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
  std::istringstream out(read_text(dir / "stdout.txt"));
  for (std::string line; std::getline(out, line);) r.lines.push_back(line);
  r.err = read_text(dir / "stderr.txt");
  return r;
}

// ---------------------------------------------------------------------------------------------
// Arrays.

/// A .npy version 1.0 file written by hand (header padded so the data starts at byte 64).
std::string npy_file(const std::string& dict, const std::string& data) {
  std::string header = dict;
  while ((10 + header.size() + 1) % 64 != 0) header += ' ';
  header += '\n';
  return std::string("\x93NUMPY\x01\x00", 8) + static_cast<char>(header.size() & 0xFF) +
         static_cast<char>(header.size() >> 8) + header + data;
}

template <class T>
npy::array make(const dims& shape, const std::vector<T>& values) {
  npy::array a = npy::make_array(ndresize::element_traits<T>::type, shape);
  EXPECT_EQ(static_cast<std::size_t>(a.size()), values.size());
  for (std::size_t i = 0; i < values.size() && i < static_cast<std::size_t>(a.size()); ++i) a.data<T>()[i] = values[i];
  return a;
}

/// The same bytes seen as another element type of the same size (binary16 written as bits).
npy::array as_type(npy::array a, element_type t) {
  a.type = t;
  return a;
}

npy::array make_strings(const dims& shape, const std::vector<std::string>& values, bool byte_strings = false) {
  npy::array a = npy::make_array(element_type::string, shape);
  a.strings = values;
  a.byte_strings = byte_strings;
  return a;
}

/// X repeated `k` times along its only axis (Y[i] = X[i / k]), written out byte by byte.
npy::array repeat_each(const npy::array& x, int k) {
  npy::array y = x;
  y.shape = dims{x.shape[0] * k};
  const std::size_t n = static_cast<std::size_t>(x.shape[0]);
  if (x.type == element_type::string) {
    y.strings.clear();
    for (std::size_t i = 0; i < n * static_cast<std::size_t>(k); ++i)
      y.strings.push_back(x.strings[i / static_cast<std::size_t>(k)]);
    return y;
  }
  const std::size_t es = npy::element_size(x.type);
  y.bytes.clear();
  for (std::size_t i = 0; i < n * static_cast<std::size_t>(k); ++i) {
    const auto* src = x.bytes.data() + (i / static_cast<std::size_t>(k)) * es;
    y.bytes.insert(y.bytes.end(), src, src + es);
  }
  return y;
}

template <class T>
bool same_value(const T& a, const T& b) {
  if constexpr (std::is_same_v<T, std::complex<float>> || std::is_same_v<T, std::complex<double>>)
    return same_value(a.real(), b.real()) && same_value(a.imag(), b.imag());
  else if constexpr (std::is_same_v<T, bool> || std::is_integral_v<T> || std::is_same_v<T, std::string>)
    return a == b;
  else {
    const double x = static_cast<double>(a), y = static_cast<double>(b);
    return x == y || (std::isnan(x) && std::isnan(y));  // NaN stands for NaN whatever its payload
  }
}

/// Empty when `got` equals `want` (type, shape, every element; NaN equals NaN), else why not.
std::string compare(const npy::array& got, const npy::array& want) {
  if (got.type != want.type) return "dtype " + npy::dtype_name(got.type) + ", expected " + npy::dtype_name(want.type);
  if (got.shape != want.shape) return "shape " + got.shape.to_string() + ", expected " + want.shape.to_string();
  if (got.type == element_type::string && got.byte_strings != want.byte_strings) return "string kind differs";
  std::string why;
  ndresize::visit_element_type(got.type, [&](auto tag) {
    using T = typename decltype(tag)::type;
    for (std::int64_t i = 0; i < got.size() && why.empty(); ++i) {
      const auto at = static_cast<std::size_t>(i);
      if constexpr (std::is_same_v<T, std::string>) {
        if (got.strings[at] != want.strings[at])
          why = "element " + std::to_string(i) + ": '" + got.strings[at] + "' vs '" + want.strings[at] + "'";
      } else if (!same_value(got.data<T>()[i], want.data<T>()[i])) {
        why = "element " + std::to_string(i) + " differs";
      }
    }
  });
  return why;
}

/// Like compare, for float32/float64 values derived by hand that binary floating point cannot
/// hold exactly (thirds): each element within `tolerance` × max(1, |want|) of `want`.
std::string compare_near(const npy::array& got, const npy::array& want, double tolerance) {
  if (got.type != want.type) return "dtype " + npy::dtype_name(got.type) + ", expected " + npy::dtype_name(want.type);
  if (got.shape != want.shape) return "shape " + got.shape.to_string() + ", expected " + want.shape.to_string();
  const auto at = [](const npy::array& a, std::int64_t i) {
    return a.type == element_type::float64 ? a.data<double>()[i] : static_cast<double>(a.data<float>()[i]);
  };
  if (got.type != element_type::float32 && got.type != element_type::float64)
    return "compare_near takes float32 or float64";
  for (std::int64_t i = 0; i < got.size(); ++i)
    if (!(std::abs(at(got, i) - at(want, i)) <= tolerance * std::max(1.0, std::abs(at(want, i)))))
      return "element " + std::to_string(i) + ": " + std::to_string(at(got, i)) + ", expected " +
             std::to_string(at(want, i));
  return "";
}

// ---------------------------------------------------------------------------------------------
// A batch: its lines and what each must report.

struct expectation {
  json id;
  bool ok = false;
  std::string error;       ///< the exact message (the library's), when known
  std::string error_part;  ///< else a part of the message
  fs::path out;            ///< absolute; empty when the line names none
  std::optional<npy::array> y;
  double tolerance = 0;                    ///< > 0: y holds hand-derived values, compared with compare_near
  std::optional<std::string> preexisting;  ///< content the out file had before the run
  std::string kind;                        ///< for the summary: "valid", "invalid", "malformed"
};

class batch_builder {
 public:
  explicit batch_builder(fs::path dir) : dir_(std::move(dir)) {
    fs::create_directories(dir_ / "in");
    fs::create_directories(dir_ / "out");
  }
  const fs::path& dir() const { return dir_; }

  /// Saves an input; returns its path relative to the JSONL file (which the tool resolves).
  std::string input(const npy::array& a) {
    const std::string rel = "in/" + std::to_string(inputs_++) + ".npy";
    npy::save((dir_ / rel).string(), a);
    return rel;
  }
  std::string raw_input(const std::string& bytes) {
    const std::string rel = "in/" + std::to_string(inputs_++) + ".npy";
    std::ofstream(dir_ / rel, std::ios::binary) << bytes;
    return rel;
  }
  /// A relative output path for case `n`, and its absolute form.
  std::pair<std::string, fs::path> output() {
    const std::string rel = "out/" + std::to_string(outputs_++) + ".npy";
    return {rel, dir_ / rel};
  }

  void add(const json& line, expectation e) { add_text(line.dump(), std::move(e)); }
  void add_text(const std::string& text, expectation e) {
    lines_.push_back(text);
    expected_.push_back(std::move(e));
  }
  void add_blank(const std::string& text) { lines_.push_back(text); }

  fs::path write() const {
    const fs::path p = dir_ / "cases.jsonl";
    std::ofstream f(p);
    for (const auto& l : lines_) f << l << '\n';
    return p;
  }
  const std::vector<expectation>& expected() const { return expected_; }

 private:
  fs::path dir_;
  int inputs_ = 0, outputs_ = 0;
  std::vector<std::string> lines_;
  std::vector<expectation> expected_;
};

/// The library called directly on the case's data: the expected report and output.
expectation library_expectation(const json& line, const npy::array& x, const std::vector<double>& roi,
                                const std::vector<float>& scales, const std::vector<std::int64_t>& sizes) {
  expectation e;
  e.id = line.at("id");
  try {
    const auto op = line.at("op").get<std::string>();
    const auto opset = line.at("opset").get<std::int64_t>();
    const auto attrs = npy::attributes_from_json(line.at("attrs"));
    ndresize::onnx::check_element_type(ndresize::onnx::version_for(op, opset), x.type);
    const auto plan = ndresize::onnx::make_plan(op, opset, attrs, x.shape, {roi, scales, sizes});
    npy::array y = npy::make_array(x.type, plan.output_shape());
    ndresize::execute(plan, npy::const_view(x), npy::view(y));
    if (y.type == element_type::bfloat16) y.type = element_type::uint16;  // written as its bits
    y.byte_strings = x.byte_strings;
    e.ok = true;
    e.y = std::move(y);
    e.kind = "valid";
  } catch (const ndresize::resize_error& err) {
    e.error = err.what();
    e.kind = "invalid";
  }
  return e;
}

// ---------------------------------------------------------------------------------------------
// Random cases.

const std::vector<element_type> all_types{
    element_type::bool_,     element_type::int8,       element_type::uint8,   element_type::int16,
    element_type::uint16,    element_type::int32,      element_type::uint32,  element_type::int64,
    element_type::uint64,    element_type::float16,    element_type::float32, element_type::float64,
    element_type::complex64, element_type::complex128, element_type::string,  element_type::bfloat16};

template <class T>
T random_value(std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(-20.0, 20.0);
  if constexpr (std::is_same_v<T, bool>)
    return rng() % 2 == 1;
  else if constexpr (std::is_integral_v<T>) {
    if (rng() % 4 == 0) return static_cast<T>(rng());  // anywhere in the range: saturation
    return static_cast<T>(std::is_signed_v<T> ? static_cast<std::int64_t>(rng() % 41) - 20
                                              : static_cast<std::int64_t>(rng() % 41));
  } else if constexpr (std::is_same_v<T, std::complex<float>> || std::is_same_v<T, std::complex<double>>) {
    return T(static_cast<typename T::value_type>(u(rng)), static_cast<typename T::value_type>(u(rng)));
  } else {
    const int special = static_cast<int>(rng() % 100);
    if (special == 0) return static_cast<T>(std::numeric_limits<float>::quiet_NaN());
    if (special == 1) return static_cast<T>(-std::numeric_limits<float>::infinity());
    return static_cast<T>(static_cast<float>(u(rng)));
  }
}

npy::array random_array(element_type t, const dims& shape, std::mt19937_64& rng) {
  npy::array a = npy::make_array(t, shape);
  if (t == element_type::string) {
    static const std::vector<std::string> words{
        "", "a", "bc", "h\xC3\xA9llo", "\xE6\x97\xA5\xE6\x9C\xAC", "\xF0\x9F\x99\x82", "x y"};
    for (auto& s : a.strings) s = words[rng() % words.size()];
    a.byte_strings = rng() % 3 == 0;
    if (a.byte_strings)
      for (auto& s : a.strings) s = rng() % 2 ? std::string("\xFF") + s : s;  // bytes need not be UTF-8
    return a;
  }
  ndresize::visit_element_type(t, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (!std::is_same_v<T, std::string>)
      for (std::int64_t i = 0; i < a.size(); ++i) a.data<T>()[i] = random_value<T>(rng);
  });
  return a;
}

template <class T>
T pick(const std::vector<T>& v, std::mt19937_64& rng) {
  return v[rng() % v.size()];
}

const std::string no_such_version = "no-such-op";

/// Tallies for the summary and for coverage checks.
struct coverage {
  std::map<std::string, std::array<int, 2>> by_type, by_version, by_mode;  // [valid, invalid]
  void count(const std::string& type, const std::string& version, const std::string& mode, bool ok) {
    ++by_type[type][ok ? 0 : 1];
    ++by_version[version][ok ? 0 : 1];
    ++by_mode[mode][ok ? 0 : 1];
  }
};

void add_random_case(batch_builder& b, std::mt19937_64& rng, int n, coverage& cov) {
  struct op_at {
    const char* op;
    int opset;
  };
  static const std::vector<op_at> ops{{"Resize", 10},  {"Resize", 11},  {"Resize", 12}, {"Resize", 13},
                                      {"Resize", 17},  {"Resize", 18},  {"Resize", 19}, {"Resize", 21},
                                      {"Upsample", 7}, {"Upsample", 8}, {"Upsample", 9}};
  const op_at o = rng() % 200 == 0 ? op_at{rng() % 2 ? "Resize" : "Upsample", rng() % 2 ? 9 : 10} : pick(ops, rng);
  const bool upsample = std::string(o.op) == "Upsample";
  const bool upsample_7 = upsample && o.opset < 9;
  const bool legacy = upsample || o.opset == 10;  // mode is their only attribute
  const bool v18 = !upsample && o.opset >= 18;
  const auto chance = [&](int percent) { return static_cast<int>(rng() % 100) < percent; };

  // X
  const element_type type = chance(20) ? element_type::float32 : pick(all_types, rng);
  const int rank = 1 + static_cast<int>(rng() % 4);
  dims shape;
  shape.resize(rank);
  for (int r = 0; r < rank; ++r) shape[r] = 1 + static_cast<ndresize::index_t>(rng() % (rank == 4 ? 3 : 4));
  if (chance(4)) shape[static_cast<int>(rng() % static_cast<unsigned>(rank))] = 0;
  const npy::array x = random_array(type, shape, rng);

  // attributes
  json attrs = json::object();
  std::string mode = "nearest";
  if (!chance(45)) mode = legacy ? (chance(92) ? "linear" : "cubic") : (chance(60) ? "linear" : "cubic");
  if (!(mode == "nearest" && chance(30))) attrs["mode"] = mode;  // nearest is the default
  std::vector<std::int64_t> axes;
  std::string ctm = "half_pixel";
  if (!legacy) {
    static const std::vector<std::string> ctms{"half_pixel",        "half_pixel_symmetric", "pytorch_half_pixel",
                                               "align_corners",     "asymmetric",           "tf_half_pixel_for_nn",
                                               "tf_crop_and_resize"};
    if (chance(60)) attrs["coordinate_transformation_mode"] = ctm = pick(ctms, rng);
    if (chance(40))
      attrs["nearest_mode"] =
          pick(std::vector<std::string>{"round_prefer_floor", "round_prefer_ceil", "floor", "ceil"}, rng);
    if (chance(30)) attrs["cubic_coeff_a"] = chance(50) ? -0.5 : -0.75;
    if (chance(30)) attrs["exclude_outside"] = static_cast<int>(rng() % 2);
    if (chance(30)) attrs["extrapolation_value"] = chance(50) ? 10.5 : -1;
    if (v18 && chance(30)) attrs["antialias"] = static_cast<int>(rng() % 2);
    if (v18 && chance(25)) {
      for (int r = 0; r < rank; ++r)
        if (chance(60)) axes.push_back(chance(20) ? r - rank : r);
      if (axes.empty()) axes.push_back(rank - 1);
      std::shuffle(axes.begin(), axes.end(), rng);
      attrs["axes"] = axes;
    }
  }
  if (chance(4)) {  // something this version does not have, or cannot take
    switch (rng() % 4) {
      case 0: attrs["bogus"] = 1; break;
      case 1: attrs["mode"] = "bilinear"; break;
      case 2: attrs["antialias"] = 1; break;
      default: attrs["axes"] = json::array(); break;
    }
  }
  const std::size_t n_axes = axes.empty() ? static_cast<std::size_t>(rank) : axes.size();

  // scales / sizes / roi
  std::vector<float> scales;
  std::vector<std::int64_t> sizes;
  std::vector<double> roi;
  const std::vector<float> up{1.0f, 1.5f, 2.0f, 3.0f};
  const std::vector<float> any{0.5f, 0.6f, 0.75f, 1.0f, 1.25f, 1.5f, 2.0f, 3.0f};
  auto random_scales = [&] {
    std::vector<float> s;
    for (std::size_t i = 0; i < n_axes; ++i) s.push_back(pick(upsample ? up : any, rng));
    if (chance(3)) s[rng() % s.size()] = chance(50) ? 0.0f : -1.0f;
    if (chance(2)) s.push_back(2.0f);  // one too many
    return s;
  };
  bool use_sizes = false;
  if (upsample_7) {
    attrs["scales"] = random_scales();
  } else if (legacy) {
    scales = random_scales();
  } else {
    use_sizes = chance(50);
    const bool both = chance(3), neither = chance(2);
    if (!use_sizes || both) scales = random_scales();
    if (use_sizes || both) {
      for (std::size_t i = 0; i < n_axes; ++i)
        sizes.push_back(chance(3) ? 0 : 1 + static_cast<std::int64_t>(rng() % 6));
      if (v18 && chance(40))
        attrs["keep_aspect_ratio_policy"] = pick(std::vector<std::string>{"stretch", "not_larger", "not_smaller"}, rng);
    }
    if (neither) scales.clear(), sizes.clear();
  }
  if ((ctm == "tf_crop_and_resize" && chance(90)) || chance(legacy ? 2 : 10)) {
    std::uniform_real_distribution<double> lo(-0.2, 0.45), hi(0.55, 1.2);
    for (std::size_t i = 0; i < n_axes; ++i) roi.push_back(lo(rng));
    for (std::size_t i = 0; i < n_axes; ++i) roi.push_back(hi(rng));
  }

  // the case line; the inputs in varied dtypes, and absent inputs as null, missing or empty
  const auto [out_rel, out_abs] = b.output();
  json line{{"id", n % 7 == 0 ? json(n) : json("r" + std::to_string(n))},
            {"op", o.op},
            {"opset", o.opset},
            {"attrs", attrs},
            {"out", out_rel}};
  npy::array x_file = x;
  if (type == element_type::bfloat16) {
    x_file.type = element_type::uint16;
    line["x_dtype"] = "bfloat16";
  } else if (chance(5)) {
    line["x_dtype"] = npy::dtype_name(type);
  }
  line["x"] = b.input(x_file);
  auto absent = [&](const char* key) {
    const int how = static_cast<int>(rng() % 10);
    if (how < 6)
      line[key] = nullptr;
    else if (how < 8)
      line[key] =
          b.input(npy::make_array(key == std::string("sizes") ? element_type::int64 : element_type::float32, {0}));
    // else: the key is missing
  };
  std::vector<double> roi_as_read = roi;
  if (roi.empty())
    absent("roi");
  else {
    const int how = static_cast<int>(rng() % 3);
    if (how == 0)
      line["roi"] = b.input(make<double>({static_cast<ndresize::index_t>(roi.size())}, roi));
    else if (how == 1) {
      std::vector<float> f(roi.begin(), roi.end());
      for (std::size_t i = 0; i < f.size(); ++i) roi_as_read[i] = f[i];
      line["roi"] = b.input(make<float>({static_cast<ndresize::index_t>(f.size())}, f));
    } else {
      std::vector<Eigen::half> h;
      for (std::size_t i = 0; i < roi.size(); ++i) {
        h.emplace_back(static_cast<float>(roi[i]));
        roi_as_read[i] = static_cast<float>(h.back());
      }
      line["roi"] = b.input(make<Eigen::half>({static_cast<ndresize::index_t>(h.size())}, h));
    }
  }
  if (scales.empty())
    absent("scales");
  else if (chance(15))
    line["scales"] =
        b.input(make<double>({static_cast<ndresize::index_t>(scales.size())}, {scales.begin(), scales.end()}));
  else
    line["scales"] = b.input(make<float>({static_cast<ndresize::index_t>(scales.size())}, scales));
  if (sizes.empty())
    absent("sizes");
  else
    line["sizes"] = b.input(make<std::int64_t>({static_cast<ndresize::index_t>(sizes.size())}, sizes));

  expectation e = library_expectation(line, x, roi_as_read, scales, sizes);
  e.out = out_abs;
  // the two versions that do not exist (Resize-9, Upsample-10) are tallied together
  const bool exists = upsample ? o.opset >= 7 && o.opset <= 9 : o.opset >= 10;
  const std::string version = exists ? std::string(o.op) + "-" + std::to_string(o.opset) : no_such_version;
  cov.count(type == element_type::string && x.byte_strings ? "bytes" : npy::dtype_name(type), version, mode, e.ok);
  b.add(line, std::move(e));
}

// ---------------------------------------------------------------------------------------------
// Hand-made cases: expected outputs derived by hand, and every kind of invalid case.

const dims nchw_2x2{1, 1, 2, 2};
const std::vector<float> seed_x{1, 2, 3, 4};
// Upsample-9 test_cc_upsample_linear (seed 003): X = [[1, 2], [3, 4]], scales [1, 1, 2, 2]
const std::vector<float> seed_linear{1, 1.5, 2, 2, 2, 2.5, 3, 3, 3, 3.5, 4, 4, 3, 3.5, 4, 4};
// test_cc_upsample_nearest: scales [1, 1, 2, 3]
const std::vector<float> seed_nearest{1, 1, 1, 2, 2, 2, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 3, 3, 3, 4, 4, 4};
// test_cc_upsample_nearest_default_mode: scales [1, 1, 2, 2]
const std::vector<float> seed_default{1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4};

expectation valid(const std::string& id, const fs::path& out, npy::array y) {
  expectation e;
  e.id = id;
  e.ok = true;
  e.out = out;
  e.y = std::move(y);
  e.kind = "valid";
  return e;
}

expectation invalid(const json& id, const fs::path& out, const std::string& error_part,
                    const std::string& kind = "invalid") {
  expectation e;
  e.id = id;
  e.out = out;
  e.error_part = error_part;
  e.kind = kind;
  return e;
}

void add_hand_made_cases(batch_builder& b) {
  const std::string x = b.input(make<float>(nchw_2x2, seed_x));
  auto scales = [&](std::vector<float> s) {
    return b.input(make<float>({static_cast<ndresize::index_t>(s.size())}, s));
  };
  auto out = [&] { return b.output(); };

  {  // the seed's worked examples
    auto [rel, abs] = out();
    b.add({{"id", "seed_linear"},
           {"op", "Upsample"},
           {"opset", 9},
           {"x", x},
           {"roi", nullptr},
           {"scales", scales({1, 1, 2, 2})},
           {"sizes", nullptr},
           {"attrs", {{"mode", "linear"}}},
           {"out", rel}},
          valid("seed_linear", abs, make<float>({1, 1, 4, 4}, seed_linear)));
  }
  {
    auto [rel, abs] = out();
    b.add({{"id", "seed_nearest"},
           {"op", "Upsample"},
           {"opset", 9},
           {"x", x},
           {"scales", scales({1, 1, 2, 3})},
           {"attrs", {{"mode", "nearest"}}},
           {"out", rel}},
          valid("seed_nearest", abs, make<float>({1, 1, 4, 6}, seed_nearest)));
  }
  {
    auto [rel, abs] = out();
    b.add({{"id", "seed_nearest_1d"},
           {"op", "Upsample"},
           {"opset", 9},
           {"x", b.input(make<float>({3}, {10, 20, 30}))},
           {"scales", scales({2})},
           {"attrs", {{"mode", "nearest"}}},
           {"out", rel}},
          valid("seed_nearest_1d", abs, make<float>({6}, {10, 10, 20, 20, 30, 30})));
  }
  {
    auto [rel, abs] = out();
    b.add({{"id", "seed_default_mode"},
           {"op", "Upsample"},
           {"opset", 9},
           {"x", x},
           {"scales", scales({1, 1, 2, 2})},
           {"out", rel}},
          valid("seed_default_mode", abs, make<float>({1, 1, 4, 4}, seed_default)));
  }
  {  // Upsample-7: scales is an attribute
    auto [rel, abs] = out();
    b.add({{"id", "upsample_7_linear"},
           {"op", "Upsample"},
           {"opset", 7},
           {"x", x},
           {"attrs", {{"mode", "linear"}, {"scales", {1, 1, 2, 2}}}},
           {"out", rel}},
          valid("upsample_7_linear", abs, make<float>({1, 1, 4, 4}, seed_linear)));
  }
  {  // scales as float64, rounded to float32: the same case
    auto [rel, abs] = out();
    b.add({{"id", "scales_float64"},
           {"op", "Upsample"},
           {"opset", 9},
           {"x", x},
           {"scales", b.input(make<double>({4}, {1, 1, 2, 2}))},
           {"attrs", {{"mode", "linear"}}},
           {"out", rel}},
          valid("scales_float64", abs, make<float>({1, 1, 4, 4}, seed_linear)));
  }
  {  // X written big-endian by hand
    std::string data;
    for (float v : seed_x) {
      std::uint32_t bits;
      std::memcpy(&bits, &v, 4);
      for (int k = 3; k >= 0; --k) data += static_cast<char>((bits >> (8 * k)) & 0xFF);
    }
    const std::string file = npy_file("{'descr': '>f4', 'fortran_order': False, 'shape': (1, 1, 2, 2), }", data);
    auto [rel, abs] = out();
    b.add({{"id", "big_endian_x"},
           {"op", "Upsample"},
           {"opset", 9},
           {"x", b.raw_input(file)},
           {"scales", scales({1, 1, 2, 3})},
           {"attrs", {{"mode", "nearest"}}},
           {"out", rel}},
          valid("big_endian_x", abs, make<float>({1, 1, 4, 6}, seed_nearest)));
  }
  {  // Upsample-9 nearest at a fractional scale: Y[i] = X[floor(i / 1.5)], length floor(4 * 1.5)
    auto [rel, abs] = out();
    b.add({{"id", "upsample_fractional"},
           {"op", "Upsample"},
           {"opset", 9},
           {"x", b.input(make<std::int32_t>({4}, {5, -6, 7, -8}))},
           {"scales", scales({1.5f})},
           {"out", rel}},
          valid("upsample_fractional", abs, make<std::int32_t>({6}, {5, 5, -6, 7, 7, -8})));
  }
  {  // sizes given, scales and roi as 0-element files (absent): half_pixel, round_prefer_floor
    auto [rel, abs] = out();
    b.add({{"id", "empty_inputs_absent"},
           {"op", "Resize"},
           {"opset", 19},
           {"x", b.input(make<float>({4}, {1, 2, 3, 4}))},
           {"roi", b.input(make<float>({0}, {}))},
           {"scales", b.input(make<float>({0}, {}))},
           {"sizes", b.input(make<std::int64_t>({1}, {8}))},
           {"attrs", json::object()},
           {"out", rel}},
          valid("empty_inputs_absent", abs, make<float>({8}, {1, 1, 2, 2, 3, 3, 4, 4})));
  }
  {  // roi as float16, tf_crop_and_resize: x_orig = 0 + i * (1 - 0) * (5 - 1) / (3 - 1) = 0, 2, 4
    auto [rel, abs] = out();
    b.add({{"id", "roi_float16"},
           {"op", "Resize"},
           {"opset", 13},
           {"x", b.input(make<float>({5}, {0, 10, 20, 30, 40}))},
           {"roi", b.input(make<Eigen::half>({2}, {Eigen::half(0.0f), Eigen::half(1.0f)}))},
           {"scales", nullptr},
           {"sizes", b.input(make<std::int64_t>({1}, {3}))},
           {"attrs", {{"mode", "linear"}, {"coordinate_transformation_mode", "tf_crop_and_resize"}}},
           {"out", rel}},
          valid("roi_float16", abs, make<float>({3}, {0, 20, 40})));
  }
  // Linear stores: round half to even, saturate (asymmetric, scale 2: the odd outputs are midpoints)
  {
    auto [rel, abs] = out();
    b.add({{"id", "uint8_linear"},
           {"op", "Upsample"},
           {"opset", 9},
           {"x", b.input(make<std::uint8_t>({2}, {0, 255}))},
           {"scales", scales({2})},
           {"attrs", {{"mode", "linear"}}},
           {"out", rel}},
          valid("uint8_linear", abs, make<std::uint8_t>({4}, {0, 128, 255, 255})));  // 127.5 → 128
  }
  {
    auto [rel, abs] = out();
    b.add({{"id", "int8_linear"},
           {"op", "Upsample"},
           {"opset", 9},
           {"x", b.input(make<std::int8_t>({3}, {-128, 127, 0}))},
           {"scales", scales({2})},
           {"attrs", {{"mode", "linear"}}},
           {"out", rel}},
          valid("int8_linear", abs, make<std::int8_t>({6}, {-128, 0, 127, 64, 0, 0})));  // -0.5 → 0, 63.5 → 64
  }
  {
    auto [rel, abs] = out();
    b.add({{"id", "float16_linear"},
           {"op", "Upsample"},
           {"opset", 9},
           {"x", b.input(make<Eigen::half>({2}, {Eigen::half(1.0f), Eigen::half(2.0f)}))},
           {"scales", scales({2})},
           {"attrs", {{"mode", "linear"}}},
           {"out", rel}},
          valid("float16_linear", abs,
                as_type(make<std::uint16_t>({4}, {0x3C00, 0x3E00, 0x4000, 0x4000}), element_type::float16)));
  }
  {
    auto [rel, abs] = out();
    b.add({{"id", "complex64_linear"},
           {"op", "Upsample"},
           {"opset", 9},
           {"x", b.input(make<std::complex<float>>({2}, {{1, 2}, {3, -4}}))},
           {"scales", scales({2})},
           {"attrs", {{"mode", "linear"}}},
           {"out", rel}},
          valid("complex64_linear", abs, make<std::complex<float>>({4}, {{1, 2}, {2, -1}, {3, -4}, {3, -4}})));
  }
  {  // bfloat16 bits: 1.0 = 0x3F80, 1.5 = 0x3FC0, 2.0 = 0x4000
    auto [rel, abs] = out();
    b.add({{"id", "bfloat16_linear"},
           {"op", "Resize"},
           {"opset", 13},
           {"x", b.input(make<std::uint16_t>({2}, {0x3F80, 0x4000}))},
           {"x_dtype", "bfloat16"},
           {"scales", scales({2})},
           {"attrs", {{"mode", "linear"}, {"coordinate_transformation_mode", "asymmetric"}}},
           {"out", rel}},
          valid("bfloat16_linear", abs, make<std::uint16_t>({4}, {0x3F80, 0x3FC0, 0x4000, 0x4000})));
  }
  // nearest copies every dtype: Y[i] = X[i / 2]
  std::mt19937_64 rng(99);
  for (element_type t : all_types) {
    npy::array xt = random_array(t, {3}, rng);
    const bool bf16 = t == element_type::bfloat16;
    if (bf16) xt.type = element_type::uint16;
    for (const bool resize : {false, true}) {
      if (bf16 && !resize) continue;  // bfloat16 exists from Resize-13 on
      const std::string id =
          "copy_" + npy::dtype_name(t) + (xt.byte_strings ? "_bytes" : "") + (resize ? "_resize13" : "_upsample9");
      auto [rel, abs] = out();
      json line{{"id", id}, {"x", b.input(xt)}, {"scales", scales({2})}, {"out", rel}};
      if (resize)
        line.update(
            {{"op", "Resize"},
             {"opset", 13},
             {"attrs",
              {{"mode", "nearest"}, {"coordinate_transformation_mode", "asymmetric"}, {"nearest_mode", "floor"}}}});
      else
        line.update({{"op", "Upsample"}, {"opset", 9}, {"attrs", {{"mode", "nearest"}}}});
      if (bf16) line["x_dtype"] = "bfloat16";
      b.add(line, valid(id, abs, repeat_each(xt, 2)));
    }
  }

  // Invalid cases: each reports ok false and writes nothing.
  auto bad = [&](const std::string& id, json line, const std::string& error_part) {
    auto [rel, abs] = out();
    line["id"] = id;
    if (!line.contains("out")) line["out"] = rel;
    b.add(line, invalid(id, abs, error_part));
  };
  const json upsample9{{"op", "Upsample"}, {"opset", 9}, {"x", x}, {"scales", scales({1, 1, 2, 2})}};
  auto with = [](json base, const json& patch) {
    base.update(patch);
    return base;
  };
  bad("bfloat16_before_13",
      {{"op", "Resize"},
       {"opset", 11},
       {"x", b.input(make<std::uint16_t>({2}, {0x3F80, 0x4000}))},
       {"x_dtype", "bfloat16"},
       {"scales", scales({2})}},
      "ndresize: invalid_type: Resize-11:");
  bad("bool_linear",
      with(upsample9,
           {{"x", b.input(make<bool>({2}, {true, false}))}, {"scales", scales({2})}, {"attrs", {{"mode", "linear"}}}}),
      "ndresize: invalid_type:");
  bad("string_cubic",
      {{"op", "Resize"},
       {"opset", 19},
       {"x", b.input(make_strings({2}, {"a", "b"}))},
       {"scales", scales({2})},
       {"attrs", {{"mode", "cubic"}}}},
      "ndresize: invalid_type:");
  bad("negative_scale", with(upsample9, {{"scales", scales({1, 1, -2, 2})}}), "ndresize: invalid_input:");
  bad("scales_and_sizes",
      {{"op", "Resize"},
       {"opset", 19},
       {"x", x},
       {"scales", scales({1, 1, 2, 2})},
       {"sizes", b.input(make<std::int64_t>({4}, {1, 1, 4, 4}))}},
      "ndresize: invalid_input:");
  bad("unknown_mode", with(upsample9, {{"attrs", {{"mode", "bilinear"}}}}), "ndresize: invalid_attribute:");
  bad("upsample_opset_10", with(upsample9, {{"opset", 10}}), "ndresize: invalid_attribute:");
  bad("missing_x_file", with(upsample9, {{"x", "in/absent.npy"}}), "npy: cannot open");
  bad("x_not_npy", with(upsample9, {{"x", b.raw_input("this is text")}}), "bad magic");
  bad("x_truncated",
      with(upsample9, {{"x", b.raw_input(npy::serialize(make<float>(nchw_2x2, seed_x)).substr(0, 140))}}),
      "shorter than the shape");
  bad("x_fortran",
      with(upsample9, {{"x", b.raw_input(npy_file("{'descr': '<f4', 'fortran_order': True, 'shape': (1, 1, 2, 2), }",
                                                  std::string(16, '\0')))}}),
      "Fortran-ordered");
  bad("scales_int32", with(upsample9, {{"scales", b.input(make<std::int32_t>({4}, {1, 1, 2, 2}))}}),
      "input: 'scales' must be float32");
  bad("scales_2d", with(upsample9, {{"scales", b.input(make<float>({2, 2}, {1, 1, 2, 2}))}}),
      "input: 'scales' must be 1-D");
  bad("sizes_float", {{"op", "Resize"}, {"opset", 19}, {"x", x}, {"sizes", b.input(make<float>({4}, {1, 1, 4, 4}))}},
      "input: 'sizes' must be int64");
  bad("roi_int",
      {{"op", "Resize"},
       {"opset", 19},
       {"x", x},
       {"roi", b.input(make<std::int64_t>({2}, {0, 1}))},
       {"sizes", b.input(make<std::int64_t>({4}, {1, 1, 4, 4}))}},
      "input: 'roi' must be float16");
  bad("x_dtype_mismatch", with(upsample9, {{"x_dtype", "bfloat16"}}),
      "input: x_dtype 'bfloat16' needs X stored as uint16");
  bad("x_dtype_wrong_name", with(upsample9, {{"x_dtype", "int64"}}), "input: x_dtype 'int64' does not match");
  bad("out_folder_missing", with(upsample9, {{"out", "no/such/folder/y.npy"}}), "npy: cannot create");
  bad("unknown_op", with(upsample9, {{"op", "Bogus"}}),
      "json: unknown op 'Bogus' (npy_resize knows Resize, ResizeUpsampleTrilinear, Upsample)");
  bad("missing_opset", {{"op", "Resize"}, {"x", x}, {"scales", scales({1, 1, 2, 2})}},
      "json: op 'Resize' needs an integer 'opset'");
  bad("opset_text", with(upsample9, {{"opset", "9"}}), "json: 'opset' must be an integer");
  bad("attrs_list", with(upsample9, {{"attrs", {1, 2}}}), "json: 'attrs' must be an object");
  bad("attr_null", with(upsample9, {{"attrs", {{"mode", nullptr}}}}),
      "json: attribute 'mode' has an unsupported JSON type");
  bad("unknown_key", with(upsample9, {{"scale", "s.npy"}}), "json: unknown key 'scale'");
  bad("x_not_string", with(upsample9, {{"x", 5}}), "json: 'x' must be a string or null");
  {  // no "out": nothing to write, still reported with its id
    json line = upsample9;
    line["id"] = "missing_out";
    b.add(line, invalid("missing_out", {}, "json: 'out' is required"));
  }
  {  // a failed case leaves an existing out file as it was
    auto [rel, abs] = out();
    std::ofstream(abs) << "sentinel";
    expectation e = invalid("keeps_old_out", abs, "ndresize: invalid_input:");
    e.preexisting = "sentinel";
    b.add(with(upsample9, {{"id", "keeps_old_out"}, {"scales", scales({1, 1, 0, 2})}, {"out", rel}}), e);
  }
  {  // a valid case replaces an existing out file
    auto [rel, abs] = out();
    std::ofstream(abs) << "old";
    b.add(with(upsample9, {{"id", "replaces_old_out"}, {"attrs", {{"mode", "linear"}}}, {"out", rel}}),
          valid("replaces_old_out", abs, make<float>({1, 1, 4, 4}, seed_linear)));
  }
}

/// Lines that are not cases: each is reported (id when readable, else null); blank lines are skipped.
void add_malformed_lines(batch_builder& b, int n) {
  const std::string tag = std::to_string(n);
  b.add_text(R"({"id": "broken-)" + tag + R"(", "op": "Resize", "opset": 1)",
             invalid("broken-" + tag, {}, "json: line ", "malformed"));
  b.add_text(R"({"id": )" + tag + R"(, "op": )", invalid(n, {}, "json: line ", "malformed"));
  b.add_text("this is not json " + tag, invalid(nullptr, {}, "json: line ", "malformed"));
  b.add_text("[1, 2, 3]", invalid(nullptr, {}, "json: a case must be a JSON object", "malformed"));
  b.add_text(R"({"op": "Resize", "opset": 19, "x": "x.npy"} trailing)",
             invalid(nullptr, {}, "json: line ", "malformed"));
  b.add_blank("");
  b.add_blank("   \t");
}

/// Checks the tool's report and files against the expectations.
void check_batch(const batch_builder& b, const cli_result& r) {
  const auto& expected = b.expected();
  ASSERT_EQ(r.lines.size(), expected.size()) << "one report line per case, blank lines skipped; stderr: " << r.err;
  std::set<std::string> may_exist;  // outputs of successful cases, and files a failed case must keep
  int failures = 0;
  for (std::size_t i = 0; i < expected.size() && failures < 20; ++i) {
    const auto& e = expected[i];
    const int before = ::testing::UnitTest::GetInstance()->current_test_info()->result()->total_part_count();
    json got;
    try {
      got = json::parse(r.lines[i]);
    } catch (const json::exception&) {
      ADD_FAILURE() << "line " << i << " is not JSON: " << r.lines[i];
      ++failures;
      continue;
    }
    SCOPED_TRACE("case " + e.id.dump() + ": " + r.lines[i]);
    EXPECT_EQ(got.at("id"), e.id);
    EXPECT_EQ(got.at("ok"), e.ok);
    EXPECT_EQ(got.size(), e.ok ? 2u : 3u) << "keys: id, ok (and error)";
    if (!e.ok) {
      const std::string error = got.value("error", "");
      if (!e.error.empty()) {
        EXPECT_EQ(error, e.error);
      }
      if (!e.error_part.empty()) {
        EXPECT_NE(error.find(e.error_part), std::string::npos) << error;
      }
      if (!e.out.empty() && e.preexisting) {
        EXPECT_EQ(read_text(e.out), *e.preexisting) << "a failed case changed its out file";
        may_exist.insert(e.out.string());
      } else if (!e.out.empty()) {
        EXPECT_FALSE(fs::exists(e.out)) << "a failed case wrote " << e.out;
      }
    } else if (e.y) {
      may_exist.insert(e.out.string());
      try {
        const npy::array y = npy::load(e.out.string());
        const std::string why = e.tolerance > 0 ? compare_near(y, *e.y, e.tolerance) : compare(y, *e.y);
        EXPECT_TRUE(why.empty()) << why;
      } catch (const npy::npy_error& err) {
        ADD_FAILURE() << err.what();
      }
    }
    if (::testing::UnitTest::GetInstance()->current_test_info()->result()->total_part_count() != before) ++failures;
  }
  // Only the successful cases' files exist: no temporary or partial file anywhere.
  for (const auto& entry : fs::directory_iterator(b.dir() / "out"))
    EXPECT_EQ(may_exist.count(entry.path().string()), 1u) << "unexpected file " << entry.path();
}

// ---------------------------------------------------------------------------------------------

TEST(NpyResizeBatch, GeneratedCasesMatchTheLibrary) {
  batch_builder b(fresh_dir());
  const auto t0 = std::chrono::steady_clock::now();
  add_hand_made_cases(b);
  std::mt19937_64 rng(20240611);
  coverage cov;
  constexpr int random_cases = 3000;
  for (int n = 0; n < random_cases; ++n) {
    if (n % 600 == 300) add_malformed_lines(b, n);
    add_random_case(b, rng, n, cov);
  }
  const fs::path jsonl = b.write();
  const auto t1 = std::chrono::steady_clock::now();
  const cli_result r = run_cli("--batch " + quoted(jsonl), b.dir());
  const auto t2 = std::chrono::steady_clock::now();
  EXPECT_EQ(r.status, 1) << "some cases fail, so the batch exits 1";
  check_batch(b, r);

  std::map<std::string, int> kinds;
  for (const auto& e : b.expected()) ++kinds[e.kind];
  const double run_s = std::chrono::duration<double>(t2 - t1).count();
  std::printf(
      "npy_resize batch: %zu cases (%d valid, %d invalid, %d malformed lines); generating %.2f s, npy_resize --batch "
      "%.2f s\n",
      b.expected().size(), kinds["valid"], kinds["invalid"], kinds["malformed"],
      std::chrono::duration<double>(t1 - t0).count(), run_s);
  RecordProperty("batch_cases", static_cast<int>(b.expected().size()));
  RecordProperty("batch_seconds", std::to_string(run_s));
  std::printf("%-12s %6s %7s\n", "random cases", "valid", "invalid");
  for (const auto* table : {&cov.by_type, &cov.by_version, &cov.by_mode})
    for (const auto& [name, n] : *table) std::printf("  %-12s %6d %7d\n", name.c_str(), n[0], n[1]);
  // every dtype, version and mode has valid and invalid random cases
  for (const auto* table : {&cov.by_type, &cov.by_version, &cov.by_mode})
    for (const auto& [name, n] : *table) {
      if (name != no_such_version) {
        EXPECT_GT(n[0], 0) << name << " has no valid case";
      }
      EXPECT_GT(n[1], 0) << name << " has no invalid case";
    }
  EXPECT_EQ(cov.by_type.size(), all_types.size() + 1);  // + '|S' byte strings
  EXPECT_EQ(cov.by_mode.size(), 3u);
}

/// The ONNX conformance vectors through the batch mode.
TEST(NpyResizeBatch, ConformanceVectors) {
  std::ifstream index(conformance_root / "index.json");
  if (!index) {
    if (NDRESIZE_REQUIRE_CONFORMANCE) FAIL() << "conformance vectors not found under " << conformance_root;
    GTEST_SKIP() << "conformance vectors not found under " << conformance_root
                 << " (set -DNDRESIZE_CONFORMANCE_DIR=<folder holding onnx/index.json>)";
  }
  const fs::path dir = fresh_dir();
  std::ofstream jsonl(dir / "conformance.jsonl");
  std::vector<std::string> names;
  const json cases = json::parse(index);
  for (const auto& name : cases.at("cases")) {
    names.push_back(name.get<std::string>());
    const fs::path c = conformance_root / names.back();
    const json spec = json::parse(std::ifstream(c / "case.json"));
    json line{{"id", names.back()},
              {"op", spec.at("op")},
              {"opset", spec.at("opset")},
              {"attrs", spec.at("attributes")},
              {"out", (dir / (names.back() + ".npy")).string()}};
    for (const auto& in : spec.at("inputs")) {
      const std::string key = in.at("name") == "X" ? "x" : in.at("name").get<std::string>();
      line[key] = in.at("file").is_null() ? json(nullptr) : json((c / in.at("file").get<std::string>()).string());
    }
    jsonl << line.dump() << '\n';
  }
  jsonl.close();
  ASSERT_EQ(names.size(), 40u);
  const cli_result r = run_cli("--batch conformance.jsonl", dir);
  EXPECT_EQ(r.status, 0) << r.err;
  ASSERT_EQ(r.lines.size(), names.size());
  double worst = 0;
  for (std::size_t i = 0; i < names.size(); ++i) {
    SCOPED_TRACE(names[i]);
    EXPECT_EQ(json::parse(r.lines[i]), (json{{"id", names[i]}, {"ok", true}}));
    const npy::array y = npy::load((dir / (names[i] + ".npy")).string());
    const npy::array want = npy::load((conformance_root / names[i] / "Y.npy").string());
    ASSERT_EQ(y.type, element_type::float32);
    ASSERT_EQ(y.shape, want.shape);
    for (std::int64_t k = 0; k < y.size(); ++k) {
      const double got = y.data<float>()[k], e = want.data<float>()[k];
      EXPECT_LE(std::abs(got - e), 1e-5 * std::max(1.0, std::abs(e))) << "element " << k;
      worst = std::max(worst, std::abs(got - e));
    }
  }
  std::printf("conformance through npy_resize --batch: %zu cases, largest |got - expected| = %.3g\n", names.size(),
              worst);
}

// ---------------------------------------------------------------------------------------------
// The Ascend ResizeUpsampleTrilinear: X is `self` (5-D), everything else an attribute.

const std::string ascend_op = "ResizeUpsampleTrilinear";

/// The library called directly, as a runtime calls it: shape inference (ascend::make_plan) for
/// Y's shape, then the type-erased ascend::upsample_trilinear3d. The expected report and output.
expectation ascend_expectation(const json& line, const npy::array& x) {
  expectation e;
  e.id = line.at("id");
  try {
    const auto a = ndresize::ascend::parse_attributes(npy::attributes_from_json(line.value("attrs", json::object())));
    npy::array y = npy::make_array(x.type, ndresize::ascend::make_plan(x.shape, a).output_shape());
    ndresize::ascend::upsample_trilinear3d(npy::const_view(x), npy::view(y), a);
    if (y.type == element_type::bfloat16) y.type = element_type::uint16;  // written as its bits
    e.ok = true;
    e.y = std::move(y);
    e.kind = "valid";
  } catch (const ndresize::resize_error& err) {
    e.error = err.what();
    e.kind = "invalid";
  }
  return e;
}

/// Tallies of the random Ascend cases: [valid, invalid] by dtype, by how the output extents are
/// given, and by align_corners.
struct ascend_coverage {
  std::map<std::string, std::array<int, 2>> by_type, by_sizing, by_align;
};

void add_random_ascend_case(batch_builder& b, std::mt19937_64& rng, int n, ascend_coverage& cov) {
  const auto chance = [&](int percent) { return static_cast<int>(rng() % 100) < percent; };
  static const std::vector<element_type> accepted{element_type::float32, element_type::float16, element_type::bfloat16,
                                                  element_type::float64};
  static const std::vector<element_type> refused{element_type::int32, element_type::uint8,     element_type::int64,
                                                 element_type::bool_, element_type::complex64, element_type::string};

  // X: (N, C, D, H, W) of an accepted dtype mostly; now and then another rank or dtype, or an
  // extent 0 (valid for N and C: Y is empty; invalid for D, H, W)
  const element_type type = chance(90) ? pick(accepted, rng) : pick(refused, rng);
  const int rank = chance(94) ? 5 : pick(std::vector<int>{3, 4, 6}, rng);
  dims shape;
  shape.resize(rank);
  for (int r = 0; r < rank; ++r) shape[r] = 1 + static_cast<ndresize::index_t>(rng() % (r < 2 ? 2 : 4));
  if (chance(3)) shape[static_cast<int>(rng() % static_cast<unsigned>(rank))] = 0;
  const npy::array x = random_array(type, shape, rng);

  // attributes: output_size, or the three scales (with output_size a scale sets the coordinate scale)
  json attrs = json::object();
  const bool sized = chance(50);
  if (sized) {
    std::vector<std::int64_t> size;
    for (int i = 0; i < 3; ++i) size.push_back(1 + static_cast<std::int64_t>(rng() % 6));
    if (chance(4)) size[rng() % 3] = chance(50) ? 0 : -2;
    if (chance(3)) size.push_back(2);  // one too many
    attrs["output_size"] = size;
  }
  static const std::vector<double> scale_values{0.5, 0.75, 1.0, 1.5, 2.0, 2.5, 3.0};
  for (const char* name : {"scales_d", "scales_h", "scales_w"}) {
    if (sized ? !chance(30) : chance(3)) continue;
    const double s = pick(scale_values, rng);
    attrs[name] =
        chance(20) && s == std::floor(s) ? json(static_cast<std::int64_t>(s)) : json(s);  // 2 is an INT: accepted
    if (chance(3)) attrs[name] = chance(50) ? 0.0 : -1.0;
  }
  if (chance(70))
    attrs["align_corners"] = chance(3)    ? json(2)
                             : chance(15) ? json(rng() % 2 == 1)
                                          : json(static_cast<int>(rng() % 2));
  if (chance(3)) {  // a name the operator does not have, or a value of the wrong type
    switch (rng() % 3) {
      case 0: attrs["mode"] = "linear"; break;
      case 1: attrs["output_size"] = "4,4,4"; break;
      default: attrs["align_corners"] = 0.5; break;
    }
  }

  const auto [out_rel, out_abs] = b.output();
  const json id = n % 5 == 0 ? json(n) : json("a" + std::to_string(n));
  json line{{"id", id}, {"op", ascend_op}, {"attrs", attrs}, {"out", out_rel}};
  if (chance(30)) line["opset"] = chance(50) ? json(19) : json(static_cast<int>(rng() % 100));  // ignored
  npy::array x_file = x;
  if (type == element_type::bfloat16) {
    x_file.type = element_type::uint16;
    line["x_dtype"] = "bfloat16";
  } else if (chance(5)) {
    line["x_dtype"] = npy::dtype_name(type);
  }
  line["x"] = b.input(x_file);
  // the ONNX inputs: absent (null or missing) mostly; given, even as a 0-element file, is an error
  std::string given;
  for (const char* key : {"roi", "scales", "sizes"}) {
    if (chance(2)) {
      line[key] = b.input(chance(50) ? make<float>({1}, {2}) : make<float>({0}, {}));
      if (given.empty()) given = key;
    } else if (chance(15)) {
      line[key] = nullptr;
    }
  }

  expectation e = given.empty() ? ascend_expectation(line, x)
                                : invalid(id, {}, "json: op 'ResizeUpsampleTrilinear' takes no '" + given + "' input");
  e.out = out_abs;
  const std::string type_name = npy::dtype_name(type);
  const std::string sizing = sized ? "output_size" : "scales";
  const std::string align = attrs.contains("align_corners") ? attrs["align_corners"].dump() : "absent";
  ++cov.by_type[type_name][e.ok ? 0 : 1];
  ++cov.by_sizing[sizing][e.ok ? 0 : 1];
  ++cov.by_align[align][e.ok ? 0 : 1];
  b.add(line, std::move(e));
}

/// Hand-derived Ascend cases (the seed's formulas worked by hand), and invalid cases whose
/// report must be the library's message (or the tool's, for inputs the operator lacks).
void add_hand_made_ascend_cases(batch_builder& b) {
  auto out = [&] { return b.output(); };
  auto ascend = [&](const std::string& id, const std::string& x, const json& attrs, const std::string& rel) {
    return json{{"id", id}, {"op", ascend_op}, {"x", x}, {"attrs", attrs}, {"out", rel}};
  };
  const dims w2{1, 1, 1, 1, 2};

  // align_corners, W 2 → 4: x' = x · (2 - 1) / (4 - 1), so Y = [a, a + (b - a)/3, a + 2(b - a)/3, b]
  // (thirds are not exact in binary: compared within a few units in the last place)
  {
    const double a = 0.5, bv = -2.0;
    const std::vector<double> want{a, a + (bv - a) / 3, a + 2 * (bv - a) / 3, bv};
    auto [rel, abs] = out();
    expectation e = valid("ascend_thirds_float64", abs, make<double>({1, 1, 1, 1, 4}, want));
    e.tolerance = 1e-15;
    b.add(ascend("ascend_thirds_float64", b.input(make<double>(w2, {a, bv})),
                 {{"output_size", {1, 1, 4}}, {"align_corners", 1}}, rel),
          e);
    auto [rel32, abs32] = out();
    expectation e32 = valid("ascend_thirds_float32", abs32, make<float>({1, 1, 1, 1, 4}, {want.begin(), want.end()}));
    e32.tolerance = 4e-7;
    b.add(ascend("ascend_thirds_float32", b.input(make<float>(w2, {0.5f, -2.0f})),
                 {{"output_size", {1, 1, 4}}, {"align_corners", 1}}, rel32),
          e32);
  }
  // half-pixel, scales_w 2 (W 2 → 4): x' = max(0, (x + 0.5)/2 - 0.5) = 0, 0.25, 0.75, 1 (the last input)
  const json scales_w2{{"scales_d", 1}, {"scales_h", 1.0}, {"scales_w", 2.0}};
  const std::string x04 = b.input(make<float>(w2, {0, 4}));
  {
    auto [rel, abs] = out();
    b.add(ascend("ascend_half_pixel", x04, scales_w2, rel),
          valid("ascend_half_pixel", abs, make<float>({1, 1, 1, 1, 4}, {0, 1, 3, 4})));
  }
  {  // "opset" is ignored: the same case with one
    auto [rel, abs] = out();
    json line = ascend("ascend_opset_ignored", x04, scales_w2, rel);
    line["opset"] = 19;
    line["roi"] = nullptr;  // and absent inputs may be written as null
    b.add(line, valid("ascend_opset_ignored", abs, make<float>({1, 1, 1, 1, 4}, {0, 1, 3, 4})));
  }
  {  // float16: [1, 2] → [1, 1.25, 1.75, 2] (exact in binary16)
    auto [rel, abs] = out();
    b.add(ascend("ascend_float16", b.input(make<Eigen::half>(w2, {Eigen::half(1.0f), Eigen::half(2.0f)})), scales_w2,
                 rel),
          valid("ascend_float16", abs,
                make<Eigen::half>({1, 1, 1, 1, 4},
                                  {Eigen::half(1.0f), Eigen::half(1.25f), Eigen::half(1.75f), Eigen::half(2.0f)})));
  }
  {  // bfloat16 bits: 1.0 = 0x3F80, 1.25 = 0x3FA0, 1.75 = 0x3FE0, 2.0 = 0x4000
    auto [rel, abs] = out();
    json line = ascend("ascend_bfloat16", b.input(make<std::uint16_t>(w2, {0x3F80, 0x4000})), scales_w2, rel);
    line["x_dtype"] = "bfloat16";
    b.add(line, valid("ascend_bfloat16", abs, make<std::uint16_t>({1, 1, 1, 1, 4}, {0x3F80, 0x3FA0, 0x3FE0, 0x4000})));
  }
  {  // output_size with scales_w 4: the coordinate scale is 1/4, not 2/4:
     // x' = max(0, (x + 0.5)/4 - 0.5) = 0, 0, 0.125, 0.375 between 0 and 8
    auto [rel, abs] = out();
    b.add(ascend("ascend_size_and_scale", b.input(make<float>(w2, {0, 8})),
                 {{"output_size", {1, 1, 4}}, {"scales_w", 4}}, rel),
          valid("ascend_size_and_scale", abs, make<float>({1, 1, 1, 1, 4}, {0, 0, 1, 3})));
  }
  {  // scales_w 0.5 on W 5: floor(5 · 0.5) = 2 outputs at x' = (x + 0.5) · 2 - 0.5 = 0.5, 2.5
    auto [rel, abs] = out();
    b.add(ascend("ascend_downsample", b.input(make<float>({1, 1, 1, 1, 5}, {0, 10, 20, 30, 40})),
                 {{"scales_d", 1}, {"scales_h", 1}, {"scales_w", 0.5}}, rel),
          valid("ascend_downsample", abs, make<float>({1, 1, 1, 1, 2}, {5, 25})));
  }
  {  // a 2×2×2 cube holding 4d + 2h + w, N = 2 (the second ×10), to 3×3×3 with align_corners:
     // trilinear interpolation of a linear function is that function, at d, h, w = 0, 0.5, 1
    std::vector<float> xv, yv;
    for (int n = 0; n < 2; ++n)
      for (int i = 0; i < 8; ++i) xv.push_back(static_cast<float>((n ? 10 : 1) * i));
    for (int n = 0; n < 2; ++n)
      for (int d = 0; d < 3; ++d)
        for (int h = 0; h < 3; ++h)
          for (int w = 0; w < 3; ++w)
            yv.push_back(static_cast<float>((n ? 10 : 1) * (4 * 0.5 * d + 2 * 0.5 * h + 0.5 * w)));
    auto [rel, abs] = out();
    b.add(ascend("ascend_cube", b.input(make<float>({2, 1, 2, 2, 2}, xv)),
                 {{"output_size", {3, 3, 3}}, {"align_corners", true}}, rel),
          valid("ascend_cube", abs, make<float>({2, 1, 3, 3, 3}, yv)));
  }
  {  // an ONNX line in the same batch
    auto [rel, abs] = out();
    b.add({{"id", "onnx_among_ascend"},
           {"op", "Upsample"},
           {"opset", 9},
           {"x", b.input(make<float>(nchw_2x2, seed_x))},
           {"scales", b.input(make<float>({4}, {1, 1, 2, 2}))},
           {"attrs", {{"mode", "linear"}}},
           {"out", rel}},
          valid("onnx_among_ascend", abs, make<float>({1, 1, 4, 4}, seed_linear)));
  }

  // Invalid: the library's message (checked in full against the library, and in part here)
  auto bad = [&](const std::string& id, const npy::array& x, const json& attrs, const std::string& error_part) {
    auto [rel, abs] = out();
    expectation e = ascend_expectation(ascend(id, "", attrs, rel), x);
    EXPECT_FALSE(e.ok) << id;
    e.error_part = error_part;
    e.out = abs;
    b.add(ascend(id, b.input(x), attrs, rel), e);
  };
  const npy::array x5 = make<float>(w2, {1, 2});
  bad("ascend_rank_4", make<float>({1, 1, 1, 2}, {1, 2}), {{"output_size", {1, 1, 4}}},
      "ndresize: invalid_shape: ResizeUpsampleTrilinear: input 'self' has rank 4");
  bad("ascend_int32", make<std::int32_t>(w2, {1, 2}), {{"output_size", {1, 1, 4}}},
      "ndresize: invalid_type: ResizeUpsampleTrilinear: input 'self' has element type int32");
  bad("ascend_output_size_0", x5, {{"output_size", {0, 1, 1}}}, "output_size[0] = 0 must be > 0");
  bad("ascend_unknown_attribute", x5, {{"output_size", {1, 1, 4}}, {"mode", "linear"}},
      "ndresize: invalid_attribute: ResizeUpsampleTrilinear: attribute 'mode' does not exist");
  bad("ascend_scales_h_negative", x5, {{"scales_d", 1.0}, {"scales_h", -1}, {"scales_w", 2.0}},
      "attribute 'scales_h' = -1 must be > 0");
  bad("ascend_scales_w_missing", x5, {{"scales_d", 1.0}, {"scales_h", 1.0}}, "nor attribute 'scales_w' is given");
  bad("ascend_align_corners_2", x5, {{"output_size", {1, 1, 4}}, {"align_corners", 2}},
      "attribute 'align_corners' = 2 must be 0 or 1");

  // Invalid: what the tool itself refuses
  auto bad_case = [&](const std::string& id, json line, const std::string& error_part) {
    auto [rel, abs] = out();
    line.update({{"id", id}, {"out", rel}});
    b.add(line, invalid(id, abs, error_part));
  };
  const json base = ascend("", b.input(x5), {{"output_size", {1, 1, 4}}}, "");
  auto with = [&](const json& patch) {
    json line = base;
    line.update(patch);
    return line;
  };
  for (const char* key : {"roi", "scales", "sizes"}) {
    bad_case(std::string("ascend_given_") + key, with({{key, b.input(make<float>({1}, {2}))}}),
             "json: op 'ResizeUpsampleTrilinear' takes no '" + std::string(key) + "' input");
    bad_case(std::string("ascend_given_empty_") + key, with({{key, b.input(make<float>({0}, {}))}}),
             "json: op 'ResizeUpsampleTrilinear' takes no '" + std::string(key) + "' input");
  }
  bad_case("ascend_x_dtype_mismatch", with({{"x_dtype", "bfloat16"}}),
           "input: x_dtype 'bfloat16' needs X stored as uint16");
  bad_case("ascend_attr_null", with({{"attrs", {{"align_corners", nullptr}}}}),
           "json: attribute 'align_corners' has an unsupported JSON type");
  bad_case("ascend_opset_text", with({{"opset", "19"}}), "json: 'opset' must be an integer");
  // beyond the tool's default --max-output-bytes (1 GiB), though within the library's own
  // default limit: refused before Y is allocated
  bad_case("ascend_beyond_limit", with({{"attrs", {{"output_size", {1024, 1024, 1024}}}}}),
           "limit: output Y of shape [1, 1, 1024, 1024, 1024] holds 1073741824 elements of 4 bytes, more than the "
           "limit of 1073741824 bytes (--max-output-bytes)");
  {  // a failed case leaves an existing out file as it was
    auto [rel, abs] = out();
    std::ofstream(abs) << "sentinel";
    expectation e = invalid("ascend_keeps_old_out", abs, "ndresize: invalid_attribute: ResizeUpsampleTrilinear:");
    e.preexisting = "sentinel";
    b.add(with({{"id", "ascend_keeps_old_out"}, {"attrs", {{"output_size", {1, 1, -4}}}}, {"out", rel}}), e);
  }
}

TEST(NpyResizeAscend, GeneratedCasesMatchTheLibrary) {
  batch_builder b(fresh_dir());
  add_hand_made_ascend_cases(b);
  std::mt19937_64 rng(20250301);
  ascend_coverage cov;
  constexpr int random_cases = 400;
  for (int n = 0; n < random_cases; ++n) {
    if (n == random_cases / 2) add_malformed_lines(b, n);
    add_random_ascend_case(b, rng, n, cov);
  }
  const fs::path jsonl = b.write();
  const auto t0 = std::chrono::steady_clock::now();
  const cli_result r = run_cli("--batch " + quoted(jsonl), b.dir());
  const double run_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_EQ(r.status, 1) << "some cases fail, so the batch exits 1";
  check_batch(b, r);

  std::map<std::string, int> kinds;
  for (const auto& e : b.expected()) ++kinds[e.kind];
  std::printf(
      "npy_resize Ascend batch: %zu cases (%d valid, %d invalid, %d malformed lines); npy_resize --batch %.2f s\n",
      b.expected().size(), kinds["valid"], kinds["invalid"], kinds["malformed"], run_s);
  std::printf("%-14s %6s %7s\n", "random cases", "valid", "invalid");
  for (const auto* table : {&cov.by_type, &cov.by_sizing, &cov.by_align})
    for (const auto& [name, n] : *table) std::printf("  %-12s %6d %7d\n", name.c_str(), n[0], n[1]);
  // every accepted dtype, both ways of sizing and both align_corners values have valid and
  // invalid random cases; the refused dtypes only invalid ones
  for (const auto* t : {"float32", "float16", "bfloat16", "float64"}) {
    EXPECT_GT(cov.by_type[t][0], 0) << t;
    EXPECT_GT(cov.by_type[t][1], 0) << t;
  }
  for (const auto* t : {"int32", "uint8", "int64", "bool", "complex64", "str"}) {
    EXPECT_GT(cov.by_type[t][1], 0) << t;
    EXPECT_EQ(cov.by_type[t][0], 0) << t;
  }
  for (const auto& [table, key] : {std::pair{&cov.by_sizing, "output_size"}, std::pair{&cov.by_sizing, "scales"},
                                   std::pair{&cov.by_align, "0"}, std::pair{&cov.by_align, "1"}}) {
    EXPECT_GT((*table)[key][0], 0) << key;
    EXPECT_GT((*table)[key][1], 0) << key;
  }
}

// ---------------------------------------------------------------------------------------------
// Single-case mode and exit codes.

class NpyResizeSingle : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = fresh_dir();
    npy::save((dir / "x.npy").string(), make<float>(nchw_2x2, seed_x));
    npy::save((dir / "s.npy").string(), make<float>({4}, {1, 1, 2, 2}));
    npy::save((dir / "bad_s.npy").string(), make<float>({4}, {1, 1, -2, 2}));
  }
  fs::path dir;
};

TEST_F(NpyResizeSingle, ValidCaseExitsZeroAndWritesY) {
  const auto r = run_cli(
      R"(--op Upsample --opset 9 --x x.npy --scales s.npy --attrs '{"mode":"linear"}' --out y.npy --id seed)", dir);
  EXPECT_EQ(r.status, 0) << r.err;
  ASSERT_EQ(r.lines.size(), 1u);
  EXPECT_EQ(json::parse(r.lines[0]), (json{{"id", "seed"}, {"ok", true}}));
  EXPECT_EQ(compare(npy::load((dir / "y.npy").string()), make<float>({1, 1, 4, 4}, seed_linear)), "");
  // without --id the id is null
  const auto r2 = run_cli("--op Upsample --opset 9 --x x.npy --scales s.npy --out y2.npy", dir);
  EXPECT_EQ(r2.status, 0);
  ASSERT_EQ(r2.lines.size(), 1u);
  EXPECT_EQ(json::parse(r2.lines[0]), (json{{"id", nullptr}, {"ok", true}}));
  EXPECT_EQ(compare(npy::load((dir / "y2.npy").string()), make<float>({1, 1, 4, 4}, seed_default)), "");
}

TEST_F(NpyResizeSingle, BadCaseExitsOneAndWritesNothing) {
  for (const std::string& args :
       {std::string("--op Upsample --opset 9 --x x.npy --scales bad_s.npy --out y.npy"),
        std::string("--op Upsample --opset 9 --x x.npy --scales s.npy --attrs '{mode' --out y.npy"),
        std::string("--op Upsample --opset 9 --x absent.npy --scales s.npy --out y.npy"),
        std::string("--op Resize --opset 19 --x x.npy --sizes s.npy --out y.npy"),
        std::string("--op Upsample --opset 9 --x x.npy --scales s.npy --max-output-bytes 63 --out y.npy")}) {
    SCOPED_TRACE(args);
    const auto r = run_cli(args, dir);
    EXPECT_EQ(r.status, 1) << r.err;
    ASSERT_EQ(r.lines.size(), 1u);
    const json line = json::parse(r.lines[0]);
    EXPECT_EQ(line.at("ok"), false);
    EXPECT_FALSE(line.at("error").get<std::string>().empty());
    EXPECT_FALSE(fs::exists(dir / "y.npy"));
  }
  // Y is 16 float32: 64 bytes
  const auto r = run_cli("--op Upsample --opset 9 --x x.npy --scales s.npy --max-output-bytes 63 --out y.npy", dir);
  ASSERT_EQ(r.lines.size(), 1u);
  EXPECT_EQ(json::parse(r.lines[0]).at("error"),
            "limit: output Y of shape [1, 1, 4, 4] holds 16 elements of 4 bytes, more than the limit of 63 bytes "
            "(--max-output-bytes)");
  EXPECT_EQ(run_cli("--op Upsample --opset 9 --x x.npy --scales s.npy --max-output-bytes 64 --out y.npy", dir).status,
            0);
}

TEST_F(NpyResizeSingle, UsageErrorsExitTwo) {
  for (const std::string& args :
       {std::string(""), std::string("--op Upsample --opset 9 --x x.npy --scales s.npy"),
        std::string("--op Upsample --opset nine --x x.npy --out y.npy"),
        std::string("--op Upsample --opset 9 --x x.npy --out y.npy --frobnicate 1"),
        std::string("--op Upsample --opset 9 --x x.npy --out"), std::string("--batch absent.jsonl"),
        std::string("--op Upsample --opset 9 --x x.npy --scales s.npy --out y.npy --max-output-bytes -1"),
        std::string("--op Upsample --opset 9 --x x.npy --scales s.npy --out y.npy --max-output-elements 9"),
        std::string("--batch c.jsonl --op Resize"), std::string("stray")}) {
    SCOPED_TRACE(args);
    const auto r = run_cli(args, dir);
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(r.lines.empty());
    EXPECT_NE(r.err.find("usage:"), std::string::npos);
  }
  EXPECT_FALSE(fs::exists(dir / "y.npy"));
}

TEST_F(NpyResizeSingle, HelpExitsZero) {
  for (const char* flag : {"--help", "-h"}) {
    const auto r = run_cli(flag, dir);
    EXPECT_EQ(r.status, 0);
    const std::string text = read_text(dir / "stdout.txt");
    EXPECT_NE(text.find("usage:"), std::string::npos);
    EXPECT_NE(text.find("--batch"), std::string::npos);
    EXPECT_NE(text.find("bfloat16"), std::string::npos);
    EXPECT_NE(text.find("ResizeUpsampleTrilinear"), std::string::npos);
    EXPECT_NE(text.find("--max-output-bytes"), std::string::npos);
    EXPECT_NE(text.find("default\n             1073741824, 1 GiB"), std::string::npos);
  }
}

TEST_F(NpyResizeSingle, AscendTrilinear) {
  npy::save((dir / "x5.npy").string(), make<float>({1, 1, 1, 1, 2}, {0, 3}));
  // align_corners, W 2 → 4: [a, a + (b - a)/3, a + 2(b - a)/3, b] = 0, 1, 2, 3 (up to rounding)
  const std::string attrs = R"(--attrs '{"output_size":[1,1,4],"align_corners":1}')";
  for (const std::string& opset : {std::string(""), std::string(" --opset 11")}) {  // an opset is ignored
    SCOPED_TRACE(opset);
    fs::remove(dir / "y.npy");
    const auto r = run_cli("--op ResizeUpsampleTrilinear --x x5.npy " + attrs + " --out y.npy --id t" + opset, dir);
    EXPECT_EQ(r.status, 0) << r.err;
    ASSERT_EQ(r.lines.size(), 1u);
    EXPECT_EQ(json::parse(r.lines[0]), (json{{"id", "t"}, {"ok", true}}));
    EXPECT_EQ(compare_near(npy::load((dir / "y.npy").string()), make<float>({1, 1, 1, 1, 4}, {0, 1, 2, 3}), 4e-7), "");
  }
  fs::remove(dir / "y.npy");

  // The library's own message for a rank-4 X (the fixture's x.npy is 1×1×2×2)
  std::string rank_error;
  try {
    ndresize::ascend::make_plan(
        nchw_2x2, ndresize::ascend::parse_attributes({{"output_size", std::vector<std::int64_t>{1, 1, 4}}}));
  } catch (const ndresize::resize_error& e) {
    rank_error = e.what();
  }
  ASSERT_FALSE(rank_error.empty());
  const std::vector<std::pair<std::string, std::string>> bad{
      {"--op ResizeUpsampleTrilinear --x x.npy --attrs '{\"output_size\":[1,1,4]}' --out y.npy", rank_error},
      {"--op ResizeUpsampleTrilinear --x x5.npy " + attrs + " --scales s.npy --out y.npy",
       "json: op 'ResizeUpsampleTrilinear' takes no 'scales' input (its output extents and scales are the attributes "
       "output_size, scales_d, scales_h, scales_w)"}};
  for (const auto& [args, error] : bad) {
    SCOPED_TRACE(args);
    const auto r = run_cli(args, dir);
    EXPECT_EQ(r.status, 1) << r.err;
    ASSERT_EQ(r.lines.size(), 1u);
    EXPECT_EQ(json::parse(r.lines[0]), (json{{"id", nullptr}, {"ok", false}, {"error", error}}));
    EXPECT_FALSE(fs::exists(dir / "y.npy"));
  }
}

TEST_F(NpyResizeSingle, BatchFromStdinWithPathsFromTheCurrentFolder) {
  std::ofstream(dir / "c.jsonl")
      << R"({"id": 1, "op": "Upsample", "opset": 9, "x": "x.npy", "scales": "s.npy", "out": "a.npy"})"
         "\n"
      << R"({"id": 2, "op": "Upsample", "opset": 8, "x": "x.npy", "attrs": {"scales": [1, 1, 2, 2]}, "out": "b.npy"})"
         "\n";
  const auto r = run_cli("--batch -", dir, dir / "c.jsonl");
  EXPECT_EQ(r.status, 0) << r.err;
  ASSERT_EQ(r.lines.size(), 2u);
  EXPECT_EQ(json::parse(r.lines[0]), (json{{"id", 1}, {"ok", true}}));
  EXPECT_EQ(json::parse(r.lines[1]), (json{{"id", 2}, {"ok", true}}));
  EXPECT_EQ(compare(npy::load((dir / "a.npy").string()), make<float>({1, 1, 4, 4}, seed_default)), "");
  EXPECT_EQ(compare(npy::load((dir / "b.npy").string()), make<float>({1, 1, 4, 4}, seed_default)), "");
}

// ---------------------------------------------------------------------------------------------
// Hostile inputs: each is one error line, and the batch goes on.

const fs::path hostile = NPY_RESIZE_HOSTILE_DIR;

/// A batch line that runs Resize-19 (nearest, half_pixel, round_prefer_floor) on hostile/x.npy
/// ([1, 2, 3, 4] as 1x1x2x2) with scales [1, 1, 2, 2], unless `x` or `attrs` says otherwise.
std::string resize_line(const json& id, const std::string& x, const std::string& out, const std::string& attrs = "{}") {
  return R"({"id": )" + id.dump() + R"(, "op": "Resize", "opset": 19, "x": )" + json(x).dump() + R"(, "scales": )" +
         json((hostile / "scales.npy").string()).dump() + R"(, "attrs": )" + attrs + R"(, "out": )" + json(out).dump() +
         "}";
}

/// Y of that case: output i reads input floor-or-round((i + 0.5) / 2 - 0.5) = 0, 0, 1, 1 on
/// each spatial axis, so each value of X repeats 2 x 2.
npy::array resized_x() { return make<float>({1, 1, 4, 4}, {1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4}); }

std::vector<json> parsed(const cli_result& r) {
  std::vector<json> lines;
  for (const auto& l : r.lines) lines.push_back(json::parse(l));
  return lines;
}

TEST(NpyResizeHostile, ADeeplyNestedLineIsOneErrorAndTheBatchGoesOn) {
  const fs::path dir = fresh_dir();
  const std::string x = (hostile / "x.npy").string();
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');  // valid JSON, 200 KB
  // the id nests 63 arrays in the case object (64 levels: the limit), or 64 (one too many)
  const std::string id_64 = std::string(63, '[') + std::string(63, ']');
  const std::string id_65 = std::string(64, '[') + std::string(64, ']');
  std::ofstream(dir / "c.jsonl") << deep << "\n"
                                 << resize_line("after", x, "y.npy") << "\n"
                                 << resize_line(7, x, "y7.npy", R"({"mode": )" + deep + "}") << "\n"
                                 << resize_line(json::parse(id_64), x, "y64.npy") << "\n"
                                 << resize_line(json::parse(id_65), x, "y65.npy") << "\n";
  const auto r = run_cli("--batch c.jsonl", dir, std::nullopt, 120);
  EXPECT_EQ(r.status, 1) << r.err;  // a case failed
  const auto lines = parsed(r);
  ASSERT_EQ(lines.size(), 5u) << r.err;
  const std::string too_deep = "arrays and objects nest deeper than 64 levels";
  EXPECT_EQ(lines[0], (json{{"id", nullptr}, {"ok", false}, {"error", "json: line 1: " + too_deep}}));
  EXPECT_EQ(lines[1], (json{{"id", "after"}, {"ok", true}}));
  EXPECT_EQ(compare(npy::load((dir / "y.npy").string()), resized_x()), "");
  // the id of a line too deep is still read from its text
  EXPECT_EQ(lines[2], (json{{"id", 7}, {"ok", false}, {"error", "json: line 3: " + too_deep}}));
  EXPECT_EQ(lines[3], (json{{"id", json::parse(id_64)}, {"ok", true}}));
  EXPECT_EQ(lines[4], (json{{"id", nullptr}, {"ok", false}, {"error", "json: line 5: " + too_deep}}));
  EXPECT_FALSE(fs::exists(dir / "y7.npy"));
  EXPECT_FALSE(fs::exists(dir / "y65.npy"));

  // --attrs of the single-case mode is bounded the same way (10000 levels: a command line
  // argument stays under the system's 128 KB)
  const std::string deep_attrs = std::string(10000, '[') + std::string(10000, ']');
  const auto single = run_cli("--op Resize --opset 19 --x " + quoted(fs::path(x)) + " --scales " +
                                  quoted(hostile / "scales.npy") + " --attrs '" + deep_attrs + "' --out y1.npy",
                              dir, std::nullopt, 120);
  EXPECT_EQ(single.status, 1) << single.err;
  ASSERT_EQ(single.lines.size(), 1u);
  EXPECT_EQ(json::parse(single.lines[0]), (json{{"id", nullptr}, {"ok", false}, {"error", "json: " + too_deep}}));
}

TEST(NpyResizeHostile, NonRegularFilesAreRefusedWithoutReadingThem) {
  const fs::path dir = fresh_dir();
  const fs::path fifo = dir / "fifo.npy";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);  // nobody ever writes to it
  const std::string x = (hostile / "x.npy").string();
  std::ofstream(dir / "c.jsonl") << resize_line(1, "/dev/zero", "y1.npy") << "\n"
                                 << resize_line(2, fifo.string(), "y2.npy") << "\n"
                                 << resize_line(3, dir.string(), "y3.npy") << "\n"
                                 << resize_line(4, x, "y4.npy") << "\n";
  const auto start = std::chrono::steady_clock::now();
  const auto r = run_cli("--batch c.jsonl", dir, std::nullopt, 60);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(30));
  EXPECT_EQ(r.status, 1) << r.err;
  const auto lines = parsed(r);
  ASSERT_EQ(lines.size(), 4u) << r.err;
  const auto refused = [](const std::string& path, const char* kind) {
    return "npy: cannot read '" + path + "': " + kind + ", not a regular file";
  };
  EXPECT_EQ(lines[0], (json{{"id", 1}, {"ok", false}, {"error", refused("/dev/zero", "a character device")}}));
  EXPECT_EQ(lines[1], (json{{"id", 2}, {"ok", false}, {"error", refused(fifo.string(), "a FIFO")}}));
  EXPECT_EQ(lines[2], (json{{"id", 3}, {"ok", false}, {"error", refused(dir.string(), "a directory")}}));
  EXPECT_EQ(lines[3], (json{{"id", 4}, {"ok", true}}));
  EXPECT_EQ(compare(npy::load((dir / "y4.npy").string()), resized_x()), "");

  // the single-case mode too
  const auto single = run_cli("--op Resize --opset 19 --x /dev/zero --out y.npy", dir, std::nullopt, 60);
  EXPECT_EQ(single.status, 1);
  ASSERT_EQ(single.lines.size(), 1u);
  EXPECT_EQ(json::parse(single.lines[0]).at("error"), refused("/dev/zero", "a character device"));
}

TEST(NpyResizeHostile, BatchesAreRegularFilesOrPipesWithBoundedLines) {
  const fs::path dir = fresh_dir();
  // /dev/zero as the batch itself never ends: refused before reading (usage error, status 2)
  const auto zero = run_cli("--batch /dev/zero", dir, std::nullopt, 60);
  EXPECT_EQ(zero.status, 2) << zero.err;
  EXPECT_NE(zero.err.find("is not a regular file or a pipe"), std::string::npos) << zero.err;
  // a line longer than 16 MiB (no newline in it) is one error line; the next line still runs
  const std::string x = (hostile / "x.npy").string();
  {
    std::ofstream f(dir / "c.jsonl", std::ios::binary);
    f << std::string((std::size_t{16} << 20) + 10, ' ') << "\n" << resize_line(2, x, "y2.npy") << "\n";
  }
  const auto r = run_cli("--batch c.jsonl", dir, std::nullopt, 120);
  EXPECT_EQ(r.status, 1) << r.err;
  const auto lines = parsed(r);
  ASSERT_EQ(lines.size(), 2u) << r.err;
  EXPECT_EQ(lines[0], (json{{"id", nullptr}, {"ok", false}, {"error", "line 1: longer than 16777216 bytes"}}));
  EXPECT_EQ(lines[1], (json{{"id", 2}, {"ok", true}}));
  // input with no newline at all (stdin from /dev/zero) is read only up to 64 MiB: one error line,
  // then the batch stops (the 120 s timeout(1) only turns a hang into a failure, status 124)
  const auto endless = run_cli("--batch -", dir, fs::path("/dev/zero"), 120);
  EXPECT_EQ(endless.status, 1) << endless.err;
  const auto endless_lines = parsed(endless);
  ASSERT_EQ(endless_lines.size(), 1u) << endless.err;
  EXPECT_EQ(endless_lines[0], (json{{"id", nullptr},
                                    {"ok", false},
                                    {"error",
                                     "line 1: longer than 16777216 bytes; no newline within 67108864 "
                                     "bytes, so the rest of the input is not read"}}));
}

TEST(NpyResizeHostile, TruncatedFilesAndForgedHeadersAreErrors) {
  const fs::path dir = fresh_dir();
  const fs::path truncated = hostile / "truncated.npy", huge_shape = hostile / "huge_shape.npy",
                 huge_header = hostile / "huge_header.npy";
  std::ofstream(dir / "c.jsonl") << resize_line(1, truncated.string(), "y1.npy") << "\n"
                                 << resize_line(2, huge_shape.string(), "y2.npy") << "\n"
                                 << resize_line(3, huge_header.string(), "y3.npy") << "\n"
                                 << resize_line(4, (hostile / "x.npy").string(), "y4.npy") << "\n";
  const auto r = run_cli("--batch c.jsonl", dir, std::nullopt, 60);
  EXPECT_EQ(r.status, 1) << r.err;
  const auto lines = parsed(r);
  ASSERT_EQ(lines.size(), 4u) << r.err;
  // (1, 1, 2, 2) float32 is 16 bytes, the file has 13; (2^40, 2^20) float32 is 2^62 bytes
  EXPECT_EQ(lines[0].at("error"),
            "npy: data is shorter than the shape says: shape '(1, 1, 2, 2)' of 4-byte elements "
            "needs 16 bytes, the file has 13 bytes after its header ('" +
                truncated.string() + "')");
  EXPECT_EQ(lines[1].at("error"),
            "npy: data is shorter than the shape says: shape '(1099511627776, 1048576)' of "
            "4-byte elements needs 4611686018427387904 bytes, the file has 16 bytes after its "
            "header ('" +
                huge_shape.string() + "')");
  EXPECT_EQ(lines[2].at("error"), "npy: truncated header ('" + huge_header.string() + "')");
  EXPECT_EQ(lines[3], (json{{"id", 4}, {"ok", true}}));
  for (const char* y : {"y1.npy", "y2.npy", "y3.npy"}) EXPECT_FALSE(fs::exists(dir / y)) << y;
}

TEST(NpyResizeHostile, MessagesShowLongAndBinaryValuesShortAndWhole) {
  const fs::path dir = fresh_dir();
  const std::string x = (hostile / "x.npy").string();
  const std::string huge(1 << 20, 'm');
  std::ofstream(dir / "c.jsonl") << resize_line(1, x, "y1.npy", R"({"mode": ")" + huge + R"("})") << "\n"
                                 << resize_line(2, x, "y2.npy", R"({"mode": "a\u0000b"})") << "\n"
                                 << resize_line(3, x + std::string("\0.txt", 5), "y3.npy") << "\n"
                                 << R"({"id": 4, ")" << huge << R"(": 1})"
                                 << "\n"
                                 << R"({"id": 5, "op": "R\u0000)" << huge << R"(", "x": "x", "out": "y"})"
                                 << "\n"
                                 << R"({"id": 6, "op": ")" << huge << "\n";
  const auto r = run_cli("--batch c.jsonl", dir, std::nullopt, 60);
  EXPECT_EQ(r.status, 1) << r.err;
  const auto lines = parsed(r);
  ASSERT_EQ(lines.size(), 6u) << r.err;
  const std::string m64(64, 'm');
  EXPECT_EQ(lines[0].at("error"), "ndresize: invalid_attribute: Resize-19: attribute 'mode' has unknown value '" + m64 +
                                      "...' (1048576 bytes) (accepted: 'nearest', 'linear', 'cubic')");
  EXPECT_EQ(lines[1].at("error"),
            "ndresize: invalid_attribute: Resize-19: attribute 'mode' has unknown value 'a\\x00b' (accepted: "
            "'nearest', 'linear', 'cubic')");
  // a NUL would end the path early for the system: x.npy would be read instead
  EXPECT_EQ(lines[2].at("error"), "json: 'x' holds a NUL byte: " + ndresize::detail::quoted_value(x + '\0' + ".txt"));
  EXPECT_EQ(lines[3].at("error"), "json: unknown key '" + m64 + "...' (1048576 bytes)");
  EXPECT_EQ(lines[4].at("error"),
            "json: unknown op 'R\\x00" + std::string(62, 'm') +
                "...' (1048578 bytes) (npy_resize knows Resize, ResizeUpsampleTrilinear, Upsample)");
  // nlohmann's message quotes the token it stopped at (here 1 MB): cut at 512 bytes
  const std::string unterminated = lines[5].at("error");
  EXPECT_EQ(lines[5].at("id"), 6);  // read from the line's text
  EXPECT_EQ(unterminated.rfind("json: line 6: [json.exception.parse_error.101]", 0), 0u) << unterminated;
  EXPECT_LT(unterminated.size(), 700u);
  EXPECT_TRUE(unterminated.ends_with(" bytes)")) << unterminated;
}

}  // namespace

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define NPY_RESIZE_TEST_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define NPY_RESIZE_TEST_SANITIZED 1
#endif

namespace {

/// prlimit(1) in front of the tool: at most `mib` MiB of address space (holding more is a
/// failed allocation) and 60 s of CPU time (a busy loop is killed; time spent waiting is not
/// counted, so a loaded machine does not fail the test). Empty under sanitizers, which reserve
/// terabytes of address space, and where prlimit is missing.
std::string bounded(int mib) {
#ifdef NPY_RESIZE_TEST_SANITIZED
  (void)mib;
  return "";
#else
  static const bool have_prlimit = std::system("command -v prlimit > /dev/null 2>&1") == 0;
  if (!have_prlimit) return "";
  return "prlimit --as=" + std::to_string(std::int64_t{mib} << 20) + " --cpu=60 ";
#endif
}

// Resize-19 nearest, asymmetric, floor: output (i, j) of an integer scale k reads input
// (i / k, j / k), a value derived here without the library.
const std::string floor_attrs = R"({"coordinate_transformation_mode": "asymmetric", "nearest_mode": "floor"})";

TEST(NpyResizeHostile, TheOutputLimitCountsBytesAndStringsAreHeldInTheirWidth) {
  const fs::path dir = fresh_dir();
  // X: 1024 x 1024 random letters as |S1 (a 1 MiB file)
  std::mt19937_64 rng(20250611);
  std::vector<std::string> letters(std::size_t{1} << 20);
  for (auto& c : letters) c = std::string(1, static_cast<char>('a' + rng() % 26));
  npy::save((dir / "x.npy").string(), make_strings({1024, 1024}, letters, true));
  npy::save((dir / "s4.npy").string(), make<float>({2}, {4, 4}));
  npy::save((dir / "s64.npy").string(), make<float>({2}, {64, 64}));
  const auto args = [&](const std::string& scales, const std::string& out, const std::string& more) {
    return "--op Resize --opset 19 --x x.npy --scales " + scales + " --attrs '" + floor_attrs + "' --out " + out + " " +
           more;
  };
  const auto limit_error = [](const std::string& shape, const std::string& n, int per, std::int64_t limit) {
    return "limit: output Y of shape " + shape + " holds " + n + " elements of " + std::to_string(per) +
           (per == 1 ? " byte" : " bytes") + ", more than the limit of " + std::to_string(limit) +
           " bytes (--max-output-bytes)";
  };
  const auto check_y = [&](const fs::path& y_path) {
    const npy::array y = npy::load(y_path.string(), npy::string_form::fixed_width);
    ASSERT_EQ(y.shape, (dims{4096, 4096}));
    ASSERT_TRUE(y.fixed_width_strings() && y.byte_strings && y.fixed_width == 1);
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < 4096; ++i)
      for (std::size_t j = 0; j < 4096; ++j)
        wrong += y.bytes[i * 4096 + j] != static_cast<unsigned char>(letters[(i / 4) * 1024 + j / 4][0]);
    EXPECT_EQ(wrong, 0u);
  };

  // Y of 4096 x 4096 |S1 is 16 MiB: with the limit at exactly that it is made, in 128 MiB of
  // address space (as a std::string per element, Y alone would take 512 MiB)
  const auto under =
      run_cli(args("s4.npy", "y.npy", "--max-output-bytes 16777216"), dir, std::nullopt, 0, bounded(128));
  EXPECT_EQ(under.status, 0) << under.err;
  ASSERT_EQ(under.lines.size(), 1u) << under.err;
  EXPECT_EQ(json::parse(under.lines[0]), (json{{"id", nullptr}, {"ok", true}}));
  check_y(dir / "y.npy");
  // one byte less: one error line, exit status 1, nothing written
  const auto over =
      run_cli(args("s4.npy", "y1.npy", "--max-output-bytes 16777215"), dir, std::nullopt, 0, bounded(128));
  EXPECT_EQ(over.status, 1) << over.err;
  ASSERT_EQ(over.lines.size(), 1u) << over.err;
  EXPECT_EQ(json::parse(over.lines[0]),
            (json{{"id", nullptr}, {"ok", false}, {"error", limit_error("[4096, 4096]", "16777216", 1, 16777215)}}));
  EXPECT_FALSE(fs::exists(dir / "y1.npy"));

  // the default limit (1 GiB): 65536 x 65536 |S1 (4 GiB) is refused before anything is
  // allocated; in a batch, the next case still runs
  std::ofstream(dir / "c.jsonl") << R"({"id": "big", "op": "Resize", "opset": 19, "x": "x.npy", "scales": "s64.npy", )"
                                 << R"("attrs": )" << floor_attrs << R"(, "out": "big.npy"})"
                                 << "\n"
                                 << R"({"id": "after", "op": "Resize", "opset": 19, "x": "x.npy", "scales": "s4.npy", )"
                                 << R"("attrs": )" << floor_attrs << R"(, "out": "y2.npy"})"
                                 << "\n";
  const auto batch = run_cli("--batch c.jsonl", dir, std::nullopt, 0, bounded(128));
  EXPECT_EQ(batch.status, 1) << batch.err;
  const auto lines = parsed(batch);
  ASSERT_EQ(lines.size(), 2u) << batch.err;
  EXPECT_EQ(lines[0],
            (json{{"id", "big"}, {"ok", false}, {"error", limit_error("[65536, 65536]", "4294967296", 1, 1 << 30)}}));
  EXPECT_EQ(lines[1], (json{{"id", "after"}, {"ok", true}}));
  EXPECT_FALSE(fs::exists(dir / "big.npy"));
  check_y(dir / "y2.npy");

  // <U3 strings are 12 bytes, and (a width other than 1, 2, 4, 8) a 4-byte index each: 16 bytes
  const std::vector<std::string> words{"ab", "c", "", "xyz", "q", "\xC3\xA9t\xC3\xA9"};
  npy::save((dir / "u.npy").string(), make_strings({2, 3}, words));
  npy::save((dir / "s2.npy").string(), make<float>({2}, {2, 2}));
  const std::string u_args =
      "--op Resize --opset 19 --x u.npy --scales s2.npy --attrs '" + floor_attrs + "' --out u2.npy";
  const auto u_over = run_cli(u_args + " --max-output-bytes 383", dir, std::nullopt, 0, bounded(128));
  EXPECT_EQ(u_over.status, 1);
  ASSERT_EQ(u_over.lines.size(), 1u) << u_over.err;
  EXPECT_EQ(json::parse(u_over.lines[0]).at("error"), limit_error("[4, 6]", "24", 16, 383));
  const auto u_under = run_cli(u_args + " --max-output-bytes 384", dir, std::nullopt, 0, bounded(128));
  EXPECT_EQ(u_under.status, 0) << u_under.err;
  std::vector<std::string> expected;
  for (std::size_t i = 0; i < 4; ++i)
    for (std::size_t j = 0; j < 6; ++j) expected.push_back(words[(i / 2) * 3 + j / 2]);
  EXPECT_EQ(compare(npy::load((dir / "u2.npy").string()), make_strings({4, 6}, expected)), "");
}

}  // namespace
