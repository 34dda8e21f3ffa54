//! The tests of `src/step.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use coverlab_model::Symbols;
use coverlab_techniques::step::*;

#[test]
fn lists_read_as_english() {
    assert_eq!(and_list(vec![]), "");
    assert_eq!(and_list(vec!["a".into()]), "a");
    assert_eq!(and_list(vec!["a".into(), "b".into()]), "a and b");
    assert_eq!(and_list(vec!["a".into(), "b".into(), "c".into()]), "a, b and c");
    assert_eq!(houses(&["row 2".into(), "row 7".into()]), "rows 2 and 7");
    assert_eq!(houses(&["column 1".into(), "column 3".into(), "column 8".into()]), "columns 1, 3 and 8");
    assert_eq!(houses(&["row 2".into(), "column 7".into()]), "row 2 and column 7");
    assert_eq!(houses(&["row 2".into()]), "row 2");
}

#[test]
fn symbols_out_of_the_alphabet_are_numbers() {
    let s = Symbols::default_for(16);
    assert_eq!(symbol(&s, 16), "G");
    assert_eq!(symbol(&s, 0), "0");
    assert_eq!(symbol(&s, 17), "17");
}

#[test]
fn constraint_eliminations_are_grouped_by_the_values_lost() {
    let model = coverlab_model::builtin::load("classic-9x9").unwrap().unwrap();
    let s = Symbols::default_for(9);
    let elims = [(5, 1), (5, 2), (6, 1), (6, 2), (15, 9)];
    assert_eq!(grouped(&model, &s, &elims), "1, 2 of r1c6 and r1c7; 9 of r2c7");
    assert_eq!(per_cell(&model, &s, &elims), "r1c6 (1, 2), r1c7 (1, 2), r2c7 (9)");
}
