#!/usr/bin/env bash
# Installs what is missing (libjansson-dev), builds impulse, lints the bundled examples and writes a preview.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-jansson.sh
swift build -c release --product impulse
bin="$(swift build -c release --show-bin-path)/impulse"
echo "built $bin"
if [ -d examples ] && ls examples/*.dynamics.json >/dev/null 2>&1; then
  "$bin" lint examples
  if "$bin" preview --help >/dev/null 2>&1; then
    mkdir -p out
    "$bin" preview examples/stacked-squares.dynamics.json --format svg -o out/stacked-squares.svg
    echo "wrote out/stacked-squares.svg"
  fi
fi
