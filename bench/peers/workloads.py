# SPDX-License-Identifier: Apache-2.0
"""The benchmark workloads (workloads.json, a copy of workloads() in bench/resize_bench.cpp) for
the Python scripts: gen_models.py, torch_bench.py, check_semantics.py and bench/compare.py."""
import json
import os

PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "workloads.json")


def load_workloads(path=PATH):
    with open(path, encoding="utf-8") as f:
        return json.load(f)["workloads"]


def sizes_of(w):
    """The Resize `sizes` input: output extents of the resized axes (all axes when `axes` is absent)."""
    axes = w["axes"] if w["axes"] is not None else range(len(w["out"]))
    return [w["out"][a] for a in axes]
