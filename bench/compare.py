# SPDX-License-Identifier: Apache-2.0
"""Prints the performance issue's comparison table (markdown) from one resize_bench run and the
peer scripts' JSON lines: per workload and thread count, ndresize's median time, each peer's,
the fastest peer that computes the same thing, the ratio ndresize / fastest, W4's ratio to a
memcpy of its output, and each target with pass/miss.

Semantics labels (bench/README.md has the measurements behind them):
  same       the peer computes the workload's Resize-19 node (float rounding aside);
  approx     same sampling and filter, but different integer rounding or border handling
             (OpenCV's fixed-point uint8 linear, ORT's uint8 linear, torch's antialias borders)
             — these still count as peers for the targets, which makes the targets harder
             (--strict counts "same" only);
  different  a different computation shown for reference (torch on float32 for a uint8
             workload); never the fastest peer.

usage: python3 bench/compare.py --ndresize nd.json [--native nd-native.json --native-label=L]
           [--peer torch.jsonl] [--peer ort.jsonl] [--workloads bench/peers/workloads.json]
           [--strict] [--output table.md]
"""
import argparse
import json
import math
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "peers"))
from workloads import load_workloads  # noqa: E402  (bench/peers/workloads.py)

COUNTED = ["same", "approx"]  # semantics that may be the fastest peer (--strict: "same")
MARK = {"same": "", "approx": "†", "different": "‡"}
# The peers whose rows resize_bench prints itself, with their semantics per workload.
OPENCV_SEMANTICS = {"W6": "approx"}  # uint8 INTER_LINEAR uses 11-bit fixed-point weights
NAME = re.compile(r"^(?P<id>[^/]+)/(?P<lib>[^/]+)/threads:(?P<threads>\d+)")


def load_google_benchmark(path):
    """{(id, library, threads): {"ms": median real time or None, "error": str|None}}."""
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    rows, singles = {}, {}
    for b in data.get("benchmarks", []):
        m = NAME.match(b.get("run_name", b["name"]))
        if not m:
            continue
        key = (m["id"], m["lib"], int(m["threads"]))
        scale = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}[b.get("time_unit", "ns")]
        if b.get("error_occurred"):
            rows[key] = {"ms": None, "error": b.get("error_message", "error")}
        elif b.get("run_type") == "aggregate" and b.get("aggregate_name") == "median":
            rows.setdefault(key, {"ms": b["real_time"] * scale, "error": None})
        elif b.get("run_type") == "iteration":  # a run without repetitions has no aggregates
            singles.setdefault(key, {"ms": b["real_time"] * scale, "error": None})
    for key, r in singles.items():
        rows.setdefault(key, r)
    return rows


def split_google_benchmark(rows):
    """ndresize rows, memcpy rows, and the OpenCV peer as peer entries."""
    nd = {(i, t): r for (i, lib, t), r in rows.items() if lib == "ndresize"}
    memcpy = {(i, t): r for (i, lib, t), r in rows.items() if lib == "memcpy"}
    peers = {}
    for (i, lib, t), r in rows.items():
        if lib == "opencv":
            peers[(i, "opencv", t)] = {"ms": r["ms"], "semantics": OPENCV_SEMANTICS.get(i, "same"),
                                       "note": r["error"]}
    return nd, memcpy, peers


def load_peer_lines(path):
    peers = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line.startswith("{"):
                continue
            r = json.loads(line)
            peers[(r["id"], r["library"], int(r["threads"]))] = {
                "ms": r.get("median_ms"), "semantics": r.get("semantics", "same"), "note": r.get("note")}
    return peers


def fmt_ms(ms):
    if ms is None:
        return "n/a"
    return f"{ms:.3g}" if ms < 100 else f"{ms:.0f}"


def fmt_ratio(r):
    return "—" if r is None or math.isnan(r) else f"{r:.2f}x"


def peer_cell(p):
    if p is None:
        return "—"
    if p["ms"] is None:
        return "n/a"
    cell = fmt_ms(p["ms"]) + MARK.get(p["semantics"], "")
    return cell if p["semantics"] in COUNTED else f"({cell})"


