//! Full rank against the validator, on every 4×4 Latin square (rows and columns only: 576, with
//! many ties): the filter on one full grid fails exactly when the validator (which ranks the 4n
//! numbers itself) says the grid breaks the rule, and on partial grids it never removes a value
//! of a Latin square that keeps the rule. And `Or` branches whose rule can never hold.

use coverlab_model::{ConstraintKind, Grid, Model, validate};

/// Every n×n Latin square, row by row.
fn latin(n: usize) -> Vec<Vec<u8>> {
    fn go(n: usize, g: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        let at = g.len();
        if at == n * n {
            out.push(g.clone());
            return;
        }
        let (r, c) = (at / n, at % n);
        for v in 1..=n as u8 {
            if (0..c).any(|j| g[r * n + j] == v) || (0..r).any(|i| g[i * n + c] == v) {
                continue;
            }
            g.push(v);
            go(n, g, out);
            g.pop();
        }
    }
    let mut out = Vec::new();
    go(n, &mut Vec::new(), &mut out);
    out
}

fn lcg(state: &mut u64) -> u64 {
    *state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    *state >> 33
}

#[test]
fn the_full_rank_filter_agrees_with_the_validator_on_every_4x4_latin_square() {
    let n = 4;
    let squares = latin(n);
    assert_eq!(squares.len(), 576);
    let sides = ["row: 1", "row: 2", "column: 3", "column: 4"];
    let mut state = 7u64;
    let mut checked = 0;
    for ties in ["", "FullRankTies(Any), ", "FullRankTies(Never), ", "FullRankTies(Unclued), "] {
        for trial in 0..12 {
            // One to three clues on random sides, with random ranks.
            let k = 1 + (trial % 3);
            let mut clues = Vec::new();
            for _ in 0..k {
                let side = sides[lcg(&mut state) as usize % sides.len()];
                let end = if lcg(&mut state).is_multiple_of(2) { ", from_end: true" } else { "" };
                let rank = 1 + lcg(&mut state) % 16;
                let clue = format!("FullRank({side}{end}, rank: {rank})");
                if !clues.iter().any(|c: &String| c.starts_with(&format!("FullRank({side}{end},"))) {
                    clues.push(clue);
                }
            }
            let text = format!("Spec(name: \"t\", size: 4, rules: [Rows, Columns, {ties}{}])", clues.join(", "));
            let Ok(model) = Model::from_ron(&text, "t") else {
                // Two clues of one rank without `Any`: refused, which the bad-input cases cover.
                continue;
            };
            let rank = model.constraints().iter().find(|c| c.kind == ConstraintKind::FullRank).expect("the rule");
            let holds =
                |g: &[u8]| validate::broken_rule(model.spec(), &Grid::from_values(n, g.to_vec()).unwrap()).is_none();
            let good: Vec<&Vec<u8>> = squares.iter().filter(|g| holds(g)).collect();
            // Exact on full grids.
            for g in &squares {
                let mut d: Vec<u64> = g.iter().map(|&v| 1u64 << (v - 1)).collect();
                assert_eq!(rank.filter(&mut d).is_ok(), holds(g), "{text} on {g:?}");
            }
            // Sound on partial grids: a square keeping the rule and fitting the candidates
            // keeps fitting them after the filter.
            for _ in 0..60 {
                let base = &squares[lcg(&mut state) as usize % squares.len()];
                let mut d: Vec<u64> = base
                    .iter()
                    .map(|&v| if lcg(&mut state).is_multiple_of(3) { 1u64 << (v - 1) } else { 0b1111 })
                    .collect();
                let before = d.clone();
                let fits = |g: &[u8], d: &[u64]| g.iter().zip(d).all(|(&v, &m)| m >> (v - 1) & 1 == 1);
                let result = rank.filter(&mut d);
                for g in good.iter().filter(|g| fits(g, &before)) {
                    assert!(result.is_ok() && fits(g, &d), "{text}: {before:?} lost the solution {g:?}");
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 1000);
}

#[test]
fn an_or_branch_whose_rule_can_never_hold_fails_and_the_others_solve() {
    // The three shapes of ISS's corpus, each in a branch beside one that holds: a hidden
    // skyscraper of n, an X-sum of 2, a 6-cell cage of 3 (here a 3-cell cage of 3 on 4×4: it
    // needs 1 + 2 + 3 = 6 at least).
    let solution = Grid::from_values(4, vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]).unwrap();
    for never in [
        "HiddenSkyscraper(row: 1, value: 4)",
        "XSum(column: 2, sum: 2)",
        "Cage(cells: [\"r1c1\", \"r1c2\", \"r2c1\"], sum: 3)",
    ] {
        let spec = |holds: &str| {
            format!(
                "Spec(name: \"t\", size: 4, rules: [Rows, Columns, Boxes(rows: 2, cols: 2), Or([[{never}], [{holds}]])])"
            )
        };
        // The other branch holds on the solution: the Or does.
        let model = Model::from_ron(&spec("Thermometer(cells: [\"r1c1\", \"r1c2\", \"r1c3\"])"), "t")
            .unwrap_or_else(|e| panic!("{never}: {e}"));
        assert_eq!(validate::broken_rule(model.spec(), &solution), None, "{never}");
        let or = model.constraints().iter().find(|c| c.kind == ConstraintKind::Or).expect("the Or");
        let mut d: Vec<u64> = or.cells.iter().map(|&c| 1u64 << (solution.get(c) - 1)).collect();
        assert!(or.filter(&mut d).is_ok(), "{never}");
        // It does not: the validator names both branches, and the filter fails.
        let model = Model::from_ron(&spec("Thermometer(cells: [\"r1c2\", \"r1c1\"])"), "t").unwrap();
        let why = validate::broken_rule(model.spec(), &solution).expect("no branch holds");
        assert!(why.contains("branch 1") && why.contains("branch 2"), "{never}: {why}");
        let or = model.constraints().iter().find(|c| c.kind == ConstraintKind::Or).expect("the Or");
        let mut d: Vec<u64> = or.cells.iter().map(|&c| 1u64 << (solution.get(c) - 1)).collect();
        assert!(or.filter(&mut d).is_err(), "{never}");
        // Outside an Or the same rule is refused, naming it.
        let alone = format!("Spec(name: \"t\", size: 4, rules: [Rows, Columns, {never}])");
        let e = Model::from_ron(&alone, "t").expect_err("it can never hold");
        assert!(e.message.contains(never.split('(').next().unwrap()) || e.message.contains("cage"), "{e}");
    }
}
