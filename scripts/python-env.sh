#!/usr/bin/env bash
# Makes the Python tools the tests call available in .venv at the repository root (git-ignored):
# creates the virtual environment if it is missing and pip-installs, quietly, each listed package that
# is not installed yet. Safe to run again and again; it does nothing when everything is there.
#
#   bash scripts/python-env.sh              # the packages below
#   bash scripts/python-env.sh extra-pkg    # the packages below and extra-pkg
#
# Add a package the test suite needs to PACKAGES (one per line, a pip requirement each).
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(
  check-jsonschema   # validates the example scenes against schemas/dynamics-scene.schema.json
)
PACKAGES+=("$@")

PYTHON="${PYTHON:-python3}"
if ! command -v "$PYTHON" >/dev/null 2>&1; then
  bash scripts/install-packages.sh "python-env: no $PYTHON" python3 python3-venv
fi
if [ ! -x .venv/bin/python ]; then
  if ! "$PYTHON" -m venv .venv >/dev/null 2>&1; then
    # Debian's python3 ships venv without ensurepip until python3-venv is installed (with apt-get as root,
    # with sudo apt-get otherwise).
    bash scripts/install-packages.sh "python-env: python3 cannot make a virtual environment" python3-venv
    rm -rf .venv
    "$PYTHON" -m venv .venv
  fi
fi

missing=()
for requirement in "${PACKAGES[@]}"; do
  # The distribution name is the requirement up to its first version or extras marker.
  name="${requirement%%[<>=!~\[ ;]*}"
  if ! .venv/bin/python -m pip show -q "$name" >/dev/null 2>&1; then
    missing+=("$requirement")
  fi
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "python-env: installing ${missing[*]} into .venv" >&2
  .venv/bin/python -m pip install -q --disable-pip-version-check "${missing[@]}"
fi
