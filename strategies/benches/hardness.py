#!/usr/bin/env python3
"""The hardness curve of large grids (issue 16): coverlab beside the SAT and CP peers.

A sweep of random 25×25, 36×36 and 49×49 puzzles across hole fractions, and the 18 Frisch 25×25
minimal puzzles, each solved by every solver in its own process, one at a time, one thread, with
a time cap. Prints markdown tables, writes them with the raw results and one SVG plot per size.

    strategies/benches/hardness.py [DATA] [--out DIR] [--sizes 25,36,49] [--grids 10] [--cap 10]
        [--fractions 0.3,0.35,...,0.8] [--holes uniform,balanced] [--solvers auto,sat,cadical,kissat,cadical-seq,kissat-seq,cpsat]
        [--no-sweep] [--no-frisch] [--replot DIR/results.jsonl]

Instances (seeds fixed: the same on every machine). Grid g of size n is `coverlab generate --full
--size n --seed SEED+g`; its holes, for a fraction f:
- uniform: round(f·n²) cells drawn uniformly (Python's random.Random, seeded per grid and f);
- balanced: the same number k = round(f·n) of holes in every row and every column, the
  quasigroup-with-holes construction of Kautz et al., "Balance and Filtering in Structured
  Satisfiable Problems" (IJCAI 2001), which Ansótegui et al. (AAAI-06) found harder for generalized
  sudoku than uniform holes: the k-regular pattern (p[r] + q[c]) mod n < k, randomised by 2×2
  switches that keep every row and column count.
Tables give holes/n^1.55 beside the fraction: the scale of the QWH literature's phase transition.

Solvers, each checked by this script's own validator (givens kept, every row, column and box a
permutation of n symbols); an invalid answer is reported and makes the exit status 1:
- `auto`, `sat`: `coverlab solve --max-solutions 1 --strategy S --jobs 1 --timeout CAP` (and
  `count --max-solutions 2` for a uniqueness proof), whole process;
- `cadical`, `kissat`: their own binaries on the CNF `sat` builds (`--example dimacs`, not
  timed); uniqueness: the first model blocked and solved again (the two times added). Build them
  with `strategies/benches/peers/build-sat-peers.sh` (to target/peers/);
- `cadical-seq`, `kissat-seq`: the same binaries on the CNF with Sinz's sequential counter for
  every at-most-one above 16 options (`dimacs --counter-above 16`, `sat`'s encoding before
  2026-11-26), which suits kissat 4.0.4 better on loose 49×49 grids: the best peer is the best
  of both encodings;
- `cpsat`: OR-tools CP-SAT, one worker, AllDifferent per house, in a process of its own (`pip
  install ortools`); skipped with a note when missing;
- `auto-j2` (only when named in --solvers): `auto` with `--jobs 2`, its two-thread portfolio, to
  compare with `auto` on one thread (the only entry that uses two).
Times are wall seconds of the whole process (one thread each, nothing else run beside it);
unsolved within the cap counts as the cap in medians.
"""

import argparse
import json
import math
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# `-seq`: the same binary on the CNF with Sinz's sequential counter for every at-most-one above
# 16 options (`sat`'s encoding before 2026-11-26, `dimacs --counter-above 16`): kissat 4.0.4 is
# faster with it on loose 49×49 grids, so the best peer is the best of both encodings.
SOLVERS = ["auto", "sat", "cadical", "kissat", "cadical-seq", "kissat-seq", "cpsat"]
# Also accepted by --solvers, not run by default: `auto` racing on two threads (`--jobs 2` for
# one puzzle: the portfolio), to compare with `auto` on one.
EXTRA_SOLVERS = ["auto-j2"]
PEERS = ["cadical", "kissat", "cadical-seq", "kissat-seq", "cpsat"]
COLOURS = {"auto-j2": "#8c564b", "auto": "#d62728", "sat": "#ff7f0e", "cadical": "#1f77b4", "kissat": "#2ca02c",
           "cadical-seq": "#17becf", "kissat-seq": "#bcbd22", "cpsat": "#9467bd"}


# ---- puzzles and the validator ------------------------------------------------------------


