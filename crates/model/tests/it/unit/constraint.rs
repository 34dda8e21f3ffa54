//! The constraints' filters against brute force, and their edge cases.

use coverlab_model::constraint::filters::*;
use coverlab_model::constraint::masks::*;
use coverlab_model::constraint::sums::*;
use std::sync::Arc;

use coverlab_model::constraint::*;

fn c(relation: Relation, cells: usize, n: usize) -> Constraint {
    Constraint::new(ConstraintKind::Cage, "t".into(), (0..cells).collect(), relation, n)
}

fn mask(values: &[u32]) -> u64 {
    values.iter().map(|&v| bit(v)).fold(0, |a, b| a | b)
}

#[test]
fn cage_tables_match_a_count() {
    // 2 cells summing to 3 on 9×9: {1,2} only; 3 cells to 24: {7,8,9}; 2 to 10: four sets.
    assert_eq!(combinations(9, 2, 3), Some(vec![mask(&[1, 2])]));
    assert_eq!(combinations(9, 3, 24), Some(vec![mask(&[7, 8, 9])]));
    assert_eq!(combinations(9, 2, 10).map(|v| v.len()), Some(4));
    assert_eq!(combinations(9, 9, 45).map(|v| v.len()), Some(1));
    assert_eq!(combinations(9, 2, 18), Some(vec![]));
    assert!(combinations(64, 32, 1040).is_none(), "too many to list");
}

#[test]
fn a_cage_keeps_only_values_of_feasible_sets() {
    let table: Arc<[u64]> = combinations(9, 2, 4).unwrap().into();
    let cage = c(Relation::Sum { sum: 4, combinations: Some(table) }, 2, 9);
    let mut d = [full(9), full(9)];
    cage.filter(&mut d).unwrap();
    assert_eq!(d, [mask(&[1, 3]), mask(&[1, 3])]);
    let mut d = [mask(&[3, 5]), full(9)];
    cage.filter(&mut d).unwrap();
    assert_eq!(d, [mask(&[3]), mask(&[1])]);
    assert!(cage.holds(&[1, 3]) && !cage.holds(&[2, 2]) && !cage.holds(&[1, 2]) && cage.holds(&[0, 3]));
    assert!(!cage.holds(&[0, 4]));
}

/// A small deterministic generator for the brute-force comparisons below.
fn lcg(state: &mut u64) -> u64 {
    *state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    *state >> 33
}

/// Whether cells `i..` can take distinct values of `set`, none of `used`: by trying each.
fn brute_matches(d: &[u64], i: usize, set: u64, used: u64) -> bool {
    i == d.len() || (0..64).any(|v| (d[i] & set & !used) >> v & 1 == 1 && brute_matches(d, i + 1, set, used | 1 << v))
}

#[test]
fn matching_agrees_with_trying_every_assignment() {
    let mut state = 7;
    for round in 0..20_000 {
        let k = 1 + round % 6;
        // Sparse domains over 8 values, so that many sets have no matching.
        let d: Vec<u64> = (0..k).map(|_| lcg(&mut state) & lcg(&mut state) & 0xff).collect();
        let set = lcg(&mut state) & 0xff | lcg(&mut state) & 0xff;
        assert_eq!(matches_all(&d, set), brute_matches(&d, 0, set, 0), "domains {d:x?}, set {set:x}");
    }
}

/// The values of each cell used by some assignment within `d` whose total is `sum`.
fn brute_sum(d: &[u64], sum: u32) -> Vec<u64> {
    let mut keep = vec![0u64; d.len()];
    let mut values = vec![0u32; d.len()];
    fn go(d: &[u64], i: usize, total: u32, sum: u32, values: &mut [u32], keep: &mut [u64]) {
        if i == d.len() {
            if total == sum {
                values.iter().zip(keep.iter_mut()).for_each(|(&v, k)| *k |= bit(v));
            }
            return;
        }
        for v in 1..=64 {
            if d[i] & bit(v) != 0 && total + v <= sum {
                values[i] = v;
                go(d, i + 1, total + v, sum, values, keep);
            }
        }
    }
    go(d, 0, 0, sum, &mut values, &mut keep);
    keep
}

#[test]
fn partial_sums_agree_with_trying_every_assignment() {
    // Totals under 64 take one word per cell, larger ones two; values up to 64 (a 64×64
    // grid's) must not wrap around in either.
    let mut state = 11;
    for round in 0..3_000 {
        let k = 1 + round % 4;
        let d: Vec<u64> = (0..k)
            .map(|_| match round % 3 {
                0 => lcg(&mut state) & 0x1ff,
                1 => lcg(&mut state) << 31 | lcg(&mut state),
                _ => bit(64) | lcg(&mut state) & 0xff,
            })
            .map(|m| if m == 0 { bit(64) } else { m })
            .collect();
        let sum = 1 + (lcg(&mut state) % 140) as u32;
        let constraint = c(Relation::Sum { sum, combinations: None }, k, 64);
        let expected = brute_sum(&d, sum);
        let mut got = d.clone();
        let result = constraint.filter(&mut got);
        if sum < 128 {
            // Exact.
            match result {
                Ok(()) => assert_eq!(got, expected, "domains {d:x?}, sum {sum}"),
                Err(_) => assert!(expected.contains(&0), "domains {d:x?}, sum {sum}"),
            }
        } else if result.is_ok() {
            // Bounds: sound, keeping every value some assignment uses.
            assert!(got.iter().zip(&expected).all(|(g, e)| g & e == *e), "domains {d:x?}, sum {sum}");
        } else {
            assert!(expected.contains(&0), "domains {d:x?}, sum {sum}");
        }
    }
}

