#!/usr/bin/env python3
"""Builds coverlab's conformance corpus, `conformance.txt`, with independently computed counts.

Usage (Python 3.8+, standard library only; about 10-15 s):

    python3 strategies/tests/corpus/make_corpus.py > strategies/tests/corpus/conformance.txt
    python3 strategies/tests/corpus/make_corpus.py --check   # exit 1 if the file is stale

Output: one case per line, `spec : puzzle : expected_count` (tdoku style), puzzle in line format
(row-major, '.' empty, the spec's alphabet), with `#` comment lines naming each group.

Independence. The expected counts come from this file alone, never from a Rust strategy:
- the rules of every built-in spec are re-stated here from `specs/*.ron` (rows, columns, boxes,
  diagonals, windoku windows, the jigsaw region map copied from `specs/jigsaw-9x9.ron`, and the
  anti-knight / anti-king pairs);
- a small exact-cover counter (Knuth's Algorithm X over dicts of sets, after Ali Assaf's
  formulation) counts the solutions: primary items are "cell filled" and "value v in house h",
  secondary items "value v at most once in group g" (anti-knight / anti-king pairs); it picks
  the primary item with the fewest options (MRV) and counts every solution;
- givens that already clash in a unit are detected first and give 0.

Cross-checks. Before printing, the counter is checked against published facts: 288 4x4 sudokus
(12 with the first row fixed), and the uniqueness (or, for Serg's set, non-uniqueness) of the
public puzzles as stated in ../shared/data/9x9/README.md (checked there with tdoku and the
Rust `sudoku` crate).

Puzzles. 9x9 puzzles are copied from the public sets in ../shared/data/9x9 (17_clue,
magictour_top1465, forum_hardest_1106, serg_benchmark; line numbers are given in the comments)
and 16x16 ones from
../shared/data/16x16/gecode_janko_55.txt; they are embedded below so this script needs no data
files. Puzzles for the other sizes and for the variants are generated here, deterministically:
a full grid is found by Algorithm X with options tried in an order shuffled by a fixed-seed
splitmix64 generator (implemented below, so no dependence on Python's `random`), then clues are
removed in a shuffled order, each removal kept only while the puzzle stays unique, down to a
floor of clues (the floor keeps puzzles within reach of the plain `dfs` strategy). Derived cases
(clues removed, a wrong clue added, a clash made) are built by the small helpers below from those
base puzzles, so each comment says exactly how a case was made.
"""

import itertools
import sys
from pathlib import Path

# ---------------------------------------------------------------------------------------------
# Specs: the rules of specs/*.ron, restated.

JIGSAW_MAP = [  # specs/jigsaw-9x9.ron, Regions([...])
    "AAABBBCCC",
    "AAABBBCCC",
    "AADEBBCCF",
    "ADDEEBCFF",
    "DDDEEEFFF",
    "DGDEHEFIF",
    "DGGEHHIIF",
    "GGGHHHIII",
    "GGGHHHIII",
]

SMALL_ALPHABET = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class Spec:
    """n, alphabet, houses (every value exactly once) and groups (every value at most once)."""

    def __init__(self, name, n, houses, groups=(), symbols=None):
        self.name = name
        self.n = n
        self.houses = [sorted(h) for h in houses]
        self.groups = [sorted(g) for g in groups]
        self.symbols = symbols or SMALL_ALPHABET[:n]
        for h in self.houses:
            assert len(set(h)) == n, (name, h)

    def parse(self, line):
        assert len(line) == self.n * self.n, (self.name, line)
        return [0 if ch == "." else self.symbols.index(ch) + 1 for ch in line]

    def show(self, grid):
        return "".join("." if v == 0 else self.symbols[v - 1] for v in grid)

    def clash(self, grid):
        """True when two cells of a house or group hold the same value."""
        for unit in self.houses + self.groups:
            seen = [v for v in (grid[c] for c in unit) if v]
            if len(seen) != len(set(seen)):
                return True
        return False


def rows(n):
    return [[r * n + c for c in range(n)] for r in range(n)]


def cols(n):
    return [[r * n + c for r in range(n)] for c in range(n)]


