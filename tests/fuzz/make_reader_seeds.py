#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Writes the hand-made seeds of the npy and json_case fuzz targets (corpus/npy/seed-*,
# corpus/json_case/seed-*): small .npy files of every dtype family and header variant (written
# byte by byte, no NumPy needed), and JSON attribute objects and npy_resize case lines.
import json
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))


def npy(descr, shape, payload, version=1, fortran=False, extra=""):
    shape_text = "(" + "".join(f"{e}," if len(shape) == 1 else f"{e}, " for e in shape).rstrip(" ") + ")"
    if len(shape) > 1:
        shape_text = "(" + ", ".join(str(e) for e in shape) + ")"
    header = "{'descr': '%s', 'fortran_order': %s, 'shape': %s, %s}" % (descr, "True" if fortran else "False",
                                                                        shape_text, extra)
    prefix = 10 if version == 1 else 12
    header += " " * ((64 - (prefix + len(header) + 1) % 64) % 64) + "\n"
    length = struct.pack("<H", len(header)) if version == 1 else struct.pack("<I", len(header))
    return b"\x93NUMPY" + bytes([version, 0]) + length + header.encode("latin-1") + payload


def utf32(strings, width):
    out = b""
    for s in strings:
        cps = [ord(c) for c in s] + [0] * (width - len(s))
        out += b"".join(struct.pack("<I", c) for c in cps)
    return out


NPY = {
    "f4-2x3": npy("<f4", (2, 3), struct.pack("<6f", 1, 2.5, -3, float("nan"), float("inf"), 0)),
    "u1-4": npy("|u1", (4,), bytes([0, 1, 128, 255])),
    "U3-strings": npy("<U3", (2,), utf32(["ab", "\u00e9\u4e2d\U0001f600"], 3)),
    "S2-bytes": npy("|S2", (3,), b"a\x00b\x00cd"),
    "b1-2x2": npy("|b1", (2, 2), bytes([0, 1, 2, 0])),
    "i8-big-endian": npy(">i8", (3,), struct.pack(">3q", -1, 2, 1 << 62)),
    "c8-2": npy("<c8", (2,), struct.pack("<4f", 1, -1, 0.5, 2)),
    "f2-1x1x2": npy("<f2", (1, 1, 2), struct.pack("<2e", 1.5, -2)),
    "f8-version2": npy("<f8", (2,), struct.pack("<2d", 1e300, -0.0), version=2),
    "i2-version3": npy("<i2", (2,), struct.pack("<2h", -32768, 32767), version=3),
    "u2-scalar": npy("<u2", (), struct.pack("<H", 7)),
    "f4-empty": npy("<f4", (0, 5), b""),
    "f4-fortran": npy("<f4", (2, 2), struct.pack("<4f", 1, 2, 3, 4), fortran=True),
    "f4-truncated": npy("<f4", (4,), struct.pack("<2f", 1, 2)),
    "c16-u8-i4": npy("<c16", (1,), struct.pack("<2d", 1, 2)) + npy("<u8", (1,), b"\x01" * 8),
    # a header may claim no more than the file holds: 2^60 float32 elements in 16 bytes of data,
    # a version 2.0 header length of 4 GiB in a file of a few bytes
    "f4-huge-shape": npy("<f4", (1 << 40, 1 << 20), struct.pack("<4f", 1, 2, 3, 4)),
    "header-length-beyond-file": b"\x93NUMPY\x02\x00" + struct.pack("<I", 0xFFFFFFF0) + b"{'descr': '<f4', ",
    "descr-10k": npy("<f" + "4" * 10000, (1,), b"\0" * 4),
}

JSON = {
    "attrs-linear": {"mode": "linear", "coordinate_transformation_mode": "align_corners"},
    "attrs-cubic-axes": {"mode": "cubic", "cubic_coeff_a": -0.5, "exclude_outside": 1, "axes": [2, 3]},
    "attrs-antialias": {"antialias": 1, "mode": "linear", "keep_aspect_ratio_policy": "not_larger"},
    "attrs-upsample-7-scales": {"scales": [1, 1, 2, 2.5]},
    "attrs-nearest-floor": {"nearest_mode": "floor", "extrapolation_value": 1e300, "coordinate_transformation_mode":
                            "tf_crop_and_resize"},
    "attrs-bool-and-null": {"antialias": True, "mode": None},
    "case-resize-19": {"op": "Resize", "opset": 19, "x": "x.npy", "sizes": "s.npy", "attrs": {"mode": "linear"},
                       "out": "y.npy"},
    "case-upsample-7": {"id": 3, "op": "Upsample", "opset": 7, "x": "x.npy", "attrs": {"scales": [1.0, 2.0]},
                        "out": "y.npy"},
    "case-unknown-key": {"op": "Resize", "opset": 13, "x": "x.npy", "out": "y.npy", "scale": "s.npy"},
    "case-bfloat16": {"op": "Resize", "opset": 13, "x": "/abs/x.npy", "x_dtype": "bfloat16", "roi": None,
                      "scales": "s.npy", "out": "y.npy"},
}
JSON_TEXT = {
    "huge-opset": '{"op": "Resize", "opset": 18446744073709551615, "x": "a", "out": "b"}',
    "huge-axes": '{"axes": [18446744073709551615, -9223372036854775808]}',
    "nested": '[1, 2, {"a": null, "b": [[]]}]',
    "float-exponent": '{"cubic_coeff_a": 1e-400, "extrapolation_value": -1E+39}',
    # npy_resize bounds the nesting at 64 levels: exactly 64 is read, 65 and a few thousand are not
    "nesting-64": '{"op": "Resize", "opset": 19, "x": "x.npy", "out": "y.npy", "id": ' + "[" * 63 + "]" * 63 + "}",
    "nesting-65": "[" * 65 + "]" * 65,
    "nesting-4000": '{"id": 1, "attrs": {"mode": ' + "[" * 4000 + "]" * 4000 + "}}",
    "nul-in-path-and-mode": '{"op": "Resize", "opset": 19, "x": "x\\u0000.npy", "attrs": {"mode": "a\\u0000b"}, "out": "y"}',
    "long-mode": '{"op": "Resize", "opset": 19, "x": "x.npy", "out": "y.npy", "attrs": {"mode": "' + "m" * 2000 + '"}}',
}

if __name__ == "__main__":
    for target, seeds in (("npy", NPY), ("json_case", {k: json.dumps(v).encode() for k, v in JSON.items()}),
                          ("json_case", {k: v.encode() for k, v in JSON_TEXT.items()})):
        out = os.path.join(HERE, "corpus", target)
        os.makedirs(out, exist_ok=True)
        for name, data in seeds.items():
            with open(os.path.join(out, "seed-" + name), "wb") as f:
                f.write(data)
    print("wrote", len(NPY), "npy seeds and", len(JSON) + len(JSON_TEXT), "json_case seeds")
