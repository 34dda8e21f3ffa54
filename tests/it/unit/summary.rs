//! The tests of `src/summary.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use coverlab::summary::*;

#[test]
fn quantiles_are_within_a_bucket() {
    let mut h = LogHistogram::default();
    for v in 1..=10_000u64 {
        h.add(v * 1000);
    }
    for (q, exact) in [(0.5, 5_000_000.0), (0.9, 9_000_000.0), (0.99, 9_900_000.0)] {
        let got = h.quantile(q);
        assert!((got / exact - 1.0).abs() < 0.045, "q{q}: {got} vs {exact}");
    }
    assert_eq!(h.quantile(1.0), 10_000_000.0);
    assert_eq!(h.max(), 10_000_000);
    assert!((h.mean() - 5_000_500.0).abs() < 1e-6);
    assert_eq!(h.bins().iter().map(|b| b.2).sum::<u64>(), 10_000);
}

#[test]
fn zero_and_huge_values_have_a_bucket() {
    let mut h = LogHistogram::default();
    h.add(0);
    h.add(u64::MAX);
    assert_eq!(h.len(), 2);
    assert_eq!(h.quantile(0.5), 0.0);
}

#[test]
fn durations_read_well() {
    assert_eq!(seconds(812e-9), "812 ns");
    assert_eq!(seconds(3.44e-6), "3.4 µs");
    assert_eq!(seconds(0.0172), "17.2 ms");
    assert_eq!(seconds(2.314), "2.31 s");
}
