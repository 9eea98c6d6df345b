#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# What including and using ndresize costs a translation unit: user CPU seconds of the compiler
# (not wall time, so that other work on the machine does not count) and the object size, for
# small TUs, beside two references (Eigen/Core, the standard headers). A measurement, not a
# test: the numbers depend on the compiler and the machine.
#   bench/compile_cost.sh [source tree (default: this one)]
# Environment: CXX (default g++), CXXFLAGS (default -O2), EIGEN_INCLUDE (default
# /usr/include/eigen3), REPEAT (compiles per row, the median is printed; default 3).
set -euo pipefail
root=$(cd "${1:-$(dirname "$0")/..}" && pwd)
cxx=${CXX:-g++}
read -r -a flags <<<"${CXXFLAGS:--O2}"
eigen=${EIGEN_INCLUDE:-/usr/include/eigen3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cat >"$work/umbrella.cpp" <<'CPP'
#include <ndresize/ndresize.hpp>
CPP
cat >"$work/resize_float.cpp" <<'CPP'
#include <ndresize/ndresize.hpp>
ndresize::tensor<float> run(ndresize::tensor_view<const float> x, std::span<const float> scales,
                            const ndresize::resize_attributes& attrs) {
  return ndresize::resize<float>(x, scales, attrs);
}
CPP
sed 's|ndresize/ndresize.hpp|ndresize/resize.hpp|' "$work/resize_float.cpp" >"$work/resize_only.cpp"
cat >"$work/onnx_compute.cpp" <<'CPP'
#include <ndresize/ndresize.hpp>
void run(const ndresize::onnx::attribute_map& attrs, const ndresize::any_const_tensor_view& x,
         const ndresize::onnx::resize_inputs& in, const ndresize::any_tensor_view& y) {
  ndresize::onnx::compute("Resize", 19, attrs, x, in, y);
}
CPP

# Two references that tell how fast this machine compiles, to compare the rows with tables made
# elsewhere: <Eigen/Core> alone, and the standard headers the library includes, all of them.
echo '#include <Eigen/Core>' >"$work/eigen_core.cpp"
grep -rhoE '^#include <[a-z_]+>' "$root/include/ndresize" | sort -u >"$work/std_headers.cpp"

# measure <label> <source> [extra flags...]: prints one table row.
# The median of REPEAT compiles (default 3): one compile on a shared machine can be 30 % off.
repeat=${REPEAT:-3}
measure() {
  local label=$1 src=$2
  shift 2
  local obj="$work/out.o" t times=() i
  TIMEFORMAT=%U
  for ((i = 0; i < repeat; ++i)); do
    t=$({ time "$cxx" -std=c++20 "${flags[@]}" "$@" -I"$root/include" -isystem "$eigen" -c "$src" -o "$obj" 2>/dev/null; } 2>&1)
    times+=("$t")
  done
  t=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (repeat + 1) / 2 ))p")
  printf '| %s | %.1f | %d |\n' "$label" "$t" "$(( ($(stat -c %s "$obj") + 512) / 1024 ))"
}

echo "$cxx $("$cxx" -dumpversion) ${flags[*]} ($(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?'))"
echo
echo "| TU | compile s | object KB |"
echo "|---|---:|---:|"
measure 'reference: `#include <Eigen/Core>` alone' "$work/eigen_core.cpp"
measure "reference: the $(wc -l <"$work/std_headers.cpp") standard headers the library includes, alone" "$work/std_headers.cpp"
measure '`#include <ndresize/ndresize.hpp>` alone' "$work/umbrella.cpp"
measure 'one `resize<float>(x, scales, attrs)`' "$work/resize_float.cpp"
measure 'one `onnx::compute(...)`, header-only' "$work/onnx_compute.cpp"
if [ -f "$root/src/compiled.cpp" ] || [ -f "$root/src/onnx_planner.cpp" ]; then
  measure '`#include <ndresize/ndresize.hpp>` alone with `NDRESIZE_COMPILED`' "$work/umbrella.cpp" -DNDRESIZE_COMPILED
  measure 'one `resize<float>(x, scales, attrs)` with `NDRESIZE_COMPILED` (ndresize::compiled)' "$work/resize_float.cpp" -DNDRESIZE_COMPILED
  measure 'one `resize<float>(x, scales, attrs)` including `resize.hpp` only, with `NDRESIZE_COMPILED`' "$work/resize_only.cpp" -DNDRESIZE_COMPILED
  measure 'one `onnx::compute(...)` with `NDRESIZE_COMPILED` (ndresize::compiled)' "$work/onnx_compute.cpp" -DNDRESIZE_COMPILED
else
  echo '| `#include <ndresize/ndresize.hpp>` alone with `NDRESIZE_COMPILED` | n/a | n/a |'
  echo '| one `resize<float>(x, scales, attrs)` with `NDRESIZE_COMPILED` (ndresize::compiled) | n/a | n/a |'
  echo '| one `resize<float>(x, scales, attrs)` including `resize.hpp` only, with `NDRESIZE_COMPILED` | n/a | n/a |'
  echo '| one `onnx::compute(...)` with `NDRESIZE_COMPILED` (ndresize::compiled) | n/a | n/a |'
fi
