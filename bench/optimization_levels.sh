#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# ndresize's time at two compilers' settings, side by side: resize_bench built twice (default:
# the benchmark's -O3 against the -O2 of Bazel's opt, distribution packages and RelWithDebInfo),
# the ndresize rows of both run alternately, and per workload the best median of each and their
# ratio (B / A; above 1: B is slower). A measurement, not a test: on a shared machine repeat it,
# and count only what every round agrees on.
#
#   bench/optimization_levels.sh                                    -O3 (A) against -O2 (B)
#   A_FLAGS="-O2 -DNDEBUG" B_FLAGS="-O2 -DNDEBUG" B_CXX=clang++ bench/optimization_levels.sh
#
# Environment: A_FLAGS, B_FLAGS (CMAKE_CXX_FLAGS_RELEASE of each build; defaults "-O3 -DNDEBUG"
# and "-O2 -DNDEBUG"), A_CXX, B_CXX (compilers; default c++), ROUNDS (alternations, default 2),
# THREADS (default 1), NDRESIZE_ISA (the target both run, as for resize_bench), BUILD (folder of
# the two build trees, default build/optimization-levels).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-$root/build/optimization-levels}
rounds=${ROUNDS:-2}
threads=${THREADS:-1}
for v in A B; do
  flags_var=${v}_FLAGS cxx_var=${v}_CXX
  default_flags=$([ $v = A ] && echo "-O3 -DNDEBUG" || echo "-O2 -DNDEBUG")
  cmake -S "$root" -B "$build/$v" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="${!cxx_var:-c++}" \
    -DCMAKE_CXX_FLAGS_RELEASE="${!flags_var:-$default_flags}" -DNDRESIZE_BUILD_BENCHMARKS=ON \
    -DNDRESIZE_BUILD_TESTS=OFF -DNDRESIZE_BUILD_EXAMPLES=OFF >/dev/null
  cmake --build "$build/$v" --target resize_bench -j"$(nproc)" >/dev/null
done
for ((r = 0; r < rounds; ++r)); do
  for v in A B; do
    "$build/$v/bench/resize_bench" --benchmark_filter="/ndresize/threads:$threads/" --benchmark_repetitions=3 \
      --benchmark_report_aggregates_only=true --benchmark_min_time=0.05 2>/dev/null |
      awk -v v=$v '/_median/ { sub("/ndresize/.*", "", $1); print v, $1, $2 }'
  done
done | python3 -c '
import collections, sys
best = collections.defaultdict(dict)
for line in sys.stdin:
    v, workload, ms = line.split()
    best[workload][v] = min(float(ms), best[workload].get(v, float("inf")))
print("%-10s %8s %8s %6s" % ("workload", "A ms", "B ms", "B/A"))
for workload, t in best.items():
    if "A" in t and "B" in t:
        print("%-10s %8.3f %8.3f %6.2f" % (workload, t["A"], t["B"], t["B"] / t["A"]))
'
