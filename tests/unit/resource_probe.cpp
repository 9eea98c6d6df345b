// SPDX-License-Identifier: Apache-2.0
// Runs one worst case of the resource limits in a fresh process and prints what it cost:
//   <outcome> <CPU seconds> <peak RSS in KiB> <plan table bytes>
// where <outcome> is "ok" or the resize_error code (anything else is printed as "other:").
// resource_test starts one process per case, so each peak RSS and CPU time (getrusage) is the
// case's own. CPU time (user + system), not wall time: a loaded machine stretches the second,
// not the first.
#include <sys/resource.h>

#include <climits>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include <ndresize/execute.hpp>
#include <ndresize/resize.hpp>

namespace nd = ndresize;
using nd::index_t;

namespace {

nd::resize_attributes attrs(nd::enums::mode m, bool antialias = false) {
  nd::resize_attributes a;
  a.mode = m;
  a.antialias = antialias ? 1 : 0;
  return a;
}

std::size_t plan_only(const nd::dims& x, const nd::resize_attributes& a, std::vector<float> scales,
                      std::vector<std::int64_t> sizes = {}) {
  return nd::make_plan(x, a, {{}, scales, sizes}).table_bytes();
}

// Each case returns the bytes its plan holds (0 when it makes none).
const std::map<std::string, std::function<std::size_t()>> cases{
    // F3: an axis that is not resized, 2^28 .. 2^36 long, of a tensor with no elements.
    {"unlisted_2_28",
     [] {
       auto a = attrs(nd::enums::mode::nearest);
       a.axes = std::vector<std::int64_t>{1};
       return plan_only({index_t{1} << 28, 0}, a, {}, {0});
     }},
    {"unlisted_2_36_linear",
     [] {
       auto a = attrs(nd::enums::mode::linear);
       a.axes = std::vector<std::int64_t>{1};
       return plan_only({index_t{1} << 36, 0}, a, {}, {0});
     }},
    // The same axis listed, resized to its own length, in a plan that produces nothing.
    {"listed_empty_output",
     [] {
       auto a = attrs(nd::enums::mode::nearest);
       return plan_only({index_t{1} << 28, 0}, a, {}, {index_t{1} << 28, 0});
     }},
    // F4: packed SIMD tables once scaled with taps × the row's 4096 interleaved elements.
    {"packed_wide_rows",
     [] {
       return plan_only({65536, 4096}, attrs(nd::enums::mode::linear, true), {1.0f / 256, 1.0f});
     }},
    // F5: cubic antialias at 1e-6 on 2^26 (67 outputs): beyond the tap bound.
    {"cubic_antialias_1e-6",
     [] { return plan_only({index_t{1} << 26}, attrs(nd::enums::mode::cubic, true), {1e-6f}); }},
    // Near the largest weighted plan the default limits accept: 62,500 outputs × 257 taps.
    {"worst_weighted_accepted",
     [] { return plan_only({4'000'000}, attrs(nd::enums::mode::cubic, true), {1.0f / 64}); }},
    // Near the largest nearest plan the default limits accept: 30 M output coordinates.
    {"worst_nearest_accepted", [] { return plan_only({1}, attrs(nd::enums::mode::nearest), {}, {30'000'000}); }},
    // F6 (b): an executor claiming INT_MAX workers on a 50 × 70 output.
    {"claimed_concurrency",
     [] {
       const nd::resize_plan plan =
           nd::make_plan({100, 140}, attrs(nd::enums::mode::linear), {{}, std::vector<float>{0.5f, 0.5f}, {}});
       std::vector<float> x(100 * 140, 1.0f), y(50 * 70);
       const nd::executor ex(INT_MAX, [](index_t n, const std::function<void(index_t)>& body) {
         for (index_t i = 0; i < n; ++i) body(i);
       });
       nd::workspace ws;
       nd::execute<float>(plan, {x.data(), {100, 140}}, {y.data(), {50, 70}}, ws, ex);
       return plan.table_bytes();
     }},
    // F6 (c): rank 16, extents 2, scales 2, linear int8: gigabytes of scratch.
    {"deep_rank_scratch",
     [] {
       nd::dims in;
       in.resize(16);
       for (auto& e : in) e = 2;
       const nd::resize_plan plan =
           nd::make_plan(in, attrs(nd::enums::mode::linear), {{}, std::vector<float>(16, 2.0f), {}});
       std::int8_t x = 1, y = 0;  // never touched: the scratch limit is checked first
       nd::execute<std::int8_t>(plan, {&x, plan.input_shape()}, {&y, plan.output_shape()});
       return plan.table_bytes();
     }},
    // F6 (a): the returned tensor of 2^36 int8 outputs, within the output limit, in a process
    // whose address space is capped (as a runtime's may be): out_of_memory, not bad_alloc.
    {"returned_tensor_out_of_memory",
     [] {
       const rlimit cap{std::size_t{4} << 30, std::size_t{4} << 30};
       setrlimit(RLIMIT_AS, &cap);
       std::int8_t one = 1;
       const std::vector<float> scales(4, 512.0f);
       (void)nd::resize<std::int8_t>(nd::tensor_view<const std::int8_t>(&one, {1, 1, 1, 1}), scales);
       return std::size_t{0};
     }},
};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2 || !cases.count(argv[1])) {
    std::fprintf(stderr, "usage: resource_probe <case>; cases:");
    for (const auto& [name, f] : cases) std::fprintf(stderr, " %s", name.c_str());
    std::fprintf(stderr, "\n");
    return 2;
  }
  std::string outcome = "ok";
  std::size_t bytes = 0;
  try {
    bytes = cases.at(argv[1])();
  } catch (const nd::resize_error& e) {
    outcome = nd::to_string(e.code());
    std::fprintf(stderr, "%s\n", e.what());
  } catch (const std::exception& e) {
    outcome = std::string("other:") + e.what();
  }
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  const double seconds = static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
                         1e-6 * static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
  std::printf("%s %.3f %ld %zu\n", outcome.c_str(), seconds, u.ru_maxrss, bytes);
  return 0;
}