def boxes(n, br, bc):
    return [
        [(r0 + r) * n + c0 + c for r in range(br) for c in range(bc)]
        for r0 in range(0, n, br)
        for c0 in range(0, n, bc)
    ]


def classic(n, br, bc, symbols=None):
    return Spec(f"classic-{n}x{n}", n, rows(n) + cols(n) + boxes(n, br, bc), symbols=symbols)


def move_pairs(n, moves):
    pairs = set()
    for r in range(n):
        for c in range(n):
            for dr, dc in moves:
                r2, c2 = r + dr, c + dc
                if 0 <= r2 < n and 0 <= c2 < n:
                    pairs.add(tuple(sorted((r * n + c, r2 * n + c2))))
    return sorted(pairs)


def build_specs():
    base9 = rows(9) + cols(9) + boxes(9, 3, 3)
    diagonals = [[i * 9 + i for i in range(9)], [i * 9 + 8 - i for i in range(9)]]
    # Windoku windows: 3x3 boxes starting at rows/columns 2 and 6 (1-based).
    windows = [[(r0 + r) * 9 + c0 + c for r in range(3) for c in range(3)] for r0 in (1, 5) for c0 in (1, 5)]
    regions = {}
    for r, line in enumerate(JIGSAW_MAP):
        for c, letter in enumerate(line):
            regions.setdefault(letter, []).append(r * 9 + c)
    knight = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
    king = [(1, 1), (1, -1), (-1, 1), (-1, -1)]  # orthogonal neighbours share a row or column
    specs = [
        classic(4, 2, 2),
        classic(6, 2, 3),
        classic(9, 3, 3),
        classic(12, 3, 4, symbols="123456789ABC"),
        classic(16, 4, 4, symbols="123456789ABCDEFG"),
        Spec("x-sudoku-9x9", 9, base9 + diagonals),
        Spec("windoku-9x9", 9, base9 + windows),
        Spec("jigsaw-9x9", 9, rows(9) + cols(9) + [regions[k] for k in sorted(regions)]),
        Spec("anti-knight-9x9", 9, base9, move_pairs(9, knight)),
        Spec("anti-king-9x9", 9, base9, move_pairs(9, king)),
    ]
    return {s.name: s for s in specs}


SPECS = build_specs()

# ---------------------------------------------------------------------------------------------
# Algorithm X (exact cover with secondary items), dict-of-sets formulation.


