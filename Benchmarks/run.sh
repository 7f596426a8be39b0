#!/usr/bin/env bash
# Runs every benchmark in a release build; each prints its own figures.
#   Benchmarks/run.sh            all of them
#   Benchmarks/run.sh meals      one of them (week, family, weeks, health, readings, webhook, postgres, solver, meals, catalog, bounded, queue)
set -euo pipefail
cd "$(dirname "$0")"
for name in ${1:-week family weeks health readings webhook postgres solver meals catalog bounded queue}; do
  echo "== $name"
  bash "$name/run.sh"
done
