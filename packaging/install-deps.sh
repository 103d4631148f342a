#!/usr/bin/env bash
# Installs the Debian 12 packages Assay needs to build, test and package.
# Idempotent: prints nothing and touches nothing when everything is already present.
set -euo pipefail

packages=(
  build-essential cmake pkg-config dpkg-dev file
  ninja-build ccache  # packaging/build.sh: Ninja schedules every target's compiles together; ccache makes rebuilds cheap
  clang  # packaging/build.sh compiles with Clang: a quarter less build time than GCC on two cores
  qt6-base-dev qt6-base-dev-tools qt6-charts-dev qt6-svg-dev qt6-qpa-plugins
  libqt6opengl6-dev libgl-dev libsqlite3-dev sqlite3 nlohmann-json3-dev
  libeigen3-dev liblbfgspp-dev qtkeychain-qt6-dev
  xvfb xauth fonts-dejavu-core
  python3-scipy  # the benchmarks' reference fits (tests/bench, ../shared/tools/irt_reference.py)
  libxml2-utils  # xmllint: tst_gate validates the gate's JUnit file against tests/data/junit/junit.xsd
  libqt6sql6-psql libqt6sql6-mysql  # Qt's PostgreSQL and MySQL/MariaDB drivers: knowledge imported from a server
  postgresql mariadb-server  # tst_serverimport & co. start real servers in temporary folders (tests/testservers.h)
)
# tst_mockllm plays LLM faults with a third-party OpenAI-compatible server, mock-llm, from the npm
# registry, pinned by version (docs/llm-faults.md). Node.js and npm come from Debian when the
# machine has none.
mock_llm_version=0.1.29
command -v node >/dev/null && command -v npm >/dev/null || packages+=(nodejs npm)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done
install_mock_llm() {
  # The installed package's own manifest says its version (mock-llm itself has no --version).
  local manifest
  manifest="$(npm root -g 2>/dev/null)/@dwmkerr/mock-llm/package.json"
  if [ -f "$manifest" ] && grep -q "\"version\": \"$mock_llm_version\"" "$manifest"; then
    return 0
  fi
  echo "Installing @dwmkerr/mock-llm@$mock_llm_version from the npm registry (tests)" >&2
  npm install -g --no-audit --no-fund --loglevel=error "@dwmkerr/mock-llm@$mock_llm_version" >/dev/null
}
if [ ${#missing[@]} -eq 0 ]; then
  install_mock_llm
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  sudo_cmd=sudo
else
  sudo_cmd=
fi
echo "Installing missing Debian packages: ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$sudo_cmd apt-get update -qq
$sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
install_mock_llm