def houses(n):
    """Rows, columns and square boxes of an n×n grid, as lists of cell indexes."""
    b = math.isqrt(n)
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [[r * n + c for r in range(n)] for c in range(n)]
    boxes = [[(br + r) * n + bc + c for r in range(b) for c in range(b)] for br in range(0, n, b) for bc in range(0, n, b)]
    return rows + cols + boxes


def check(puzzle, solution):
    """None if `solution` solves `puzzle` (lines of n² symbols, '.' empty), else why not."""
    n = math.isqrt(len(puzzle))
    if len(solution) != len(puzzle):
        return f"{len(solution)} symbols for {len(puzzle)} cells"
    if any(p != "." and p != s for p, s in zip(puzzle, solution)):
        return "a given changed"
    if "." in solution or len(set(solution)) != n:
        return "not n symbols"
    for h in houses(n):
        if len({solution[c] for c in h}) != n:
            return "a house repeats a symbol"
    return None


def full_grid(args, n, seed):
    out = subprocess.run([args.coverlab, "generate", "--full", "--size", str(n), "--seed", str(seed)],
                         capture_output=True, text=True, check=True)
    return out.stdout.split()[0]


def uniform_holes(n, f, rng):
    return set(rng.sample(range(n * n), round(f * n * n)))


def balanced_holes(n, f, rng):
    """k = round(f·n) holes in every row and column: (p[r] + q[c]) mod n < k, then switches."""
    k = round(f * n)
    p, q = rng.sample(range(n), n), rng.sample(range(n), n)
    hole = [[(p[r] + q[c]) % n < k for c in range(n)] for r in range(n)]
    for _ in range(20 * n * n):
        r1, r2, c1, c2 = rng.randrange(n), rng.randrange(n), rng.randrange(n), rng.randrange(n)
        if hole[r1][c1] and hole[r2][c2] and not hole[r1][c2] and not hole[r2][c1]:
            hole[r1][c1] = hole[r2][c2] = False
            hole[r1][c2] = hole[r2][c1] = True
    return {r * n + c for r in range(n) for c in range(n) if hole[r][c]}


def instances(args, n, kind, f):
    """The puzzles of one point of the sweep: [(seed, puzzle line)]."""
    out = []
    for g in range(args.grids):
        seed = args.seed + g
        grid = full_grid(args, n, seed)
        rng = random.Random(f"{kind}/{n}/{f:.4f}/{seed}")
        holes = uniform_holes(n, f, rng) if kind == "uniform" else balanced_holes(n, f, rng)
        out.append((seed, "".join("." if c in holes else ch for c, ch in enumerate(grid))))
    return out


# ---- one run of one solver ----------------------------------------------------------------


def timed(cmd, cap, stdin=None):
    """(seconds, stdout) of a process, killed at cap + 5 s (then stdout None).

    The clock stops when a blocking wait reaps the process. `subprocess.run(..., timeout=...)`
    would poll for the exit instead, sleeping 0.5 ms, then 1, 2, … up to 50 ms between looks:
    times came out rounded up to that schedule (1.3, 2.4, 3.5 ms on the easy grids), which until
    2026-11-26 blurred every millisecond figure of this sweep."""
    killed = threading.Event()

    def kill():
        killed.set()
        proc.kill()

    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    timer = threading.Timer(cap + 5, kill)
    timer.start()
    try:
        out, _ = proc.communicate(stdin)
    finally:
        timer.cancel()
    secs = time.perf_counter() - start
    return secs, None if killed.is_set() else out


