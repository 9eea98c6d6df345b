#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Paired comparison of two revisions of ndresize on the benchmark workloads, in one program.
#
#   bench/paired_compare.sh A B [WORKLOAD...]       A, B: git revisions, or "worktree" for the
#                                                   working tree as it is (uncommitted changes)
#   PAIRS=60 THREADS=1,2 bench/paired_compare.sh HEAD worktree W1 W7
#
# Both revisions are compiled with the benchmark's Release flags (-O3 -DNDEBUG, no -march; OPT
# replaces them, e.g. OPT="-O2 -DNDEBUG" for the optimization level many projects build with) into
# one executable, each in its own namespaces; each workload then alternates one call of A and
# one of B, PAIRS times per thread count, and prints both builds' min and median and the median
# of the per-pair ratios B/A (below 1: B is faster). On a shared machine, where the same build
# run twice can differ by 2x, that ratio is what to trust; repeat the run before believing a
# difference under ~5 %. Both builds time resize_bench's input data, and their last outputs are
# compared byte for byte ("same bytes"; a numeric change shows as OUTPUTS DIFFER).
# Needs git, g++ (C++20), Google Benchmark (libbenchmark-dev) and Eigen (libeigen3-dev), as the
# benchmark build does. Default workloads: all of bench_workload.hpp's.
set -euo pipefail
[ $# -ge 2 ] || { sed -n '3,18p' "$0"; exit 2; }
root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
rev_a=$1 rev_b=$2
shift 2
workloads=("$@")
[ ${#workloads[@]} -gt 0 ] || workloads=(W1 W1-NHWC W2 W2-NHWC W2a W2a-NHWC W3 W3-NHWC W4 W4-NHWC W5 W6 W6a W7 W7-NHWC)
pairs=${PAIRS:-60}
threads=${THREADS:-1,2}
cxx=${CXX:-g++}
read -r -a opt <<<"${OPT:--O3 -DNDEBUG}"
work=$(mktemp -d "${TMPDIR:-/tmp}/ndresize-paired.XXXXXX")
trap 'rm -rf "$work"' EXIT

# Copies the library, benchmark and test-support sources of revision $1 into $2.
export_revision() {
  mkdir -p "$2"
  if [ "$1" = worktree ]; then
    cp -r "$root/include" "$root/bench" "$root/tests" "$2/"
  else
    git -C "$root" archive "$1" include bench tests | tar -x -C "$2"
  fi
}

objects=()
for v in A B; do
  rev=$([ $v = A ] && echo "$rev_a" || echo "$rev_b")
  src=$work/$v
  export_revision "$rev" "$src"
  # The library's inline ABI namespace, renamed so that the two copies do not collide.
  sed -i "s/^#define NDRESIZE_ABI_NAMESPACE .*/#define NDRESIZE_ABI_NAMESPACE paired_$v/" \
    "$src/include/ndresize/version.hpp"
  grep -q "NDRESIZE_ABI_NAMESPACE paired_$v" "$src/include/ndresize/version.hpp" ||
    { echo "paired_compare: $rev has no NDRESIZE_ABI_NAMESPACE in version.hpp" >&2; exit 1; }
  "$cxx" -std=c++20 "${opt[@]}" -Dbench=bench_$v -Dnaive=naive_$v -Dconformance=conformance_$v \
    "-DPAIRED_FN(name)=${v}_##name" -I"$src/include" -I"$src/bench" -I"$src/tests" -I/usr/include/eigen3 \
    -c "$root/bench/paired/variant.cpp" -o "$work/$v.o" &
  objects+=("$work/$v.o")
done
wait
"$cxx" -std=c++20 -O2 "$root/bench/paired/paired_main.cpp" "${objects[@]}" -o "$work/paired" -lbenchmark -lpthread
echo "A = $rev_a, B = $rev_b, $pairs pairs per row"
IFS=, read -ra thread_counts <<<"$threads"
for n in "${thread_counts[@]}"; do "$work/paired" "$pairs" "$n" "${workloads[@]}"; done
