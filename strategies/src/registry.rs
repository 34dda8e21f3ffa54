//! The one table of strategies. The CLI's `--strategy` choices, `coverlab strategies`, the
//! benchmarks, the conformance tests and the snapshot tests all iterate it.
//!
//! # Adding a strategy
//! 1. Write the simplest correct version in a new file `strategies/src/<name>.rs`: a type that
//!    implements [`Strategy`], using [`coverlab_engine::Search`] for limits, stats and traces
//!    (or, for a plain backtracking search, a [`crate::plain::Hooks`] implementation). Cite its
//!    source (a seed document, a paper) in the module doc. Its knobs go in one options table
//!    ([`OptionInfo`]); its traces start with its label (`Options::label`).
//! 2. Add `pub mod <name>;` to `lib.rs` and one [`StrategyInfo`] entry to [`REGISTRY`] below (a
//!    named set of another strategy's options is a [`Preset`] instead).
//! 3. Run the conformance tests (`cargo test -p coverlab-strategies`) and the snapshot tests
//!    (`cargo insta test --workspace`: the snapshots live at the top of the workspace, and
//!    without `--workspace` none runs), and review the new snapshots (`cargo insta review
//!    --workspace`).
//! 4. Add its row to the strategy table in docs/strategies.md (`tests/it/readme.rs` checks it).
//! 5. Only then optimise; add it to a `coverlab bench` run and compare.
//!
//! A variant defined outside this crate registers itself at run time ([`register`]); see
//! `examples/variant_strategy.rs`.

use std::fmt;

use coverlab_engine::Strategy;

use crate::options::{OptionInfo, Options};

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

/// What a strategy is for, so that `coverlab strategies` says at a glance which to use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Role {
    /// The default: the fastest choice for every spec and size.
    Default,
    /// Tuned for speed at some sizes: the default's parts, to pick one directly.
    Speed,
    /// Knuth's Algorithm X: the exact-cover view of a puzzle.
    ExactCover,
    /// One of the seed documents' algorithms, generalised: to read, trace and compare.
    Seed,
}

impl Role {
    /// The role as `coverlab strategies` writes it.
    pub fn name(self) -> &'static str {
        match self {
            Role::Default => "default",
            Role::Speed => "speed",
            Role::ExactCover => "exact cover",
            Role::Seed => "seed algorithm",
        }
    }
}

/// One registered strategy.
#[derive(Clone, Copy)]
pub struct StrategyInfo {
    /// Stable kebab-case name.
    pub name: &'static str,
    /// What it is for.
    pub role: Role,
    /// One line: what it does.
    pub summary: &'static str,
    /// Where the algorithm comes from.
    pub source: &'static str,
    /// What it can do.
    pub capabilities: Capabilities,
    /// Its options (CaDiCaL's options table is the model: every knob in one place, with its
    /// default, range and help). A seeded strategy has a `seed` option: `--seed` when not given.
    pub options: &'static [OptionInfo],
    /// Builds a fresh instance with these options; `label` is the full name, options included,
    /// which its traces' `start` event carries.
    pub new: fn(options: &Options, label: String) -> Box<dyn Strategy>,
}

impl StrategyInfo {
    /// A fresh instance with every option at its default, seeded.
    pub fn build(&'static self, seed: u64) -> Box<dyn Strategy> {
        Chosen::of(self).build(seed)
    }
}

impl fmt::Debug for StrategyInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StrategyInfo").field("name", &self.name).finish_non_exhaustive()
    }
}

/// A named set of option values of one strategy: `fast-locked` is `fast(gac_from: 65)`. A
/// preset is a convenience, not another strategy: its traces say what it runs.
#[derive(Debug, Clone, Copy)]
pub struct Preset {
    /// Its name, kebab-case.
    pub name: &'static str,
    /// The strategy it sets options of.
    pub of: &'static str,
    /// The options it sets, as written inside `of(…)`.
    pub set: &'static str,
    /// One line: what it is for.
    pub summary: &'static str,
}

/// A strategy as chosen: a registered strategy or a preset, with its options set.
#[derive(Debug, Clone)]
pub struct Chosen {
    /// The name it was chosen by (a strategy's or a preset's): snapshot files use it.
    pub name: &'static str,
    /// The strategy.
    pub info: &'static StrategyInfo,
    /// The preset, when chosen by one.
    pub preset: Option<&'static Preset>,
    #[doc(hidden)]
    pub options: Options,
    /// A `seed` option was written out: `--seed` does not override it.
    seed_given: bool,
}

impl Chosen {
    /// `info` with every option at its default.
    pub fn of(info: &'static StrategyInfo) -> Chosen {
        Chosen { name: info.name, info, preset: None, options: Options::defaults(info.options), seed_given: false }
    }

