#!/usr/bin/env python3
"""`explain` without a guess: solve rate and time per puzzle (issue 32's figures).

    crates/techniques/benches/explain.py [--bin PATH] [--top N] [--hardest N] [--generated N]
        [--skip-16] [--tarek] [--frisch] [--each]

One whole `coverlab explain --format json -j 1` process per puzzle, its CPU time (user + sys,
so other load on the machine does not count), on:
- magictour_top1465 (the first N, default all 1465), forum_hardest_1106 (the first N, default
  100), from /work/shared/data/9x9 or $COVERLAB_DATA_9X9;
- `coverlab generate -n N --seed 7` (default 200);
- the shipped 16×16 sets (tests/data/16x16);
- with --tarek, the 42 TAREK killers (/work/shared/data/variants/killer_tarek_42.jsonl or
  $COVERLAB_DATA_VARIANTS), with the steps by technique over all 42; with --frisch, the 18
  Frisch 25×25 puzzles (/work/shared/data/25x25 or $COVERLAB_DATA_25X25); --each prints every
  puzzle's ending, time, steps, cells filled at the end and steps by technique (on stderr).
Per set: puzzles, solved, solved without a forcing chain or net, stuck, mean / median / max
CPU ms per puzzle. Builds `--profile fast-build` first unless --bin is given.
"""
import argparse
import collections
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
EACH = False
FORCING = {"cell forcing chain", "unit forcing chain", "dynamic forcing chain", "forcing net",
           "nested forcing net"}


def cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def explain(binary, line, extra, steps):
    t0 = cpu()
    if line.startswith("{"):
        # A puzzle in JSON (f-puzzles) is read from a file.
        with tempfile.NamedTemporaryFile("w", suffix=".json") as f:
            f.write(line)
            f.flush()
            out = subprocess.run([binary, "explain", "--format", "json", "-j", "1", *extra, f.name],
                                 capture_output=True, text=True, check=False)
    else:
        out = subprocess.run([binary, "explain", "--format", "json", "-j", "1", *extra, line],
                             capture_output=True, text=True, check=False)
    t = cpu() - t0
    record = json.loads(out.stdout.splitlines()[0])
    steps.update(s["technique"] for s in record["steps"])
    techniques = {s["technique"] for s in record["steps"]}
    if EACH:
        grid = record.get("grid") or ""
        used = collections.Counter(s["technique"] for s in record["steps"])
        filled = sum(ch not in ".0" for ch in grid)
        detail = (f"{len(record['steps'])} steps, {filled} of {len(grid)} cells filled; "
                  + ", ".join(f"{name} {k}" for name, k in used.most_common()))
        return record["ending"], techniques, t, detail
    return record["ending"], techniques, t, 


def run_set(binary, label, lines, extra=(), by_technique=False):
    times, solved, plain, stuck, worst = [], 0, 0, 0, (0.0, "")
    steps = collections.Counter()
    for k, line in enumerate(lines):
        ending, techniques, t, detail = explain(binary, line, list(extra), steps)
        if EACH:
            print(f"<!-- {label} {k + 1}: {ending}, {1000 * t:.0f} ms ({detail}) -->", file=sys.stderr, flush=True)
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
    print(f"<!-- slowest {label}: {worst[1][:100]} -->", file=sys.stderr)
    if by_technique:
        print(f"\nsteps by technique ({label}): "
              + ", ".join(f"{name} {k:,}" for name, k in steps.most_common()) + "\n", flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin")
    ap.add_argument("--top", type=int, default=1465)
    ap.add_argument("--hardest", type=int, default=100)
    ap.add_argument("--generated", type=int, default=200)
    ap.add_argument("--skip-16", action="store_true")
    ap.add_argument("--tarek", action="store_true")
    ap.add_argument("--frisch", action="store_true")
    ap.add_argument("--each", action="store_true")
    args = ap.parse_args()
    global EACH
    EACH = args.each
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
    if args.tarek:
        variants = Path(os.environ.get("COVERLAB_DATA_VARIANTS", "/work/shared/data/variants"))
        run_set(binary, "TAREK killers", read(variants / "killer_tarek_42.jsonl", 42), by_technique=True)
    if args.frisch:
        big = Path(os.environ.get("COVERLAB_DATA_25X25", "/work/shared/data/25x25"))
        run_set(binary, "Frisch 25×25", read(big / "gecode_frisch_18.txt", 18), by_technique=True)


if __name__ == "__main__":
    main()
