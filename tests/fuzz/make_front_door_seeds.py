#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Writes the hand-made seeds of the front_door fuzz target into corpus/front_door/ (seed-*).
# Each seed spells a node in the target's byte layout (see decode() in front_door_fuzz.cpp):
#   op, opset, attribute count, (name, kind, value...)*, rank, extents, element type,
#   scales, sizes, roi, flags, perturbed axis, layout, X bytes.
# Table indices (attribute names, strings, floats, doubles) are those of front_door_fuzz.cpp
# and fuzz_support.hpp. The rest of the corpus comes from fuzzing (libFuzzer -merge=1).
import os

NAMES = {"mode": 0, "coordinate_transformation_mode": 1, "nearest_mode": 2, "keep_aspect_ratio_policy": 3,
         "cubic_coeff_a": 4, "extrapolation_value": 5, "exclude_outside": 6, "antialias": 7, "axes": 8,
         "scales": 9, "": 10, "Mode": 11, "sizes": 12}
STRINGS = ["nearest", "linear", "cubic", "half_pixel", "half_pixel_symmetric", "pytorch_half_pixel", "align_corners",
           "asymmetric", "tf_half_pixel_for_nn", "tf_crop_and_resize", "round_prefer_floor", "round_prefer_ceil",
           "floor", "ceil", "stretch", "not_larger", "not_smaller", "", "bilinear", "NEAREST"]
FLOATS = [1, 2, 0.5, 3, 0.25, 1.5, "1/3", 4, 0.999, 1.0001, 0.1, 0.3, 0.6, 1.2, 7.3, 16, 0, "-0", -1, -0.5, 1e-6, 1e6,
          1e-30, 1e30, "nan", "inf", "-inf", "max", "min", "denorm"]
DOUBLES = [0.0, 1.0, 0.5, -0.5, 1.5, 0.25, 0.75, 0.1, 0.9, 2.0, -1.0, 0.4, 0.6, 1e-30, 1e30, -1e30, "nan", "inf", "-inf"]
TYPES = {"float": 0, "uint8": 1, "int8": 2, "uint16": 3, "int16": 4, "int32": 5, "int64": 6, "string": 7, "bool": 8,
         "float16": 9, "double": 10, "uint32": 11, "uint64": 12, "complex64": 13, "complex128": 14, "bfloat16": 15}
HUGE = {1 << 20: 0, 1 << 31: 1, 1 << 40: 2, 1 << 62: 3, "max": 4, -1: 5, "min": 6, 64: 7, 1000: 8, 1 << 16: 9}


def float_index(v):
    return FLOATS.index(v)


def seed(op="Resize", opset=19, attrs=(), shape=(), dtype="float", scales=None, sizes=None, roi=None,
         strided=False, perturb=False, layout=0, data=b"", rank_byte=None, type_byte=None):
    b = bytearray()
    b.append({"Resize": 0, "Upsample": 10}[op])
    b.append(opset)
    b.append(len(attrs))
    for name, value in attrs:
        b.append(NAMES[name])
        b.append(0)  # the attribute's own type
        if isinstance(value, str):
            b.append(STRINGS.index(value))
        elif isinstance(value, list) and name == "axes":
            b.append(len(value))
            b.extend(v & 0xFF for v in value)
        elif isinstance(value, list):  # FLOATS
            b.append(len(value))
            b.extend(float_index(v) for v in value)
        elif name in ("exclude_outside", "antialias"):
            b.append(value)
        else:
            b.append(float_index(value))
    b.append(rank_byte if rank_byte is not None else len(shape))
    for e in shape:
        if isinstance(e, int) and 0 <= e <= 6:
            b.append(e)
        else:
            b.extend([232, HUGE[e]])
    b.append(type_byte if type_byte is not None else TYPES[dtype])
    if scales is None:
        b.append(0)
    else:
        b.append(100 + len(scales))
        b.extend(float_index(v) for v in scales)
    if sizes is None:
        b.append(0)
    else:
        b.append(130 + len(sizes))
        for v in sizes:
            b.extend([v] if 0 <= v < 12 else [200, {1 << 20: 17, 1 << 40: 19}[v]])
    if roi is None:
        b.append(0)
    else:
        b.append(170 + len(roi))
        b.extend(DOUBLES.index(v) for v in roi)
    b.append((8 if strided else 0) | (7 if perturb else 0))
    b.append(1)  # perturbed axis
    b.append(layout)
    b.extend(data)
    return bytes(b)


