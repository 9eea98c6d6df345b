// SPDX-License-Identifier: Apache-2.0
// resize_plan: the output shape plus one tap table per axis, built once (in double) and then
// used to resize any number of tensors of its input shape. A plan is immutable after
// construction, so one plan may run on many threads at once. It knows nothing about ONNX
// versions: those are settled before it (policy), except which element types the front end's
// operator version accepts, which execute checks.
#pragma once

#include <algorithm>
#include <atomic>
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
/// The tag of resize_plan's constructor for tables a library plan builder made (and so does
/// not check again); tables from elsewhere go through resize_plan::from_tables.
struct trusted_tables {
  explicit trusted_tables() = default;
};
}  // namespace detail

class resize_plan {
 public:
  resize_plan() = default;

  /// Assembles a plan from per-axis tables that a plan builder made (one per input axis, in
  /// axis order) and that are trusted as they are: the kernels index inputs through them
  /// unchecked. `context` names the operator for error messages ("Resize-19",
  /// "ResizeUpsampleTrilinear"); `max_scratch_bytes` bounds the workspace of one execute
  /// (plan_limits::max_scratch_bytes). Tables from anywhere else go through from_tables().
  resize_plan(detail::trusted_tables, std::string context, kernel_family family, const dims& input_shape,
              std::vector<axis_table> tables, double extrapolation_value,
              std::size_t max_scratch_bytes = plan_limits{}.max_scratch_bytes)
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

  /// A plan from tables made outside the library (a port's own builder, a deserialized plan):
  /// every table is checked against the format of README "Plan tables" first, so that a table
  /// that would make the kernels read outside X, or the scratch they size from it, is an
  /// invalid_input error naming the axis, the field and the bad value instead.
  static result<resize_plan> from_tables(std::string context, kernel_family family, const dims& input_shape,
                                         std::vector<axis_table> tables, double extrapolation_value = 0.0,
                                         std::size_t max_scratch_bytes = plan_limits{}.max_scratch_bytes) {
    if (const std::string bad = check_tables(family, input_shape, tables); !bad.empty())
      return make_error(error_code::invalid_input, context, bad);
    return detail::out_of_memory_guard(context, "making the plan ran out of memory", [&]() -> result<resize_plan> {
      return resize_plan(detail::trusted_tables{}, context, family, input_shape, std::move(tables), extrapolation_value,
                         max_scratch_bytes);
    });
  }