#[test]
fn idempotent_filters_remove_nothing_when_run_again() {
    let mut state = 5;
    let constraints = [
        c(Relation::Sum { sum: 17, combinations: None }, 4, 9),
        c(Relation::Sum { sum: 100, combinations: None }, 3, 64),
        c(Relation::SignedSum { difference: 3, negated: 0b1000 }, 4, 9),
        c(Relation::SignedSum { difference: -20, negated: 0b110 }, 3, 16),
        c(Relation::Pair(Arc::new(PairTable::new(9, |a, b| a.abs_diff(b) == 1))), 2, 9),
    ];
    for constraint in &constraints {
        assert!(constraint.idempotent());
        let all = full(constraint.size());
        for _ in 0..2_000 {
            let mut d: Vec<u64> =
                constraint.cells.iter().map(|_| (lcg(&mut state) | lcg(&mut state) << 31) & all).collect();
            if constraint.filter(&mut d).is_ok() {
                let once = d.clone();
                assert_eq!(constraint.filter(&mut d), Ok(()));
                assert_eq!(d, once, "{:?}", constraint.relation);
            }
        }
    }
    let bounds = c(Relation::Sum { sum: 200, combinations: None }, 4, 64);
    let cage = c(Relation::Sum { sum: 10, combinations: Some(combinations(9, 3, 10).unwrap().into()) }, 3, 9);
    assert!(!bounds.idempotent() && !cage.idempotent());
}

#[test]
fn tracked_cage_sets_give_what_the_whole_table_gives_under_narrowing_domains() {
    let mut state = 3;
    for round in 0..2_000 {
        let k = 2 + round % 5;
        let sum = (k * (k + 1) / 2) as u32 + (lcg(&mut state) % (k as u64 * (9 - k as u64) + 1)) as u32;
        let cage = c(Relation::Sum { sum, combinations: Some(combinations(9, k, sum).unwrap().into()) }, k, 9);
        let mut live = u64::MAX;
        let mut d = vec![full(9); k];
        // Narrow one cell at a time, as a search going deeper does.
        for _ in 0..6 {
            let i = (lcg(&mut state) % k as u64) as usize;
            d[i] &= !bit(1 + (lcg(&mut state) % 9) as u32);
            let (mut whole, mut tracked) = (d.clone(), d.clone());
            let expected = cage.filter_required(&mut whole);
            assert_eq!(cage.filter_tracked(&mut tracked, &mut live), expected, "{d:x?}, sum {sum}");
            if expected.is_err() {
                break;
            }
            assert_eq!(tracked, whole);
            d = whole;
        }
    }
}

/// The values of each cell used by some assignment of distinct values within `d` adding up
/// to `sum` and using every value of `must`.
fn brute_cage(d: &[u64], sum: u32, must: u64) -> Vec<u64> {
    fn go(
        d: &[u64],
        i: usize,
        (used, total): (u64, u32),
        (sum, must): (u32, u64),
        values: &mut [u32],
        keep: &mut [u64],
    ) {
        if i == d.len() {
            if total == sum && used & must == must {
                values.iter().zip(keep.iter_mut()).for_each(|(&v, k)| *k |= bit(v));
            }
            return;
        }
        for v in 1..=9 {
            if d[i] & bit(v) != 0 && used & bit(v) == 0 {
                values[i] = v;
                go(d, i + 1, (used | bit(v), total + v), (sum, must), values, keep);
            }
        }
    }
    let mut keep = vec![0u64; d.len()];
    go(d, 0, (0, 0), (sum, must), &mut vec![0; d.len()], &mut keep);
    keep
}

#[test]
fn values_a_cage_must_hold_filter_like_trying_every_assignment() {
    let mut state = 11;
    let mut narrowed = 0;
    for round in 0..3_000 {
        let k = 2 + round % 4;
        let sum = (k * (k + 1) / 2) as u32 + (lcg(&mut state) % (k as u64 * (9 - k as u64) + 1)) as u32;
        let cage = c(Relation::Sum { sum, combinations: Some(combinations(9, k, sum).unwrap().into()) }, k, 9);
        let mut d: Vec<u64> = (0..k).map(|_| (lcg(&mut state) | lcg(&mut state)) & full(9)).collect();
        // One or two values the cage must hold.
        let must = bit(1 + (lcg(&mut state) % 9) as u32)
            | if round % 3 == 0 { bit(1 + (lcg(&mut state) % 9) as u32) } else { 0 };
        let expected = brute_cage(&d, sum, must);
        let without = brute_cage(&d, sum, 0);
        // The same cage with only the value sets holding `must`, written out by hand.
        let sets: Vec<u64> = combinations(9, k, sum).unwrap().into_iter().filter(|s| s & must == must).collect();
        let mut by_hand = d.clone();
        let hand = if sets.is_empty() {
            Err(0)
        } else {
            c(Relation::Sum { sum, combinations: Some(sets.into()) }, k, 9).filter_required(&mut by_hand)
        };
        let mut live = u64::MAX;
        match cage.filter_forced(&mut d, &mut live, must) {
            Ok(required) => {
                // Sound: every value some assignment uses is kept; and the same as the
                // smaller table.
                assert!(d.iter().zip(&expected).all(|(&got, &used)| got & used == used), "sum {sum}, must {must:x}");
                assert_eq!((Ok(required), &d), (hand, &by_hand), "sum {sum}, must {must:x}");
                assert_eq!(required & must, must);
            }
            Err(_) => {
                assert!(expected.contains(&0), "sum {sum}, must {must:x}: {expected:x?}");
                assert!(hand.is_err());
            }
        }
        narrowed += usize::from(expected != without);
    }
    // The values asked for do narrow: the comparison is not of two unfiltered sets.
    assert!(narrowed > 300, "{narrowed}");
}

