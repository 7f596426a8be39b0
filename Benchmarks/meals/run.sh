#!/usr/bin/env bash
# Plans a generated week (7 days x 4 slots, 150 recipes, portions 0.5-2 in halves)
# with daily goals on energy, protein, fiber, sodium and saturated fat and a
# weekly budget, and prints the median solve time, the gap and the max RSS.
# Target: within a 1% gap, median under 5 s, memory under 200 MB.
#
#   Benchmarks/meals/run.sh                      # the target scenario, 5 runs
#   Benchmarks/meals/run.sh --tie-break variety  # plus the variety tie-break (57 solves at most)
#   Benchmarks/meals/run.sh --plan Examples/week.plan --name week --steps   # a .plan week, step by step
#   Benchmarks/meals/run.sh --repeat 2           # each recipe at most twice a week
set -euo pipefail
cd "$(dirname "$0")/../.."
bash Scripts/swift-release.sh --product meals-bench >&2
if [ -x /usr/bin/time ]; then
  /usr/bin/time -f "process: %e s wall, max RSS %M KB" .build/release/meals-bench "$@"
else
  .build/release/meals-bench "$@"
fi
