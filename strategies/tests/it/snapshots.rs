//! insta snapshots of every registered strategy on a fixed set of puzzles, stored in
//! `<workspace>/snapshots/strategies/<strategy>__<case>.snap`, with the spec, strategy, seed and
//! case recorded in the snapshot metadata (`info`).
//!
//! A snapshot holds a header (spec, puzzle, limits), the text trace
//! (`coverlab_engine::trace::render`, one event per line) and the outcome summary (status,
//! count, stats, solutions in line form). Nothing in it depends on time: the limits are solution
//! and node counts, never a deadline.
//!
//! Which traces are shown, deterministically:
//! - cases marked `OutcomeOnly` (16×16 and 25×25) are solved without a trace (`NullSink`) and
//!   snapshot their outcome only, under a node limit so that slow strategies stop at the same
//!   point on every run;
//! - any other trace is shown in full when it has at most `snapshot::MAX_EVENTS` (2,000) events, and is
//!   otherwise replaced by its length (so a slow strategy on the hard 9×9 snapshots only its
//!   outcome, while a fast one shows its whole story). The trace is deterministic, so its length
//!   is too.
//!
//! The text is written by `coverlab_strategies::snapshot`, which also replays every recorded
//! trace (shown or not) with the checker and validates every solution, so a snapshot can only
//! ever record a correct run.
//!
//! Review changes as its module doc says (`cargo insta test --workspace`, then `cargo insta
//! pending-snapshots` and `accept` or `reject`); with `CI=true` a changed snapshot fails the test.

use crate::common;

use std::collections::BTreeMap;
use std::path::Path;

use coverlab_engine::{Limits, TraceEvent};
use coverlab_strategies::registry::{self, Role};
use coverlab_strategies::snapshot::{MAX_EVENTS, Snapshot};

#[derive(Clone, Copy, PartialEq)]
enum Show {
    /// The trace when short enough, then the outcome.
    Trace,
    /// The outcome and the trace's length only (large grids).
    OutcomeOnly,
}

struct Case {
    name: &'static str,
    spec: &'static str,
    puzzle: &'static str,
    /// Count up to this many solutions (keeping them all).
    max_solutions: u64,
    max_nodes: Option<u64>,
    show: Show,
}

const fn case(name: &'static str, spec: &'static str, puzzle: &'static str, max_solutions: u64) -> Case {
    Case { name, spec, puzzle, max_solutions, max_nodes: None, show: Show::Trace }
}

/// The puzzles: unique ones are counted to 2 (proving uniqueness).
const CASES: &[Case] = &[
    case("4x4-unique", "classic-4x4", ".342.....43.....", 2),
    // Three solutions, all counted.
    case("4x4-several", "classic-4x4", "...2.....43.....", 10),
    // No clash among the givens, but 4 has no place in box 1.
    case("4x4-unsolvable", "classic-4x4", "..4.12..4.......", 2),
    // Two 2s in row 1.
    case("4x4-contradictory", "classic-4x4", "2..2............", 2),
    case("6x6-unique", "classic-6x6", "1...6......45...322.........1...3.5.", 2),
    // Generated (make_corpus.py: generate("classic-9x9", 2, 40)).
    case(
        "9x9-easy",
        "classic-9x9",
        "..9.1..58...4....64..8.673.7..92.81.8.15.79...5.1..3.7....5.68353..89.2.28.34.57.",
        2,
    ),
    // tests/data/9x9/forum_hardest_1106_first50.txt line 16 (22 givens) with 19 cells of its
    // solution added, so every seed strategy's trace is short (at most 438 events) and each
    // guesses wrong and backtracks before it solves it
    // (checked below, in `every_seed_strategy_guesses_and_backtracks_in_the_guessing_case`).
    case(
        GUESSING_CASE,
        "classic-9x9",
        ".7.....248.3..47..41.57...6.8.4.3...6.579.8.....8.5.472.8146.791.7...46.96.3..218",
        2,
    ),
    // 17_clue.txt line 1; plain dfs stops at the node limit.
    Case {
        max_nodes: Some(20_000),
        ..case(
            "9x9-hard",
            "classic-9x9",
            ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
            2,
        )
    },
    // Generated (make_corpus.py: generate(spec, seed, floor) with (2, 40), (1, 36), (1, 36)).
    case(
        "x-sudoku",
        "x-sudoku-9x9",
        "..3.1..95...9....79..8.562.1..52.73.4.76.19...5.3..1.8....5.34134..98.7.71.43.58.",
        2,
    ),
    case(
        "windoku",
        "windoku-9x9",
        ".1657284.7..8...3.....6...1.........1.9..356.5.82.6.97..4615...2519.8.76..3..7...",
        2,
    ),
    case(
        "jigsaw",
        "jigsaw-9x9",
        ".2614598.5..6..31.....9...6.........1.3..642...24.1.65..1827...8453.9.72..7..4...",
        2,
    ),
    // ../shared/data/16x16/gecode_janko_55.txt line 14.
    Case {
        max_nodes: Some(100_000),
        show: Show::OutcomeOnly,
        ..case(
            "16x16-janko-14",
            "classic-16x16",
            "1.....6C.4G.9BA..G6..F.9A.D1...2...D7G.3F...41...3A.2..1.759.E.GB8..D.F.C.2.A...C....1..DBFA2..5..FG.E.....58C9..25A3.C.G..E...13...4..B.G.DE78..C78A.....3.12..5..1FC37..E....9...4.2.8.F.B..CAA.4.6B7.5..F.9D...8C...DB.975...9...85.E3.A..46..5D7.A9.E2.....8",
            2,
        )
    },
    // ../shared/data/25x25/gecode_frisch_18.txt line 17 (Gecode instance 89).
    Case {
        max_nodes: Some(20_000),
        show: Show::OutcomeOnly,
        ..case(
            "25x25-frisch-17",
            "classic-25x25",
            "KWMJSPFBXGEIATQOHRYCDLUVNOP.V.KH...Y.N...LS..Q...............P.D.Q.M.X.WSJB.....S.NWD.UFVJ.K.B......QN..B..ML.....ODTVJ.K.IXHV....FB...DGLAI......NE...RB.HV.SPU...JMW..T..C.OG..QC.E..HI....R.S.....WU.AK..I.OJY.F.W....ECG.Q..X......A..W...X...UL.FH.YPTXJ.OWKQ.....G.L.....V..FDE.NLY.R..W.O.SA...VT.GI.R.U..H.X..I.Y...J...B.AS...FBA.M.V.....KHUP..Y..LQ.QY.WGN.UA....C..K..X.PDE....KRX....E.L.Y...OWDHN....OU.....B.MQ..AG..EIX....R.VO..BP.W...JFX.QL.YK.GB.A..U...RV.IFN.DEP.......I...GV..J.X...R...U.....L.SJ.........A.....N.DH.X.KR.......YQU.F..A....ELPFV...WDORH...T..Q.N......U..D.IAG....KN.PHO.V.R..HO......E.XC..D...I.....T",
            1,
        )
    },
];

