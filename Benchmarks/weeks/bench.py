#!/usr/bin/env python3
"""Solves issue 41's family of weeks (Benchmarks/weeks/family, written by
generate.py) with planner's release build at each time limit and prints the
distribution against the stored references (references.json), per part
(tuning, held-out) and per kind (one person, household): the share proven
within 1%, the median and 90th-percentile proven gap, the median and worst
excess of the plan over the reference plan, the median shortfall of the
bound under the reference bound, and the weeks with no plan.

Each limit's results go to bench-out/weeks/results-LIMIT.json (one record
per week: status, objective = cost - leftover_credit, bound, gap, seconds,
proven_seconds). The table is built from every results file there, so a
limit run on a subset (WEEKS=...) is shown as such beside a whole-family
run; it goes to standard output and into docs/performance.md between
<!-- weeks-bench:begin --> and <!-- weeks-bench:end -->.

    bench.py --planner PATH --limits 10,60 [--weeks w00,w04] [--no-doc]
    bench.py --table            the table from the results files alone
"""
import argparse
import datetime
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
FAMILY = os.path.join(HERE, "family")
OUT = os.path.join(ROOT, "bench-out", "weeks")
sys.path.insert(0, os.path.join(HERE, ".."))
from doc_table import write_table  # noqa: E402


def solve(planner, week, limit):
    start = time.monotonic()
    done = subprocess.run(
        [planner, "solve", os.path.join(FAMILY, f"{week}.plan"), "--plan", week, "--format", "json",
         "--time-limit", f"{limit:g}"], capture_output=True, text=True)
    wall = time.monotonic() - start
    record = {"week": week, "limit": limit, "wall": round(wall, 2), "exit": done.returncode,
              "status": None, "objective": None, "bound": None, "gap": None, "proven_seconds": None}
    if done.returncode not in (0, 1) or not done.stdout.strip():
        record["status"] = "failed"
        record["error"] = done.stderr.strip()[:300]
        return record
    result = json.loads(done.stdout)
    report = result.get("report") or {}
    record["status"] = result.get("status")
    if result.get("cost") is not None:
        record["objective"] = float(result["cost"]) - float(result.get("leftover_credit") or 0)
    record["bound"] = report.get("bound")
    record["gap"] = report.get("proven_gap", report.get("relative_gap"))
    record["proven_seconds"] = report.get("proven_seconds")
    return record


def percentile(values, q):
    """The q-quantile by the nearest-rank method (inf sorts last)."""
    values = sorted(values)
    if not values:
        return None
    return values[max(0, math.ceil(q * len(values)) - 1)]


def pct(value, digits=1):
    if value is None:
        return "n/a"
    if value == math.inf:
        return "no plan"
    return f"{value * 100:.{digits}f}%"


def rows_for(results, manifest, references):
    """Table rows: for each limit, each part and kind, and all together."""
    rows = []
    for limit in sorted(results):
        by_week = {r["week"]: r for r in results[limit]["records"]}
        groups = [("all", "all")] + [(p, k) for p in ("tuning", "held-out") for k in ("solo", "household")]
        for part, kind in groups:
            weeks = [w for w in manifest if w["week"] in by_week
                     and part in ("all", w["part"]) and kind in ("all", w["kind"])]
            if not weeks:
                continue
            recs = [by_week[w["week"]] for w in weeks]
            gaps = [r["gap"] if r["objective"] is not None and r["gap"] is not None else math.inf for r in recs]
            excess, shortfall, reference_gap = [], [], []
            for r in recs:
                ref = (references.get(r["week"]) or {})
                plan = (ref.get("best_plan") or {}).get("objective")
                bound = (ref.get("best_bound") or {}).get("bound")
                if plan is not None:
                    excess.append((r["objective"] - plan) / plan if r["objective"] is not None else math.inf)
                if plan is not None and bound is not None:
                    reference_gap.append(max(0.0, (plan - bound) / plan))
                if bound is not None and r["bound"] is not None and bound > 0:
                    shortfall.append(max(0.0, (bound - r["bound"]) / bound))
            rows.append({
                "limit": limit, "part": part, "kind": kind, "weeks": len(recs),
                "within1": sum(1 for g in gaps if g <= 0.01) / len(recs),
                "within2": sum(1 for g in gaps if g <= 0.02) / len(recs),
                "median_gap": statistics.median(gaps) if gaps else None,
                "p90_gap": percentile(gaps, 0.9),
                "worst_gap": max(gaps),
                "referenced": len(excess),
                "median_excess": statistics.median(excess) if excess else None,
                "worst_excess": max(excess) if excess else None,
                "median_shortfall": statistics.median(shortfall) if shortfall else None,
                "reference_gap": statistics.median(reference_gap) if reference_gap else None,
                "no_plan": sum(1 for r in recs if r["objective"] is None),
                "median_wall": statistics.median(r["wall"] for r in recs),
                "longest_wall": max(r["wall"] for r in recs),
            })
    return rows


