"""What the conformance suites share: finding the corpus, listing its files,
running them in parallel, reporting totals and checking the ledger."""

import concurrent.futures
import os

SKIP_EXIT_CODE = 77


def find_corpus(explicit):
    """The corpus root: --corpus, $HLOX_CONFORMANCE_DIR, or
    ../shared/conformance beside the checkout."""
    candidates = [explicit, os.environ.get("HLOX_CONFORMANCE_DIR")]
    here = os.path.dirname(os.path.abspath(__file__))
    candidates.append(os.path.join(here, "..", "..", "..", "shared", "conformance"))
    for c in candidates:
        if c and os.path.isdir(os.path.join(c, "stablehlo")):
            return os.path.normpath(c)
    return None


def list_files(corpus, suites=("testdata", "interpret"), exclude=()):
    """Corpus-relative paths of the .mlir files of `suites`, minus those
    under the `exclude` prefixes."""
    files = []
    for suite in suites:
        root = os.path.join(corpus, "stablehlo", suite)
        for dirpath, _, names in os.walk(root):
            for name in names:
                if name.endswith(".mlir"):
                    rel = os.path.relpath(os.path.join(dirpath, name), corpus)
                    if not any(rel.startswith(p) for p in exclude):
                        files.append(rel)
    return sorted(files)


def add_common_arguments(parser):
    parser.add_argument("--corpus", help="corpus root (default: "
                        "$HLOX_CONFORMANCE_DIR or ../shared/conformance)")
    parser.add_argument("--ledger", required=True)
    parser.add_argument("--update-ledger", action="store_true",
                        help="rewrite the ledger with the passing files")
    parser.add_argument("--failures", help="write 'file: reason' lines here")
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("files", nargs="*", help="only these corpus files")


def run_all(files, check, jobs):
    """Runs check(rel) -> None | reason on every file; returns the failures
    as {rel: reason}."""
    failures = {}
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        for rel, reason in pool.map(lambda rel: (rel, check(rel)), files):
            if reason is not None:
                failures[rel] = reason
    return failures


def first_error(proc):
    """The first line of a failed tool's stderr that says `error:`, from
    there on (else its first line)."""
    lines = [l.strip() for l in proc.stderr.splitlines() if l.strip()]
    first = next((l for l in lines if "error:" in l), lines[0] if lines else "")
    return first[first.find("error:"):] if "error:" in first else first


def suite_of(rel):
    parts = rel.split(os.sep)
    return parts[1] if len(parts) > 1 else rel


def report(name, files, failures, args, skipped=None):
    """Prints per-suite totals, the failures and the skipped files (with
    their reasons), writes --failures, and checks or updates the ledger.
    Returns the exit code."""
    skipped = skipped or {}
    passed = [f for f in files if f not in failures and f not in skipped]
    suites = sorted({suite_of(f) for f in files})
    for suite in suites:
        in_suite = [f for f in files if suite_of(f) == suite]
        failed = [f for f in in_suite if f in failures]
        skip = [f for f in in_suite if f in skipped]
        print(f"{name} {suite}: {len(in_suite) - len(failed) - len(skip)} "
              f"passed, {len(failed)} failed, {len(skip)} skipped")
    print(f"{name}: {len(passed)} passed, {len(failures)} failed, "
          f"{len(skipped)} skipped")
    for rel in sorted(failures):
        print(f"  FAIL {rel}: {failures[rel]}")
    for rel in sorted(skipped):
        print(f"  SKIP {rel}: {skipped[rel]}")
    if args.failures:
        with open(args.failures, "w") as f:
            for rel in sorted(failures):
                f.write(f"{rel}: {failures[rel]}\n")

    if args.update_ledger:
        with open(args.ledger, "w") as f:
            f.write("".join(p + "\n" for p in passed))
        print(f"{name}: ledger updated with {len(passed)} files")
        return 0

    with open(args.ledger) as f:
        expected = [l.strip() for l in f if l.strip() and not l.startswith("#")]
    regressions = [e for e in expected if e in failures]
    missing = [e for e in expected if e not in files and not args.files]
    for rel in regressions:
        print(f"  REGRESSION {rel}: {failures[rel]}")
    for rel in missing:
        print(f"  MISSING {rel}: listed in the ledger, not in the corpus")
    return 1 if regressions or missing else 0
