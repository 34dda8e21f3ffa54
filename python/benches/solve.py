#!/usr/bin/env python3
"""Batch solving from Python against the CLI, one thread, in one run (docs/python.md, Speed).

The CLI is timed as a user times it, the whole process: `coverlab solve --jobs 1 --format json
FILE > /dev/null`. Python is timed from a NumPy array of the same puzzles (read before the
clock starts) to the results in hand:

  records  `coverlab.solve(array, jobs=1)`: a dict per puzzle, as the JSON records read back;
  arrays   `coverlab.solve_array(array, jobs=1)`: the solutions as an (N, 81) array;
  json     the records through JSON, as the package made them before (the command's JSON lines
           read back with one `json.loads`), for comparison.

Each is run `--rounds` times, interleaved, and the best time of each is kept, wall time and
CPU time (user + system: of the CLI's process, of this process for Python, its threads
included), the second being the steadier on a shared machine; throughput ratio = CLI time /
Python time (1.0: as fast as the CLI).

usage: python/benches/solve.py [--bin target/fast-build/coverlab] [--file ../shared/data/9x9/17_clue.txt]
       [--rounds 5]
The package must be built from the same sources in the same profile as the binary (for
example `maturin develop --profile fast-build -m python/Cargo.toml` beside `cargo build
--profile fast-build`).
"""

import argparse
import json
import os
import resource
import subprocess
import sys
import time

import numpy as np

import coverlab
from coverlab import _coverlab

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def read_array(path):
    """The file's 9x9 puzzle lines as an (N, 81) uint8 array, 0 for an empty cell."""
    with open(path, "rb") as f:
        lines = [line.strip() for line in f if line.strip() and not line.startswith(b"#")]
    raw = np.frombuffer(b"".join(lines), dtype=np.uint8).reshape(len(lines), 81)
    return np.where((raw >= ord("1")) & (raw <= ord("9")), raw - ord("0"), 0).astype(np.uint8)


def cli(binary, path):
    proc = subprocess.run([binary, "solve", "--jobs", "1", "--format", "json", path], stdout=subprocess.DEVNULL)
    if proc.returncode != 0:
        sys.exit(f"{binary}: exit {proc.returncode}")


def cpu_now():
    """CPU seconds so far of this process (all its threads) and of its waited-for children."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def through_json(array):
    """The records as the package made them before: JSON lines, read back with json.loads."""
    text = coverlab._array_text(array, None)
    _exit, out, _notes, _warnings = _coverlab.run(["solve", "--jobs", "1", "--format", "json", "--progress", "never"], text)
    lines = out.strip(b"\n")
    return json.loads(b"[" + lines.replace(b"\n", b",") + b"]")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--bin", default=os.path.join(ROOT, "target/fast-build/coverlab"))
    p.add_argument("--file", default=os.path.join(ROOT, "../shared/data/9x9/17_clue.txt"))
    p.add_argument("--rounds", type=int, default=5)
    args = p.parse_args()
    array = read_array(args.file)
    n = len(array)
    runs = {
        "cli": lambda: cli(args.bin, args.file),
        "records": lambda: coverlab.solve(array, jobs=1),
        "arrays": lambda: coverlab.solve_array(array, jobs=1),
        "json": lambda: through_json(array),
    }
    best, best_cpu = {}, {}
    results = {}
    for _ in range(args.rounds):
        for name, run in runs.items():
            cpu = cpu_now()
            start = time.perf_counter()
            results[name] = run()
            wall = time.perf_counter() - start
            cpu = cpu_now() - cpu
            best[name] = min(best.get(name, wall), wall)
            best_cpu[name] = min(best_cpu.get(name, cpu), cpu)
    # The three Python forms agree with each other.
    records, arrays, old = results["records"], results["arrays"], results["json"]
    assert records == old, "records differ from the JSON records"
    assert (arrays.solutions == coverlab.solutions_array(records)).all()
    assert list(arrays.status) == [r["status"] for r in records]
    print(f"{n} puzzles from {os.path.basename(args.file)}, one thread, best of {args.rounds}; "
          f"load average {os.getloadavg()[0]:.1f}")
    print("           wall                              CPU")
    for name, wall in best.items():
        cpu = best_cpu[name]
        print(f"  {name:8} {wall:6.3f} s {wall / n * 1e6:5.2f} us/puzzle {best['cli'] / wall:5.2f}x   "
              f"{cpu:6.3f} s {cpu / n * 1e6:5.2f} us/puzzle {best_cpu['cli'] / cpu:5.2f}x  (x: of the CLI's throughput)")


if __name__ == "__main__":
    main()
