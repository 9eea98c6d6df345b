// SPDX-License-Identifier: Apache-2.0
// npy_resize: runs ONNX Resize/Upsample (or the Ascend ResizeUpsampleTrilinear) on .npy files,
// one case from the command line or many from a JSONL file, and prints one JSON line per case ({"id": ..., "ok": true}
// or
// {"id": ..., "ok": false, "error": "..."}). A case that fails writes nothing: it is read,
// checked and computed in memory first, and its output is written to a temporary name and
// renamed. A bad case (or a malformed line) never stops a batch. Run with --help for usage.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "resize_case.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using npy_resize::case_error;

constexpr const char* usage = R"(usage:
  npy_resize --op Resize|Upsample --opset N --x in.npy [--roi r.npy] [--scales s.npy]
             [--sizes z.npy] [--attrs '{"mode":"linear"}'] [--x-dtype bfloat16] --out out.npy
             [--id ID] [--max-output-bytes N]
  npy_resize --op ResizeUpsampleTrilinear --x in.npy --attrs '{"output_size":[4,4,4]}'
             [--x-dtype bfloat16] --out out.npy [--id ID] [--max-output-bytes N]
  npy_resize --batch cases.jsonl [--max-output-bytes N]     (cases.jsonl may be - for stdin)
  npy_resize --help

Runs the ONNX operator Resize or Upsample (at the model opset N), or the Ascend operator
ResizeUpsampleTrilinear, on X, and writes Y to --out.
Prints one JSON line per case: {"id": ID, "ok": true} or {"id": ID, "ok": false, "error": "..."}.

Inputs (.npy, NumPy format 1.0-3.0, C order, either byte order):
  --x        any dtype: bool, (u)int8..64, float16/32/64, complex64/128, strings (<U or |S).
             bfloat16: store its bits as uint16 and pass --x-dtype bfloat16 (Y is written as
             uint16 bits too). Any other --x-dtype must name X's own dtype (a check).
  --roi      float16, float32 or float64 (widened to double).
  --scales   float32; float64 is accepted and rounded to float32 (what a model would hold).
  --sizes    int64.
  An input file with 0 elements means the input is absent (as an empty tensor in ONNX).
  Inputs must be regular files (a FIFO or a device such as /dev/zero is an error); the data
  their header describes must be all there (bytes after it are ignored).
  --attrs    a JSON object of ONNX attributes by their ONNX names; Upsample-7 takes
             "scales" here. Integers are INT(S), other numbers FLOAT(S).
  --max-output-bytes  refuse, before allocating it, a Y that would hold more bytes (default
             1073741824, 1 GiB): its elements at their .npy size (bfloat16 2), strings at X's
             width (1 byte per |S character, 4 per <U one), plus a 4-byte index per element
             (8 from 2^32 - 1 input elements) for strings of widths other than 1, 2, 4, 8 bytes.

ResizeUpsampleTrilinear (Ascend aclnnUpsampleTrilinear3d): X is 5-D (N, C, D, H, W) of
float32, float16, bfloat16 (--x-dtype bfloat16) or float64. Its attributes, in --attrs:
  "output_size": [D, H, W] (each > 0), "scales_d", "scales_h", "scales_w" (numbers; all three
  are needed when output_size is absent, and with output_size a scale > 0 still sets that
  axis's coordinate scale), "align_corners": 0 or 1 (default 0).
  It has no roi, scales or sizes inputs: --roi, --scales or --sizes (a "roi", "scales" or
  "sizes" that is not null in a batch line) is an error, even naming a 0-element file.
  It has no opset: --opset (or "opset") may be given, and is ignored.

Batch mode: each non-blank line of the JSONL file is one case,
  {"id": ..., "op": "Resize", "opset": 19, "x": "x.npy", "x_dtype": null, "roi": null,
   "scales": "s.npy", "sizes": null, "attrs": {"mode": "linear"}, "out": "y.npy"}
  {"id": ..., "op": "ResizeUpsampleTrilinear", "x": "x.npy",
   "attrs": {"output_size": [4, 4, 4], "align_corners": 1}, "out": "y.npy"}
with "id" echoed back as given; "op", "x" and "out" are required, the other keys may be null
or missing. Relative paths are relative to the folder of the JSONL file (to the current
folder for stdin). A malformed line is reported with its "id" when one can be read, else null.
A line (and --attrs) may nest arrays and objects at most 64 levels deep.

Exit status: 0 when every case succeeded, 1 when a case failed, 2 on a usage error.
)";

