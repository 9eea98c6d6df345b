# SPDX-License-Identifier: Apache-2.0
# Checks the packaging recipes (cmake/packaging/) as far as possible without vcpkg or conan:
# the vcpkg manifest parses as JSON and names this project and version, the portfile fixes up
# the folder the project really installs its package files to, and the conan recipe declares
# the name, version, package type, Eigen requirement and CMake target of the project.
# Usage: cmake -DPACKAGING_DIR=... -DNAME=... -DVERSION=... [-DPREFIX=<an install>] -P check_packaging.cmake
cmake_minimum_required(VERSION 3.23)
set(errors "")
# expect(<message> <condition...>): records <message> unless the if() condition holds.
macro(expect message)
  if(NOT (${ARGN}))
    list(APPEND errors "${message}")
  endif()
endmacro()

# vcpkg
set(port "${PACKAGING_DIR}/vcpkg/${NAME}")
file(READ "${port}/vcpkg.json" manifest)
string(JSON port_name ERROR_VARIABLE json_error GET "${manifest}" name)
if(json_error)
  message(FATAL_ERROR "vcpkg.json does not parse: ${json_error}")
endif()
string(JSON port_version GET "${manifest}" version)
string(JSON dependency_count LENGTH "${manifest}" dependencies)
set(has_eigen FALSE)
math(EXPR last "${dependency_count} - 1")
foreach(i RANGE ${last})
  string(JSON kind TYPE "${manifest}" dependencies ${i})
  if(kind STREQUAL "OBJECT")
    string(JSON dependency GET "${manifest}" dependencies ${i} name)
  else()
    string(JSON dependency GET "${manifest}" dependencies ${i})
  endif()
  if(dependency STREQUAL "eigen3")
    set(has_eigen TRUE)
  endif()
endforeach()
expect("vcpkg.json: name '${port_name}' is not '${NAME}'" port_name STREQUAL NAME)
expect("vcpkg.json: version '${port_version}' is not the project's ${VERSION}" port_version STREQUAL VERSION)
expect("vcpkg.json: no dependency on eigen3" has_eigen)
# The folder named in vcpkg_cmake_config_fixup must be where `cmake --install` put the package
# files (PREFIX: an install made by the consumer tests' fixture; empty when install is off).
file(READ "${port}/portfile.cmake" portfile)
string(REGEX MATCH "vcpkg_cmake_config_fixup\\(CONFIG_PATH ([^ )]+)\\)" _ "${portfile}")
set(fixup_path "${CMAKE_MATCH_1}")
expect("portfile.cmake: no vcpkg_cmake_config_fixup(CONFIG_PATH ...)" fixup_path)
if(PREFIX)
  file(GLOB_RECURSE config_file "${PREFIX}/*/ndresizeConfig.cmake")
  get_filename_component(config_dir "${config_file}" DIRECTORY)
  file(RELATIVE_PATH installed_path "${PREFIX}" "${config_dir}")
  expect("portfile.cmake: fixes up CONFIG_PATH '${fixup_path}' but the project installs its package files to '${installed_path}'"
         fixup_path STREQUAL installed_path)
endif()

# conan
file(READ "${PACKAGING_DIR}/conan/conanfile.py" recipe)
foreach(pattern "name = \"${NAME}\"" "version = \"${VERSION}\"" "package_type = \"header-library\""
                "self.requires(\"eigen/3.4.0\")" "\"cmake_target_name\", \"${NAME}::${NAME}\"" "\"cmake_target_name\", \"${NAME}::compiled\""
                "\"compiled\": [True, False]"
                "\"cmake_file_name\", \"${NAME}\"")
  string(FIND "${recipe}" "${pattern}" at)
  expect("conanfile.py: does not contain ${pattern}" at GREATER -1)
endforeach()

if(errors)
  list(JOIN errors "\n  " text)
  message(FATAL_ERROR "packaging recipes disagree with the project:\n  ${text}")
endif()
message(STATUS "vcpkg port and conan recipe: ${NAME} ${VERSION}, eigen3 dependency, CONFIG_PATH ${fixup_path}")
