//! Helpers shared by the integration tests: reading puzzles, solving them with a registered
//! strategy (checked by the independent validator), and checking an explanation against the
//! solutions step by step.
#![allow(dead_code, reason = "each integration test uses only some of these helpers")]

use std::sync::Arc;

use coverlab_engine::{Limits, NullSink, Status};
use coverlab_model::validate::check_solution;
use coverlab_model::{Grid, Model, Puzzle, builtin};
use coverlab_strategies::registry;
use coverlab_techniques::{Board, Ending, Explanation, Step, Technique};

/// The workspace root.
pub const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// A file of the workspace, read.
pub fn read(path: &str) -> String {
    let full = format!("{ROOT}/{path}");
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

/// A built-in spec, compiled.
pub fn model(spec: &str) -> Arc<Model> {
    let model = builtin::load(spec).unwrap_or_else(|| panic!("no built-in spec {spec}"));
    Arc::new(model.unwrap_or_else(|e| panic!("{e}")))
}

/// A spec file of the workspace, compiled.
pub fn model_file(path: &str) -> Arc<Model> {
    Arc::new(Model::from_ron(&read(path), path).unwrap_or_else(|e| panic!("{e}")))
}

/// A grid from line format ('.' empty, otherwise a symbol of the model's alphabet), read by
/// the line reader.
pub fn parse_line(model: &Model, line: &str) -> Grid {
    let entry = coverlab_formats::read_str(line, Some(coverlab_formats::InputFormat::Line), Some(model)).remove(0);
    entry.result.unwrap_or_else(|e| panic!("{line:?}: {e}")).grid()
}

/// A puzzle from line format, contradictory givens kept.
pub fn puzzle(spec: &str, line: &str) -> Puzzle {
    let model = model(spec);
    let givens = parse_line(&model, line);
    Puzzle::new_unchecked(model, givens)
}

/// The first `limit` puzzles of a text (any format the readers detect), read with `spec` when
/// given (f-puzzles lines bring their own spec; otherwise the classic spec of the size), each
/// in the alphabet it was written in.
pub fn puzzles_of(text: &str, spec: Option<Arc<Model>>, limit: usize) -> Vec<Puzzle> {
    let entries = coverlab_formats::read_str(text, None, spec.as_deref());
    entries
        .into_iter()
        .take(limit)
        .map(|entry| {
            let parsed = entry.result.unwrap_or_else(|e| panic!("line {}: {e}", entry.line));
            let model = match (&parsed.spec, &spec) {
                (Some(own), _) => Arc::new(Model::compile((**own).clone()).unwrap_or_else(|e| panic!("{e}"))),
                (None, Some(model)) => model.clone(),
                (None, None) => model(builtin::for_cell_count(parsed.values.len()).expect("a classic size")),
            };
            Puzzle::new_unchecked(model, parsed.grid()).with_symbols(parsed.symbols.clone())
        })
        .collect()
}

/// Up to `max` solutions of `puzzle` from the default strategy, each checked by the independent
/// validator, and whether the search was complete (then they are all of them when fewer than
/// `max`).
pub fn solve(puzzle: &Puzzle, max: u64) -> (Vec<Grid>, bool) {
    let strategy = registry::default_strategy();
    let outcome = strategy.build(0).solve(puzzle, &Limits::count(max, max as usize), &mut NullSink);
    for grid in &outcome.solutions {
        if let Err(e) = check_solution(puzzle.model(), puzzle.givens(), grid) {
            panic!("the strategy's solution is wrong: {e}");
        }
    }
    (outcome.solutions, outcome.status == Status::Complete)
}

/// Replays `explanation` on a fresh board and checks every step against `solutions` (known
/// solutions of the puzzle: all of them, or some): each placement is every solution's value,
/// no elimination removes a solution's value, every step has its technique's shape, applies,
/// and leaves each solution's value placed or a candidate everywhere; the replayed board is the
/// explanation's, and the ending fits (never a contradiction with a solution, never solved
/// without exactly one). Returns the first problem.
pub fn check_explanation(puzzle: &Puzzle, solutions: &[Grid], explanation: &Explanation) -> Result<(), String> {
    let model = puzzle.model();
    let mut board = match Board::new(puzzle) {
        Ok(board) => board,
        Err(c) if solutions.is_empty() => {
            return match &explanation.ending {
                Ending::Contradiction(e) if *e == c && explanation.steps.is_empty() => Ok(()),
                other => Err(format!("Board::new says {c}, explain ends {other:?}")),
            };
        }
        Err(c) => return Err(format!("Board::new says {c} but the puzzle has a solution")),
    };
    for (i, step) in explanation.steps.iter().enumerate() {
        let said = || format!("step {} ({})", i + 1, step.describe(model, puzzle.symbols()));
        check_shape(step).map_err(|e| format!("{}: {e}", said()))?;
        for sol in solutions {
            for &(c, v) in &step.placements {
                if sol.get(c) != v {
                    let (at, has) = (model.cell_name(c), sol.get(c));
                    return Err(format!("{} places {v} at {at}, a solution has {has}", said()));
                }
            }
            for &(c, v) in &step.eliminations {
                if sol.get(c) == v {
                    return Err(format!("{} rules out {v} at {}, a solution's value", said(), model.cell_name(c)));
                }
            }
        }
        let last = i + 1 == explanation.steps.len();
        match board.apply(model, step) {
            Ok(()) => {}
            Err(c) if last && solutions.is_empty() && explanation.ending == Ending::Contradiction(c.clone()) => {}
            Err(c) => return Err(format!("{} does not apply: {c}", said())),
        }
        for sol in solutions {
            let lost = (0..model.cells()).find(|&c| {
                let v = sol.get(c);
                board.value(c) != v && board.candidates(c) & (1 << (v - 1)) == 0
            });
            if let Some(c) = lost {
                return Err(format!("after {}, {} lost a solution's value", said(), model.cell_name(c)));
            }
        }
    }
    if board != explanation.board {
        return Err("the replayed board differs from the explanation's".into());
    }
    match &explanation.ending {
        Ending::Contradiction(c) if !solutions.is_empty() => Err(format!("a contradiction ({c}) in a solvable puzzle")),
        Ending::Solved if solutions.len() != 1 => {
            Err(format!("solved, but the puzzle has {} solutions", solutions.len()))
        }
        Ending::Solved if board.values() != solutions[0].values() => Err("solved to another grid".into()),
        _ => Ok(()),
    }
}

/// The shape every step of its technique has: eliminations sorted and deduplicated, a single
/// places one value and eliminates nothing, the others place nothing and eliminate something,
/// a subset has k cells, k values and one unit, a fish one value and 2k units, only a
/// constraint step names a constraint, a finned fish has 2k + 1 units (its fins' box last), BUG+1
/// places one value, a forcing step (and only it) has branches and places values or rules
/// candidates out.
pub fn check_shape(step: &Step) -> Result<(), String> {
    use Technique as T;
    let mut sorted = step.eliminations.clone();
    sorted.sort_unstable();
    sorted.dedup();
    if sorted != step.eliminations {
        return Err("eliminations are not sorted and deduplicated".into());
    }
    let single = matches!(step.technique, T::NakedSingle | T::HiddenSingle | T::BugPlusOne);
    let forcing = matches!(
        step.technique,
        T::CellForcingChain | T::UnitForcingChain | T::DynamicForcingChain | T::ForcingNet | T::NestedForcingNet
    );
    if forcing == step.chains.is_empty() {
        return Err(format!("{} with {} branches", step.technique.name(), step.chains.len()));
    }
    if forcing {
        // Placements (what every branch places) or eliminations, never both.
        if step.placements.is_empty() == step.eliminations.is_empty() {
            return Err(format!("a forcing step with {} placements", step.placements.len()));
        }
    } else if single != (step.placements.len() == 1) || single != step.eliminations.is_empty() {
        return Err(format!("{} with {} placements", step.technique.name(), step.placements.len()));
    }
    let k = match step.technique {
        T::NakedPair | T::HiddenPair | T::XWing => 2,
        T::NakedTriple | T::HiddenTriple | T::Swordfish => 3,
        T::NakedQuad | T::HiddenQuad | T::Jellyfish => 4,
        _ => 0,
    };
    let fish = matches!(step.technique, T::XWing | T::Swordfish | T::Jellyfish);
    if k > 0 && !fish && (step.cells.len() != k || step.values.len() != k || step.units.len() != 1) {
        return Err(format!("a subset of {} cells and {} values", step.cells.len(), step.values.len()));
    }
    if fish && (step.units.len() != 2 * k || step.values.len() != 1) {
        return Err(format!("a fish of {} units", step.units.len()));
    }
    let finned = match step.technique {
        T::FinnedXWing | T::SashimiXWing => 2,
        T::FinnedSwordfish | T::SashimiSwordfish => 3,
        T::FinnedJellyfish | T::SashimiJellyfish => 4,
        _ => 0,
    };
    if finned > 0 && (step.units.len() != 2 * finned + 1 || step.values.len() != 1) {
        return Err(format!("a finned fish of {} units", step.units.len()));
    }
    if (step.technique == T::Constraint) != step.constraint.is_some() {
        return Err("constraint index on the wrong technique".into());
    }
    Ok(())
}

/// Whether the whole suite runs: `COVERLAB_TESTS=full` (as `.ci/run` sets). Without it the
/// slowest tests take a fixed sample of their cases, so that a warm `cargo test --workspace`
/// stays a quick loop (docs/research.md, "What a test run costs").
pub fn full() -> bool {
    std::env::var("COVERLAB_TESTS").is_ok_and(|v| v == "full")
}

/// `full` when the whole suite runs, `quick` otherwise.
pub fn full_or<T>(full: T, quick: T) -> T {
    if self::full() { full } else { quick }
}