def run_coverlab(args, strategy, puzzle, unique, tmp):
    path = tmp / "p.txt"
    path.write_text(puzzle + "\n")
    jobs = "2" if strategy.endswith("-j2") else "1"
    strategy = strategy.removesuffix("-j2")
    cmd = [args.coverlab, "count" if unique else "solve", "--strategy", strategy, "--jobs", jobs,
           "--timeout", str(args.cap), "--format", "json", str(path)]
    # The same task as the peers': one solution (plain `solve` also looks for a second one, for
    # as long again as the first took, to say whether the puzzle is unique), or a uniqueness proof.
    cmd[2:2] = ["--max-solutions", "2" if unique else "1"]
    secs, out = timed(cmd, args.cap)
    if not out:
        return "unsolved", secs
    r = json.loads(out.splitlines()[0])
    if unique:
        if not r.get("exact"):
            return "unsolved", secs
        return ("unique" if r.get("count") == 1 else "not unique"), secs
    if r.get("status") != "solved" or not r.get("solutions"):
        return ("unsolved" if r.get("status") != "unsolvable" else "INVALID"), secs
    return ("solved" if check(puzzle, r["solutions"][0]) is None else "INVALID"), secs


def sat_binary(args, name, cnf, cap):
    """(answer, model or None, seconds) of a SAT binary on a CNF file."""
    name = name.removesuffix("-seq")
    binary = args.cadical if name == "cadical" else args.kissat
    cmd = [binary, "-q", "-t", str(math.ceil(cap)), str(cnf)] if name == "cadical" else [binary, f"--time={math.ceil(cap)}", str(cnf)]
    secs, out = timed(cmd, cap)
    if out is None:
        return "unknown", None, secs
    lines = out.splitlines()
    if "s SATISFIABLE" in lines:
        model = {int(x) for l in lines if l.startswith("v ") for x in l[2:].split() if int(x) > 0}
        return "sat", model, secs
    return ("unsat" if "s UNSATISFIABLE" in lines else "unknown"), None, secs


def decode(cnf_text, puzzle, model):
    """The grid a SAT model gives: the `c symbols` and `c rRcC VAR:VALUE` comments of the CNF."""
    n = math.isqrt(len(puzzle))
    symbols, grid = None, list(puzzle)
    for line in cnf_text.splitlines():
        if not line.startswith("c "):
            break
        words = line.split()
        if words[1] == "symbols":
            symbols = words[2]
            continue
        r, c = (int(x) for x in words[1][1:].split("c"))
        for pair in words[2:]:
            var, value = (int(x) for x in pair.split(":"))
            if var in model:
                grid[(r - 1) * n + c - 1] = symbols[value - 1]
    return "".join(grid)


def run_sat_peer(args, name, puzzle, unique, tmp, cnf_text):
    cnf = tmp / "p.cnf"
    cnf.write_text(cnf_text)
    answer, model, secs = sat_binary(args, name, cnf, args.cap)
    if answer == "unsat":
        return "INVALID", secs  # every instance here has a solution
    if answer != "sat":
        return "unsolved", secs
    grid = decode(cnf_text, puzzle, model)
    if check(puzzle, grid) is not None:
        return "INVALID", secs
    if not unique:
        return "solved", secs
    # Block the solution (its true option variables) and solve again.
    chosen = [v for v in model if v in option_vars(cnf_text)]
    header = next(l for l in cnf_text.splitlines() if l.startswith("p cnf"))
    _, _, nv, nc = header.split()
    blocked = cnf_text.replace(header, f"p cnf {nv} {int(nc) + 1}", 1) + " ".join(str(-v) for v in chosen) + " 0\n"
    cnf.write_text(blocked)
    answer, _, more = sat_binary(args, name, cnf, max(args.cap - secs, 0.5))
    secs += more
    if answer == "unsat" and secs <= args.cap:
        return "unique", secs
    return ("not unique" if answer == "sat" else "unsolved"), secs


_option_vars = {}


def option_vars(cnf_text):
    key = id(cnf_text)
    if key not in _option_vars:
        _option_vars.clear()
        vs = set()
        for line in cnf_text.splitlines():
            if not line.startswith("c "):
                break
            if line.startswith("c r"):
                vs.update(int(p.split(":")[0]) for p in line.split()[2:])
        _option_vars[key] = vs
    return _option_vars[key]


