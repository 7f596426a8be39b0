"""Solve a free MPS file written by planner's LinearModel.mpsFileText() with
HiGHS through scipy.optimize.linprog, and print the time and the optimum.

Reads only what the writer emits for LPs: ROWS (N, L, G, E), COLUMNS, RHS,
RANGES and BOUNDS (LO, UP, FX, FR, MI, PL). A benchmark aid, not part of planner.
"""
import sys
import time

import numpy as np
from scipy.optimize import linprog
from scipy.sparse import coo_matrix


def read_mps(path):
    rows, kinds, objective_row = {}, [], None
    columns, cost = {}, []
    entries = []
    rhs, ranges, bounds = {}, {}, {}
    maximize = False
    section = None
    with open(path) as handle:
        for line in handle:
            if not line.strip() or line.startswith("*"):
                continue
            if not line[0].isspace():
                section = line.split()[0]
                continue
            fields = line.split()
            if section == "OBJSENSE":
                maximize = fields[0].upper().startswith("MAX")
            elif section == "ROWS":
                kind, name = fields
                if kind == "N" and objective_row is None:
                    objective_row = name
                elif kind != "N":
                    rows[name] = len(kinds)
                    kinds.append(kind)
            elif section == "COLUMNS":
                if "'MARKER'" in fields:
                    continue
                name = fields[0]
                if name not in columns:
                    columns[name] = len(cost)
                    cost.append(0.0)
                j = columns[name]
                for row, value in zip(fields[1::2], fields[2::2]):
                    if row == objective_row:
                        cost[j] = float(value)
                    elif row in rows:
                        entries.append((rows[row], j, float(value)))
            elif section == "RHS":
                for row, value in zip(fields[1::2], fields[2::2]):
                    rhs[row] = float(value)
            elif section == "RANGES":
                for row, value in zip(fields[1::2], fields[2::2]):
                    ranges[row] = float(value)
            elif section == "BOUNDS":
                kind, name = fields[0], fields[2]
                value = float(fields[3]) if len(fields) > 3 else None
                low, high = bounds.get(name, (0.0, None))
                if kind == "LO":
                    low = value
                elif kind == "UP":
                    high = value
                elif kind == "FX":
                    low = high = value
                elif kind == "FR":
                    low, high = None, None
                elif kind == "MI":
                    low = None
                elif kind == "PL":
                    high = None
                bounds[name] = (low, high)
    return rows, kinds, columns, cost, entries, rhs, ranges, bounds, maximize


def main(path):
    rows, kinds, columns, cost, entries, rhs, ranges, bounds, maximize = read_mps(path)
    m, n = len(kinds), len(cost)
    matrix = coo_matrix(
        ([e[2] for e in entries], ([e[0] for e in entries], [e[1] for e in entries])), shape=(m, n)
    ).tocsr()
    names = {index: name for name, index in rows.items()}
    upper_rows, upper_rhs, lower_rows, lower_rhs, equal_rows, equal_rhs = [], [], [], [], [], []
    for i, kind in enumerate(kinds):
        name = names[i]
        value = rhs.get(name, 0.0)
        if kind == "E":
            equal_rows.append(i)
            equal_rhs.append(value)
        elif kind == "L":
            upper_rows.append(i)
            upper_rhs.append(value)
            if name in ranges:
                lower_rows.append(i)
                lower_rhs.append(value - abs(ranges[name]))
        elif kind == "G":
            lower_rows.append(i)
            lower_rhs.append(value)
            if name in ranges:
                upper_rows.append(i)
                upper_rhs.append(value + abs(ranges[name]))
    a_ub = matrix[upper_rows + lower_rows]
    a_ub = a_ub.multiply(np.array([1.0] * len(upper_rows) + [-1.0] * len(lower_rows))[:, None]).tocsr()
    b_ub = np.array(upper_rhs + [-v for v in lower_rhs])
    a_eq = matrix[equal_rows] if equal_rows else None
    b_eq = np.array(equal_rhs) if equal_rows else None
    names_by_column = {index: name for name, index in columns.items()}
    column_bounds = [bounds.get(names_by_column[j], (0.0, None)) for j in range(n)]
    c = -np.array(cost) if maximize else np.array(cost)
    start = time.perf_counter()
    result = linprog(c, A_ub=a_ub, b_ub=b_ub, A_eq=a_eq, b_eq=b_eq, bounds=column_bounds, method="highs")
    elapsed = time.perf_counter() - start
    optimum = -result.fun if maximize and result.status == 0 else result.fun
    print(f"HiGHS (scipy {__import__('scipy').__version__} linprog, method=highs): "
          f"{elapsed:.3f} s, status {result.status} ({result.message.strip()}), objective {optimum:.8f}")


if __name__ == "__main__":
    main(sys.argv[1])
