#!/usr/bin/env python3
"""Prints the op table of docs/status.md from the ODS files and verifiers.

For each op: its syntax (custom assembly format or the generic form), its
verifier (ODS constraints only, or ODS plus a C++ verifier and the spec
constraint labels it checks), whether it infers its result types, whether
the evaluator runs it, and how the CPU target compiles it (a lowering
pattern or the scalar emitter of lib/Conversion/StablehloToLinalg, a
StableHLO-level rewrite, or a host command).
Usage: scripts/gen-op-status.py            (prints the table)
       scripts/gen-op-status.py --update   (rewrites it in docs/status.md,
                                            between the op-table markers)
       scripts/gen-op-status.py --check    (fails when docs/status.md is stale)
"""

import glob
import io
import os
import re
import sys

# Base classes that add type inference to every op built on them.
INFERRING_BASES = {"StableHLO_UnaryWithAccuracyOp", "StableHLO_BinaryElementwiseOp"}

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def ops_in(td_glob, dialect_prefix):
    ops = []
    for path in sorted(glob.glob(os.path.join(ROOT, td_glob))):
        text = open(path).read()
        defs = list(re.finditer(r'^def (\w+) : (\w+Op)<\s*"([^"]+)"', text, re.M))
        for i, m in enumerate(defs):
            end = defs[i + 1].start() if i + 1 < len(defs) else len(text)
            name, base, mnemonic = m.group(1), m.group(2), m.group(3)
            body = text[m.start():end]
            cls = re.match(r"[A-Za-z]+_(\w+)", name).group(1)
            custom = (base != "StableHLO_Op" and base != "CHLO_Op"
                      and base != "Check_Op" and base != "Interpreter_Op") or \
                "assemblyFormat" in body or "hasCustomAssemblyFormat" in body
            ops.append((dialect_prefix + mnemonic, cls,
                        "hasVerifier = 1" in body, custom,
                        inference_kind(body, base)))
    return ops


def inference_kind(body, base):
    """'yes' for full result types, 'shape' for shapes only, else a dash."""
    if "HLO_Infer" in body or base in INFERRING_BASES:
        return "yes"
    if "InferShapedTypeOpInterface" in body:
        return "shape"
    return "—"


def verifier_labels(cls):
    labels = set()
    for path in glob.glob(os.path.join(ROOT, "lib/Dialect/*/IR/*.cpp")):
        text = open(path).read()
        m = re.search(r"LogicalResult\s+%s::(verify|verifySymbolUses)\b.*?^}" % cls,
                      text, re.S | re.M)
        if m:
            labels |= set(re.findall(r"/\*(\w+_c\d+)\*/", m.group(0)))
    def key(label):
        op, num = label.rsplit("_c", 1)
        return (op, int(num))
    return sorted(labels, key=key)


def evaluated_classes():
    """(dialect, op class) pairs the evaluator registers (add<ns::Op>)."""
    found = set()
    for path in glob.glob(os.path.join(ROOT, "lib/Evaluator/*.cpp")):
        text = open(path).read()
        for ns, cls in re.findall(r"add<(?:hlox::)?(\w+)::(\w+)>", text):
            dialect = {"shlo": "stablehlo."}.get(ns, ns + ".")
            found.add((dialect, cls))
        # The CHLO broadcasting ops register through a macro.
        for cls in re.findall(r"HLOX_BROADCAST\((\w+),", text):
            found.add(("chlo.", cls))
    # Terminators are run by the evaluator's block walker.
    found.add(("stablehlo.", "ReturnOp"))
    return found


