#!/usr/bin/env python3
"""`rate --scale se` beside SukakuExplainer's serate, in one run: agreement and speed.

Usage:
    crates/techniques/benches/se.py SE_SOURCE_DIR COVERLAB_BINARY [--top FILE] [--every K]
        [--count N] [--generated N] [--seed S] [--work DIR] [--hard FILE] [--hard-count N]
        [--baseline OLD_COVERLAB_BINARY]

SE_SOURCE_DIR is a checkout of SukakuExplainer (github.com/SudokuMonster/SukakuExplainer,
LGPL), e.g. `git --git-dir=MIRROR archive HEAD | tar -x -C DIR`. The script compiles it with
javac (Java 17+) into --work, then rates two samples with both tools:
  - every K-th puzzle of --top (default: magictour_top1465, every 15th, at most --count),
  - `coverlab generate -n N --seed S` (minimal random puzzles).
serate runs with its defaults (its default technique set, `--threads` unset, i.e. 1) and
`--format='%r/%p/%d %e %R'`; coverlab runs `rate --scale se -j1`. Both are timed as whole
processes over the whole sample, solving on one thread: wall time, and CPU time (user +
system; on a busy machine the CPU time is the fairer figure, and for serate it includes the
JVM's own threads). It prints, per sample: ER within 0.1, EP and ED
equal, the confusion by ER band, the puzzles that disagree, and the time per puzzle of each.
With --baseline, an older coverlab binary rates the same samples in the same run: its time per
puzzle beside the new one's, and whether its ratings are the same.

With --hard (e.g. forum_hardest_1106), it also rates the first --hard-count puzzles of that file
with coverlab alone, one process per puzzle (serate takes minutes on each of them): the share
rated (ER below 20.0), the CPU time per puzzle (mean and max), and the agreement with the serate
ratings stored in crates/techniques/tests/data/se/serate_hardest.txt for those it holds.

Not run by the tests (it needs Java and the SE sources); nothing is fetched from the network.
"""

import argparse
import os
import resource
import subprocess
import sys
import time

BANDS = [(1.0, 2.0), (2.0, 4.0), (4.0, 6.0), (6.0, 7.0), (7.0, 8.0), (8.0, 9.0), (9.0, 100.0)]


def band(er):
    for i, (lo, hi) in enumerate(BANDS):
        if lo <= er < hi:
            return i
    return 0


def band_name(i):
    lo, hi = BANDS[i]
    return f"{lo:g}+" if hi > 20 else f"{lo:g}-{hi:g}"


def build_serate(src, work):
    out = os.path.join(work, "classes")
    os.makedirs(out, exist_ok=True)
    sources = []
    for root, _, files in os.walk(os.path.join(src, "diuf")):
        sources += [os.path.join(root, f) for f in files if f.endswith(".java")]
    subprocess.run(["javac", "-nowarn", "-encoding", "ISO-8859-1", "-d", out] + sources, check=True,
                   stderr=subprocess.DEVNULL)
    return out


