# SPDX-License-Identifier: Apache-2.0
# vcpkg overlay port of ndresize, built from this source tree:
#   vcpkg install ndresize --overlay-ports=<ndresize>/cmake/packaging/vcpkg
# Header-only by default (one release configuration, no debug tree); the feature `compiled`
# (vcpkg install ndresize[compiled]) also builds the static library ndresize::compiled. Users:
#   find_package(ndresize CONFIG REQUIRED)
#   target_link_libraries(main PRIVATE ndresize::ndresize)   # or ndresize::compiled
# For a registry port, replace SOURCE_PATH by vcpkg_from_github(... REF v${VERSION} ...): the
# releases are tagged v<version> (v0.1.0).
if(NOT "compiled" IN_LIST FEATURES)
  set(VCPKG_BUILD_TYPE release)
endif()
vcpkg_check_features(OUT_FEATURE_OPTIONS feature_options FEATURES compiled NDRESIZE_BUILD_COMPILED)

get_filename_component(SOURCE_PATH "${CMAKE_CURRENT_LIST_DIR}/../../../.." ABSOLUTE)
if(NOT EXISTS "${SOURCE_PATH}/include/ndresize/ndresize.hpp")
  message(FATAL_ERROR "ndresize sources not found at ${SOURCE_PATH}")
endif()

vcpkg_cmake_configure(
  SOURCE_PATH "${SOURCE_PATH}"
  OPTIONS
    -DNDRESIZE_INSTALL=ON
    -DNDRESIZE_BUILD_TESTS=OFF
    -DNDRESIZE_BUILD_EXAMPLES=OFF
    -DNDRESIZE_BUILD_BENCHMARKS=OFF
    ${feature_options}
)
vcpkg_cmake_install()  # builds the default target (ndresize::compiled with the feature), then installs
# The project installs its package files to share/cmake/ndresize; vcpkg wants share/ndresize.
vcpkg_cmake_config_fixup(CONFIG_PATH share/cmake/ndresize)

# The license goes to share/ndresize/copyright instead; share/cmake is empty after the fixup.
file(REMOVE_RECURSE "${CURRENT_PACKAGES_DIR}/share/doc" "${CURRENT_PACKAGES_DIR}/share/cmake")
vcpkg_install_copyright(FILE_LIST "${SOURCE_PATH}/LICENSE")
file(WRITE "${CURRENT_PACKAGES_DIR}/share/${PORT}/usage" [=[
ndresize provides CMake targets:

  find_package(ndresize CONFIG REQUIRED)
  target_link_libraries(main PRIVATE ndresize::ndresize)   # ndresize[compiled]: also ndresize::compiled
]=])
