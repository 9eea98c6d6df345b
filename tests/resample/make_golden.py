#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""Golden vectors for ndresize::resample, from Pillow and OpenCV (run with /usr/bin/python3,
Debian's python3-pil and python3-opencv; the tests read the committed files and need neither).

Writes into golden/: two float32 input images (in_a 11x13, in_b 10x12, uniform in [0, 1)), one
.npy per case with the expected float32 output, and cases.txt, one case per line:
    <output file> <input file> <reference> <filter> <out height> <out width>
References:
  pillow          Image.resize of a mode "F" image with BOX, BILINEAR, HAMMING, BICUBIC or LANCZOS.
  pillow_model    the same algorithm as Pillow's (Resample.c: window clipped at the edge,
                  weights normalized, the support stretched by in/out when shrinking, the width
                  pass first, float32 between passes) written out below, for the kernels Pillow
                  lacks (Lanczos a = 2, Mitchell-Netravali); checked here against Pillow itself
                  on its own kernels before it is used.
  opencv_area     cv2.resize(..., INTER_AREA) with both axes shrinking (its area path). The
                  cases avoid cells whose sliver past a source pixel is below 1e-3, which
                  OpenCV drops.
  opencv_lanczos4 cv2.resize(..., INTER_LANCZOS4): 8 fixed taps, no stretching when shrinking.
  opencv_area_up  cv2.resize(..., INTER_AREA) upscaling: a documented difference (the test
                  checks that it differs).
Also pillow_u8_checkerboard_lanczos3_12x12.npy (not in cases.txt): Pillow's uint8 path on a
6x6 checkerboard, a documented difference (Pillow clips between its passes).
"""
import math
import os

import cv2
import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "golden")

PIL_FILTERS = {"box": Image.BOX, "linear": Image.BILINEAR, "hamming": Image.HAMMING,
               "catmull_rom": Image.BICUBIC, "lanczos3": Image.LANCZOS}


def sinc(x):
    if x == 0.0:
        return 1.0
    x *= math.pi
    return math.sin(x) / x


def mitchell_netravali(b, c):
    def k(x):
        x = abs(x)
        if x < 1:
            return ((12 - 9 * b - 6 * c) * x**3 + (-18 + 12 * b + 6 * c) * x**2 + (6 - 2 * b)) / 6
        if x < 2:
            return ((-b - 6 * c) * x**3 + (6 * b + 30 * c) * x**2 + (-12 * b - 48 * c) * x + (8 * b + 24 * c)) / 6
        return 0.0
    return k


# name: (support, kernel), the kernels as their papers define them.
MODEL_FILTERS = {
    "linear": (1.0, lambda x: max(0.0, 1.0 - abs(x))),
    "catmull_rom": (2.0, mitchell_netravali(0.0, 0.5)),
    "lanczos3": (3.0, lambda x: sinc(x) * sinc(x / 3) if -3 < x < 3 else 0.0),
    "lanczos2": (2.0, lambda x: sinc(x) * sinc(x / 2) if -2 < x < 2 else 0.0),
    "mitchell": (2.0, mitchell_netravali(1 / 3, 1 / 3)),
    "b_spline": (2.0, mitchell_netravali(1.0, 0.0)),
}


def model_weights(n_in, n_out, support, kernel):
    """Pillow's coefficient rule for one axis as a dense (n_out, n_in) matrix."""
    scale = n_in / n_out
    stretch = max(scale, 1.0)
    support *= stretch
    w = np.zeros((n_out, n_in))
    for j in range(n_out):
        center = (j + 0.5) * scale
        lo = max(int(center - support + 0.5), 0)
        hi = min(int(center + support + 0.5), n_in)
        row = [kernel((i - center + 0.5) / stretch) for i in range(lo, hi)]
        total = sum(row)
        w[j, lo:hi] = [v / total for v in row] if total != 0 else row
    return w


def model_resize(x, h, w, name):
    support, kernel = MODEL_FILTERS[name]
    y = x.astype(np.float64)
    if w != x.shape[1]:
        y = (y @ model_weights(x.shape[1], w, support, kernel).T).astype(np.float32).astype(np.float64)
    if h != x.shape[0]:
        y = model_weights(x.shape[0], h, support, kernel) @ y
    return y.astype(np.float32)


def pillow_resize(x, h, w, name):
    return np.asarray(Image.fromarray(x, mode="F").resize((w, h), PIL_FILTERS[name]), dtype=np.float32)


def main():
    os.makedirs(OUT, exist_ok=True)
    rng = np.random.default_rng(20261201)
    inputs = {"in_a": rng.random((11, 13), dtype=np.float32), "in_b": rng.random((10, 12), dtype=np.float32)}
    for name, x in inputs.items():
        np.save(os.path.join(OUT, name + ".npy"), x)

    up, frac, mixed, whole = (17, 20), (3, 5), (17, 5), (5, 4)  # whole: in_b by 2 and 3
    cases = []
    for f in PIL_FILTERS:
        for src, size in (("in_a", up), ("in_a", frac), ("in_a", mixed), ("in_b", whole)):
            cases.append((src, "pillow", f, size))
    for f in ("lanczos2", "mitchell", "b_spline"):
        for src, size in (("in_a", up), ("in_a", frac), ("in_b", whole)):
            cases.append((src, "pillow_model", f, size))
    for src, size in (("in_b", whole), ("in_a", frac), ("in_a", (7, 9))):
        cases.append((src, "opencv_area", "area", size))
    cases.append(("in_a", "opencv_area_up", "area", up))
    for size in (up, (7, 9)):
        cases.append(("in_a", "opencv_lanczos4", "lanczos4", size))

    # The model must reproduce Pillow where Pillow has the kernel.
    for f in ("linear", "catmull_rom", "lanczos3"):
        for size in (up, frac, mixed):
            err = np.abs(model_resize(inputs["in_a"], *size, f) - pillow_resize(inputs["in_a"], *size, f)).max()
            assert err < 1e-6, (f, size, err)

    lines = []
    for src, ref, f, (h, w) in cases:
        x = inputs[src]
        if ref == "pillow":
            y = pillow_resize(x, h, w, f)
        elif ref == "pillow_model":
            y = model_resize(x, h, w, f)
        else:
            flag = cv2.INTER_LANCZOS4 if ref == "opencv_lanczos4" else cv2.INTER_AREA
            y = cv2.resize(x, (w, h), interpolation=flag)
        assert y.shape == (h, w) and y.dtype == np.float32
        out = f"{ref}_{f}_{src}_{h}x{w}.npy"
        np.save(os.path.join(OUT, out), y)
        lines.append(f"{out} {src}.npy {ref} {f} {h} {w}")
    with open(os.path.join(OUT, "cases.txt"), "w") as fh:
        fh.write("\n".join(lines) + "\n")

    # 8-bit: Pillow's uint8 path clips to 0..255 (and stores uint8) between its two passes. A 6x6
    # checkerboard of 255 and 0 (255 at the corner) to 12x12 with LANCZOS, written as uint8; the
    # test shows where it differs from resample<uint8_t> (no clipping between passes).
    i, j = np.indices((6, 6))
    board = np.where((i + j) % 2 == 0, 255, 0).astype(np.uint8)
    y = np.asarray(Image.fromarray(board).resize((12, 12), Image.LANCZOS))
    assert y.dtype == np.uint8 and y.shape == (12, 12)
    np.save(os.path.join(OUT, "pillow_u8_checkerboard_lanczos3_12x12.npy"), y)


if __name__ == "__main__":
    main()
