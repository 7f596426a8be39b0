#!/usr/bin/env python3
"""What each step of the meal-plan search did on the family of weeks.

  python3 Benchmarks/weeks/steps.py OUT

OUT is a folder of `meals-bench --steps` outputs, one `wNN.txt` a week (as
Benchmarks/weeks/compare.sh writes them). For each cost step of the search
(the steps of `without_budget`'s inner search are counted under
`without_budget`), over the weeks: on how many it made a solver call, made
the best plan cheaper (from one plan to a cheaper one), found the first plan,
raised the bound, and gave the plan or the bound the search ended with; and
the solver seconds it took in all. A step that runs twice (`dish_search`,
`improve_days`, `week_totals`) counts once a week. The family's weeks
without a plan at the end are listed.
"""

import collections
import glob
import math
import os
import sys


def table(path):
    """The step rows of one output: (step, solves, seconds, bound, best)."""
    lines = open(path).read().splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith("step ") or "; step " in line), None)
    if start is None:
        return None
    rows = []
    for line in lines[start + 1 :]:
        if not line.strip() or line.startswith("cost "):
            break
        if line.startswith("  "):
            continue
        fields = line.split()
        bound = None if fields[3] == "-" else float(fields[3])
        best = float(fields[4]) if len(fields) > 4 else math.inf
        rows.append((fields[0], int(fields[1]), float(fields[2]), bound, best))
    return rows


def main():
    folder = sys.argv[1]
    counts = {key: collections.Counter() for key in ("ran", "cheaper", "first", "bound", "final_plan", "final_bound")}
    seconds = collections.Counter()
    order = []
    weeks = 0
    without_plan = []
    for path in sorted(glob.glob(os.path.join(folder, "w*.txt"))):
        rows = table(path)
        if rows is None:
            continue
        weeks += 1
        week = os.path.basename(path)[:-4]
        seen = {key: set() for key in counts}
        bound, best = None, math.inf
        final_plan = final_bound = None
        for step, solves, spent, new_bound, new_best in rows:
            if step not in order:
                order.append(step)
            seconds[step] += spent
            if solves > 0:
                seen["ran"].add(step)
            if new_best < best - 1e-6:
                seen["cheaper" if math.isfinite(best) else "first"].add(step)
                final_plan = step
                best = new_best
            if new_bound is not None and (bound is None or new_bound > bound + 1e-6):
                seen["bound"].add(step)
                final_bound = step
                bound = new_bound
        if final_plan:
            seen["final_plan"].add(final_plan)
        else:
            without_plan.append(week)
        if final_bound:
            seen["final_bound"].add(final_bound)
        for key, steps in seen.items():
            counts[key].update(steps)
    print(f"{weeks} weeks in {folder}")
    print()
    print("| step | ran | first plan | cheaper plan | final plan | raised bound | final bound | solver seconds |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for step in order:
        cells = [counts[key][step] for key in ("ran", "first", "cheaper", "final_plan", "bound", "final_bound")]
        print(f"| `{step}` | " + " | ".join(str(c) for c in cells) + f" | {seconds[step]:.1f} |")
    print()
    print("no plan at the end: " + (", ".join(without_plan) if without_plan else "none"))


if __name__ == "__main__":
    main()
