// SPDX-License-Identifier: Apache-2.0
// The slow reference path (a test oracle, not part of the library): every output element is computed on its own as the
// N-D sum over the plan's per-axis taps, in double, with no pass structure, blocking, threads or SIMD. Benchmarks and
// fuzzers compare the fast kernels against it before trusting them.
#pragma once

#include <utility>
#include <vector>

#include <ndresize/config.hpp>
#include <ndresize/element.hpp>
#include <ndresize/plan/resize_plan.hpp>
#include <ndresize/view.hpp>

NDRESIZE_BEGIN_NAMESPACE
namespace detail {

template <class T>
struct wide_accumulator {
  using type = double;
};
template <class F>
struct wide_accumulator<std::complex<F>> {
  using type = std::complex<double>;
};

/// Nearest plans copy X[index_0[o_0], ..]; weighted plans sum taps in double.
template <gatherable T>
void reference_execute(const resize_plan& plan, tensor_view<const T> x, tensor_view<T> y) {
  const int r = plan.rank();
  const index_t n = plan.output_size();
  std::vector<index_t> o(static_cast<std::size_t>(r), 0), q(static_cast<std::size_t>(r), 0);
  const T ext = from_extrapolation_value<T>(plan.extrapolation_value());
  for (index_t e = 0; e < n; ++e) {
    index_t yoff = 0;
    bool outside = false;
    for (int d = 0; d < r; ++d) {
      yoff += o[static_cast<std::size_t>(d)] * y.stride(d);
      outside = outside || plan.table(d).is_outside(o[static_cast<std::size_t>(d)]);
    }
    if (outside) {
      y.data_handle()[yoff] = ext;
    } else if (plan.family() == kernel_family::gather) {
      index_t xoff = 0;
      for (int d = 0; d < r; ++d) xoff += plan.table(d).source(o[static_cast<std::size_t>(d)]) * x.stride(d);
      y.data_handle()[yoff] = x.data_handle()[xoff];
    } else if constexpr (interpolatable<T>) {
      using Acc = accumulator_t<T>;
      using Wide = typename wide_accumulator<Acc>::type;
      // Odometer over the taps of every axis; an identity axis has one tap (index o, weight 1).
      auto tap_range = [&](int d) -> std::pair<index_t, index_t> {
        const auto& t = plan.table(d);
        const auto od = static_cast<std::size_t>(o[static_cast<std::size_t>(d)]);
        return t.identity ? std::pair<index_t, index_t>{0, 1} : std::pair{t.tap_begin[od], t.tap_begin[od + 1]};
      };
      for (int d = 0; d < r; ++d) q[static_cast<std::size_t>(d)] = tap_range(d).first;
      Wide sum{};
      for (;;) {
        double w = 1.0;
        index_t xoff = 0;
        for (int d = 0; d < r; ++d) {
          const auto& t = plan.table(d);
          const auto qd = static_cast<std::size_t>(q[static_cast<std::size_t>(d)]);
          w *= t.identity ? 1.0 : t.tap_weight[qd];
          xoff += (t.identity ? o[static_cast<std::size_t>(d)] : t.tap_index[qd]) * x.stride(d);
        }
        sum += w * static_cast<Wide>(to_accumulator<T>(x.data_handle()[xoff]));
        int d = r - 1;
        for (; d >= 0; --d) {
          const auto [begin, end] = tap_range(d);
          if (++q[static_cast<std::size_t>(d)] < end) break;
          q[static_cast<std::size_t>(d)] = begin;
        }
        if (d < 0) break;
      }
      y.data_handle()[yoff] = from_accumulator<T>(static_cast<Acc>(sum));
    }
    for (int d = r - 1; d >= 0; --d) {
      if (++o[static_cast<std::size_t>(d)] < plan.output_shape()[d]) break;
      o[static_cast<std::size_t>(d)] = 0;
    }
  }
}

}  // namespace detail
NDRESIZE_END_NAMESPACE
