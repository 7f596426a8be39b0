#!/usr/bin/env python3
"""Plans from the purchase relaxation's points, measured with HiGHS: a lead
for issue 41's search, not part of planner.

  python3 Benchmarks/weeks/lift.py MODELS RELAX_SECONDS FIX_SECONDS w00 w01 ...

MODELS holds each week's model as CPLEX LP text, written by
`meals-bench --plan Benchmarks/weeks/family/w00.plan --name w00 --runs 1
--time-limit 0.05 --lp MODELS/w00.lp` (the model `meals-bench` solves).
For each week, HiGHS (pip highspy, one thread) solves the purchase
relaxation (`pick` and `serve` continuous, packages, visits and flags whole)
for RELAX_SECONDS; then the week itself with every `pack` and `visit`
variable fixed at that point's values, for FIX_SECONDS. When whole meals
fit the purchases the point made for meals in fractions, that plan costs
about what the point does; otherwise the fixed week is infeasible. Each
line gives the point's objective and bound, the fixed week's objective and
status, and the week's best reference plan and bound (references.json).
"""
import json
import os
import sys
import time

import highspy

HERE = os.path.dirname(os.path.abspath(__file__))


def load(path, limit):
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.setOptionValue("threads", 1)
    h.setOptionValue("time_limit", float(limit))
    h.readModel(path)
    return h


def kinds(h):
    """Each column's kind: its name before the first bracket."""
    return [h.getColName(c)[1].replace("(", "[").split("[")[0] for c in range(h.getLp().num_col_)]


def main():
    models, relax_seconds, fix_seconds = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
    references = json.load(open(os.path.join(HERE, "references.json")))["weeks"]
    for week in sys.argv[4:]:
        path = os.path.join(models, week + ".lp")
        relaxation = load(path, relax_seconds)
        names = kinds(relaxation)
        for column, kind in enumerate(list(relaxation.getLp().integrality_)):
            if kind == highspy.HighsVarType.kInteger and names[column] in ("pick", "serve"):
                relaxation.changeColIntegrality(column, highspy.HighsVarType.kContinuous)
        start = time.monotonic()
        relaxation.run()
        seconds = time.monotonic() - start
        info = relaxation.getInfo()
        if info.primal_solution_status != 2:
            print(f"{week}: no point of the purchase relaxation in {relax_seconds:g} s", flush=True)
            continue
        point = list(relaxation.getSolution().col_value)
        fixed = load(path, fix_seconds)
        for column, name in enumerate(names):
            if name in ("pack", "visit"):
                value = round(point[column])
                fixed.changeColBounds(column, value, value)
        start = time.monotonic()
        fixed.run()
        fixed_seconds = time.monotonic() - start
        plan = fixed.getInfo()
        objective = f"{plan.objective_function_value:.2f}" if plan.primal_solution_status == 2 else "-"
        status = fixed.modelStatusToString(fixed.getModelStatus())
        entry = references.get(week, {})
        reference = (entry.get("best_plan") or {}).get("objective")
        bound = (entry.get("best_bound") or {}).get("bound")
        print(f"{week}: point {info.objective_function_value:.2f}, bound {info.mip_dual_bound:.2f} "
              f"({seconds:.1f} s) | fixed purchases: {objective}, {status} ({fixed_seconds:.1f} s) | "
              f"reference plan {reference and round(reference, 2)}, bound {bound and round(bound, 2)}",
              flush=True)


main()
