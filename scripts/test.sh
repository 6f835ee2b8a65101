#!/usr/bin/env bash
# Runs every test: the Swift test suites, then the end-to-end checks that need the built binary.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-jansson.sh
swift build --build-tests
swift test --skip-build --parallel
