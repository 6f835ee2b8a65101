#!/usr/bin/env bash
# Coverage-guided fuzzing with libFuzzer and AddressSanitizer (issue 15).
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET ...]
#
# Builds the fuzz targets of Fuzz/ (a package that compiles the same sources with -sanitize=fuzzer,address),
# seeds a corpus per target from examples/, the rule pages' examples (docs/rules/*.md), JSONTestSuite and a few
# framed protocol messages, then runs each target for SECONDS_PER_TARGET seconds (default 50, as in scripts/test.sh;
# $IMPULSE_FUZZ_SECONDS overrides it) with a 10 s per-input timeout (a hang is a failure) and a 2 GB memory
# limit. The corpora grow in .build-fuzz/corpus/<target> between local runs. A crash, a hang or an exhausted
# memory limit fails the script; the input that did it is written to .build-fuzz/artifacts/<target>/ and
# named in the output. Prints, per target, the inputs run and the corpus size.
# Targets: FuzzParse, FuzzLint, FuzzFramer, FuzzReparse, FuzzEngine (all by default).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-${IMPULSE_FUZZ_SECONDS:-50}}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then targets=(FuzzParse FuzzLint FuzzFramer FuzzReparse FuzzEngine); fi

bash scripts/ensure-jansson.sh
scratch=.build-fuzz
swift build --package-path Fuzz --scratch-path "$scratch" -c release
bin="$(swift build --package-path Fuzz --scratch-path "$scratch" -c release --show-bin-path)"

seeds="$scratch/seeds"
rm -rf "$seeds"
mkdir -p "$seeds/json" "$seeds/scene" "$seeds/framer" "$seeds/reparse"
python3 - "$seeds" <<'PY'
import glob, json, os, re, struct, sys
seeds = sys.argv[1]
scenes = [open(p, "rb").read() for p in sorted(glob.glob("examples/*.dynamics.json"))]
for page in sorted(glob.glob("docs/rules/*.md")):
    for block in re.findall(r"```json\n(.*?)```", open(page, encoding="utf-8").read(), re.S):
        scenes.append(block.encode())
# Scenes that lint clean with views and numbers at the edges of a double (issue 22).
for width, height in [("1e20", "480"), ("320", "1e20"), ("1e308", "1e308"), ("5e-324", "1")]:
    scenes.append(('{"format": 1, "referenceView": {"width": %s, "height": %s}, "items": [{"id": "a", '
                   '"center": [-0, 1e20], "size": [1e-300, 1e20]}], "behaviors": [{"type": "gravity", '
                   '"items": ["a"], "magnitude": 1e308}]}' % (width, height)).encode())
for i, scene in enumerate(scenes):
    open(os.path.join(seeds, "scene", "%04d.json" % i), "wb").write(scene)
for i, path in enumerate(sorted(glob.glob("Tests/Fixtures/JSONTestSuite/test_parsing/*.json"))):
    open(os.path.join(seeds, "json", "%04d.json" % i), "wb").write(open(path, "rb").read())
# Framed messages; the first byte of an input chooses the chunk sizes.
def frame(body):
    return b"Content-Length: %d\r\n\r\n" % len(body) + body
bodies = [
    b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}',
    b'{"jsonrpc":"2.0","id":9223372036854775807,"method":"shutdown"}',
    b'{"jsonrpc":"2.0","id":"abc","method":"textDocument/hover","params":{"position":{"line":0,"character":2147483647}}}',
    b'{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":123456789012345678901234567890}}',
    b'{"jsonrpc":"2.0","id":-12,"result":null}',
    b'[1,2]',
    b'{"jsonrpc":"2.0","id":2,"method":"textDocument/codeAction","params":{"context":{"diagnostics":[{"range":{},"message":"m","tags":[1e300,-0,1.5]}]}}}',
]
for i, body in enumerate(bodies):
    open(os.path.join(seeds, "framer", "%02d" % i), "wb").write(bytes([i * 37 % 256]) + frame(body) + frame(bodies[0]))
# A header block ended by LF alone, then two good messages (issue 22: the first of them used to be lost).
open(os.path.join(seeds, "framer", "lf"), "wb").write(b"\x01Content-Length: 2\n\n{}" + frame(bodies[0]) + frame(bodies[1]))
# Re-parse inputs: a scene, then edits (start, deleted, flags, inserted length, inserted bytes); flag 1 re-types.
def reparse_input(text, edits):
    out = struct.pack("<H", len(text)) + text
    for start, deleted, retype, inserted in edits:
        out += struct.pack("<HBBB", start, deleted, 1 if retype else 0, len(inserted)) + inserted
    return out
for i, scene in enumerate(s for s in scenes if len(s) < 65536):
    items = scene.find(b"[", scene.find(b'"items"'))
    edits = [(items, 200, True, b"")] * 8 + [(max(0, len(scene) - 40), 1, False, b"7"), (items + 3, 0, False, b"[1, {}]")]
    open(os.path.join(seeds, "reparse", "%04d" % i), "wb").write(reparse_input(scene, edits))
PY

# The dictionaries: numeric extremes, header pieces and line ends the mutator would rarely spell by chance.
dictionary() {
  case "$1" in
    FuzzParse | FuzzLint | FuzzEngine | FuzzReparse) echo "-dict=Fuzz/dictionaries/scene.dict" ;;
    FuzzFramer) echo "-dict=Fuzz/dictionaries/framer.dict" ;;
  esac
}

seed_dir() {
  case "$1" in
    FuzzParse) echo "$seeds/json $seeds/scene" ;;
    FuzzLint | FuzzEngine) echo "$seeds/scene" ;;
    FuzzFramer) echo "$seeds/framer" ;;
    FuzzReparse) echo "$seeds/reparse" ;;
  esac
}

# A failed check is a Swift fatal error: libFuzzer reports it and keeps the input; Swift's own backtracer would
# only add noise (and trips AddressSanitizer while it reads the crashed process's stack).
export SWIFT_BACKTRACE=enable=no
# Leaks are checked, except the caches kept on purpose (Fuzz/lsan.supp says which).
export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
status=0
summary=()
for target in "${targets[@]}"; do
  corpus="$scratch/corpus/$target"
  artifacts="$scratch/artifacts/$target"
  mkdir -p "$corpus" "$artifacts"
  log="$scratch/$target.log"
  # shellcheck disable=SC2046
  if "$bin/$target" "$corpus" $(seed_dir "$target") $(dictionary "$target") -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -max_len=65536 -print_final_stats=1 -artifact_prefix="$artifacts/" >"$log" 2>&1; then
    result="ok"
  else
    result="FAILED (see $log; the input is in $artifacts/)"
    status=1
    tail -n 40 "$log" >&2
  fi
  runs="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')"
  summary+=("$target: $runs inputs in ${seconds}s, corpus $(find "$corpus" -type f | wc -l) files: $result")
done
printf '%s\n' "${summary[@]}"
exit "$status"
