#!/usr/bin/env bash
# The benchmark check (docs/ARCHITECTURE.md, "Benchmarks"): builds Assay, runs benchmarks and
# compares each figure with its same-run baseline, its target and tests/bench/figures.json.
#   bash packaging/bench.sh --quick              the representative subset (≤ 3 min on two cores)
#   bash packaging/bench.sh                      all benchmarks
#   bash packaging/bench.sh --quick --against REV   REV's benches too, run alternately
#   bash packaging/bench.sh --quick --update     record the ratios (a deliberate change)
# Exits 1 when a target is missed or a figure is more than 25% worse than recorded (or than REV's).
set -euo pipefail
cd "$(dirname "$0")/.."
bash packaging/build.sh
exec python3 packaging/benchcheck.py "$@"
