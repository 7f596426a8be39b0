#!/usr/bin/env python3
"""Reference plans and bounds for issue 41's family of weeks
(Benchmarks/weeks/family), stored in Benchmarks/weeks/references.json.

Each run exports a week's model with `planner export --to mps` (the model
`planner solve` solves: its objective is what is paid at the till, less the
`leftovers worth` credit when the plan has one, the same quantity as
`cost - leftover_credit` and `report.bound` in planner's JSON) and solves it
with one solver under a time limit, on one thread:

    references.py highs  --limit 120 [--weeks w00,w05]   HiGHS (pip highspy)
    references.py cbc    --limit 120 [--weeks ...]       CBC (Debian coinor-cbc)
    references.py planner --limit 300 [--weeks ...]      planner solve itself
    references.py feasible --limit 100 [--weeks ...]     HiGHS with every cost 0:
                                                         shows the week has a plan
    references.py purchases --limit 30 [--weeks ...]     HiGHS on the purchase
                                                         relaxation (pick and serve
                                                         variables continuous): a
                                                         bound only, its points are
                                                         not plans

Every run is appended to the week's `runs` with its solver, limit, plan
objective, bound, status, seconds, date and the command that repeats it
(this script with that one week); `best_plan` and `best_bound` are the
lowest objective and the highest bound over all the runs. A run is a
benchmark aid, not part of planner.
"""
import argparse
import datetime
import fcntl
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
FAMILY = os.path.join(HERE, "family")
STORE = os.path.join(HERE, "references.json")
MODELS = os.path.join(ROOT, "bench-out", "weeks", "models")


def load():
    if os.path.exists(STORE):
        with open(STORE) as f:
            return json.load(f)
    return {"note": "objective = what is paid at the till less any leftover credit (planner: cost - leftover_credit)",
            "weeks": {}}


def save(data):
    for entry in data["weeks"].values():
        plans = [r for r in entry["runs"] if r.get("objective") is not None]
        bounds = [r for r in entry["runs"] if r.get("bound") is not None]
        entry["best_plan"] = summary(min(plans, key=lambda r: r["objective"]), "objective") if plans else None
        entry["best_bound"] = summary(max(bounds, key=lambda r: r["bound"]), "bound") if bounds else None
        entry["feasible"] = True if plans or any(r.get("feasible") for r in entry["runs"]) else \
            (False if any(r.get("feasible") is False for r in entry["runs"]) else None)
    data["weeks"] = dict(sorted(data["weeks"].items()))
    tmp = STORE + ".tmp"
    with open(tmp, "w") as f:
        json.dump(data, f, indent=1)
        f.write("\n")
    os.replace(tmp, STORE)


def summary(run, key):
    return {key: run[key], "solver": run["solver"], "limit": run["limit"], "seconds": run["seconds"],
            "command": run["command"]}