  /// Empty when `tables` are valid tables of a plan of `family` on `input_shape`; otherwise
  /// what is wrong ("table of axis 1: tap_index[3] = 4 is outside [0, 4)").
  static std::string check_tables(kernel_family family, const dims& input_shape,
                                  const std::vector<axis_table>& tables) {
    if (input_shape.size() == 0) return "a plan needs rank >= 1";
    if (tables.size() != static_cast<std::size_t>(input_shape.size()))
      return "got " + std::to_string(tables.size()) + " tables for input rank " + std::to_string(input_shape.size()) +
             " (one per axis)";
    bool produces = true;
    for (const auto& t : tables) produces = produces && t.out > 0;
    for (int d = 0; d < input_shape.size(); ++d) {
      const std::string bad =
          tables[static_cast<std::size_t>(d)].check(family == kernel_family::weighted, input_shape[d], produces);
      if (!bad.empty()) return "table of axis " + std::to_string(d) + ": " + bad;
    }
    return {};
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
  /// The pass-order rule's cost of one tap of the innermost resized axis (resampled along rows)
  /// relative to one tap of any other axis (a blend of whole rows): README, rule 11.
  static constexpr std::uint64_t row_resample_weight = 4;

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
  // The pass-order rule (README, "Numeric contract", rule 11), from the tables only. Axes whose
  // table is not the identity need a pass; a plan with no output runs none. A pass over axis a
  // costs its taps T_a (multiply-adds per element of the other axes), weighted by w_a, times the
  // elements of the other axes at that point; the order that minimises the sum of those costs is
  // the one ndresize runs. Swapping two neighbouring passes a, b shows that a goes first exactly
  // when w_a T_a × (in_b − out_b) < w_b T_b × (in_a − out_a), a comparison that orders every set
  // of axes (shrinking axes first, by wT / (in − out) ascending; then axes that keep their length;
  // then growing axes, by wT / (out − in) descending). Ties keep axis order. w is
  // row_resample_weight for the innermost resized axis, whose pass gathers along rows, and 1 for
  // the others, whose passes blend whole rows: measured, a tap of the row pass costs 4 to 17 row
  // blend taps (bench/README.md, "Pass order"), and with w = 1 the shrinks to 224 × 224 ran
  // horizontally first at 1.7 to 7 times the time. The products are compared exactly, so no
  // target, layout, thread count or kernel fact can move the order.
  void order_passes() {
    if (output_size() <= 0) return;
    int innermost = -1;  // the innermost resized axis: the one whose pass resamples along rows
    for (int d = 0; d < rank(); ++d)
      if (!tables_[static_cast<std::size_t>(d)].is_identity()) innermost = d;
    for (int d = 0; d < rank(); ++d) {
      if (tables_[static_cast<std::size_t>(d)].is_identity()) continue;
      passes_.push_back(d);
      for (std::size_t i = passes_.size() - 1; i > 0 && runs_before(d, passes_[i - 1], innermost); --i)
        std::swap(passes_[i], passes_[i - 1]);
    }
  }

  // Whether the pass of axis a runs before that of axis b (strictly: equal costs keep axis order),
  // `innermost` being the innermost resized axis.
  bool runs_before(int a, int b, int innermost) const noexcept {
    const auto& ta = tables_[static_cast<std::size_t>(a)];
    const auto& tb = tables_[static_cast<std::size_t>(b)];
    const int ka = (ta.out > ta.in) - (ta.out < ta.in), kb = (tb.out > tb.in) - (tb.out < tb.in);
    if (ka != kb) return ka < kb;  // shrinking (-1), same length (0), growing (+1)
    if (ka == 0) return false;
    // Both differences have the sign -ka; compare w_a T_a |d_b| with w_b T_b |d_a| (flipped for growing axes).
    const auto mag = [](index_t v) { return static_cast<std::uint64_t>(v < 0 ? -v : v); };
    // The cost of one tap relative to a row blend's.
    const auto weight = [innermost](int axis) { return axis == innermost ? row_resample_weight : std::uint64_t{1}; };
    const auto taps_a = static_cast<std::uint64_t>(ta.tap_index.size()) * weight(a);
    const auto taps_b = static_cast<std::uint64_t>(tb.tap_index.size()) * weight(b);
    const int c = compare_products(taps_a, mag(tb.in - tb.out), taps_b, mag(ta.in - ta.out));
    return ka < 0 ? c < 0 : c > 0;
  }

  // Sign of x·y − u·v, exact for any 64-bit operands (no 128-bit type in standard C++).
  static int compare_products(std::uint64_t x, std::uint64_t y, std::uint64_t u, std::uint64_t v) noexcept {
    const auto wide = [](std::uint64_t a, std::uint64_t b, std::uint64_t& hi, std::uint64_t& lo) {
      const std::uint64_t al = a & 0xffffffffu, ah = a >> 32, bl = b & 0xffffffffu, bh = b >> 32;
      const std::uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
      const std::uint64_t mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
      lo = (mid << 32) | (ll & 0xffffffffu);
      hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
    };
    std::uint64_t h1 = 0, l1 = 0, h2 = 0, l2 = 0;
    wide(x, y, h1, l1);
    wide(u, v, h2, l2);
    if (h1 != h2) return h1 < h2 ? -1 : 1;
    return l1 == l2 ? 0 : (l1 < l2 ? -1 : 1);
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

NDRESIZE_END_NAMESPACE
