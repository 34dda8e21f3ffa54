//! The tests of `src/builtin.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use coverlab_model::builtin::*;

#[test]
fn every_file_compiles_under_its_own_name() {
    for (name, _) in FILES {
        let model = load(name).unwrap().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(model.name(), *name);
    }
}

#[test]
fn size_rule_covers_rectangles_and_large_squares() {
    assert_eq!(box_shape(6), Some((2, 3)));
    assert_eq!(box_shape(12), Some((3, 4)));
    assert_eq!(box_shape(49), Some((7, 7)));
    assert_eq!(box_shape(64), Some((8, 8)));
    assert_eq!(box_shape(7), None);
    assert_eq!(load("classic-64x64").unwrap().unwrap().size(), 64);
    assert_eq!(load("classic-10x10").unwrap().unwrap().boxes(), Some((2, 5)));
    let e = load("classic-7x7").unwrap().unwrap_err().to_string();
    assert!(e.contains("no classic spec of size 7"), "{e}");
    assert!(load("classic-65x65").unwrap().is_err());
    assert!(load("nonesuch").is_none());
    assert_eq!(for_cell_count(81), Some("classic-9x9"));
    assert_eq!(for_cell_count(49 * 49), Some("classic-49x49"));
    assert_eq!(for_cell_count(80), None);
    assert!(names().contains(&"classic-49x49".to_string()));
}