#[test]
fn sums_without_a_table_are_exact_under_128_and_bounded_above() {
    let sum = c(Relation::Sum { sum: 5, combinations: None }, 3, 9);
    let mut d = [full(9); 3];
    sum.filter(&mut d).unwrap();
    assert_eq!(d, [mask(&[1, 2, 3]); 3]);
    assert!(sum.holds(&[1, 1, 3]) && !sum.holds(&[1, 1, 1]) && !sum.holds(&[3, 3, 0]));
    let big = c(Relation::Sum { sum: 200, combinations: None }, 4, 64);
    assert!(big.holds(&[50, 50, 50, 50]) && !big.holds(&[50, 50, 50, 49]) && big.holds(&[64, 64, 0, 0]));
    assert!(!big.holds(&[1, 1, 1, 0]));
}

#[test]
fn signed_sums_subtract_the_negated_cells() {
    // a + b − c = 12 on 9×9.
    let diff = c(Relation::SignedSum { difference: 12, negated: 0b100 }, 3, 9);
    assert!(diff.holds(&[9, 4, 1]) && diff.holds(&[5, 8, 1]) && !diff.holds(&[9, 4, 2]));
    // b = 12 + c − a ≥ 10 with a ≤ 3 and c ≥ 1: out of reach.
    let mut d = [mask(&[1, 2, 3]), full(9), full(9)];
    assert!(diff.filter(&mut d).is_err());
    // a + b = 12 + c ∈ {13, 14}: a and b at least 4; c keeps both values.
    let mut d = [full(9), full(9), mask(&[1, 2])];
    diff.filter(&mut d).unwrap();
    assert_eq!(d, [mask(&[4, 5, 6, 7, 8, 9]), mask(&[4, 5, 6, 7, 8, 9]), mask(&[1, 2])]);
    let mut d = [full(9), full(9), mask(&[9])];
    assert!(diff.filter(&mut d).is_err(), "a + b = 21 is out of reach");
}

#[test]
fn thermometers_arrows_renban_and_sandwiches() {
    let thermo = c(Relation::Increasing, 3, 9);
    let mut d = [full(9); 3];
    thermo.filter(&mut d).unwrap();
    assert_eq!(d, [mask(&[1, 2, 3, 4, 5, 6, 7]), mask(&[2, 3, 4, 5, 6, 7, 8]), mask(&[3, 4, 5, 6, 7, 8, 9])]);
    assert!(thermo.holds(&[1, 5, 9]) && !thermo.holds(&[2, 2, 0]) && !thermo.holds(&[0, 9, 0]));

    let arrow = c(Relation::Arrow, 3, 9);
    assert!(arrow.holds(&[7, 3, 4]) && !arrow.holds(&[7, 3, 3]) && !arrow.holds(&[1, 0, 0]));
    let mut d = [full(9), mask(&[5]), full(9)];
    arrow.filter(&mut d).unwrap();
    assert_eq!(d[0], mask(&[6, 7, 8, 9]));
    assert_eq!(d[2], mask(&[1, 2, 3, 4]));

    let renban = c(Relation::Consecutive, 3, 9);
    assert!(renban.holds(&[4, 2, 3]) && !renban.holds(&[1, 2, 4]) && renban.holds(&[1, 0, 3]));
    let mut d = [mask(&[1]), full(9), full(9)];
    renban.filter(&mut d).unwrap();
    assert_eq!(d[1], mask(&[2, 3]), "1 is taken by the first cell");

    let sandwich = c(Relation::Sandwich { sum: 5 }, 9, 9);
    assert!(sandwich.holds(&[2, 1, 3, 2, 9, 4, 5, 6, 7]), "not a house here: values between 1 and 9 sum to 5");
    assert!(!sandwich.holds(&[2, 1, 3, 4, 9, 5, 6, 7, 8]));
    assert!(sandwich.holds(&[9, 2, 3, 1, 4, 5, 6, 7, 8]));
    assert!(c(Relation::Sandwich { sum: 0 }, 9, 9).holds(&[2, 1, 9, 3, 4, 5, 6, 7, 8]));
}

#[test]
fn pair_tables() {
    let white = Arc::new(PairTable::new(9, |a, b| a.abs_diff(b) == 1));
    let dot = c(Relation::Pair(white), 2, 9);
    let mut d = [mask(&[5]), full(9)];
    dot.filter(&mut d).unwrap();
    assert_eq!(d[1], mask(&[4, 6]));
    assert!(!dot.holds(&[1, 3]) && dot.holds(&[2, 1]));
}

/// The renban filter against brute force: a value stays in a cell exactly when some assignment of
/// the domains is a set of consecutive values, one per cell. The values it then says the line
/// needs (`required`, which the search points into houses) are in every such assignment.
#[test]
fn renban_filter_is_exact() {
    /// Each cell's values in some fitting assignment, and the values every one of them uses.
    fn brute(d: &[u64], n: u32) -> Option<(Vec<u64>, u64)> {
        let k = d.len();
        let mut out = vec![0u64; k];
        let mut every = u64::MAX;
        let mut any = false;
        let mut vals = vec![0u32; k];
        fn go(
            i: usize,
            d: &[u64],
            n: u32,
            vals: &mut Vec<u32>,
            (out, every): (&mut Vec<u64>, &mut u64),
            any: &mut bool,
        ) {
            if i == d.len() {
                let mut s = vals.clone();
                s.sort_unstable();
                if s.windows(2).all(|w| w[1] == w[0] + 1) {
                    *any = true;
                    *every &= vals.iter().fold(0, |set, &v| set | 1 << (v - 1));
                    for (o, &v) in out.iter_mut().zip(vals.iter()) {
                        *o |= 1 << (v - 1);
                    }
                }
                return;
            }
            for v in 1..=n {
                if d[i] >> (v - 1) & 1 == 1 && !vals[..i].contains(&v) {
                    vals[i] = v;
                    go(i + 1, d, n, vals, (&mut *out, &mut *every), any);
                }
            }
        }
        go(0, d, n, &mut vals, (&mut out, &mut every), &mut any);
        any.then_some((out, every))
    }
    let mut state = 7u64;
    let mut needed = 0;
    for _ in 0..4000 {
        let n = 4 + (lcg(&mut state) % 6) as u32;
        let k = 2 + (lcg(&mut state) % 4) as usize;
        if k > n as usize {
            continue;
        }
        let d: Vec<u64> =
            (0..k).map(|_| lcg(&mut state) & full(n as usize)).map(|m| if m == 0 { 1 } else { m }).collect();
        let renban = c(Relation::Consecutive, k, n as usize);
        let mut got = d.clone();
        let result = renban.filter(&mut got);
        match brute(&d, n) {
            Some((want, every)) => {
                assert_eq!((result, &got), (Ok(()), &want), "n {n}, domains {d:x?}");
                let required = renban.required(&got);
                assert_eq!(required & !every, 0, "n {n}, domains {d:x?}: needs {required:x}, yet {every:x}");
                needed += usize::from(required != 0);
            }
            None => assert!(result.is_err(), "n {n}, domains {d:x?}: no renban fits, yet {got:x?}"),
        }
    }
    // The trial reaches lines that need values (not only the vacuous case).
    assert!(needed > 100, "{needed} lines needed values");
}

