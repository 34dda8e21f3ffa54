#!/usr/bin/env python3
"""How far past `--timeout` each strategy runs: a table of strategy x grid size.

For each registered strategy and each size, times the whole process
`coverlab count --strategy S --timeout T --jobs J` on an empty grid (a count that cannot finish,
so the deadline always ends it) and reports the overshoot: wall time minus T. Whole process,
because that is what a user waits for: start-up, building the model and the strategy's own
set-up (the SAT encoding of a 64x64 grid has millions of clauses) all count.

With --commands, also (or only) the other commands that take --timeout, one row each:
- compare: `compare --strategy mrv --strategy dfs --max-events 1000000` on the same empty grid
  (its two searches run side by side under one deadline; at small sizes dfs fills its million
  events before the deadline, and the row says so);
- generate: `generate --size n --clues K -n 1` with K = max(17, n*n/5), a target that keeps the
  generator digging well past the deadline.

usage: strategies/benches/deadline.py [--timeout T] [--runs R] [--jobs J] [--sizes 9,16,...]
                                      [--strategies a,b] [--commands count,compare,generate]
                                      [--binary PATH]
Builds the release binary first unless --binary is given. Prints a markdown table (ms over the
timeout, worst of R runs; a run that ended before the deadline shows its time and why) and the
worst overshoot of all.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--timeout", type=float, default=1.0)
    ap.add_argument("--runs", type=int, default=2)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--sizes", default="9,16,25,36,49,64")
    ap.add_argument("--strategies", default="")
    ap.add_argument("--commands", default="count")
    ap.add_argument("--binary", default="")
    args = ap.parse_args()
    commands = args.commands.split(",")

    binary = args.binary
    if not binary:
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
        binary = os.path.join(ROOT, "target", "release", "coverlab")
    listed = json.loads(subprocess.run([binary, "strategies", "--format", "json"], capture_output=True,
                                       check=True, text=True).stdout)
    strategies = args.strategies.split(",") if args.strategies else [s["name"] for s in listed]
    sizes = [int(s) for s in args.sizes.split(",")]

    tmp = tempfile.mkdtemp(prefix="coverlab-deadline-")
    files = {}
    for n in sizes:
        path = os.path.join(tmp, f"empty-{n}.txt")
        with open(path, "w") as f:
            f.write("." * (n * n) + "\n")
        files[n] = path

    print(f"overshoot past --timeout {args.timeout:g} s, ms (worst of {args.runs} runs), "
          f"whole process, --jobs {args.jobs}, on an empty grid\n")
    print("| command | " + " | ".join(f"{n}x{n}" for n in sizes) + " |")
    print("| --- |" + " ---: |" * len(sizes))
    worst = (0.0, None, None)
    for row, make in other_commands(commands, binary, files, args):
        cells = []
        for n in sizes:
            runs = []
            for _ in range(args.runs):
                cmd = make(n)
                start = time.monotonic()
                proc = subprocess.run(cmd, capture_output=True, text=True)
                wall = time.monotonic() - start
                stopped = "timeout" in proc.stdout + proc.stderr
                runs.append((wall, stopped, proc))
            wall, stopped, proc = max(runs, key=lambda r: r[0])
            if stopped:
                over = (wall - args.timeout) * 1000
                if over > worst[0]:
                    worst = (over, row, n)
                cells.append(f"{over:.0f}")
            else:
                cells.append(f"ended at {wall * 1000:.0f} ms (exit {proc.returncode}, not by the deadline)")
        print(f"| {row} | " + " | ".join(cells) + " |", flush=True)
    if "count" not in commands:
        strategies = []
    for s in strategies:
        cells = []
        for n in sizes:
            over = []
            for _ in range(args.runs):
                cmd = [binary, "count", "--strategy", s, "--timeout", str(args.timeout), "--jobs",
                       str(args.jobs), files[n]]
                start = time.monotonic()
                proc = subprocess.run(cmd, capture_output=True, text=True)
                wall = time.monotonic() - start
                if proc.returncode not in (0, 1):
                    print(f"{' '.join(cmd)}: exit {proc.returncode}: {proc.stderr.strip()}", file=sys.stderr)
                over.append((wall - args.timeout) * 1000)
            cell = max(over)
            if cell > worst[0]:
                worst = (cell, s, n)
            cells.append(f"{cell:.0f}")
        print(f"| count {s} | " + " | ".join(cells) + " |", flush=True)
    print(f"\nworst: {worst[0]:.0f} ms over ({worst[1]}, {worst[2]}x{worst[2]})")


def other_commands(commands, binary, files, args):
    """The rows for commands other than count: (label, function from n to the command)."""
    rows = []
    t = str(args.timeout)
    if "compare" in commands:
        rows.append(("compare mrv, dfs", lambda n: [
            binary, "compare", files[n], "--strategy", "mrv", "--strategy", "dfs", "--max-solutions",
            "1000000000", "--max-events", "1000000", "--timeout", t]))
    if "generate" in commands:
        rows.append(("generate", lambda n: [
            binary, "generate", "--size", str(n), "--clues", str(max(17, n * n // 5)), "-n", "1",
            "--jobs", str(args.jobs), "--timeout", t]))
    return rows


if __name__ == "__main__":
    main()
