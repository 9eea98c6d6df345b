# SPDX-License-Identifier: Apache-2.0
"""Writes one ONNX model per benchmark workload (bench/peers/workloads.json) for ort_bench.mjs.

Each model is a single Resize-19 node, Y = Resize(X, roi="", scales="", sizes), with the
workload's attributes and `sizes` as an initializer, so ONNX Runtime sees exactly the node the
ndresize benchmark plans. A channels-last workload (W1-NHWC, ...) is the node on the NHWC tensor:
X of shape N×H×W×C and `sizes` that leave N and C alone, as a runtime holding NHWC data runs it. Debian's python3-onnx (1.12) predates opset 19 in its schema
registry, so the model is assembled with onnx.helper and not run through the checker (which
would reject the opset it does not know); ONNX Runtime validates it when it loads it.

usage: /usr/bin/python3 bench/peers/gen_models.py OUT_DIR
"""
import os
import sys

import onnx
from onnx import TensorProto, helper

from workloads import load_workloads, sizes_of, stored

OPSET = 19
IR_VERSION = 9  # the IR version that opset 19 came with

ELEMENT_TYPES = {"float32": TensorProto.FLOAT, "uint8": TensorProto.UINT8}


def make_model(w):
    attrs = {
        "mode": w["mode"],
        "coordinate_transformation_mode": "half_pixel",
        "nearest_mode": "round_prefer_floor",
        "cubic_coeff_a": -0.75,
        "exclude_outside": 0,
        "antialias": w["antialias"],
    }
    if w["axes"] is not None:
        attrs["axes"] = w["axes"]
    sizes = sizes_of(w)
    node = helper.make_node("Resize", ["X", "", "", "sizes"], ["Y"], name="resize", **attrs)
    elem = ELEMENT_TYPES[w["dtype"]]
    graph = helper.make_graph(
        [node],
        "resize_" + w["id"],
        [helper.make_tensor_value_info("X", elem, w["in"])],
        [helper.make_tensor_value_info("Y", elem, w["out"])],
        initializer=[helper.make_tensor("sizes", TensorProto.INT64, [len(sizes)], sizes)],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)], producer_name="ndresize-bench")
    model.ir_version = IR_VERSION
    return model


def main(argv):
    if len(argv) != 2:
        sys.exit(__doc__.strip().splitlines()[-1])
    out_dir = argv[1]
    os.makedirs(out_dir, exist_ok=True)
    for w in load_workloads():
        path = os.path.join(out_dir, w["id"] + ".onnx")
        onnx.save(make_model(stored(w)), path)
        print(path)


if __name__ == "__main__":
    main(sys.argv)