def planner_binary():
    subprocess.run(["bash", "Scripts/swift-release.sh", "--product", "planner"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    path = subprocess.run(["bash", "Scripts/swift-release.sh", "--show-bin-path"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()
    return os.path.join(path, "planner")


def export(planner, week):
    os.makedirs(MODELS, exist_ok=True)
    out = os.path.join(MODELS, f"{week}.mps")
    subprocess.run([planner, "export", os.path.join(FAMILY, f"{week}.plan"), "--plan", week, "--to", "mps",
                    "--output", out], check=True, capture_output=True)
    return out


def highs(mps, limit, gap=None, relax=lambda kind: False):
    """A one-thread HiGHS, quiet, with `mps` read; each integer column whose
    kind (its name before `[`) `relax` accepts is made continuous."""
    import highspy
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.setOptionValue("threads", 1)
    h.setOptionValue("time_limit", float(limit))
    if gap is not None:
        h.setOptionValue("mip_rel_gap", gap)
    h.readModel(mps)
    for column, kind in enumerate(list(h.getLp().integrality_)):
        if kind == highspy.HighsVarType.kInteger and relax(h.getColName(column)[1].split("[")[0]):
            h.changeColIntegrality(column, highspy.HighsVarType.kContinuous)
    return h


def run_highs(mps, limit, relax=None):
    """HiGHS on the week's model, or, with `relax`, on a relaxation of it,
    whose bound bounds the week and whose points are not plans."""
    h = highs(mps, limit, gap=1e-6, relax=relax or (lambda kind: False))
    start = time.monotonic()
    h.run()
    seconds = time.monotonic() - start
    info = h.getInfo()
    status = h.modelStatusToString(h.getModelStatus())
    objective = info.objective_function_value if info.primal_solution_status == 2 and relax is None else None
    bound = info.mip_dual_bound
    if bound is not None and abs(bound) > 1e20:
        bound = None
    return {"status": status, "objective": objective, "bound": bound, "seconds": round(seconds, 2)}


def run_feasible(mps, limit):
    """HiGHS on the model with every cost set to 0: any plan at all, to show
    the week is feasible (its cost is not a reference)."""
    import highspy
    import numpy
    h = highs(mps, limit)
    n = h.getLp().num_col_
    h.changeColsCost(n, numpy.arange(n, dtype=numpy.int32), numpy.zeros(n))
    start = time.monotonic()
    h.run()
    seconds = time.monotonic() - start
    feasible = h.getInfo().primal_solution_status == 2
    return {"status": h.modelStatusToString(h.getModelStatus()), "objective": None, "bound": None,
            "feasible": feasible if feasible or h.getModelStatus() == highspy.HighsModelStatus.kInfeasible else None,
            "seconds": round(seconds, 2)}


def run_purchases(mps, limit):
    """HiGHS on the purchase relaxation: the model with its meal variables
    (`pick[...]`, `serve[...]`) continuous and the purchases whole. Its bound
    bounds the week; its points are not plans of the week."""
    return run_highs(mps, limit, relax=lambda kind: kind in ("pick", "serve"))


def run_cbc(mps, limit):
    start = time.monotonic()
    done = subprocess.run(["cbc", mps, "-threads", "1", "-sec", str(limit), "-ratio", "1e-6", "-solve", "-quit"],
                          capture_output=True, text=True)
    seconds = time.monotonic() - start
    text = done.stdout
    objective = bound = None
    status = "unknown"
    match = re.search(r"Result - (.*)", text)
    if match:
        status = match.group(1).strip()
    match = re.search(r"Objective value:\s+(\S+)", text)
    if match and "No feasible" not in status:
        objective = float(match.group(1))
    match = re.search(r"Lower bound:\s+(\S+)", text)
    if match:
        bound = float(match.group(1))
    if status.startswith("Optimal") and objective is not None:
        bound = objective if bound is None else bound
    return {"status": status, "objective": objective, "bound": bound, "seconds": round(seconds, 2)}


def run_planner(planner, week, limit):
    start = time.monotonic()
    done = subprocess.run([planner, "solve", os.path.join(FAMILY, f"{week}.plan"), "--plan", week, "--format", "json",
                           "--time-limit", str(limit)], capture_output=True, text=True)
    seconds = time.monotonic() - start
    if done.returncode not in (0, 1) or not done.stdout.strip():
        return {"status": f"failed ({done.returncode})", "objective": None, "bound": None, "seconds": round(seconds, 2)}
    result = json.loads(done.stdout)
    report = result.get("report") or {}
    objective = None
    if result.get("cost") is not None:
        objective = float(result["cost"]) - float(result.get("leftover_credit") or 0)
    return {"status": result.get("status"), "objective": objective, "bound": report.get("bound"),
            "seconds": round(seconds, 2)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("solver", choices=["highs", "cbc", "planner", "feasible", "purchases"])
    parser.add_argument("--limit", type=float, default=120)
    parser.add_argument("--weeks", help="comma-separated (default: every week of the manifest)")
    parser.add_argument("--planner", help="a planner binary (default: the release build, built first)")
    args = parser.parse_args()
    with open(os.path.join(FAMILY, "manifest.json")) as f:
        weeks = [w["week"] for w in json.load(f)["weeks"]]
    if args.weeks:
        weeks = [w for w in args.weeks.split(",") if w]
    planner = args.planner or planner_binary()
    for week in weeks:
        print(f"references: {args.solver} on {week}, limit {args.limit:g} s ...", file=sys.stderr, flush=True)
        if args.solver == "planner":
            result = run_planner(planner, week, args.limit)
        else:
            mps = export(planner, week)
            result = {"highs": run_highs, "cbc": run_cbc, "feasible": run_feasible,
                      "purchases": run_purchases}[args.solver](mps, args.limit)
        result.update({"solver": args.solver, "limit": args.limit,
                       "date": datetime.date.today().isoformat(),
                       "command": f"python3 Benchmarks/weeks/references.py {args.solver} --limit {args.limit:g} --weeks {week}"})
        print(f"  {result['status']}: objective {result['objective']}, bound {result['bound']}, {result['seconds']} s",
              file=sys.stderr, flush=True)
        # Another run (another solver) may write meanwhile: read, add and
        # write under a lock.
        with open(STORE + ".lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            data = load()
            data["weeks"].setdefault(week, {"runs": []})["runs"].append(result)
            save(data)


if __name__ == "__main__":
    main()
