#!/usr/bin/env bash
# Reproduces every figure of Benchmarks/README.md.
#
#   bash Benchmarks/run.sh [lint|engine|lsp|mcp|generate|expect|all] [--no-build]
#
# Builds the release `impulse` (scratch path .build-bench) and the `phases` tool (.build-bench-phases) once,
# installs what the comparisons need (check-jsonschema and pybox2d into .venv, hyperfine via apt when
# missing), generates the scenes (deterministic, seed 1) into Benchmarks/data, and writes raw results to
# Benchmarks/results/*.json and the Markdown tables to Benchmarks/results/<part>.md.
# Environment: ROUNDS (alternating rounds, default 5 for lint, 7 for the engine), RUNS (hyperfine runs, 30).
set -euo pipefail
cd "$(dirname "$0")/.."
part="${1:-all}"
build=1
[ "${2:-}" = "--no-build" ] && build=0
mkdir -p Benchmarks/results Benchmarks/data

if [ "$build" = 1 ]; then
  bash scripts/ensure-jansson.sh
  # As scripts/setup.sh and the Makefile build it: the Swift runtime linked statically.
  swift build -c release --static-swift-stdlib --scratch-path .build-bench --product impulse
  if [ "$part" = lint ] || [ "$part" = all ]; then
    swift build -c release --package-path Benchmarks --scratch-path .build-bench-phases --product phases
  fi
fi
bash scripts/python-env.sh box2d==2.3.10
command -v hyperfine >/dev/null || { apt-get install -y -qq hyperfine >/dev/null 2>&1 || true; }
command -v gcc >/dev/null && gcc -O2 -o .build-bench/jansson_load Benchmarks/c/jansson_load.c -ljansson

py() { python3 "$@"; }
case "$part" in
  lint|all)
    py Benchmarks/lint_bench.py corpus --rounds "${ROUNDS:-5}" | tee Benchmarks/results/lint-corpus.md
    py Benchmarks/lint_bench.py big --rounds "${ROUNDS:-5}" | tee Benchmarks/results/lint-big.md
    ;;&
  engine|all)
    py Benchmarks/engine_bench.py pile --rounds "${ROUNDS:-7}" | tee Benchmarks/results/engine-pile.md
    py Benchmarks/engine_bench.py small --runs "${RUNS:-30}" | tee Benchmarks/results/engine-small.md
    py Benchmarks/toi_bench.py --rounds "${ROUNDS:-7}" | tee Benchmarks/results/engine-toi.md
    ;;&
  lsp|all)
    py Benchmarks/lsp_bench.py ${LSP_ARGS:-} | tee Benchmarks/results/lsp.md
    bash scripts/python-env.sh pytest-lsp
    .venv/bin/python Benchmarks/lsp_client_bench.py --rounds "${ROUNDS:-3}" | tee Benchmarks/results/lsp-client.md
    ;;&
  mcp|all)
    py Benchmarks/mcp_bench.py ${MCP_ARGS:-} | tee Benchmarks/results/mcp.md
    ;;&
  expect|all)
    py Benchmarks/expect_bench.py corpus --rounds "${ROUNDS:-3}" | tee Benchmarks/results/expect-corpus.md
    py Benchmarks/expect_bench.py big --rounds "${ROUNDS:-3}" | tee Benchmarks/results/expect-big.md
    ;;&
  generate|all)
    py Benchmarks/generate_bench.py --rounds "${ROUNDS:-15}" | tee Benchmarks/results/generate.md
    ;;&
  lint|engine|lsp|mcp|expect|generate|all) ;;
  *) echo "usage: $0 [lint|engine|lsp|mcp|generate|expect|all] [--no-build]" >&2; exit 2 ;;
esac
