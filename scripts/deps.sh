#!/usr/bin/env bash
# Installs the Debian packages sonde needs to build and test. Idempotent: apt-get update and
# install run only when a package is missing.
set -euo pipefail

packages=(
  build-essential cmake pkg-config
  libjavascriptcoregtk-4.1-dev libuv1-dev libcurl4-openssl-dev libjansson-dev
  libcmocka-dev libmicrohttpd-dev libpcre2-dev libxml2-dev libgnutls28-dev
  libxml2-utils libyaml-dev libwslay-dev libidn2-dev libunistring-dev
  clang libclang-rt-14-dev clang-format jq
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
((${#missing[@]} == 0)) && exit 0

echo "sonde: installing Debian packages: ${missing[*]}"
if [[ $(id -u) -ne 0 ]]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO=sudo
  else
    echo "sonde: these packages are missing and installing them needs root:" >&2
    echo "  sudo apt-get install ${missing[*]}" >&2
    exit 1
  fi
else
  SUDO=
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
