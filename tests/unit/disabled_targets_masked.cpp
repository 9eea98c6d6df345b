// SPDX-License-Identifier: Apache-2.0
// The second translation unit of disabled_targets_test: the library with SSE4.1, AVX-512 and
// NEON left out (x86 keeps AVX2 and generic; aarch64 keeps generic). Its kernels are its own,
// whatever the build links: ndresize::compiled is built with every target, so its run_plan is
// in the other inline namespace.
#undef NDRESIZE_COMPILED
#define NDRESIZE_DISABLED_TARGETS (NDRESIZE_TARGET_SSE4 | NDRESIZE_TARGET_AVX512 | NDRESIZE_TARGET_NEON)

#include <typeinfo>

#include "disabled_targets_cases.hpp"

static_assert(ndresize::detail::target_compiled(ndresize::isa::generic));
static_assert(ndresize::detail::target_compiled(ndresize::isa::avx2));
static_assert(!ndresize::detail::target_compiled(ndresize::isa::sse4));
static_assert(!ndresize::detail::target_compiled(ndresize::isa::avx512));
static_assert(!ndresize::detail::target_compiled(ndresize::isa::neon));

std::string masked_plan_type() { return typeid(ndresize::resize_plan).name(); }

std::string masked_active_isa(int cap) {
  ndresize::set_max_isa(targets[cap]);
  const std::string name = ndresize::isa_name(ndresize::active_isa());
  ndresize::set_max_isa(ndresize::isa::avx512);
  return name;
}

std::vector<bytes> masked_outputs(int cap) {
  ndresize::set_max_isa(targets[cap]);
  auto outputs = every_case();
  ndresize::set_max_isa(ndresize::isa::avx512);
  return outputs;
}
