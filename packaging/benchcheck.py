#!/usr/bin/env python3
"""The benchmark check behind packaging/bench.sh (docs/ARCHITECTURE.md, "Benchmarks").

Runs benchmarks of build/tests/bench/assay_benches, reads their figures and compares each with
its baseline measured in the same run, with its absolute target, and with the ratio recorded
in tests/bench/figures.json. A bench prints

    "  target WHAT: VALUE >= TARGET: met"       (BenchTargets::atLeast / atMost)
    "  reference WHAT: VALUE (NAME)"            (BenchTargets::reference: the same-run baseline)

and a figure's ratio is VALUE / reference, better in the figure's own direction. The check fails
(exit 1) when a target is missed, a ratio is worse than the recorded one by more than 25%, or a
bench does not run. With --against REV the benches of commit REV are built in
build/bench-against/SHA and run alternately with this tree's, and each figure is also compared
with REV's: worse by more than 25% fails.
"""
import argparse
import datetime
import json
import os
import re
import subprocess
import sys
import tarfile
import io

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIGURES = os.path.join(ROOT, "tests", "bench", "figures.json")
TOLERANCE = 1.25  # a ratio may be this much worse than the recorded one

# The representative subset (issue 74): analysis, the 3PL fit beside scipy, BM25 beside FTS5,
# fill-in, the gate, ground truth and the LLM client. An argument narrows a bench to its cases.
QUICK = [
    ("bench_analysis", []),
    ("bench_irt", ["reference 2,000 × 50 3PL"]),
    ("bench_retrieval", []),
    ("bench_fillin", []),
    ("bench_gate", []),
    ("bench_groundtruth", []),
    ("bench_llm", []),
]

TARGET = re.compile(r"^\s*target (.+): (\S+) (>=|<=) (\S+): (met|MISSED)\s*$")
REFERENCE = re.compile(r"^\s*reference (.+): (\S+) \((.+)\)\s*$")


def all_benches(binary):
    listing = subprocess.run([binary], capture_output=True, text=True)
    return [(line.strip(), []) for line in listing.stderr.splitlines() if line.startswith("  ")]


def run_bench(binary, name, args, log):
    """One run of one bench: {what: figure} with value, op, target, met, reference, ref_name."""
    env = dict(os.environ)
    # The scipy reference lives beside the repository; a side build of --against REV would look
    # for it beside its own copy.
    reference = os.path.join(os.path.dirname(ROOT), "shared", "tools", "irt_reference.py")
    if os.path.isfile(reference):
        env.setdefault("ASSAY_IRT_REFERENCE", reference)
    proc = subprocess.run([binary, name] + args, capture_output=True, text=True, cwd=ROOT, env=env)
    log.write(f"$ {binary} {name} {' '.join(args)}\n{proc.stdout}{proc.stderr}\n")
    log.flush()
    figures = {}
    references = {}
    for line in proc.stdout.splitlines():
        t = TARGET.match(line)
        if t:
            figures[t.group(1)] = {"value": float(t.group(2)), "op": t.group(3), "target": float(t.group(4)), "met": t.group(5) == "met"}
            continue
        r = REFERENCE.match(line)
        if r:
            references[r.group(1)] = (float(r.group(2)), r.group(3))
    for what, (value, ref_name) in references.items():
        if what in figures and value > 0:
            figures[what]["reference"] = value
            figures[what]["ref_name"] = ref_name
            figures[what]["ratio"] = figures[what]["value"] / value
    ran = proc.returncode in (0, 1) and bool(figures)
    return ran, figures


def better(op, a, b):
    """True when a is better than b for a figure of direction op."""
    return a > b if op == ">=" else a < b


def worse_by(op, value, baseline):
    """How much worse value is than baseline, as a factor ≥ 1 when worse (1 = equal)."""
    if baseline <= 0 or value <= 0:
        return 1.0
    return baseline / value if op == ">=" else value / baseline


def best_of(runs):
    """Per figure, the round with the best ratio (or value when there is no reference)."""
    best = {}
    for figures in runs:
        for what, f in figures.items():
            key = "ratio" if "ratio" in f else "value"
            if what not in best or better(f["op"], f[key], best[what][key]):
                best[what] = dict(f)
            best[what]["met"] = best[what]["met"] or f["met"]
    return best


def build_side(rev):
    sha = subprocess.run(["git", "rev-parse", "--verify", rev + "^{commit}"], cwd=ROOT, capture_output=True, text=True)
    if sha.returncode != 0:
        sys.exit(f"bench.sh: --against {rev}: not a commit of this repository")
    sha = sha.stdout.strip()
    side = os.path.join(ROOT, "build", "bench-against", sha[:12])
    src, build = os.path.join(side, "src"), os.path.join(side, "build")
    if not os.path.isdir(src):
        os.makedirs(src)
        archive = subprocess.run(["git", "archive", sha], cwd=ROOT, capture_output=True, check=True).stdout
        tarfile.open(fileobj=io.BytesIO(archive)).extractall(src)
    if not os.path.isfile(os.path.join(build, "CMakeCache.txt")):
        compiler = ["-DCMAKE_CXX_COMPILER=clang++"] if subprocess.run(["sh", "-c", "command -v clang++"], capture_output=True).returncode == 0 else []
        subprocess.run(["cmake", "-S", src, "-B", build, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=RelWithDebInfo",
                        "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG", "-DCMAKE_UNITY_BUILD=ON", "-DASSAY_PCH=ON"] + compiler,
                       check=True, stdout=subprocess.DEVNULL)
    print(f"building the benches of {rev} ({sha[:12]}) in {os.path.relpath(build, ROOT)} …", flush=True)
    subprocess.run(["cmake", "--build", build, f"-j{os.cpu_count() or 2}", "--target", "assay_benches", "assay-test-endpoint", "assay-cli"],
                   check=True, stdout=subprocess.DEVNULL)
    return os.path.join(build, "tests", "bench", "assay_benches"), sha[:12]


