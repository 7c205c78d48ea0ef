#!/usr/bin/env python3
"""Partitioned programs against the same programs unpartitioned.

Takes the generated programs of differential.py (every op family, element
type and shape; not the collectives of one process, which name their
processes themselves) and gives their arguments and results shardings over
a mesh, three ways per program (a seeded choice for each tensor):

- `2`: the mesh `["x"=2]`, each tensor split along one dimension that 2
  divides, or whole where none does;
- `4`: the mesh `["x"=2, "y"=2]`, each axis on a dimension it divides (both
  on one dimension that 4 divides, or apart);
- `4p`: the same mesh, only `"y"` used: partially replicated tensors;
- `4u`: the same mesh, each axis on a dimension it does not divide where
  there is one (the partitioner keeps the axes that divide, and the rest of
  the dimension whole).

Each sharded program runs through `hlox-run`, partitioned (one process per
device of the mesh, in this process), and the program without shardings runs
compiled on one device, on the same .npy inputs. Integers and booleans must
agree exactly, floats within the case's ULP bound (a reduction whose
dimension is split adds its partial results in another order).

Entries in the ledger (expected/partitioned.txt: `case @ variant`) must
agree; a listed one that does not is a regression. Prints `N passed, N
failed` and exits 1 on a regression.
"""

import argparse
import concurrent.futures
import os
import random
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import differential  # noqa: E402
import npy  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                "support"))
import tool_server  # noqa: E402

MESHES = {"2": ('["x"=2]', [("x", 2)]),
          "4": ('["x"=2, "y"=2]', [("x", 2), ("y", 2)]),
          "4p": ('["x"=2, "y"=2]', [("y", 2)]),
          "4u": ('["x"=2, "y"=2]', [("x", 2), ("y", 2)])}
UNEVEN = {"4u"}


def choose_sharding(rng, shape, axes, uneven=False):
    """Per dimension, the axes splitting it: each axis on a random dimension
    its size divides (after the axes already there), or on none; `uneven`:
    on a random dimension it does not divide, where there is one."""
    dims = [[] for _ in shape]
    for name, size in axes:
        choices = [d for d, extent in enumerate(shape)
                   if (extent % (size * 2 ** len(dims[d])) == 0) != uneven]
        choice = rng.choice(choices + [None])
        if choice is not None:
            dims[choice].append(name)
    return dims


def sharding_text(dims):
    return "[" + ", ".join(
        "{" + ", ".join(f'"{a}"' for a in axes) + "}" for axes in dims) + "]"


def sharded_program(case, variant, rng):
    mesh, axes = MESHES[variant]
    uneven = variant in UNEVEN
    params = []
    for i, (shape, element, _) in enumerate(case.args):
        dims = choose_sharding(rng, shape, axes, uneven)
        params.append(f"%a{i}: {differential.tensor(shape, element)} "
                      f"{{sdy.sharding = #sdy.sharding<@mesh, "
                      f"{sharding_text(dims)}>}}")
    rets = []
    for shape, element in case.results:
        dims = choose_sharding(rng, shape, axes, uneven)
        rets.append(f"{differential.tensor(shape, element)} "
                    f"{{sdy.sharding = #sdy.sharding<@mesh, "
                    f"{sharding_text(dims)}>}}")
    return (f"sdy.mesh @mesh = <{mesh}>\n"
            f"func.func @main({', '.join(params)}) -> ({', '.join(rets)}) {{\n"
            f"{case.body}\n}}\n")


def run(hlox_run, program, inputs, base, tag, count):
    path = f"{base}.{tag}.mlir"
    with open(path, "w") as f:
        f.write(program)
    outs = [f"--output=@{base}.{tag}.out{i}.npy" for i in range(count)]
    proc = tool_server.run([hlox_run, path, *inputs, *outs], timeout=300)
    if proc.returncode != 0:
        return None, f"{tag} exit {proc.returncode}: " + \
            (proc.stderr.strip().splitlines() or [""])[0]
    return [npy.read(o.split("@", 1)[1]) for o in outs], None


def run_case(hlox_run, case, seed, workdir):
    """{variant: problem or None} for `case`."""
    rng = random.Random(seed)
    base = os.path.join(workdir, case.name.replace(" ", "").replace(",", "_")
                        .replace("(", "").replace(")", ""))
    inputs = []
    for i, (shape, element, kind) in enumerate(case.args):
        path = f"{base}.in{i}.npy"
        npy.write(path, element, shape,
                  differential.values(rng, element, differential.count(shape),
                                      kind))
        inputs.append(f"--input=@{path}")
    count = len(case.results)
    whole, problem = run(hlox_run, case.program(), inputs, base, "whole",
                         count)
    outcome = {}
    for variant in MESHES:
        if problem:
            outcome[variant] = problem
            continue
        program = sharded_program(case, variant, rng)
        parts, failure = run(hlox_run, program, inputs, base, variant, count)
        if failure:
            outcome[variant] = failure
            continue
        outcome[variant] = None
        for i, (p, w) in enumerate(zip(parts, whole)):
            if p[0] != w[0] or p[1] != w[1]:
                outcome[variant] = f"result {i}: {p[0]}{p[1]} vs {w[0]}{w[1]}"
                break
            difference = differential.compare(p[0], p[2], w[2], case.ulps,
                                              case.fused_ulps)
            if difference:
                outcome[variant] = f"result {i}: {difference}"
                break
    return outcome


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hlox-run", required=True)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--filter", default="")
    parser.add_argument("--ledger", required=True)
    parser.add_argument("--update-ledger", action="store_true")
    parser.add_argument("--failures", help="write the failures here")
    args = parser.parse_args()
    cases = [(c, s) for c, s in differential.all_cases(args.seed)
             if args.filter in c.name and not c.name.startswith("collectives")]
    passed, failures = [], {}
    with tempfile.TemporaryDirectory() as workdir:
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            for case, outcome in pool.map(
                    lambda cs: (cs[0], run_case(args.hlox_run, cs[0], cs[1],
                                                workdir)), cases):
                for variant, problem in outcome.items():
                    key = f"{case.name} @ {variant}"
                    if problem:
                        failures[key] = problem
                    else:
                        passed.append(key)
    if args.failures:
        with open(args.failures, "w") as out:
            out.write("".join(f"{k}: {v}\n" for k, v in failures.items()))
    if args.update_ledger:
        with open(args.ledger, "w") as out:
            out.write("".join(k + "\n" for k in sorted(passed)))
    expected = [l.strip() for l in open(args.ledger) if l.strip()]
    regressions = [k for k in expected if k in failures]
    for k in regressions:
        print(f"  REGRESSION {k}: {failures[k]}")
    print(f"partitioned: {len(passed)} passed, {len(failures)} failed "
          f"({len(regressions)} regressions)")
    return 1 if regressions else 0


if __name__ == "__main__":
    sys.exit(main())
