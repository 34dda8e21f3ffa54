//! The one table of strategies. The CLI's `--strategy` choices, `coverlab strategies`, the
//! benchmarks, the conformance tests and the snapshot tests all iterate it.
//!
//! # Adding a strategy
//! 1. Write the simplest correct version in a new file `strategies/src/<name>.rs`: a type that
//!    implements [`Strategy`], using [`coverlab_engine::Search`] for limits, stats and traces.
//!    Cite its source (a seed document, a paper) in the module doc.
//! 2. Add `pub mod <name>;` to `lib.rs` and one [`StrategyInfo`] line to [`REGISTRY`] below.
//! 3. Run the conformance tests (`cargo test -p coverlab-strategies`) and the snapshot tests
//!    (`cargo insta test`), and review the new snapshots (`cargo insta review`).
//! 4. Only then optimise; add it to a `coverlab bench` run and compare.

use std::fmt;

use coverlab_engine::Strategy;

/// What a strategy does, for `coverlab strategies` and for tests that pick strategies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Capabilities(u32);

impl Capabilities {
    /// No special capability: a plain search.
    pub const NONE: Capabilities = Capabilities(0);
    /// Deduces values (singles) between decisions.
    pub const PROPAGATES: Capabilities = Capabilities(1);
    /// Its search order depends on `--seed`.
    pub const SEEDED: Capabilities = Capabilities(2);
    /// Works on the exact-cover matrix (items and options).
    pub const EXACT_COVER: Capabilities = Capabilities(4);
    /// Emits `eliminate` events.
    pub const ELIMINATIONS: Capabilities = Capabilities(8);
    /// Tuned for speed on large grids; fine for every size.
    pub const FAST: Capabilities = Capabilities(16);

    const NAMES: [(Capabilities, &'static str); 5] = [
        (Capabilities::PROPAGATES, "propagates"),
        (Capabilities::SEEDED, "seeded"),
        (Capabilities::EXACT_COVER, "exact-cover"),
        (Capabilities::ELIMINATIONS, "eliminations"),
        (Capabilities::FAST, "fast"),
    ];

    /// Both sets of capabilities.
    pub const fn with(self, other: Capabilities) -> Capabilities {
        Capabilities(self.0 | other.0)
    }

    /// True when every capability of `other` is here.
    pub fn contains(self, other: Capabilities) -> bool {
        self.0 & other.0 == other.0
    }

    /// The names of the capabilities, in a fixed order.
    pub fn names(self) -> Vec<&'static str> {
        Capabilities::NAMES.iter().filter(|(c, _)| self.contains(*c)).map(|(_, n)| *n).collect()
    }
}

impl fmt::Display for Capabilities {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names = self.names();
        if names.is_empty() { f.write_str("-") } else { f.write_str(&names.join(", ")) }
    }
}

/// One registered strategy.
#[derive(Clone, Copy)]
pub struct StrategyInfo {
    /// Stable kebab-case name.
    pub name: &'static str,
    /// One line: what it does.
    pub summary: &'static str,
    /// Where the algorithm comes from.
    pub source: &'static str,
    /// What it can do.
    pub capabilities: Capabilities,
    /// Builds a fresh instance with the given seed.
    pub new: fn(seed: u64) -> Box<dyn Strategy>,
}

impl StrategyInfo {
    /// A fresh instance, seeded.
    pub fn build(&self, seed: u64) -> Box<dyn Strategy> {
        (self.new)(seed)
    }
}

impl fmt::Debug for StrategyInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StrategyInfo").field("name", &self.name).finish_non_exhaustive()
    }
}

/// The strategy used when none is named.
/// `auto` runs the `band-9x9` kernel, which reaches the fastest 9×9 solvers' throughput, on
/// classic 9×9, and `fast-sat` on every other spec: `fast`, which settles most puzzles of any size
/// in milliseconds, handing large grids it cannot settle within a guess budget to CaDiCaL
/// (strategies/PERFORMANCE.md).
pub const DEFAULT: &str = "auto";

