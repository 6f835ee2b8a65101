#!/usr/bin/env bash
# Runs every test: the Swift test suites (unit, rule, engine, server and end-to-end CLI tests against the
# built binary), then the language-server end-to-end tests with a real LSP client (pytest-lsp).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-jansson.sh
# Python tools the tests call: check-jsonschema (scene schema), jsonschema (SARIF), pytest-lsp (e2e).
bash scripts/python-env.sh jsonschema pytest pytest-lsp
export PATH="$PWD/.venv/bin:$PATH"

swift build --build-tests
swift test --skip-build

if [ -d Tests/e2e ] && ls Tests/e2e/test_*.py >/dev/null 2>&1; then
  IMPULSE_BIN="$(swift build --show-bin-path)/impulse" .venv/bin/python -m pytest -q Tests/e2e
fi
