#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""Checks the README's table "Where frameworks differ, and the closest attributes", row by row.

usage: equivalence.py NPY_RESIZE [--verbose]

For each row it makes random float32 inputs (values in [0, 1)) over several shapes and scales,
including output length 1, fractional scales, whole and fractional shrinks and kept lengths,
runs the framework (PyTorch, OpenCV) and ndresize (the npy_resize tool, one batch) with the
row's attributes, and compares:
  interpolating rows  max |framework - ndresize| <= TOL (float32 rounding: the frameworks compute
                      coordinates and weights in float32, ndresize in double);
  nearest rows        the same elements, except where the row documents ties;
  exceptions          each exception the README states is run too, and the test checks that the
                      documented difference is there (and, where one is named, that the
                      alternative attributes match).
TensorFlow is not installed here: its rows are checked against TensorFlow's formulas
(resize_bilinear, resize_nearest_neighbor, crop_and_resize kernels) written out below in
NumPy, not against TensorFlow itself.

Exit status: 0 all rows hold; 1 a row does not; 77 a Python module is missing (a skip; under
CI, i.e. with the environment variable CI set to true, a missing module is a failure, 1).
"""
import json
import math
import os
import subprocess
import sys
import tempfile

SKIP = 77
try:
    import numpy as np
    import cv2
    import torch
    import torch.nn.functional as F
except ImportError as e:  # pragma: no cover - depends on the machine
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        print(f"equivalence.py: {e} (CI is set: a missing module is a failure)")
        sys.exit(1)
    print(f"equivalence.py: {e}; skipped")
    sys.exit(SKIP)

TOL = 4e-6          # absolute, values in [0, 1): float32 rounding of coordinates, weights and sums
RNG = np.random.default_rng(20261204)
torch.set_num_threads(1)


def rand(*shape):
    return RNG.random(shape, dtype=np.float32)


class Case:
    """One comparison: x, the framework's output, and the ndresize node that should match."""

    def __init__(self, row, name, x, ref, attrs, scales=None, sizes=None, roi=None, opset=19,
                 expect="match", mask=None, check=None):
        self.row, self.name, self.x, self.ref = row, name, x, np.asarray(ref, np.float32)
        self.attrs, self.scales, self.sizes, self.roi, self.opset = attrs, scales, sizes, roi, opset
        self.expect = expect   # "match", or "differ" (a documented exception)
        self.mask = mask       # elements to compare (None: all); the rest are documented ties
        self.check = check     # for "differ": a function(y) -> error message or None
        self.y = None


CASES = []


def add(*args, **kwargs):
    CASES.append(Case(*args, **kwargs))


def t(a):
    return torch.from_numpy(np.ascontiguousarray(a))


# ---------------------------------------------------------------- PyTorch (torch.nn.functional.interpolate)
TORCH_MODES = {1: "linear", 2: "bilinear", 3: "trilinear"}
# (input spatial shape, output spatial shape): growing, shrinking (whole and fractional), mixed,
# output length 1, input length 1.
TORCH_SIZES = [((7,), (12,)), ((12,), (5,)), ((4,), (1,)), ((1,), (3,)),
               ((5, 8), (9, 3)), ((11, 13), (4, 26)), ((6, 6), (1, 4)), ((16, 9), (8, 9)), ((3, 17), (3, 1)),
               ((4, 5, 6), (7, 2, 6)), ((5, 3, 4), (1, 6, 3))]
# Scale factors exactly representable in float32 (ONNX scales are float32; torch's are double).
TORCH_SCALES = [((7,), (1.5,)), ((12,), (0.375,)), ((5, 8), (1.75, 0.625)), ((9, 10), (0.5, 2.25)),
                ((5, 6), (2.0, 0.75)), ((4, 5, 6), (1.25, 0.5, 1.5)), ((8,), (0.75,)), ((4, 6), (1.5, 0.5)),
                ((2, 4, 3), (2.0, 0.25, 3.0))]


def nc(spatial):
    return (2, 3) + tuple(spatial)


