//! The tests of `src/bits.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use coverlab_engine::*;

fn check<B: Bits>() {
    let n = B::WIDTH;
    assert_eq!(B::full(n).count() as usize, n);
    assert_eq!(B::full(3).iter().collect::<Vec<_>>(), vec![0, 1, 2]);
    let s = B::bit(1) | B::bit(n - 1);
    assert_eq!(s.iter().collect::<Vec<_>>(), vec![1, n - 1]);
    assert_eq!(s.lowest(), 1);
    assert!(!s.is_single() && B::bit(4).is_single() && !B::EMPTY.is_single());
    assert_eq!(B::from_u64(s.to_u64()), s);
}

#[test]
fn every_width_behaves_alike() {
    check::<u16>();
    check::<u32>();
    check::<u64>();
}
