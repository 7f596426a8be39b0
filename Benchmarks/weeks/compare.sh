#!/usr/bin/env bash
# Two builds of meals-bench on the family of weeks, week by week in turn
# (A then B on each week), so that both see the same load on a shared
# machine; each run's step table goes to OUT_A/wNN.txt and OUT_B/wNN.txt.
# The script raises its own scheduling group's priority (Linux autogroup,
# as root) and runs each solve at nice -15: without it, on a machine where
# builds run in other sessions, a solve got about a fifth of a processor.
#
#   Benchmarks/weeks/compare.sh 10 out-a path/to/meals-bench-a out-b path/to/meals-bench-b [w00 w05 …]
set -euo pipefail
limit=$1 out_a=$2 bench_a=$3 out_b=$4 bench_b=$5
shift 5
echo -15 > /proc/$$/autogroup 2>/dev/null || true
mkdir -p "$out_a" "$out_b"
out_a=$(cd "$out_a" && pwd) out_b=$(cd "$out_b" && pwd)
bench_a=$(readlink -f "$bench_a") bench_b=$(readlink -f "$bench_b")
cd "$(dirname "$0")/family"
weeks=("$@")
[ ${#weeks[@]} -gt 0 ] || mapfile -t weeks < <(seq -f "w%02g" 0 43)
for week in "${weeks[@]}"; do
  nice -n -15 "$bench_a" --plan "$week.plan" --name "$week" --runs 1 --steps --time-limit "$limit" > "$out_a/$week.txt" 2>&1 || true
  nice -n -15 "$bench_b" --plan "$week.plan" --name "$week" --runs 1 --steps --time-limit "$limit" > "$out_b/$week.txt" 2>&1 || true
done
