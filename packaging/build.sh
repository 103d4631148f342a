#!/usr/bin/env bash
# Installs missing Debian packages, then configures and builds Assay in ./build:
#   bash packaging/build.sh            configure (once) and build
#   bash packaging/build.sh configure  configure only
# The fast profile (docs/ARCHITECTURE.md, "Build and test times"): Clang, Ninja, unity builds,
# precompiled headers, GNU gold, ccache when installed, and line-table debug info (-g1:
# backtraces name file and line; configure a Debug build to inspect variables). A plain
# `cmake -S . -B DIR` builds the same code without any of these.
set -euo pipefail
cd "$(dirname "$0")/.."
bash packaging/install-deps.sh
jobs=$(nproc 2>/dev/null || echo 2)
if [ ! -f build/CMakeCache.txt ]; then
  # Clang (Debian's clang, installed above) unless CXX names another compiler: on two cores it
  # builds Assay from scratch in about three quarters of GCC's time (docs/ARCHITECTURE.md,
  # "Build and test times"). GCC builds the same code warning-free: CXX=g++ bash packaging/build.sh.
  compiler=()
  if [ -z "${CXX:-}" ] && command -v clang++ >/dev/null; then
    compiler=(-DCMAKE_CXX_COMPILER=clang++)
  fi
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG" \
        -DCMAKE_UNITY_BUILD=ON -DASSAY_PCH=ON "${compiler[@]}" >/dev/null
fi
[ "${1:-}" = configure ] && exit 0
# Warnings and errors are shown; the progress lines are not.
set +o pipefail
cmake --build build -j"$jobs" 2>&1 | grep -vE '^\[[0-9]+/[0-9]+\] |^ninja: (no work|Entering|Leaving)|^\[ *[0-9]+%\]|^gmake|Automatic MOC|Built target'
status=${PIPESTATUS[0]}
set -o pipefail
if [ "$status" -ne 0 ]; then
  echo "build failed (exit $status)" >&2
  exit "$status"
fi
