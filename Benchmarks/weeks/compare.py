#!/usr/bin/env python3
"""Summarises two runs of Benchmarks/weeks/compare.sh, part by part of the family.

  python3 Benchmarks/weeks/compare.py OUT_A OUT_B

For each part (tuning, held-out) and kind (one person, household): weeks
without a plan, weeks proven within 1%, the median proven gap (a week without
a plan or a bound counts as an infinite gap) and the median excess of the
cost over the best reference plan; then the weeks whose cost or plan changed.
The cost compared is what meals-bench prints (paid at the till); a week with
`leftovers worth` compares its paid cost, not the reference's objective, so
its excess is left out.
"""

import json
import math
import os
import re
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
RUN = re.compile(r"^run 1: ([0-9.]+) s, status (\w+), cost ([0-9.]+) USD, gap (n/a|[0-9.]+%)")


def read(folder, week):
    path = os.path.join(folder, week + ".txt")
    if not os.path.exists(path):
        return None
    for line in open(path):
        match = RUN.match(line)
        if match:
            seconds, status, cost, gap = match.groups()
            has_plan = status in ("optimal", "feasible")
            return {
                "plan": has_plan,
                "cost": float(cost) if has_plan else None,
                "gap": float(gap[:-1]) / 100 if has_plan and gap != "n/a" else math.inf,
            }
    return {"plan": False, "cost": None, "gap": math.inf}


def median(values):
    return statistics.median(values) if values else math.nan


def pct(value):
    return "inf" if math.isinf(value) else ("-" if math.isnan(value) else f"{value * 100:.2f}%")


def main():
    out_a, out_b = sys.argv[1], sys.argv[2]
    manifest = json.load(open(os.path.join(HERE, "family", "manifest.json")))["weeks"]
    references = json.load(open(os.path.join(HERE, "references.json")))["weeks"]
    rows = []
    for part in ("tuning", "held-out"):
        for kind in ("solo", "household"):
            weeks = [w for w in manifest if w["part"] == part and w["kind"] == kind]
            cells = []
            for folder in (out_a, out_b):
                results = [(w, read(folder, w["week"])) for w in weeks]
                results = [(w, r) for w, r in results if r is not None]
                excess = []
                for w, r in results:
                    best = (references.get(w["week"], {}).get("best_plan") or {}).get("objective")
                    if r["plan"] and best and "leftover" not in open(os.path.join(HERE, "family", w["file"])).read():
                        excess.append(r["cost"] / best - 1)
                cells.append(
                    (
                        len(results),
                        sum(not r["plan"] for _, r in results),
                        sum(r["gap"] <= 0.01 for _, r in results),
                        median([r["gap"] for _, r in results]),
                        median(excess),
                    )
                )
            (na, a_none, a_proven, a_gap, a_excess), (nb, b_none, b_proven, b_gap, b_excess) = cells
            rows.append(
                f"| {part} | {kind} | {na}, {nb} | {a_none}, {b_none} | {a_proven}, {b_proven} | "
                f"{pct(a_gap)}, {pct(b_gap)} | {pct(a_excess)}, {pct(b_excess)} |"
            )
    print("| part | kind | weeks (A, B) | no plan | proven within 1% | median proven gap | median excess over the reference |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    print("\n".join(rows))
    print()
    for w in manifest:
        a, b = read(out_a, w["week"]), read(out_b, w["week"])
        if a is None or b is None or (a["cost"] == b["cost"] and a["gap"] == b["gap"]):
            continue
        show = lambda r: "no plan" if not r["plan"] else f"{r['cost']:.2f} ({pct(r['gap'])})"
        print(f"{w['week']} ({w['part']}, {w['kind']}): {show(a)} -> {show(b)}")


if __name__ == "__main__":
    main()
