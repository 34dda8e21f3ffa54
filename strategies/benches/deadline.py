#!/usr/bin/env python3
"""How far past `--timeout` each strategy runs: a table of strategy x grid size.

For each registered strategy and each size, times the whole process
`coverlab count --strategy S --timeout T --jobs J` on an empty grid (a count that cannot finish,
so the deadline always ends it) and reports the overshoot: wall time minus T. Whole process,
because that is what a user waits for: start-up, building the model and the strategy's own
set-up (the SAT encoding of a 64x64 grid has millions of clauses) all count.

usage: strategies/benches/deadline.py [--timeout T] [--runs R] [--jobs J] [--sizes 9,16,...]
                                      [--strategies a,b] [--binary PATH]
Builds the release binary first unless --binary is given. Prints a markdown table (ms over the
timeout, worst of R runs) and the worst overshoot of all.
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
    ap.add_argument("--binary", default="")
    args = ap.parse_args()

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
          f"whole process, --jobs {args.jobs}, count on an empty grid\n")
    print("| strategy | " + " | ".join(f"{n}x{n}" for n in sizes) + " |")
    print("| --- |" + " ---: |" * len(sizes))
    worst = (0.0, None, None)
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
        print(f"| {s} | " + " | ".join(cells) + " |", flush=True)
    print(f"\nworst: {worst[0]:.0f} ms over ({worst[1]}, {worst[2]}x{worst[2]})")


if __name__ == "__main__":
    main()
