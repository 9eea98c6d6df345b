# SPDX-License-Identifier: Apache-2.0
"""PyTorch peer for the ndresize benchmarks: torch.nn.functional.interpolate on the workloads
of bench/peers/workloads.json, torch.set_num_threads(n) for each n of --threads.

Semantics, per ONNX Resize-19 with coordinate_transformation_mode half_pixel:
  linear   -> mode bilinear (4-D) / trilinear (5-D), align_corners=False: same sampling (torch
              clamps a negative source coordinate to 0, which equals ONNX's edge clamp).
  cubic    -> mode bicubic, align_corners=False: Keys' kernel with a = -0.75 and edge-clamped
              taps, as ONNX with cubic_coeff_a = -0.75, exclude_outside = 0.
  nearest  -> mode nearest: src = floor(dst * in / out). For an exact 2x upscale (W4) this
              picks the same pixel as half_pixel + round_prefer_floor (dst = 2k and 2k + 1
              both read k), so W4 is the same computation; for other ratios it is not.
  antialias (W2a) -> bilinear with antialias=True: PIL's triangle filter stretched by
              1/scale, taps that fall outside the image dropped and the rest renormalized,
              where ONNX clamps them to the edge; it differs from ONNX near the borders
              ("approx").
  channels-last workloads (layout nhwc, W1-NHWC, ...) -> the input in torch.channels_last
              memory; interpolate writes its output in the same format.
  uint8 (W6, W6a) -> torch 1.13 has no uint8 bilinear kernel ("not implemented for 'Byte'",
              with or without antialias), so the same computation cannot be timed: the line
              reports median_ms null. A float32 run of the same shapes (NHWC as channels_last)
              is printed as library "torch-float32", semantics "different", for reference
              only; compare.py never picks it as the fastest peer.
interpolate has no out= argument: every call allocates its output (the allocator caches the
block, so after warmup this is a free-list hit, but the timed figure includes it).

One repetition calls interpolate enough times to last --min-time seconds and records the mean;
each figure is the median over --reps repetitions after warmup (the statistic of Google
Benchmark's median aggregate in resize_bench).
Prints one JSON line per (workload, threads):
  {"id","library":"torch","threads","median_ms","semantics","reps","calls_per_rep"[,"note"]}
after a first line {"context": {"cap.torch": "<ATen's CPU capability>"}}.

usage: /usr/bin/python3 bench/peers/torch_bench.py [--threads 1,2] [--reps 10]
           [--min-time 0.1] [--only W1,W4 (a base id also selects its -NHWC variant)] [--dump DIR]
--dump writes each workload's input and output as .npy (X_<id>.npy, Y_<id>.npy) for
check_semantics.py.
"""
import argparse
import json
import os
import re
import statistics
import sys
import time

import numpy as np
import torch
import torch.nn.functional as F

from workloads import channels_last, load_workloads


def random_input(w, dtype):
    """Uniform [-1, 1) floats or [0, 255] bytes, the distributions resize_bench uses."""
    rng = np.random.default_rng(42)
    if dtype == "uint8":
        return rng.integers(0, 256, size=w["in"], dtype=np.uint8)
    return rng.uniform(-1.0, 1.0, size=w["in"]).astype(np.float32)


def as_nchw(w, x):
    """The tensor interpolate sees: NC... as is; a channels-last workload (W1-NHWC, ...) as the
    same values in torch.channels_last memory (interpolate keeps that format for its output); an
    HWC image resized on axes 0,1 as a 1xCxHxW channels_last view of the same memory (no copy)."""
    t = torch.from_numpy(x)
    if channels_last(w):
        return t.contiguous(memory_format=torch.channels_last)
    if w["axes"] == [0, 1] and len(w["in"]) == 3:
        return t.permute(2, 0, 1).unsqueeze(0)
    if w["axes"] is not None:
        raise ValueError("unsupported axes " + str(w["axes"]))
    return t


def out_spatial(w):
    if w["axes"] == [0, 1]:
        return w["out"][0:2]
    return w["out"][2:]


def torch_mode(w):
    if w["mode"] == "nearest":
        return "nearest"
    rank = len(w["in"]) if w["axes"] is None else 4
    if w["mode"] == "linear":
        return {3: "linear", 4: "bilinear", 5: "trilinear"}[rank]
    if w["mode"] == "cubic" and rank == 4:
        return "bicubic"
    raise ValueError(f"no torch mode for {w['mode']} at rank {rank}")


