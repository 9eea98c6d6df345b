# SPDX-License-Identifier: Apache-2.0
"""Prints the performance issue's comparison table (markdown) from one resize_bench run and the
peer scripts' JSON lines: per workload, layout and thread count, ndresize's median time, each
peer's, the fastest peer that computes the same thing, the ratio ndresize / fastest, the ratio
to the DRAM copy floor of the workload's bytes, the 2-thread / 1-thread ratio, and each target
with pass/miss; then what each peer's check against the reference found.

Semantics labels (resize_bench measures its peers' before timing them and says so in each
case's label; bench/README.md has the measurements behind the script peers' labels):
  same       the peer computes the workload's Resize-19 node (float rounding aside);
  approx     same sampling and filter, but different integer rounding or border handling
             (fixed-point uint8 weights, torch's antialias borders, libvips' 8-bit
             intermediate) — these still count as peers for the targets, which makes the
             targets harder (--strict counts "same" only);
  different  a different computation shown for reference (torch on float32 for a uint8
             workload, a peer outside its tolerance); never the fastest peer.

Targets (bench/peers/workloads.json): ndresize / fastest peer <= target_ratio on every row, or
ndresize / copy floor <= peer_floor_alternative (the row's, else targets'), which counts as met;
ndresize / copy floor <= target_floor_ratio at 1 thread where set; ndresize 2 threads / 1
thread <= targets.scaling where the output has at least targets.scaling_min_output_bytes.

usage: python3 bench/compare.py --ndresize nd.json [--native nd-native.json --native-label=L]
           [--peer torch.jsonl] [--peer ort.jsonl] [--workloads bench/peers/workloads.json]
           [--strict] [--class avx2] [--output table.md]

Each table's heading names the CPU class (--class, from bench/run_all.sh's BENCH_CLASS) and
lists what each library reported running on: resize_bench's cap.<library> context entries
and the script peers' {"context": {"cap.<library>": ...}} lines.
"""
import argparse
import json
import math
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "peers"))
from workloads import load_targets, load_workloads  # noqa: E402  (bench/peers/workloads.py)

COUNTED = ["same", "approx"]  # semantics that may be the fastest peer (--strict: "same")
MARK = {"same": "", "approx": "†", "different": "‡"}
NAME = re.compile(r"^(?P<id>[^/]+)/(?P<lib>[^/]+)/threads:(?P<threads>\d+)")
# Column order: resize_bench's peers, then the script peers; anything else after them.
PEER_ORDER = ["opencv", "onednn", "xnnpack", "vips", "torch", "ort"]
ELEMENT_BYTES = {"float32": 4, "uint8": 1}


def load_google_benchmark(path):
    """({(id, library, threads): {"ms", "error", "label"}}, context) of one resize_bench run;
    "ms" is the median real time (or the single run's without repetitions)."""
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    rows, singles = {}, {}
    for b in data.get("benchmarks", []):
        m = NAME.match(b.get("run_name", b["name"]))
        if not m:
            continue
        key = (m["id"], m["lib"], int(m["threads"]))
        scale = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}[b.get("time_unit", "ns")]
        entry = {"ms": b.get("real_time", 0) * scale, "error": None, "label": b.get("label", "")}
        if b.get("error_occurred"):
            rows[key] = dict(entry, ms=None, error=b.get("error_message", "error"))
        elif b.get("run_type") == "aggregate" and b.get("aggregate_name") == "median":
            rows.setdefault(key, entry)
        elif b.get("run_type") == "iteration":  # a run without repetitions has no aggregates
            singles.setdefault(key, entry)
    for key, r in singles.items():
        rows.setdefault(key, r)
    return rows, data.get("context", {})


def split_google_benchmark(rows):
    """ndresize rows, copy-floor rows (by base workload), and resize_bench's peers as peer
    entries, their semantics read from the label their check before timing gave them."""
    nd = {(i, t): r for (i, lib, t), r in rows.items() if lib == "ndresize"}
    floor = {kind: {(i, t): r for (i, lib, t), r in rows.items() if lib == name}
             for kind, name in (("copy", "floor"), ("streamed", "floor-streamed"), ("read", "floor-read"))}
    peers = {}
    for (i, lib, t), r in rows.items():
        if lib in ("ndresize", "floor", "floor-streamed", "floor-read"):
            continue
        semantics, _, check = r["label"].partition(": ")
        peers[(i, lib, t)] = {"ms": r["ms"], "semantics": semantics or "n/a", "check": check or None,
                              "note": r["error"]}
    return nd, floor, peers


