//! The tests of `src/killer.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use coverlab_model::spec::{Rule, Spec};

use coverlab_formats::killer::*;

/// A cage as (row, column) pairs, sorted, and its sum.
type Written = (Vec<(usize, usize)>, Option<u32>);

fn cages(spec: &Spec) -> Vec<Written> {
    let mut out: Vec<_> = spec
        .rules
        .iter()
        .filter_map(|r| match r {
            Rule::Cage { cells, sum } => {
                let mut cells: Vec<_> = cells.iter().map(|c| (c.row, c.col)).collect();
                cells.sort_unstable();
                Some((cells, *sum))
            }
            _ => None,
        })
        .collect();
    out.sort();
    out
}

#[test]
fn both_forms_read_the_same_cages() {
    // A layout written both ways by hand: rows of three-cell cages (sum 6 + row), the last
    // row's first cage without a sum in the arrow form.
    let mut arrows = String::new();
    let mut k = String::from("3x3::k:");
    for r in 0..9 {
        for c in 0..9 {
            let sum = 6 + r as u32;
            arrows.push(if c % 3 == 0 { std::char::from_digit(sum, 36).unwrap().to_ascii_uppercase() } else { '<' });
            k.push_str(&format!("{}:", sum * 256 + (r * 3 + c / 3) as u32));
        }
    }
    // Sums below 10 are digits; 10 and up letters.
    let a = parse(&arrows).unwrap();
    let b = parse(&k).unwrap();
    assert_eq!(cages(a.spec.as_ref().unwrap()), cages(b.spec.as_ref().unwrap()));
    assert_eq!(cages(a.spec.as_ref().unwrap()).len(), 27);
    assert!(looks_like(&arrows) && looks_like(&k));
}

#[test]
fn arrows_follow_diagonals_and_zero_is_no_sum() {
    // r1c1 heads row 1 and r2c2 (`); the other rows are cages of their own.
    let mut t: Vec<char> = "9<<<<<<<<".repeat(9).chars().collect();
    t[0] = '0';
    t[10] = '`';
    t[11] = '8'; // r2c3 heads the rest of row 2
    let p = parse(&t.iter().collect::<String>()).unwrap();
    let c = cages(p.spec.as_ref().unwrap());
    assert!(
        c.contains(&(vec![(1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (1, 7), (1, 8), (1, 9), (2, 2)], None)),
        "{c:?}"
    );
}

#[test]
fn bad_killers_say_what_and_where() {
    let mut t: Vec<char> = "9<<<<<<<<".repeat(9).chars().collect();
    t[0] = '<';
    let e = parse(&t.iter().collect::<String>()).unwrap_err();
    assert!(e.contains("r1c1") && e.contains("outside the grid"), "{e}");
    let mut t: Vec<char> = "9<<<<<<<<".repeat(9).chars().collect();
    t[0] = '>'; // r1c1 -> r1c2 -> r1c1
    let e = parse(&t.iter().collect::<String>()).unwrap_err();
    assert!(e.contains("loop"), "{e}");
    // Found by fuzzing: the form's start and nothing after it.
    for cut in ["3x3:", "3x3:\t", "3x3::", "3x3::k", "3x3:d:k:"] {
        assert!(parse(cut).is_err(), "{cut}");
    }
    let e = parse("3x3::k:1:2:3:").unwrap_err();
    assert!(e.contains("3 cell numbers"), "{e}");
    let e = parse(&format!("3x3::k:{}x:", "2560:".repeat(80))).unwrap_err();
    assert!(e.contains("r9c9") && e.contains("\"x\""), "{e}");
    let e = parse(&format!("3x3::k:{}2816:", "2560:".repeat(80))).unwrap_err();
    assert!(e.contains("r9c9") && e.contains("sum 11") && e.contains("r1c1"), "{e}");
}
