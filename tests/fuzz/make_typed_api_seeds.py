#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Writes the hand-made seeds of the typed_api fuzz target into corpus/typed_api/ (seed-*).
# Each seed spells a case in the target's byte layout (see decode() in typed_api_fuzz.cpp):
#   entry, element type, flags, mode, coordinate_transformation_mode, nearest_mode,
#   keep_aspect_ratio_policy, cubic_coeff_a, extrapolation_value, exclude_outside, antialias,
#   axes, X shape, Y shape (or "planned"), scales, sizes, X layout, Y layout, concurrency,
#   elements behind a stride list of the wrong length, X bytes.
# Table indices are those of typed_api_fuzz.cpp and fuzz_support.hpp. The seeds include the
# known-hostile requests (out-of-range axes and enums, wrong-length and zero strides, rank < 3
# trilinear, an empty plan, huge extents with a 0, antialias at tiny scales, a huge executor).
import os
import struct

ENTRIES = ["resize_to_y", "resize_by_scales", "static_policy", "upsample_nearest", "upsample_linear", "trilinear",
           "execute_typed", "execute_any", "default_plan", "ascend", "eigen", "plan_only"]
TYPES = ["float", "uint8", "int16", "double", "float16"]
FLOATS = [1, 2, 0.5, 3, 0.25, 1.5, "1/3", 4, 0.999, 1.0001, 0.1, 0.3, 0.6, 1.2, 7.3, 16, 0, "-0", -1, -0.5, 1e-6, 1e6,
          1e-30, 1e30, "nan", "inf", "-inf", "max", "min", "denorm"]
INTS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 16, 33, 100, -1, -2, -100, 1 << 20, 1 << 31, 1 << 40, 1 << 62, "max", "min"]
HUGE = [1 << 20, 1 << 21, 1 << 26, 1 << 28, 1 << 31, 1 << 40, 1 << 62, "max", -1, 64, 1000, 65536, 4096, 256]
STRIDES = [0, 1, -1, 2, -2, 3, 4, -4, 7, 16, 1 << 20, 1 << 31, 1 << 40, 1 << 62, "max", "min", -(1 << 40)]
CONCURRENCY = [1, 2, 3, 7, 64, "INT_MAX", 0, -1, "INT_MIN", 1 << 20]
LAYOUTS = {"row-major": 0, "padded": 1, "listed": 2, "empty": 3}
FLAGS = {"defaults": 1, "col-major": 2, "align-corners": 4, "mismatched-types": 8}


def any_float(v):
    if v in FLOATS:
        return bytes([FLOATS.index(v)])
    return bytes([248]) + struct.pack("<f", v)


def any_int(v):
    if 0 <= v <= 8:
        return bytes([v & 0xFF])
    return bytes([255]) + struct.pack("<q", v)


def any_enum(v, valid):
    return bytes([v]) if 0 <= v < valid else bytes([240, v & 0xFF])


def shape(s):
    b = bytearray([len(s)])
    for e in s:
        b.extend([e] if isinstance(e, int) and 0 <= e <= 6 else [232, HUGE.index(e)])
    return bytes(b)


def layout(spec):
    if spec is None or isinstance(spec, str):
        b = bytes([LAYOUTS[spec or "row-major"]])
        return b + bytes([0]) if spec == "padded" else b
    if isinstance(spec, int):  # padded, with these bits
        return bytes([LAYOUTS["padded"], spec])
    return bytes([LAYOUTS["listed"], len(spec)] + [STRIDES.index(s) for s in spec])


def seed(entry, x, y="planned", dtype="float", flags=(), variant=0, mode=0, ctm=0, nearest=0, keep=0, cubic=None,
         antialias=None, exclude=None, axes=None, scales=None, sizes=None, x_layout=None, y_layout=None,
         concurrency=1, listed_buffer=0, data=b""):
    b = bytearray([ENTRIES.index(entry), TYPES.index(dtype), sum(FLAGS[f] for f in flags) | variant << 4])
    b += any_enum(mode, 3) + any_enum(ctm, 7) + any_enum(nearest, 4) + any_enum(keep, 3)
    b += bytes([0]) if cubic is None else bytes([128]) + any_float(cubic)
    b += bytes([0])  # extrapolation_value: default
    b += bytes([0]) if exclude is None else bytes([128]) + any_int(exclude)
    b += bytes([0]) if antialias is None else bytes([128]) + any_int(antialias)
    b += bytes([0]) if axes is None else bytes([160 + len(axes)]) + b"".join(any_int(a) for a in axes)
    b += shape(x)
    b += bytes([1]) if y == "planned" else bytes([0]) + shape(y)
    b += bytes([0]) if scales is None else bytes([96 + len(scales)]) + b"".join(any_float(s) for s in scales)
    if sizes is None:
        b += bytes([0])
    else:
        b += bytes([128 + len(sizes)])
        for v in sizes:
            b += bytes([v]) if 0 <= v < 12 else bytes([200, INTS.index(v)])
    b += layout(x_layout) + layout(y_layout)
    b += bytes([CONCURRENCY.index(concurrency), listed_buffer])
    return bytes(b + data)


