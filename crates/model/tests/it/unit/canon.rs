//! The tests of `src/canon.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use coverlab_model::canon::*;

/// Every permutation of 0..k, in lexicographic order.
fn permutations(k: usize) -> Vec<Vec<usize>> {
    let mut p: Vec<u8> = (0..k as u8).collect();
    let mut all = vec![p.iter().map(|&i| usize::from(i)).collect()];
    while next_permutation(&mut p) {
        all.push(p.iter().map(|&i| usize::from(i)).collect());
    }
    all
}

struct Lcg(u64);
impl Lcg {
    fn below(&mut self, k: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % k as u64) as usize
    }
    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i + 1));
        }
    }
}

/// A solved grid (the shifted-rows pattern), then shuffled by random symmetries.
fn solution(rows: usize, cols: usize, rng: &mut Lcg) -> Vec<u8> {
    let n = rows * cols;
    let base: Vec<u8> = (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            ((cols * (r % rows) + r / rows + c) % n + 1) as u8
        })
        .collect();
    transform(&base, rows, cols, rng)
}

/// An order of 0..n that keeps groups of `size` together (bands or stacks).
fn grouped_order(n: usize, size: usize, rng: &mut Lcg) -> Vec<usize> {
    let mut groups: Vec<usize> = (0..n / size).collect();
    rng.shuffle(&mut groups);
    groups
        .into_iter()
        .flat_map(|g| {
            let mut within: Vec<usize> = (g * size..(g + 1) * size).collect();
            rng.shuffle(&mut within);
            within
        })
        .collect()
}

/// `values` under a random symmetry: rows, columns, transposition (square boxes), labels.
fn transform(values: &[u8], rows: usize, cols: usize, rng: &mut Lcg) -> Vec<u8> {
    let n = rows * cols;
    let row_order = grouped_order(n, rows, rng);
    let col_order = grouped_order(n, cols, rng);
    let mut labels: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut labels);
    let transpose = rows == cols && rng.below(2) == 1;
    (0..n * n)
        .map(|i| {
            let (r, c) = (row_order[i / n], col_order[i % n]);
            let v = if transpose { values[c * n + r] } else { values[r * n + c] };
            if v == 0 { 0 } else { labels[usize::from(v) - 1] }
        })
        .collect()
}

/// Some cells of a solution emptied.
fn puzzle(rows: usize, cols: usize, keep_in: usize, rng: &mut Lcg) -> Vec<u8> {
    let mut p = solution(rows, cols, rng);
    p.iter_mut().for_each(|v| {
        if rng.below(keep_in) != 0 {
            *v = 0
        }
    });
    p
}

/// Every order of 0..n keeping groups of `size` together.
fn all_grouped_orders(n: usize, size: usize) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    let within = permutations(size);
    for groups in permutations(n / size) {
        let mut orders: Vec<Vec<usize>> = vec![Vec::new()];
        for &g in &groups {
            orders = orders
                .into_iter()
                .flat_map(|o| {
                    within.iter().map(move |w| {
                        let mut o = o.clone();
                        o.extend(w.iter().map(|&k| g * size + k));
                        o
                    })
                })
                .collect();
        }
        all.extend(orders);
    }
    all
}

/// The least relabelled grid over every symmetry, by trying them all.
fn brute(values: &[u8], rows: usize, cols: usize) -> Vec<u8> {
    let n = rows * cols;
    let row_orders = all_grouped_orders(n, rows);
    let col_orders = all_grouped_orders(n, cols);
    let mut best: Option<Vec<u8>> = None;
    for transpose in [false, true] {
        if transpose && rows != cols {
            continue;
        }
        for ro in &row_orders {
            for co in &col_orders {
                let mut labels = vec![0u8; n + 1];
                let mut next = 1;
                let g: Vec<u8> = (0..n * n)
                    .map(|i| {
                        let (r, c) = (ro[i / n], co[i % n]);
                        let v = usize::from(if transpose { values[c * n + r] } else { values[r * n + c] });
                        if v != 0 && labels[v] == 0 {
                            labels[v] = next;
                            next += 1;
                        }
                        labels[v]
                    })
                    .collect();
                if best.as_ref().is_none_or(|b| g < *b) {
                    best = Some(g);
                }
            }
        }
    }
    best.unwrap()
}

