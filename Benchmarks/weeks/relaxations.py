#!/usr/bin/env python3
"""Which integrality keeps the LP bound of a week at the till far below its
plans: the meals' or the purchases'? For each week of issue 41's family
(Benchmarks/weeks/family) this exports the model with `planner export --to
mps` and solves three relaxations of it with HiGHS (pip highspy, one thread):

- the LP (every variable continuous);
- meals whole: the pick and portion variables (`pick[...]`, `serve[...]`)
  integer, the purchases (`pack`, `bought`, `visit`, `cooked`) continuous;
- purchases whole: the other way round (planner's `week_totals` step).

It prints each week's three bounds beside the best reference plan
(references.json) and, over the family, the median share of the distance
from the LP to the reference plan that each closes.

    python3 Benchmarks/weeks/relaxations.py --limit 10 [--weeks w00,w05]

A benchmark aid, not part of planner.
"""
import argparse
import json
import os
import statistics

import references

MEALS = {"pick", "serve"}
PURCHASES = {"pack", "bought", "visit", "cooked"}


def bound(mps, whole, limit):
    import highspy
    h = references.highs(mps, limit, relax=lambda kind: kind not in whole)
    h.run()
    info = h.getInfo()
    proven = h.getModelStatus() == highspy.HighsModelStatus.kOptimal
    value = info.objective_function_value if not whole else info.mip_dual_bound
    return value, proven


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--limit", type=float, default=10)
    parser.add_argument("--weeks", default="")
    args = parser.parse_args()
    weeks = [w for w in args.weeks.split(",") if w] or [f"w{i:02d}" for i in range(44)]
    planner = references.planner_binary()
    stored = references.load()["weeks"]
    closed = {"meals": [], "purchases": []}
    print("| week | LP | meals whole | purchases whole | reference plan |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for week in weeks:
        mps = references.export(planner, week)
        lp, _ = bound(mps, set(), args.limit)
        meals, meals_proven = bound(mps, MEALS, args.limit)
        purchases, purchases_proven = bound(mps, PURCHASES, args.limit)
        plan = ((stored.get(week) or {}).get("best_plan") or {}).get("objective")
        if plan is not None and plan > lp + 1e-6:
            closed["meals"].append((meals - lp) / (plan - lp))
            closed["purchases"].append((purchases - lp) / (plan - lp))
        mark = lambda proven: "" if proven else " (time)"
        print(f"| {week} | {lp:.2f} | {meals:.2f}{mark(meals_proven)} | {purchases:.2f}{mark(purchases_proven)} | "
              f"{'-' if plan is None else f'{plan:.2f}'} |", flush=True)
    for key, shares in closed.items():
        if shares:
            print(f"{key} whole: median {100 * statistics.median(shares):.0f}% of the LP-to-reference distance "
                  f"closed over {len(shares)} weeks")


if __name__ == "__main__":
    main()
