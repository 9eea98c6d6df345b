# SPDX-License-Identifier: Apache-2.0
# Writes the README's C++ snippet NAME to OUTPUT for cpp_snippets_test.cpp, which compiles it
# inside a function: verbatim, except its #include lines, which the test file makes at the top.
# Usage: cmake -DSOURCE_DIR=<ndresize> -DNAME=<snippet> -DOUTPUT=<file> -P extract_cpp_snippet.cmake
cmake_minimum_required(VERSION 3.23)
include("${CMAKE_CURRENT_LIST_DIR}/readme_snippet.cmake")
snippet_text(${NAME} text)
string(REGEX REPLACE "(^|\n)#include [^\n]*" "\\1// (include made by the test)" text "${text}")
file(CONFIGURE OUTPUT "${OUTPUT}" CONTENT "// Generated from README.md, snippet ${NAME}.\n${text}" @ONLY)
