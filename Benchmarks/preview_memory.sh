#!/usr/bin/env bash
# Peak memory of long previews (issue 22): GNU time's %M (max RSS, KB) and the wall time of `impulse preview`
# writing to /dev/null, for the runs the issue bounds.
#
#   bash Benchmarks/preview_memory.sh [IMPULSE_BINARY]    # default: .build-bench's release binary, else .build/release
#
# - 100 pendulums that never stop swinging in json at --every 1, 8,000 and 80,000 frames: the peak must not grow
#   with the frames kept (within 10 %);
# - the same in csv, svg, html and text at 80,000 frames;
# - 5,000 resting items (no behavior) for the full 216,000 frames, in json --every 1000, csv --every 1000 and
#   text: under 200 MB.
# Prints a Markdown table.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${1:-}"
if [ -z "$bin" ]; then
  for candidate in .build-bench/release/impulse .build/release/impulse; do
    if [ -x "$candidate" ]; then bin="$candidate"; break; fi
  done
fi
[ -x "$bin" ] || { echo "no impulse binary; build one (swift build -c release) or name it" >&2; exit 2; }
data="$(mktemp -d)"
trap 'rm -rf "$data"' EXIT
python3 - "$data/swing.dynamics.json" "$data/resting.dynamics.json" <<'PY'
import json, sys
pendulums = [{"id": "p%d" % i, "center": [50 + i % 10 * 40, 70 + i // 10 * 40], "size": [6, 6]} for i in range(100)]
ids = [item["id"] for item in pendulums]
behaviors = [{"type": "gravity", "items": ids}, {"type": "dynamicItem", "items": ids, "resistance": 0, "friction": 0}]
behaviors += [{"type": "attachment", "item": item["id"], "anchor": [item["center"][0] - 30, item["center"][1] - 30]}
              for item in pendulums]
scene = {"format": 1, "referenceView": {"width": 440, "height": 440}, "items": pendulums, "behaviors": behaviors}
open(sys.argv[1], "w").write(json.dumps(scene))
items = [{"id": "r%d" % i, "center": [10 + i % 100 * 20, 10 + i // 100 * 20], "size": [10, 10]} for i in range(5000)]
scene = {"format": 1, "referenceView": {"width": 2020, "height": 1020}, "items": items, "behaviors": []}
open(sys.argv[2], "w").write(json.dumps(scene))
PY
echo "| scene | format | frames | every | peak RSS (MB) | wall (s) | exit |"
echo "|---|---|---:|---:|---:|---:|---:|"
measure() {
  local scene="$1" format="$2" frames="$3" every="$4"
  local status=0
  /usr/bin/time -o "$data/time" -f '%M %e' "$bin" preview "$data/$scene.dynamics.json" --format "$format" \
    --frames "$frames" --every "$every" >/dev/null 2>&1 || status=$?
  local kb seconds
  read -r kb seconds < <(tail -1 "$data/time")
  printf '| %s | %s | %s | %s | %.1f | %s | %s |\n' "$scene" "$format" "$frames" "$every" \
    "$(echo "$kb / 1024" | bc -l)" "$seconds" "$status"
}
measure swing json 8000 1
measure swing json 80000 1
for format in csv svg html text; do measure swing "$format" 80000 1; done
measure resting json 216000 1000
measure resting csv 216000 1000
measure resting text 216000 1