def fmt(v):
    if v is None:
        return "—"
    if abs(v) >= 1000:
        return f"{v:,.0f}"
    return f"{v:.4g}"


def main():
    parser = argparse.ArgumentParser(prog="packaging/bench.sh", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="the representative subset (≤ 3 min on two cores)")
    parser.add_argument("--against", metavar="REV", help="also build REV's benches and run both alternately")
    parser.add_argument("--rounds", type=int, default=0, help="runs of each bench per side (default 1, 2 with --against)")
    parser.add_argument("--update", action="store_true", help="record the measured ratios in tests/bench/figures.json")
    parser.add_argument("--only", metavar="NAMES", help="only these benches (comma-separated), e.g. bench_retrieval")
    parser.add_argument("--binary", default=os.path.join(ROOT, "build", "tests", "bench", "assay_benches"), help=argparse.SUPPRESS)
    parser.add_argument("--log", default=os.path.join(ROOT, "build", "bench.log"), help="where the benches' whole output goes")
    opts = parser.parse_args()
    rounds = opts.rounds or (2 if opts.against else 1)

    other = None
    if opts.against:
        other = build_side(opts.against)
    benches = QUICK if opts.quick else all_benches(opts.binary)
    if opts.only:
        benches = [b for b in benches if b[0] in opts.only.split(",")]
        if not benches:
            sys.exit(f"bench.sh: --only {opts.only}: no such bench")
    try:
        with open(FIGURES) as f:
            recorded = json.load(f).get("figures", {})
    except FileNotFoundError:
        recorded = {}

    failures = []
    rows = []
    measured = {}
    os.makedirs(os.path.dirname(opts.log), exist_ok=True)
    with open(opts.log, "w") as log:
        for name, args in benches:
            print(f"{name} {' '.join(args)}".rstrip() + " …", flush=True)
            mine, theirs = [], []
            for _ in range(rounds):
                # Alternated, so that the load on a shared machine falls on both sides alike.
                if other:
                    ran, figures = run_bench(other[0], name, args, log)
                    if ran:
                        theirs.append(figures)
                ran, figures = run_bench(opts.binary, name, args, log)
                if not ran:
                    failures.append(f"{name}: did not run (see {os.path.relpath(opts.log, ROOT)})")
                    break
                mine.append(figures)
            if not mine:
                continue
            best = best_of(mine)
            old = best_of(theirs) if theirs else {}
            for what, f in best.items():
                key = f"{name}: {what}"
                measured[key] = f
                rec = recorded.get(key, {}).get("ratio")
                verdict = []
                if not f["met"]:
                    verdict.append("target MISSED")
                    failures.append(f"{key}: {fmt(f['value'])} misses the target {f['op']} {fmt(f['target'])}")
                if rec is not None and "ratio" in f and worse_by(f["op"], f["ratio"], rec) > TOLERANCE:
                    verdict.append(f"ratio {worse_by(f['op'], f['ratio'], rec):.2f}× worse than recorded")
                    failures.append(f"{key}: ratio {fmt(f['ratio'])} against the recorded {fmt(rec)}")
                against = None
                if what in old:
                    against = old[what]["value"]
                    factor = worse_by(f["op"], f["value"], against)
                    if factor > TOLERANCE:
                        verdict.append(f"{factor:.2f}× worse than {opts.against}")
                        failures.append(f"{key}: {fmt(f['value'])} against {fmt(against)} at {opts.against}")
                rows.append((name, what, f, rec, against, "; ".join(verdict) or "ok"))

    head = ["bench", "figure", "value", "target", "reference", "ratio", "recorded ratio"]
    if other:
        head += [f"at {opts.against}", "new / old"]
    head.append("verdict")
    print()
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for name, what, f, rec, against, verdict in rows:
        cells = [name, what, fmt(f["value"]), f"{f['op']} {fmt(f['target'])}",
                 f"{fmt(f['reference'])} ({f['ref_name']})" if "reference" in f else "—",
                 fmt(f.get("ratio")), fmt(rec)]
        if other:
            cells += [fmt(against), fmt(f["value"] / against) if against else "—"]
        cells.append(verdict)
        print("| " + " | ".join(cells) + " |")
    print()
    if opts.update:
        try:
            with open(FIGURES) as f:
                data = json.load(f)
        except FileNotFoundError:
            data = {}
        data.setdefault("about", "Ratios of each benchmark figure to its same-run baseline (packaging/bench.sh; docs/ARCHITECTURE.md, "
                                 "\"Benchmarks\"). Updated deliberately with --update, after a change that is meant to move them.")
        figures = data.setdefault("figures", {})
        commit = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
        for key, f in measured.items():
            if "ratio" in f:
                figures[key] = {"ratio": round(f["ratio"], 6), "value": round(f["value"], 6), "reference": f["ref_name"],
                                "direction": "higher" if f["op"] == ">=" else "lower", "commit": commit,
                                "date": datetime.date.today().isoformat()}
        with open(FIGURES, "w") as f:
            json.dump(data, f, indent=2, ensure_ascii=False, sort_keys=True)
            f.write("\n")
        print(f"recorded {sum('ratio' in f for f in measured.values())} ratios in {os.path.relpath(FIGURES, ROOT)}")
    if failures:
        print("bench check FAILED:")
        for f in failures:
            print("  " + f)
        return 1
    print("bench check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
