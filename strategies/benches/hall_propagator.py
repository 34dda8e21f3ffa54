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
        self.pending = []
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
        self.pending = []
        # Reasons of undone propagations are no longer needed.
        for l in undone:
            self.reasons.pop(l, None)

    def check_model(self, model):
        return True

    def house_check(self, h):
        """Returns ('conflict', clause) or list of (lit, reason clause)."""
        hc = self.houses[h]
        doms = [self.dom[c] for c in hc]
        k = len(hc)
        mate_of_val = {}
        mate_of_cell = [None] * k

        def augment(i, seen):
            d = doms[i]
            while d:
                lowbit = d & -d
                v = lowbit.bit_length() - 1
                d ^= lowbit
                if v in seen:
                    continue
                seen.add(v)
                j = mate_of_val.get(v)
                if j is None or augment(j, seen):
                    mate_of_val[v] = i
                    mate_of_cell[i] = v
                    return True
            return False

        for i in range(k):
            seen = set()
            if not augment(i, seen):
                # Hall violator: cells reachable by alternating paths from i.
                S = {i}
                stack = [i]
                V = 0
                while stack:
                    x = stack.pop()
                    d = doms[x]
                    V |= d
                    while d:
                        lowbit = d & -d
                        v = lowbit.bit_length() - 1
                        d ^= lowbit
                        j = mate_of_val.get(v)
                        if j is not None and j not in S:
                            S.add(j)
                            stack.append(j)
                clause = []
                for s in S:
                    cell = hc[s]
                    rest = self.orig[cell] & ~V
                    while rest:
                        lowbit = rest & -rest
                        w = lowbit.bit_length() - 1
                        rest ^= lowbit
                        clause.append(self.var_of[(cell, w)])
                return ('conflict', clause)
        # Perfect matching: an edge (i, v) not matched is removable when v's mate cannot reach i.
        out = []
        reach_cache = {}

        def reach(j):
            if j in reach_cache:
                return reach_cache[j]
            S = {j}
            stack = [j]
            V = 0
            while stack:
                x = stack.pop()
                d = doms[x]
                V |= d
                while d:
                    lowbit = d & -d
                    v = lowbit.bit_length() - 1
                    d ^= lowbit
                    y = mate_of_val[v]
                    if y not in S:
                        S.add(y)
                        stack.append(y)
            reach_cache[j] = (S, V)
            return S, V

        for i in range(k):
            d = doms[i] & ~(1 << mate_of_cell[i])
            while d:
                lowbit = d & -d
                v = lowbit.bit_length() - 1
                d ^= lowbit
                j = mate_of_val[v]
                S, V = reach(j)
                if i in S:
                    continue
                cell = hc[i]
                lit = -self.var_of[(cell, v)]
                reason = [lit]
                for s in S:
                    sc = hc[s]
                    rest = self.orig[sc] & ~V
                    while rest:
                        lowbit2 = rest & -rest
                        w = lowbit2.bit_length() - 1
                        rest ^= lowbit2
                        reason.append(self.var_of[(sc, w)])
                out.append((lit, reason))
        return out

    noop = False

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
