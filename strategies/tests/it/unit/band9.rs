//! The tests of `src/band9.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use coverlab_strategies::band9::*;

#[test]
fn complex_keeps_exactly_the_triplets_of_fitting_permutations() {
    // Everything possible: everything kept.
    assert_eq!(COMPLEX[0x1ff], BAND);
    // Row 0 only in box 0: boxes 1 and 2 of row 0 and box 0 of rows 1 and 2 go.
    let s = 0b111_111_001;
    let kept = COMPLEX[s];
    assert_eq!(kept & ROW[0], 7);
    assert_eq!(kept & ROW[1] & (7 << 9), 0);
    assert_eq!(kept & ROW[2] & (7 << 18), 0);
    // Rows 0 and 1 both only in box 0: no permutation.
    assert_eq!(COMPLEX[0b111_001_001], 0);
    // An empty row: no permutation.
    assert_eq!(COMPLEX[0b111_000_111], 0);
}

#[test]
fn shrink_and_row_singles() {
    assert_eq!(SHRINK[0b100_000_001], 0b101);
    assert_eq!(row_singles(1 | 0b11 << 9 | 1 << 26), 0b101);
    assert_eq!(pop9(0x1ff), 9);
    assert_eq!(pop9(0b101_010_001), 4);
}
