# SPDX-License-Identifier: Apache-2.0
"""bench/compare.py's verdicts, from the outside: a made-up resize_bench run goes through the
script and each row's status is read back from its table. The targets are the issues' words:
ndresize / fastest peer <= target_ratio, or ndresize / copy floor <= the row's
peer_floor_alternative (1.15 for W4, W4-NHWC, W7-NHWC; 1.25 elsewhere), and ndresize / copy
floor <= target_floor_ratio at one thread where the row has one."""
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
COMPARE = os.path.join(ROOT, "bench", "compare.py")


def run(rows):
    """The status column of compare.py's first table, by (workload, threads), for rows given as
    {(id, library, threads): ms}."""
    benchmarks = [{"name": f"{i}/{lib}/threads:{t}/real_time", "run_type": "iteration", "real_time": ms,
                   "time_unit": "ms", "label": "" if lib in ("ndresize", "floor") else "same: checked"}
                  for (i, lib, t), ms in rows.items()]
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "run.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump({"context": {}, "benchmarks": benchmarks}, f)
        text = subprocess.run([sys.executable, COMPARE, "--ndresize", path], check=True, capture_output=True,
                              text=True).stdout
    head, status = None, {}
    for line in text.splitlines():
        if not line.startswith("| "):
            if head is not None and status:
                break
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        if head is None:
            head = cells
            continue
        row = dict(zip(head, cells))
        status[(row["workload"], int(row["threads"]))] = (row["status"], row["target"])
    return status


def expect(rows, key, want):
    got, target = run(rows)[key]
    if got != want:
        sys.exit(f"{key}: status {got!r}, expected {want!r} (target {target!r}; rows {rows})")
    return target


# W1 (target 0.5x peer, 2x floor): 0.67x the peer misses, unless within 1.25x the copy floor.
expect({("W1", "ndresize", 1): 2.0, ("W1", "opencv", 1): 3.0, ("W1", "floor", 1): 1.5}, ("W1", 1), "miss")
target = expect({("W1", "ndresize", 1): 2.0, ("W1", "opencv", 1): 3.0, ("W1", "floor", 1): 1.7}, ("W1", 1), "pass")
assert "≤ 1.25x floor" in target, target
expect({("W1", "ndresize", 1): 1.4, ("W1", "opencv", 1): 3.0, ("W1", "floor", 1): 0.6}, ("W1", 1), "miss")  # 2.3x floor
expect({("W1", "ndresize", 1): 1.4, ("W1", "opencv", 1): 3.0, ("W1", "floor", 1): 0.7}, ("W1", 1), "pass")
# W4-NHWC (0.8x peer, or 1.15x the floor): 1.2x the floor does not count, 1.14x does.
target = expect({("W4-NHWC", "ndresize", 1): 1.2, ("W4-NHWC", "onednn", 1): 1.0, ("W4", "floor", 1): 1.0},
                ("W4-NHWC", 1), "miss")
assert "≤ 1.15x floor" in target, target
expect({("W4-NHWC", "ndresize", 1): 1.2, ("W4-NHWC", "onednn", 1): 1.0, ("W4", "floor", 1): 1.05},
       ("W4-NHWC", 1), "pass")
expect({("W4-NHWC", "ndresize", 1): 0.8, ("W4-NHWC", "onednn", 1): 1.0, ("W4", "floor", 1): 0.5},
       ("W4-NHWC", 1), "pass")
# W2 (0.8x peer, no floor target): 0.9x misses, 0.75x passes, a near floor passes.
expect({("W2", "ndresize", 1): 0.9, ("W2", "xnnpack", 1): 1.0, ("W2", "floor", 1): 0.5}, ("W2", 1), "miss")
expect({("W2", "ndresize", 1): 0.75, ("W2", "xnnpack", 1): 1.0, ("W2", "floor", 1): 0.5}, ("W2", 1), "pass")
expect({("W2", "ndresize", 1): 0.9, ("W2", "xnnpack", 1): 0.5, ("W2", "floor", 1): 0.8}, ("W2", 1), "pass")
# No peer: no verdict from the floor alone.
expect({("W2", "ndresize", 1): 0.9, ("W2", "floor", 1): 0.8}, ("W2", 1), "no peer")
print("compare.py verdicts: 11 cases as expected")
