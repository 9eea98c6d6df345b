// SPDX-License-Identifier: Apache-2.0
// resize_plan: the output shape plus one tap table per axis, built once (in double) and then
// used to resize any number of tensors of its input shape. A plan is immutable after
// construction, so one plan may run on many threads at once. It knows nothing about ONNX
// versions: those are settled before it (policy), except which element types the front end's
// operator version accepts, which execute checks.
#pragma once

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "../config.hpp"
#include "../element.hpp"
#include "../error.hpp"
#include "../limits.hpp"
#include "../shape.hpp"
#include "axis_table.hpp"

NDRESIZE_BEGIN_NAMESPACE

/// The two kernel families: nearest copies (any element type), linear/cubic weigh.
enum class kernel_family { gather, weighted };

namespace detail {
struct plan_assembly;
}

class resize_plan {
 public:
  resize_plan() = default;

  /// Assembles a plan from per-axis tables (one per input axis, in axis order; the format of
  /// README "Plan tables"). `context` names the operator for error messages ("Resize-19",
  /// "ResizeUpsampleTrilinear"). `max_scratch_bytes` bounds the workspace of one execute
  /// (plan_limits::max_scratch_bytes). The tables are checked first (check_tables: every index
  /// inside its input axis, consistent lengths, finite weights), since kernels trust them:
  /// invalid ones throw resize_error (invalid_input; without exceptions: abort; try_make
  /// reports it instead).
  resize_plan(std::string context, kernel_family family, const dims& input_shape, std::vector<axis_table> tables,
              double extrapolation_value, std::size_t max_scratch_bytes = plan_limits{}.max_scratch_bytes)
      : resize_plan(
            try_make(std::move(context), family, input_shape, std::move(tables), extrapolation_value, max_scratch_bytes)
                .value()) {}

  /// The constructor's non-throwing form.
  static result<resize_plan> try_make(std::string context, kernel_family family, const dims& input_shape,
                                      std::vector<axis_table> tables, double extrapolation_value,
                                      std::size_t max_scratch_bytes = plan_limits{}.max_scratch_bytes) {
    if (const std::string why = check_tables(family, input_shape, tables); !why.empty())
      return make_error(error_code::invalid_input, context, why);
    return resize_plan(trusted{}, std::move(context), family, input_shape, std::move(tables), extrapolation_value,
                       max_scratch_bytes);
  }

  /// Why tables cannot make a plan of this family on this input shape, or "" when they can.
  static std::string check_tables(kernel_family family, const dims& input_shape, const std::vector<axis_table>& tables);

  resize_plan(const resize_plan&) = default;
  resize_plan& operator=(const resize_plan&) = default;
  /// A moved-from plan is empty, as if default-constructed, so that executing it is the
  /// "empty plan" error rather than a read of tables it no longer holds (its shape is an
  /// inline array, which a defaulted move would have left in place).
  resize_plan(resize_plan&& other) noexcept : resize_plan() { swap(other); }
  resize_plan& operator=(resize_plan&& other) noexcept {
    resize_plan taken(std::move(other));  // `other` is now empty, even if it is *this
    swap(taken);
    return *this;
  }

  /// Identifies the plan (and its copies, which hold the same tables) to caches of derived
  /// data, such as the per-target tables a workspace keeps.
  std::uint64_t id() const noexcept { return id_; }

  /// A default-constructed or moved-from plan has rank 0 and runs nothing (execute rejects it).
  bool empty() const noexcept { return input_.size() == 0; }
  const std::string& context() const noexcept { return context_; }
  kernel_family family() const noexcept { return family_; }
  int rank() const noexcept { return input_.size(); }
  const dims& input_shape() const noexcept { return input_; }
  /// Shape inference: needs no tensor data.
  const dims& output_shape() const noexcept { return output_; }
  const axis_table& table(int axis) const noexcept { return tables_[static_cast<std::size_t>(axis)]; }
  bool has_extrapolation() const noexcept { return has_extrapolation_; }
  double extrapolation_value() const noexcept { return extrapolation_value_; }
  index_t output_size() const noexcept { return checked_element_count(output_); }
  /// Bytes held by the tables (bounded by plan_limits::max_plan_bytes when the plan was made).
  std::size_t table_bytes() const noexcept {
    std::size_t n = 0;
    for (const auto& t : tables_) n += t.bytes();
    return n;
  }
  /// The largest workspace one execute may take (plan_limits::max_scratch_bytes).
  std::size_t max_scratch_bytes() const noexcept { return max_scratch_bytes_; }

