#!/usr/bin/env bash
# `swift build -c release` with the release build's flags, for every script
# that builds or runs a release binary (they share one build directory, so
# they must agree on the flags, or each would rebuild everything).
#
#   Scripts/swift-release.sh --product planner
#   "$(Scripts/swift-release.sh --show-bin-path)/planner" …
#
# On Linux the Swift runtime and Foundation are linked into the binary
# (`--static-swift-stdlib`) when the toolchain has their static libraries
# and the development links of libcurl and libxml2 are there (the static
# Foundation links against both; Debian: libcurl4-openssl-dev and
# libxml2-dev, which Scripts/bootstrap.sh installs). The dynamic loader then has less to do
# at each start: `planner check` on a 1 KB file takes 19 ms instead of 28
# (docs/performance.md, "Front end, seventh round").
# Elsewhere, or without those, it is the plain release build; so it is with
# PLANNER_DYNAMIC_STDLIB=1 (to measure the difference).
set -euo pipefail
flags=()
if [ "$(uname -s)" = Linux ] && [ "${PLANNER_DYNAMIC_STDLIB:-0}" != 1 ]; then
  swift_bin="$(command -v swift || true)"
  static_dir=""
  if [ -n "$swift_bin" ]; then
    static_dir="$(dirname "$(readlink -f "$swift_bin")")/../lib/swift_static/linux"
  fi
  source "$(dirname "${BASH_SOURCE[0]}")/dev-links.sh"
  if [ -n "$static_dir" ] && [ -e "$static_dir/libFoundationNetworking.a" ] \
    && have_dev_link curl && have_dev_link xml2; then
    flags+=(--static-swift-stdlib)
  fi
fi
exec swift build -c release ${flags[@]+"${flags[@]}"} "$@"