def torch_rows():
    R1 = "torch bilinear/bicubic align_corners=False"
    R2 = "torch align_corners=True"
    R3 = "torch nearest"
    R4 = "torch nearest-exact"
    R5 = "torch antialias=True"
    for ins, outs in TORCH_SIZES:
        x = rand(*nc(ins))
        sizes = list(nc(outs))
        lin = TORCH_MODES[len(ins)]
        modes = [(lin, "linear")] + ([("bicubic", "cubic")] if len(ins) == 2 else [])
        for tm, om in modes:
            ref = F.interpolate(t(x), size=outs, mode=tm, align_corners=False).numpy()
            cubic = {"cubic_coeff_a": -0.75} if om == "cubic" else {}
            if 1 in outs and any(i > 1 for i, o in zip(ins, outs) if o == 1):
                # Exception: at output length 1 torch takes the half-pixel centre; pytorch_half_pixel gives 0.
                add(R1, f"{tm} {ins}->{outs} (length 1: half_pixel)", x, ref,
                    {"mode": om, "coordinate_transformation_mode": "half_pixel", **cubic}, sizes=sizes)
                add(R1, f"{tm} {ins}->{outs} (length 1: pytorch_half_pixel differs)", x, ref,
                    {"mode": om, "coordinate_transformation_mode": "pytorch_half_pixel", **cubic}, sizes=sizes,
                    expect="differ")
            else:
                add(R1, f"{tm} {ins}->{outs}", x, ref,
                    {"mode": om, "coordinate_transformation_mode": "pytorch_half_pixel", **cubic}, sizes=sizes)
            ref = F.interpolate(t(x), size=outs, mode=tm, align_corners=True).numpy()
            add(R2, f"{tm} {ins}->{outs}", x, ref,
                {"mode": om, "coordinate_transformation_mode": "align_corners", **cubic}, sizes=sizes)
        ref = F.interpolate(t(x), size=outs, mode="nearest").numpy()
        add(R3, f"{ins}->{outs}", x, ref,
            {"mode": "nearest", "coordinate_transformation_mode": "asymmetric", "nearest_mode": "floor"}, sizes=sizes)
        ref = F.interpolate(t(x), size=outs, mode="nearest-exact").numpy()
        add(R4, f"{ins}->{outs}", x, ref,
            {"mode": "nearest", "coordinate_transformation_mode": "half_pixel", "nearest_mode": "round_prefer_ceil"},
            sizes=sizes)
        if len(ins) == 2:
            for tm, om, a in (("bilinear", "linear", {}), ("bicubic", "cubic", {"cubic_coeff_a": -0.5})):
                ref = F.interpolate(t(x), size=outs, mode=tm, align_corners=False, antialias=True).numpy()
                add(R5, f"{tm} {ins}->{outs}", x, ref,
                    {"mode": om, "coordinate_transformation_mode": "half_pixel", "antialias": 1,
                     "exclude_outside": 1, **a}, sizes=sizes)

    # scale_factor: ONNX scales hold the same value; coordinates use the scale, not out/in.
    for ins, sf in TORCH_SCALES:
        x = rand(*nc(ins))
        scales = [1.0, 1.0] + list(sf)
        outs = [math.floor(i * s) for i, s in zip(ins, sf)]
        lin = TORCH_MODES[len(ins)]
        modes = [(lin, "linear")] + ([("bicubic", "cubic")] if len(ins) == 2 else [])
        for tm, om in modes:
            ref = F.interpolate(t(x), scale_factor=sf, mode=tm, align_corners=False).numpy()
            if any(o == 1 and i > 1 for i, o in zip(ins, outs)):
                add(R1, f"{tm} {ins} x {sf} (length 1: half_pixel)", x, ref,
                    {"mode": om, "coordinate_transformation_mode": "half_pixel"}, scales=scales)
                add(R1, f"{tm} {ins} x {sf} (length 1: pytorch_half_pixel differs)", x, ref,
                    {"mode": om, "coordinate_transformation_mode": "pytorch_half_pixel"}, scales=scales,
                    expect="differ")
            else:
                add(R1, f"{tm} {ins} x {sf}", x, ref,
                    {"mode": om, "coordinate_transformation_mode": "pytorch_half_pixel"}, scales=scales)
            ref = F.interpolate(t(x), scale_factor=sf, mode=tm, align_corners=True).numpy()
            whole = all(float(i * s).is_integer() for i, s in zip(ins, sf))
            attrs = {"mode": om, "coordinate_transformation_mode": "align_corners"}
            if whole:
                add(R2, f"{tm} {ins} x {sf} (scales)", x, ref, attrs, scales=scales)
            else:
                # Exception: fractional in*scale; ONNX uses in*scale - 1, torch out - 1. Sizes match.
                add(R2, f"{tm} {ins} x {sf} (fractional: scales differ)", x, ref, attrs, scales=scales,
                    expect="differ")
                add(R2, f"{tm} {ins} x {sf} (fractional: sizes)", x, ref, attrs, sizes=list(nc(outs)))
        ref = F.interpolate(t(x), scale_factor=sf, mode="nearest").numpy()
        add(R3, f"{ins} x {sf}", x, ref,
            {"mode": "nearest", "coordinate_transformation_mode": "asymmetric", "nearest_mode": "floor"},
            scales=scales)
        ref = F.interpolate(t(x), scale_factor=sf, mode="nearest-exact").numpy()
        add(R4, f"{ins} x {sf}", x, ref,
            {"mode": "nearest", "coordinate_transformation_mode": "half_pixel", "nearest_mode": "round_prefer_ceil"},
            scales=scales)
        if len(ins) == 2:
            ref = F.interpolate(t(x), scale_factor=sf, mode="bilinear", align_corners=False, antialias=True).numpy()
            add(R5, f"bilinear {ins} x {sf}", x, ref,
                {"mode": "linear", "coordinate_transformation_mode": "half_pixel", "antialias": 1,
                 "exclude_outside": 1}, scales=scales)

    # The README's examples, exactly.
    x = np.arange(4, dtype=np.float32).reshape(1, 1, 4)
    ref = F.interpolate(t(x), size=1, mode="linear", align_corners=False).numpy()
    assert ref.ravel().tolist() == [1.5], ref
    add(R1, "[0,1,2,3] -> 1: torch 1.5, pytorch_half_pixel 0", x, ref,
        {"mode": "linear", "coordinate_transformation_mode": "pytorch_half_pixel"}, sizes=[1, 1, 1],
        expect="differ", check=lambda y: None if y.ravel().tolist() == [0.0] else f"expected [0], got {y.ravel()}")
    x = np.arange(5, dtype=np.float32).reshape(1, 1, 5)
    ref = F.interpolate(t(x), scale_factor=1.5, mode="linear", align_corners=True).numpy()
    assert abs(ref.ravel()[-1] - 4.0) < 1e-6, ref
    add(R2, "[0..4] x 1.5: torch ends at 4, scales at 24/6.5", x, ref,
        {"mode": "linear", "coordinate_transformation_mode": "align_corners"}, scales=[1, 1, 1.5], expect="differ",
        check=lambda y: None if abs(y.ravel()[-1] - 24 / 6.5) < 1e-6 else f"expected last 3.6923, got {y.ravel()}")
    # A scale_factor that keeps a length: torch's linear modes copy; ONNX resamples with the scale.
    for ins, sf in (((4,), (1.2,)), ((5, 6), (1.1, 2.0)), ((3, 4, 5), (1.3, 0.5, 1.0))):
        x = rand(*nc(ins))
        ref = F.interpolate(t(x), scale_factor=sf, mode=TORCH_MODES[len(ins)], align_corners=False).numpy()
        kept = [1.0 if math.floor(i * s) == i else s for i, s in zip(ins, sf)]
        add(R1, f"{TORCH_MODES[len(ins)]} {ins} x {sf} keeps a length: scales differ", x, ref,
            {"mode": "linear", "coordinate_transformation_mode": "pytorch_half_pixel"}, scales=[1, 1] + list(sf),
            expect="differ")
        add(R1, f"{TORCH_MODES[len(ins)]} {ins} x {sf} keeps a length: scale 1 there", x, ref,
            {"mode": "linear", "coordinate_transformation_mode": "pytorch_half_pixel"}, scales=[1, 1] + kept)


