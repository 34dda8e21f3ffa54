#!/usr/bin/env python3
"""Whole-process figures, the way users time coverlab: reading, solving and writing included.

For each 9x9 file, alternating runs of (CPU time, user + system, of the whole process):
  - the `sudoku` crate peer, one pass counting to 2 (`peer-sudoku FILE count2 0`, built from
    ../shared/tools/peer-sudoku), which prints one line;
  - `coverlab count --max-solutions 2 --jobs 1 --format json FILE`;
  - `coverlab solve --format line` and `--format json` (which also say whether each puzzle is
    unique: a count to 2), and `coverlab count --max-solutions 2` (text), `--jobs 1`;
  - and wall time of `coverlab solve --format json --jobs 1` against `--jobs 2`, for the
    parallel speed-up on this machine's two cores.
Prints medians and ratios. Data path as the argument (default ../shared/data/9x9).

usage: strategies/benches/whole-process.py [DATA_DIR] [--runs N] [--files a.txt,b.txt]
"""

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SETS = ["17_clue.txt", "magictour_top1465.txt", "forum_hardest_1905_11plus.txt", "forum_hardest_1106.txt"]


def timed(cmd):
    """(cpu seconds, wall seconds, max RSS KiB) of one run, output discarded."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode not in (0, 1):
        sys.exit(f"{' '.join(cmd)}: exit {proc.returncode}: {proc.stderr.decode()[-400:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, after.ru_maxrss


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("data", nargs="?", default=os.path.join(ROOT, "..", "shared", "data", "9x9"))
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--files", default=",".join(SETS))
    ap.add_argument("--no-build", action="store_true")
    args = ap.parse_args()
    peer_dir = os.path.join(ROOT, "..", "shared", "tools", "peer-sudoku")
    if not args.no_build:
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
        subprocess.run(["cargo", "build", "--release", "--quiet", "--manifest-path",
                        os.path.join(peer_dir, "Cargo.toml")], check=True)
    coverlab = os.path.join(ROOT, "target", "release", "coverlab")
    peer = os.path.join(peer_dir, "target", "release", "peer-sudoku")

    print(f"whole process, CPU time (user + system), median of {args.runs} alternating runs\n")
    print("| set | peer count2 | count2 json | vs peer | count2 text | solve line | solve json "
          "| line/count | json/count | solve json wall j1 | j2 | j2 speed-up |")
    print("| --- |" + " ---: |" * 11)
    for name in args.files.split(","):
        path = os.path.join(args.data, name)
        commands = {
            "peer": [peer, path, "count2", "0"],
            "count_json": [coverlab, "count", "--max-solutions", "2", "--jobs", "1", "--format", "json", path],
            "count_text": [coverlab, "count", "--max-solutions", "2", "--jobs", "1", path],
            "line": [coverlab, "solve", "--jobs", "1", "--format", "line", path],
            "json": [coverlab, "solve", "--jobs", "1", "--format", "json", path],
            "json_j2": [coverlab, "solve", "--jobs", "2", "--format", "json", path],
        }
        cpu = {k: [] for k in commands}
        wall = {k: [] for k in commands}
        for _ in range(args.runs):
            for key, cmd in commands.items():
                c, w, _ = timed(cmd)
                cpu[key].append(c)
                wall[key].append(w)
        med = {k: statistics.median(v) for k, v in cpu.items()}
        wmed = {k: statistics.median(v) for k, v in wall.items()}
        print(f"| {name} | {med['peer']:.3f} s | {med['count_json']:.3f} s | "
              f"{med['peer'] / med['count_json']:.2f}× | {med['count_text']:.3f} s | {med['line']:.3f} s | "
              f"{med['json']:.3f} s | {med['line'] / med['count_text']:.2f} | {med['json'] / med['count_text']:.2f} | "
              f"{wmed['json']:.3f} s | {wmed['json_j2']:.3f} s | {wmed['json'] / wmed['json_j2']:.2f}× |", flush=True)


if __name__ == "__main__":
    main()
