# SPDX-License-Identifier: Apache-2.0
"""The benchmark workloads (workloads.json, a copy of workloads() in bench/bench_workload.hpp) for
the Python scripts: gen_models.py, torch_bench.py, check_semantics.py and bench/compare.py."""
import json
import os

PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "workloads.json")


def load_workloads(path=PATH):
    with open(path, encoding="utf-8") as f:
        return json.load(f)["workloads"]


def load_targets(path=PATH):
    """The targets shared by every workload (the 2-thread scaling bound and where it applies)."""
    with open(path, encoding="utf-8") as f:
        return json.load(f)["targets"]


def channels_last(w):
    """True for a 4-D NCHW workload stored channels-last (W1-NHWC, ...); W6's HWC image is
    channels-last by its own shape, so it is not one of these."""
    return w["layout"] == "nhwc" and w["axes"] is None and len(w["in"]) == 4


def stored(w):
    """The workload as a runtime holding the tensor in its layout sees the ONNX node: a
    channels-last workload becomes a 4-D NHWC tensor whose N and C are not resized."""
    if not channels_last(w):
        return w
    nhwc = lambda d: [d[0], d[2], d[3], d[1]]  # noqa: E731
    return dict(w, **{"in": nhwc(w["in"]), "out": nhwc(w["out"])})


def sizes_of(w):
    """The Resize `sizes` input: output extents of the resized axes (all axes when `axes` is absent)."""
    axes = w["axes"] if w["axes"] is not None else range(len(w["out"]))
    return [w["out"][a] for a in axes]
