#!/usr/bin/env bash
# README command 1: builds Assay and starts it on the bundled demo project. Without a display
# it runs the demo pipeline headless and writes the project, report and plots to ./demo-out.
set -euo pipefail
cd "$(dirname "$0")/.."
bash packaging/build.sh
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ "${ASSAY_HEADLESS:-0}" != 1 ]; then
  exec build/app/assay --demo
fi
echo "No display found: running the demo headless."
build/app/assay-cli demo --out demo-out
echo "Open demo-out/report.html in a browser to read the report."
