// SPDX-License-Identifier: Apache-2.0
// Shared pieces of the differential test: the per-category error statistics, the bridge from a
// random ONNX node (strings, as the reference reads it) to the library's attribute and input
// types, and the typed runner, declared here and instantiated once per element type in the
// runner_*.cpp files so that no translation unit compiles every element type's kernels.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <ndresize/attributes.hpp>
#include <ndresize/executor.hpp>
#include <ndresize/onnx/inputs.hpp>
#include <ndresize/onnx/op_version.hpp>
#include <ndresize/view.hpp>
#include <ndresize/workspace.hpp>

#include "support/naive_reference.hpp"
#include "support/random_case.hpp"

namespace differential {

/// The largest errors seen in one category (an element type, a mode, ...).
struct category_stats {
  std::int64_t cases = 0;
  std::int64_t elements = 0;
  double max_abs = 0;             ///< max |y - reference|; integers: |y - round(reference)|
  double max_rel = 0;             ///< max |y - reference| / Σ|w·x| (floating types)
  double max_ulp = 0;             ///< max |y - reference| in ulps of float16/bfloat16 at the scale of Σ|w·x|
  double max_tolerance_use = 0;   ///< max |y - reference| / allowed deviation (≤ 1 when passing)
  std::int64_t tie_window = 0;    ///< integer outputs off round(reference) inside the rounding window
  std::int64_t exact = 0;         ///< interpolated values computable exactly, hence compared exactly
  std::int64_t nan = 0;           ///< NaN outputs required (a NaN input reaches them through nonzero weights)
  std::int64_t nan_either = 0;    ///< outputs where only a zero-up-to-rounding weight touches a NaN
  std::int64_t extrapolated = 0;  ///< elements that took extrapolation_value

  void merge(const category_stats& o);
};

struct case_outcome {
  category_stats stats;
  std::vector<std::string> problems;  ///< empty when the library matched the reference
};

// The bridge to the library (library_bridge.cpp).
ndresize::onnx::op_version library_version(naive::op v);
ndresize::resize_attributes library_attributes(const naive::node& n);
ndresize::onnx::resize_inputs library_inputs(const naive::node& n);
/// The executor a case runs on: 0 sequential, 1 a thread pool, 2 the caller's own parallel_for
/// (which runs the work items backwards: results must not depend on their order).
const ndresize::executor& case_executor(int kind);
/// One workspace reused by every make_plan+execute case, whatever its plan and element type:
/// kernels must not depend on what earlier calls left in the scratch memory.
ndresize::workspace& shared_workspace();
/// onnx::compute, the runtime front door: opset number, attribute map, type-erased views.
void run_front_door(const naive::random_case& c, const ndresize::any_const_tensor_view& x,
                    const ndresize::any_tensor_view& y);

/// Runs case c with element type T through the case's entry point and compares every output
/// element with the reference geometry g.
template <class T>
case_outcome run_case(const naive::random_case& c, const naive::geometry& g);

}  // namespace differential