def ramp(n, start=4, step=4):
    return bytes((start + i * step) & 0x7F for i in range(n))


LINEAR, CUBIC = 1, 2
SEEDS = {
    # Valid requests through every entry point.
    "resize-to-y-linear": seed("resize_to_y", [2, 3], [4, 6], mode=LINEAR, data=ramp(6)),
    "resize-to-y-axes-uint8": seed("resize_to_y", [2, 3, 2], [2, 5, 2], dtype="uint8", axes=[-2], data=ramp(12)),
    "resize-by-scales-cubic-double": seed("resize_by_scales", [3, 4], dtype="double", mode=CUBIC, scales=[2, 0.5],
                                          data=ramp(12)),
    "static-linear-half-pixel": seed("static_policy", [2, 2], [3, 5], variant=0, data=ramp(4)),
    "static-nearest-asymmetric-int16": seed("static_policy", [3], [6], dtype="int16", variant=1, data=ramp(3)),
    "static-cubic-align-corners-half": seed("static_policy", [4, 4], [2, 3], dtype="float16", variant=2,
                                            data=ramp(16)),
    "upsample-nearest": seed("upsample_nearest", [2, 3], scales=[2, 1.5], data=ramp(6)),
    "upsample-linear-uint8": seed("upsample_linear", [1, 3], dtype="uint8", scales=[1, 3], data=ramp(3)),
    "trilinear-5d": seed("trilinear", [1, 1, 2, 2, 2], [1, 1, 3, 4, 1], data=ramp(8)),
    "execute-typed-padded": seed("execute_typed", [3, 4], mode=LINEAR, sizes=[5, 2], x_layout=0x2D, y_layout=0x5A,
                                 concurrency=3, data=ramp(12)),
    "execute-any-reversed-double": seed("execute_any", [2, 3], dtype="double", sizes=[4, 3], x_layout=0xFF,
                                        y_layout=0x18, data=ramp(6)),
    "execute-any-broadcast-x": seed("execute_any", [3, 4], mode=LINEAR, sizes=[2, 2], x_layout=[0, 1],
                                    data=ramp(4)),
    "execute-any-mismatched-types": seed("execute_any", [2, 2], flags=["mismatched-types"], sizes=[3, 3],
                                         listed_buffer=10, data=ramp(4)),
    "ascend-compute-scales": seed("ascend", [1, 2, 2, 2, 3], scales=[2, 1.5, 0.5], variant=0, data=ramp(24)),
    "ascend-typed-output-size-half": seed("ascend", [1, 1, 2, 3, 2], dtype="float16", sizes=[3, 1, 4], variant=1,
                                          flags=["align-corners"], data=ramp(12)),
    "ascend-plan-execute-uint8": seed("ascend", [1, 1, 2, 2, 2], dtype="uint8", sizes=[2, 3, 4], variant=3,
                                      data=ramp(8)),
    "eigen-execute-col-major": seed("eigen", [2, 3, 4], flags=["col-major"], variant=1, mode=LINEAR,
                                    scales=[1, 2, 0.5], data=ramp(24)),
    "eigen-resize-row-major-half": seed("eigen", [1, 2, 3, 2], dtype="float16", variant=2, sizes=[1, 3, 2, 5],
                                        data=ramp(12)),
    "plan-only-defaults": seed("plan_only", [4, 5], flags=["defaults"], mode=CUBIC, scales=[0.5, 3]),
    # Hostile: axes outside the rank read Y's extents before planning checks them.
    "hostile-axes-minus-17": seed("resize_to_y", [2, 3], [2, 3], axes=[-17], data=ramp(6)),
    "hostile-axes-1000": seed("resize_to_y", [2, 3], [2, 3], axes=[1000], data=ramp(6)),
    "hostile-axes-minus-3": seed("resize_to_y", [2, 3], [2, 3], axes=[-3], data=ramp(6)),
    "hostile-trilinear-rank-0": seed("trilinear", [], []),
    "hostile-trilinear-rank-1": seed("trilinear", [2], [3], data=ramp(2)),
    "hostile-trilinear-rank-2": seed("trilinear", [2, 2], [3, 3], data=ramp(4)),
    # Hostile strides: a list of the wrong length behind a 4-element buffer; a zero Y stride.
    "hostile-any-x-strides-0": seed("execute_any", [4, 4], sizes=[4, 4], x_layout=[0], listed_buffer=4,
                                    data=ramp(4)),
    "hostile-any-y-strides-0": seed("execute_any", [4, 4], sizes=[4, 4], y_layout=[0], listed_buffer=4,
                                    data=ramp(16)),
    "hostile-typed-y-strides-0": seed("execute_typed", [4, 4], sizes=[4, 4], y_layout=[0], listed_buffer=4,
                                      data=ramp(16)),
    "hostile-any-y-stride-zero-axis": seed("execute_any", [2, 2], sizes=[4, 4], y_layout=[0, 1], data=ramp(4)),
    "hostile-any-huge-stride-unit-axis": seed("execute_any", [1, 4], sizes=[1, 2], x_layout=["max", 1],
                                              y_layout=["min", -1], data=ramp(4)),
    "hostile-ascend-y-strides-0": seed("ascend", [1, 1, 2, 2, 2], sizes=[2, 2, 2], variant=0, y_layout=[0],
                                       listed_buffer=4, data=ramp(8)),
    "hostile-ascend-x-strides-0": seed("ascend", [1, 1, 2, 2, 2], sizes=[2, 2, 2], variant=2, x_layout=[0],
                                       listed_buffer=4, data=ramp(4)),
    # Hostile: an empty plan meets rank-0 views (erased and typed).
    "hostile-default-plan-any-rank-0": seed("default_plan", [], [], variant=0, data=ramp(1)),
    "hostile-default-plan-typed-rank-0": seed("default_plan", [], [], variant=1, data=ramp(1)),
    "hostile-default-plan-rank-2": seed("default_plan", [2, 2], [2, 2], variant=0, data=ramp(4)),
    # Hostile: enum values that name no enumerator.
    "hostile-mode-7": seed("resize_to_y", [2, 3], [4, 6], mode=7, data=ramp(6)),
    "hostile-ctm-42": seed("resize_to_y", [2, 3], [4, 6], ctm=42, data=ramp(6)),
    "hostile-nearest-mode-minus-3": seed("resize_to_y", [2, 3], [4, 6], nearest=-3, data=ramp(6)),
    "hostile-keep-aspect-9": seed("resize_to_y", [2, 3], [4, 6], keep=9, data=ramp(6)),
    "hostile-enums-plan-only": seed("plan_only", [2, 3], mode=7, ctm=42, nearest=-3, keep=9, sizes=[4, 6]),
    "hostile-enums-linear-ctm-42": seed("execute_typed", [2, 3], mode=LINEAR, ctm=42, sizes=[4, 6], data=ramp(6)),
    # Hostile plan cost: a huge axis of an empty tensor, antialias at tiny scales.
    "hostile-empty-2p28-plan": seed("plan_only", [1 << 28, 0], flags=["defaults"], axes=[1], sizes=[0]),
    "hostile-empty-2p28-resize-to-y": seed("resize_to_y", [1 << 28, 0], [1 << 28, 0], flags=["defaults"], axes=[1]),
    "hostile-antialias-linear-1-256": seed("plan_only", [65536, 4096], mode=LINEAR, antialias=1,
                                           scales=[1 / 256, 1]),
    "hostile-antialias-linear-1-256-defaults": seed("plan_only", [65536, 4096], flags=["defaults"], mode=LINEAR,
                                                    antialias=1, scales=[1 / 256, 1]),
    "hostile-antialias-cubic-1e-6": seed("plan_only", [1 << 26], flags=["defaults"], mode=CUBIC, antialias=1,
                                         scales=[1e-6]),
    # Hostile Eigen maps: huge extents with a 0 (no element), whose strides overflow int64.
    "hostile-eigen-as-view-2p40": seed("eigen", [1 << 40, 1 << 40, 0], flags=["col-major"], variant=0),
    "hostile-eigen-resize-2p21": seed("eigen", [1 << 21, 1 << 21, 1 << 21, 0], flags=["col-major", "defaults"],
                                      variant=2, scales=[1, 1, 1, 1]),
    "hostile-eigen-resize-2p21-row-major": seed("eigen", [1 << 21, 1 << 21, 1 << 21, 0], flags=["defaults"],
                                                variant=2, scales=[1, 1, 1, 1]),
    # Hostile executor: INT_MAX claimed workers on a small linear resize.
    "hostile-executor-int-max": seed("execute_typed", [2, 4], mode=LINEAR, sizes=[3, 6], concurrency="INT_MAX",
                                     data=ramp(8)),
    "hostile-executor-int-max-any": seed("execute_any", [4, 4], mode=CUBIC, sizes=[2, 6], concurrency="INT_MAX",
                                         data=ramp(16)),
}

if __name__ == "__main__":
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus", "typed_api")
    os.makedirs(out, exist_ok=True)
    for name, data in SEEDS.items():
        with open(os.path.join(out, "seed-" + name), "wb") as f:
            f.write(data)
    print(f"wrote {len(SEEDS)} seeds to {out}")
