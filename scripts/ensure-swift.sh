#!/usr/bin/env bash
# Stops with a clear message when there is no Swift 6 toolchain: no package manager installs one that the
# other scripts could rely on, so this one only checks.
set -euo pipefail
if ! command -v swift >/dev/null 2>&1; then
  echo "swift not found: Impulse needs a Swift 6 toolchain (swift.org/install; on macOS, Xcode 16 or later)" >&2
  exit 1
fi
version="$(swift --version 2>/dev/null | sed -n 's/.*Swift version \([0-9][0-9]*\)\..*/\1/p' | head -n 1)"
if [ -n "$version" ] && [ "$version" -lt 6 ]; then
  echo "swift $version found: Impulse needs Swift 6 or later" >&2
  exit 1
fi
