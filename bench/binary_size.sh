#!/usr/bin/env bash
# What a program that calls only resize<float> grows by, linked three ways: header-only, against
# ndresize::compiled, and against it with --gc-sections. "Growth" is the stripped executable's
# size minus that of the same program without the call (the C++ runtime is in both).
# Usage: bench/binary_size.sh [build folder with ndresize_compiled built; default: a fresh
#        Release build under /tmp] ; CXX, and CXXFLAGS for the program
#        (default -O3 -DNDEBUG: the flags of the Release build of the library, so that both
#        sides are compiled alike).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cxx=${CXX:-g++}
flags=(-std=c++20 ${CXXFLAGS:--O3 -DNDEBUG} -I"$root/include" -I/usr/include/eigen3)
build=${1:-}
if [ -z "$build" ]; then
  build=$(mktemp -d)
  cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DNDRESIZE_BUILD_TESTS=OFF -DNDRESIZE_BUILD_EXAMPLES=OFF >/dev/null
  cmake --build "$build" --target ndresize_compiled -j"$(nproc)" >/dev/null
fi
lib=$(find "$build" -name libndresize_compiled.a | head -n 1)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat >"$work/none.cpp" <<'CPP'
#include <cstdio>
int main() { std::puts("no call"); return 0; }
CPP
cat >"$work/call.cpp" <<'CPP'
// Shapes and scales come from the command line, as a program's data would: constants would let
// the header-only build fold the checks away, which no real caller sees.
#include <ndresize/resize.hpp>
#include <cstdio>
#include <cstdlib>
#include <vector>
int main(int argc, char** argv) {
  const ndresize::index_t n = argc > 1 ? std::atoi(argv[1]) : 2;
  const float s = argc > 2 ? static_cast<float>(std::atof(argv[2])) : 2.0f;
  const std::vector<float> x(static_cast<std::size_t>(n * n), 1.0f);
  const std::vector<float> scales = {s, s};
  const auto y = ndresize::resize<float>(ndresize::tensor_view<const float>(x.data(), {n, n}), scales,
                                         {.mode = ndresize::enums::mode::linear});
  std::printf("%g\n", static_cast<double>(y[0]));
  return 0;
}
CPP
size_of() { strip -o "$work/stripped" "$1" && stat -c %s "$work/stripped"; }
"$cxx" "${flags[@]}" "$work/none.cpp" -o "$work/none"
base=$(size_of "$work/none")
"$cxx" "${flags[@]}" "$work/call.cpp" -o "$work/header_only"
"$cxx" "${flags[@]}" -ffunction-sections -fdata-sections "$work/call.cpp" -Wl,--gc-sections -o "$work/header_only_gc"
"$cxx" "${flags[@]}" -DNDRESIZE_COMPILED "$work/call.cpp" "$lib" -o "$work/compiled"
"$cxx" "${flags[@]}" -DNDRESIZE_COMPILED "$work/call.cpp" "$lib" -Wl,--gc-sections -o "$work/compiled_gc"
echo "$cxx $("$cxx" -dumpversion) ${CXXFLAGS:--O3 -DNDEBUG} ($(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?'))"
echo
echo "| resize<float> program | growth KB |"
echo "|---|---:|"
for v in header_only header_only_gc compiled compiled_gc; do
  printf '| %s | %d |\n' "$v" $(( ($(size_of "$work/$v") - base + 512) / 1024 ))
done