def timed(cmd, **kw):
    """Runs cmd: its result, wall seconds and CPU seconds (user + system, its threads and
    children included: the JVM's compiler and collector threads count for serate)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return r, (wall, cpu)


def ratings(lines):
    out = []
    for line in lines:
        first = line.split()[0] if line.split() else ""
        parts = first.split("/")
        out.append(tuple(float(x) for x in parts) if len(parts) == 3 else None)
    return out


def compare(name, puzzles, theirs, ours, t_se, t_cl, base=None):
    n = len(puzzles)
    er = sum(1 for a, b in zip(theirs, ours) if a and b and abs(a[0] - b[0]) < 0.1001)
    ep = sum(1 for a, b in zip(theirs, ours) if a and b and abs(a[1] - b[1]) < 0.001)
    ed = sum(1 for a, b in zip(theirs, ours) if a and b and abs(a[2] - b[2]) < 0.001)
    print(f"== {name}: {n} puzzles")
    print(f"ER within 0.1: {er}/{n} ({100 * er / n:.1f} %); EP equal: {ep}/{n} ({100 * ep / n:.1f} %); "
          f"ED equal: {ed}/{n} ({100 * ed / n:.1f} %)")
    print("ER band (serate)  puzzles  agree(±0.1)  coverlab lower  coverlab higher")
    for i in range(len(BANDS)):
        rows = [(a, b) for a, b in zip(theirs, ours) if a and b and band(a[0]) == i]
        if not rows:
            continue
        agree = sum(1 for a, b in rows if abs(a[0] - b[0]) < 0.1001)
        lower = sum(1 for a, b in rows if b[0] < a[0] - 0.1001)
        higher = sum(1 for a, b in rows if b[0] > a[0] + 0.1001)
        print(f"{band_name(i):>16}  {len(rows):7}  {agree:11}  {lower:14}  {higher:15}")
    for what, i in [("wall", 0), ("CPU", 1)]:
        print(f"{what} time per puzzle (whole process, one thread): serate {1000 * t_se[i] / n:.1f} ms, "
              f"coverlab {1000 * t_cl[i] / n:.2f} ms, ratio {t_se[i] / max(t_cl[i], 1e-9):.0f}x")
        if base:
            t_b = base[1]
            print(f"  baseline coverlab {1000 * t_b[i] / n:.2f} ms (ratio {t_se[i] / max(t_b[i], 1e-9):.0f}x), "
                  f"new/baseline {t_cl[i] / max(t_b[i], 1e-9):.2f}")
    if base:
        same = sum(1 for a, b in zip(base[0], ours) if a == b)
        print(f"baseline ratings equal to the new ones: {same}/{n}")
    print("disagreements (line: serate -> coverlab):")
    for i, (p, a, b) in enumerate(zip(puzzles, theirs, ours)):
        if not (a and b and abs(a[0] - b[0]) < 0.1001 and a[1:] == b[1:]):
            print(f"  {i + 1}: {p} {a} -> {b}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("se_source")
    ap.add_argument("coverlab")
    ap.add_argument("--top", default="/work/shared/data/9x9/magictour_top1465.txt")
    ap.add_argument("--every", type=int, default=15)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--generated", type=int, default=100)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--work", default="/tmp/se-bench")
    ap.add_argument("--hard", help="a file of very hard puzzles, rated by coverlab alone")
    ap.add_argument("--hard-count", type=int, default=100)
    ap.add_argument("--baseline", help="an older coverlab binary, timed on the same samples")
    ap.add_argument("--stored", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                     "..", "tests", "data", "se", "serate_hardest.txt"))
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    classes = build_serate(args.se_source, args.work)

    with open(args.top) as f:
        top = [l.strip() for i, l in enumerate(f) if i % args.every == 0][: args.count]
    gen = subprocess.run([args.coverlab, "generate", "-n", str(args.generated), "--seed", str(args.seed)],
                         capture_output=True, text=True, check=True).stdout.split()
    for name, puzzles in [(f"{os.path.basename(args.top)} every {args.every}th", top),
                          (f"coverlab generate -n {args.generated} --seed {args.seed}", gen)]:
        path = os.path.join(args.work, "sample.txt")
        with open(path, "w") as f:
            f.write("\n".join(puzzles) + "\n")
        se, t_se = timed(["java", "-Xrs", "-Xmx500m", "-cp", classes, "diuf.sudoku.test.serate",
                          "--format=%r/%p/%d %e %R", f"--input={path}"])
        cl, t_cl = timed([args.coverlab, "rate", "--scale", "se", "-j1", path])
        if se.returncode != 0 or cl.returncode != 0:
            print(se.stderr, cl.stderr, file=sys.stderr)
            sys.exit(1)
        base = None
        if args.baseline:
            old, t_old = timed([args.baseline, "rate", "--scale", "se", "-j1", path])
            base = (ratings(old.stdout.splitlines()), t_old)
        compare(name, puzzles, ratings(se.stdout.splitlines()), ratings(cl.stdout.splitlines()), t_se, t_cl, base)
    if args.hard:
        hard(args)


def hard(args):
    with open(args.hard) as f:
        puzzles = [l.split()[0] for l in f if l.strip() and not l.startswith("#")][: args.hard_count]
    stored = {}
    if os.path.exists(args.stored):
        with open(args.stored) as f:
            for l in f:
                if l.strip() and not l.startswith("#"):
                    p, r = l.split()[:2]
                    stored[p] = tuple(float(x) for x in r.split("/"))
    path = os.path.join(args.work, "one.txt")
    times, rated, agree, compared = [], 0, 0, 0
    for i, p in enumerate(puzzles):
        with open(path, "w") as f:
            f.write(p + "\n")
        cl, (_, cpu) = timed([args.coverlab, "rate", "--scale", "se", "-j1", path])
        # Exit 1 with "not rated": a technique not reproduced yet (counted as unrated).
        if cl.returncode != 0 and "not rated" not in cl.stderr:
            print(cl.stderr, file=sys.stderr)
            sys.exit(1)
        lines = [l for l in cl.stdout.splitlines() if l and not l.startswith("#")]
        ours = ratings(lines)[0] if lines else None
        times.append(cpu)
        if ours and ours[0] < 20.0:
            rated += 1
        if p in stored:
            compared += 1
            theirs = stored[p]
            same = ours and abs(ours[0] - theirs[0]) < 0.1001 and ours[1:] == theirs[1:]
            agree += 1 if same else 0
            if not same:
                print(f"  disagreement, line {i + 1}: {p} serate {theirs} -> coverlab {ours}")
        print(f"  {i + 1}: {ours} {cpu:.2f} s", flush=True)
    n = len(puzzles)
    print(f"== {os.path.basename(args.hard)}, first {n}: coverlab alone, one process a puzzle")
    print(f"rated (ER below 20.0): {rated}/{n} ({100 * rated / n:.1f} %)")
    print(f"CPU time per puzzle: mean {sum(times) / n:.2f} s, max {max(times):.2f} s; "
          f"at most 2 s: {sum(1 for t in times if t <= 2.0)}/{n}")
    print(f"stored serate ratings among them: {compared}; ER/EP/ED equal: {agree}/{compared}")


if __name__ == "__main__":
    main()
