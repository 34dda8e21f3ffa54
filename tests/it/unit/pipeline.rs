//! The tests of `src/pipeline.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use std::io;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use coverlab::pipeline::*;

/// Squares 0..n with `jobs` workers, each item sleeping when `slow(i)`; what the sink saw.
fn squares(n: u64, jobs: usize, slow: impl Fn(u64) -> bool + Sync) -> Vec<u64> {
    let mut next = 0u64;
    let source = move || {
        (next < n).then(|| {
            next += 1;
            next - 1
        })
    };
    let mut seen = Vec::new();
    let stop = AtomicBool::new(false);
    run(
        Shape::new(jobs, 64),
        source,
        || (),
        |_, batch: Vec<u64>| {
            batch
                .into_iter()
                .map(|i| {
                    if slow(i) {
                        std::thread::sleep(Duration::from_millis(5));
                    }
                    i * i
                })
                .collect::<Vec<_>>()
        },
        |batch| {
            seen.extend(batch);
            Ok(())
        },
        &stop,
    )
    .expect("the sink never fails");
    seen
}

#[test]
fn every_item_is_delivered_once_in_order() {
    for jobs in [1, 2, 3, 8] {
        let seen = squares(5000, jobs, |i| i % 997 == 0);
        assert_eq!(seen, (0..5000).map(|i| i * i).collect::<Vec<_>>(), "jobs {jobs}");
    }
}

#[test]
fn an_empty_source_delivers_nothing() {
    assert!(squares(0, 2, |_| false).is_empty());
}

#[test]
fn a_failing_sink_stops_the_run_with_its_error() {
    for jobs in [1, 2] {
        let mut next = 0u64;
        let source = move || {
            next += 1;
            Some(next) // endless
        };
        let mut delivered = 0;
        let stop = AtomicBool::new(false);
        let e = run(
            Shape::new(jobs, 8),
            source,
            || (),
            |_, b: Vec<u64>| b,
            |_| {
                delivered += 1;
                if delivered == 10 { Err(io::Error::other("closed")) } else { Ok(()) }
            },
            &stop,
        )
        .expect_err("the sink's error comes back");
        assert_eq!(e.to_string(), "closed");
        assert_eq!(delivered, 10, "nothing is delivered after the error");
    }
}

#[test]
fn the_reader_stays_within_the_window_of_a_slow_item() {
    // Item 0 is slow; the others are instant. While item 0 is worked on, at most
    // window + jobs batches (of at most max_batch items) may be taken.
    let read = AtomicU64::new(0);
    let most_ahead = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let shape = Shape::new(2, 4);
    let mut next = 0u64;
    run(
        shape,
        || {
            (next < 10_000).then(|| {
                next += 1;
                read.fetch_add(1, Ordering::Relaxed);
                next - 1
            })
        },
        || (),
        |_, batch: Vec<u64>| {
            if batch.contains(&0) {
                std::thread::sleep(Duration::from_millis(100));
                most_ahead.store(read.load(Ordering::Relaxed), Ordering::Relaxed);
            }
            batch.len()
        },
        |_| Ok(()),
        &stop,
    )
    .expect("no error");
    let bound = (shape.window + shape.jobs as u64 + 1) * shape.max_batch as u64;
    let ahead = most_ahead.load(Ordering::Relaxed);
    assert!(ahead <= bound, "{ahead} items read while the first was worked on (bound {bound})");
}

#[test]
fn a_stop_takes_no_new_batch() {
    let stop = AtomicBool::new(false);
    let mut next = 0u64;
    let mut delivered = 0u64;
    run(
        Shape::new(2, 1),
        || {
            next += 1;
            Some(next) // endless: only the stop ends it
        },
        || (),
        |_, b: Vec<u64>| b.len() as u64,
        |n| {
            delivered += n;
            if delivered >= 100 {
                stop.store(true, Ordering::Relaxed);
            }
            Ok(())
        },
        &stop,
    )
    .expect("no error");
    assert!((100..100 + 2 * 8 + 4).contains(&delivered), "{delivered} delivered after the stop");
}
