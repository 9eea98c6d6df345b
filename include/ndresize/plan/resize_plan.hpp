// SPDX-License-Identifier: Apache-2.0
// resize_plan: the output shape plus one tap table per axis, built once (in double) and then
// used to resize any number of tensors of its input shape. A plan is immutable after
// construction, so one plan may run on many threads at once. It knows nothing about ONNX
// versions or element types: those are settled before (policy) and after (kernels) it.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "../config.hpp"
#include "../error.hpp"
#include "../limits.hpp"
#include "../shape.hpp"
#include "axis_table.hpp"

NDRESIZE_BEGIN_NAMESPACE

/// The two kernel families: nearest copies (any element type), linear/cubic weigh.
enum class kernel_family { gather, weighted };

class resize_plan {
 public:
  resize_plan() = default;

  /// Assembles a plan from per-axis tables (one per input axis, in axis order). `context`
  /// names the operator for error messages ("Resize-19", "ResizeUpsampleTrilinear").
  /// `max_scratch_bytes` bounds the workspace of one execute (plan_limits::max_scratch_bytes).
  resize_plan(std::string context, kernel_family family, const dims& input_shape, std::vector<axis_table> tables,
              double extrapolation_value, std::size_t max_scratch_bytes = plan_limits{}.max_scratch_bytes)
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

 private:
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
  std::uint64_t id_ = next_id();

  static std::uint64_t next_id() noexcept {
    static std::atomic<std::uint64_t> counter{0};
    return ++counter;
  }
};

NDRESIZE_END_NAMESPACE
