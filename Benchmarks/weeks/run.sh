#!/usr/bin/env bash
# Issue 41's family of weeks: 44 meal-plan weeks priced at the till
# (Benchmarks/weeks/family, written by generate.py, a quarter held out),
# each solved once per time limit with the release build. Prints, per part
# (tuning, held-out) and kind (one person, household), the share proven
# within 1%, the median and 90th-percentile proven gap, the median and worst
# excess over the stored reference plan (references.json, from long runs of
# HiGHS, CBC and planner: references.py) and the weeks with no plan, and
# writes the table into docs/performance.md ("The family of weeks").
#
#   Benchmarks/weeks/run.sh                       every week at 10 s and 60 s (about 53 min)
#   LIMITS=10 Benchmarks/weeks/run.sh             every week at 10 s
#   LIMITS=60 WEEKS=w00,w01 Benchmarks/weeks/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
bash Scripts/swift-release.sh --product planner >&2
planner="$(bash Scripts/swift-release.sh --show-bin-path)/planner"
python3 Benchmarks/weeks/bench.py --planner "$planner" --limits "${LIMITS:-10,60}" --weeks "${WEEKS:-}"
