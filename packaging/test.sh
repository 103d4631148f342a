#!/usr/bin/env bash
# README command 2: builds Assay and runs the whole test suite (benchmarks excluded; run them
# with: ctest --test-dir build -C Bench -L bench --output-on-failure).
set -euo pipefail
cd "$(dirname "$0")/.."
bash packaging/build.sh
jobs=$(nproc 2>/dev/null || echo 2)
ctest --test-dir build --output-on-failure -j"$jobs"