def semantics(w):
    if w["antialias"]:
        return "approx"  # PIL-style border handling, see the module docstring
    return "same"


def make_call(w, x):
    mode = torch_mode(w)
    kwargs = {"size": out_spatial(w), "mode": mode}
    if mode != "nearest":
        kwargs["align_corners"] = False
    if w["antialias"]:
        kwargs["antialias"] = True
    return lambda: F.interpolate(x, **kwargs)


def time_call(call, reps, min_time):
    def mean_of(calls):
        t0 = time.perf_counter_ns()
        for _ in range(calls):
            call()
        return (time.perf_counter_ns() - t0) / 1e6 / calls

    call()  # warmup: allocator, thread pool
    once = mean_of(2)
    calls = max(1, int(np.ceil(min_time * 1e3 / max(once, 1e-3))))
    mean_of(min(calls, 3))
    return statistics.median(mean_of(calls) for _ in range(reps)), calls


def bench(w, threads, args):
    base = {"id": w["id"], "threads": threads}
    x_np = random_input(w, w["dtype"])
    x = as_nchw(w, x_np)
    call = make_call(w, x)
    try:
        y = call()
    except RuntimeError as e:
        # torch 1.13 cannot resample uint8 with (anti-aliased) bilinear. Say so, and time the
        # float32 computation of the same shapes as a separately labelled reference.
        lines = [dict(base, library="torch", median_ms=None, semantics="n/a", note=f"torch {torch.__version__}: {e}")]
        xf = as_nchw(w, random_input(w, "float32"))
        xf = xf.contiguous(memory_format=torch.channels_last) if xf.dim() == 4 else xf
        median, calls = time_call(make_call(w, xf), args.reps, args.min_time)
        lines.append(dict(base, library="torch-float32", median_ms=median, semantics="different",
                          reps=args.reps, calls_per_rep=calls,
                          note=f"float32 input instead of {w['dtype']} (no {w['dtype']} kernel in torch {torch.__version__})"))
        return lines
    if args.dump and threads == args.threads[0]:
        os.makedirs(args.dump, exist_ok=True)
        # back to the workload's own layout (NHWC view -> HWC) before saving
        y_np = y.squeeze(0).permute(1, 2, 0).numpy() if w["axes"] == [0, 1] else y.numpy()
        np.save(os.path.join(args.dump, f"X_{w['id']}.npy"), x_np)
        np.save(os.path.join(args.dump, f"Y_{w['id']}.npy"), np.ascontiguousarray(y_np))
    median, calls = time_call(call, args.reps, args.min_time)
    return [dict(base, library="torch", median_ms=median, semantics=semantics(w), reps=args.reps, calls_per_rep=calls)]


def cpu_capability():
    """The instruction set of ATen's vectorized CPU kernels (upsample_* among them), as torch
    reports it: ATEN_CPU_CAPABILITY=default|avx2|avx512 caps it (torch 1.13 has no API for it:
    read from torch.__config__.show()). Debian's 1.13 picks AVX2 on its own even where the CPU
    has AVX-512; "default" is the build's baseline code without explicit vectors."""
    found = re.search(r"CPU capability usage: (.*)", torch.__config__.show())
    line = found.group(1).strip() if found else "not reported"
    cap = os.environ.get("ATEN_CPU_CAPABILITY")
    return f"{line} (ATEN_CPU_CAPABILITY={cap})" if cap else line


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--threads", default="1,2", type=lambda s: [int(v) for v in s.split(",")])
    parser.add_argument("--reps", default=10, type=int)
    parser.add_argument("--min-time", default=0.1, type=float, help="seconds per repetition")
    parser.add_argument("--only", default=None, type=lambda s: set(s.split(",")))
    parser.add_argument("--dump", default=None, help="write inputs/outputs as .npy here")
    args = parser.parse_args()
    if args.reps < 10:
        parser.error("--reps must be at least 10")
    torch.set_grad_enabled(False)
    print(json.dumps({"context": {"cap.torch": cpu_capability()}}), flush=True)
    for w in load_workloads():
        if args.only and w["id"] not in args.only and w["base"] not in args.only:
            continue
        for threads in args.threads:
            torch.set_num_threads(threads)
            for line in bench(w, threads, args):
                print(json.dumps(line), flush=True)


if __name__ == "__main__":
    sys.exit(main())
