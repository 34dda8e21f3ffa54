//! The tests of `src/find/finned.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use coverlab_techniques::find::finned::*;

#[test]
fn subsets_in_lexicographic_order() {
    let mut seen = Vec::new();
    each_subset(&[1, 4, 6, 9], 2, &mut |s| {
        seen.push(s.to_vec());
        false
    });
    assert_eq!(seen, vec![vec![1, 4], vec![1, 6], vec![1, 9], vec![4, 6], vec![4, 9], vec![6, 9]]);
    let mut count = 0;
    each_subset(&[1, 2, 3], 2, &mut |_| {
        count += 1;
        count == 2
    });
    assert_eq!(count, 2, "stops when told");
}
