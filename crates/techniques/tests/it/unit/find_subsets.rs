//! The tests of `src/find/subsets.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use coverlab_techniques::find::subsets::*;

#[test]
fn finds_the_first_combination_with_k_bits() {
    let masks = [0b0011, 0b0110, 0b1100, 0b1001];
    let mut budget = 100;
    assert_eq!(first_combination(&masks, 2, &mut budget, &mut |_, _| true), None, "a cycle has no pair");
    let mut budget = 100;
    let quad = first_combination(&masks, 4, &mut budget, &mut |_, _| true);
    assert_eq!(quad, Some((vec![0, 1, 2, 3], 0b1111)), "but is a quad");
    let masks = [0b0011, 0b0110, 0b0011];
    let mut budget = 100;
    assert_eq!(first_combination(&masks, 2, &mut budget, &mut |_, _| true), Some((vec![0, 2], 0b0011)));
    let mut budget = 100;
    let refused = first_combination(&masks, 2, &mut budget, &mut |c, _| c != [0, 2]);
    assert_eq!(refused, None, "the only pair was refused");
}

#[test]
fn the_budget_stops_the_search() {
    // 30 disjoint masks of two bits: no two unite to two bits, and every pair is tried.
    let masks: Vec<u64> = (0..30).map(|i| 0b11 << (2 * i)).collect();
    let mut budget = 50;
    assert_eq!(first_combination(&masks, 2, &mut budget, &mut |_, _| true), None);
    assert_eq!(budget, 0, "the search spent its whole budget and stopped");
    let mut budget = usize::MAX;
    assert_eq!(first_combination(&masks, 2, &mut budget, &mut |_, _| true), None);
    let spent = usize::MAX - budget;
    assert!(spent > 50 && spent <= 30 + 30 * 29 / 2, "{spent} extensions");
}
