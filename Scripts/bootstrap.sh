#!/usr/bin/env bash
# Installs what planner needs to build, only when it is missing:
# GLPK's development files (Debian: libglpk-dev; macOS: Homebrew's glpk).
# The Swift toolchain itself cannot be installed here; we say how to get it.
set -euo pipefail

have_glpk_header() {
  for dir in /usr/include /usr/local/include /opt/homebrew/include; do
    [ -f "$dir/glpk.h" ] && return 0
  done
  return 1
}

if ! command -v swift >/dev/null 2>&1; then
  echo "bootstrap: the Swift toolchain (6.0 or later) is required: https://www.swift.org/install/" >&2
  exit 1
fi

if have_glpk_header; then
  exit 0
fi

echo "bootstrap: GLPK headers not found; installing them" >&2
case "$(uname -s)" in
  Linux)
    if ! command -v apt-get >/dev/null 2>&1; then
      echo "bootstrap: please install GLPK's development package (glpk.h and libglpk) with your package manager" >&2
      exit 1
    fi
    SUDO=""
    if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq libglpk-dev
    ;;
  Darwin)
    if ! command -v brew >/dev/null 2>&1; then
      echo "bootstrap: Homebrew is needed to install GLPK on macOS: https://brew.sh" >&2
      exit 1
    fi
    brew install glpk
    ;;
  *)
    echo "bootstrap: unsupported system $(uname -s); install GLPK (glpk.h, libglpk) by hand" >&2
    exit 1
    ;;
esac
have_glpk_header || { echo "bootstrap: GLPK still not found after installing" >&2; exit 1; }
