#!/usr/bin/env bash
# Makes sure Debian's GNUstep is there for the Objective-C tests of generated code: GNUstep's Foundation headers and
# library (libgnustep-base-dev) and GCC's Objective-C runtime headers and library, which it brings through
# gnustep-make → gobjc (GeneratedObjectiveCTests: clang -fsyntax-only -fobjc-arc; GeneratedObjectiveCRunTests: a
# program built with clang -fobjc-runtime=gcc and run). Installs libgnustep-base-dev with apt-get otherwise.
set -euo pipefail
gcc_include="$(gcc -print-file-name=include 2>/dev/null || true)"
if command -v gnustep-config >/dev/null 2>&1 && [ -f /usr/include/GNUstep/Foundation/Foundation.h ] \
  && [ -f "$gcc_include/objc/objc.h" ] && [ -e "$(gcc -print-file-name=libobjc.so)" ]; then
  exit 0
fi
echo "GNUstep's Foundation or GCC's Objective-C runtime not found: installing libgnustep-base-dev" >&2
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq libgnustep-base-dev >/dev/null
command -v gnustep-config >/dev/null