/// Every strategy, in the order `coverlab strategies` lists them.
pub const REGISTRY: &[StrategyInfo] = &[
    StrategyInfo {
        name: "dfs",
        summary: "plain depth-first search: first empty cell in row-major order, values ascending, bitset houses",
        source: "seed 001 (DanArmor/Sudoku_set, bit-set backtracking)",
        capabilities: Capabilities::NONE,
        new: |_| Box::new(crate::dfs::Dfs),
    },
    StrategyInfo {
        name: "random-stack",
        summary: "iterative backtracking with an explicit stack; each cell's values in a seeded random order",
        source: "seed 000 (BruteSudoku29, recursive descent without explicit recursion)",
        capabilities: Capabilities::SEEDED,
        new: |seed| Box::new(crate::random_stack::RandomStack::new(seed)),
    },
    StrategyInfo {
        name: "singles",
        summary: "naked singles to a fixpoint, then a guess in the smallest cell; undo via a guess journal",
        source: "seeds 004 (SudokuSolver, possibility vectors and journal) and 003 (sudoku-solver, 2-phase search)",
        capabilities: Capabilities::PROPAGATES.with(Capabilities::ELIMINATIONS),
        new: |_| Box::new(crate::singles::Singles::naked()),
    },
    StrategyInfo {
        name: "singles-hidden",
        summary: "naked and hidden singles to a fixpoint, then a guess in the smallest cell; undo via a guess journal",
        source: "seeds 004 and 003, with hidden singles added",
        capabilities: Capabilities::PROPAGATES.with(Capabilities::ELIMINATIONS),
        new: |_| Box::new(crate::singles::Singles::with_hidden()),
    },
    StrategyInfo {
        name: "mrv",
        summary: "recursive backtracking on the empty cell with the fewest values left (unit bitmasks), values ascending",
        source: "seed 002 (algdat Sudoku Solver, bitmask field picking)",
        capabilities: Capabilities::NONE,
        new: |_| Box::new(crate::mrv::Mrv),
    },
    StrategyInfo {
        name: "dlx",
        summary: "Algorithm X with dancing links on the exact-cover matrix, MRV item choice, secondary items",
        source: "Knuth, TAOCP Vol. 4B, 7.2.2.1, Algorithm X (dancing links, secondary items)",
        capabilities: Capabilities::EXACT_COVER,
        new: |_| Box::new(crate::dlx::Dlx::default()),
    },
    StrategyInfo {
        name: "fast",
        summary: "bitset candidates, naked + hidden singles, locked candidates, MRV with scored bivalue cells, copy-on-guess; all-different filtering from 16x16",
        source: "Norvig's propagation, pointing/claiming, MRV (strategies/PERFORMANCE.md)",
        capabilities: Capabilities::PROPAGATES.with(Capabilities::ELIMINATIONS).with(Capabilities::FAST),
        new: |seed| Box::new(crate::fast::fast(seed)),
    },
    StrategyInfo {
        name: "fast-first-bivalue",
        summary: "fast branching on the first bivalue cell found, without scoring the bivalue cells",
        source: "Norvig's propagation, MRV (the ablation of fast's bivalue score)",
        capabilities: Capabilities::PROPAGATES.with(Capabilities::ELIMINATIONS).with(Capabilities::FAST),
        new: |seed| Box::new(crate::fast::fast_first_bivalue(seed)),
    },
    StrategyInfo {
        name: "fast-locked",
        summary: "fast without all-different filtering at any size: singles, locked candidates, MRV",
        source: "Norvig's propagation, pointing/claiming, MRV",
        capabilities: Capabilities::PROPAGATES.with(Capabilities::ELIMINATIONS).with(Capabilities::FAST),
        new: |seed| Box::new(crate::fast::fast_locked(seed)),
    },
    StrategyInfo {
        name: "fast-singles",
        summary: "fast kernel with naked singles only, MRV, copy-on-guess",
        source: "seeds 003/004 (forced cells, then the cell with fewest candidates)",
        capabilities: Capabilities::PROPAGATES.with(Capabilities::FAST),
        new: |seed| Box::new(crate::fast::fast_singles(seed)),
    },
    StrategyInfo {
        name: "fast-hidden",
        summary: "fast kernel with naked + hidden singles, MRV, copy-on-guess",
        source: "Norvig, \"Solving every sudoku puzzle\" (naked and hidden singles)",
        capabilities: Capabilities::PROPAGATES.with(Capabilities::FAST),
        new: |seed| Box::new(crate::fast::fast_hidden(seed)),
    },
    StrategyInfo {
        name: "fast-restarts",
        summary: "fast kernel (singles, locked candidates) with randomised MRV and Luby restarts",
        source: "Gomes, Selman, Kautz 1998 (randomised restarts); Luby et al. 1993",
        capabilities: Capabilities::PROPAGATES
            .with(Capabilities::ELIMINATIONS)
            .with(Capabilities::FAST)
            .with(Capabilities::SEEDED),
        new: |seed| Box::new(crate::fast::fast_restarts(seed)),
    },
    StrategyInfo {
        name: "fast-gac",
        summary: "fast plus all-different filtering of every house (perfect matching + alternating cycles)",
        source: "Régin 1994, \"A filtering algorithm for constraints of difference in CSPs\"",
        capabilities: Capabilities::PROPAGATES.with(Capabilities::ELIMINATIONS).with(Capabilities::FAST),
        new: |seed| Box::new(crate::fast::fast_gac(seed)),
    },
    StrategyInfo {
        name: "fast-gac-restarts",
        summary: "fast-gac with random MRV tie-breaks and value order, Luby restarts",
        source: "Régin 1994; Gomes, Selman, Kautz 1998 (randomised restarts)",
        capabilities: Capabilities::PROPAGATES
            .with(Capabilities::ELIMINATIONS)
            .with(Capabilities::FAST)
            .with(Capabilities::SEEDED),
        new: |seed| Box::new(crate::fast::fast_gac_restarts(seed)),
    },
    StrategyInfo {
        name: "fast-learn",
        summary: "CDCL over (cell, value) literals: native exact-one propagation (singles), 1-UIP nogood learning, MRV decisions, Luby restarts",
        source: "MiniSat/Chaff CDCL (1-UIP, two watched literals), Glucose LBD; exact-one groups propagated natively",
        capabilities: Capabilities::PROPAGATES
            .with(Capabilities::ELIMINATIONS)
            .with(Capabilities::FAST)
            .with(Capabilities::SEEDED),
        new: |seed| Box::new(crate::learn::fast_learn(seed)),
    },
    StrategyInfo {
        name: "fast-learn-vsids",
        summary: "fast-learn with SAT-style decisions: the unassigned (cell, value) of highest activity (VSIDS heap)",
        source: "Chaff VSIDS (Moskewicz et al. 2001) on the fast-learn CDCL",
        capabilities: Capabilities::PROPAGATES
            .with(Capabilities::ELIMINATIONS)
            .with(Capabilities::FAST)
            .with(Capabilities::SEEDED),
        new: |seed| Box::new(crate::learn::fast_learn_vsids(seed)),
    },
    StrategyInfo {
        name: "sat",
        summary: "the exact-cover model of the free cells as CNF (exactly-one per item, pairwise), solved by CaDiCaL; blocking clauses to count",
        source: "Lynce and Ouaknine 2006 (extended sudoku encoding); CaDiCaL (Biere et al.) via the cadical crate",
        capabilities: Capabilities::EXACT_COVER.with(Capabilities::FAST),
        new: |_| Box::new(crate::sat::Sat),
    },
    StrategyInfo {
        name: "auto",
        summary: "the default: band-9x9 on classic 9x9, fast-sat on every other spec",
        source: "band-9x9, fast and sat (see those)",
        capabilities: Capabilities::PROPAGATES.with(Capabilities::FAST),
        new: |seed| Box::new(crate::band9::Band9::auto(seed)),
    },
    StrategyInfo {
        name: "fast-sat",
        summary: "fast, handing a grid of 20x20 or more to sat (CaDiCaL) from its propagated root after 2,000 guesses",
        source: "fast and sat (see those)",
        capabilities: Capabilities::PROPAGATES.with(Capabilities::ELIMINATIONS).with(Capabilities::FAST),
        new: |seed| Box::new(crate::fast::fast_sat(seed)),
    },
    StrategyInfo {
        name: "band-9x9",
        summary: "on classic 9x9 a bit-parallel band kernel (box-line shrink tables, singles, copy-on-guess); every other spec goes to fast",
        source: "JCZSolve (zhouyundong) and tdoku (t-dillon): band bitboards per digit",
        capabilities: Capabilities::PROPAGATES.with(Capabilities::FAST),
        new: |seed| Box::new(crate::band9::Band9::new(seed)),
    },
];

