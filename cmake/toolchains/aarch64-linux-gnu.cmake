# SPDX-License-Identifier: Apache-2.0
# Cross build for 64-bit Arm Linux with Debian's cross compiler (g++-aarch64-linux-gnu); the
# test executables run under user-mode QEMU (qemu-user-static), so ctest and
# gtest_discover_tests work on an x86-64 machine without binfmt registration.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)

# Libraries and headers come from the target's tree only; packages may also come from the
# host, for the header-only ones that are the same on every architecture (Eigen, nlohmann-json).
# GoogleTest is compiled from source with this toolchain (NDRESIZE_GTEST_SOURCE_DIR).
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)

find_program(NDRESIZE_QEMU_AARCH64 NAMES qemu-aarch64-static qemu-aarch64 REQUIRED)
set(CMAKE_CROSSCOMPILING_EMULATOR "${NDRESIZE_QEMU_AARCH64};-L;/usr/aarch64-linux-gnu")
