# SPDX-License-Identifier: Apache-2.0
# Test fixture: installs the build tree BUILD_DIR into a fresh PREFIX (cmake --install), then
# checks that the files a consumer relies on are there.
# Usage: cmake -DBUILD_DIR=... -DPREFIX=... [-DCONFIG=...] -P install_fixture.cmake
cmake_minimum_required(VERSION 3.23)
foreach(var BUILD_DIR PREFIX)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "${var} is not set")
  endif()
endforeach()

file(REMOVE_RECURSE "${PREFIX}")  # no file left over from an earlier run may satisfy a check
set(config_args "")
if(CONFIG)
  set(config_args --config "${CONFIG}")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${PREFIX}" ${config_args}
                RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed (${rc})")
endif()

file(GLOB_RECURSE config_file "${PREFIX}/*/ndresizeConfig.cmake")
file(GLOB_RECURSE headers RELATIVE "${PREFIX}/include" "${PREFIX}/include/ndresize/*.hpp")
list(LENGTH headers header_count)
foreach(required ndresize/ndresize.hpp ndresize/version.hpp ndresize/interop/eigen.hpp ndresize/onnx/opset.hpp)
  if(NOT required IN_LIST headers)
    message(FATAL_ERROR "${PREFIX}/include/${required} was not installed")
  endif()
endforeach()
if(NOT config_file)
  message(FATAL_ERROR "no ndresizeConfig.cmake under ${PREFIX}")
endif()
get_filename_component(config_dir "${config_file}" DIRECTORY)
foreach(f ndresizeConfigVersion.cmake ndresizeTargets.cmake)
  if(NOT EXISTS "${config_dir}/${f}")
    message(FATAL_ERROR "${config_dir}/${f} was not installed")
  endif()
endforeach()
message(STATUS "installed ${header_count} headers and the package files in ${config_dir}")