class Counter:
    """Counts (and lists the first few) solutions of a puzzle by Algorithm X."""

    def __init__(self, spec, grid):
        n = spec.n
        self.n = n
        ncell = n * n
        self.primary = ncell + len(spec.houses) * n  # items below this index are primary
        units_of = [[] for _ in range(ncell)]
        for h, unit in enumerate(spec.houses):
            for c in unit:
                units_of[c].append(ncell + h * n)
        for g, unit in enumerate(spec.groups):
            for c in unit:
                units_of[c].append(self.primary + g * n)
        # Option cell*n + (v-1) covers: the cell, (house, v) per house, (group, v) per group.
        self.Y = {c * n + v: [c] + [base + v for base in units_of[c]] for c in range(ncell) for v in range(n)}
        self.X = {}
        for o, items in self.Y.items():
            for i in items:
                self.X.setdefault(i, set()).add(o)
        for i in range(self.primary):
            self.X.setdefault(i, set())  # an item no option covers: no solution
        self.grid = list(grid)
        self.contradictory = spec.clash(grid)
        if not self.contradictory:
            for c, v in enumerate(grid):
                if v:
                    self._select(c * n + v - 1)

    def _select(self, o):
        X, Y = self.X, self.Y
        removed = []
        for j in Y[o]:
            for i in X[j]:
                for k in Y[i]:
                    if k != j:
                        X[k].discard(i)
            removed.append(X.pop(j))
        return removed

    def _deselect(self, o, removed):
        X, Y = self.X, self.Y
        for j in reversed(Y[o]):
            X[j] = removed.pop()
            for i in X[j]:
                for k in Y[i]:
                    if k != j:
                        X[k].add(i)

    def count(self, cap=10**6, keep=0):
        """The number of solutions (stops at `cap`) and up to `keep` solution grids."""
        if self.contradictory:
            return 0, []
        found = [0]
        sols = []
        n = self.n
        chosen = []

        def search():
            # X2: choose a primary item with the fewest options (MRV).
            best, size = None, None
            for i, opts in self.X.items():
                if i < self.primary and (size is None or len(opts) < size):
                    best, size = i, len(opts)
                    if size <= 1:
                        break
            if best is None:  # X1: no primary item left: a solution
                found[0] += 1
                if len(sols) < keep:
                    g = list(self.grid)
                    for o in chosen:
                        g[o // n] = o % n + 1
                    sols.append(g)
                return found[0] >= cap
            for o in sorted(self.X[best]):  # X3-X5: try each option, undo
                removed = self._select(o)
                chosen.append(o)
                stop = search()
                chosen.pop()
                self._deselect(o, removed)
                if stop:
                    return True
            return False

        search()
        return found[0], sols


def count(spec, grid, cap=10**6):
    return Counter(spec, grid).count(cap)[0]


def solve(spec, grid):
    """The unique solution of `grid` (asserting it is unique)."""
    total, sols = Counter(spec, grid).count(cap=2, keep=1)
    assert total == 1, (spec.name, spec.show(grid), total)
    return sols[0]


# ---------------------------------------------------------------------------------------------
# Deterministic generation.


class SplitMix64:
    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFFFFFFFFFF

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return z ^ (z >> 31)

    def shuffle(self, items):
        for i in range(len(items) - 1, 0, -1):
            j = self.next() % (i + 1)
            items[i], items[j] = items[j], items[i]
        return items


def full_grid(spec, seed):
    """A solution of the empty grid: Algorithm X trying options in a shuffled order."""
    rng = SplitMix64(seed)
    ctr = Counter(spec, [0] * (spec.n * spec.n))
    n = spec.n
    chosen = []

    def search():
        best, size = None, None
        for i, opts in ctr.X.items():
            if i < ctr.primary and (size is None or len(opts) < size):
                best, size = i, len(opts)
        if best is None:
            return True
        for o in rng.shuffle(sorted(ctr.X[best])):
            removed = ctr._select(o)
            chosen.append(o)
            if search():
                return True
            chosen.pop()
            ctr._deselect(o, removed)
        return False

    assert search()
    grid = [0] * (n * n)
    for o in chosen:
        grid[o // n] = o % n + 1
    return grid


# A grid that is a solution of classic-9x9, anti-knight-9x9 and anti-king-9x9 at once (the
# "miracle" pattern: each row is the previous one shifted by three). Random search for an
# anti-knight full grid is slow, so those variants start from a relabelling of this grid.
MIRACLE = "483726159726159483159483726837261594261594837594837261372615948615948372948372615"


MIRACLE_T = "".join(MIRACLE[c * 9 + r] for r in range(9) for c in range(9))  # transposed


def relabelled(spec, line, seed):
    """`line` with its values permuted (a permutation keeps every all-different rule)."""
    perm = SplitMix64(seed).shuffle(list(range(1, spec.n + 1)))
    return [0 if v == 0 else perm[v - 1] for v in spec.parse(line)]


def generate(spec_name, seed, floor, full=None):
    """A unique puzzle: a full grid (found by shuffled Algorithm X, or `full` relabelled), clues
    removed in shuffled order while the puzzle stays unique, keeping at least `floor` clues."""
    spec = SPECS[spec_name]
    grid = full_grid(spec, seed) if full is None else relabelled(spec, full, seed)
    assert not spec.clash(grid) and all(grid)
    rng = SplitMix64(seed ^ 0x5EED)
    clues = len(grid)
    for cell in rng.shuffle(list(range(len(grid)))):
        if clues <= floor:
            break
        v, grid[cell] = grid[cell], 0
        if count(spec, grid, cap=2) == 1:
            clues -= 1
        else:
            grid[cell] = v
    return spec.show(grid)


# Derivations from a base puzzle (all deterministic, row-major).


def remove_givens(spec_name, puzzle, k, skip=0, last=False):
    """The puzzle without its givens number skip+1 .. skip+k in row-major order (counted from
    the end when `last`): more solutions."""
    g = list(puzzle)
    filled = [i for i, ch in enumerate(g) if ch != "."]
    if last:
        filled.reverse()
    for i in filled[skip : skip + k]:
        g[i] = "."
    return "".join(g)


def wrong_given(spec_name, puzzle, nth=0):
    """A unique puzzle plus one wrong clue: the nth empty cell (row-major) gets the smallest
    value that differs from the solution and clashes with no given: not directly
    contradictory, but unsolvable (the solution was unique)."""
    spec = SPECS[spec_name]
    grid = spec.parse(puzzle)
    sol = solve(spec, grid)
    empties = [c for c in range(len(grid)) if grid[c] == 0]
    for cell in empties[nth:]:
        for v in range(1, spec.n + 1):
            if v == sol[cell]:
                continue
            grid[cell] = v
            if not spec.clash(grid):
                return spec.show(grid)
            grid[cell] = 0
    raise AssertionError("no wrong clue fits")


def clash_in(spec_name, puzzle, unit_cells):
    """The puzzle with a direct contradiction: the first empty cell of `unit_cells` gets the
    value of the first given of the same cells."""
    spec = SPECS[spec_name]
    grid = spec.parse(puzzle)
    given = next(c for c in unit_cells if grid[c])
    empty = next(c for c in unit_cells if not grid[c])
    grid[empty] = grid[given]
    assert spec.clash(grid)
    return spec.show(grid)


def set_cells(spec_name, puzzle, assignments):
    """The puzzle with cells set, given as {(row, col): symbol} (1-based)."""
    spec = SPECS[spec_name]
    g = list(puzzle)
    for (r, c), ch in assignments.items():
        g[(r - 1) * spec.n + c - 1] = ch
    return "".join(g)



def deadly_rectangle(spec_name, full):
    """`full` (a solution grid) without the first four cells (row-major search) at the corners
    of a rectangle holding a b / b a: exactly 2 solutions when they span just two boxes."""
    spec = SPECS[spec_name]
    n = spec.n
    for r1, r2 in itertools.combinations(range(n), 2):
        for c1, c2 in itertools.combinations(range(n), 2):
            corners = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2]
            a, b, c, d = (full[k] for k in corners)
            if a == d and b == c:
                g = list(full)
                for k in corners:
                    g[k] = "."
                p = "".join(g)
                if count(spec, spec.parse(p), cap=3) == 2:
                    return p
    raise AssertionError("no deadly rectangle")


def solution_of(spec_name, puzzle):
    spec = SPECS[spec_name]
    return spec.show(solve(spec, spec.parse(puzzle)))


def unit_cells(spec_name, kind, k):
    """Cells of row/column/box k (1-based) of a classic spec."""
    spec = SPECS[spec_name]
    n = spec.n
    return {"row": spec.houses[k - 1], "column": spec.houses[n + k - 1], "box": spec.houses[2 * n + k - 1]}[kind]


# ---------------------------------------------------------------------------------------------
# Public puzzles, copied from ../shared/data, the public corpora beside the repository (formats and sources: the README files there).

SEVENTEEN = {  # 9x9/17_clue.txt (tdoku puzzles2_17_clue), by line number: unique, 17 clues
    1: ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
    43459: "........1.......23..4.56........25...7.......381.........2...1....3....8.9.......",
    43986: "........1.......23..4.56........76.8.2.9.....5...........3.....1.9......6...2....",
    44016: "........1.......23..4.56.......376....8......12..........4....8.1...2...6........",
}
MAGICTOUR = {  # 9x9/magictour_top1465.txt, by line number: unique
    1: "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    266: ".237....68...6.59.9.....7......4.97.3.7.96..2.........5..47.........2....8.......",
    450: "1..6.......7.9.4.19.3.5..7...15....93.4.....2.....7.3...5....2...........2.94..13",
    577: ".....1..8..4..765..5..6.39..13...7...7..3..8.46.7.5........6..9..29........85....",
    1151: ".32....6....6.9...9..2...437...849....4.....6.5..1.....9.8......2...37..5......9.",
}
FORUM_HARDEST = {  # 9x9/forum_hardest_1106.txt, by line number: unique
    1: "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    96: ".2..5.7..4..1....68....3...2....8..3.4..2.5.....6...1...2.9.....9......57.4...9..",
}
SERG = {  # 9x9/serg_benchmark.txt, by line number: several solutions each
    134: "8.........95.......76.........624798...731245...598163...956..7...473.8....8125..",
    180: "8.........95.......76.........498762...723145...516938...9745.6...832..7...651...",
    196: "8.........95.......76.........976482...423715...518963...6915.7...734..8...852...",
    219: "8.........95.......76.........794286...521743...638915...416.9....9724.8...853...",
}
JANKO = {  # 16x16/gecode_janko_55.txt, by line number: unique (checked here)
    11: ".G..5.2.E.FA.4C.AB..G....35.17D953..4AC..DB......6.C3B..2.8.5...1...A....E.D9CG3GDA9.4..B.1.6E...FB.1..E9....D.8C..3.59G48............F38G2.7..46.3....A7..9.8E...CE.9.1..4.DG3589GD2.4....6...C...G.C.4..958.7......1A..F78..424871.3G....2..9A.C9.72.8.6.4..1.",
    12: "A...18..79..C..6.37.A2...FD...E9G14D..5...8C.A...268.E7.3A....D53...D1...7A2.8.47CF.9..4....D.2.5..63.A28...1CF....1.6...3FD..5..A..FC6...9.3....D2F...3A5.1E..8.9.G....D..7.F1CE.C.G9D...3F...717....9B.2E.43C...9.E3...C..5D7FFE...AC...G5.29.D..C..2F..73...E",
    14: "1.....6C.4G.9BA..G6..F.9A.D1...2...D7G.3F...41...3A.2..1.759.E.GB8..D.F.C.2.A...C....1..DBFA2..5..FG.E.....58C9..25A3.C.G..E...13...4..B.G.DE78..C78A.....3.12..5..1FC37..E....9...4.2.8.F.B..CAA.4.6B7.5..F.9D...8C...DB.975...9...85.E3.A..46..5D7.A9.E2.....8",
    44: "...439.27..5..G.5C67...A93...2D..3B...1D...2.78....2.G7.8EA.3.5FE.C.A23....D...7...D.B..G7F81..6.G.1.68.2A.ECD..F8.6.4G......AE5643......DB.F.2E..586.4C.F2.D.B.B..F8A2G..3.7...7...E....894.C.AD7.3.1B4.CE.9....F4.9...B2...6C..BG...67D...4E13.6..F..31.4AB...",
}


def cases():
    """The corpus: a list of (comment, [(spec, puzzle)]) groups."""
    out = []

    def group(comment, spec_name, puzzles):
        out.append((comment, [(spec_name, p) for p in puzzles]))

    c4, c6, c9, c12, c16 = "classic-4x4", "classic-6x6", "classic-9x9", "classic-12x12", "classic-16x16"

    # --- classic 4x4 ---------------------------------------------------------------------------
    e4 = "." * 16
    u4 = generate(c4, 4, 0)
    group("classic-4x4: the empty grid (all 4x4 sudokus); one given (a quarter of them)", c4, [
        e4,
        set_cells(c4, e4, {(1, 1): "1"}),
    ])
    group("classic-4x4: a generated minimal unique puzzle, its solution (no empty cell), "
          "and the puzzle without its first 1, 2 and 3 givens", c4, [
        u4,
        solution_of(c4, u4),
        remove_givens(c4, u4, 1),
        remove_givens(c4, u4, 2),
        remove_givens(c4, u4, 3),
    ])
    group("classic-4x4: contradictory givens (two equal values in a row, a column, a box)", c4, [
        set_cells(c4, e4, {(1, 1): "2", (1, 4): "2"}),
        set_cells(c4, e4, {(1, 3): "4", (4, 3): "4"}),
        set_cells(c4, e4, {(1, 1): "3", (2, 2): "3"}),
    ])
    group("classic-4x4: unsolvable without a clash among the givens (r1c1 sees 1, 2, 3 and 4; "
          "4 has no place in box 1; the unique puzzle plus a wrong clue)", c4, [
        set_cells(c4, e4, {(1, 2): "1", (1, 3): "2", (2, 1): "3", (3, 1): "4"}),
        set_cells(c4, e4, {(1, 3): "4", (3, 1): "4", (2, 1): "1", (2, 2): "2"}),
        wrong_given(c4, u4),
    ])

    # --- classic 6x6 (2x3 boxes) ---------------------------------------------------------------
    u6a, u6b = generate(c6, 1, 0), generate(c6, 2, 0)
    group("classic-6x6: two generated minimal unique puzzles; the first without its first "
          "1, 2 and 4 givens; the second without its 4th given; the second's solution without "
          "the corners of a deadly rectangle (2 solutions)", c6, [
        u6a,
        u6b,
        remove_givens(c6, u6a, 1),
        remove_givens(c6, u6a, 2),
        remove_givens(c6, u6a, 4),
        remove_givens(c6, u6b, 1, skip=3),
        deadly_rectangle(c6, solution_of(c6, u6b)),
    ])
    group("classic-6x6: rows 1 and 2 given, the rest empty (many solutions)", c6, [
        "123456456123" + "." * 24,
    ])
    group("classic-6x6: contradictory givens (r1c1 and r2c3: same 2x3 box, different row and "
          "column); unsolvable (a wrong clue)", c6, [
        set_cells(c6, "." * 36, {(1, 1): "5", (2, 3): "5"}),
        wrong_given(c6, u6a),
    ])

    # --- classic 9x9 ---------------------------------------------------------------------------
    group("classic-9x9: 17-clue puzzles (17_clue.txt lines 1, 43459, 43986, 44016)", c9, list(SEVENTEEN.values()))
    group("classic-9x9: magictour top1465 (lines 1, 266, 450, 577, 1151)", c9, list(MAGICTOUR.values()))
    group("classic-9x9: forum hardest 1106 (lines 1, 96)", c9, list(FORUM_HARDEST.values()))
    group("classic-9x9: Serg's benchmark, several solutions each (lines 134, 180, 196, 219)", c9, list(SERG.values()))
    m450 = MAGICTOUR[450]
    group("classic-9x9: magictour 450 without its first 1, 2 and 3 givens; the solution of magictour "
          "577 without the corners of a deadly rectangle (2 solutions); the solution of magictour 450", c9, [
        remove_givens(c9, m450, 1),
        remove_givens(c9, m450, 2),
        remove_givens(c9, m450, 3),
        deadly_rectangle(c9, solution_of(c9, MAGICTOUR[577])),
        solution_of(c9, m450),
    ])
    group("classic-9x9: contradictory givens (magictour 450 with a clash made in row 1, column 5, box 9)", c9, [
        clash_in(c9, m450, unit_cells(c9, "row", 1)),
        clash_in(c9, m450, unit_cells(c9, "column", 5)),
        clash_in(c9, m450, unit_cells(c9, "box", 9)),
    ])
    group("classic-9x9: unsolvable without a clash (magictour 450 and 17-clue 43459 plus a wrong "
          "clue; r1c1 sees every value; 1 has no place in box 1)", c9, [
        wrong_given(c9, m450),
        wrong_given(c9, SEVENTEEN[43459]),
        set_cells(c9, "." * 81, {(1, 2): "1", (1, 3): "2", (1, 4): "3", (1, 5): "4", (4, 1): "5",
                                 (5, 1): "6", (6, 1): "7", (7, 1): "8", (2, 2): "9"}),
        set_cells(c9, "." * 81, {(1, 4): "1", (2, 7): "1", (4, 1): "1", (7, 2): "1", (3, 3): "2"}),
    ])

    # --- classic 12x12 (3x4 boxes) -------------------------------------------------------------
    u12a, u12b = generate(c12, 1, 60), generate(c12, 2, 70)
    group("classic-12x12: generated unique puzzles (60 and 70 clues); the first without its first "
          "3 givens; a clash in box 1; the first plus a wrong clue", c12, [
        u12a,
        u12b,
        remove_givens(c12, u12a, 3),
        clash_in(c12, u12a, unit_cells(c12, "box", 1)),
        wrong_given(c12, u12a),
    ])

    # --- classic 16x16 -------------------------------------------------------------------------
    j14 = JANKO[14]
    group("classic-16x16: janko puzzles (gecode_janko_55.txt lines 11, 12, 14, 44)", c16, list(JANKO.values()))
    group("classic-16x16: janko 14 without its last 4 givens and without its last 14 (row-major); "
          "its solution without the corners of a deadly rectangle (2 solutions); a clash in "
          "column 16; plus a wrong clue", c16, [
        remove_givens(c16, j14, 4, last=True),
        remove_givens(c16, j14, 14, last=True),
        deadly_rectangle(c16, solution_of(c16, j14)),
        clash_in(c16, j14, unit_cells(c16, "column", 16)),
        wrong_given(c16, j14),
    ])

    # --- 9x9 variants --------------------------------------------------------------------------
    # (spec, (seed, floor) of a minimal puzzle and of two 24-clue ones, how many givens to
    #  remove for more solutions, the full grid to relabel (None: search one), a pair of cells
    #  that clash under the variant's extra rule only, and what that rule is)
    variants = [
        ("x-sudoku-9x9", [(2, 0), (2, 24), (3, 24)], (4, 5), None, {(1, 1): "7", (5, 5): "7"}, "r1c1 and r5c5 on the main diagonal"),
        ("windoku-9x9", [(3, 0), (1, 24), (2, 24)], (2, 9), None, {(2, 2): "7", (4, 4): "7"}, "r2c2 and r4c4 in window 1"),
        ("jigsaw-9x9", [(2, 0), (2, 24), (3, 24)], (2, 4), None, {(3, 3): "7", (5, 1): "7"}, "r3c3 and r5c1 in region D"),
        ("anti-knight-9x9", [(3, 0), (1, 24), (2, 24)], (7, 9), MIRACLE, {(3, 3): "7", (4, 5): "7"}, "r3c3 and r4c5, a knight's move apart"),
        ("anti-king-9x9", [(4, 0), (5, 24), (6, 24)], (4, 8), MIRACLE_T, {(3, 3): "7", (4, 4): "7"}, "r3c3 and r4c4, diagonal neighbours in two boxes"),
    ]
    for name, seeds, (ka, kb), full, clash, what in variants:
        (sa, fa), (sb, fb), (sc, fc) = seeds
        ua, ub, uc = (generate(name, s, f, full) for s, f in seeds)
        group(f"{name}: generated unique puzzles (seed {sa} minimal, seeds {sb} and {sc} with {fb} "
              f"clues); the second without its last {ka} and {kb} givens (row-major)", name, [
            ua,
            ub,
            uc,
            remove_givens(name, ub, ka, last=True),
            remove_givens(name, ub, kb, last=True),
        ])
        group(f"{name}: contradictory only by the variant's rule ({what}); unsolvable (the "
              f"second puzzle plus a wrong clue)", name, [
            set_cells(name, "." * 81, clash),
            wrong_given(name, ub),
        ])
    return out


def self_check():
    """The counter against published facts (see the module doc)."""
    c4, c9 = SPECS["classic-4x4"], SPECS["classic-9x9"]
    assert count(c4, [0] * 16) == 288
    assert count(c4, [1, 2, 3, 4] + [0] * 12) == 12
    for puzzle in [*SEVENTEEN.values(), *MAGICTOUR.values(), *FORUM_HARDEST.values()]:
        assert count(c9, c9.parse(puzzle), cap=2) == 1, puzzle
    for puzzle in SERG.values():
        assert count(c9, c9.parse(puzzle), cap=2) == 2, puzzle


def render():
    lines = [
        "# coverlab conformance corpus: generated by make_corpus.py (read its header); do not edit.",
        "# One case per line: spec : puzzle : expected_count  (line format, '.' empty).",
        "# Counts are exact, computed by the script's own Algorithm X, not by any Rust strategy.",
    ]
    for comment, items in cases():
        lines.append("")
        lines.append("# " + comment)
        for spec_name, puzzle in items:
            spec = SPECS[spec_name]
            lines.append(f"{spec_name} : {puzzle} : {count(spec, spec.parse(puzzle))}")
    return "\n".join(lines) + "\n"


def main():
    self_check()
    text = render()
    if sys.argv[1:] == ["--check"]:
        path = Path(__file__).with_name("conformance.txt")
        if path.read_text() != text:
            print(f"{path} is stale: rerun make_corpus.py", file=sys.stderr)
            sys.exit(1)
        print(f"{path} is up to date")
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
