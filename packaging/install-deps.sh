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

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  sudo_cmd=sudo
else
  sudo_cmd=
fi
echo "Installing missing Debian packages: ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$sudo_cmd apt-get update -qq
$sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