mod regex_lines {
    use super::*;
    use coverlab_model::pattern::{self, Node};
    use coverlab_model::validate::pattern_matches;
    use proptest::prelude::*;

    fn line(a: coverlab_model::constraint::automaton::Automaton, k: usize) -> Constraint {
        let n = a.size();
        Constraint::new(ConstraintKind::Regex, "t".into(), (0..k).collect(), Relation::Automaton(Arc::new(a)), n)
    }

    /// The values of each cell that some assignment within `d` matching the pattern uses (the
    /// pattern matched by the validator's matcher, not by the automaton), by trying them all.
    fn brute(node: &Node, d: &[u64]) -> Vec<u64> {
        let mut keep = vec![0u64; d.len()];
        let mut values = vec![0u32; d.len()];
        fn go(node: &Node, d: &[u64], i: usize, values: &mut [u32], keep: &mut [u64]) {
            if i == d.len() {
                if pattern_matches(node, values) {
                    values.iter().zip(keep.iter_mut()).for_each(|(&v, k)| *k |= bit(v));
                }
                return;
            }
            for v in 1..=64 {
                if d[i] & bit(v) != 0 {
                    values[i] = v;
                    go(node, d, i + 1, values, keep);
                }
            }
        }
        go(node, d, 0, &mut values, &mut keep);
        keep
    }

    /// The filter against brute force: the same domains, or a failure exactly when nothing
    /// matches; and `holds` on the partial assignment the domains' singletons make.
    fn agrees(node: &Node, n: usize, d: &[u64]) -> Result<(), String> {
        let c = line(pattern::compile(node, n, "", pattern::MAX_STATES).map_err(|e| e.to_string())?, d.len());
        let want = brute(node, d);
        let mut got = d.to_vec();
        match c.filter(&mut got) {
            Ok(()) if got == want => {}
            Err(_) if want.iter().all(|&m| m == 0) => {}
            other => return Err(format!("{node}: domains {d:x?}: filter {other:?} {got:x?}, brute force {want:x?}")),
        }
        // Filtering again removes nothing (the constraint says it is idempotent).
        if !got.is_empty() && want.iter().all(|&m| m != 0) {
            let mut again = got.clone();
            if c.filter(&mut again) != Ok(()) || again != got {
                return Err(format!("{node}: filtering {got:x?} again gave {again:x?}"));
            }
        }
        let values: Vec<u8> = d.iter().map(|&m| if m.count_ones() == 1 { lowest(m) as u8 } else { 0 }).collect();
        let partial: Vec<u64> = values.iter().map(|&v| if v == 0 { full(n) } else { bit(u32::from(v)) }).collect();
        let possible = brute(node, &partial).iter().all(|&m| m != 0);
        if c.holds(&values) != possible {
            return Err(format!("{node}: holds({values:?}) is {}, brute force {possible}", !possible));
        }
        Ok(())
    }

    #[test]
    fn the_filter_keeps_exactly_the_values_of_matching_assignments() {
        let six = coverlab_model::Symbols::default_for(6);
        let patterns = [
            "1[2-4]*6",
            "[1-3][4-6]*",
            "(12|21)+.?",
            "(1|2|3)*4(5|6)*",
            ".{2,3}",
            "[^1]*1[^1]*",
            "((12)|(3?4))*",
            "6?",
        ];
        let mut state = 11;
        for text in patterns {
            let node = pattern::parse(text, &six).unwrap();
            // 120 random domain sets of 1 to 5 cells per pattern (400 took 2.2 s, nine tenths of
            // this crate's unit tests; random patterns are the property test's below).
            for round in 0..120 {
                let k = 1 + round % 5;
                let d: Vec<u64> = (0..k).map(|_| (lcg(&mut state) | lcg(&mut state)) & full(6)).collect();
                if d.contains(&0) {
                    continue;
                }
                agrees(&node, 6, &d).unwrap_or_else(|e| panic!("{text}: {e}"));
            }
        }
    }

    #[test]
    fn a_regex_line_narrows_and_fails_at_the_cell_it_empties() {
        let a = pattern::automaton("1[2-4]*9", &coverlab_model::Symbols::default_for(9)).unwrap();
        let c = line(a, 4);
        let mut d = [full(9); 4];
        c.filter(&mut d).unwrap();
        assert_eq!(d, [mask(&[1]), mask(&[2, 3, 4]), mask(&[2, 3, 4]), mask(&[9])]);
        let mut d = [full(9), mask(&[5, 6]), full(9), full(9)];
        assert_eq!(c.filter(&mut d), Err(1));
        assert!(c.holds(&[1, 0, 4, 9]) && !c.holds(&[1, 0, 0, 8]) && !c.holds(&[0, 9, 0, 0]));
        assert!(c.idempotent() && c.required(&[full(9); 4]) == 0);
        // Longer than the scratch kept on the stack: 300 cells of "(12)*".
        let a = pattern::automaton("(12)*", &coverlab_model::Symbols::default_for(9)).unwrap();
        let c = line(a, 300);
        let mut d = vec![full(9); 300];
        c.filter(&mut d).unwrap();
        assert!(d.iter().enumerate().all(|(i, &m)| m == mask(&[if i % 2 == 0 { 1 } else { 2 }])));
        let mut odd = vec![full(9); 299];
        assert!(
            line(pattern::automaton("(12)*", &coverlab_model::Symbols::default_for(9)).unwrap(), 299)
                .filter(&mut odd)
                .is_err()
        );
    }

