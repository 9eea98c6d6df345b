// SPDX-License-Identifier: Apache-2.0
// Every declaration lives in the versioned inline namespace (config.hpp, version.hpp): users
// write ndresize::x, while the symbols carry the version, so two copies of different versions
// in one program cannot be mixed up by the linker.
#include <gtest/gtest.h>

#include <string>
#include <type_traits>
#include <typeinfo>

#include <ndresize/ndresize.hpp>

std::string noexcept_mode_plan_type();  // abi_namespace_noexcept.cpp
bool noexcept_mode_reports_a_bad_scale();

namespace {

#define NDRESIZE_TEST_STR_(x) #x
#define NDRESIZE_TEST_STR(x) NDRESIZE_TEST_STR_(x)

static_assert(std::is_same_v<ndresize::dims, ndresize::NDRESIZE_ABI_NAMESPACE::dims>);
static_assert(std::is_same_v<ndresize::onnx::op_version, ndresize::NDRESIZE_ABI_NAMESPACE::onnx::op_version>);

TEST(AbiNamespace, IsNamedAfterTheVersion) {
  const std::string token = NDRESIZE_TEST_STR(NDRESIZE_ABI_NAMESPACE);
  EXPECT_EQ(token, "v" + std::to_string(NDRESIZE_VERSION_MAJOR) + "_" + std::to_string(NDRESIZE_VERSION_MINOR));
  // The mangled names of library types carry it (what keeps two versions' symbols apart).
  EXPECT_NE(std::string(typeid(ndresize::resize_plan).name()).find(token), std::string::npos)
      << typeid(ndresize::resize_plan).name();
  EXPECT_NE(std::string(typeid(ndresize::ascend::upsample_trilinear3d_attributes).name()).find(token),
            std::string::npos);
}

TEST(AbiNamespace, TheExceptionModeIsPartOfIt) {
  // A TU built with NDRESIZE_EXCEPTIONS=0 in this (throwing) program has its own symbols: the
  // library's types and inline functions of the two modes never merge at link time.
  const std::string here = typeid(ndresize::resize_plan).name(), there = noexcept_mode_plan_type();
  EXPECT_NE(here, there);
  EXPECT_NE(there.find("_noexcept"), std::string::npos) << there;
  EXPECT_EQ(here.find("_noexcept"), std::string::npos) << here;
  // Each TU runs its own mode's code: the non-throwing one reports, the throwing one throws.
  EXPECT_TRUE(noexcept_mode_reports_a_bad_scale());
  const float x[4] = {1, 2, 3, 4};
  const float scales[2] = {-1, 1};
  EXPECT_THROW((void)ndresize::resize<float>(ndresize::tensor_view<const float>(x, {2, 2}), scales),
               ndresize::resize_error);
}

}  // namespace
