#!/usr/bin/env python3
"""`explain` without a guess: solve rate and time per puzzle (issue 32's figures).

    crates/techniques/benches/explain.py [--bin PATH] [--top N] [--hardest N] [--generated N]

One whole `coverlab explain --format json -j 1` process per puzzle, its CPU time (user + sys,
so other load on the machine does not count), on:
- magictour_top1465 (the first N, default all 1465), forum_hardest_1106 (the first N, default
  100), from /work/shared/data/9x9 or $COVERLAB_DATA_9X9;
- `coverlab generate -n N --seed 7` (default 200);
- the shipped 16×16 sets (tests/data/16x16).
Per set: puzzles, solved, solved without a forcing chain or net, stuck, mean / median / max
CPU ms per puzzle. Builds `--profile fast-build` first unless --bin is given.
"""
import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
FORCING = {"cell forcing chain", "unit forcing chain", "dynamic forcing chain", "forcing net"}


def cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def explain(binary, line, extra):
    t0 = cpu()
    out = subprocess.run([binary, "explain", "--format", "json", "-j", "1", *extra, line],
                         capture_output=True, text=True, check=False)
    t = cpu() - t0
    record = json.loads(out.stdout.splitlines()[0])
    techniques = {s["technique"] for s in record["steps"]}
    return record["ending"], techniques, t


def run_set(binary, label, lines, extra=()):
    times, solved, plain, stuck, worst = [], 0, 0, 0, (0.0, "")
    for line in lines:
        ending, techniques, t = explain(binary, line, list(extra))
        times.append(t)
        if t > worst[0]:
            worst = (t, line)
        if ending == "solved":
            solved += 1
            plain += not (techniques & FORCING)
        elif ending == "stuck":
            stuck += 1
    ms = [1000 * t for t in times]
    print(f"| {label} | {len(lines)} | {solved} | {plain} ({100 * plain / max(1, len(lines)):.0f} %) | {stuck} "
          f"| {statistics.mean(ms):.1f} | {statistics.median(ms):.1f} | {max(ms):.0f} |", flush=True)
    print(f"<!-- slowest {label}: {worst[1]} -->", file=sys.stderr)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin")
    ap.add_argument("--top", type=int, default=1465)
    ap.add_argument("--hardest", type=int, default=100)
    ap.add_argument("--generated", type=int, default=200)
    ap.add_argument("--skip-16", action="store_true")
    args = ap.parse_args()
    binary = args.bin
    if not binary:
        subprocess.run(["cargo", "build", "-q", "--profile", "fast-build"], cwd=ROOT, check=True)
        target = os.environ.get("CARGO_TARGET_DIR", str(ROOT / "target"))
        binary = str(Path(target) / "fast-build" / "coverlab")
    data = Path(os.environ.get("COVERLAB_DATA_9X9", "/work/shared/data/9x9"))
    read = lambda p, k: [l.strip() for l in p.read_text().splitlines() if l.strip()][:k]
    print("| set | puzzles | solved | without forcing | stuck | mean ms | median ms | max ms |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    if args.top:
        run_set(binary, "magictour_top1465", read(data / "magictour_top1465.txt", args.top))
    if args.hardest:
        run_set(binary, "forum_hardest_1106", read(data / "forum_hardest_1106.txt", args.hardest))
    if args.generated:
        made = subprocess.run([binary, "generate", "-n", str(args.generated), "--seed", "7"],
                              capture_output=True, text=True, check=True).stdout
        run_set(binary, f"generate -n {args.generated} --seed 7", [l for l in made.splitlines() if l.strip()])
    if not args.skip_16:
        for f in sorted((ROOT / "tests/data/16x16").glob("*.txt")):
            lines = [l.strip() for l in f.read_text().splitlines() if l.strip() and not l.startswith("#")]
            run_set(binary, f"16×16 {f.stem}", lines)


if __name__ == "__main__":
    main()