def load_peer_lines(path, context):
    """The peer entries of a script peer's JSON lines; a {"context": {...}} line (the peer's
    cap.<library>) goes into context."""
    peers = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line.startswith("{"):
                continue
            r = json.loads(line)
            if "context" in r:
                context.update(r["context"])
                continue
            peers[(r["id"], r["library"], int(r["threads"]))] = {
                "ms": r.get("median_ms"), "semantics": r.get("semantics", "same"), "note": r.get("note"),
                "check": None}
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


def layout_of(w):
    if w["layout"] == "nhwc" and w["axes"] is not None:
        return "HWC"
    return {"nchw": "NCHW", "nhwc": "NHWC"}[w["layout"]] if len(w["in"]) == 4 or w["axes"] else "NCDHW"


def output_bytes(w):
    return math.prod(w["out"]) * ELEMENT_BYTES[w["dtype"]]


def ms_of(r):
    return r["ms"] if r and r["ms"] is not None else None


def render_caps(cpu_class, context, out):
    """The CPU class of the run and, per library, the instruction sets it reported running on
    (cap.<library> lines from resize_bench's context and the script peers)."""
    if cpu_class:
        out.append(f"CPU class **{cpu_class}**: every library capped at it where it has a switch "
                   "(bench/run_all.sh BENCH_CLASS); what each one reported running on:")
    else:
        out.append("No CPU class (each library picks its instruction set by CPUID); what each one reported running on:")
    out.append("")
    caps = {key[4:]: value for key, value in context.items() if key.startswith("cap.")}
    order = ["ndresize", *PEER_ORDER]
    for lib in sorted(caps, key=lambda l: (order.index(l) if l in order else len(order), l)):
        out.append(f"- {lib}: {caps[lib]}")
    if not caps:
        out.append("- (not recorded by this resize_bench)")
    out.append("")


def render(workloads, targets, nd, floor, peers, title, out, cpu_class=None, context=None):
    found = {lib for (_, lib, _) in peers}
    libraries = [l for l in PEER_ORDER if l in found] + sorted(found - set(PEER_ORDER),
                                                                key=lambda l: (l.endswith("float32"), l))
    head = ["workload", "layout", "threads", "ndresize ms", *[f"{lib} ms" for lib in libraries], "fastest peer",
            "ndresize / fastest", "ndresize / floor", "ndresize / streamed floor", "ndresize / read floor", "2T / 1T",
            "target", "status"]
    out.append(f"### {title}{f', CPU class {cpu_class}' if cpu_class else ''}\n")
    if context is not None:
        render_caps(cpu_class, context, out)
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
            nd_ms = ms_of(n)
            counted = [(p["ms"], lib) for lib, p in row_peers.items()
                       if p and p["ms"] is not None and p["semantics"] in COUNTED]
            fastest = min(counted) if counted else None
            alternative = w.get("peer_floor_alternative", targets.get("peer_floor_alternative"))
            checks, target = [], [f"≤ {w['target_ratio']:g}x peer"
                                  + (f" or ≤ {alternative:g}x floor" if alternative else "")]
            ratio = nd_ms / fastest[0] if nd_ms is not None and fastest else None
            f_ms = ms_of(floor["copy"].get((w["base"], t)))
            floor_ratio = nd_ms / f_ms if nd_ms is not None and f_ms else None
            if ratio is not None:
                checks.append(ratio <= w["target_ratio"]
                              or (alternative is not None and floor_ratio is not None and floor_ratio <= alternative))
            s_ms = ms_of(floor["streamed"].get((w["base"], t)))
            streamed_ratio = nd_ms / s_ms if nd_ms is not None and s_ms else None
            r_ms = ms_of(floor["read"].get((w["base"], t)))
            read_ratio = nd_ms / r_ms if nd_ms is not None and r_ms else None
            if "target_floor_ratio" in w and t == 1:
                target.append(f"≤ {w['target_floor_ratio']:g}x floor")
                if floor_ratio is not None:
                    checks.append(floor_ratio <= w["target_floor_ratio"])
            one = ms_of(nd.get((w["id"], 1)))
            scaling = nd_ms / one if t > 1 and nd_ms is not None and one else None
            if t > 1 and output_bytes(w) >= targets["scaling_min_output_bytes"]:
                target.append(f"≤ {targets['scaling']:g}x 1T")
                if scaling is not None:
                    checks.append(scaling <= targets["scaling"])
            if nd_ms is None:
                status = "ERROR" if n and n["error"] else "no data"
            elif not checks:
                status = "no peer"
            else:
                status = "pass" if all(checks) else "miss"
            tally[status if status in tally else "no data"] += 1
            cells = [w["id"], layout_of(w), str(t), fmt_ms(nd_ms) if n else "—",
                     *[peer_cell(row_peers[l]) for l in libraries], f"{fastest[1]}" if fastest else "none",
                     fmt_ratio(ratio), fmt_ratio(floor_ratio), fmt_ratio(streamed_ratio), fmt_ratio(read_ratio),
                     fmt_ratio(scaling), "; ".join(target), status]
            out.append("| " + " | ".join(cells) + " |")
    out.append("")
    out.append(f"{tally['pass']} pass, {tally['miss']} miss, {tally['no data']} without a verdict.")
    out.append("")
    return tally