def ramp(n, start=4, step=4):
    return bytes((start + i * step) & 0x7F for i in range(n))


SEEDS = {
    "linear-19": seed(attrs=[("mode", "linear")], shape=(1, 1, 2, 2), scales=[1, 1, 2, 2], strided=True, layout=0x2D,
                      data=ramp(4)),
    "cubic-align-corners-11": seed(opset=11, attrs=[("mode", "cubic"), ("coordinate_transformation_mode", "align_corners"),
                                                    ("exclude_outside", 1)], shape=(1, 4), dtype="double", sizes=[1, 7],
                                   data=ramp(4, 200, 30)),
    "crop-13-uint8": seed(opset=13, attrs=[("coordinate_transformation_mode", "tf_crop_and_resize"),
                                           ("extrapolation_value", 1.5)], shape=(3, 4), dtype="uint8", sizes=[2, 5],
                          roi=[0.1, -0.5, 0.9, 1.5], strided=True, layout=0x17, data=ramp(12)),
    "upsample-7-string": seed(op="Upsample", opset=7, attrs=[("scales", [1, 2, 3])], shape=(2, 1, 2), dtype="string",
                              data=b"abcd"),
    "antialias-axes-18-bf16": seed(opset=18, attrs=[("mode", "linear"), ("antialias", 1), ("axes", [2, 3]),
                                                    ("keep_aspect_ratio_policy", "not_smaller")],
                                   shape=(1, 2, 5, 6), dtype="bfloat16", sizes=[3, 3], strided=True, layout=0x5A,
                                   data=ramp(60, 1, 3)),
    "legacy-10-nan": seed(opset=10, attrs=[("mode", "linear")], shape=(4, 6), scales=[0.5, 0.6],
                          data=bytes([8, 255, 12, 254, 16, 20, 253, 24] + list(ramp(16)))),
    "symmetric-cubic-19-complex": seed(attrs=[("mode", "cubic"), ("coordinate_transformation_mode", "half_pixel_symmetric")],
                                       shape=(3, 3), dtype="complex64", scales=[1.5, 0.5], data=ramp(9)),
    "nearest-ceil-5d-int64": seed(attrs=[("nearest_mode", "ceil"), ("coordinate_transformation_mode", "asymmetric")],
                                  shape=(1, 2, 1, 3, 2), dtype="int64", scales=[1, 1, 2, 1, 1.5], strided=True,
                                  layout=0x33, data=ramp(12, 250, 1)),
    "tf-half-pixel-for-nn-11-bool": seed(opset=11, attrs=[("coordinate_transformation_mode", "tf_half_pixel_for_nn")],
                                         shape=(2, 3), dtype="bool", sizes=[5, 2], data=bytes([1, 0, 1, 1, 0, 0])),
    "pytorch-half-pixel-13-half": seed(opset=13, attrs=[("mode", "linear"), ("coordinate_transformation_mode",
                                                                             "pytorch_half_pixel")],
                                       shape=(2, 5), dtype="float16", sizes=[1, 1], data=ramp(10)),
    "upsample-9-perturbed-y": seed(op="Upsample", opset=9, attrs=[("mode", "linear")], shape=(2, 2), dtype="int16",
                                   scales=[2, 3], perturb=True, data=ramp(4)),
    # An empty Y perturbed on its zero extent (a CI finding: the harness's buffer grew unbounded).
    "empty-y-perturbed-on-zero-extent": seed(shape=(6, 0, 6, 6), scales=[16, 1, 16, 16], perturb=True),
    # Errors and limits.
    "error-rank-17": seed(shape=(), rank_byte=253),
    "error-resize-opset-9": seed(opset=9, shape=(2,), scales=[2]),
    "error-nan-scale": seed(shape=(2, 2), scales=["nan", 1]),
    "error-type-code-100": seed(shape=(2,), scales=[2], type_byte=250, data=bytes([100])),
    "limit-aspect-overflow": seed(opset=18, attrs=[("keep_aspect_ratio_policy", "not_smaller")],
                                  shape=(1, 1 << 62), sizes=[1 << 20, 1]),
    "huge-extent-linear": seed(attrs=[("mode", "linear")], shape=(1 << 40,), sizes=[3]),
}

if __name__ == "__main__":
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus", "front_door")
    os.makedirs(out, exist_ok=True)
    for name, data in SEEDS.items():
        with open(os.path.join(out, "seed-" + name), "wb") as f:
            f.write(data)
    print(f"wrote {len(SEEDS)} seeds to {out}")