def run_cpsat(args, puzzle, unique, tmp):
    path = tmp / "p.txt"
    path.write_text(puzzle + "\n")
    cmd = [sys.executable, __file__, "--cpsat-one", str(path), "--cap", str(args.cap)] + (["--unique"] if unique else [])
    secs, out = timed(cmd, args.cap)
    if not out:
        return "unsolved", secs
    r = json.loads(out)
    if r["status"] == "solved":
        if check(puzzle, r["solution"]) is not None:
            return "INVALID", secs
        if unique:
            return ("unique" if r["count"] == 1 and r["complete"] else "not unique" if r["count"] >= 2 else "unsolved"), secs
        return "solved", secs
    return "unsolved", secs


def cpsat_one(path, cap, unique):
    """Runs in its own process: CP-SAT on one puzzle, one worker; prints JSON."""
    from ortools.sat.python import cp_model

    puzzle = Path(path).read_text().split()[0]
    n = math.isqrt(len(puzzle))
    labels = sorted({ch for ch in puzzle if ch != "."})
    spare = [chr(c) for c in range(0x100, 0x100 + n) if chr(c) not in labels][: n - len(labels)]
    alphabet = labels + spare
    m = cp_model.CpModel()
    x = [m.NewIntVar(0, n - 1, f"x{c}") for c in range(n * n)]
    for h in houses(n):
        m.AddAllDifferent([x[c] for c in h])
    for c, ch in enumerate(puzzle):
        if ch != ".":
            m.Add(x[c] == alphabet.index(ch))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = cap

    class Keep(cp_model.CpSolverSolutionCallback):
        def __init__(self):
            super().__init__()
            self.found = []

        def on_solution_callback(self):
            self.found.append("".join(alphabet[self.Value(v)] for v in x))
            if len(self.found) >= 2:
                self.StopSearch()

    keep = Keep()
    if unique:
        solver.parameters.enumerate_all_solutions = True
    status = solver.Solve(m, keep)
    complete = status in (cp_model.OPTIMAL, cp_model.INFEASIBLE) and len(keep.found) < 2
    print(json.dumps({"status": "solved" if keep.found else "unsolved", "solution": keep.found[0] if keep.found else None,
                      "count": len(keep.found), "complete": complete}))


def solve(args, solver, puzzle, unique, tmp, cnfs):
    if solver in ("auto", "sat", "auto-j2"):
        return run_coverlab(args, solver, puzzle, unique, tmp)
    if solver == "cpsat":
        return run_cpsat(args, puzzle, unique, tmp)
    return run_sat_peer(args, solver, puzzle, unique, tmp, cnfs[solver.endswith("-seq")])


def dimacs(args, puzzle, tmp, solvers):
    """The CNFs the SAT peers named in `solvers` need: (`sat`'s own, with counters above 16)."""
    path = tmp / "d.txt"
    path.write_text(puzzle + "\n")

    def cnf(*extra):
        return subprocess.run([args.dimacs, str(path), "1", *extra], capture_output=True, text=True, check=True).stdout
    peers = [s for s in solvers if s.removesuffix("-seq") in ("cadical", "kissat")]
    own = cnf() if any(not s.endswith("-seq") for s in peers) else ""
    counters = cnf("--counter-above", "16") if any(s.endswith("-seq") for s in peers) else ""
    return own, counters


# ---- tables and plots ---------------------------------------------------------------------


def summary(rows, cap, ok):
    """(solved, total, median, max), an unsolved run counted as infinitely long."""
    times = [r["seconds"] if r["status"] in ok else math.inf for r in rows]
    solved = sum(r["status"] in ok for r in rows)
    return solved, len(rows), statistics.median(times), max(times)


def fmt(secs, cap):
    return f">{cap:g} s" if secs == math.inf else f"{secs:.2f} s" if secs >= 0.1 else f"{secs * 1000:.0f} ms"


def speed(peer, ours):
    """How many times as fast as the peer ours is (peer time / our time)."""
    if ours == math.inf:
        return "peer only" if peer < math.inf else "neither"
    return "auto only" if peer == math.inf else f"{peer / ours:.2f}×"


def best_peer(stats):
    """The peer with most solved, then the lowest median."""
    peers = [(s, v) for s, v in stats.items() if s in PEERS]
    return min(peers, key=lambda p: (-p[1][0], p[1][2]), default=(None, None))