#[test]
fn the_form_is_the_least_of_every_symmetry_on_small_grids() {
    let mut rng = Lcg(7);
    for (rows, cols, rounds) in [(2, 2, 150), (2, 3, 30), (1, 4, 40)] {
        for round in 0..rounds {
            let keep_in = 1 + round % 4;
            let p = puzzle(rows, cols, keep_in, &mut rng);
            assert_eq!(canonical(&p, rows, cols).unwrap(), brute(&p, rows, cols), "{rows}x{cols} {p:?}");
        }
    }
}

#[test]
fn symmetric_copies_share_one_form() {
    let mut rng = Lcg(11);
    for (rows, cols, rounds) in [(3, 3, 40), (3, 4, 8), (4, 4, 8), (5, 5, 2)] {
        let n = rows * cols;
        for round in 0..rounds {
            // From half full to sparse (a 17-clue 9×9 keeps about one cell in five); a half
            // full 25×25 ties too many ways in its first rows (TooSymmetric).
            let keep_in = [2, 3, 5, 8][round % 4].max(if n >= 25 { 3 } else { 2 });
            let p = puzzle(rows, cols, keep_in, &mut rng);
            let form = canonical(&p, rows, cols).unwrap_or_else(|e| panic!("{n}x{n} 1/{keep_in}: {e}"));
            let copy = transform(&p, rows, cols, &mut rng);
            assert_eq!(canonical(&copy, rows, cols).unwrap(), form, "{n}x{n} round {round}");
            // The form is itself a copy, so it is its own form, with as many givens.
            assert_eq!(canonical(&form, rows, cols).unwrap(), form);
            assert_eq!(form.iter().filter(|&&v| v != 0).count(), p.iter().filter(|&&v| v != 0).count());
            assert!(form <= p || p.iter().any(|&v| v != 0), "never above a grid it could be");
        }
    }
}

/// The forms of 400 random puzzles of six shapes, full to sparse, folded into one number
/// (FNV-1a): the search was made faster (no allocation per row tried, rows given up as
/// they are written) and must give the very forms the first version gave.
#[test]
fn the_forms_are_those_the_first_version_gave() {
    let mut rng = Lcg(2026);
    let mut digest = 0xcbf29ce484222325u64;
    let mut canon = Canon::default();
    for (rows, cols, rounds) in [(2, 2, 100), (2, 3, 60), (3, 3, 160), (3, 4, 40), (4, 4, 30), (5, 5, 10)] {
        for round in 0..rounds {
            let keep_in = [1, 2, 3, 5, 8][round % 5].max(match rows * cols {
                25.. => 3,
                9.. => 2,
                _ => 1,
            });
            let p = puzzle(rows, cols, keep_in, &mut rng);
            let form = canon.form(&p, rows, cols).unwrap();
            assert_eq!(form, canonical(&p, rows, cols).unwrap(), "buffers kept between puzzles change nothing");
            for b in form.into_iter().chain([0xff]) {
                digest = (digest ^ u64::from(b)).wrapping_mul(0x100000001b3);
            }
        }
    }
    assert_eq!(digest, 0x28c86234c143f1ae, "the forms changed");
}

#[test]
fn empty_and_clashing_grids() {
    assert_eq!(canonical(&[0; 81], 3, 3).unwrap(), vec![0; 81]);
    assert_eq!(canonical(&[0; 64 * 64], 8, 8).unwrap(), vec![0; 64 * 64]);
    let mut clash = vec![0u8; 81];
    clash[0] = 5;
    clash[8] = 5;
    assert_eq!(canonical(&clash, 3, 3), Err(CanonError::Clash("5 is twice in row 1".into())));
    assert!(matches!(canonical(&[0; 80], 3, 3), Err(CanonError::Shape(_))));
    assert!(matches!(canonical(&[10; 81], 3, 3), Err(CanonError::Shape(_))));
}
