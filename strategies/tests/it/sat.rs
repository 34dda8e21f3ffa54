//! The `sat` strategy (CaDiCaL): limits stop it with a true partial count, enumeration by
//! blocking clauses finds every solution once, and edge cases of the encoding (every cell given,
//! clashing givens). Its conformance, traces and snapshots run with every strategy.

use crate::common;

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use coverlab_engine::replay::replay;
use coverlab_engine::{Limits, Outcome, Status, StopReason, VecSink};
use coverlab_model::{Grid, Puzzle, validate};
use coverlab_strategies::registry;

/// ../shared/data/25x25/gecode_frisch_18.txt line 17 with extra givens (the snapshot case
/// `25x25-frisch-17`): CaDiCaL needs a few hundred conflicts for it.
const FRISCH_17: &str = "KWMJSPFBXGEIATQOHRYCDLUVNOP.V.KH...Y.N...LS..Q...............P.D.Q.M.X.WSJB.....S.NWD.UFVJ.K.B......QN..B..ML.....ODTVJ.K.IXHV....FB...DGLAI......NE...RB.HV.SPU...JMW..T..C.OG..QC.E..HI....R.S.....WU.AK..I.OJY.F.W....ECG.Q..X......A..W...X...UL.FH.YPTXJ.OWKQ.....G.L.....V..FDE.NLY.R..W.O.SA...VT.GI.R.U..H.X..I.Y...J...B.AS...FBA.M.V.....KHUP..Y..LQ.QY.WGN.UA....C..K..X.PDE....KRX....E.L.Y...OWDHN....OU.....B.MQ..AG..EIX....R.VO..BP.W...JFX.QL.YK.GB.A..U...RV.IFN.DEP.......I...GV..J.X...R...U.....L.SJ.........A.....N.DH.X.KR.......YQU.F..A....ELPFV...WDORH...T..Q.N......U..D.IAG....KN.PHO.V.R..HO......E.XC..D...I.....T";

/// Solves with `sat`, tracing; checks the solutions (validator, no repeats) and the trace
/// (replay: same solutions and count).
fn sat_checked(puzzle: &Puzzle, limits: &Limits) -> Outcome {
    let at = format!("{} threads", limits.threads);
    let mut sat = registry::find("sat").expect("registered").build(0);
    let mut sink = VecSink::new();
    let outcome = sat.solve(puzzle, limits, &mut sink);
    for grid in &outcome.solutions {
        validate::check_solution(puzzle.model(), puzzle.givens(), grid).unwrap_or_else(|e| panic!("{at}: {e}"));
    }
    let distinct: BTreeSet<&[u8]> = outcome.solutions.iter().map(|g| g.values()).collect();
    assert_eq!(distinct.len(), outcome.solutions.len(), "{at}: a solution found twice");
    let replayed = replay(puzzle, &sink.events).unwrap_or_else(|e| panic!("{at}: replay: {e}"));
    assert_eq!(replayed.final_count, Some(outcome.count), "{at}");
    assert_eq!(replayed.solutions[..outcome.solutions.len()], outcome.solutions[..], "{at}");
    outcome
}

#[test]
fn the_node_limit_stops_a_sat_call_and_counts_nothing_unproved() {
    let puzzle = common::puzzle("classic-25x25", FRISCH_17);
    for threads in [1, 2] {
        let full = sat_checked(&puzzle, &Limits { threads, ..Limits::count(1, 1) });
        assert_eq!(full.count, 1);
        assert!(full.stats.nodes > 50, "the case needs more than 50 nodes ({})", full.stats.nodes);
        let cut = sat_checked(&puzzle, &Limits { max_nodes: Some(50), threads, ..Limits::count(1, 1) });
        assert_eq!(cut.status, Status::Stopped(StopReason::NodeLimit), "{threads} threads");
        assert_eq!((cut.count, cut.stats.nodes), (0, 50), "{threads} threads");
    }
}

#[test]
fn a_portfolio_counts_every_corpus_case_exactly() {
    // Solvers seeded differently race on every call; whichever answers, each model is blocked in
    // all of them, so the count is the corpus's independent count and no solution repeats.
    let mut cases = 0;
    for common::CorpusCase { line, spec, puzzle: text, expected } in common::corpus_cases(300) {
        let puzzle = common::puzzle(&spec, &text);
        for threads in [2, 3] {
            let outcome = sat_checked(&puzzle, &Limits { threads, ..Limits::count(u64::MAX, usize::MAX) });
            let at = format!("corpus line {line} ({spec}), {threads} threads");
            assert_eq!((outcome.status, outcome.count), (Status::Complete, expected), "{at}");
        }
        cases += 1;
    }
    assert!(cases >= 20, "only {cases} corpus cases");
}

#[test]
fn the_node_limit_during_enumeration_keeps_a_true_partial_count() {
    // The empty 4×4 has 288 solutions; every SAT call is a node, so 20 nodes find fewer than 20.
    let puzzle = common::puzzle("classic-4x4", "................");
    let outcome = sat_checked(&puzzle, &Limits { max_nodes: Some(20), ..Limits::count(1000, 1000) });
    assert_eq!(outcome.status, Status::Stopped(StopReason::NodeLimit));
    assert!((1..20).contains(&outcome.count), "{} solutions", outcome.count);
    assert_eq!(outcome.stats.nodes, 20);
}