def tables(results, cap):
    out = []
    sweep = [r for r in results if r["set"] == "sweep"]
    solvers = [s for s in SOLVERS + EXTRA_SOLVERS if any(r["solver"] == s for r in results)]
    for n in sorted({r["size"] for r in sweep}):
        for kind in ("uniform", "balanced"):
            rows = [r for r in sweep if r["size"] == n and r["holes_kind"] == kind]
            if not rows:
                continue
            grids = max(r["grid"] for r in rows) - min(r["grid"] for r in rows) + 1
            out.append(f"\n### {n}×{n}, {kind} holes ({grids} grids per point, {cap:g} s cap, one thread)\n")
            out.append("| holes | holes/n^1.55 | " + " | ".join(f"{s}: solved, median, max" for s in solvers) + " | best peer | auto vs it |")
            out.append("| ---: | ---: |" + " --- |" * len(solvers) + " --- | ---: |")
            for f in sorted({r["fraction"] for r in rows}):
                point = [r for r in rows if r["fraction"] == f]
                holes = statistics.mean(r["holes"] for r in point)
                stats = {s: summary([r for r in point if r["solver"] == s], cap, ("solved",)) for s in solvers
                         if any(r["solver"] == s for r in point)}
                cells = [f"{v[0]}/{v[1]}, {fmt(v[2], cap)}, {fmt(v[3], cap)}" if (v := stats.get(s)) else "" for s in solvers]
                peer, pv = best_peer(stats)
                ratio = speed(pv[2], stats["auto"][2]) if peer and "auto" in stats else ""
                out.append(f"| {f:.0%} | {holes / n ** 1.55:.2f} | " + " | ".join(cells) + f" | {peer or ''} | {ratio} |")
    frisch = [r for r in results if r["set"] == "frisch"]
    if frisch:
        out.append(f"\n### Frisch 25×25 (18 minimal puzzles, {cap:g} s cap, one thread): first solution / uniqueness proof\n")
        out.append("| puzzle | " + " | ".join(solvers) + " |")
        out.append("| ---: |" + " ---: |" * len(solvers))
        for i in sorted({r["grid"] for r in frisch}):
            cells = []
            for s in solvers:
                first = [r for r in frisch if r["grid"] == i and r["solver"] == s and not r["unique"]]
                proof = [r for r in frisch if r["grid"] == i and r["solver"] == s and r["unique"]]
                show = lambda rs, ok: (fmt(rs[0]["seconds"], cap) if rs[0]["status"] in ok else rs[0]["status"]) if rs else ""
                cells.append(f"{show(first, ('solved',))} / {show(proof, ('unique',))}")
            out.append(f"| {i} | " + " | ".join(cells) + " |")
        notes = []
        for unique, ok, what in ((False, ("solved",), "first solution"), (True, ("unique",), "uniqueness")):
            stats = {s: summary([r for r in frisch if r["solver"] == s and r["unique"] == unique], cap, ok) for s in solvers
                     if any(r["solver"] == s and r["unique"] == unique for r in frisch)}
            cells = [f"{v[0]}/{v[1]}, median {fmt(v[2], cap)}, max {fmt(v[3], cap)}" if (v := stats.get(s)) else "" for s in solvers]
            out.append(f"| {what} | " + " | ".join(cells) + " |")
            peer, pv = best_peer(stats)
            if peer and "auto" in stats:
                a = stats["auto"]
                notes.append(f"{what}: best peer {peer} ({pv[0]}/{pv[1]} within the cap), auto {a[0]}/{a[1]}; auto's speed "
                             f"against the peer's (peer time / auto time): median {speed(pv[2], a[2])}, max {speed(pv[3], a[3])}")
        out.append("")
        out.extend(notes)
    return "\n".join(out) + "\n"


