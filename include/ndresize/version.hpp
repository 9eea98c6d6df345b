// SPDX-License-Identifier: Apache-2.0
// The library version: the single source that CMake parses for project(VERSION).
#pragma once

#define NDRESIZE_VERSION_MAJOR 0
#define NDRESIZE_VERSION_MINOR 1
#define NDRESIZE_VERSION_PATCH 0

// The inline namespace every declaration lives in (ndresize::v0_1::...), named after the
// version: two copies of different versions in one program have different symbols instead of
// silently violating the one-definition rule. 0.x releases may break between minor versions
// (the CMake package accepts the same major.minor only), so the name holds both numbers.
#define NDRESIZE_ABI_NAMESPACE_CAT_(major, minor) v##major##_##minor
#define NDRESIZE_ABI_NAMESPACE_CAT(major, minor) NDRESIZE_ABI_NAMESPACE_CAT_(major, minor)
#define NDRESIZE_ABI_NAMESPACE NDRESIZE_ABI_NAMESPACE_CAT(NDRESIZE_VERSION_MAJOR, NDRESIZE_VERSION_MINOR)
