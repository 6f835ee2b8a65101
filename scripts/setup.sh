#!/usr/bin/env bash
# Installs what is missing (libjansson-dev and pkg-config: with apt-get when run as root, with sudo apt-get
# otherwise, with Homebrew on macOS), builds impulse, lints the bundled examples and writes a preview.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-swift.sh
bash scripts/ensure-jansson.sh
# The Swift runtime linked statically: no dynamic loading of a dozen libraries at every start (~3 ms saved
# per process, which is most of a short lint or preview).
swift build -c release --static-swift-stdlib --product impulse
bin="$(swift build -c release --static-swift-stdlib --show-bin-path)/impulse"
echo "built $bin"
if [ -d examples ] && ls examples/*.dynamics.json >/dev/null 2>&1; then
  "$bin" lint examples
  if "$bin" preview --help >/dev/null 2>&1; then
    mkdir -p out
    "$bin" preview examples/stacked-squares.dynamics.json --format svg -o out/stacked-squares.svg
    echo "wrote out/stacked-squares.svg"
  fi
fi
