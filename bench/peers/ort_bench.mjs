// SPDX-License-Identifier: Apache-2.0
// ONNX Runtime peer for the ndresize benchmarks: times one Resize-19 node per workload
// (models from gen_models.py) on the CPU execution provider, intra_op_num_threads = 1 and 2,
// inter_op 1, sequential execution, all graph optimizations on.
//
// What is timed: ORT's own profiler records every run as a `model_run` event (the C++
// Session::Run, what a C++ caller pays) holding one `<node>_kernel_time` event (the Resize
// kernel alone). The Node binding adds to each session.run a copy of the whole output into a
// fresh JS ArrayBuffer (even when a preallocated output is passed as the fetch, which ORT
// writes first), which for W1 is a 24 MB memcpy; that is the binding's cost, not the
// operator's, so `median_ms` is the median of model_run, and the wall-clock time of
// session.run is reported beside it as `js_run_ms`.
//
// One repetition is `calls` consecutive runs (calibrated so it lasts --min-time seconds) and
// records their mean; each figure is the median over --reps repetitions after warmup, the
// same statistic as Google Benchmark's median aggregate in resize_bench.
// Channels-last workloads run the node on the NHWC tensor (N and C not resized), which ORT's
// CPU Resize handles with its NHWC kernels.
// Semantics: ORT runs the workload's own Resize-19 node, so float32 results agree with ndresize
// to float rounding; its uint8 linear path (W6, W6a) rounds differently (check_semantics.py
// finds about half of W6's and a tenth of W6a's outputs one level off), hence "approx".
// Prints one JSON line per (workload, threads): {"id","library":"ort","threads","median_ms",
//   "semantics","kernel_ms","js_run_ms","reps","calls_per_rep"}, after a first line
//   {"context": {"cap.ort": "..."}}.
//
// usage: node bench/peers/ort_bench.mjs --models DIR [--threads 1,2] [--reps 10]
//            [--min-time 0.1] [--only W1,W4] [--dump DIR]
// --dump writes each workload's input and output as raw little-endian bytes (X_<id>.bin,
// Y_<id>.bin) for check_semantics.py.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import ort from 'onnxruntime-node';

const here = path.dirname(fileURLToPath(import.meta.url));

function parse_args(argv) {
  const args = { models: null, threads: [1, 2], reps: 10, min_time: 0.1, only: null, dump: null };
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i], value = argv[i + 1];
    if (value === undefined) throw new Error(`${key} needs a value`);
    switch (key) {
      case '--models': args.models = value; break;
      case '--threads': args.threads = value.split(',').map(Number); break;
      case '--reps': args.reps = Number(value); break;
      case '--min-time': args.min_time = Number(value); break;
      case '--only': args.only = new Set(value.split(',')); break;
      case '--dump': args.dump = value; break;
      default: throw new Error(`unknown argument ${key}`);
    }
  }
  if (!args.models) throw new Error('--models DIR is required (run gen_models.py first)');
  if (!(args.reps >= 10)) throw new Error('--reps must be at least 10');
  return args;
}

// Deterministic input: uniform [-1, 1) floats or [0, 255] bytes (mulberry32), the same
// distributions resize_bench uses; resampling cost does not depend on the values.
function random_input(type, count) {
  let s = 42;
  const next = () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  if (type === 'uint8') {
    const a = new Uint8Array(count);
    for (let i = 0; i < count; ++i) a[i] = Math.floor(next() * 256);
    return a;
  }
  const a = new Float32Array(count);
  for (let i = 0; i < count; ++i) a[i] = next() * 2 - 1;
  return a;
}

const product = (dims) => dims.reduce((a, b) => a * b, 1);

// The input shape as stored: a channels-last workload (W1-NHWC, ...) is an N×H×W×C tensor, the
// shape gen_models.py gives its model (workloads.py `stored`).
function stored_in(w) {
  const cl = w.layout === 'nhwc' && w.axes === null && w.in.length === 4;
  return cl ? [w.in[0], w.in[2], w.in[3], w.in[1]] : w.in;
}