/// Exit codes.
constexpr int exit_ok = 0, exit_case_failed = 1, exit_usage = 2;

struct usage_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The JSON line for one case. nlohmann::ordered_json keeps "id", "ok", "error" in that order;
/// invalid UTF-8 (say, from a path) is replaced rather than thrown.
void report(const json& id, const char* error) {
  nlohmann::ordered_json line;
  line["id"] = id;
  line["ok"] = error == nullptr;
  if (error != nullptr) line["error"] = error;
  const std::string text = line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::fputc('\n', stdout);
  std::fflush(stdout);  // a consumer can follow a long batch line by line
}

/// Runs the case and writes its output; returns true on success. Every failure becomes the
/// case's error line: the library's resize_error message unchanged, or an npy: / json: /
/// input: message.
bool run_and_report(const json& id, const auto& make_case, const npy_resize::run_options& options) {
  try {
    const npy_resize::resize_case c = make_case();
    const npy::array y = npy_resize::run(c, options);
    npy::save(c.out.string(), y);
    report(id, nullptr);
    return true;
  } catch (const std::bad_alloc&) {
    report(id, "out of memory (try a smaller case or --max-output-bytes)");
  } catch (const json::exception& e) {
    report(id, (std::string("json: ") + e.what()).c_str());
  } catch (const fs::filesystem_error& e) {
    report(id, (std::string("io: ") + e.what()).c_str());
  } catch (const std::exception& e) {
    report(id, e.what());
  }
  return false;
}

/// The "id" of a line that is not valid JSON (or nests too deep), when its text still shows
/// one: a string or a number after "id":. A plain scan (no std::regex, whose recursion long
/// lines can overflow).
json salvage_id(std::string_view line) {
  const std::size_t k = line.find("\"id\"");
  if (k == std::string_view::npos) return nullptr;
  std::size_t p = line.find_first_not_of(" \t", k + 4);
  if (p == std::string_view::npos || line[p] != ':') return nullptr;
  p = line.find_first_not_of(" \t", p + 1);
  if (p == std::string_view::npos) return nullptr;
  std::size_t e = p;
  if (line[p] == '"') {
    for (e = p + 1; e < line.size() && line[e] != '"'; ++e)
      if (line[e] == '\\') ++e;
    if (e >= line.size()) return nullptr;
    ++e;
  } else {
    while (e < line.size() && std::string_view("+-.0123456789eE").find(line[e]) != std::string_view::npos) ++e;
  }
  try {
    return json::parse(line.substr(p, e - p));
  } catch (const json::exception&) {
    return nullptr;
  }
}

/// The longest batch line read (16 MiB): a longer one is one error line, and the rest of it is
/// skipped without being kept, so an endless line cannot take the memory.
constexpr std::size_t max_line_bytes = std::size_t{16} << 20;

/// The most bytes read while looking for a newline (64 MiB). Skipping an overlong line is bounded
/// too: without this, input with no newline at all (`--batch - < /dev/zero`) is read forever and
/// never reported. Past it the batch cannot tell where a next line would start, so it stops.
constexpr std::size_t max_unbroken_bytes = std::size_t{64} << 20;

enum class line_status { ok, too_long, endless, end };

/// Reads one line of at most max_line_bytes into `line`, skipping (not keeping) the rest of a
/// longer one, and reading at most max_unbroken_bytes in all.
line_status read_line(std::istream& in, std::string& line) {
  line.clear();
  std::streambuf* buf = in.rdbuf();
  bool any = false;
  std::size_t read = 0;
  for (int c = buf->sbumpc(); c != std::char_traits<char>::eof(); c = buf->sbumpc()) {
    any = true;
    if (c == '\n') return read > max_line_bytes ? line_status::too_long : line_status::ok;
    if (++read > max_unbroken_bytes) return line_status::endless;
    if (line.size() < max_line_bytes) line.push_back(static_cast<char>(c));
  }
  if (!any) return line_status::end;
  return read > max_line_bytes ? line_status::too_long : line_status::ok;
}

