# SPDX-License-Identifier: Apache-2.0
# snippet_text(<name> <out>): the body of the fenced block that follows the line
# `<!-- snippet: <name> -->` in README.md (SOURCE_DIR/README.md), as a string; a missing or
# unterminated block is an error. Plain string searches: the README's lines hold `;` and `[`,
# which CMake's list handling would split or join.
function(snippet_text name out)
  file(READ "${SOURCE_DIR}/README.md" readme)
  string(FIND "${readme}" "<!-- snippet: ${name} -->\n" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "README.md has no line <!-- snippet: ${name} -->")
  endif()
  string(SUBSTRING "${readme}" ${at} -1 rest)
  string(FIND "${rest}" "\n```" fence)  # the opening fence is the next line
  if(fence EQUAL -1)
    message(FATAL_ERROR "README.md has no fenced block after <!-- snippet: ${name} -->")
  endif()
  math(EXPR fence "${fence} + 4")
  string(SUBSTRING "${rest}" ${fence} -1 rest)
  string(FIND "${rest}" "\n" body_start)  # past the language tag
  math(EXPR body_start "${body_start} + 1")
  string(SUBSTRING "${rest}" ${body_start} -1 rest)
  string(FIND "${rest}" "\n```" body_end)
  if(body_end EQUAL -1)
    message(FATAL_ERROR "README.md has no complete fenced block after <!-- snippet: ${name} -->")
  endif()
  math(EXPR body_end "${body_end} + 1")  # keep the body's last newline
  string(SUBSTRING "${rest}" 0 ${body_end} text)
  set(${out} "${text}" PARENT_SCOPE)
endfunction()
