# SPDX-License-Identifier: Apache-2.0
"""Checks what each peer computes against ndresize, so the "same"/"approx" labels in the
comparison table rest on measurement: feeds the inputs the peer scripts dumped (torch_bench.py
--dump, ort_bench.mjs --dump) to the npy_resize example with the workload's Resize-19 node and
prints, per workload and peer, the largest difference from ndresize and how many elements
differ (for uint8, in units of one level). With --opencv (needs python3-opencv) it also runs
cv2.resize the way bench_opencv in resize_bench.cpp calls it (per 2-D plane; the HWC image
whole; W5 as 2-D slices blended along depth) on a fresh random input.

usage: /usr/bin/python3 bench/peers/check_semantics.py --npy-resize PATH
           [--torch-dump DIR] [--ort-dump DIR] [--opencv]
"""
import argparse
import json
import os
import subprocess
import tempfile

import numpy as np

from workloads import channels_last, load_workloads, sizes_of


def ndresize_output(npy_resize, w, x, tmp):
    x_path, sizes_path, y_path = (os.path.join(tmp, n) for n in ("x.npy", "sizes.npy", "y.npy"))
    np.save(x_path, x)
    np.save(sizes_path, np.array(sizes_of(w), dtype=np.int64))
    attrs = {"mode": w["mode"], "coordinate_transformation_mode": "half_pixel", "nearest_mode": "round_prefer_floor",
             "cubic_coeff_a": -0.75, "exclude_outside": 0, "antialias": w["antialias"]}
    if w["axes"] is not None:
        attrs["axes"] = w["axes"]
    subprocess.run([npy_resize, "--op", "Resize", "--opset", "19", "--x", x_path, "--sizes", sizes_path,
                    "--attrs", json.dumps(attrs), "--out", y_path], check=True, stdout=subprocess.DEVNULL)
    return np.load(y_path)


def peer_data(kind, folder, w):
    """(x, y) a peer dumped for workload w, or None when it dumped nothing."""
    if kind == "torch":
        paths = [os.path.join(folder, f"{n}_{w['id']}.npy") for n in ("X", "Y")]
        return tuple(np.load(p) for p in paths) if all(map(os.path.exists, paths)) else None
    paths = [os.path.join(folder, f"{n}_{w['id']}.bin") for n in ("X", "Y")]
    if not all(map(os.path.exists, paths)):
        return None
    dtype = np.dtype(w["dtype"]).newbyteorder("<")
    return tuple(np.fromfile(p, dtype=dtype).reshape(w[s]) for p, s in zip(paths, ("in", "out")))


def opencv_data(w):
    """(x, y) from cv2.resize, called as resize_bench.cpp's bench_opencv calls cv::resize."""
    import cv2

    rng = np.random.default_rng(7)
    interp = {"nearest": cv2.INTER_NEAREST, "linear": cv2.INTER_LINEAR, "cubic": cv2.INTER_CUBIC}[w["mode"]]
    if w["dtype"] == "uint8":  # interleaved HWC image
        x = rng.integers(0, 256, size=w["in"], dtype=np.uint8)
        return x, cv2.resize(x, (w["out"][1], w["out"][0]), interpolation=interp)
    x = rng.uniform(-1.0, 1.0, size=w["in"]).astype(np.float32)
    ih, iw = w["in"][-2:]
    oh, ow = w["out"][-2:]
    planes = x.reshape(-1, ih, iw)
    if len(w["in"]) == 5:  # slices resized in 2-D, then blended along depth (half_pixel, clamped)
        depth_in, depth_out = w["in"][2], w["out"][2]
        slices = [cv2.resize(p, (ow, oh), interpolation=interp) for p in planes]
        y = np.empty((depth_out, oh, ow), np.float32)
        for z in range(depth_out):
            src = max(0.0, (z + 0.5) * depth_in / depth_out - 0.5)
            z0 = min(int(src), depth_in - 1)
            z1 = min(z0 + 1, depth_in - 1)
            f = src - z0
            y[z] = cv2.addWeighted(slices[z0], 1.0 - f, slices[z1], f, 0.0)
        return x, y.reshape(w["out"])
    y = np.stack([cv2.resize(p, (ow, oh), interpolation=interp) for p in planes])
    return x, y.reshape(w["out"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--npy-resize", required=True, help="the npy_resize example binary")
    parser.add_argument("--torch-dump")
    parser.add_argument("--ort-dump")
    parser.add_argument("--opencv", action="store_true", help="also check cv2.resize")
    args = parser.parse_args()
    peers = [(k, d) for k, d in (("torch", args.torch_dump), ("ort", args.ort_dump), ("opencv", args.opencv)) if d]
    print("| workload | peer | max abs diff | elements differing | of |")
    print("|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for w in load_workloads():
            if channels_last(w):
                continue  # same values as the NCHW workload in other memory; resize_bench checks its peers itself
            for kind, folder in peers:
                if kind == "opencv" and w["antialias"]:
                    print(f"| {w['id']} | opencv | no ONNX-style antialias | | |")
                    continue
                data = opencv_data(w) if kind == "opencv" else peer_data(kind, folder, w)
                if data is None:
                    print(f"| {w['id']} | {kind} | not dumped | | |")
                    continue
                x, y = data
                ref = ndresize_output(args.npy_resize, w, x, tmp)
                if ref.shape != y.shape:
                    print(f"| {w['id']} | {kind} | shape {y.shape} vs {ref.shape} | | |")
                    continue
                diff = np.abs(y.astype(np.float64) - ref.astype(np.float64))
                tol = 0.5 if w["dtype"] == "uint8" else 1e-5
                print(f"| {w['id']} | {kind} | {diff.max():.3g} | {int((diff > tol).sum())} | {diff.size} |", flush=True)


if __name__ == "__main__":
    main()
