//! Counting circles against the validator, on every 4×4 sudoku (288): for random sets of circles
//! the filter on a full grid fails exactly when the validator (the definition: each circle's
//! value is how many circles hold it) says the grid breaks the rule, and on partial grids it
//! never removes a value of a sudoku that keeps the rule (nor fails while one fits).

use coverlab_model::{ConstraintKind, Grid, Model, validate};

/// Every 4×4 sudoku, row by row.
fn sudokus() -> Vec<Vec<u8>> {
    fn go(g: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        let at = g.len();
        if at == 16 {
            out.push(g.clone());
            return;
        }
        let (r, c) = (at / 4, at % 4);
        for v in 1..=4u8 {
            let boxed = |i: usize| i / 4 / 2 == r / 2 && i % 4 / 2 == c / 2;
            if (0..c).any(|j| g[r * 4 + j] == v)
                || (0..r).any(|i| g[i * 4 + c] == v)
                || (0..at).any(|i| boxed(i) && g[i] == v)
            {
                continue;
            }
            g.push(v);
            go(g, out);
            g.pop();
        }
    }
    let mut out = Vec::new();
    go(&mut Vec::new(), &mut out);
    out
}

fn lcg(state: &mut u64) -> u64 {
    *state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    *state >> 33
}

#[test]
fn the_counting_circles_filter_agrees_with_the_validator_on_every_4x4_sudoku() {
    let squares = sudokus();
    assert_eq!(squares.len(), 288);
    let mut state = 11u64;
    let (mut checked, mut kept, mut refuted) = (0, 0, 0);
    for trial in 0..40 {
        // 1 to 10 distinct circles anywhere.
        let k = 1 + trial % 10;
        let mut cells: Vec<usize> = Vec::new();
        while cells.len() < k {
            let c = lcg(&mut state) as usize % 16;
            if !cells.contains(&c) {
                cells.push(c);
            }
        }
        let names: Vec<String> = cells.iter().map(|c| format!("\"r{}c{}\"", c / 4 + 1, c % 4 + 1)).collect();
        let text = format!(
            "Spec(name: \"t\", size: 4, rules: [Rows, Columns, Boxes(rows: 2, cols: 2), CountingCircles(cells: [{}])])",
            names.join(", ")
        );
        let model = Model::from_ron(&text, "t").expect("a valid spec");
        let circles = model.constraints().iter().find(|c| c.kind == ConstraintKind::CountingCircles).expect("the rule");
        let holds =
            |g: &[u8]| validate::broken_rule(model.spec(), &Grid::from_values(4, g.to_vec()).unwrap()).is_none();
        let on = |g: &[u8]| -> Vec<u64> { circles.cells.iter().map(|&c| 1u64 << (g[c] - 1)).collect() };
        let good: Vec<&Vec<u8>> = squares.iter().filter(|g| holds(g)).collect();
        // Exact on full grids.
        for g in &squares {
            let mut d = on(g);
            assert_eq!(circles.filter(&mut d).is_ok(), holds(g), "{text} on {g:?}");
            assert_eq!(circles.holds(&circles.cells.iter().map(|&c| g[c]).collect::<Vec<_>>()), holds(g));
        }
        // Sound on partial grids: a sudoku keeping the rule and fitting the candidates keeps
        // fitting them after the filter.
        for _ in 0..80 {
            let base = &squares[lcg(&mut state) as usize % squares.len()];
            let mut d: Vec<u64> = circles
                .cells
                .iter()
                .map(|&c| if lcg(&mut state).is_multiple_of(3) { 1u64 << (base[c] - 1) } else { 0b1111 })
                .collect();
            let before = d.clone();
            let fits = |g: &[u8], d: &[u64]| circles.cells.iter().zip(d).all(|(&c, &m)| m >> (g[c] - 1) & 1 == 1);
            let result = circles.filter(&mut d);
            let mut any = false;
            for g in good.iter().filter(|g| fits(g, &before)) {
                assert!(result.is_ok() && fits(g, &d), "{text}: {before:?} lost the solution {g:?}");
                any = true;
            }
            if any {
                kept += 1;
            } else if result.is_err() || d != before {
                refuted += 1;
            }
            checked += 1;
        }
    }
    // Both sides seen: partial grids a solution fits, and ones the filter narrowed or refuted.
    assert!(checked == 3200 && kept > 100 && refuted > 100, "{checked} {kept} {refuted}");
}
