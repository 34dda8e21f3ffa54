#!/usr/bin/env python3
"""Dataset figures (docs/datasets.md), whole process, the way a user times them:

  1. minimal 9x9 puzzles with their ratings into Parquet (`coverlab generate --format parquet`,
     every core), N of them, then extrapolated to 1,000,000 when N is smaller; the distinct
     canonical forms counted with pyarrow (all N must be distinct);
  2. the same through the Python package on a Dask LocalCluster, one worker against two (one
     thread each), a share of the set per task: the throughput ratio;
  3. unique 16x16 puzzles with at most 55% givens (`--clues 140`) into Parquet, N16 of them,
     extrapolated to 10,000;
  4. `coverlab canon --jobs 1` on the 17-clue set repeated to 1,000,000 lines: microseconds per
     puzzle (CPU time of the whole process / puzzles).

usage: python/benches/datasets.py [--bin target/release/coverlab] [--n9 50000] [--dask 8000]
       [--shares 16] [--worker-profile] [--n16 500] [--canon 1000000] [--data ../shared/data/9x9]
       [--out DIR] [--only 1,2,3,4]
Needs the package installed (`pip install ./python`) with pyarrow, dask and distributed.
"""

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def timed(cmd, stdout=subprocess.DEVNULL):
    """(cpu seconds of the children, wall seconds) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    proc = subprocess.run(cmd, stdout=stdout, stderr=subprocess.PIPE)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        sys.exit(f"{' '.join(cmd)}: exit {proc.returncode}: {proc.stderr.decode()[-400:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def distinct(directory):
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    table = pq.read_table(os.path.join(directory, "data"), columns=["canon", "puzzle"])
    return table.num_rows, pc.count_distinct(table["canon"]).as_py(), pc.count_distinct(table["puzzle"]).as_py()


def parquet_9x9(args, out):
    d = os.path.join(out, "nine")
    shutil.rmtree(d, ignore_errors=True)
    cpu, wall = timed([args.bin, "generate", "--format", "parquet", "--output", d, "-n", str(args.n9), "--seed", "1", "-q"])
    rows, forms, puzzles = distinct(d)
    scale = 1_000_000 / args.n9
    print(f"1. {args.n9} minimal 9x9 into Parquet: {wall:.1f} s wall, {cpu:.1f} s CPU "
          f"({args.n9 / wall:.0f} puzzles/s); {rows} rows, {forms} distinct canonical forms, {puzzles} distinct puzzles")
    print(f"   1,000,000 extrapolated: {wall * scale / 60:.1f} min wall on this machine")


def share(directory, start, count, seed, per_file):
    import coverlab

    coverlab.generate(count, seed=seed, start=start, parquet=directory, rows_per_file=per_file, jobs=1, card=False)
    return count


def cpu_seconds():
    """CPU time of this process (a Dask worker's), user + system."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def dask_ratio(args, out):
    import distributed

    import dask

    per_file = max(1, args.dask // args.shares)
    walls = {}
    # Dask's workers sample their own stacks every 10 ms for the dashboard's profile: about 2 % of
    # a core per worker, which the lone worker gets from the idle second core and two workers
    # take from each other. The puzzles need no profile (docs/datasets.md).
    profile = {"distributed.worker.profile.enabled": args.worker_profile}
    for workers in (1, 2, 1, 2):
        d = os.path.join(out, f"dask{workers}")
        shutil.rmtree(d, ignore_errors=True)
        with dask.config.set(profile), distributed.LocalCluster(
            n_workers=workers, threads_per_worker=1, host="127.0.0.1", dashboard_address=None
        ) as cluster, distributed.Client(cluster) as client:
            client.submit(share, os.path.join(out, "warm"), 0, 1, 99, 1, pure=False).result()
            seen = set(client.run(lambda: dask.config.get("distributed.worker.profile.enabled")).values())
            assert seen == {args.worker_profile}, f"the workers' profiler setting is {seen}"
            # The cost of a task of its own: a share of one puzzle, start to result.
            tick = time.monotonic()
            client.submit(share, os.path.join(out, "warm"), 1, 1, 99, 1, pure=False).result()
            task_ms = (time.monotonic() - tick) * 1e3
            cpu_before = client.run(cpu_seconds)
            load_before = os.getloadavg()[0]
            start = time.monotonic()
            futures = [client.submit(share, d, s, per_file, 2, per_file, pure=False) for s in range(0, args.dask, per_file)]
            made = sum(client.gather(futures))
            wall = time.monotonic() - start
            cpu_after = client.run(cpu_seconds)
            per_worker = [cpu_after[w] - cpu_before[w] for w in sorted(cpu_after)]
            cpu = sum(per_worker)
        walls.setdefault(workers, []).append(wall)
        shares = ", ".join(f"{c:.1f} s ({c / wall:.0%} of the wall time)" for c in per_worker)
        print(f"2. Dask LocalCluster, {workers} worker(s): {made} puzzles in {wall:.1f} s wall ({made / wall:.0f}/s), "
              f"{cpu:.1f} s CPU in the workers ({cpu / made * 1e6:.0f} us per puzzle): {shares}; "
              f"load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after; "
              f"a task of one puzzle: {task_ms:.0f} ms")
    one, two = min(walls[1]), min(walls[2])
    print(f"   2 workers / 1 worker throughput: {one / two:.2f}x (best of two runs each)")


def parquet_16(args, out):
    d = os.path.join(out, "sixteen")
    shutil.rmtree(d, ignore_errors=True)
    cpu, wall = timed([args.bin, "generate", "--format", "parquet", "--output", d, "--size", "16", "--clues", "140",
                       "-n", str(args.n16), "--seed", "1", "-q"])
    rows, forms, puzzles = distinct(d)
    print(f"3. {args.n16} 16x16 (at most 140 givens, 55%) into Parquet: {wall:.1f} s wall, {cpu:.1f} s CPU; "
          f"{rows} rows, {forms} distinct canonical forms")
    print(f"   10,000 extrapolated: {wall * 10_000 / args.n16 / 60:.1f} min wall")


def canon(args, out):
    source = os.path.join(args.data, "17_clue.txt")
    with open(source) as f:
        lines = [l for l in f if l.strip() and not l.startswith("#")]
    big = os.path.join(out, "canon-input.txt")
    with open(big, "w") as f:
        for i in range(args.canon):
            f.write(lines[i % len(lines)])
    with open(os.devnull, "w") as sink:
        cpu, wall = timed([args.bin, "canon", "--jobs", "1", big], stdout=sink)
    print(f"4. canon of {args.canon} 9x9 puzzles, one job: {cpu:.1f} s CPU, {wall:.1f} s wall: "
          f"{cpu / args.canon * 1e6:.1f} us per puzzle (whole process)")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--bin", default=os.path.join(ROOT, "target/release/coverlab"))
    p.add_argument("--n9", type=int, default=50_000)
    p.add_argument("--dask", type=int, default=8_000)
    p.add_argument("--shares", type=int, default=16, help="tasks the Dask run is cut into")
    p.add_argument("--worker-profile", action="store_true", help="keep Dask's statistical profiler on in the workers")
    p.add_argument("--n16", type=int, default=500)
    p.add_argument("--canon", type=int, default=1_000_000)
    p.add_argument("--data", default=os.path.join(ROOT, "../shared/data/9x9"))
    p.add_argument("--out", default=None)
    p.add_argument("--only", default="1,2,3,4")
    args = p.parse_args()
    out = args.out or tempfile.mkdtemp(prefix="coverlab-datasets-")
    os.makedirs(out, exist_ok=True)
    steps = {"1": parquet_9x9, "2": dask_ratio, "3": parquet_16, "4": canon}
    for key in args.only.split(","):
        steps[key](args, out)
        sys.stdout.flush()
    if args.out is None:
        shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    main()
