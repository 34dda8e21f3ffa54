//! The tests of `src/fast/branch.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use coverlab_strategies::fast::DOM_POWER;
use coverlab_strategies::fast::branch::luby;

#[test]
fn dom_power_is_k_to_the_1_4_scaled_and_increasing() {
    for (k, &d) in DOM_POWER.iter().enumerate() {
        let exact = (k as f64).powf(1.4) * 1024.0;
        assert!((d as f64 - exact).abs() <= 0.5, "k = {k}: {d} against {exact}");
    }
    assert!(DOM_POWER.windows(2).all(|w| w[0] < w[1]));
}

#[test]
fn luby_sequence_starts_as_published() {
    let seq: Vec<u64> = (1..=15).map(luby).collect();
    assert_eq!(seq, vec![1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
}
