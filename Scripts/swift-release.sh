#!/usr/bin/env bash
# `swift build -c release` with the release build's flags, for every script
# that builds or runs a release binary (they share one build directory, so
# they must agree on the flags, or each would rebuild everything).
#
#   Scripts/swift-release.sh --product planner   (builds planner-webhook too)
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
swift build -c release ${flags[@]+"${flags[@]}"} "$@"
# planner-webhook is built wherever planner is: `planner health --notify-url`
# runs it from planner's folder, so a release planner without it could not post.
webhook_args=()
builds_planner=0
previous=""
for argument in "$@"; do
  if [ "$previous" = --product ] && [ "$argument" = planner ]; then
    builds_planner=1
    argument=planner-webhook
  fi
  webhook_args+=("$argument")
  previous="$argument"
done
if [ "$builds_planner" = 1 ]; then
  swift build -c release ${flags[@]+"${flags[@]}"} "${webhook_args[@]}"
fi