    /// Random patterns over 4 values: leaves are the empty sequence or a class.
    fn node() -> impl Strategy<Value = Node> {
        let leaf = prop_oneof![1 => Just(Node::Empty), 6 => (1u64..16).prop_map(Node::Class)];
        leaf.prop_recursive(4, 24, 3, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 2..4).prop_map(Node::Concat),
                prop::collection::vec(inner.clone(), 2..4).prop_map(Node::Alt),
                (inner, 0u32..3, prop::option::of(0u32..3)).prop_map(|(node, min, extra)| Node::Repeat {
                    node: Box::new(node),
                    min,
                    max: extra.map(|e| min + e)
                }),
            ]
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

        #[test]
        fn the_filter_is_exact_on_random_patterns(
            node in node(),
            d in prop::collection::vec(1u64..16, 1..6),
        ) {
            prop_assert_eq!(agrees(&node, 4, &d), Ok(()));
        }

        /// Any text made of the pattern's characters: an error with a position inside the
        /// text (or just past it), or an automaton that agrees with the validator's matcher.
        #[test]
        fn any_pattern_text_is_an_automaton_or_a_located_error(
            text in "[0-9.()\\[\\]^{}|*+?,\\\\-]{0,24}",
            values in prop::collection::vec(1u32..10, 0..8),
        ) {
            let nine = coverlab_model::Symbols::default_for(9);
            match pattern::parse(&text, &nine) {
                Err(e) => prop_assert!(e.position >= 1 && e.position <= text.chars().count().max(1) + 1, "{}: {}", text, e),
                Ok(node) => {
                    match pattern::compile(&node, 9, &text, pattern::MAX_STATES) {
                        // Only the automaton's size may stop a pattern that parses (".*1.{99}").
                        Err(e) => prop_assert!(e.message.contains("states"), "{}: {}", text, e),
                        Ok(a) => {
                            let bytes: Vec<u8> = values.iter().map(|&v| v as u8).collect();
                            prop_assert_eq!(a.matches(&bytes), pattern_matches(&node, &values), "{}", text);
                        }
                    }
                }
            }
        }

        #[test]
        fn written_patterns_parse_back_to_the_same_language(node in node(), values in prop::collection::vec(1u32..5, 0..7)) {
            let text = node.to_string();
            let back = pattern::parse(&text, &coverlab_model::Symbols::default_for(4)).map_err(|e| format!("{text}: {e}"));
            prop_assert!(back.is_ok(), "{:?}", back);
            prop_assert_eq!(pattern_matches(&back.unwrap(), &values), pattern_matches(&node, &values), "{}", text);
        }
    }
}

/// A renban's `holds` (its own quick check) agrees with its exact filter on every partial line.
#[test]
fn renban_holds_agrees_with_its_filter() {
    let n = 6;
    for len in 2..=4usize {
        let renban = c(Relation::Consecutive, len, n);
        let total = (n as u32 + 1).pow(len as u32);
        for code in 0..total {
            let values: Vec<u8> =
                (0..len).map(|i| (code / (n as u32 + 1).pow(i as u32) % (n as u32 + 1)) as u8).collect();
            let mut d: Vec<u64> = values.iter().map(|&v| if v == 0 { full(n) } else { bit(u32::from(v)) }).collect();
            assert_eq!(renban.holds(&values), renban.filter(&mut d).is_ok(), "{values:?}");
        }
    }
}

/// `con`'s filter keeps exactly what trying every assignment within `d` that `ok` accepts keeps,
/// and fails exactly when none does; on decided cells (the lowest value of each domain) it holds
/// exactly when `ok` does. `what` names the case in a failure (built only then).
fn agrees_with_brute_force(con: &Constraint, d: &[u64], ok: &dyn Fn(&[u32]) -> bool, what: impl Fn() -> String) {
    let want = brute_lines(d, ok);
    let mut got = d.to_vec();
    match (con.filter(&mut got), want) {
        (Ok(()), Some(want)) => assert_eq!(got, want, "{}, domains {d:x?}", what()),
        (Err(_), None) => {}
        (r, w) => panic!("{}, domains {d:x?}: filter {r:?}, brute force {w:x?}", what()),
    }
    let vals: Vec<u8> = d.iter().map(|&m| if m == 0 { 1 } else { lowest(m) as u8 }).collect();
    let as_u32: Vec<u32> = vals.iter().map(|&v| u32::from(v)).collect();
    assert_eq!(con.holds(&vals), ok(&as_u32), "{}, values {vals:?}", what());
}

/// The values of each cell that some assignment within `d` satisfying `ok` uses: by trying
/// every assignment (`None`: none does).
fn brute_lines(d: &[u64], ok: &dyn Fn(&[u32]) -> bool) -> Option<Vec<u64>> {
    fn go(d: &[u64], i: usize, vals: &mut Vec<u32>, ok: &dyn Fn(&[u32]) -> bool, keep: &mut [u64], any: &mut bool) {
        if i == d.len() {
            if ok(vals) {
                *any = true;
                for (k, &v) in keep.iter_mut().zip(vals.iter()) {
                    *k |= bit(v);
                }
            }
            return;
        }
        for v in 1..=64u32 {
            if d[i] >> (v - 1) & 1 == 1 {
                vals.push(v);
                go(d, i + 1, vals, ok, keep, any);
                vals.pop();
            }
        }
    }
    let mut keep = vec![0u64; d.len()];
    let mut any = false;
    go(d, 0, &mut Vec::new(), ok, &mut keep, &mut any);
    any.then_some(keep)
}

