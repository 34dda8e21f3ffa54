//! The tests of `src/bits.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use coverlab_techniques::bits::*;

#[test]
fn masks_cover_every_size() {
    assert_eq!(full(4), 0b1111);
    assert_eq!(full(64), u64::MAX);
    assert_eq!(bit(64), 1 << 63);
    assert_eq!(bit(0), 0);
    assert_eq!(bit(65), 0);
    assert_eq!(values(0b1010_0001).collect::<Vec<_>>(), vec![1, 6, 8]);
    assert_eq!(values(u64::MAX).count(), 64);
    assert_eq!(mask_of(&[1, 3, 0, 99]), 0b101);
}
