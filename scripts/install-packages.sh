#!/usr/bin/env bash
# Installs Debian packages for the other scripts: with apt-get when run as root, with sudo apt-get otherwise,
# and says which before it starts. Where it cannot (no apt-get, as on macOS, or neither root nor sudo), it
# fails with a message naming the packages, so that you can install them yourself.
#
#   bash scripts/install-packages.sh "what needs them" PACKAGE...
set -euo pipefail
reason="$1"
shift

if ! command -v apt-get >/dev/null 2>&1; then
  echo "$reason needs $*, and this system has no apt-get: install them with its package manager" >&2
  echo "(on macOS, README.md says what to install with Homebrew)" >&2
  exit 1
fi
if [ "$(id -u)" = 0 ]; then
  SUDO=""
  echo "$reason: installing $* with apt-get (running as root)" >&2
elif command -v sudo >/dev/null 2>&1; then
  SUDO="sudo"
  echo "$reason: installing $* with sudo apt-get (not running as root: sudo may ask for your password)" >&2
else
  echo "$reason needs $*: run this script as root, install sudo, or run 'apt-get install $*' as root" >&2
  exit 1
fi
$SUDO apt-get update -qq
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -qq "$@" >/dev/null
