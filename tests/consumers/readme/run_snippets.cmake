# SPDX-License-Identifier: Apache-2.0
# The README's integration snippets, run verbatim from a scratch folder. The README marks each
# with an HTML comment (`<!-- snippet: NAME -->`) on the line before its fenced block:
#   install        shell: configure the source tree (a folder named `ndresize`) and install it
#   find_package   CMake: a consumer of the installed package
#   fetchcontent   CMake: a consumer that fetches ndresize with FetchContent
#   add_subdirectory CMake: a consumer with ndresize under third_party/
# The only replacements: the install prefix `/opt/ndresize` becomes a scratch folder, the
# repository URL `<url of this repository>` the source tree, and the tag of the FetchContent
# snippet the source tree's HEAD commit (a clone need not hold the release tag; the snippet is
# checked, the code is this tree's). Each CMake snippet follows
#   cmake_minimum_required(VERSION 3.25) / project(app CXX) / add_executable(app app.cpp)
# in a consumer project; the program is built and run (it prints "app: ok").
# Usage: cmake -DSOURCE_DIR=<ndresize> -DWORK_DIR=<scratch> -DSNIPPET=<name> [-DCXX=<compiler>]
#        [-DEIGEN3_DIR=<dir>] [-DGENERATOR=<generator>] -P run_snippets.cmake
cmake_minimum_required(VERSION 3.25)
foreach(var SOURCE_DIR WORK_DIR SNIPPET)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "${var} is not set")
  endif()
endforeach()

include("${CMAKE_CURRENT_LIST_DIR}/readme_snippet.cmake")

function(run)
  execute_process(COMMAND ${ARGN} WORKING_DIRECTORY "${WORK_DIR}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    string(REPLACE ";" " " cmd "${ARGN}")
    message(FATAL_ERROR "`${cmd}` failed (${rc}):\n${out}\n${err}")
  endif()
  set(run_output "${out}" PARENT_SCOPE)
endfunction()

set(cmake_options "")
if(CXX)
  list(APPEND cmake_options "-DCMAKE_CXX_COMPILER=${CXX}")
endif()
if(EIGEN3_DIR)
  list(APPEND cmake_options "-DEigen3_DIR=${EIGEN3_DIR}")
endif()
if(GENERATOR)
  list(APPEND cmake_options -G "${GENERATOR}")
endif()
set(prefix "${WORK_DIR}/prefix")

# Builds and runs the consumer project made of the CMake snippet `name`.
function(consumer name)
  snippet_text(${name} text)
  string(REPLACE "<url of this repository>" "${SOURCE_DIR}" text "${text}")
  if(name STREQUAL "fetchcontent")
    execute_process(COMMAND git -C "${SOURCE_DIR}" rev-parse HEAD OUTPUT_VARIABLE head RESULT_VARIABLE rc
                    OUTPUT_STRIP_TRAILING_WHITESPACE)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "the FetchContent snippet needs the source tree to be a git repository")
    endif()
    string(REGEX REPLACE "GIT_TAG [^ )]+" "GIT_TAG ${head}" text "${text}")
  endif()
  set(app "${WORK_DIR}/${name}")
  file(REMOVE_RECURSE "${app}")
  file(MAKE_DIRECTORY "${app}")
  configure_file("${CMAKE_CURRENT_LIST_DIR}/app.cpp" "${app}/app.cpp" COPYONLY)
  if(name STREQUAL "add_subdirectory")
    file(MAKE_DIRECTORY "${app}/third_party")
    file(CREATE_LINK "${SOURCE_DIR}" "${app}/third_party/ndresize" SYMBOLIC)
  endif()
  file(WRITE "${app}/CMakeLists.txt"
       "cmake_minimum_required(VERSION 3.25)\nproject(app CXX)\nadd_executable(app app.cpp)\n${text}")
  run(${CMAKE_COMMAND} -S "${app}" -B "${app}/build" ${cmake_options} "-DCMAKE_PREFIX_PATH=${prefix}"
      -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF)
  run(${CMAKE_COMMAND} --build "${app}/build")
  # As a subproject, ndresize::compiled (not linked by app) must not have been built.
  file(GLOB_RECURSE built_compiled "${app}/build/*libndresize_compiled*")
  if(built_compiled)
    message(FATAL_ERROR "${name}: the consumer does not link ndresize::compiled, but it was built: ${built_compiled}")
  endif()
  run("${app}/build/app")
  if(NOT run_output MATCHES "app: ok")
    message(FATAL_ERROR "${name}: the program printed ${run_output}")
  endif()
  message(STATUS "${name}: built and ran the README's snippet")
endfunction()

file(MAKE_DIRECTORY "${WORK_DIR}")
if(SNIPPET STREQUAL "install")
  # The install snippet on a fresh configure (no build): a header-only package, then the
  # find_package snippet's consumer against it.
  file(REMOVE_RECURSE "${WORK_DIR}/build" "${prefix}" "${WORK_DIR}/ndresize")
  file(CREATE_LINK "${SOURCE_DIR}" "${WORK_DIR}/ndresize" SYMBOLIC)
  snippet_text(install text)
  string(REPLACE "/opt/ndresize" "${prefix}" text "${text}")
  string(REPLACE "\n" ";" commands "${text}")
  foreach(command IN LISTS commands)
    if(command STREQUAL "" OR command MATCHES "^#")
      continue()
    endif()
    separate_arguments(argv UNIX_COMMAND "${command}")
    list(POP_FRONT argv program)
    if(NOT program STREQUAL "cmake")
      message(FATAL_ERROR "the install snippet runs `${program}`; this test runs cmake commands only")
    endif()
    if(argv MATCHES "^-S;")
      list(APPEND argv ${cmake_options})  # the configure step: this build's compiler and Eigen
    endif()
    run(${CMAKE_COMMAND} ${argv})
  endforeach()
  if(NOT EXISTS "${prefix}/share/cmake/ndresize/ndresizeConfig.cmake")
    message(FATAL_ERROR "the install snippet left no ndresizeConfig.cmake under ${prefix}")
  endif()
  consumer(find_package)
else()
  consumer(${SNIPPET})
endif()