# ---------------------------------------------------------------- OpenCV (cv2.resize with dsize)
CV_SIZES = [((9, 7), (15, 11)), ((13, 17), (5, 6)), ((12, 16), (6, 8)), ((10, 11), (10, 4)), ((7, 9), (1, 3)),
            ((1, 6), (4, 13)), ((24, 20), (9, 31))]


def cv_rows():
    R7 = "OpenCV INTER_LINEAR"
    R8 = "OpenCV INTER_CUBIC"
    R9 = "OpenCV INTER_NEAREST"
    R10 = "OpenCV INTER_NEAREST_EXACT"
    for (h, w), (oh, ow) in CV_SIZES:
        for c in (1, 3):
            x = rand(h, w, c)
            sizes, axes = [oh, ow], [0, 1]
            for flag, row, attrs in (
                    (cv2.INTER_LINEAR, R7, {"mode": "linear", "coordinate_transformation_mode": "half_pixel"}),
                    (cv2.INTER_CUBIC, R8, {"mode": "cubic", "coordinate_transformation_mode": "half_pixel",
                                           "cubic_coeff_a": -0.75}),
                    (cv2.INTER_NEAREST, R9, {"mode": "nearest", "coordinate_transformation_mode": "asymmetric",
                                             "nearest_mode": "floor"})):
                ref = cv2.resize(x, (ow, oh), interpolation=flag).reshape(oh, ow, c)
                add(row, f"{(h, w, c)}->{(oh, ow)}", x, ref, {**attrs, "axes": axes}, sizes=sizes)
            # INTER_NEAREST_EXACT: compare where the half-pixel source coordinate is not a tie.
            ref = cv2.resize(x, (ow, oh), interpolation=cv2.INTER_NEAREST_EXACT).reshape(oh, ow, c)
            ty = ((2 * np.arange(oh) + 1) * h) % (2 * oh) == 0
            tx = ((2 * np.arange(ow) + 1) * w) % (2 * ow) == 0
            mask = np.broadcast_to((~ty[:, None] & ~tx[None, :])[:, :, None], ref.shape)
            add(R10, f"{(h, w, c)}->{(oh, ow)} (ties left out: {int(ty.sum())} rows, {int(tx.sum())} columns)",
                x, ref, {"mode": "nearest", "coordinate_transformation_mode": "half_pixel",
                         "nearest_mode": "round_prefer_floor", "axes": axes}, sizes=sizes, mask=mask)
    # The ties: OpenCV's 16.16 fixed point picks either neighbour.
    # (n, m, OpenCV's output for arange(n), the nearest_mode that matches it; the other differs)
    for n, m, want, same in ((4, 2, [0, 2], "round_prefer_floor"), (4, 3, [0, 1, 3], "round_prefer_floor"),
                             (2, 7, [0, 0, 0, 1, 1, 1, 1], "round_prefer_ceil")):
        x = np.arange(n, dtype=np.float32).reshape(1, n)
        ref = cv2.resize(x, (m, 1), interpolation=cv2.INTER_NEAREST_EXACT)
        assert ref.ravel().tolist() == want, (n, m, ref)
        for mode in ("round_prefer_ceil", "round_prefer_floor"):
            add(R10, f"arange({n}) -> {m} (a tie), {mode}", x, ref,
                {"mode": "nearest", "coordinate_transformation_mode": "half_pixel", "nearest_mode": mode},
                sizes=[1, m], expect="match" if mode == same else "differ")


