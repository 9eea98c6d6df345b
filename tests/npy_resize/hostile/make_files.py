#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Writes the small input files of the npy_resize hostile-input tests (npy_resize_test.cpp,
# NpyResizeHostile), byte by byte with the .npy writer of tests/fuzz/make_reader_seeds.py:
#   x.npy             float32 (1, 1, 2, 2) = [1, 2, 3, 4], and scales.npy float32 [1, 1, 2, 2]
#   truncated.npy     a float32 (1, 1, 2, 2) header followed by 13 of its 16 data bytes
#   huge_shape.npy    a float32 header of shape (2^40, 2^20) (2^62 bytes) followed by 16 bytes
#   huge_header.npy   a version 2.0 preamble whose header length says 4 GiB, in a 21-byte file
import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "fuzz"))
from make_reader_seeds import npy  # noqa: E402

FILES = {
    "x.npy": npy("<f4", (1, 1, 2, 2), struct.pack("<4f", 1, 2, 3, 4)),
    "scales.npy": npy("<f4", (4,), struct.pack("<4f", 1, 1, 2, 2)),
    "truncated.npy": npy("<f4", (1, 1, 2, 2), struct.pack("<4f", 1, 2, 3, 4)[:13]),
    "huge_shape.npy": npy("<f4", (1 << 40, 1 << 20), struct.pack("<4f", 1, 2, 3, 4)),
    "huge_header.npy": b"\x93NUMPY\x02\x00" + struct.pack("<I", 0xFFFFFFF0) + b"{'descr':",
}

if __name__ == "__main__":
    for name, data in FILES.items():
        with open(os.path.join(HERE, name), "wb") as f:
            f.write(data)
    print("wrote", len(FILES), "files")
