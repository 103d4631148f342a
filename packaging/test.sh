#!/usr/bin/env bash
# README command 2: builds Assay and runs the whole test suite (benchmarks excluded; run them
# with: ctest --test-dir build -C Bench -L bench --output-on-failure). Prints how long each
# phase took (docs/ARCHITECTURE.md, "Build and test times").
set -euo pipefail
cd "$(dirname "$0")/.."
phase_start=$SECONDS
phases=()
phase() { # phase NAME: closes the phase that ran since the last call
  local took=$((SECONDS - phase_start))
  phases+=("$(printf '%-10s %4d min %02d s' "$1" $((took / 60)) $((took % 60)))")
  echo "== $1: ${took} s" >&2
  phase_start=$SECONDS
}
report() {
  echo "== phases:" >&2
  printf '   %s\n' "${phases[@]}" >&2
}
trap report EXIT
bash packaging/install-deps.sh
phase deps
bash packaging/build.sh configure
phase configure
bash packaging/build.sh
phase build
jobs=$(nproc 2>/dev/null || echo 2)
# The costliest tests start first (COST in tests/CMakeLists.txt); none may run past 15 min.
# One test more than there are cores: a few tests mostly wait (an endpoint that answers late
# or never, processes starting), and their core would otherwise idle.
ctest --test-dir build --output-on-failure -j"$((jobs + 1))" --timeout 900
phase tests
