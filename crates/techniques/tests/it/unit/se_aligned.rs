//! The tests of `src/se/aligned.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use coverlab_techniques::se::aligned::*;
use coverlab_techniques::se::grid::{Grid, Memo};

/// A board where only `cells` are open, with the candidates given (the others count as
/// solved: no candidate).
fn board(cells: &[(usize, &[u8])]) -> Grid {
    let mut grid = Grid { value: [9; 81], cand: [0; 81] };
    for &(c, vs) in cells {
        grid.value[c] = 0;
        grid.cand[c] = vs.iter().map(|&v| 1u16 << v).sum();
    }
    grid
}

#[test]
fn a_pair_loses_the_values_that_would_empty_two_bivalue_excluders() {
    // r1c1 and r1c2 (each 1, 2, 3) both see r2c3 {1,2} and r3c3 {1,3}: (1,2) and (2,1)
    // empty the first, (1,3) and (3,1) the second, equal values are out (same row), so
    // only (2,3) and (3,2) remain: 1 goes from both cells.
    let grid = board(&[(0, &[1, 2, 3]), (1, &[1, 2, 3]), (11, &[1, 2]), (20, &[1, 3])]);
    let hint = aligned_exclusion(&grid, 2, &mut Memo::new()).expect("an exclusion");
    assert_eq!(hint.tenths, 62);
    assert_eq!(hint.name, "Aligned Pair Exclusion");
    assert_eq!(hint.remove, vec![(0, 1), (1, 1)]);
}

#[test]
fn no_exclusion_without_two_common_excluders_or_beside_a_single() {
    let grid = board(&[(0, &[1, 2, 3]), (1, &[1, 2, 3]), (11, &[1, 2])]);
    assert_eq!(aligned_exclusion(&grid, 2, &mut Memo::new()), None);
    // A naked single among the peers disqualifies the base cells (SE leaves it to singles).
    let grid = board(&[(0, &[1, 2, 3]), (1, &[1, 2, 3]), (11, &[1, 2]), (20, &[1, 3]), (2, &[4])]);
    assert_eq!(aligned_exclusion(&grid, 2, &mut Memo::new()), None);
    // The excluders have three values: no pair exclusion, and no triplet removes anything.
    let grid = board(&[(0, &[1, 2, 3, 4]), (1, &[1, 2, 3, 4]), (11, &[1, 2, 5]), (20, &[3, 4, 5])]);
    assert_eq!(aligned_exclusion(&grid, 2, &mut Memo::new()), None);
}

#[test]
fn a_triplet_uses_excluders_of_three_values() {
    // r1c1, r1c2 {1,2,3,4} and r1c3 {1,2,4} (one row: all different) see r2c2 {1,2,3}
    // and r3c2 {3,4}: of the value sets {1,2,3}, {1,2,4}, {1,3,4}, {2,3,4} only {1,2,4}
    // leaves both a value, so 3 goes from r1c1 and r1c2. Pairs find nothing (a single
    // excluder of two values).
    let grid = board(&[(0, &[1, 2, 3, 4]), (1, &[1, 2, 3, 4]), (2, &[1, 2, 4]), (10, &[1, 2, 3]), (19, &[3, 4])]);
    assert_eq!(aligned_exclusion(&grid, 2, &mut Memo::new()), None);
    let hint = aligned_exclusion(&grid, 3, &mut Memo::new()).expect("an exclusion");
    assert_eq!(hint.tenths, 75);
    assert_eq!(hint.name, "Aligned Triplet Exclusion");
    assert_eq!(hint.remove, vec![(0, 3), (1, 3)]);
}
