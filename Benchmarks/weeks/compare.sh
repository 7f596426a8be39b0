#!/usr/bin/env bash
# Two builds of meals-bench (or more) on the family of weeks, week by week in
# turn (A then B on each week), so that both see the same load on a shared
# machine; each run's step table goes to OUT_A/wNN.txt and OUT_B/wNN.txt.
# The script raises its own scheduling group's priority (Linux autogroup,
# as root) and runs each solve at nice -15: without it, on a machine where
# builds run in other sessions, a solve got about a fifth of a processor.
#
# Another value of a tuning constant is another build: a wrapper script
# `exec path/to/meals-bench --tuning stepShare=0.4 "$@"` (MealPlanSearch.Tuning).
#
# With one build (no OUT_B and BENCH_B) it runs that build alone, for
# Benchmarks/weeks/steps.py. FAMILY names another folder of weeks.
#
#   Benchmarks/weeks/compare.sh 10 out-a path/to/meals-bench-a out-b path/to/meals-bench-b [out-c …] [w00 w05 …]
#   Benchmarks/weeks/compare.sh 10 out-a path/to/meals-bench-a [w00 w05 …]
set -euo pipefail
limit=$1 out_a=$2 bench_a=$3
shift 3
runs=("$out_a" "$bench_a")
while [ $# -ge 2 ] && [[ ! $1 =~ ^w[0-9]+$ ]]; do
  runs+=("$1" "$2")
  shift 2
done
echo -15 > /proc/$$/autogroup 2>/dev/null || true
for ((i = 0; i < ${#runs[@]}; i += 2)); do
  mkdir -p "${runs[i]}"
  runs[i]=$(cd "${runs[i]}" && pwd)
  runs[i + 1]=$(readlink -f "${runs[i + 1]}")
done
cd "${FAMILY:-$(dirname "$0")/family}"
weeks=("$@")
[ ${#weeks[@]} -gt 0 ] || mapfile -t weeks < <(seq -f "w%02g" 0 43)
for week in "${weeks[@]}"; do
  for ((i = 0; i < ${#runs[@]}; i += 2)); do
    nice -n -15 "${runs[i + 1]}" --plan "$week.plan" --name "$week" --runs 1 --steps --time-limit "$limit" \
      > "${runs[i]}/$week.txt" 2>&1 || true
  done
done