    /// The options, with `seed` (when the strategy has that option and it was not written out).
    fn options_with(&self, seed: u64) -> Options {
        let mut options = self.options.clone();
        if !self.seed_given && self.info.options.iter().any(|o| o.name == "seed") {
            options.apply(&format!("seed: {seed}"), self.info.name).expect("a seed is a valid seed");
        }
        options
    }

    /// A fresh instance, seeded with `seed` unless the options name a seed.
    pub fn build(&self, seed: u64) -> Box<dyn Strategy> {
        let options = self.options_with(seed);
        let label = options.label(self.info.name);
        (self.info.new)(&options, label)
    }

    /// The strategy with every option written out: what a trace's `start` event says.
    pub fn label(&self, seed: u64) -> String {
        self.options_with(seed).label(self.info.name)
    }

    /// The name it was chosen by, followed by the options that differ from that name's own
    /// values (a strategy's defaults, or a preset's set): `fast`, `fast(locked: false)`,
    /// `fast-locked(restarts: true)`. What a bench row is called: two settings of one strategy
    /// read apart, and a row at the defaults stays short. The seed counts only when written out.
    pub fn short_label(&self) -> String {
        let base = find(self.name).map_or_else(|| Options::defaults(self.info.options), |c| c.options);
        // `--seed` is applied when building (`options_with`), never to `self.options`.
        let changed = self.options.changed_from(&base);
        if changed.is_empty() { self.name.to_string() } else { format!("{}({})", self.name, changed.join(", ")) }
    }

    /// What the strategy can do.
    pub fn capabilities(&self) -> Capabilities {
        self.info.capabilities
    }
}

/// The strategy used when none is named.
/// `auto` runs the `band-9x9` kernel, which reaches the fastest 9×9 solvers' throughput, on
/// classic 9×9, and `fast` with its CaDiCaL hand-over (`fast-sat`) on every other spec: it
/// settles most puzzles of any size in milliseconds, and hands large grids it cannot settle
/// within a guess budget to kissat (a first solution) and CaDiCaL (strategies/PERFORMANCE.md).
pub const DEFAULT: &str = "auto";

/// `auto`'s line: where it hands over depends on whether the C and C++ solvers are built in.
#[cfg(feature = "sat")]
const AUTO_SUMMARY: &str = "band-9x9 on classic 9x9; elsewhere fast, handing to sat what it cannot settle in 2,000 guesses on grids of 16x16 and more, fewer below 25x25 (819 at 16x16; at any size when no constraint adds values up)";
#[cfg(not(feature = "sat"))]
const AUTO_SUMMARY: &str = "band-9x9 on classic 9x9; elsewhere fast, handing to batsat (this build has no CaDiCaL or kissat) what it cannot settle in 2,000 guesses on grids of 16x16 and more (at any size when no constraint adds values up)";

