#!/usr/bin/env bash
# Issue 43's bounds on any plan input, with the release build: meal plans of
# 5,000 recipes and of 500 stores (generated deterministically by
# Benchmarks/bounded/generate.py) end within 10% of their time limit with
# the best plan found or a clear "no plan", and `planner check` takes time
# linear in repeated lines of every kind of block. Exits 1 when a bound is
# missed.
#
#   Benchmarks/bounded/run.sh                  time limits of 10 s and 60 s
#   LIMITS=10 LINES=5000 Benchmarks/bounded/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
bash Scripts/swift-release.sh --product planner >&2
planner="$(bash Scripts/swift-release.sh --show-bin-path)/planner"
python3 Benchmarks/bounded/bench.py --planner "$planner" --out bench-out/bounded \
  --limits "${LIMITS:-10,60}" --lines "${LINES:-10000}"
