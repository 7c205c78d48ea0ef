#!/usr/bin/env python3
"""Sharded workloads against the same workloads on one device.

Gives the arguments of the benchmark workloads (../shared/bench/workloads,
or --workloads, or $HLOX_BENCH_DIR/workloads) shardings over meshes of 2
and 4 devices, as a framework would annotate them, and runs each program
partitioned (`hlox-run`, one process per device) and unpartitioned on the
same seeded inputs:

- e_mlp, data parallel: the batch split;
- e_mlp, tensor parallel (Megatron-style): the first layer's weight and
  bias split by columns, the second's weight by rows (their partial sums
  meet in one all_reduce), the third whole;
- f_encoder, data parallel (the batch) and tensor parallel (Megatron):
  the attention split by heads (a sharding constraint on the heads of
  the fused q|k|v projection, whose columns are not a block per device:
  hlox-hoist-reshapes reshapes its weight instead, so that each device
  computes its heads), the output
  projection's weight split by rows, the feed-forward block column then
  row;
- g_convblock, the batch split, and the image's height split (each
  device's rows of every convolution and the max pool, with halos of
  rows from its neighbours).

Results must agree within a relative error of 1e-4 of each result's
largest magnitude (partial sums add in another order). With --mpiexec
and --gloo, each program on 2 devices also runs as a job of 2 processes
over MPI (`mpiexec -np 2 hlox-run --collectives=mpi`) and over Gloo
(`Tools/run_job.py`), each process writing its shard of the results,
which must be its block of the one-device results. With --time, the
tensor-parallel MLP is also timed (`hlox-run --repeat`) on 1, 2 and 4
devices. Exits 77 without the workloads.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

MESHES = {2: '["x"=2]', 4: '["x"=2, "y"=2]'}


def axes(devices):
    return '"x"' if devices == 2 else '"x", "y"'


def split(dims, devices):
    """A sharding of a tensor of len(dims) dimensions, the mesh's axes on
    dimension `dims.index(True)`."""
    return "[" + ", ".join("{" + (axes(devices) if d else "") + "}"
                           for d in dims) + "]"


# Per workload and scheme: argument name -> which dimension is split; a
# name that starts with % is a value of the program, which gets a sharding
# constraint.
SCHEMES = {
    ("e_mlp", "dp"): {"x": [True, False]},
    ("e_mlp", "tp"): {"w1": [False, True], "b1": [True], "w2": [True, False]},
    ("f_encoder", "dp"): {"x": [True, False, False]},
    ("f_encoder", "tp"): {"%qkv2": [False, False, False, True, False],
                          "wo": [True, False], "w1": [False, True],
                          "b1": [True], "w2": [True, False]},
    ("g_convblock", "dp"): {"x": [True, False, False, False]},
    ("g_convblock", "rows"): {"x": [False, False, True, False]},
}


def find_workloads(explicit):
    here = os.path.dirname(os.path.abspath(__file__))
    bench = os.environ.get("HLOX_BENCH_DIR")
    for c in (explicit, bench and os.path.join(bench, "workloads"),
              os.path.join(here, "..", "..", "..", "shared", "bench",
                           "workloads")):
        if c and os.path.isdir(c):
            return c
    return None


def constrain(text, value, sharding):
    """The program with an sdy.sharding_constraint on `value` (%name):
    its definition renamed, the constraint taking the name."""
    pattern = re.compile(r"^(\s*)" + re.escape(value) +
                         r" = (.*(tensor<[^>]*>))\s*$", re.M)
    match = pattern.search(text)
    if not match:
        raise ValueError(f"no value {value}")
    indent, rest, type_ = match.groups()
    original = value + "_unconstrained"
    return (text[:match.start()] + f"{indent}{original} = {rest}\n"
            f"{indent}{value} = sdy.sharding_constraint {original} "
            f"<@mesh, {sharding}> : {type_}" + text[match.end():])


def annotate(text, scheme, devices):
    """The program with `scheme`'s shardings on its arguments and a mesh."""
    for name, dims in scheme.items():
        if name.startswith("%"):
            text = constrain(text, name, split(dims, devices))
            continue
        pattern = re.compile(r"(%" + re.escape(name) + r": tensor<[^>]*>)")
        if not pattern.search(text):
            raise ValueError(f"no argument %{name}")
        text = pattern.sub(
            lambda m: m.group(1) + " {sdy.sharding = #sdy.sharding<@mesh, "
            + split(dims, devices) + ">}", text, count=1)
    i = text.index("func.func @main")
    return text[:i] + f"sdy.mesh @mesh = <{MESHES[devices]}>\n" + text[i:]


def run(hlox_run, path, out, extra=()):
    proc = subprocess.run([hlox_run, path, "--random-inputs", "--seed=7",
                           f"--output=@{out}", *extra],
                          capture_output=True, text=True, timeout=1800)
    if proc.returncode != 0:
        raise RuntimeError(f"{os.path.basename(path)}: exit "
                           f"{proc.returncode}: {proc.stderr.strip()[-400:]}")
    return proc.stdout


