#!/usr/bin/env bash
# Renders the example weekly report (Examples/journal.csv, Examples/home.plan) and takes
# headless Chromium screenshots at a phone width and a desktop width:
#   docs/images/report-phone.png    (390 CSS pixels wide, 2x)
#   docs/images/report-desktop.png  (1280 CSS pixels wide)
# Installs Debian's chromium with apt-get when no Chromium or Chrome is found.
# Usage: Scripts/screenshot-report.sh [AS_OF]   (default: the journal's last day)
set -euo pipefail

cd "$(dirname "$0")/.."
root="$(pwd)"
out="$root/docs/images"
mkdir -p "$out"

find_browser() {
  for name in chromium chromium-browser google-chrome google-chrome-stable; do
    if command -v "$name" >/dev/null 2>&1; then
      command -v "$name"
      return 0
    fi
  done
  return 1
}

if ! browser="$(find_browser)"; then
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "screenshot-report: no Chromium found; install chromium (or Google Chrome) and try again" >&2
    exit 1
  fi
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  echo "screenshot-report: installing Debian's chromium (apt-get)" >&2
  $SUDO apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >&2
  browser="$(find_browser)"
fi

echo "screenshot-report: building planner" >&2
swift build --product planner >&2
planner="$(swift build --show-bin-path)/planner"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
as_of=()
[ $# -ge 1 ] && as_of=(--as-of "$1")
"$planner" report --journal Examples/journal.csv --rules Examples/home.plan ${as_of[@]+"${as_of[@]}"} \
  --format html -o "$work/report.html"

# The page height is generous so the whole report fits; chromium crops at the window size.
shoot() { # name width height scale
  "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
    --disable-extensions --user-data-dir="$work/profile-$1" --force-device-scale-factor="$4" \
    --window-size="$2,$3" --screenshot="$out/report-$1.png" "file://$work/report.html" >/dev/null 2>&1
  echo "screenshot-report: wrote docs/images/report-$1.png ($2x$3 CSS px, scale $4)" >&2
}
shoot phone 390 3000 2
shoot desktop 1280 2200 1