#[test]
fn a_passed_deadline_stops_before_the_first_call() {
    let puzzle = common::puzzle("classic-25x25", FRISCH_17);
    let past = Instant::now().checked_sub(Duration::from_millis(1)).unwrap_or_else(Instant::now);
    for threads in [1, 2] {
        let outcome = sat_checked(&puzzle, &Limits { deadline: Some(past), threads, ..Limits::count(1, 1) });
        assert_eq!(outcome.status, Status::Stopped(StopReason::Deadline));
        assert_eq!(outcome.count, 0);
    }
}

#[test]
fn blocking_clauses_enumerate_every_solution_once() {
    let puzzle = common::puzzle("classic-4x4", "................");
    let two = sat_checked(&puzzle, &Limits { threads: 2, ..Limits::count(1000, 1000) });
    assert_eq!((two.status, two.count), (Status::Complete, 288), "2 threads");
    let outcome = sat_checked(&puzzle, &Limits::count(1000, 1000));
    assert_eq!((outcome.status, outcome.count), (Status::Complete, 288));
    // One node per SAT call (288 models and the final unsatisfiable call) at least.
    assert!(outcome.stats.nodes >= 289);
    assert_eq!(outcome.stats.backtracks, 287, "one backtrack before each solution after the first");
}

#[test]
fn a_full_grid_is_its_own_solution_and_a_clash_has_none() {
    let model = common::model("classic-9x9");
    let solved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let puzzle = common::puzzle("classic-9x9", solved);
    let outcome = sat_checked(&puzzle, &Limits::count(2, 2));
    assert_eq!((outcome.status, outcome.count), (Status::Complete, 1));
    assert_eq!(outcome.solutions[0], common::parse_line(&model, solved));
    // Swap two cells of row 1: each column now holds a value twice.
    let clash = format!("35{}", &solved[2..]);
    let outcome = sat_checked(&common::puzzle("classic-9x9", &clash), &Limits::count(2, 2));
    assert_eq!((outcome.status, outcome.count), (Status::Complete, 0));
    let empty_row: Grid = common::parse_line(&model, &format!("{}{}", ".".repeat(9), &solved[9..]));
    let outcome = sat_checked(&Puzzle::new(model, empty_row).expect("no clash"), &Limits::count(2, 2));
    assert_eq!((outcome.status, outcome.count), (Status::Complete, 1));
}

#[test]
fn large_sets_within_the_budget_are_sound() {
    // An empty 25×25: every cell and every (house, value) has 25 options, above PAIRWISE_MAX,
    // and all of them fit in PAIRWISE_BUDGET pairwise (sat.rs's unit tests cover the counter
    // used past it); the validator checks what the encoding allowed.
    const { assert!(coverlab_strategies::sat::PAIRWISE_MAX < 25) };
    let puzzle = common::puzzle("classic-25x25", &".".repeat(625));
    let outcome = sat_checked(&puzzle, &Limits::count(3, 3));
    assert_eq!((outcome.status, outcome.count), (Status::Stopped(StopReason::SolutionLimit), 3));
}

/// The DIMACS export names its symbols and maps every free cell's variables to values, so that
/// another solver's model can be read back: the solution (from `dlx`, checked by the validator)
/// read through that map satisfies every clause over option variables alone.
#[test]
fn the_dimacs_export_maps_variables_to_values() {
    let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let puzzle = common::puzzle("classic-9x9", line);
    let mut text = Vec::new();
    coverlab_strategies::sat::write_dimacs(&puzzle, &mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("c symbols 123456789"));
    let solution =
        registry::find("dlx").unwrap().build(0).solve(&puzzle, &Limits::default(), &mut coverlab_engine::NullSink);
    let solution = &solution.solutions[0];
    validate::check_solution(puzzle.model(), puzzle.givens(), solution).unwrap();
    // Option variables and their truth under the solution.
    let mut truth = std::collections::BTreeMap::new();
    let mut mapped = 0;
    for l in text.lines().filter(|l| l.starts_with("c r")) {
        let mut words = l.split_whitespace().skip(1);
        let (r, c) = words.next().unwrap()[1..].split_once('c').unwrap();
        let cell = (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1;
        assert_eq!(puzzle.givens().values()[cell], 0, "only free cells are mapped");
        mapped += 1;
        for pair in words {
            let (var, value) = pair.split_once(':').unwrap();
            truth.insert(var.parse::<i32>().unwrap(), solution.values()[cell] == value.parse::<u8>().unwrap());
        }
    }
    assert_eq!(mapped, line.matches('.').count());
    let mut checked = 0;
    for clause in text.lines().filter(|l| !l.starts_with('c') && !l.starts_with('p')) {
        let lits: Vec<i32> = clause.split_whitespace().map(|x| x.parse().unwrap()).take_while(|&x| x != 0).collect();
        if lits.iter().all(|l| truth.contains_key(&l.abs())) {
            assert!(lits.iter().any(|&l| truth[&l.abs()] == (l > 0)), "clause {clause} broken by the solution");
            checked += 1;
        }
    }
    assert!(checked > 81, "{checked} clauses checked");
}