def svg(results, n, cap, grids):
    """Median seconds against the hole fraction, log scale; uniform solid, balanced dashed."""
    rows = [r for r in results if r["set"] == "sweep" and r["size"] == n]
    w, h, left, right, top, bottom = 780, 440, 70, 170, 40, 50
    lo, hi = 1e-3, cap * 1.2
    fs = sorted({r["fraction"] for r in rows})
    fmin, fmax = min(fs), max(fs) if max(fs) > min(fs) else min(fs) + 0.1
    X = lambda f: left + (f - fmin) / (fmax - fmin) * (w - left - right)
    Y = lambda s: top + (math.log10(hi) - math.log10(min(max(s, lo), hi))) / (math.log10(hi) - math.log10(lo)) * (h - top - bottom)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif" font-size="12">',
             f'<rect width="{w}" height="{h}" fill="white"/>',
             f'<text x="{left}" y="22" font-size="15">{n}×{n}: median time per puzzle ({grids} grids per point, {cap:g} s cap)</text>']
    for e in range(-3, math.floor(math.log10(hi)) + 1):
        y = Y(10 ** e)
        parts.append(f'<line x1="{left}" x2="{w - right}" y1="{y:.1f}" y2="{y:.1f}" stroke="#ddd"/>')
        parts.append(f'<text x="{left - 8}" y="{y + 4:.1f}" text-anchor="end">{10 ** e:g} s</text>')
    y = Y(cap)
    parts.append(f'<line x1="{left}" x2="{w - right}" y1="{y:.1f}" y2="{y:.1f}" stroke="#999" stroke-dasharray="2,3"/>')
    parts.append(f'<text x="{w - right - 4}" y="{y - 4:.1f}" text-anchor="end" fill="#777">cap</text>')
    for f in fs:
        parts.append(f'<text x="{X(f):.1f}" y="{h - bottom + 18}" text-anchor="middle">{f:.0%}</text>')
    parts.append(f'<text x="{(left + w - right) / 2}" y="{h - 12}" text-anchor="middle">holes (fraction of cells)</text>')
    parts.append(f'<line x1="{left}" x2="{left}" y1="{top}" y2="{h - bottom}" stroke="black"/>')
    parts.append(f'<line x1="{left}" x2="{w - right}" y1="{h - bottom}" y2="{h - bottom}" stroke="black"/>')
    legend = 0
    for s in SOLVERS:
        for kind, dash in (("uniform", ""), ("balanced", ' stroke-dasharray="6,4"')):
            pts = []
            for f in fs:
                point = [r for r in rows if r["solver"] == s and r["holes_kind"] == kind and r["fraction"] == f]
                if point:
                    pts.append((X(f), Y(summary(point, cap, ("solved",))[2])))
            if not pts:
                continue
            path = " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)
            parts.append(f'<polyline points="{path}" fill="none" stroke="{COLOURS[s]}" stroke-width="2"{dash}/>')
            ly = top + 16 * legend
            parts.append(f'<line x1="{w - right + 10}" x2="{w - right + 40}" y1="{ly}" y2="{ly}" stroke="{COLOURS[s]}" stroke-width="2"{dash}/>')
            parts.append(f'<text x="{w - right + 46}" y="{ly + 4}">{s} {kind}</text>')
            legend += 1
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def report(results, args):
    text = tables(results, args.cap)
    print(text)
    out = Path(args.out)
    (out / "tables.md").write_text(text)
    for n in sorted({r["size"] for r in results if r["set"] == "sweep"}):
        rows = [r for r in results if r["set"] == "sweep" and r["size"] == n]
        grids = len({r["grid"] for r in rows})
        (out / f"hardness-{n}.svg").write_text(svg(results, n, args.cap, grids))
    bad = [r for r in results if r["status"] == "INVALID"]
    for r in bad:
        print(f"INVALID: {r}", file=sys.stderr)
    return 1 if bad else 0


