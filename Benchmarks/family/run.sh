#!/usr/bin/env bash
# Issue 13's benchmark family (USDA SR28 foods, 200 to 8,000 x 7 days): planner
# end to end against GLPK's C API, glpsol, HiGHS (scipy) and CBC (PuLP) on the
# same model, one table of medians, written into docs/performance.md.
#
#   Benchmarks/family/run.sh                      sizes 200,1000,4000,8000, 3 runs each
#                                                 (check, solve and the C program 15 runs, in turn)
#   SIZES=200,1000 RUNS=5 INTERLEAVED_RUNS=31 Benchmarks/family/run.sh
#   SR28=../shared/data/usda-sr28 Benchmarks/family/run.sh   foods from the raw SR28 release
#
# The foods come from the catalog planner bundles (it holds every SR28 value
# exactly), so nothing outside the repository is needed. Peers that cannot be
# set up are skipped with a note: glpsol needs the glpk-utils package; HiGHS
# and CBC need pip to install scipy and pulp into Benchmarks/.venv.
set -euo pipefail
cd "$(dirname "$0")/../.."
sizes="${SIZES:-200,1000,4000,8000}"
runs="${RUNS:-3}"
interleaved_runs="${INTERLEAVED_RUNS:-15}"
out="bench-out/family"
mkdir -p "$out"
notes=""

bash Scripts/swift-release.sh --product planner >&2
planner="$(bash Scripts/swift-release.sh --show-bin-path)/planner"

generator=(python3 Benchmarks/family/generate.py --sizes "$sizes" --tsv --out "$out")
if [ -n "${SR28:-}" ]; then generator+=(--sr28 "$SR28"); fi
"${generator[@]}" >/dev/null
case ",$sizes," in *,200,*) "${generator[@]}" --sizes 200 --whole >/dev/null ;; esac

glpk_c=""
if cc -O2 -o "$out/glpk_diet" Benchmarks/family/glpk_diet.c -lglpk 2>"$out/cc.log"; then
  glpk_c="$out/glpk_diet"
else
  notes+="GLPK C API: the C program did not build (cc and libglpk-dev needed): $(head -1 "$out/cc.log")"$'\n'
fi

glpsol="$(command -v glpsol || true)"
if [ -z "$glpsol" ]; then
  notes+="glpsol: not installed (Debian: apt-get install glpk-utils)"$'\n'
fi

python=""
venv="Benchmarks/.venv"
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import scipy, pulp" 2>/dev/null; then
  echo "setting up $venv (scipy, pulp) ..." >&2
  if python3 -m venv "$venv" >"$out/pip.log" 2>&1 \
    && "$venv/bin/pip" install --quiet scipy pulp >>"$out/pip.log" 2>&1; then
    :
  fi
fi
if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c "import scipy, pulp" 2>/dev/null; then
  python="$venv/bin/python"
else
  notes+="HiGHS (scipy) and CBC (PuLP): pip could not install scipy and pulp into $venv (see $out/pip.log)"$'\n'
fi

python3 Benchmarks/family/bench.py --planner "$planner" --data "$out" --sizes "$sizes" --runs "$runs" \
  --interleaved-runs "$interleaved_runs" \
  ${glpk_c:+--glpk-c "$glpk_c"} ${glpsol:+--glpsol "$glpsol"} ${python:+--python "$python"} --notes "$notes"
