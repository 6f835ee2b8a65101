#!/usr/bin/env bash
# Renders the preview player (editors/vscode/media, the page the VS Code webview shows) in headless Chromium
# from recorded preview results, into editors/screenshots/*.png.
#   IMPULSE_BIN=path/to/impulse bash editors/screenshots/take.sh
# Needs chromium (apt) and node. Each shot: the self-contained page of `impulse preview --format html` (with the
# causes) opened at a given time; for a scene with errors, which that does not write, tools/standalone.js's page.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin="${IMPULSE_BIN:-$(swift build --show-bin-path)/impulse}"
browser="$(command -v chromium || command -v chromium-browser)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# shot NAME SCENE TIME [WIDTHxHEIGHT]
shot() {
  local name="$1" scene="$2" time="$3" size="${4:-820,900}"
  # Exit status 1 (a scene with errors) still writes the json with its diagnostics.
  if ! "$bin" preview "$scene" --format html -o "$work/$name.html" 2>/dev/null; then
    "$bin" preview "$scene" --format json > "$work/$name.json" || [ $? -eq 1 ]
    node editors/vscode/tools/standalone.js "$work/$name.json" "$scene" -o "$work/$name.html"
  fi
  timeout 60 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
    --window-size="$size" --screenshot="editors/screenshots/$name.png" "file://$work/$name.html?t=$time" 2>/dev/null
  echo "editors/screenshots/$name.png ($scene at $time s)"
}

shot player-showcase examples/showcase.dynamics.json 1.5
shot player-at-rest examples/stacked-squares.dynamics.json 3 700,760
cp Tests/editors/fixtures/broken.json "$work/broken.dynamics.json"
shot player-errors "$work/broken.dynamics.json" 0 700,420
