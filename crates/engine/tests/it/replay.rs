//! The trace checker accepts honest traces and refuses each kind of wrong step.

use std::sync::Arc;

use coverlab_engine::replay::replay;
use coverlab_engine::{ConflictCause, PlaceReason, Stats, Status, TraceEvent};
use coverlab_model::{Grid, Puzzle, builtin};

/// 4×4 with one empty cell... r1c1 empty, everything else filled from a valid solution.
fn puzzle() -> Puzzle {
    let model = Arc::new(builtin::load("classic-4x4").unwrap().unwrap());
    let mut values: Vec<u8> = vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
    values[0] = 0;
    values[1] = 0;
    Puzzle::new(model, Grid::from_values(4, values).unwrap()).unwrap()
}

fn start(p: &Puzzle) -> Vec<TraceEvent> {
    let mut events = vec![TraceEvent::Start { strategy: "t".into(), spec: "classic-4x4".into(), size: 4, givens: 14 }];
    for (cell, &v) in p.givens().values().iter().enumerate() {
        if v != 0 {
            events.push(TraceEvent::Place { cell, value: v, reason: PlaceReason::Given, depth: 0 });
        }
    }
    events
}

fn stop(count: u64) -> TraceEvent {
    TraceEvent::Stop { status: Status::Complete, count, stats: Stats::default() }
}

#[test]
fn an_honest_trace_replays() {
    let p = puzzle();
    let mut e = start(&p);
    e.push(TraceEvent::Place { cell: 0, value: 1, reason: PlaceReason::NakedSingle, depth: 0 });
    e.push(TraceEvent::Place { cell: 1, value: 2, reason: PlaceReason::HiddenSingle { unit: 0 }, depth: 0 });
    e.push(TraceEvent::Solution { number: 1 });
    e.push(stop(1));
    let r = replay(&p, &e).unwrap();
    assert_eq!(r.solutions.len(), 1);
    assert_eq!(r.final_count, Some(1));
}

#[test]
fn a_legal_propagated_placement_is_accepted_and_rendered() {
    let p = puzzle();
    let mut e = start(&p);
    // Claimed by no single rule: the checker asks only that each placement is legal.
    let place = TraceEvent::Place { cell: 1, value: 2, reason: PlaceReason::Propagated, depth: 0 };
    assert_eq!(place.display(p.model(), p.symbols()).to_string(), "place r1c2=2 propagated");
    e.push(place);
    e.push(TraceEvent::Place { cell: 0, value: 1, reason: PlaceReason::Propagated, depth: 0 });
    e.push(TraceEvent::Solution { number: 1 });
    e.push(stop(1));
    assert_eq!(replay(&p, &e).unwrap().final_count, Some(1));
}

#[test]
fn guesses_backtracks_and_conflicts_are_checked() {
    let p = puzzle();
    let mut e = start(&p);
    // r1c1 can only be 1 (column 1 has 3, 2, 4), but a guess may try 2 only if legal: 2 is in column 1.
    e.push(TraceEvent::Guess { depth: 1, cell: 1, value: 2, k: 1, m: 1, why: None });
    e.push(TraceEvent::Conflict { depth: 1, cause: ConflictCause::NoCandidates { cell: 0 } });
    assert!(replay(&p, &e).is_err(), "r1c1 still has candidate 1 (2 is taken by r1c2, 1 free)");
    let mut e = start(&p);
    e.push(TraceEvent::Guess { depth: 1, cell: 0, value: 1, k: 1, m: 1, why: None });
    e.push(TraceEvent::Backtrack { depth: 0 });
    e.push(TraceEvent::Place { cell: 0, value: 1, reason: PlaceReason::NakedSingle, depth: 0 });
    e.push(TraceEvent::Place { cell: 1, value: 2, reason: PlaceReason::NakedSingle, depth: 0 });
    e.push(TraceEvent::Solution { number: 1 });
    e.push(stop(1));
    assert!(replay(&p, &e).is_ok(), "backtrack restores r1c1 to empty");
}

#[test]
fn each_kind_of_wrong_step_is_refused() {
    let p = puzzle();
    let base = start(&p);
    let check = |tail: Vec<TraceEvent>, needle: &str| {
        let mut e = base.clone();
        e.extend(tail);
        let err = replay(&p, &e).unwrap_err().to_string();
        assert!(err.contains(needle), "{err:?} should mention {needle:?}");
    };
    check(vec![TraceEvent::Place { cell: 0, value: 3, reason: PlaceReason::Cover, depth: 0 }], "its peer r1c3 holds 3");
    check(vec![TraceEvent::Place { cell: 2, value: 1, reason: PlaceReason::Cover, depth: 0 }], "already holds");
    // A bulk propagation's placement is checked for legality only, like a cover.
    check(
        vec![TraceEvent::Place { cell: 0, value: 3, reason: PlaceReason::Propagated, depth: 0 }],
        "its peer r1c3 holds 3",
    );
    check(vec![TraceEvent::Guess { depth: 2, cell: 0, value: 1, k: 1, m: 1, why: None }], "opens depth 2");
    check(vec![TraceEvent::Backtrack { depth: 0 }], "backtrack to depth 0 from depth 0");
    check(vec![TraceEvent::Solution { number: 1 }], "is not valid");
    check(
        vec![
            TraceEvent::Eliminate { cell: 0, value: 1, depth: 0, by: None },
            TraceEvent::Place { cell: 0, value: 1, reason: PlaceReason::Cover, depth: 0 },
        ],
        "was eliminated",
    );
    check(
        vec![TraceEvent::Place { cell: 1, value: 2, reason: PlaceReason::HiddenSingle { unit: 4 }, depth: 0 }],
        "not a house of r1c2",
    );
    check(vec![stop(3)], "stop reports 3 solutions");
    check(vec![TraceEvent::Place { cell: 0, value: 1, reason: PlaceReason::Given, depth: 0 }], "is not a given");
    let mut missing_given = base.clone();
    missing_given.remove(1);
    missing_given.push(TraceEvent::Guess { depth: 1, cell: 0, value: 1, k: 1, m: 1, why: None });
    assert!(replay(&p, &missing_given).unwrap_err().to_string().contains("givens placed"));
}
