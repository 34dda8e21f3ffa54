//! The tests of `src/rng.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use coverlab_engine::Rng;
use coverlab_engine::rng::splitmix64;

#[test]
fn splitmix_matches_the_reference_vector() {
    // SplitMix64 from seed 0: the reference implementation's first output.
    let mut s = 0;
    assert_eq!(splitmix64(&mut s), 0xe220_a839_7b1d_cdaf);
}

#[test]
fn same_seed_same_sequence_different_seed_different() {
    let a: Vec<u64> = (0..8).scan(Rng::new(7), |r, _| Some(r.next_u64())).collect();
    let b: Vec<u64> = (0..8).scan(Rng::new(7), |r, _| Some(r.next_u64())).collect();
    let c: Vec<u64> = (0..8).scan(Rng::new(8), |r, _| Some(r.next_u64())).collect();
    assert_eq!(a, b);
    assert_ne!(a, c);
}

#[test]
fn below_stays_in_range_and_shuffle_permutes() {
    let mut r = Rng::new(1);
    assert!((0..1000).all(|_| r.below(7) < 7));
    let mut v: Vec<u32> = (0..50).collect();
    r.shuffle(&mut v);
    assert_ne!(v, (0..50).collect::<Vec<_>>());
    v.sort_unstable();
    assert_eq!(v, (0..50).collect::<Vec<_>>());
}