/// Between, lockout, zipper, region-sum, slow thermometer, entropic and modular lines: the
/// filter keeps exactly what brute force keeps (region sums: a superset for totals of 128 and
/// more, which these small grids never reach), and fails exactly when brute force finds nothing.
#[test]
fn the_variant_line_filters_agree_with_trying_every_assignment() {
    let mut state = 31;
    type Rule = (Relation, Box<dyn Fn(&[u32]) -> bool>);
    for n in [4usize, 6, 9] {
        let third = n as u32 / 3;
        let rules = |k: usize| -> Vec<Rule> {
            let mut rules: Vec<Rule> = vec![
                (
                    Relation::Between,
                    Box::new(|v: &[u32]| {
                        let (lo, hi) = (v[0].min(v[v.len() - 1]), v[0].max(v[v.len() - 1]));
                        v[1..v.len() - 1].iter().all(|&x| lo < x && x < hi)
                    }),
                ),
                (
                    Relation::Lockout { difference: 2 },
                    Box::new(|v: &[u32]| {
                        let (lo, hi) = (v[0].min(v[v.len() - 1]), v[0].max(v[v.len() - 1]));
                        hi - lo >= 2 && v[1..v.len() - 1].iter().all(|&x| x < lo || x > hi)
                    }),
                ),
                (
                    Relation::Zipper,
                    Box::new(|v: &[u32]| {
                        let k = v.len();
                        let t = if k % 2 == 1 { v[k / 2] } else { v[0] + v[k - 1] };
                        (0..k / 2).all(|i| v[i] + v[k - 1 - i] == t)
                    }),
                ),
                (Relation::NonDecreasing, Box::new(|v: &[u32]| v.windows(2).all(|w| w[0] <= w[1]))),
                (
                    Relation::SegmentSums { ends: vec![1, k.min(3), k].into_iter().filter(|&e| e <= k).collect() },
                    Box::new(move |v: &[u32]| {
                        let mut ends: Vec<usize> = vec![1, k.min(3), k];
                        ends.dedup();
                        let mut start = 0;
                        let sums: Vec<u32> = ends
                            .iter()
                            .map(|&e| {
                                let s = v[start..e].iter().sum();
                                start = e;
                                s
                            })
                            .collect();
                        sums.iter().all(|&s| s == sums[0])
                    }),
                ),
                (
                    Relation::Automaton(Arc::new(Automaton::classes(n, 3, "modular", |v| (v % 3) as usize))),
                    Box::new(|v: &[u32]| {
                        v.windows(3.min(v.len()))
                            .all(|w| (0..w.len()).all(|i| w[i + 1..].iter().all(|&x| x % 3 != w[i] % 3)))
                    }),
                ),
            ];
            for m in [2usize, 4] {
                rules.push((
                    Relation::Automaton(Arc::new(Automaton::classes(n, m, "modular", move |v| v as usize % m))),
                    Box::new(move |v: &[u32]| {
                        v.windows(m.min(v.len())).all(|w| {
                            let mut r: Vec<u32> = w.iter().map(|&x| x % m as u32).collect();
                            r.sort_unstable();
                            r.dedup();
                            r.len() == w.len()
                        })
                    }),
                ));
            }
            if n % 3 == 0 {
                let class = move |v: u32| (v - 1) / third;
                rules.push((
                    Relation::Automaton(Arc::new(Automaton::classes(n, 3, "entropic", move |v| class(v) as usize))),
                    Box::new(move |v: &[u32]| {
                        v.windows(3.min(v.len())).all(|w| {
                            let c: Vec<u32> = w.iter().map(|&x| class(x)).collect();
                            (0..c.len()).all(|i| !c[i + 1..].contains(&c[i]))
                        })
                    }),
                ));
            }
            rules
        };
        for round in 0..600 {
            let k = 2 + round % 5;
            for (relation, ok) in rules(k) {
                if let Relation::SegmentSums { ends } = &relation {
                    let mut e = ends.clone();
                    e.dedup();
                    if &e != ends {
                        continue;
                    }
                }
                let con = c(relation.clone(), k, n);
                // Dense domains on small grids, about half the values on 9×9.
                let d: Vec<u64> = (0..k)
                    .map(|_| if n < 9 { lcg(&mut state) | lcg(&mut state) } else { lcg(&mut state) } & full(n))
                    .collect();
                agrees_with_brute_force(&con, &d, &*ok, || format!("{relation:?} on {n}×{n}"));
            }
        }
    }
}

/// Skyscraper clues: the automaton's filter keeps exactly what trying every assignment keeps,
/// counted from the definition (a value is seen when it is higher than all before it), on lines
/// of 2 to 6 cells (a whole row of 4 and 6) with random domains, and fails exactly when nothing
/// is left.
#[test]
fn the_skyscraper_filter_agrees_with_trying_every_assignment() {
    let mut state = 77;
    for n in [4usize, 6, 9] {
        for round in 0..400 {
            let k = 2 + round % 5;
            let count = 1 + round % 4;
            if count > n {
                continue;
            }
            let ok = move |v: &[u32]| (0..v.len()).filter(|&i| v[..i].iter().all(|&b| b < v[i])).count() == count;
            let relation = Relation::Automaton(Arc::new(Automaton::skyscraper(n, count)));
            let con = c(relation.clone(), k, n);
            let d: Vec<u64> = (0..k)
                .map(|_| if n < 9 { lcg(&mut state) | lcg(&mut state) } else { lcg(&mut state) } & full(n))
                .collect();
            agrees_with_brute_force(&con, &d, &ok, || format!("{count} seen on {n}×{n}"));
        }
    }
    // The largest grid stays within the automaton's bound of states, whatever the count.
    let most = (1..=64).map(|count| Automaton::skyscraper(64, count).states()).max().unwrap();
    assert!(most <= coverlab_model::pattern::MAX_STATES, "{most}");
}