  /// Weighted family: the axes that need a pass, in execution order.
  const std::vector<int>& pass_order() const noexcept { return passes_; }

  /// Whether execute accepts tensors of element type t. Every type by default; a front end
  /// restricts the set to what its operator version allows (bfloat16 joined Resize in
  /// version 13), so a plan made for Resize-11 rejects bfloat16 in execute as onnx::compute does.
  bool allows_element_type(element_type t) const noexcept { return ((element_types_ >> type_bit(t)) & 1u) != 0; }
  /// Restricts the element types execute accepts to those of `allowed` (a bit per type code).
  void restrict_element_types(std::uint32_t allowed) noexcept { element_types_ &= allowed; }
  static constexpr std::uint32_t type_bit(element_type t) noexcept {
    const auto code = static_cast<unsigned>(t);
    return code < 32 ? code : 31;
  }

 private:
  friend struct detail::plan_assembly;
  struct trusted {};
  // The tables were built by a planner (or checked by try_make).
  resize_plan(trusted, std::string context, kernel_family family, const dims& input_shape,
              std::vector<axis_table> tables, double extrapolation_value, std::size_t max_scratch_bytes)
      : context_(std::move(context)),
        family_(family),
        input_(input_shape),
        tables_(std::move(tables)),
        extrapolation_value_(extrapolation_value),
        max_scratch_bytes_(max_scratch_bytes) {
    output_.resize(input_.size());
    for (auto& t : tables_) t.finalize();
    for (int d = 0; d < input_.size(); ++d) {
      output_[d] = tables_[static_cast<std::size_t>(d)].out;
      if (tables_[static_cast<std::size_t>(d)].has_outside()) has_extrapolation_ = true;
    }
    if (family_ == kernel_family::weighted) order_passes();
  }

  // Axes whose table is not the identity need a pass. Shrinking axes go first (the data gets
  // smaller sooner); ties keep axis order. An insertion sort: stable, and at most max_rank
  // axes (std::stable_sort would cost every translation unit that includes this header).
  void order_passes() {
    const auto shrinks_more = [&](int a, int b) {
      const auto& ta = tables_[static_cast<std::size_t>(a)];
      const auto& tb = tables_[static_cast<std::size_t>(b)];
      // ratio out/in compared without division (extents are >= 0)
      return static_cast<double>(ta.out) * static_cast<double>(tb.in) <
             static_cast<double>(tb.out) * static_cast<double>(ta.in);
    };
    for (int d = 0; d < rank(); ++d) {
      if (tables_[static_cast<std::size_t>(d)].is_identity()) continue;
      passes_.push_back(d);
      for (std::size_t i = passes_.size() - 1; i > 0 && shrinks_more(d, passes_[i - 1]); --i)
        std::swap(passes_[i], passes_[i - 1]);
    }
  }

  void swap(resize_plan& o) noexcept {
    using std::swap;
    swap(context_, o.context_);
    swap(family_, o.family_);
    swap(input_, o.input_);
    swap(output_, o.output_);
    swap(tables_, o.tables_);
    swap(extrapolation_value_, o.extrapolation_value_);
    swap(has_extrapolation_, o.has_extrapolation_);
    swap(passes_, o.passes_);
    swap(max_scratch_bytes_, o.max_scratch_bytes_);
    swap(element_types_, o.element_types_);
    swap(id_, o.id_);
  }

  std::string context_ = "resize_plan";
  kernel_family family_ = kernel_family::gather;
  dims input_, output_;
  std::vector<axis_table> tables_;
  double extrapolation_value_ = 0.0;
  bool has_extrapolation_ = false;
  std::vector<int> passes_;
  std::size_t max_scratch_bytes_ = plan_limits{}.max_scratch_bytes;
  std::uint32_t element_types_ = ~std::uint32_t{0};
  std::uint64_t id_ = next_id();

  static std::uint64_t next_id() noexcept {
    static std::atomic<std::uint64_t> counter{0};
    return ++counter;
  }
};

