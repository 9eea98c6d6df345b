#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# One command for the performance comparison: builds resize_bench (Release) if needed, runs it
# (ndresize, the peers CMake found: OpenCV, oneDNN, XNNPACK, libvips; the DRAM copy floor), runs the PyTorch and ONNX Runtime peers when they are
# available (a missing one is skipped with a message saying how to get it), and prints the
# markdown table of bench/compare.py. Results and the table land in the results folder.
#
# usage: bench/run_all.sh [--class avx512|avx2|sse4]
#
# CPU class (BENCH_CLASS=<class> or --class <class>; default none: every library picks its
# instruction set by CPUID, as before): caps ndresize and every peer that has a switch at the
# same vector class in the same run, so one machine can stand in for smaller ones:
#   class   NDRESIZE_ISA  OPENCV_CPU_DISABLE                 ONEDNN_MAX_CPU_ISA  ATEN_CPU_CAPABILITY (torch)
#   avx512  avx512        (unset)                            ALL                 avx512 (uncapped torch 1.13 picks avx2)
#   avx2    avx2          AVX512F,AVX512-COMMON,AVX512-SKX   AVX2                avx2
#   sse4    sse4          those + AVX2,FMA3,AVX,FP16         SSE41               default (baseline code, no explicit vectors)
# sse4 is the 128-bit class: ndresize's sse4 target stands in for its NEON one. XNNPACK (its
# 2022 resize kernels are 128-bit SSE anyway), libvips (orc's 128-bit "sse" target) and ONNX
# Runtime (no switch known) are not capped. resize_bench and the script peers report what each
# library actually runs on, and compare.py prints that under each table's heading with the
# class; the results of a class run go to build/bench-results/<class>/.
#
# Environment:
#   BENCH_CLASS=avx2              the CPU class above (the --class argument wins over it).
#   BENCH_QUICK=1                 short runs while developing: 3 repetitions of 0.05 s for
#                                 resize_bench, 10 of 0.01 s for the peers (default: 10 x 0.5 s
#                                 and 10 x 0.1 s).
#   BENCH_MIN_TIME=0.2            seconds per repetition of a resize_bench case in a full run
#                                 (default 0.5; the full run has about 150 cases).
#   BENCH_ONLY=W1,W4              only these workloads.
#   BENCH_PEERS="torch ort"       which script peers to run (OpenCV comes with resize_bench).
#   NDRESIZE_BENCH_EXTRA_FLAGS="-march=native"
#                                 also build resize_bench with these compiler flags in a
#                                 separate folder and print a second table for it.
#   NDRESIZE_BENCH_BUILD_DIR      default build/bench; the extra-flags build goes to
#   NDRESIZE_BENCH_EXTRA_BUILD_DIR  (default build/bench-native).
#   NDRESIZE_BENCH_RESULTS_DIR    default build/bench-results (build/bench-results/<class> for
#                                 a CPU class run).
#   PYTHON                        the Python for compare.py and the peers (default
#                                 /usr/bin/python3, which has Debian's python3-torch and
#                                 python3-onnx; a pyenv python3 on PATH has neither).
#   TORCH_PYTHON, ONNX_PYTHON     override it for torch_bench.py / gen_models.py only.
set -euo pipefail

say() { printf '== %s\n' "$*" >&2; }

cpu_class=${BENCH_CLASS:-}
while (($#)); do
  case $1 in
    --class) [[ $# -ge 2 ]] || { say "--class needs a value (avx512, avx2, sse4)"; exit 2; }; cpu_class=$2; shift 2 ;;
    --class=*) cpu_class=${1#--class=}; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d'; exit 0 ;;
    *) say "unknown argument '$1' (usage: bench/run_all.sh [--class avx512|avx2|sse4])"; exit 2 ;;
  esac
done
# The caps of each class, set before anything starts: each library reads its variable once.
opencv_no_avx512=AVX512F,AVX512-COMMON,AVX512-SKX
case $cpu_class in
  "") ;;
  avx512)
    export NDRESIZE_ISA=avx512 ONEDNN_MAX_CPU_ISA=ALL ATEN_CPU_CAPABILITY=avx512
    unset OPENCV_CPU_DISABLE ;;
  avx2)
    export NDRESIZE_ISA=avx2 ONEDNN_MAX_CPU_ISA=AVX2 ATEN_CPU_CAPABILITY=avx2
    export OPENCV_CPU_DISABLE=$opencv_no_avx512 ;;
  sse4)
    export NDRESIZE_ISA=sse4 ONEDNN_MAX_CPU_ISA=SSE41 ATEN_CPU_CAPABILITY=default
    export OPENCV_CPU_DISABLE=$opencv_no_avx512,AVX2,FMA3,AVX,FP16 ;;
  *) say "unknown CPU class '$cpu_class' (known: avx512, avx2, sse4)"; exit 2 ;;
esac

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${NDRESIZE_BENCH_BUILD_DIR:-$root/build/bench}
extra_flags=${NDRESIZE_BENCH_EXTRA_FLAGS:-}
extra_build_dir=${NDRESIZE_BENCH_EXTRA_BUILD_DIR:-$root/build/bench-native}
results=${NDRESIZE_BENCH_RESULTS_DIR:-$root/build/bench-results${cpu_class:+/$cpu_class}}
python=${PYTHON:-/usr/bin/python3}
torch_python=${TORCH_PYTHON:-$python}
onnx_python=${ONNX_PYTHON:-$python}
peers=${BENCH_PEERS:-torch ort}
only=${BENCH_ONLY:-}

