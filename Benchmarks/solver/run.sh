#!/usr/bin/env bash
# Times GLPK option combinations on a generated diet model (8,000 foods x 7 days
# by default) and prints a table. Builds solver-bench in release mode first.
#
#   Benchmarks/solver/run.sh                 # daily goals and per-food limits
#   Benchmarks/solver/run.sh --variety       # plus weekly per-food limits that link the days
#   Benchmarks/solver/run.sh --repeats 5 --foods 2000
#   Benchmarks/solver/run.sh --interior      # also the interior-point method (minutes)
#   Benchmarks/solver/run.sh --explain --foods 1000   # the explanation of a plan with no plan
#                                            # (budget 0.50 a day): deletion filter with and
#                                            # without a solver session (docs/solver.md, "Sessions")
#
# With python3 and scipy available, also solves the exported MPS with HiGHS
# (scipy.optimize.linprog) and prints its time and optimum. scipy is only a
# benchmark aid, never a dependency of planner.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash Scripts/swift-release.sh --product solver-bench >&2
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
case " $* " in
*" --explain "*)
  .build/release/solver-bench "$@"
  exit 0
  ;;
esac
.build/release/solver-bench --mps "$out/diet.mps" "$@"
if python3 -c "import scipy" 2>/dev/null; then
  echo
  python3 Benchmarks/solver/highs_compare.py "$out/diet.mps"
else
  echo
  echo "(scipy not found: skipping the HiGHS comparison)"
fi