# ---------------------------------------------------------------- TensorFlow's formulas (TensorFlow not run)
def tf_bilinear(x, oh, ow, align_corners=False, half_pixel_centers=False):
    """tf.raw_ops.ResizeBilinear on an H x W image: source y = (j + 0.5) * s - 0.5 (half-pixel) or j * s,
    s = (in - 1) / (out - 1) with align_corners, else in / out; lower = max(floor(y), 0),
    upper = min(ceil(y), in - 1), weight y - floor(y)."""
    def axis(n, o):
        s = (n - 1) / (o - 1) if align_corners and o > 1 else n / o
        j = np.arange(o, dtype=np.float64)
        y = (j + 0.5) * s - 0.5 if half_pixel_centers else j * s
        f = np.floor(y)
        return np.maximum(f, 0).astype(int), np.minimum(np.ceil(y), n - 1).astype(int), y - f
    y0, y1, wy = axis(x.shape[0], oh)
    x0, x1, wx = axis(x.shape[1], ow)
    top = x[y0][:, x0] + (x[y0][:, x1] - x[y0][:, x0]) * wx[None, :]
    bottom = x[y1][:, x0] + (x[y1][:, x1] - x[y1][:, x0]) * wx[None, :]
    return top + (bottom - top) * wy[:, None]


def tf_nearest(x, oh, ow, align_corners=False, half_pixel_centers=False):
    """tf.raw_ops.ResizeNearestNeighbor: source y = (j + 0.5) * s with half_pixel_centers, else j * s;
    index = round half away from zero (align_corners) or floor, clamped to [0, in - 1]."""
    def axis(n, o):
        s = (n - 1) / (o - 1) if align_corners and o > 1 else n / o
        j = np.arange(o, dtype=np.float64)
        y = (j + 0.5) * s if half_pixel_centers else j * s
        i = np.floor(y + 0.5) if align_corners else np.floor(y)
        return np.clip(i, 0, n - 1).astype(int)
    return x[axis(x.shape[0], oh)][:, axis(x.shape[1], ow)]