#[test]
fn strategy_snapshots() {
    let mut settings = insta::Settings::clone_current();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("strategies/ sits in the workspace");
    settings.set_snapshot_path(root.join("snapshots/strategies"));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    for info in registry::all() {
        for case in CASES {
            let puzzle = common::puzzle(case.spec, case.puzzle);
            let limits =
                Limits { max_nodes: case.max_nodes, ..Limits::count(case.max_solutions, case.max_solutions as usize) };
            let snapshot = match case.show {
                Show::Trace => Snapshot::new(limits),
                Show::OutcomeOnly => Snapshot::new(limits).outcome_only(),
            };
            let text = snapshot.take(&mut *info.build(common::SEED), &puzzle).text;

            let mut info_map = BTreeMap::new();
            info_map.insert("spec", case.spec.to_string());
            info_map.insert("strategy", info.name.to_string());
            info_map.insert("seed", common::SEED.to_string());
            info_map.insert("case", case.name.to_string());
            settings.set_info(&info_map);
            settings.set_description(format!("{} on {} ({}), seed {}", info.name, case.name, case.spec, common::SEED));
            settings.bind(|| insta::assert_snapshot!(format!("{}__{}", info.name, case.name), text));
        }
    }
    // An unreferenced snapshot fails too: every file must belong to a registered strategy × case
    // (a renamed or removed strategy or case leaves files behind: delete them).
    let expected: std::collections::BTreeSet<String> = registry::all()
        .iter()
        .flat_map(|i| CASES.iter().map(move |c| format!("{}__{}.snap", i.name, c.name)))
        .collect();
    let stale: Vec<String> = std::fs::read_dir(root.join("snapshots/strategies"))
        .expect("the snapshot folder exists")
        .map(|e| e.expect("a readable entry").file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".snap") && !expected.contains(name))
        .collect();
    assert!(stale.is_empty(), "unreferenced snapshots in snapshots/strategies: {stale:?}");
}

/// The case on which every seed strategy guesses wrong: a guess, then a backtrack before the
/// first solution (the other cases' traces of `mrv`, `singles` and `singles-copy` make no guess,
/// or guess only to count further solutions).
const GUESSING_CASE: &str = "9x9-guessing";

#[test]
fn every_seed_strategy_guesses_and_backtracks_in_the_guessing_case() {
    let case = CASES.iter().find(|c| c.name == GUESSING_CASE).expect("the case is in CASES");
    let puzzle = common::puzzle(case.spec, case.puzzle);
    let seeds: Vec<_> = registry::infos().into_iter().filter(|i| i.role == Role::Seed).collect();
    assert!(seeds.len() >= 5, "dfs, mrv, random-stack, singles and singles-copy are seed strategies");
    for info in seeds {
        let limits = Limits::count(case.max_solutions, case.max_solutions as usize);
        let taken = Snapshot::new(limits).take(&mut *info.build(common::SEED), &puzzle);
        let at = |f: fn(&TraceEvent) -> bool| taken.events.iter().position(f).unwrap_or(usize::MAX);
        let guess = at(|e| matches!(e, TraceEvent::Guess { .. }));
        let backtrack = at(|e| matches!(e, TraceEvent::Backtrack { .. }));
        let solution = at(|e| matches!(e, TraceEvent::Solution { .. }));
        assert!(guess < backtrack && backtrack < solution, "{}: no guess undone before the first solution", info.name);
        assert!(
            taken.events.len() <= MAX_EVENTS,
            "{}: the trace is not shown ({} events)",
            info.name,
            taken.events.len()
        );
        assert_eq!(taken.outcome.count, 1, "{}", info.name);
    }
}
