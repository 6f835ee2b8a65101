#!/usr/bin/env bash
# Runs the tests, in one of two tiers:
#
#   bash scripts/test.sh --quick   the formatter's lint and `swift test` (every Swift suite: unit, rule, engine,
#                                  server, end-to-end CLI tests against the built binary), with what those need
#                                  (jansson, GNUstep's headers, the .venv Python tools); a few minutes once the
#                                  build is warm
#   bash scripts/test.sh           the full run CI does (18 minutes on 2 cores once the debug build exists): the
#                                  quick tier, then the language-server tests with a real LSP client (pytest-lsp),
#                                  the MCP tests with the official MCP client, the differential
#                                  suite against pybox2d, 50 s of fuzzing per target (five targets), the editor
#                                  checks in Neovim, Emacs, node and headless Chromium; it installs Neovim,
#                                  Emacs and Chromium when they are missing
#
# What is missing is installed with apt-get when run as root, with sudo apt-get otherwise, and each script
# says so before it installs anything.
set -euo pipefail
cd "$(dirname "$0")/.."
quick=false
case "${1:-}" in
  --quick) quick=true ;;
  "") ;;
  *) echo "usage: bash scripts/test.sh [--quick]" >&2; exit 2 ;;
esac
bash scripts/ensure-swift.sh
bash scripts/ensure-jansson.sh
# GNUstep's Foundation headers: the Objective-C check of generated code compiles against them.
bash scripts/ensure-gnustep.sh
# Python tools the tests call: check-jsonschema (scene schema), jsonschema (SARIF), pytest-lsp (e2e), pybox2d
# (the differential suite's reference engine), mcp (the official MCP client, for Tests/mcp).
bash scripts/python-env.sh jsonschema pytest pytest-lsp box2d==2.3.10 mcp==1.26.0
export PATH="$PWD/.venv/bin:$PATH"

# The formatter's lint (swift format ships with the toolchain; configuration in .swift-format).
swift format lint --strict --parallel --recursive Sources Tests Plugins Benchmarks/Sources/phases Package.swift \
  Benchmarks/Package.swift

swift build --build-tests
swift test --skip-build
if $quick; then exit 0; fi

if [ -d Tests/e2e ] && ls Tests/e2e/test_*.py >/dev/null 2>&1; then
  IMPULSE_BIN="$(swift build --show-bin-path)/impulse" .venv/bin/python -m pytest -q Tests/e2e
fi

# `impulse mcp` through the official MCP Python client: every tool and resource, mistakes, paths outside the
# workspace, roots, cancellation, 1,000 calls with flat memory (about 1.5 minutes on 2 busy cores, most of it the
# 1,000 calls).
IMPULSE_BIN="$(swift build --show-bin-path)/impulse" .venv/bin/python -m pytest -q Tests/mcp

# The engine against pybox2d 2.3.10 driven the way UIKit drives Box2D, through the real `impulse preview`. The
# debug build will do: Package.swift optimizes the Engine target in debug builds too, so a 500-item pile of
# bullets takes seconds, and CI saves a release build of everything.
IMPULSE_BIN="$(swift build --show-bin-path)/impulse" .venv/bin/python -m pytest -q Tests/differential

# Coverage-guided fuzzing (libFuzzer + AddressSanitizer, Fuzz/): 50 s per target, five targets, so a little over
# 4 minutes of fuzzing after the fuzz build (longer runs: Benchmarks/README.md). A crash, a hang (10 s on one
# input) or 2 GB of memory fails the run. IMPULSE_FUZZ_SECONDS changes the time per target.
bash scripts/fuzz.sh "${IMPULSE_FUZZ_SECONDS:-50}"

# The editor integrations with real editors (Neovim 0.7, Emacs 28 + eglot, the VS Code extension's logic under
# node --test, the preview player in headless Chromium, make install): installs the editors with apt if missing.
IMPULSE_BIN="$(swift build --show-bin-path)/impulse" bash scripts/editor-tests.sh