def render(workloads, nd, memcpy, peers, title, out):
    libraries = sorted({lib for (_, lib, _) in peers}, key=lambda l: (l.endswith("float32"), l))
    head = ["workload", "threads", "ndresize ms", *[f"{lib} ms" for lib in libraries],
            "fastest peer", "ndresize / fastest", "W4 / memcpy", "target", "status"]
    out.append(f"### {title}\n")
    out.append("| " + " | ".join(head) + " |")
    out.append("|" + "|".join("---" for _ in head) + "|")
    tally = {"pass": 0, "miss": 0, "no data": 0}
    threads_seen = sorted({t for (_, t) in nd} | {t for (_, _, t) in peers})
    for w in workloads:
        for t in threads_seen:
            n = nd.get((w["id"], t))
            row_peers = {lib: peers.get((w["id"], lib, t)) for lib in libraries}
            if n is None and not any(row_peers.values()):
                continue
            nd_ms = n["ms"] if n else None
            counted = [(p["ms"], lib) for lib, p in row_peers.items()
                       if p and p["ms"] is not None and p["semantics"] in COUNTED]
            fastest = min(counted) if counted else None
            ratio = nd_ms / fastest[0] if nd_ms is not None and fastest else None
            target = f"≤ {w['target_ratio']:g}x"
            checks = [ratio <= w["target_ratio"]] if ratio is not None else []
            memcpy_cell = ""
            if "target_memcpy_ratio" in w:
                m = memcpy.get((w["id"], 1)) or memcpy.get((w["id"], t))
                mr = nd_ms / m["ms"] if nd_ms is not None and m and m["ms"] else None
                memcpy_cell = fmt_ratio(mr)
                target += f"; ≤ {w['target_memcpy_ratio']:g}x memcpy"
                if mr is not None:
                    checks.append(mr <= w["target_memcpy_ratio"])
            if nd_ms is None:
                status = "ERROR" if n and n["error"] else "no data"
            elif not checks:
                status = "no peer"
            else:
                status = "pass" if all(checks) else "miss"
            tally[status if status in tally else "no data"] += 1
            cells = [w["id"], str(t), fmt_ms(nd_ms) if n else "—", *[peer_cell(row_peers[l]) for l in libraries],
                     f"{fastest[1]}" if fastest else "none", fmt_ratio(ratio), memcpy_cell, target, status]
            out.append("| " + " | ".join(cells) + " |")
    out.append("")
    out.append(f"{tally['pass']} pass, {tally['miss']} miss, {tally['no data']} without a verdict.")
    out.append("")
    return tally


def notes(workloads, nd_sets, peers, out):
    out.append("Notes:")
    out.append("- Times are medians (ms) of repeated runs, wall clock, output preallocated except torch "
               "(interpolate has no out=). ORT: median of its profiler's model_run (Session::Run), "
               "excluding the Node binding's output copy.")
    out.append("- † approx: same sampling and filter, different integer rounding or border handling; "
               + ("counted as a peer." if "approx" in COUNTED else "(†) not counted as a peer (--strict).")
               + " (‡) different computation, shown for reference only, never the fastest.")
    seen = set()
    for (i, lib, t), p in sorted(peers.items()):
        if p.get("note") and (i, lib, p["note"]) not in seen:
            seen.add((i, lib, p["note"]))
            out.append(f"- {i} {lib}: {p['note']}")
    for label, nd in nd_sets:
        for (i, t), r in sorted(nd.items()):
            if r["error"]:
                out.append(f"- {i} ndresize ({label}) threads:{t}: {r['error']}")
    out.append("")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ndresize", required=True, help="resize_bench --benchmark_format=json output")
    parser.add_argument("--ndresize-label", default="portable build")
    parser.add_argument("--native", help="a second resize_bench JSON (say, -march=native)")
    parser.add_argument("--native-label", default="-march=native build")
    parser.add_argument("--peer", action="append", default=[], help="JSON lines from a peer script")
    parser.add_argument("--workloads", default=os.path.join(HERE, "peers", "workloads.json"))
    parser.add_argument("--output", help="also write the table here")
    parser.add_argument("--strict", action="store_true", help='only "same"-semantics peers count')
    args = parser.parse_args()
    if args.strict:
        COUNTED.remove("approx")

    workloads = load_workloads(args.workloads)
    nd, memcpy, peers = split_google_benchmark(load_google_benchmark(args.ndresize))
    for path in args.peer:
        peers.update(load_peer_lines(path))
    out = []
    render(workloads, nd, memcpy, peers, f"ndresize ({args.ndresize_label}) vs peers", out)
    nd_sets = [(args.ndresize_label, nd)]
    if args.native:
        nd_native, memcpy_native, _ = split_google_benchmark(load_google_benchmark(args.native))
        render(workloads, nd_native, memcpy_native or memcpy, peers, f"ndresize ({args.native_label}) vs peers", out)
        nd_sets.append((args.native_label, nd_native))
    notes(workloads, nd_sets, peers, out)
    text = "\n".join(out)
    print(text)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    sys.exit(main())