def invariant_breaks(records, references):
    """Where planner's figures break bound <= optimum <= plan against the
    references, which enclose the optimum: a bound above the best reference
    plan, or a plan below the best reference bound. The plan's objective is
    cost - leftover_credit, the credit rounded to the cent, so a plan may
    read up to half a cent under its model objective: that much is allowed."""
    breaks = []
    for r in records:
        ref = references.get(r["week"]) or {}
        plan = (ref.get("best_plan") or {}).get("objective")
        bound = (ref.get("best_bound") or {}).get("bound")
        if r.get("bound") is not None and plan is not None and r["bound"] > plan + 1e-6 * max(1.0, abs(plan)):
            breaks.append(f"{r['week']} at {r['limit']:g} s: bound {r['bound']:.6f} above the reference plan "
                          f"{plan:.6f}")
        if r.get("objective") is not None and bound is not None and r["objective"] < bound - 0.005 - 1e-6:
            breaks.append(f"{r['week']} at {r['limit']:g} s: plan {r['objective']:.2f} below the reference bound "
                          f"{bound:.6f}")
    return breaks


def table(results, manifest, references):
    rows = rows_for(results, manifest, references)
    total = len(manifest)
    lines = []
    for limit in sorted(results):
        meta = results[limit]
        count = len(meta["records"])
        runs = meta.get("runs") or [meta]
        lines.append(f"- {limit:g} s: {count} of {total} weeks"
                     + ("" if count == total else f" ({', '.join(sorted(r['week'] for r in meta['records']))})")
                     + "; " + "; ".join(f"measured {r['stamp']} ({r['machine']}), `{r['command']}`" for r in runs))
    lines += [
        "",
        "| limit | part | kind | weeks | proven within 1% | within 2% | median gap | 90th pct gap | worst gap "
        "| median excess over reference | worst excess | median bound shortfall | median reference gap | no plan | median wall | longest wall |",
        "| ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for row in rows:
        referenced = "" if row["referenced"] == row["weeks"] else f" ({row['referenced']} with a reference)"
        lines.append(
            f"| {row['limit']:g} s | {row['part']} | {row['kind']} | {row['weeks']} | {row['within1'] * 100:.0f}% | "
            f"{row['within2'] * 100:.0f}% | {pct(row['median_gap'], 2)} | {pct(row['p90_gap'], 2)} | "
            f"{pct(row['worst_gap'], 2)} | {pct(row['median_excess'], 2)}{referenced} | {pct(row['worst_excess'], 2)} | "
            f"{pct(row['median_shortfall'], 2)} | {pct(row['reference_gap'], 2)} | {row['no_plan']} | {row['median_wall']:.1f} s | "
            f"{row['longest_wall']:.1f} s |")
    lines += [
        "",
        "Gap: planner's own proven gap, `report.proven_gap` (objective less bound, over the objective; the",
        "objective is what is paid at the till less any `leftovers worth` credit). Excess: planner's objective",
        "over the best objective in `Benchmarks/weeks/references.json`, as a share of it (negative: planner",
        "beat the reference). Bound shortfall: how far planner's bound is under the best reference bound, as",
        "a share of it (0 when planner's is as high). Wall: the whole `planner solve` process, reading the",
        "week and writing its JSON included, which the time limit does not cover. Reference gap: the best reference plan over the best",
        "reference bound, a share of the plan (how far the reference itself is from proven). Percentiles by nearest rank; a week with no plan counts",
        "as an infinite gap. Targets (issue 41): one person's week proven within 1% at 10 s (90% within 30 s);",
        "households within 2% at 60 s, none worse than 5%; every plan at most 0.5% above its reference; no",
        "week without a plan.",
    ]
    records = [r for limit in sorted(results) for r in results[limit]["records"]]
    breaks = invariant_breaks(records, references)
    checked = sum(1 for r in records if r.get("bound") is not None or r.get("objective") is not None)
    lines += [
        "",
        "Invariant (the references enclose each week's optimum, so planner's bound must be at most the best",
        "reference plan and its plan at least the best reference bound): "
        + (f"holds on every result with a bound or a plan ({checked} of the {len(records)})."
           if not breaks else f"BROKEN on {len(breaks)}:"),
    ] + [f"- {b}" for b in breaks]
    return "\n".join(lines) + "\n"


def load_results():
    results = {}
    if os.path.isdir(OUT):
        for name in os.listdir(OUT):
            if name.startswith("results-") and name.endswith(".json"):
                with open(os.path.join(OUT, name)) as f:
                    data = json.load(f)
                results[float(data["limit"])] = data
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--planner")
    parser.add_argument("--limits", default="10,60")
    parser.add_argument("--weeks", default="", help="comma-separated subset (default: the whole family)")
    parser.add_argument("--table", action="store_true", help="only print the table from saved results")
    parser.add_argument("--doc", default=os.path.join(ROOT, "docs", "performance.md"))
    parser.add_argument("--no-doc", action="store_true")
    args = parser.parse_args()
    with open(os.path.join(FAMILY, "manifest.json")) as f:
        manifest = json.load(f)["weeks"]
    with open(os.path.join(HERE, "references.json")) as f:
        references = json.load(f)["weeks"]
    weeks = [w["week"] for w in manifest]
    if args.weeks:
        wanted = [w for w in args.weeks.split(",") if w]
        unknown = [w for w in wanted if w not in weeks]
        if unknown:
            sys.exit(f"weeks bench: no such week: {', '.join(unknown)}")
        weeks = wanted
    if not args.table:
        if not args.planner:
            sys.exit("weeks bench: --planner is needed to solve")
        os.makedirs(OUT, exist_ok=True)
        for limit in [float(x) for x in args.limits.split(",") if x]:
            records = []
            for i, week in enumerate(weeks):
                print(f"weeks bench: {week} ({i + 1} of {len(weeks)}), time limit {limit:g} s ...",
                      file=sys.stderr, flush=True)
                records.append(solve(args.planner, week, limit))
                r = records[-1]
                print(f"  {r['status']}: {r['objective']}, bound {r['bound']}, gap {pct(r['gap'], 2)}, "
                      f"{r['wall']} s", file=sys.stderr, flush=True)
                for b in invariant_breaks([r], references):
                    print(f"  invariant broken: {b}", file=sys.stderr, flush=True)
            stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
            load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
            command = f"LIMITS={limit:g}" + (f" WEEKS={','.join(weeks)}" if args.weeks else "") + \
                " Benchmarks/weeks/run.sh"
            run = {"stamp": stamp, "command": command,
                   "machine": f"{platform.machine()}, {os.cpu_count()} cores shared, load {load} at the end"}
            path = os.path.join(OUT, f"results-{limit:g}.json")
            runs, kept = [run], []
            if args.weeks and os.path.exists(path):
                # A subset: its weeks replace theirs in the file, the others stay.
                with open(path) as f:
                    old = json.load(f)
                runs = old.get("runs", []) + runs
                kept = [r for r in old["records"] if r["week"] not in weeks]
            with open(path, "w") as f:
                json.dump({"limit": limit, "runs": runs, "records": kept + records}, f, indent=1)
    text = table(load_results(), manifest, references)
    print(text)
    if not args.no_doc and write_table(args.doc, "weeks-bench", text):
        print(f"weeks bench: wrote the table into {os.path.relpath(args.doc, ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