def run_job(command, collectives, hlox_run, path, pattern):
    """Runs `path` as a job of 2 processes (`command` starts them), each
    writing its results to `pattern` with %p its index."""
    proc = subprocess.run(command + [hlox_run, path,
                                     f"--collectives={collectives}",
                                     "--random-inputs", "--seed=7",
                                     f"--output=@{pattern}"],
                          capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        raise RuntimeError(f"exit {proc.returncode}: "
                           f"{(proc.stderr or proc.stdout).strip()[-400:]}")


def shard_error(got, expected, process):
    """The largest error of process `process`'s shard against its block of
    `expected` (the dimension it is split along, if any, in 2 blocks)."""
    index = []
    for g, e in zip(got.shape, expected.shape):
        if g == e:
            index.append(slice(None))
        elif g * 2 == e:
            index.append(slice(process * g, (process + 1) * g))
        else:
            return float("inf")
    block = expected[tuple(index)]
    scale = max(float(np.max(np.abs(expected))), 1e-30)
    return float(np.max(np.abs(got.astype(np.float64) - block))) / scale


def median_us(output):
    match = re.search(r"time per run: ([0-9.]+) us", output)
    return float(match.group(1)) if match else float("nan")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hlox-run", required=True)
    parser.add_argument("--workloads")
    parser.add_argument("--mpiexec", help="run 2-process jobs over MPI "
                        "with this mpiexec")
    parser.add_argument("--gloo", action="store_true",
                        help="run 2-process jobs over Gloo")
    parser.add_argument("--time", action="store_true")
    parser.add_argument("--repeat", type=int, default=10)
    args = parser.parse_args()
    folder = find_workloads(args.workloads)
    if folder is None:
        print("sharded workloads: no workloads folder; skipped")
        return 77
    failures = 0
    jobs = []
    if args.mpiexec:
        jobs.append(("MPI", [args.mpiexec, "--allow-run-as-root",
                             "--oversubscribe", "--mca", "btl", "self,tcp",
                             "-np", "2"]))
    if args.gloo:
        here = os.path.dirname(os.path.abspath(__file__))
        jobs.append(("Gloo", [sys.executable, os.path.join(
            here, "..", "Tools", "run_job.py"), "2"]))
    with tempfile.TemporaryDirectory() as work:
        for workload in sorted({w for w, _ in SCHEMES}):
            source = os.path.join(folder, workload + ".mlir")
            text = open(source).read()
            whole_out = os.path.join(work, workload + ".whole.npy")
            run(args.hlox_run, source, whole_out)
            expected = np.load(whole_out)
            for (name, scheme), dims in SCHEMES.items():
                if name != workload:
                    continue
                for devices in MESHES:
                    path = os.path.join(work, f"{name}.{scheme}{devices}.mlir")
                    with open(path, "w") as f:
                        f.write(annotate(text, dims, devices))
                    out = path + ".npy"
                    label = f"{name} {scheme} on {devices} devices"
                    try:
                        run(args.hlox_run, path, out)
                    except RuntimeError as error:
                        print(f"  FAIL {label}: {error}")
                        failures += 1
                        continue
                    got = np.load(out)
                    scale = max(float(np.max(np.abs(expected))), 1e-30)
                    error = float(np.max(np.abs(got.astype(np.float64) -
                                                expected))) / scale
                    ok = got.shape == expected.shape and error <= 1e-4
                    print(f"  {'ok  ' if ok else 'FAIL'} {label}: largest "
                          f"error {error:.2e} of the largest magnitude")
                    failures += not ok
                    if devices != 2:
                        continue
                    for kind, command in jobs:
                        pattern = f"{path}.{kind}.%p.npy"
                        job = f"{label}, 2 processes over {kind}"
                        try:
                            run_job(command, kind.lower(), args.hlox_run,
                                    path, pattern)
                        except RuntimeError as error:
                            print(f"  FAIL {job}: {error}")
                            failures += 1
                            continue
                        error = max(shard_error(
                            np.load(pattern.replace("%p", str(p))), expected,
                            p) for p in range(2))
                        ok = error <= 1e-4
                        print(f"  {'ok  ' if ok else 'FAIL'} {job}: largest "
                              f"error {error:.2e} of the largest magnitude")
                        failures += not ok
        if args.time:
            source = os.path.join(folder, "e_mlp.mlir")
            text = open(source).read()
            times = {}
            for devices in (1, 2, 4):
                path = source
                if devices > 1:
                    path = os.path.join(work, f"time{devices}.mlir")
                    with open(path, "w") as f:
                        f.write(annotate(text, SCHEMES[("e_mlp", "tp")],
                                         devices))
                times[devices] = median_us(run(
                    args.hlox_run, path, os.path.join(work, "t.npy"),
                    [f"--repeat={args.repeat}"]))
            for devices, us in times.items():
                print(f"  e_mlp tensor parallel on {devices} device(s): "
                      f"{us / 1000:.1f} ms per run (median of {args.repeat}), "
                      f"{times[1] / us:.2f}x one device")
    print(f"sharded workloads: {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