namespace detail {
/// The planners' way in: their tables come from the specification's rules on validated
/// attributes, so they skip check_tables (which costs a pass over every tap).
struct plan_assembly {
  static resize_plan assemble(std::string context, kernel_family family, const dims& input_shape,
                              std::vector<axis_table> tables, double extrapolation_value,
                              std::size_t max_scratch_bytes) {
    return resize_plan(resize_plan::trusted{}, std::move(context), family, input_shape, std::move(tables),
                       extrapolation_value, max_scratch_bytes);
  }
};
}  // namespace detail

inline std::string resize_plan::check_tables(kernel_family family, const dims& input_shape,
                                             const std::vector<axis_table>& tables) {
  const auto at = [](std::size_t d, const std::string& what) { return "table " + std::to_string(d) + ": " + what; };
  if (input_shape.size() < 1) return "a plan needs rank >= 1";
  if (tables.size() != static_cast<std::size_t>(input_shape.size()))
    return std::to_string(tables.size()) + " tables for an input of rank " + std::to_string(input_shape.size());
  if (checked_element_count(input_shape) < 0) return "input shape " + input_shape.to_string() + " cannot be counted";
  dims out;
  out.resize(input_shape.size());
  for (std::size_t d = 0; d < tables.size(); ++d) {
    const axis_table& t = tables[d];
    if (t.in != input_shape[static_cast<int>(d)] || t.out < 0)
      return at(d, "in = " + std::to_string(t.in) + ", out = " + std::to_string(t.out) + " for an input extent of " +
                       std::to_string(input_shape[static_cast<int>(d)]));
    out[static_cast<int>(d)] = t.out;
  }
  if (checked_element_count(out) < 0) return "the output has more elements than int64 can count";
  const bool produces = checked_element_count(out) > 0;
  for (std::size_t d = 0; d < tables.size(); ++d) {
    const axis_table& t = tables[d];
    const auto n = static_cast<std::size_t>(t.out);
    const bool has_data =
        !t.index.empty() || !t.tap_begin.empty() || !t.tap_index.empty() || !t.tap_weight.empty() || !t.outside.empty();
    if (t.identity) {
      if (t.in != t.out || has_data) return at(d, "an identity table needs in == out and no data");
      continue;
    }
    if (!t.outside.empty()) {
      if (t.outside.size() != n)
        return at(d, "'outside' has " + std::to_string(t.outside.size()) + " entries, not out");
      for (const auto o : t.outside)
        if (o > 1) return at(d, "'outside' holds a value other than 0 and 1");
    }
    if (!produces) continue;  // a plan without output reads no table
    auto inside = [&](index_t i) { return i >= 0 && i < t.in; };
    if (family == kernel_family::gather) {
      if (t.index.size() != n) return at(d, "'index' has " + std::to_string(t.index.size()) + " entries, not out");
      for (const index_t i : t.index)
        if (!inside(i)) return at(d, "index " + std::to_string(i) + " is outside [0, " + std::to_string(t.in) + ")");
      continue;
    }
    if (t.tap_begin.size() != n + 1 || t.tap_begin.front() != 0)
      return at(d, "'tap_begin' needs out + 1 entries starting at 0");
    const std::size_t taps = t.tap_index.size();
    if (static_cast<std::size_t>(t.tap_begin.back()) != taps || t.tap_weight.size() != taps ||
        t.tap_weight_f.size() != taps)
      return at(d, "'tap_begin' ends at " + std::to_string(t.tap_begin.back()) + " with " + std::to_string(taps) +
                       " tap indices, " + std::to_string(t.tap_weight.size()) + " weights and " +
                       std::to_string(t.tap_weight_f.size()) + " float weights");
    for (std::size_t j = 0; j < n; ++j) {
      const index_t run = t.tap_begin[j + 1] - t.tap_begin[j];
      if (run < 0 || run > t.max_taps)
        return at(d, "output " + std::to_string(j) + " has " + std::to_string(run) + " taps (max_taps " +
                         std::to_string(t.max_taps) + ")");
    }
    for (std::size_t q = 0; q < taps; ++q) {
      if (!inside(t.tap_index[q]))
        return at(d, "tap index " + std::to_string(t.tap_index[q]) + " is outside [0, " + std::to_string(t.in) + ")");
      if (!std::isfinite(t.tap_weight[q]) || !std::isfinite(t.tap_weight_f[q]))
        return at(d, "tap " + std::to_string(q) + " has a weight that is not finite");
    }
  }
  return {};
}

NDRESIZE_END_NAMESPACE
