#!/usr/bin/env bash
# Installs the Debian packages arbiter builds and tests with, only those that are missing.
# Idempotent and quick when everything is present; non-interactive; needs root (or sudo).
set -euo pipefail

# Pinned to Debian 12 (bookworm) package names; versions are whatever bookworm ships.
packages=(
  build-essential cmake make ninja-build pkg-config
  libgtest-dev libgmock-dev libbenchmark-dev
  libcli11-dev nlohmann-json3-dev libreadline-dev
  clang-14 libclang-rt-14-dev clang-format git
  libboost-dev libsqlite3-dev sqlite3 libsodium-dev
  postgresql libpqxx-dev nginx-light
  chromium curl
  python3 python3-dev python3-venv python3-pip python3-setuptools python3-wheel
  python3-numpy pybind11-dev python3-pybind11 python3-pytest python3-hypothesis
  python3-torch
)
# Node.js and npm build the web UI. A machine that already has them (from any source) keeps
# them: Debian's npm conflicts with other Node.js packagings.
command -v node >/dev/null 2>&1 || packages+=(nodejs)
command -v npm >/dev/null 2>&1 || packages+=(npm)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "installing: ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
