#!/usr/bin/env python3
"""Every family of the variant conformance corpus, every registered strategy, in one run: per
family, the best strategy's throughput and `auto`'s ratio to it (issue 31's target: `auto` never
more than 1.5x behind the best on any family).

    strategies/benches/families.py [--bin target/fast-build/coverlab] [--generate 20] [--only a,b]
                                   [--budget 20] [--strategies auto,fast,...] [--keep DIR]

Per family (a spec of strategies/tests/corpus/variants), `--generate N` minimal puzzles made by
`coverlab generate --spec FAMILY --minimal --seed 5` (default 20; 0: the family's 2-4 corpus cases
instead, too few to judge a strategy by; `--keep DIR` saves them as DIR/FAMILY.txt and reuses that
file when it exists, so that several runs or binaries time the same puzzles) are timed by `coverlab bench` (in process, solutions
counted up to 2: each proved unique), every strategy on the same puzzles, `--min-seconds`
repeats. Families whose best strategy takes under 20 µs a puzzle are listed but not judged: their
time is the call's fixed cost, not the search."""
import argparse, collections, json, os, subprocess, sys, tempfile

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
ap.add_argument("--bin", default=os.path.join(root, "target/fast-build/coverlab"))
ap.add_argument("--min-seconds", default="0.3")
ap.add_argument("--timeout", default="5")
ap.add_argument("--budget", default="20", help="seconds per strategy and family (bench --budget): a strategy "
                "that spends them is left out of the family's row, as one that misses a puzzle is")
ap.add_argument("--strategies", default=None, help="default: every registered strategy")
ap.add_argument("--generate", type=int, default=20, metavar="N")
ap.add_argument("--only", default=None, help="comma-separated family names (without .ron)")
ap.add_argument("--keep", default=None, metavar="DIR", help="save the generated puzzles in DIR/FAMILY.txt; "
                "reuse that file when it exists (made by an earlier run, whatever its --generate)")
args = ap.parse_args()

corpus = os.path.join(root, "strategies/tests/corpus/variants")
families = collections.OrderedDict()
for line in open(os.path.join(corpus, "variants.txt")):
    line = line.strip()
    if not line or line.startswith("#"):
        continue
    spec, puzzle, _count = (p.strip() for p in line.split(":"))
    families.setdefault(spec, []).append(puzzle)
if args.only:
    keep = set(args.only.split(","))
    families = collections.OrderedDict((s, p) for s, p in families.items() if s[:-4] in keep)

worst = []
print("| family | puzzles | best | best µs/puzzle | auto µs/puzzle | auto / best |")
print("| --- | ---: | --- | ---: | ---: | ---: |")
with tempfile.TemporaryDirectory() as tmp:
    for spec, puzzles in families.items():
        path = os.path.join(tmp, spec.replace(".ron", ".txt"))
        kept = os.path.join(args.keep, spec.replace(".ron", ".txt")) if args.keep else None
        if kept and os.path.exists(kept):
            puzzles = [l for l in open(kept).read().splitlines() if l.strip() and not l.startswith("#")]
        elif args.generate > 0:
            gen = [args.bin, "generate", "--spec", os.path.join(corpus, spec), "-n", str(args.generate),
                   "--seed", "5", "--minimal", "-j", "1", "--quiet", "--timeout", "60"]
            made = subprocess.run(gen, capture_output=True, text=True)
            # A puzzle the generator could not make is a `# K: not generated` line (and exit 1):
            # the family is timed on the others.
            puzzles = [l for l in made.stdout.splitlines() if l.strip() and not l.startswith("#")]
            if not puzzles:
                print(f"| {spec} | 0 | generate failed: {made.stderr.strip()[:80]} | | | |")
                continue
            if kept:
                os.makedirs(args.keep, exist_ok=True)
                with open(kept, "w") as f:
                    f.write("\n".join(puzzles) + "\n")
        with open(path, "w") as f:
            f.write("\n".join(puzzles) + "\n")
        cmd = [args.bin, "bench", "--spec", os.path.join(corpus, spec), path, "--format", "json",
               "--min-seconds", args.min_seconds, "--timeout", args.timeout, "--budget", args.budget]
        if args.strategies:
            cmd += ["--strategies", args.strategies]
        out = subprocess.run(cmd, capture_output=True, text=True)
        if out.returncode != 0:
            print(f"| {spec} | {len(puzzles)} | bench failed: {out.stderr.strip()[:80]} | | | |")
            continue
        rows = [r for r in json.loads(out.stdout)["rows"] if r["solved"] == r["puzzles"]]
        names = [r["name"] for r in rows]
        key = lambda r: r["name"] if names.count(r["name"]) == 1 else r["label"]
        us = {key(r): 1e6 / r["puzzles_per_sec"] for r in rows if r["puzzles_per_sec"] > 0}
        if "auto" not in us:
            print(f"| {spec} | {len(puzzles)} | auto did not answer every puzzle | | | |")
            worst.append((float("inf"), spec))
            continue
        best = min(us, key=us.get)
        ratio = us["auto"] / us[best]
        judged = us[best] >= 20
        if judged:
            worst.append((ratio, spec))
        mark = "" if judged else " (fixed cost)"
        print(f"| {spec.replace('.ron', '')} | {len(puzzles)} | {best} | {us[best]:.1f} | {us['auto']:.1f} | {ratio:.2f}×{mark} |")
        sys.stdout.flush()
worst.sort(reverse=True)
print()
print("families judged:", len(worst), "; auto more than 1.5x behind the best on:",
      ", ".join(f"{s} ({r:.2f}x)" for r, s in worst if r > 1.5) or "none")