def notes(nd_sets, peers, context, out):
    out.append("Notes:")
    out.append("- Times are medians (ms) of repeated runs, wall clock, output preallocated except torch "
               "(interpolate has no out=) and libvips (renders into its own buffer, copied out). ORT: median of "
               "its profiler's model_run (Session::Run), excluding the Node binding's output copy.")
    out.append("- † approx: same sampling and filter, different integer rounding or border handling; "
               + ("counted as a peer." if "approx" in COUNTED else "(†) not counted as a peer (--strict).")
               + " (‡) different computation, shown for reference only, never the fastest.")
    out.append("- floor: reading the workload's input bytes once and writing its output bytes once (memcpy of "
               "the common part, memset or a read of the rest), same thread count; shared by both layouts. "
               "At these sizes glibc writes through the caches, so a benchmark loop finds much of Y still cached.")
    out.append("- streamed floor (outputs of 8 MiB and more, which ndresize writes with non-temporal stores): the "
               "same traffic with every byte of Y written by a non-temporal store, around the caches to memory "
               "(no target; where the copy floor is far below it, the caches, not the memory, set that floor).")
    out.append("- read floor (shrinks, which read only the source rows their taps need): one load per 64-byte "
               "line of each of those rows, two rows side by side as a 2-tap blend reads them, and Y written "
               "once; the least such a resize can take when its taps touch every line of a row (no target).")
    for key, value in sorted(context.items()):
        if key.startswith("peer.") and value != "built in":
            out.append(f"- {key[5:]}: {value} (resize_bench has no {key[5:]} cases)")
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
    checked = {}
    for (i, lib, t), p in peers.items():
        if p.get("check"):
            checked.setdefault((i, lib), (p["semantics"], p["check"]))
    if checked:
        out.append("Checks before timing (resize_bench's peers against ndresize's reference; "
                   "float32 same ≤ 5e-4, uint8 approx ≤ 1 level, libvips ≤ 3 levels):")
        out.append("")
        out.append("| workload | peer | semantics | check |")
        out.append("|---|---|---|---|")
        order = {w: k for k, w in enumerate(PEER_ORDER)}
        for (i, lib), (sem, check) in sorted(checked.items(), key=lambda kv: (kv[0][0], order.get(kv[0][1], 99))):
            out.append(f"| {i} | {lib} | {sem} | {check} |")
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
    parser.add_argument("--class", dest="cpu_class", help="the CPU class the run was capped at (avx512, avx2, sse4), "
                        "named in each table's heading")
    args = parser.parse_args()
    if args.strict:
        COUNTED.remove("approx")

    workloads, targets = load_workloads(args.workloads), load_targets(args.workloads)
    rows, context = load_google_benchmark(args.ndresize)
    nd, floor, peers = split_google_benchmark(rows)
    script_context = {}
    for path in args.peer:
        peers.update(load_peer_lines(path, script_context))
    out = []
    render(workloads, targets, nd, floor, peers, f"ndresize ({args.ndresize_label}) vs peers", out, args.cpu_class,
           {**context, **script_context})
    nd_sets = [(args.ndresize_label, nd)]
    if args.native:
        native_rows, native_context = load_google_benchmark(args.native)
        nd_native, floor_native, _ = split_google_benchmark(native_rows)
        # the peers' columns come from the first run: only ndresize's line is this build's
        caps = {**context, **script_context}
        if "cap.ndresize" in native_context:
            caps["cap.ndresize"] = native_context["cap.ndresize"]
        render(workloads, targets, nd_native, floor_native if floor_native["copy"] else floor, peers, f"ndresize ({args.native_label}) vs peers",
               out, args.cpu_class, caps)
        nd_sets.append((args.native_label, nd_native))
    notes(nd_sets, peers, context, out)
    text = "\n".join(out)
    print(text)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    sys.exit(main())
