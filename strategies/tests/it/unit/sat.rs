//! The tests of `src/sat.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use coverlab_strategies::sat::*;

/// The sequential counter allows exactly the assignments of its literals with at most one
/// true: all 32 assignments of five literals, each tried with every value of the counter's
/// four variables.
#[test]
fn the_sequential_counter_is_at_most_one() {
    let lits = [1, 2, 3, 4, 5];
    let mut clauses: Vec<Vec<i32>> = Vec::new();
    let mut next = 5;
    at_most_one(&mut clauses, &lits, 1, &mut next, None);
    assert_eq!(next, 9, "k − 1 counter variables");
    for options in 0u32..32 {
        let satisfiable = (0u32..16).any(|counter| {
            let holds = |lit: i32| {
                let i = lit.unsigned_abs() - 1;
                let value = if i < 5 { options >> i & 1 } else { counter >> (i - 5) & 1 };
                (value == 1) == (lit > 0)
            };
            clauses.iter().all(|clause| clause.iter().any(|&lit| holds(lit)))
        });
        assert_eq!(satisfiable, options.count_ones() <= 1, "options {options:05b}");
    }
    // Pairwise within the bound: the ten pairs, no new variable.
    let (mut clauses, mut next): (Vec<Vec<i32>>, i32) = (Vec::new(), 5);
    at_most_one(&mut clauses, &lits, 5, &mut next, None);
    assert_eq!((clauses.len(), next), (10, 5));
}

#[test]
fn the_largest_sets_past_the_budget_get_the_counter() {
    let mut sizes = [0u64; 65];
    // Sets of up to PAIRWISE_MAX options are always pairwise and spend nothing.
    sizes[PAIRWISE_MAX] = 1 << 40;
    assert_eq!(pairwise_bound(&sizes), 64);
    // Sets of 20 to 40 options, 500 of each size: 4.8 million clauses, within the budget.
    sizes[20..=40].fill(500);
    assert_eq!(pairwise_bound(&sizes), 64);
    // The empty 64×64: 4,096 cells and 192 × 64 (house, value) sets of 64 options each.
    sizes[64] = 4_096 + 192 * 64;
    assert_eq!(pairwise_bound(&sizes), 63);
    // Too many sets of 30: those and every larger set take the counter.
    sizes[30] = 30_000;
    assert_eq!(pairwise_bound(&sizes), 29);
    let spent: u64 = (PAIRWISE_MAX + 1..=29).map(|k| sizes[k] * (k * (k - 1) / 2) as u64).sum();
    assert!(spent <= PAIRWISE_BUDGET && spent + sizes[30] * 435 > PAIRWISE_BUDGET);
}