# ---- main -----------------------------------------------------------------------------------


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("data", nargs="?", help="public corpora (default ../shared/data, else tests/data)")
    ap.add_argument("--out", default="target/hardness")
    ap.add_argument("--sizes", default="25,36,49")
    ap.add_argument("--fractions", default=",".join(f"{0.30 + 0.05 * i:.2f}" for i in range(11)))
    ap.add_argument("--grids", type=int, default=10)
    ap.add_argument("--cap", type=float, default=10.0)
    ap.add_argument("--holes", default="uniform,balanced")
    ap.add_argument("--solvers", default=",".join(SOLVERS))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--coverlab", default=str(ROOT / "target/release/coverlab"))
    ap.add_argument("--dimacs", default=str(ROOT / "target/release/examples/dimacs"))
    ap.add_argument("--cadical", default=str(ROOT / "target/peers/cadical/cadical"))
    ap.add_argument("--kissat", default=str(ROOT / "target/peers/kissat/kissat"))
    ap.add_argument("--no-sweep", action="store_true")
    ap.add_argument("--no-frisch", action="store_true")
    ap.add_argument("--frisch-puzzles", type=int, default=18, metavar="K", help="the first K Frisch puzzles only")
    ap.add_argument("--replot", metavar="RESULTS.jsonl")
    ap.add_argument("--cpsat-one", help=argparse.SUPPRESS)
    ap.add_argument("--unique", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.cpsat_one:
        return cpsat_one(args.cpsat_one, args.cap, args.unique)
    Path(args.out).mkdir(parents=True, exist_ok=True)
    if args.replot:
        return report([json.loads(l) for l in Path(args.replot).read_text().splitlines()], args)

    data = Path(args.data) if args.data else next(p for p in (ROOT.parent / "shared/data", ROOT / "tests/data") if p.exists())
    if not (Path(args.coverlab).exists() and Path(args.dimacs).exists()):
        subprocess.run(["cargo", "build", "--release", "--bin", "coverlab", "--example", "dimacs", "-p", "coverlab",
                        "-p", "coverlab-strategies"], cwd=ROOT, check=True)
    solvers = args.solvers.split(",")
    for s, path in (("cadical", args.cadical), ("kissat", args.kissat), ("cadical-seq", args.cadical), ("kissat-seq", args.kissat)):
        if s in solvers and not Path(path).exists():
            print(f"{s}: not run (strategies/benches/peers/build-sat-peers.sh builds it)", file=sys.stderr)
            solvers.remove(s)
    if "cpsat" in solvers:
        try:
            import ortools  # noqa: F401
        except ImportError:
            print("cpsat: not run (pip install ortools)", file=sys.stderr)
            solvers.remove("cpsat")

    results = []
    log = open(Path(args.out) / "results.jsonl", "w")

    def record(**r):
        results.append(r)
        log.write(json.dumps(r) + "\n")
        log.flush()

    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        if not args.no_sweep:
            for n in map(int, args.sizes.split(",")):
                for kind in args.holes.split(","):
                    for f in map(float, args.fractions.split(",")):
                        for seed, puzzle in instances(args, n, kind, f):
                            cnf = dimacs(args, puzzle, tmp, solvers)
                            for s in solvers:
                                status, secs = solve(args, s, puzzle, False, tmp, cnf)
                                record(set="sweep", size=n, holes_kind=kind, fraction=f, holes=puzzle.count("."),
                                       grid=seed, solver=s, unique=False, status=status, seconds=round(secs, 4))
                        point = [r for r in results if r["set"] == "sweep" and r["size"] == n and r["holes_kind"] == kind and r["fraction"] == f]
                        print(f"{n}×{n} {kind} {f:.0%}: " + ", ".join(
                            f"{s} {summary([r for r in point if r['solver'] == s], args.cap, ('solved',))[0]}/{args.grids}" for s in solvers),
                            file=sys.stderr)
        if not args.no_frisch:
            lines = (data / "25x25/gecode_frisch_18.txt").read_text().split()[: args.frisch_puzzles]
            for i, puzzle in enumerate(lines, 1):
                cnf = dimacs(args, puzzle, tmp, solvers)
                for s in solvers:
                    for unique in (False, True):
                        status, secs = solve(args, s, puzzle, unique, tmp, cnf)
                        record(set="frisch", size=25, grid=i, solver=s, unique=unique, status=status, seconds=round(secs, 4))
                print(f"Frisch {i}: " + ", ".join(f"{r['solver']}{'²' if r['unique'] else ''} {r['status']} {r['seconds']:.2f}s"
                                                  for r in results if r["set"] == "frisch" and r["grid"] == i), file=sys.stderr)
    log.close()
    return report(results, args)


if __name__ == "__main__":
    sys.exit(main())
