#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes the PyTorch golden vectors of ResizeUpsampleTrilinear into tests/ascend/golden/.

The Ascend operator is PyTorch's upsample_trilinear3d, so PyTorch is the independent
reference: F.interpolate(mode="trilinear") with `size`, or with `scale_factor` and
recompute_scale_factor=False (the scale then reaches the kernel, as scales_d/_h/_w do), both
align_corners values, and aten::upsample_trilinear3d with output_size AND scales (the aclnn
signature, which F.interpolate cannot express). Each case is a pair of .npy files
(input, expected output) plus an entry in cases.json holding the operator's attributes.

Only needed to regenerate the vectors (the C++ test reads the committed files; CI needs no
torch). On Debian 12: apt-get install python3-torch python3-numpy, then
    /usr/bin/python3 tests/ascend/make_golden.py

Scales are float32 values (ResizeUpsampleTrilinear's attributes are FLOAT32), passed to
PyTorch as the same doubles, so both sides see identical numbers. 16-bit cases: the operator
computes in float and rounds once, while PyTorch 1.13's CPU bfloat16 kernel rounds its
intermediates to bfloat16 (and it has no CPU float16 kernel). So their expected output is
PyTorch's float64 result on the same 16-bit input, rounded once to the 16-bit type; PyTorch's
own bfloat16 output is kept beside it (_native) for comparison. 16-bit values are stored as
float32 (exact) to keep the .npy files plain.

PyTorch 1.13 does not clamp a source index past the last input (later versions do, with
guard_index_and_lambda): output_size given with scales whose 1/scale maps beyond the input
reads out of bounds there. The "both" cases therefore use scales that keep every source
index inside the input, and every output is checked to lie within the input's range.
"""

import json
import os

import numpy as np
import torch
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "golden")


def f32(v):
    """The float32 value nearest v, as the Python float (double) holding it exactly."""
    return float(np.float32(v))


# (name, dtype, input shape, call, align_corners, size or scales)
#   call "size":   F.interpolate(size=...)
#   call "scale":  F.interpolate(scale_factor=..., recompute_scale_factor=False)
#   call "both":   aten.upsample_trilinear3d(output_size, align_corners, scales_d, scales_h, scales_w)
CASES = [
    ("size_up", "float32", (1, 2, 3, 4, 5), "size", False, (5, 7, 9)),
    ("size_up_ac", "float32", (1, 2, 3, 4, 5), "size", True, (5, 7, 9)),
    ("size_down", "float32", (1, 2, 4, 5, 7), "size", False, (2, 3, 4)),
    ("size_down_ac", "float32", (1, 2, 4, 5, 7), "size", True, (2, 3, 4)),
    ("size_mixed_copy_d", "float32", (2, 1, 3, 4, 5), "size", False, (3, 8, 2)),
    ("size_mixed_copy_d_ac", "float32", (2, 1, 3, 4, 5), "size", True, (3, 8, 2)),
    ("size_one", "float32", (1, 1, 3, 4, 5), "size", False, (1, 1, 1)),
    ("size_one_ac", "float32", (1, 1, 3, 4, 5), "size", True, (1, 1, 1)),
    ("size_from_one", "float32", (1, 2, 1, 1, 2), "size", False, (3, 2, 5)),
    ("scale_int", "float32", (1, 2, 3, 4, 3), "scale", False, (2.0, 1.5, 2.5)),
    ("scale_frac", "float32", (1, 2, 4, 5, 6), "scale", False, (f32(1.3), f32(0.6), f32(1.7))),
    ("scale_frac_ac", "float32", (1, 2, 4, 5, 6), "scale", True, (f32(1.3), f32(2.0), f32(0.75))),
    ("scale_one_axis", "float32", (1, 1, 3, 5, 4), "scale", False, (1.0, f32(1.9), f32(0.8))),
    ("scale_keeps_length", "float32", (1, 1, 4, 6, 5), "scale", False, (f32(1.1), f32(1.05), 2.0)),
    # scales (2.5, 2.0, 3.0) are not out/in (2, 1.75, 2.2): they move the sampling points
    ("both_size_and_scales", "float32", (1, 2, 3, 4, 5), "both", False, ((6, 7, 11), (2.5, 2.0, 3.0))),
    ("both_size_and_scales_ac", "float32", (1, 2, 3, 4, 5), "both", True, ((6, 7, 11), (2.5, 2.0, 3.0))),
    ("both_size_and_scales_f64", "float64", (1, 2, 3, 4, 5), "both", False, ((6, 7, 11), (2.5, 2.0, 3.0))),
    ("size_up_f64", "float64", (1, 2, 3, 4, 5), "size", False, (5, 7, 9)),
    ("size_up_ac_f64", "float64", (1, 2, 3, 4, 5), "size", True, (5, 7, 9)),
    ("scale_frac_f64", "float64", (1, 2, 4, 5, 6), "scale", False, (f32(1.3), f32(0.6), f32(1.7))),
    ("size_up_bf16", "bfloat16", (1, 2, 3, 4, 5), "size", False, (5, 7, 9)),
    ("scale_frac_ac_bf16", "bfloat16", (1, 2, 4, 5, 6), "scale", True, (f32(1.3), f32(2.0), f32(0.75))),
    ("size_down_f16", "float16", (1, 2, 4, 5, 7), "size", False, (2, 3, 4)),
    ("scale_frac_f16", "float16", (1, 2, 4, 5, 6), "scale", False, (f32(1.3), f32(0.6), f32(1.7))),
]

TORCH_TYPES = {"float32": torch.float32, "float64": torch.float64, "bfloat16": torch.bfloat16, "float16": torch.float16}


def save(stem, t, store):
    np.save(os.path.join(OUT, stem + ".npy"), t.to(torch.float64).numpy().astype(store))


def main():
    os.makedirs(OUT, exist_ok=True)
    gen = torch.Generator().manual_seed(4004)
    index = []
    for name, dtype, shape, call, align_corners, arg in CASES:
        x = (torch.rand(shape, generator=gen, dtype=torch.float64) * 20 - 10).to(TORCH_TYPES[dtype])
        attributes = {"align_corners": int(align_corners)}
        if call == "size":
            attributes["output_size"] = list(arg)
            run = lambda t: F.interpolate(t, size=arg, mode="trilinear", align_corners=align_corners)
        elif call == "scale":
            attributes.update(scales_d=arg[0], scales_h=arg[1], scales_w=arg[2])
            run = lambda t: F.interpolate(t, scale_factor=arg, mode="trilinear", align_corners=align_corners,
                                          recompute_scale_factor=False)
        else:
            size, scales = arg
            attributes["output_size"] = list(size)
            attributes.update(scales_d=scales[0], scales_h=scales[1], scales_w=scales[2])
            run = lambda t: torch.ops.aten.upsample_trilinear3d(t, list(size), align_corners, *scales)
        if dtype in ("float32", "float64"):
            y = run(x)
        else:
            y = run(x.to(torch.float64)).to(x.dtype)  # computed exactly, rounded once
            if dtype == "bfloat16":
                save(name + "_native", run(x), np.float32)
        lo, hi = x.min().item(), x.max().item()
        assert bool(torch.isfinite(y).all()) and lo <= y.min().item() and y.max().item() <= hi, name
        store = np.float64 if dtype == "float64" else np.float32
        save(name + "_x", x, store)
        save(name + "_y", y, store)
        index.append({"name": name, "dtype": dtype, "attributes": attributes, "call": call})
    with open(os.path.join(OUT, "cases.json"), "w") as f:
        # one case a line: small diffs when a case is added
        f.write('{"generator": "tests/ascend/make_golden.py", "torch": "%s", "cases": [\n' % torch.__version__)
        f.write(",\n".join(json.dumps(c) for c in index))
        f.write("\n]}\n")


if __name__ == "__main__":
    main()