def cpu_classes():
    """{(dialect, op class): how} for the ops the CPU target compiles."""
    found = {}
    conversion = os.path.join(ROOT, "lib/Conversion/StablehloToLinalg")
    for path in glob.glob(os.path.join(conversion, "*.cpp")):
        text = open(path).read()
        # Patterns of one op, and templates whose first argument is the op
        # they lower (BroadcastBinaryLowering<chlo::BroadcastAddOp, ...>).
        for ns, cls in re.findall(r"(?:OpConversionPattern|\w+Lowering)<(shlo|chlo|stablehlo)::(\w+)[>,]", text):
            found[({"shlo": "stablehlo.", "stablehlo": "stablehlo."}.get(ns, "chlo."), cls)] = "yes"
        m = re.search(r"bool hlox::lowering::isScalarizable.*?^}", text, re.S | re.M)
        if m:
            for ns, cls in re.findall(r"(shlo|chlo)::(\w+)", m.group(0)):
                found[({"shlo": "stablehlo."}.get(ns, "chlo."), cls)] = "yes"
    # Rewritten at the StableHLO level before lowering.
    for cls in ("CompositeOp", "UniformQuantizeOp", "UniformDequantizeOp",
                "TupleOp", "GetTupleElementOp", "AsyncStartOp", "AsyncDoneOp"):
        found[("stablehlo.", cls)] = "rewrite"
    # Dynamism ops become static ops in stablehlo-refine-shapes once their
    # shape operands are constants (or, for real_dynamic_slice, constant
    # sizes after data starts).
    for cls in ("DynamicBroadcastInDimOp", "DynamicReshapeOp", "DynamicIotaOp",
                "RealDynamicSliceOp", "DynamicPadOp", "DynamicGatherOp",
                "DynamicConvOp", "SetDimensionSizeOp"):
        found[("stablehlo.", cls)] = "refined (constant shapes)"
    # Terminators of the regions the patterns consume or move.
    found[("stablehlo.", "ReturnOp")] = "yes"
    # Checks run as host calls.
    for cls in ("ExpectEqOp", "ExpectEqConstOp", "ExpectAlmostEqOp",
                "ExpectAlmostEqConstOp", "ExpectCloseOp",
                "ExpectSerializedEqOp"):
        found[("check.", cls)] = "host"
    found[("stablehlo.", "CustomCallOp")] = (
        "host (checks, registered targets: plugins, `shape_assertion`, "
        "JAX's CPU LAPACK/BLAS targets); JAX's `ApproxTopK`, "
        "`stablehlo.dynamic_*`, `Qr`, `ProductOfElementaryHouseholderReflectors`, "
        "`ducc_fft` rewritten (docs/ffi.md)")
    found[("interpreter.", "ProbeOp")] = "host"
    found[("interpreter.", "PrintOp")] = "host"
    found[("stablehlo.", "RngOp")] = "host"
    # The host's channels and feeds are runtime commands on every grid
    # (hlox-lower-collectives); interpreter.run_parallel's processes run
    # compiled on a device each (hlox-run).
    for cls in ("SendOp", "RecvOp", "InfeedOp", "OutfeedOp"):
        found[("stablehlo.", cls)] = "host"
    found[("interpreter.", "RunParallelOp")] = "host (hlox-run)"
    return found


def table():
    out = io.StringIO()
    evaluated = evaluated_classes()
    compiled = cpu_classes()
    rows = (ops_in("include/hlox/Dialect/StableHLO/IR/Stablehlo*Ops.td", "stablehlo.")
            + ops_in("include/hlox/Dialect/CHLO/IR/ChloOps.td", "chlo.")
            + ops_in("include/hlox/Dialect/Check/IR/CheckOps.td", "check.")
            + ops_in("include/hlox/Dialect/Interpreter/IR/InterpreterOps.td",
                     "interpreter."))
    print("| op | parse/print | verifier | type inference | evaluator | CPU |",
          file=out)
    print("| --- | --- | --- | --- | --- | --- |", file=out)
    for op, cls, has_verifier, custom, infers in sorted(rows):
        syntax = "pretty" if custom else "generic"
        if has_verifier or cls == "CompositeOp":
            labels = verifier_labels(cls)
            verifier = "ODS + C++" + (f" ({', '.join(labels)})" if labels else "")
        else:
            verifier = "ODS"
        dialect = op.split(".")[0] + "."
        evaluates = "yes" if (dialect, cls) in evaluated else "—"
        cpu = compiled.get((dialect, cls), "—")
        print(f"| `{op}` | {syntax} | {verifier} | {infers} | {evaluates} "
              f"| {cpu} |", file=out)
    return out.getvalue()


def main():
    text = table()
    if "--update" not in sys.argv and "--check" not in sys.argv:
        sys.stdout.write(text)
        return 0
    path = os.path.join(ROOT, "docs", "status.md")
    doc = open(path).read()
    begin, end = "<!-- op-table begin -->\n", "<!-- op-table end -->"
    head, rest = doc.split(begin)
    current, tail = rest.split(end)
    if "--check" in sys.argv:
        if current != text:
            print("docs/status.md: the op table is stale; run "
                  "scripts/gen-op-status.py --update")
            return 1
        print("docs/status.md: the op table is up to date")
        return 0
    open(path, "w").write(head + begin + text + end + tail)
    return 0


if __name__ == "__main__":
    sys.exit(main())
