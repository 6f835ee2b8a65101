#!/usr/bin/env bash
# Installs what is missing (libjansson-dev and pkg-config: with apt-get when run as root, with sudo apt-get
# otherwise, with Homebrew on macOS), builds impulse, puts it on the PATH (IMPULSE_PREFIX=DIR: `make install`
# there; otherwise it prints the line to add), lints the bundled examples and writes a preview.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-swift.sh
bash scripts/ensure-jansson.sh
# The Swift runtime linked statically: no dynamic loading of a dozen libraries at every start (~3 ms saved
# per process, which is most of a short lint or preview). On Linux a release build is one static executable
# (Package.swift's linker settings for impulse), which also leaves out the loader and glibc's relocations.
swift build -c release --static-swift-stdlib --product impulse
bin="$(swift build -c release --static-swift-stdlib --show-bin-path)/impulse"
echo "built $bin"
# On the PATH: installed under IMPULSE_PREFIX (`make install`, which reuses this build) when it is set, else the
# line to add is printed, so that the README's `impulse ...` examples work as written.
if [ -n "${IMPULSE_PREFIX:-}" ]; then
  make install PREFIX="$IMPULSE_PREFIX" IMPULSE_BIN="$bin"
  case ":$PATH:" in
    *":$IMPULSE_PREFIX/bin:"*) echo "installed $IMPULSE_PREFIX/bin/impulse" ;;
    *) echo "installed $IMPULSE_PREFIX/bin/impulse; to run it as impulse, add: export PATH=\"$IMPULSE_PREFIX/bin:\$PATH\"" ;;
  esac
elif ! command -v impulse >/dev/null 2>&1 || [ "$(command -v impulse)" != "$bin" ]; then
  echo "to run it as impulse, add: export PATH=\"$(dirname "$bin"):\$PATH\""
fi
if [ -d examples ] && ls examples/*.dynamics.json >/dev/null 2>&1; then
  "$bin" lint examples
  if "$bin" preview --help >/dev/null 2>&1; then
    mkdir -p out
    "$bin" preview examples/stacked-squares.dynamics.json --format svg -o out/stacked-squares.svg
    echo "wrote out/stacked-squares.svg"
  fi
fi
