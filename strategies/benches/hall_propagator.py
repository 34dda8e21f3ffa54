#!/usr/bin/env python3
"""Experiment: does all-different (Hall set) reasoning cut CaDiCaL's search on hard grids?

usage: strategies/benches/hall_propagator.py CNF MODE CONFLICTS
  CNF        coverlab's DIMACS of a puzzle (`cargo run --release -p coverlab-strategies --example
             dimacs -- FILE LINE > x.cnf`), whose `c rRcC var:value ...` lines map cells to variables
  MODE       0: plain CaDiCaL; noop: every option variable observed by a propagator that does
             nothing (CaDiCaL freezes observed variables, which changes its search); 1: the Hall
             propagator below
  CONFLICTS  conflict budget

Runs CaDiCaL 1.9.5 through PySAT (`pip install python-sat`), with an external propagator through
IPASIR-UP: for each row, column and box touched since its last check, a maximum matching of its
free cells to its missing values (augmenting paths over bitmasks). No perfect matching: the cells
reachable from an unmatched cell by alternating paths are a Hall violator, returned as a conflict
clause (some cell of the set takes a value outside the set's values). Otherwise a value v leaves
cell c when v's mate cannot reach c: the cells reachable from v's mate form a Hall set S whose
values V include v, and the reason clause is "not (c, v), or some cell of S takes a value outside
V" (lazy clause generation, as in Régin's filtering with explanations).

Prints the answer and CaDiCaL's conflicts and decisions. It is written for counting conflicts, not
for speed: the propagator is Python. Results are in strategies/PERFORMANCE.md ("Session 4").
"""
import sys, time, math
from pysat.formula import CNF
from pysat.solvers import Cadical195
from pysat.engines import Propagator


def load(path):
    cells = {}  # (r, c) -> [(var, value)]
    for line in open(path):
        if line.startswith('c r'):
            parts = line.split()
            rc = parts[1][1:]
            r, c = rc.split('c')
            cells[(int(r) - 1, int(c) - 1)] = [tuple(map(int, p.split(':'))) for p in parts[2:]]
        elif line.startswith('p'):
            break
    return cells


