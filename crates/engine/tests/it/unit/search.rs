//! The tests of `src/search.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use std::sync::Arc;
use std::time::{Duration, Instant};

use coverlab_model::{Grid, Puzzle, builtin};

use coverlab_engine::search::clock_every;
use coverlab_engine::*;

fn puzzle() -> Puzzle {
    let model = Arc::new(builtin::load("classic-4x4").expect("built-in").expect("compiles"));
    Puzzle::new(model, Grid::empty(4)).expect("empty grid")
}

#[test]
fn nodes_in_bulk_stop_at_the_node_limit() {
    let puzzle = puzzle();
    let limits = Limits { max_nodes: Some(10), ..Limits::default() };
    let mut sink = NullSink;
    let mut search = Search::begin("test", &puzzle, &limits, &mut sink);
    assert!(search.nodes(4));
    assert!(search.nodes(6), "exactly the limit is still allowed");
    assert!(!search.nodes(5));
    let outcome = search.finish();
    assert_eq!(outcome.status, Status::Stopped(StopReason::NodeLimit));
    assert_eq!(outcome.stats.nodes, 10, "capped at the limit");
}

#[test]
fn the_clock_is_read_more_often_on_larger_grids() {
    assert_eq!(clock_every(9), 128);
    assert_eq!(clock_every(16), 64);
    assert_eq!(clock_every(25), 16);
    assert_eq!(clock_every(64), 4);
    assert!((1..=64).all(|n| clock_every(n).is_power_of_two()));
}

#[test]
fn an_interrupt_stops_the_search_at_the_next_clock_reading() {
    let puzzle = puzzle();
    let flag = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let limits = Limits { interrupt: Some(flag.clone()), ..Limits::default() };
    let mut sink = NullSink;
    let mut search = Search::begin("test", &puzzle, &limits, &mut sink);
    assert!((0..10_000).all(|_| search.node()), "no interrupt, no stop");
    flag.store(true, std::sync::atomic::Ordering::Relaxed);
    let more = (0..=clock_every(4)).take_while(|_| search.node()).count() as u64;
    assert!(more < clock_every(4), "stopped within one clock period, after {more} nodes");
    assert_eq!(search.finish().status, Status::Stopped(StopReason::Interrupted));
}

#[test]
fn the_uniqueness_check_looks_as_long_again_as_the_first_solution_took() {
    let puzzle = puzzle();
    let limits = Limits { max_solutions: 2, uniqueness_nodes: Some(10), ..Limits::default() };
    let mut sink = NullSink;
    let mut search = Search::begin("test", &puzzle, &limits, &mut sink);
    assert!((0..100).all(|_| search.node()));
    assert!(search.solution(|| Grid::empty(4)).is_continue());
    assert_eq!(search.node_limit(), Some(200), "as many nodes again");
    let more = (0..1000).take_while(|_| search.node()).count();
    assert_eq!(more, 100);
    let outcome = search.finish();
    assert_eq!(outcome.status, Status::Stopped(StopReason::NodeLimit));
    assert_eq!(outcome.unique(), None, "one solution, search cut: not known");
    // A quick first solution still gets the minimum.
    let mut sink = NullSink;
    let mut search = Search::begin("test", &puzzle, &limits, &mut sink);
    assert!(search.node());
    let _ = search.solution(|| Grid::empty(4));
    assert_eq!(search.node_limit(), Some(11));
}

#[test]
fn nodes_in_bulk_check_the_deadline_at_once() {
    let puzzle = puzzle();
    let past = Instant::now().checked_sub(Duration::from_millis(1)).unwrap_or_else(Instant::now);
    let limits = Limits { deadline: Some(past), ..Limits::default() };
    let mut sink = NullSink;
    let mut search = Search::begin("test", &puzzle, &limits, &mut sink);
    assert!(!search.nodes(1), "a single node sees a passed deadline");
    assert_eq!(search.finish().status, Status::Stopped(StopReason::Deadline));
}