def tf_crop_and_resize(x, box, oh, ow, method, extrapolation_value):
    """tf.image.crop_and_resize, one box (y1, x1, y2, x2) normalized: source y = y1 * (in - 1) +
    j * (y2 - y1) * (in - 1) / (out - 1) (out = 1: (y1 + y2) / 2 * (in - 1)); outside [0, in - 1] the
    extrapolation value; bilinear from floor/ceil, nearest rounds half away from zero."""
    def axis(n, o, a, b):
        j = np.arange(o, dtype=np.float64)
        y = a * (n - 1) + j * (b - a) * (n - 1) / (o - 1) if o > 1 else np.full(1, 0.5 * (a + b) * (n - 1))
        return y, (y < 0) | (y > n - 1)
    yy, oy = axis(x.shape[0], oh, box[0], box[2])
    xx, ox = axis(x.shape[1], ow, box[1], box[3])
    if method == "nearest":
        yi = np.clip(np.floor(yy + 0.5), 0, x.shape[0] - 1).astype(int)
        xi = np.clip(np.floor(xx + 0.5), 0, x.shape[1] - 1).astype(int)
        out = x[yi][:, xi]
    else:
        y0 = np.clip(np.floor(yy), 0, x.shape[0] - 1).astype(int)
        y1 = np.clip(np.ceil(yy), 0, x.shape[0] - 1).astype(int)
        x0 = np.clip(np.floor(xx), 0, x.shape[1] - 1).astype(int)
        x1 = np.clip(np.ceil(xx), 0, x.shape[1] - 1).astype(int)
        wy, wx = yy - np.floor(yy), xx - np.floor(xx)
        top = x[y0][:, x0] + (x[y0][:, x1] - x[y0][:, x0]) * wx[None, :]
        bottom = x[y1][:, x0] + (x[y1][:, x1] - x[y1][:, x0]) * wx[None, :]
        out = top + (bottom - top) * wy[:, None]
    out = out.copy()
    out[oy, :] = extrapolation_value
    out[:, ox] = extrapolation_value
    # Nearest: a source coordinate within 1e-4 of a half lies on a tie that float32 (TensorFlow) and
    # double (ndresize) may round apart; those elements are left out of the comparison.
    near = lambda v: np.abs(v - np.floor(v) - 0.5) < 1e-4  # noqa: E731
    ties = near(yy)[:, None] | near(xx)[None, :] if method == "nearest" else np.zeros(out.shape, bool)
    return out, ~ties


TF_SIZES = [((9, 7), (15, 11)), ((13, 17), (5, 6)), ((12, 16), (6, 8)), ((7, 9), (1, 3)), ((1, 6), (4, 13)),
            ((10, 11), (10, 4))]


def tf_rows():
    for (h, w), (oh, ow) in TF_SIZES:
        x = rand(h, w)
        sizes = [oh, ow]
        add("TF2 bilinear (half_pixel_centers)", f"{(h, w)}->{(oh, ow)}", x,
            tf_bilinear(x, oh, ow, half_pixel_centers=True),
            {"mode": "linear", "coordinate_transformation_mode": "half_pixel"}, sizes=sizes)
        ref = tf_nearest(x, oh, ow, half_pixel_centers=True)
        add("TF2 nearest (half_pixel_centers)", f"{(h, w)}->{(oh, ow)} Resize-11", x, ref,
            {"mode": "nearest", "coordinate_transformation_mode": "tf_half_pixel_for_nn", "nearest_mode": "floor"},
            sizes=sizes, opset=11)
        add("TF2 nearest (half_pixel_centers)", f"{(h, w)}->{(oh, ow)} half_pixel", x, ref,
            {"mode": "nearest", "coordinate_transformation_mode": "half_pixel", "nearest_mode": "round_prefer_ceil"},
            sizes=sizes)
        add("TF1 align_corners=True", f"bilinear {(h, w)}->{(oh, ow)}", x,
            tf_bilinear(x, oh, ow, align_corners=True),
            {"mode": "linear", "coordinate_transformation_mode": "align_corners"}, sizes=sizes)
        add("TF1 align_corners=True", f"nearest {(h, w)}->{(oh, ow)}", x,
            tf_nearest(x, oh, ow, align_corners=True),
            {"mode": "nearest", "coordinate_transformation_mode": "align_corners", "nearest_mode": "round_prefer_ceil"},
            sizes=sizes)
        add("TF1 default (no align, no half-pixel)", f"bilinear {(h, w)}->{(oh, ow)}", x, tf_bilinear(x, oh, ow),
            {"mode": "linear", "coordinate_transformation_mode": "asymmetric"}, sizes=sizes)
        add("TF1 default (no align, no half-pixel)", f"nearest {(h, w)}->{(oh, ow)}", x, tf_nearest(x, oh, ow),
            {"mode": "nearest", "coordinate_transformation_mode": "asymmetric", "nearest_mode": "floor"}, sizes=sizes)
        for box in ((0.1, 0.2, 0.8, 0.9), (-0.2, 0.3, 1.1, 0.6), (0.5, 0.9, 0.25, 0.1)):
            for method, attrs in (("bilinear", {"mode": "linear"}),
                                  ("nearest", {"mode": "nearest", "nearest_mode": "round_prefer_ceil"})):
                ref, mask = tf_crop_and_resize(x, box, oh, ow, method, -1.0)
                add("TF crop_and_resize", f"{method} {(h, w)} box {box} -> {(oh, ow)} ({int((~mask).sum())} ties)",
                    x, ref,
                    {**attrs, "coordinate_transformation_mode": "tf_crop_and_resize", "extrapolation_value": -1.0},
                    sizes=sizes, roi=[box[0], box[1], box[2], box[3]], mask=mask)


