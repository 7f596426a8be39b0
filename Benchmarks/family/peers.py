#!/usr/bin/env python3
"""Solves issue 13's diet model with a Python peer and prints its optimum and time.

    peers.py highs family-8000.tsv     scipy.optimize.linprog(method="highs")
    peers.py cbc family-8000.tsv       PuLP with its bundled CBC

The model is the one glpk_diet.c builds (see there) from the table generate.py
--tsv writes. The time printed is what a user of the library waits for:
building the model from the table and solving it, after Python and the
library are loaded. A benchmark aid, not part of planner.
"""
import sys
import time

DAYS = 7
# (column in the table after the price, lower bound, upper bound)
GOALS = [(0, 1800, 2400), (1, 60, None), (4, 25, None), (6, None, 2300), (5, None, 22),
         (7, 1000, None), (8, 8, None), (9, 90, None), (10, 3500, None)]


def read(path):
    foods = []
    with open(path) as f:
        for line in f:
            fields = line.split()
            foods.append((fields[0], float(fields[1]), [float(v) for v in fields[2:]]))
    return foods


def highs(foods):
    import numpy as np
    from scipy.optimize import linprog
    from scipy.sparse import coo_matrix
    n = len(foods)
    rows, cols, vals, lo, hi = [], [], [], [], []
    r = 0
    for column, lower, upper in GOALS:
        for d in range(DAYS):
            for f, (_, _, values) in enumerate(foods):
                if values[column]:
                    rows.append(r), cols.append(d * n + f), vals.append(values[column] / 100)
            lo.append(-np.inf if lower is None else lower), hi.append(np.inf if upper is None else upper)
            r += 1
    for f in range(n):
        for d in range(DAYS):
            rows.append(r), cols.append(d * n + f), vals.append(1.0)
        lo.append(-np.inf), hi.append(700.0)
        r += 1
    a = coo_matrix((vals, (rows, cols)), shape=(r, n * DAYS)).tocsr()
    lo, hi = np.array(lo), np.array(hi)
    import scipy.sparse as sparse
    upper, lower = np.isfinite(hi), np.isfinite(lo)
    a_ub = sparse.vstack([a[upper], -a[lower]]).tocsr()
    b_ub = np.concatenate([hi[upper], -lo[lower]])
    cost = np.array([p / 100 for d in range(DAYS) for (_, p, _) in foods])
    result = linprog(cost, A_ub=a_ub, b_ub=b_ub, bounds=(0, 500), method="highs")
    if result.status != 0:
        sys.exit(f"peers.py: HiGHS status {result.status}: {result.message}")
    return result.fun


def cbc(foods):
    import pulp
    problem = pulp.LpProblem("diet", pulp.LpMinimize)
    x = [[pulp.LpVariable(f"x_{ndb}_{d + 1}", 0, 500) for (ndb, _, _) in foods] for d in range(DAYS)]
    problem += pulp.lpSum(p / 100 * x[d][f] for d in range(DAYS) for f, (_, p, _) in enumerate(foods))
    for column, lower, upper in GOALS:
        for d in range(DAYS):
            amount = pulp.lpSum(
                values[column] / 100 * x[d][f] for f, (_, _, values) in enumerate(foods) if values[column])
            if lower is not None:
                problem += amount >= lower
            if upper is not None:
                problem += amount <= upper
    for f in range(len(foods)):
        problem += pulp.lpSum(x[d][f] for d in range(DAYS)) <= 700
    status = problem.solve(pulp.PULP_CBC_CMD(msg=False))
    if pulp.LpStatus[status] != "Optimal":
        sys.exit(f"peers.py: CBC status {pulp.LpStatus[status]}")
    return pulp.value(problem.objective)


def main():
    solver, path = sys.argv[1], sys.argv[2]
    solve = {"highs": highs, "cbc": cbc}[solver]
    if solver == "highs":
        import scipy.optimize  # noqa: F401  (loaded before the clock starts)
    else:
        import pulp  # noqa: F401
    start = time.perf_counter()
    objective = solve(read(path))
    print(f"objective {objective:.9f}\ntotal {time.perf_counter() - start:.4f} s")


if __name__ == "__main__":
    main()