/// X-sum clues: the automaton's filter keeps exactly what trying every assignment of a whole
/// row (4 and 6 cells; 9 with fewer candidates) keeps, each total tried, and fails exactly when
/// nothing is left; the grids up to 64×64 keep small sums within the automaton's bound.
#[test]
fn the_x_sum_filter_agrees_with_trying_every_assignment() {
    let mut state = 91;
    for n in [4usize, 6, 9] {
        let most = n * (n + 1) / 2;
        for round in 0..300 {
            let sum = 1 + (round * 7) % most;
            let ok = move |v: &[u32]| {
                let x = (v[0] as usize).min(v.len());
                v[..x].iter().sum::<u32>() as usize == sum
            };
            let automaton = Automaton::x_sum(n, sum).expect("small grids fit");
            let con = c(Relation::Automaton(Arc::new(automaton)), n, n);
            let d: Vec<u64> = (0..n)
                .map(|_| match n {
                    4 => lcg(&mut state) | lcg(&mut state),
                    6 => lcg(&mut state),
                    _ => lcg(&mut state) & lcg(&mut state),
                } & full(n))
                .collect();
            agrees_with_brute_force(&con, &d, &ok, || format!("x-sum {sum} on {n}×{n}"));
        }
    }
    assert!(Automaton::x_sum(25, 60).is_some() && Automaton::x_sum(64, 40).is_some());
}

/// Quadruples, rellik cages, pill arrows, double arrows and sum lines: each automaton's filter keeps exactly
/// what trying every assignment keeps, counted from the rule's definition, with random domains
/// on 4×4, 6×6 and 9×9 grids, and fails exactly when nothing is left; `holds` of decided cells
/// is the definition.
#[test]
fn the_quadruple_rellik_and_pill_filters_agree_with_trying_every_assignment() {
    let mut state = 113;
    type Case = (Relation, usize, Box<dyn Fn(&[u32]) -> bool>);
    for n in [4usize, 6, 9] {
        for round in 0..300 {
            let mut cases: Vec<Case> = Vec::new();
            // A quadruple of 1 to 4 values, repeats allowed.
            let count = 1 + round % 4;
            let values: Vec<u32> = (0..count).map(|_| 1 + (lcg(&mut state) % n as u64) as u32).collect();
            let want = values.clone();
            cases.push((
                Relation::Automaton(Arc::new(Automaton::quadruple(n, &values))),
                4,
                Box::new(move |v: &[u32]| {
                    want.iter().all(|x| v.iter().filter(|y| *y == x).count() >= want.iter().filter(|y| *y == x).count())
                }),
            ));
            // A rellik cage of 2 to 4 cells: no set of its values adds up to the total, and the
            // values below it differ (the cage's group keeps the others apart).
            let sum = 1 + (lcg(&mut state) % (2 * n as u64)) as u32;
            let k = 2 + round % 3;
            cases.push((
                Relation::Automaton(Arc::new(Automaton::rellik(n, sum).expect("small totals fit"))),
                k,
                Box::new(move |v: &[u32]| {
                    (0..v.len()).all(|i| v[i] > sum || !v[i + 1..].contains(&v[i]))
                        && (1u32..1 << v.len())
                            .all(|set| (0..v.len()).filter(|i| set >> i & 1 == 1).map(|i| v[i]).sum::<u32>() != sum)
                }),
            ));
            // A pill of 1 or 2 digits and a line of 2 to 4 cells.
            let digits = 1 + round % 2;
            let line = 2 + round % 3;
            cases.push((
                Relation::Automaton(Arc::new(Automaton::pill_arrow(n, digits).expect("small pills fit"))),
                digits + line,
                Box::new(move |v: &[u32]| {
                    v[1..digits].iter().all(|&d| d <= 9)
                        && v[..digits].iter().fold(0, |a, &d| a * 10 + d) == v[digits..].iter().sum::<u32>()
                }),
            ));
            // A double arrow of 3 to 5 cells, its ends read first.
            cases.push((
                Relation::Automaton(Arc::new(Automaton::double_arrow(n))),
                3 + round % 3,
                Box::new(|v: &[u32]| v[0] + v[1] == v[2..].iter().sum::<u32>()),
            ));
            // A sum line of 1 to 4 cells whose segments add up to 1 to 2n: some cuts of the
            // line (every one of the 2^(k−1) tried) give segments of that total.
            let total = 1 + (lcg(&mut state) % (2 * n as u64)) as u32;
            cases.push((
                Relation::Automaton(Arc::new(Automaton::sum_line(n, total).expect("small totals fit"))),
                1 + round % 4,
                Box::new(move |v: &[u32]| {
                    (0u32..1 << (v.len() - 1)).any(|cuts| {
                        let mut part = 0;
                        v.iter().enumerate().all(|(i, &x)| {
                            part += x;
                            let cut = i + 1 == v.len() || cuts >> i & 1 == 1;
                            !cut || std::mem::replace(&mut part, 0) == total
                        })
                    })
                }),
            ));
            // A sum loop of 3 or 4 cells: some rotation cuts into segments of the total (every
            // third round: its brute force is the slowest).
            let total = 2 + (lcg(&mut state) % (2 * n as u64)) as u32;
            if round % 3 == 0 {
                cases.push((
                    Relation::Automaton(Arc::new(Automaton::sum_loop(n, total).expect("small totals fit"))),
                    3 + round % 2,
                    Box::new(move |v: &[u32]| {
                        (0..v.len()).any(|start| {
                            let mut part = 0;
                            (0..v.len()).all(|i| {
                                part += v[(start + i) % v.len()];
                                if part == total {
                                    part = 0;
                                }
                                part < total
                            }) && part == 0
                        })
                    }),
                ));
            }
            // A lunchbox of 2 to 5 cells: the values between the smallest and the largest add up
            // to the total. Its group keeps the values apart; on repeats the automaton asks that
            // the smallest and the largest be there once each (inner values may repeat).
            let total = (lcg(&mut state) % (n as u64 + 4)) as u32;
            if round % 3 == 1 {
                cases.push((
                    Relation::Automaton(Arc::new(Automaton::lunchbox(n, total).expect("small totals fit"))),
                    2 + round % 3,
                    Box::new(move |v: &[u32]| {
                        let (lo, hi) = (*v.iter().min().unwrap(), *v.iter().max().unwrap());
                        let at = |x: u32| v.iter().position(|&y| y == x).unwrap();
                        let once = |x: u32| v.iter().filter(|&&y| y == x).count() == 1;
                        let (a, b) = (at(lo).min(at(hi)), at(lo).max(at(hi)));
                        lo < hi && once(lo) && once(hi) && v[a + 1..b].iter().sum::<u32>() == total
                    }),
                ));
            }
            for (relation, k, ok) in cases {
                let con = c(relation.clone(), k, n);
                let d: Vec<u64> = (0..k)
                    .map(|_| if n < 9 { lcg(&mut state) | lcg(&mut state) } else { lcg(&mut state) } & full(n))
                    .collect();
                agrees_with_brute_force(&con, &d, &*ok, || format!("{relation:?} on {n}×{n}"));
            }
        }
    }
    // The largest grids: a 3-digit pill fits up to 16×16, a rellik total of 45 at 9×9.
    assert!(Automaton::pill_arrow(9, 3).is_some() && Automaton::pill_arrow(16, 3).is_some());
    assert!(Automaton::rellik(9, 45).is_some(), "{:?}", Automaton::rellik(9, 45).map(|a| a.states()));
    assert!(Automaton::pill_arrow(64, 1).is_some() && Automaton::double_arrow(64).states() <= 3 * 64 + 2);
    assert!(Automaton::sum_line(9, 10).is_some_and(|a| a.states() == 10));
    assert!(Automaton::sum_loop(9, 64).is_some() && Automaton::sum_loop(9, 65).is_none());
    assert!(Automaton::lunchbox(9, 35).is_some() && Automaton::lunchbox(16, 20).is_some());
    assert!(Automaton::sum_line(64, 4096).is_some() && Automaton::sum_line(64, 4097).is_none());
    assert!(Automaton::sum_line(9, 0).is_none());
}

