// SPDX-License-Identifier: Apache-2.0
// The library version: the single source that CMake parses for project(VERSION).
#pragma once

#define NDRESIZE_VERSION_MAJOR 0
#define NDRESIZE_VERSION_MINOR 1
#define NDRESIZE_VERSION_PATCH 0
