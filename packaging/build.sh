#!/usr/bin/env bash
# Installs missing Debian packages, then configures and builds Assay in ./build.
set -euo pipefail
cd "$(dirname "$0")/.."
bash packaging/install-deps.sh
jobs=$(nproc 2>/dev/null || echo 2)
if [ ! -f build/CMakeCache.txt ]; then
  cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
fi
cmake --build build -j"$jobs" 2>&1 | grep -vE '^\[ *[0-9]+%\]|^gmake|Automatic MOC|Built target' || true
# grep swallows the exit status; fail loudly if the build did not produce the programs.
cmake --build build -j"$jobs" >/dev/null
