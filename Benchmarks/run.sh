#!/usr/bin/env bash
# Runs every benchmark (release builds); each prints its own figures.
set -euo pipefail
cd "$(dirname "$0")"
bash health/run.sh "$@"