/// Every strategy, in the order `coverlab strategies` lists them: by role, then by name.
pub const REGISTRY: &[StrategyInfo] = &[
    StrategyInfo {
        name: "auto",
        role: Role::Default,
        summary: AUTO_SUMMARY,
        source: "band-9x9, fast and sat (see those)",
        capabilities: Capabilities::PROPAGATES.with(Capabilities::FAST),
        options: &[],
        new: |_, _| Box::new(crate::auto::auto()),
    },
    StrategyInfo {
        name: "band-9x9",
        role: Role::Speed,
        summary: "on classic 9x9 a bit-parallel band kernel (box-line shrink tables, singles, copy-on-guess); every other spec goes to fast",
        source: "JCZSolve (zhouyundong) and tdoku (t-dillon): band bitboards per digit",
        capabilities: Capabilities::PROPAGATES.with(Capabilities::FAST),
        options: &[],
        new: |_, _| Box::new(crate::band9::Band9::new()),
    },
    StrategyInfo {
        name: crate::fast::NAME,
        role: Role::Speed,
        summary: "bitset candidates, naked + hidden singles, locked candidates, MRV with scored bivalue cells, copy-on-guess; all-different filtering from 16x16",
        source: "Norvig's propagation, pointing/claiming, MRV; Régin 1994 (all-different); Gomes, Selman, Kautz 1998 (restarts)",
        capabilities: Capabilities::PROPAGATES.with(Capabilities::ELIMINATIONS).with(Capabilities::FAST),
        options: crate::fast::OPTIONS,
        new: |options, label| Box::new(crate::fast::Fast::with_options(options, label)),
    },
    StrategyInfo {
        name: "sat",
        role: Role::Speed,
        summary: "the exact-cover model of the free cells as CNF (exactly-one per item, pairwise), solved by CaDiCaL; blocking clauses to count",
        source: "Lynce and Ouaknine 2006 (extended sudoku encoding); CaDiCaL (Biere et al.) via the cadical crate",
        capabilities: Capabilities::EXACT_COVER.with(Capabilities::FAST),
        options: &[],
        new: |_, _| Box::new(crate::sat::Sat),
    },
    StrategyInfo {
        name: crate::sat::BATSAT,
        role: Role::Speed,
        summary: "the `sat` encoding solved by batsat, a pure-Rust CDCL solver; the SAT solver of builds without C++ (the page)",
        source: "Lynce and Ouaknine 2006 (extended sudoku encoding); MiniSat 2.2 (Eén and Sörensson) as ported to Rust by the batsat crate",
        capabilities: Capabilities::EXACT_COVER,
        options: &[],
        new: |_, _| Box::new(crate::sat::Batsat),
    },
    StrategyInfo {
        name: "dlx",
        role: Role::ExactCover,
        summary: "Algorithm X with dancing links on the exact-cover matrix, MRV item choice, secondary items",
        source: "Knuth, TAOCP Vol. 4B, 7.2.2.1, Algorithm X (dancing links, secondary items)",
        capabilities: Capabilities::EXACT_COVER,
        options: &[],
        new: |_, _| Box::new(crate::dlx::Dlx::default()),
    },
    StrategyInfo {
        name: "dfs",
        role: Role::Seed,
        summary: "plain depth-first search: first empty cell in row-major order, values ascending, bitset houses",
        source: "seed 001 (DanArmor/Sudoku_set, bit-set backtracking)",
        capabilities: Capabilities::NONE,
        options: &[],
        new: |_, _| Box::new(crate::dfs::Dfs::default()),
    },
    StrategyInfo {
        name: "mrv",
        role: Role::Seed,
        summary: "recursive backtracking on the empty cell with the fewest values left (unit bitmasks), values ascending",
        source: "seed 002 (algdat Sudoku Solver, bitmask field picking)",
        capabilities: Capabilities::NONE,
        options: &[],
        new: |_, _| Box::new(crate::mrv::Mrv::default()),
    },
    StrategyInfo {
        name: "random-stack",
        role: Role::Seed,
        summary: "iterative backtracking with an explicit stack; each cell's values in a seeded random order",
        source: "seed 000 (BruteSudoku29, recursive descent without explicit recursion)",
        capabilities: Capabilities::SEEDED,
        options: crate::random_stack::OPTIONS,
        new: |options, label| Box::new(crate::random_stack::RandomStack::with_options(options, label)),
    },
    StrategyInfo {
        name: "singles",
        role: Role::Seed,
        summary: "naked singles to a fixpoint, then a guess in the smallest cell, refuted on failure; undo via a guess journal",
        source: "seed 004 (SudokuSolver, possibility vectors, journal, acquired information)",
        capabilities: Capabilities::PROPAGATES.with(Capabilities::ELIMINATIONS),
        options: crate::singles::OPTIONS,
        new: |options, label| Box::new(crate::singles::Singles::with_options(options, label)),
    },
    StrategyInfo {
        name: "singles-copy",
        role: Role::Seed,
        summary: "singles to a fixpoint (a fitness table), then each value of the first empty cell in a copy of the whole state",
        source: "seed 003 (sudoku-solver, 2-phase recursive search, a copy per guess)",
        capabilities: Capabilities::PROPAGATES,
        options: &[],
        new: |_, _| Box::new(crate::singles_copy::SinglesCopy),
    },
];

/// Named option sets, listed with their strategy.
pub const PRESETS: &[Preset] = &[
    Preset {
        name: "fast-sat",
        of: "fast",
        set: "sat_from: 16",
        summary: "fast handing a grid of 16x16 or more it cannot settle in 2,000 guesses to sat, from its propagated root",
    },
    Preset {
        name: "fast-locked",
        of: "fast",
        set: "gac_from: 65",
        summary: "fast without all-different filtering: singles, locked candidates, MRV",
    },
    Preset {
        name: "fast-hidden",
        of: "fast",
        set: "locked: false, place_branching: false, bivalue_score: false, gac_from: 65",
        summary: "naked and hidden singles, MRV",
    },
    Preset {
        name: "fast-singles",
        of: "fast",
        set: "hidden: false, locked: false, place_branching: false, bivalue_score: false, gac_from: 65",
        summary: "naked singles only, MRV",
    },
    Preset {
        name: "fast-first-bivalue",
        of: "fast",
        set: "bivalue_score: false",
        summary: "fast branching on the first bivalue cell found, without scoring them",
    },
    Preset {
        name: "fast-gac",
        of: "fast",
        set: "gac_from: 1",
        summary: "fast with all-different filtering at every size",
    },
    Preset {
        name: "fast-restarts",
        of: "fast",
        set: "restarts: true, gac_from: 65",
        summary: "fast-locked with randomised MRV tie-breaks and Luby restarts",
    },
    Preset {
        name: "fast-gac-restarts",
        of: "fast",
        set: "restarts: true, gac_from: 1",
        summary: "fast-gac with randomised MRV tie-breaks, value order and Luby restarts",
    },
    Preset { name: "singles-hidden", of: "singles", set: "hidden: true", summary: "singles with hidden singles too" },
];

