#!/usr/bin/env bash
# Makes sure pkg-config can find jansson, the one system library Impulse needs. When it cannot, installs
# libjansson-dev and pkg-config: with apt-get as root, with sudo apt-get otherwise (scripts/install-packages.sh),
# or, on macOS, with Homebrew when it is there.
set -euo pipefail
cd "$(dirname "$0")/.."
if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists jansson; then
  exit 0
fi
if [ "$(uname -s)" = Darwin ]; then
  if command -v brew >/dev/null 2>&1; then
    echo "jansson not found by pkg-config: installing jansson and pkg-config with Homebrew" >&2
    brew install jansson pkg-config
  else
    echo "jansson not found by pkg-config: install Homebrew, then 'brew install jansson pkg-config'" >&2
    exit 1
  fi
else
  bash scripts/install-packages.sh "jansson not found by pkg-config" libjansson-dev pkg-config
fi
pkg-config --exists jansson