/// State machines (ISS's NFA lines): random nondeterministic machines of 2 to 6 states, made
/// deterministic by `pattern::machine`, filter exactly what brute force keeps, the machine run
/// as given (the set of states it may be in after each value) deciding each assignment.
#[test]
fn state_machines_filter_what_running_them_as_given_accepts() {
    let mut state = 47;
    for n in [4usize, 6, 9] {
        for round in 0..40 {
            let states = 2 + (lcg(&mut state) % 5) as usize;
            let transitions: Vec<(usize, u64, usize)> = (0..states * 2)
                .map(|_| {
                    let from = (lcg(&mut state) % states as u64) as usize;
                    let to = (lcg(&mut state) % states as u64) as usize;
                    (from, (lcg(&mut state) | lcg(&mut state)) & full(n), to)
                })
                .collect();
            let starts: Vec<usize> = (0..states).filter(|q| *q == 0 || lcg(&mut state).is_multiple_of(4)).collect();
            let accept: Vec<usize> = (0..states).filter(|_| lcg(&mut state).is_multiple_of(2)).collect();
            let a = coverlab_model::pattern::machine(
                n,
                "t",
                states,
                &starts,
                &accept,
                &transitions,
                coverlab_model::pattern::MAX_STATES,
            )
            .expect("small machines fit");
            let (t, s, acc) = (transitions.clone(), starts.clone(), accept.clone());
            let runs = move |v: &[u32]| {
                let mut here: Vec<usize> = s.clone();
                for &x in v {
                    let mut next: Vec<usize> = t
                        .iter()
                        .filter(|(f, m, _)| here.contains(f) && m >> (x - 1) & 1 == 1)
                        .map(|&(_, _, to)| to)
                        .collect();
                    next.sort_unstable();
                    next.dedup();
                    here = next;
                }
                here.iter().any(|q| acc.contains(q))
            };
            let k = 1 + round % 4;
            let con = c(Relation::Automaton(Arc::new(a)), k, n);
            let d: Vec<u64> = (0..k).map(|_| (lcg(&mut state) | lcg(&mut state)) & full(n)).collect();
            agrees_with_brute_force(&con, &d, &runs, || {
                format!("machine {transitions:?} from {starts:?} to {accept:?} on {n}×{n}")
            });
        }
    }
    // Past the limits: a state out of range, a deterministic form too large ("the value read
    // k from the end is 1" needs 2^k states: 2,048 fit, 8,192 do not).
    assert!(coverlab_model::pattern::machine(4, "t", 2, &[0], &[2], &[], 4096).is_err());
    let far = |k: usize| {
        let mut t: Vec<(usize, u64, usize)> = vec![(0, 0b11, 0), (0, 0b1, 1)];
        t.extend((1..k).map(|q| (q, 0b11, q + 1)));
        coverlab_model::pattern::machine(2, "t", k + 1, &[0], &[k], &t, 4096)
    };
    assert_eq!(far(11).map(|a| a.states()), Ok(2048));
    let err = far(13).unwrap_err();
    assert!(err.contains("more than 4096 states"), "{err}");
}