/// Strategies registered at run time ([`register`]): a research variant outside this crate.
static EXTRA: std::sync::Mutex<Vec<&'static StrategyInfo>> = std::sync::Mutex::new(Vec::new());

/// Adds a strategy defined outside this crate (a research variant) to the registry for the rest
/// of the run: `--strategy`, `coverlab strategies`, `bench` and `compare` then know it. Its name
/// must be new.
pub fn register(info: &'static StrategyInfo) -> Result<(), String> {
    if names().contains(&info.name) {
        return Err(format!("a strategy or preset is already called {:?}", info.name));
    }
    EXTRA.lock().unwrap_or_else(|e| e.into_inner()).push(info);
    Ok(())
}

/// Every strategy: the table's, then those registered at run time.
pub fn infos() -> Vec<&'static StrategyInfo> {
    let extra = EXTRA.lock().unwrap_or_else(|e| e.into_inner());
    REGISTRY.iter().filter(|s| built_in(s.name)).chain(extra.iter().copied()).collect()
}

/// The presets this build has (all of [`PRESETS`] but those that need what it left out).
pub fn presets() -> impl Iterator<Item = &'static Preset> {
    PRESETS.iter().filter(|p| built_in(p.name))
}

/// The strategies and presets that need the `sat` feature (CaDiCaL and kissat).
const NEED_SAT: &[&str] = &["sat", "fast-sat"];

/// False for a strategy or preset that needs what this build left out (`NEED_SAT` without the
/// `sat` feature).
fn built_in(name: &str) -> bool {
    crate::sat::BUILT_IN || !NEED_SAT.contains(&name)
}

/// The registered strategy of that name (not a preset).
pub fn info(name: &str) -> Option<&'static StrategyInfo> {
    infos().into_iter().find(|s| s.name == name)
}

/// The strategy or preset of that name, its options at their defaults (or the preset's).
pub fn find(name: &str) -> Option<Chosen> {
    if let Some(info) = info(name) {
        return Some(Chosen::of(info));
    }
    let preset = PRESETS.iter().find(|p| p.name == name && built_in(p.name))?;
    let mut chosen = Chosen::of(info(preset.of)?);
    chosen.options.apply(preset.set, preset.of).ok()?;
    chosen.name = preset.name;
    chosen.preset = Some(preset);
    Some(chosen)
}

/// A strategy as written on the command line: a name (a strategy or a preset), optionally
/// followed by options in parentheses: `fast`, `fast-locked`, `fast(hidden: false, gac_from: 1)`,
/// `random-stack(seed: 7)`.
pub fn resolve(text: &str) -> Result<Chosen, String> {
    let text = text.trim();
    let (name, inside) = match text.split_once('(') {
        Some((name, rest)) => {
            let Some(inside) = rest.trim_end().strip_suffix(')') else {
                return Err(format!("{text:?}: options go inside parentheses, like fast(hidden: false)"));
            };
            (name.trim(), Some(inside))
        }
        None => (text, None),
    };
    if !built_in(name) {
        return Err(format!(
            "{name} is not built in: this coverlab was built without its `sat` feature (CaDiCaL and kissat); \
             build with default features to have it"
        ));
    }
    let mut chosen = find(name).ok_or_else(|| {
        let known = names();
        match coverlab_model::text::did_you_mean(name, known.iter().copied()) {
            Some(question) => format!("unknown strategy {name:?}: {question} (known: {})", known.join(", ")),
            None => format!("unknown strategy {name:?} (known: {})", known.join(", ")),
        }
    })?;
    if let Some(inside) = inside {
        chosen.options.apply(inside, chosen.info.name)?;
        chosen.seed_given = inside.split(',').any(|p| p.split_once(':').is_some_and(|(k, _)| k.trim() == "seed"));
    }
    Ok(chosen)
}

/// The default strategy.
pub fn default_strategy() -> Chosen {
    find(DEFAULT).expect("the default strategy is registered")
}

/// Every strategy at its defaults, then every preset: what the conformance, property, trace and
/// snapshot tests run.
pub fn all() -> Vec<Chosen> {
    infos().into_iter().map(Chosen::of).chain(presets().map(|p| find(p.name).expect("presets are valid"))).collect()
}

/// The names of the strategies, then of the presets.
pub fn names() -> Vec<&'static str> {
    infos().into_iter().map(|s| s.name).chain(presets().map(|p| p.name)).collect()
}