if [[ ${BENCH_QUICK:-0} == 1 ]]; then
  gbench_args=(--benchmark_repetitions=3 --benchmark_min_time=0.05)
  peer_args=(--reps 10 --min-time 0.01)
else
  gbench_args=(--benchmark_repetitions=10 "--benchmark_min_time=${BENCH_MIN_TIME:-0.5}")
  peer_args=(--reps 10 --min-time 0.1)
fi
# Repetitions of all cases run in random order, so that load from elsewhere on a shared machine
# is spread over every case instead of falling on a few: only same-run ratios count.
gbench_args+=(--benchmark_enable_random_interleaving=true --benchmark_report_aggregates_only=true
              --benchmark_format=json)
if [[ -n $only ]]; then
  gbench_args+=("--benchmark_filter=^(${only//,/|})(-NHWC)?/")
  peer_args+=(--only "$only")
fi

# configure + build resize_bench in Release; $1 build folder, $2 extra CXX flags
build_bench() {
  local dir=$1 flags=$2
  say "building resize_bench in ${dir#"$root"/} ${flags:+(CXXFLAGS: $flags)}"
  local configure=(cmake -S "$root" -B "$dir" -DCMAKE_BUILD_TYPE=Release -DNDRESIZE_BUILD_BENCHMARKS=ON
                   -DNDRESIZE_BUILD_TESTS=OFF -DNDRESIZE_BUILD_EXAMPLES=OFF)
  if [[ -n $flags ]]; then configure+=("-DCMAKE_CXX_FLAGS=$flags"); fi
  "${configure[@]}" >"$results/cmake-configure-$(basename "$dir").log" 2>&1 ||
    { cat "$results/cmake-configure-$(basename "$dir").log" >&2; return 1; }
  cmake --build "$dir" --target resize_bench -j2 >&2
}

# run resize_bench from build folder $1 into JSON file $2
run_bench() {
  local exe=$1/bench/resize_bench
  [[ -x $exe ]] || { say "$exe was not built"; return 1; }
  say "running ${exe#"$root"/} ${gbench_args[*]}"
  "$exe" "${gbench_args[@]}" --benchmark_out="$2" --benchmark_out_format=json >/dev/null
}

mkdir -p "$results"
if [[ -n $cpu_class ]]; then
  say "CPU class $cpu_class: NDRESIZE_ISA=$NDRESIZE_ISA OPENCV_CPU_DISABLE=${OPENCV_CPU_DISABLE:-} ONEDNN_MAX_CPU_ISA=$ONEDNN_MAX_CPU_ISA ATEN_CPU_CAPABILITY=$ATEN_CPU_CAPABILITY"
fi
build_bench "$build_dir" ""
if [[ -n $extra_flags ]]; then
  build_bench "$extra_build_dir" "$extra_flags"
fi

run_bench "$build_dir" "$results/ndresize.json"
compare_args=(--ndresize "$results/ndresize.json" --output "$results/table.md" ${cpu_class:+--class "$cpu_class"})
if [[ -n $extra_flags ]]; then
  run_bench "$extra_build_dir" "$results/ndresize-extra.json"
  compare_args+=(--native "$results/ndresize-extra.json" "--native-label=$extra_flags")
fi

for peer in $peers; do
  case $peer in
    torch)
      if ! why=$("$torch_python" -c 'import torch, numpy' 2>&1); then
        say "skipping torch: '$torch_python' cannot import torch/numpy (apt-get install python3-torch python3-numpy): ${why##*$'\n'}"
        continue
      fi
      say "running torch peer"
      "$torch_python" "$root/bench/peers/torch_bench.py" "${peer_args[@]}" >"$results/torch.jsonl"
      compare_args+=(--peer "$results/torch.jsonl")
      ;;
    ort)
      if ! command -v node >/dev/null; then
        say "skipping ort: node is not installed"
        continue
      fi
      if ! (cd "$root/bench/peers" && node -e "require('onnxruntime-node')" >/dev/null 2>&1); then
        say "skipping ort: onnxruntime-node is missing (cd bench/peers && ONNXRUNTIME_NODE_INSTALL=skip npm install)"
        continue
      fi
      if ! why=$("$onnx_python" -c 'import onnx' 2>&1); then
        say "skipping ort: '$onnx_python' cannot import onnx to write the models (apt-get install python3-onnx): ${why##*$'\n'}"
        continue
      fi
      "$onnx_python" "$root/bench/peers/gen_models.py" "$results/models" >/dev/null
      say "running ort peer"
      node "$root/bench/peers/ort_bench.mjs" --models "$results/models" "${peer_args[@]}" >"$results/ort.jsonl"
      compare_args+=(--peer "$results/ort.jsonl")
      ;;
    *) say "unknown peer '$peer' (known: torch ort)"; exit 2 ;;
  esac
done

"$python" "$root/bench/compare.py" "${compare_args[@]}"
say "results in ${results#"$root"/}/ (table.md, ndresize*.json, <peer>.jsonl)"
