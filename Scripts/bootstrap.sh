#!/usr/bin/env bash
# Installs what planner needs to build and test, only when it is missing:
# GLPK's development files (Debian: libglpk-dev; macOS: Homebrew's glpk),
# libpq's (Debian: libpq-dev; macOS: Homebrew's libpq) and, for the database
# tests, a PostgreSQL server (Debian: postgresql; macOS: Homebrew's postgresql@16)
# and, on Linux, the development links of libcurl and libxml2 (Debian:
# libcurl4-openssl-dev, libxml2-dev), which the release build's static
# Foundation links against (Scripts/swift-release.sh).
# The Swift toolchain itself cannot be installed here; we say how to get it.
set -euo pipefail

have_glpk_header() {
  for dir in /usr/include /usr/local/include /opt/homebrew/include; do
    [ -f "$dir/glpk.h" ] && return 0
  done
  return 1
}

have_libpq_header() {
  for dir in /usr/include/postgresql /usr/include /usr/local/include /opt/homebrew/opt/libpq/include; do
    [ -f "$dir/libpq-fe.h" ] && return 0
  done
  return 1
}

source "$(dirname "${BASH_SOURCE[0]}")/dev-links.sh"

# Whether the linker finds lib$1.so (a development link); always, off Linux.
have_link() {
  [ "$(uname -s)" != Linux ] && return 0
  have_dev_link "$1"
}

have_postgres_server() {
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1
}

if ! command -v swift >/dev/null 2>&1; then
  echo "bootstrap: the Swift toolchain (6.0 or later) is required: https://www.swift.org/install/" >&2
  exit 1
fi

apt_packages=()
brew_packages=()
have_glpk_header || { apt_packages+=(libglpk-dev); brew_packages+=(glpk); }
have_libpq_header || { apt_packages+=(libpq-dev); brew_packages+=(libpq); }
have_postgres_server || { apt_packages+=(postgresql); brew_packages+=(postgresql@16); }
have_link curl || apt_packages+=(libcurl4-openssl-dev)
have_link xml2 || apt_packages+=(libxml2-dev)
if [ "${#apt_packages[@]}" -eq 0 ]; then
  exit 0
fi

echo "bootstrap: installing ${apt_packages[*]}" >&2
case "$(uname -s)" in
  Linux)
    if ! command -v apt-get >/dev/null 2>&1; then
      echo "bootstrap: please install ${apt_packages[*]} (or your system's equivalents) with your package manager" >&2
      exit 1
    fi
    SUDO=""
    if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${apt_packages[@]}"
    ;;
  Darwin)
    if ! command -v brew >/dev/null 2>&1; then
      echo "bootstrap: Homebrew is needed to install ${brew_packages[*]} on macOS: https://brew.sh" >&2
      exit 1
    fi
    brew install "${brew_packages[@]}"
    ;;
  *)
    echo "bootstrap: unsupported system $(uname -s); install GLPK (glpk.h, libglpk) and libpq by hand" >&2
    exit 1
    ;;
esac
have_glpk_header || { echo "bootstrap: GLPK still not found after installing" >&2; exit 1; }
have_libpq_header || { echo "bootstrap: libpq still not found after installing" >&2; exit 1; }
