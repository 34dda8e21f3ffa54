//! Trace events survive a JSON round trip, and render as readable lines.

use coverlab_engine::trace::render;
use coverlab_engine::{ConflictCause, PlaceReason, Stats, Status, StopReason, TraceEvent};
use coverlab_model::builtin;

#[test]
fn events_round_trip_through_json_in_puzzle_terms() {
    let model = builtin::load("classic-16x16").unwrap().unwrap();
    let symbols = model.symbols().clone();
    let events = vec![
        TraceEvent::Start { strategy: "dfs".into(), spec: "classic-16x16".into(), size: 16, givens: 3 },
        TraceEvent::Place { cell: 17, value: 16, reason: PlaceReason::Given, depth: 0 },
        TraceEvent::Place { cell: 40, value: 2, reason: PlaceReason::HiddenSingle { unit: 20 }, depth: 1 },
        TraceEvent::Eliminate { cell: 5, value: 10, depth: 1, by: None },
        TraceEvent::Guess { depth: 2, cell: 255, value: 1, k: 1, m: 3, why: None },
        TraceEvent::Conflict { depth: 2, cause: ConflictCause::NoPlace { unit: 33, value: 7 } },
        TraceEvent::Conflict { depth: 2, cause: ConflictCause::NoCandidates { cell: 3 } },
        TraceEvent::Backtrack { depth: 1 },
        TraceEvent::Solution { number: 1 },
        TraceEvent::Stop {
            status: Status::Stopped(StopReason::SolutionLimit),
            count: 1,
            stats: Stats { nodes: 4, guesses: 1, backtracks: 1, placements: 2 },
        },
    ];
    for e in &events {
        let json = e.to_json(&model, &symbols);
        assert_eq!(TraceEvent::from_json(&json, &model, &symbols).as_ref(), Ok(e), "{json}");
    }
    // A decision that says why it branched where it did keeps its choice through JSON.
    let why = coverlab_engine::Choice::ranked(
        "fewest-candidates",
        2,
        vec![("r1c1".into(), 5), ("r3c3".into(), 2), ("r2c2".into(), 3)],
        |a, b| a < b,
    );
    assert_eq!(why.next, [("r3c3".to_string(), 2), ("r2c2".to_string(), 3), ("r1c1".to_string(), 5)]);
    assert_eq!(why.to_string(), "fewest-candidates 2; next r3c3 2, r2c2 3, r1c1 5");
    let chosen = TraceEvent::Guess { depth: 1, cell: 0, value: 1, k: 1, m: 2, why: Some(Box::new(why)) };
    let json = chosen.to_json(&model, &symbols);
    assert_eq!(json["why"]["rule"], "fewest-candidates");
    assert_eq!(TraceEvent::from_json(&json, &model, &symbols), Ok(chosen));
    let guess = events[4].to_json(&model, &symbols);
    assert!(guess.get("why").is_none(), "no choice asked for, none written: {guess}");
    assert_eq!(guess["cell"], "r16c16");
    assert_eq!(guess["value"], "1");
    assert_eq!(events[1].to_json(&model, &symbols)["value"], "G");
    let text = render(&events, &model, &symbols);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "start dfs classic-16x16 size=16 givens=3");
    assert_eq!(lines[1], "place r2c2=G given");
    assert_eq!(lines[2], format!("place r3c9=2 hidden-single in {}", model.units()[20].label));
    assert_eq!(lines[4], "guess d2 r16c16=1 (1/3)");
    assert_eq!(lines[7], "backtrack d1");
    assert_eq!(lines[9], "stop solution-limit count=1 nodes=4 guesses=1 backtracks=1 placements=2");
}

#[test]
fn malformed_json_events_are_errors_not_panics() {
    let model = builtin::load("classic-4x4").unwrap().unwrap();
    let s = model.symbols().clone();
    for bad in [
        r#"{"event":"guess","depth":1,"cell":"r9c9","value":"1","k":1,"m":2}"#,
        r#"{"event":"guess","depth":1,"cell":"r1c1","value":"Z","k":1,"m":2}"#,
        r#"{"event":"teleport"}"#,
        r#"[1,2]"#,
        r#"{"event":"place","cell":"r1c1","value":"1","reason":{"kind":"hidden-single","unit":"row 99"},"depth":0}"#,
    ] {
        let v: serde_json::Value = serde_json::from_str(bad).unwrap();
        assert!(TraceEvent::from_json(&v, &model, &s).is_err(), "{bad}");
    }
}
