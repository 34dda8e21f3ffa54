//! The tests of `src/unit_sets.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use std::sync::Arc;

use coverlab_model::{Grid, Puzzle, builtin};

use coverlab_engine::*;

#[test]
fn fits_follows_places_and_clears_and_clashes_are_refused() {
    let model = Arc::new(builtin::load("classic-4x4").unwrap().unwrap());
    let mut g = Grid::empty(4);
    g.set(0, 1);
    let p = Puzzle::new(model.clone(), g.clone()).unwrap();
    let mut sets = UnitSets::<u16>::from_givens(&p).unwrap();
    assert_eq!(sets.fits(1).iter().collect::<Vec<_>>(), vec![1, 2, 3], "r1c2: not 1");
    assert_eq!(sets.fits(15).count(), 4, "r4c4 shares no unit with r1c1");
    sets.place(15, 2);
    assert_eq!(sets.fits(3).iter().collect::<Vec<_>>(), vec![2, 3], "r1c4: not 1 (row), not 2 (column)");
    sets.clear(15);
    assert_eq!(sets.fits(3).iter().collect::<Vec<_>>(), vec![1, 2, 3]);
    assert_eq!(sets.to_grid(), g);
    g.set(5, 1);
    assert!(UnitSets::<u16>::from_givens(&Puzzle::new_unchecked(model, g)).is_none());
}
