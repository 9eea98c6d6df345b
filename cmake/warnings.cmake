# SPDX-License-Identifier: Apache-2.0
# Warnings for our own tests, examples and benchmarks only (never propagated to users).
function(ndresize_target_warnings target)
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Werror=return-type)
  endif()
endfunction()