def bits(mask):
    """The positions of the set bits of `mask`, ascending."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Hall(Propagator):
    def __init__(self, cells, n):
        super().__init__()
        b = math.isqrt(n)
        self.var_info = {}  # var -> (cell index in house lists..., value)
        houses = {}
        for (r, c), opts in cells.items():
            for key in (('r', r), ('c', c), ('b', (r // b) * b + c // b)):
                houses.setdefault(key, []).append((r, c))
        self.houses = list(houses.values())
        self.cell_houses = {}
        for h, hc in enumerate(self.houses):
            for cell in hc:
                self.cell_houses.setdefault(cell, []).append(h)
        self.cells = cells
        self.var_of = {}
        for cell, opts in cells.items():
            for var, val in opts:
                self.var_info[var] = (cell, val)
                self.var_of[(cell, val)] = var
        self.orig = {cell: sum(1 << val for _, val in opts) for cell, opts in cells.items()}
        self.dom = dict(self.orig)
        self.trail = []  # assigned vars (positive/negative lits)
        self.levels = []  # trail length at each level start
        self.dirty = set(range(len(self.houses)))
        self.reasons = {}
        self.props = 0
        self.calls = 0

    def on_assignment(self, lit, fixed=False):
        var = abs(lit)
        cell, val = self.var_info[var]
        if lit < 0:
            self.dom[cell] &= ~(1 << val)
        else:
            self.dom[cell] &= (1 << val)
        self.trail.append(lit)
        for h in self.cell_houses[cell]:
            self.dirty.add(h)

    def on_new_level(self):
        self.levels.append(len(self.trail))

    def on_backtrack(self, to):
        if to >= len(self.levels):
            return
        keep = self.levels[to]
        del self.levels[to:]
        undone = self.trail[keep:]
        del self.trail[keep:]
        # Recompute affected cells' domains from the remaining trail.
        touched = set(self.var_info[abs(l)][0] for l in undone)
        for cell in touched:
            self.dom[cell] = self.orig[cell]
        for l in self.trail:
            cell, val = self.var_info[abs(l)]
            if cell in touched:
                if l < 0:
                    self.dom[cell] &= ~(1 << val)
                else:
                    self.dom[cell] &= (1 << val)
        for cell in touched:
            for h in self.cell_houses[cell]:
                self.dirty.add(h)
        # Reasons of undone propagations are no longer needed.
        for l in undone:
            self.reasons.pop(l, None)

    def check_model(self, model):
        return True

    def house_check(self, h):
        """Checks house h: ('conflict', clause), or the list of (literal, reason clause) it implies."""
        hc = self.houses[h]
        doms = [self.dom[c] for c in hc]
        mate_of_val = {}
        mate_of_cell = [None] * len(hc)

        def augment(i, seen):
            for v in bits(doms[i]):
                if v not in seen:
                    seen.add(v)
                    j = mate_of_val.get(v)
                    if j is None or augment(j, seen):
                        mate_of_val[v], mate_of_cell[i] = i, v
                        return True
            return False

        closures = {}

        def closure(i):
            """The cells reachable from cell i by alternating paths, and the union of their domains."""
            if i not in closures:
                S, V, stack = {i}, 0, [i]
                while stack:
                    d = doms[stack.pop()]
                    V |= d
                    for v in bits(d):
                        j = mate_of_val.get(v)
                        if j is not None and j not in S:
                            S.add(j)
                            stack.append(j)
                closures[i] = (S, V)
            return closures[i]

        def outside(S, V):
            """'Some cell of S takes a value outside V', as literals (all false now)."""
            return [self.var_of[(hc[s], w)] for s in S for w in bits(self.orig[hc[s]] & ~V)]

        for i in range(len(hc)):
            if not augment(i, set()):
                # A Hall violator: the cells reachable from i have fewer values than cells.
                return ('conflict', outside(*closure(i)))
        # A perfect matching: value v leaves cell i when v's mate cannot reach i; the cells it
        # reaches are a Hall set holding v.
        out = []
        for i in range(len(hc)):
            for v in bits(doms[i] & ~(1 << mate_of_cell[i])):
                S, V = closure(mate_of_val[v])
                if i not in S:
                    lit = -self.var_of[(hc[i], v)]
                    out.append((lit, [lit] + outside(S, V)))
        return out

    def propagate(self):
        self.calls += 1
        if self.noop:
            return []
        if self.conflict is not None:
            return []
        lits = []
        while self.dirty:
            h = self.dirty.pop()
            res = self.house_check(h)
            if isinstance(res, tuple):
                self.conflict = res[1]
                self.dirty.add(h)
                return []
            for lit, reason in res:
                if lit not in self.reasons and -lit not in self.reasons:
                    self.reasons[lit] = reason
                    lits.append(lit)
            if lits:
                break
        self.props += len(lits)
        return lits

    def provide_reason(self, lit):
        return self.reasons[lit]

    conflict = None

    def has_clause(self):
        return self.conflict is not None

    def add_clause(self):
        c = self.conflict
        self.conflict = None
        return c


def run(path, hall, budget):
    """Solves the CNF at `path` with at most `budget` conflicts; `hall`: False, True or 'noop'."""
    cells = load(path)
    n = max(r for r, _ in cells) + 1
    cnf = CNF(from_file=path)
    s = Cadical195(bootstrap_with=cnf.clauses)
    prop = None
    if hall:
        prop = Hall(cells, n)
        prop.noop = hall == 'noop'
        s.connect_propagator(prop)
        for var in prop.var_info:
            s.observe(var)
    s.conf_budget(budget)
    t = time.time()
    res = s.solve_limited()
    dt = time.time() - t
    st = s.accum_stats()
    extra = f" props={prop.props} calls={prop.calls}" if prop else ""
    print(f"{path} hall={hall} result={res} conflicts={st.get('conflicts')} decisions={st.get('decisions')} time={dt:.1f}s{extra}", flush=True)


if __name__ == '__main__':
    run(sys.argv[1], {'0': False, '1': True, 'noop': 'noop'}[sys.argv[2]], int(sys.argv[3]))
