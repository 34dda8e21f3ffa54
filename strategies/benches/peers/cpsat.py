#!/usr/bin/env python3
"""The CP-SAT peer (Google OR-tools) on classic n×n puzzles, for side-by-side runs with
`coverlab bench`: a general CP solver, the reference for 16×16 and 25×25.

usage: strategies/benches/peers/cpsat.py FILE [--workers N] [--timeout SECS]

FILE holds one puzzle per line (n² symbols, '.' or '0' empty; n = 9, 16, 25, 36, 49, 64 with
square boxes). The model is the usual one: an integer variable per cell, AllDifferent per row,
column and box, the givens fixed. A sudoku's rules do not depend on which symbol is which, so
each distinct symbol of a line becomes a value of its own, in order of appearance; no alphabet
is needed. Every solution CP-SAT returns is checked here (givens kept, every house a
permutation) before it counts as solved.

Prints one markdown table row shaped like `coverlab bench`'s: puzzles, solved, timeouts, and
the time to the first solution (CP-SAT's own wall time for `Solve`, model building excluded)
as median, p99 and max in µs. With one worker that wall time is one core's time.

Needs the `ortools` package from PyPI (`pip install ortools`); peers-side-by-side.sh installs it when it is
missing.
"""

import argparse
import math
import statistics
import sys

import ortools
from ortools.sat.python import cp_model


def houses(n):
    """Rows, columns and boxes of a classic n×n grid (square boxes), as lists of cell indexes."""
    b = math.isqrt(n)
    if b * b != n:
        raise ValueError(f"size {n} has no square boxes")
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [[r * n + c for r in range(n)] for c in range(n)]
    boxes = [
        [(br + r) * n + bc + c for r in range(b) for c in range(b)] for br in range(0, n, b) for bc in range(0, n, b)
    ]
    return rows + cols + boxes


def parse(line):
    """The givens of a line puzzle: size n and one value (0..n-1) or None per cell."""
    n = math.isqrt(len(line))
    if n * n != len(line) or n < 4:
        raise ValueError(f"{len(line)} symbols is not a square grid")
    labels = {}
    givens = []
    for ch in line:
        if ch in ".0" and (ch == "." or n < 10):
            givens.append(None)
            continue
        if ch not in labels:
            labels[ch] = len(labels)
        givens.append(labels[ch])
    if len(labels) > n:
        raise ValueError(f"{len(labels)} distinct symbols in a {n}×{n} grid")
    return n, givens


def valid(n, givens, grid, units):
    """Independent check of a solution: the givens kept and every house holding each value once."""
    if any(g is not None and g != v for g, v in zip(givens, grid)):
        return False
    return all(sorted(grid[c] for c in unit) == list(range(n)) for unit in units)


def solve(line, workers, timeout):
    """(solved, seconds): CP-SAT's first solution of one puzzle, within the timeout."""
    n, givens = parse(line)
    units = houses(n)
    model = cp_model.CpModel()
    cells = [model.NewIntVar(0, n - 1, f"c{i}") for i in range(n * n)]
    for var, given in zip(cells, givens):
        if given is not None:
            model.Add(var == given)
    for unit in units:
        model.AddAllDifferent([cells[c] for c in unit])
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    solver.parameters.max_time_in_seconds = timeout
    status = solver.Solve(model)
    solved = False
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        grid = [solver.Value(var) for var in cells]
        if not valid(n, givens, grid, units):
            raise SystemExit(f"CP-SAT returned an invalid solution for {line}")
        solved = True
    return solved, solver.WallTime()


def main():
    args = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    args.add_argument("file")
    args.add_argument("--workers", type=int, default=1)
    args.add_argument("--timeout", type=float, default=10.0)
    opts = args.parse_args()
    lines = [line.strip() for line in open(opts.file, encoding="utf-8")]
    lines = [line for line in lines if line and not line.startswith("#")]
    times, solved = [], 0
    for line in lines:
        ok, seconds = solve(line, opts.workers, opts.timeout)
        solved += ok
        times.append(seconds if ok else max(seconds, opts.timeout))
    if not times:
        sys.exit(f"{opts.file}: no puzzles")
    times.sort()
    p99 = times[min(len(times) - 1, math.ceil(0.99 * len(times)) - 1)]
    us = lambda s: f"{s * 1e6:.1f}"  # noqa: E731
    label = f"CP-SAT (OR-tools {ortools.__version__}, {opts.workers} worker{'s' if opts.workers > 1 else ''})"
    print("| strategy | puzzles | solved | timeouts | median µs | p99 µs | max µs |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    print(
        f"| {label} | {len(times)} | {solved} | {len(times) - solved} | "
        f"{us(statistics.median(times))} | {us(p99)} | {us(times[-1])} |"
    )


if __name__ == "__main__":
    main()
