#!/usr/bin/env bash
# Makes sure pkg-config can find jansson; installs libjansson-dev with apt-get when it cannot.
set -euo pipefail
if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists jansson; then
  exit 0
fi
echo "jansson not found by pkg-config: installing libjansson-dev" >&2
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq libjansson-dev pkg-config >/dev/null
pkg-config --exists jansson