int run_batch(std::istream& in, const fs::path& base, const npy_resize::run_options& options) {
  bool all_ok = true;
  std::string line;
  for (std::size_t line_no = 1;; ++line_no) {
    const line_status got = read_line(in, line);
    if (got == line_status::end) break;
    if (got != line_status::ok) {
      const bool endless = got == line_status::endless;
      const auto fail = [&]() -> npy_resize::resize_case {
        throw case_error("line " + std::to_string(line_no) + ": longer than " + std::to_string(max_line_bytes) +
                         " bytes" +
                         (endless ? "; no newline within " + std::to_string(max_unbroken_bytes) +
                                        " bytes, so the rest of the input is not read"
                                  : ""));
      };
      all_ok = run_and_report(nullptr, fail, options) && all_ok;
      if (endless) break;
      continue;
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) continue;  // blank lines are not cases
    json id = nullptr;
    const auto make_case = [&] {
      json j;
      try {
        j = npy_resize::parse_json(line, "line " + std::to_string(line_no) + ": ");
      } catch (const case_error&) {
        id = salvage_id(line);
        throw;
      }
      if (j.is_object() && j.contains("id")) id = j["id"];
      return npy_resize::case_from_json(j, base);
    };
    // `id` is filled in while the case is made, so the report names it whatever fails later
    all_ok = run_and_report(id, make_case, options) && all_ok;
  }
  return all_ok ? exit_ok : exit_case_failed;
}

std::int64_t parse_integer(const std::string& flag, const std::string& text) {
  std::size_t used = 0;
  long long v = 0;
  try {
    v = std::stoll(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != text.size())
    throw usage_error(flag + " needs an integer, got " + ndresize::detail::quoted_value(text));
  return v;
}

int main_impl(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) throw usage_error("no arguments");
  // The command-line flags of a single case, and the JSON key each one becomes.
  static const std::map<std::string, std::string, std::less<>> case_flags{
      {"--op", "op"},         {"--opset", "opset"}, {"--x", "x"},         {"--roi", "roi"},
      {"--scales", "scales"}, {"--sizes", "sizes"}, {"--attrs", "attrs"}, {"--x-dtype", "x_dtype"},
      {"--out", "out"},       {"--id", "id"}};
  json single = json::object();
  std::optional<std::string> batch, attrs_text;
  npy_resize::run_options options;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& flag = args[i];
    if (flag == "--help" || flag == "-h") {
      std::fputs(usage, stdout);
      std::exit(exit_ok);
    }
    if (i + 1 >= args.size())
      throw usage_error(flag.starts_with("--") ? flag + " needs a value"
                                               : "unexpected argument " + ndresize::detail::quoted_value(flag));
    const std::string& value = args[++i];
    if (flag == "--batch")
      batch = value;
    else if (flag == "--max-output-bytes") {
      options.max_output_bytes = parse_integer(flag, value);
      if (options.max_output_bytes < 0) throw usage_error("--max-output-bytes must be >= 0");
    } else if (flag == "--opset")
      single["opset"] = parse_integer(flag, value);
    else if (flag == "--attrs")
      attrs_text = value;
    else if (const auto it = case_flags.find(flag); it != case_flags.end())
      single[it->second] = value;
    else
      throw usage_error("unknown option " + ndresize::detail::quoted_value(flag));
  }
  if (batch) {
    if (!single.empty() || attrs_text) throw usage_error("--batch takes no case options");
    if (*batch == "-") return run_batch(std::cin, fs::current_path(), options);
    // A regular file or a pipe (a FIFO streams cases); a device such as /dev/zero never ends.
    std::error_code ec;
    const fs::file_status st = fs::status(*batch, ec);
    if (!ec && st.type() != fs::file_type::regular && st.type() != fs::file_type::fifo)
      throw usage_error("--batch " + npy::quoted_path(*batch) + " is not a regular file or a pipe");
    std::ifstream f(*batch);
    if (!f) throw usage_error("cannot open " + npy::quoted_path(*batch));
    return run_batch(f, fs::absolute(*batch).parent_path(), options);
  }
  for (const char* required : {"op", "x", "out"})
    if (!single.contains(required)) throw usage_error(std::string("--") + required + " is required");
  const json id = single.contains("id") ? single["id"] : json(nullptr);
  single.erase("id");
  // --attrs is the case's JSON text: a syntax error in it is a bad case (exit 1), not a usage error
  const auto make_case = [&] {
    if (attrs_text) single["attrs"] = npy_resize::parse_json(*attrs_text);
    return npy_resize::case_from_json(single, fs::current_path());
  };
  return run_and_report(id, make_case, options) ? exit_ok : exit_case_failed;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return main_impl(argc, argv);
  } catch (const usage_error& e) {
    std::fprintf(stderr, "npy_resize: %s\n%s", e.what(), usage);
    return exit_usage;
  }
}