/// The registered strategy of that name.
pub fn find(name: &str) -> Option<&'static StrategyInfo> {
    REGISTRY.iter().find(|s| s.name == name)
}

/// The default strategy.
pub fn default_strategy() -> &'static StrategyInfo {
    find(DEFAULT).expect("the default strategy is registered")
}

/// The registered names, in order.
pub fn names() -> Vec<&'static str> {
    REGISTRY.iter().map(|s| s.name).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_kebab_case_and_match_instances() {
        let mut seen = std::collections::BTreeSet::new();
        for info in REGISTRY {
            assert!(seen.insert(info.name), "{} registered twice", info.name);
            assert!(
                info.name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
                "{} is not kebab-case",
                info.name
            );
            assert_eq!(info.build(0).name(), info.name, "instance name differs from registry name");
            assert!(!info.summary.is_empty() && !info.source.is_empty());
        }
        assert!(find(DEFAULT).is_some());
    }

    #[test]
    fn every_strategy_module_is_registered() {
        // Each `pub mod x;` in lib.rs other than the registry must appear in the table.
        let lib = include_str!("lib.rs");
        for line in lib.lines() {
            if let Some(module) = line.strip_prefix("pub mod ").and_then(|m| m.strip_suffix(';')) {
                if module == "registry" || module == "bench" {
                    continue;
                }
                let source = std::fs::read_to_string(format!("{}/src/{module}.rs", env!("CARGO_MANIFEST_DIR")))
                    .unwrap_or_else(|e| panic!("module {module}: {e}"));
                assert!(
                    REGISTRY.iter().any(|s| source.contains(&format!("\"{}\"", s.name))),
                    "module {module} defines no registered strategy name"
                );
            }
        }
    }
}
