//! The tests of `src/trail.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use coverlab_engine::*;

#[test]
fn backtrack_restores_exactly_the_checkpointed_state() {
    let mut t = Trail::new(4, 0u8);
    t.set(0, 1);
    t.checkpoint();
    t.set(1, 2);
    t.set(1, 3);
    t.set(2, 0); // no change, not recorded
    assert_eq!(t.changes_since_checkpoint(), 2);
    t.checkpoint();
    t.set(3, 9);
    assert!(t.backtrack());
    assert_eq!(t.values(), &[1, 3, 0, 0]);
    let mut seen = Vec::new();
    assert!(t.backtrack_with(|i, v| seen.push((i, v))));
    assert_eq!(t.values(), &[1, 0, 0, 0]);
    assert_eq!(seen, vec![(1, 3), (1, 2)]);
    assert!(!t.backtrack());
}
