// SPDX-License-Identifier: Apache-2.0
// NDRESIZE_DISABLED_TARGETS (config.hpp) changes which kernels are compiled, never a result:
// a copy of the library without SSE4.1, AVX-512 and NEON (disabled_targets_masked.cpp) runs
// the best target it kept, gives the bits of this copy, which has every target, and its
// symbols stay apart from this copy's in one program.
#include <gtest/gtest.h>

#include <typeinfo>

#include "disabled_targets_cases.hpp"

std::string masked_plan_type();  // disabled_targets_masked.cpp
std::string masked_active_isa(int cap);
std::vector<bytes> masked_outputs(int cap);

namespace {

constexpr int cap_count = static_cast<int>(std::size(targets));

TEST(DisabledTargets, AreNamedInTheInlineNamespace) {
  const std::string here = typeid(ndresize::resize_plan).name(), there = masked_plan_type();
  EXPECT_NE(there.find("_nosse4_noavx512_noneon"), std::string::npos) << there;
  EXPECT_EQ(here.find("_no"), std::string::npos) << here;
}

TEST(DisabledTargets, TheKernelsRunTheBestTargetKept) {
  // What this CPU has, from this copy (every target compiled), capped at each target in turn.
  for (int cap = 0; cap < cap_count; ++cap) {
    ndresize::set_max_isa(targets[cap]);
    const ndresize::isa full = ndresize::active_isa();
    ndresize::set_max_isa(ndresize::isa::avx512);
    // The masked copy keeps AVX2 (x86) and generic: anything better than AVX2 runs AVX2, the
    // rest generic.
    const bool avx2 = full == ndresize::isa::avx2 || full == ndresize::isa::avx512;
    EXPECT_EQ(masked_active_isa(cap), avx2 ? "avx2" : "generic")
        << "capped at " << ndresize::isa_name(targets[cap]) << ", every target compiled: " << ndresize::isa_name(full);
  }
#if NDRESIZE_X86
  if (__builtin_cpu_supports("avx2")) {
    EXPECT_EQ(masked_active_isa(3), "avx2");  // capped at avx512, which is left out
  }
#endif
  EXPECT_EQ(masked_active_isa(1), "generic");  // capped at sse4, which is left out
}

TEST(DisabledTargets, GiveTheBitsOfEveryTarget) {
  ndresize::set_max_isa(ndresize::isa::generic);
  const std::vector<bytes> expected = every_case();
  ndresize::set_max_isa(ndresize::isa::avx512);
  for (int cap = 0; cap < cap_count; ++cap) {
    const std::vector<bytes> got = masked_outputs(cap);
    ASSERT_EQ(got.size(), expected.size());
    for (std::size_t i = 0; i < got.size(); ++i)
      EXPECT_TRUE(got[i] == expected[i]) << "case " << i << ", capped at " << ndresize::isa_name(targets[cap])
                                         << " (runs " << masked_active_isa(cap) << ")";
  }
}

}  // namespace
