#!/usr/bin/env bash
# Makes sure GNUstep's Foundation headers are there for the Objective-C check of generated code
# (GeneratedObjectiveCTests: clang -fsyntax-only -fobjc-arc); installs libgnustep-base-dev with apt-get otherwise.
set -euo pipefail
if command -v gnustep-config >/dev/null 2>&1 && [ -f /usr/include/GNUstep/Foundation/Foundation.h ]; then
  exit 0
fi
echo "GNUstep's Foundation headers not found: installing libgnustep-base-dev" >&2
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq libgnustep-base-dev >/dev/null
command -v gnustep-config >/dev/null