function median(values) {
  const v = [...values].sort((a, b) => a - b);
  const m = v.length >> 1;
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

// Mean of consecutive chunks of `size` values.
function chunk_means(values, size) {
  const means = [];
  for (let i = 0; i + size <= values.length; i += size)
    means.push(values.slice(i, i + size).reduce((a, b) => a + b, 0) / size);
  return means;
}

// The profile's per-run durations in ms, in run order: model_run and the Resize kernel.
function read_profile(file) {
  const events = JSON.parse(fs.readFileSync(file, 'utf8'));
  const ms = (e) => e.dur / 1e3;
  return {
    model_run: events.filter((e) => e.cat === 'Session' && e.name === 'model_run').map(ms),
    kernel: events.filter((e) => e.cat === 'Node' && e.args?.op_name === 'Resize' && e.name.endsWith('_kernel_time')).map(ms),
  };
}

async function bench_workload(w, threads, args, profile_dir) {
  const prefix = path.join(profile_dir, `${w.id}_t${threads}`);
  const session = await ort.InferenceSession.create(path.join(args.models, `${w.id}.onnx`), {
    executionProviders: ['cpu'],
    graphOptimizationLevel: 'all',
    executionMode: 'sequential',
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    enableProfiling: true,
    profileFilePrefix: prefix,
  });
  const x = new ort.Tensor(w.dtype, random_input(w.dtype, product(w.in)), stored_in(w));
  let runs = 0;
  const run = async () => {
    ++runs;
    return (await session.run({ X: x })).Y;
  };
  const time_calls = async (calls) => {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < calls; ++i) await run();
    return Number(process.hrtime.bigint() - t0) / 1e6 / calls;  // ms per call
  };

  // Warmup (the first run sizes ORT's arena), then calibration.
  const first = await run();
  if (args.dump && threads === args.threads[0]) {
    fs.mkdirSync(args.dump, { recursive: true });
    fs.writeFileSync(path.join(args.dump, `X_${w.id}.bin`), Buffer.from(x.data.buffer, x.data.byteOffset, x.data.byteLength));
    fs.writeFileSync(path.join(args.dump, `Y_${w.id}.bin`), Buffer.from(first.data.buffer, first.data.byteOffset, first.data.byteLength));
  }
  const once = await time_calls(2);
  const calls = Math.max(1, Math.ceil((args.min_time * 1e3) / Math.max(once, 1e-3)));
  await time_calls(Math.min(calls, 3));
  const warmup_runs = runs;

  const js_per_rep = [];
  for (let r = 0; r < args.reps; ++r) js_per_rep.push(await time_calls(calls));
  session.endProfiling();
  await session.release();

  const file = fs.readdirSync(profile_dir).filter((f) => f.startsWith(`${w.id}_t${threads}_`)).map((f) => path.join(profile_dir, f))[0];
  const profile = read_profile(file);
  fs.rmSync(file);
  if (profile.model_run.length !== runs || profile.kernel.length !== runs)
    throw new Error(`profile holds ${profile.model_run.length} runs and ${profile.kernel.length} Resize kernels, expected ${runs}`);
  return {
    id: w.id, library: 'ort', threads,
    median_ms: median(chunk_means(profile.model_run.slice(warmup_runs), calls)),
    semantics: w.dtype === 'uint8' ? 'approx' : 'same',
    kernel_ms: median(chunk_means(profile.kernel.slice(warmup_runs), calls)),
    js_run_ms: median(js_per_rep),
    reps: args.reps, calls_per_rep: calls,
  };
}

async function main() {
  const args = parse_args(process.argv.slice(2));
  const { workloads } = JSON.parse(fs.readFileSync(path.join(here, 'workloads.json'), 'utf8'));
  // ONNX Runtime has no known switch that caps the instruction sets of its CPU kernels (MLAS
  // picks them by CPUID): bench/run_all.sh's BENCH_CLASS leaves it as it is, and says so.
  console.log(JSON.stringify({ context: { 'cap.ort': `no cap switch known: not capped (onnxruntime-node ${ort.env.versions?.node ?? '?'})` } }));
  const profile_dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ort_bench_'));
  try {
    for (const w of workloads) {
      if (args.only && !args.only.has(w.id) && !args.only.has(w.base)) continue;
      for (const threads of args.threads) {
        let line;
        try {
          line = await bench_workload(w, threads, args, profile_dir);
        } catch (e) {
          line = { id: w.id, library: 'ort', threads, median_ms: null, note: `failed: ${e.message}` };
        }
        console.log(JSON.stringify(line));
      }
    }
  } finally {
    fs.rmSync(profile_dir, { recursive: true, force: true });
  }
}

await main();