# ---------------------------------------------------------------- running ndresize and comparing
def run_ndresize(exe, work):
    lines = []
    for i, c in enumerate(CASES):
        entry = {"id": i, "op": "Resize", "opset": c.opset, "x": f"x{i}.npy", "attrs": c.attrs, "out": f"y{i}.npy"}
        np.save(os.path.join(work, f"x{i}.npy"), c.x)
        if c.scales is not None:
            np.save(os.path.join(work, f"s{i}.npy"), np.asarray(c.scales, np.float32))
            entry["scales"] = f"s{i}.npy"
        if c.sizes is not None:
            np.save(os.path.join(work, f"z{i}.npy"), np.asarray(c.sizes, np.int64))
            entry["sizes"] = f"z{i}.npy"
        if c.roi is not None:
            np.save(os.path.join(work, f"r{i}.npy"), np.asarray(c.roi, np.float32))
            entry["roi"] = f"r{i}.npy"
        lines.append(json.dumps(entry))
    batch = os.path.join(work, "cases.jsonl")
    with open(batch, "w") as f:
        f.write("\n".join(lines) + "\n")
    proc = subprocess.run([exe, "--batch", batch], capture_output=True, text=True)
    results = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    failed = [r for r in results if not r.get("ok")]
    for r in failed:
        c = CASES[r["id"]]
        print(f"npy_resize refused [{c.row}] {c.name}: {r.get('error')}")
    if failed or proc.returncode != 0:
        print(proc.stderr)
        return False
    for i, c in enumerate(CASES):
        c.y = np.load(os.path.join(work, f"y{i}.npy"))
    return True


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    verbose = "--verbose" in sys.argv[2:]
    torch_rows()
    cv_rows()
    tf_rows()
    with tempfile.TemporaryDirectory(prefix="ndresize_equivalence_") as work:
        if not run_ndresize(sys.argv[1], work):
            return 1
    errors, summary = [], {}
    for c in CASES:
        if c.y.shape != c.ref.shape:
            errors.append(f"[{c.row}] {c.name}: shape {c.y.shape}, framework {c.ref.shape}")
            continue
        d = np.abs(c.y.astype(np.float64) - c.ref.astype(np.float64))
        diff = float(d[c.mask].max() if c.mask is not None and c.mask.any() else (d.max() if c.mask is None else 0))
        s = summary.setdefault(c.row, {"match": 0, "differ": 0, "max": 0.0})
        s[c.expect] += 1
        if c.expect == "match":
            s["max"] = max(s["max"], diff)
            if diff > TOL:
                errors.append(f"[{c.row}] {c.name}: max difference {diff:.3g} > {TOL}")
        else:
            msg = c.check(c.y) if c.check else (None if diff > 100 * TOL else
                                                f"documented difference absent (max {diff:.3g})")
            if msg:
                errors.append(f"[{c.row}] {c.name}: {msg}")
        if verbose:
            print(f"  [{c.row}] {c.name}: {c.expect}, max difference {diff:.3g}")
    for row, s in summary.items():
        print(f"{row}: {s['match']} cases agree (max difference {s['max']:.3g}), "
              f"{s['differ']} documented differences shown")
    for e in errors:
        print("FAIL " + e)
    print(f"{len(CASES)} cases, tolerance {TOL} absolute on values in [0, 1): "
          + ("all rows hold" if not errors else f"{len(errors)} failures"))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
