//! The tests of `src/dlx.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use crate::common::model;
use coverlab_strategies::dlx::*;

#[test]
fn build_links_every_option_node_into_its_item() {
    let model = model("anti-knight-9x9");
    let ec = model.exact_cover();
    let mut m = Matrix::default();
    m.build(ec);
    // LEN of each item equals the number of options containing it.
    let mut counts = vec![0u32; ec.items().len()];
    for o in 0..ec.options() {
        for &j in ec.option_items(o) {
            counts[j as usize] += 1;
        }
        assert_eq!(m.option_of(m.starts[o]), o);
    }
    for (j, &c) in counts.iter().enumerate() {
        assert_eq!(m.len(ItemId(j as u32 + 1)), c, "item {j}");
    }
    // The active list holds exactly the primary items, in order.
    let mut i = m[ItemId::ROOT].rlink;
    let mut seen = 0;
    while i != ItemId::ROOT {
        assert_eq!(i.matrix_index(), seen);
        seen += 1;
        i = m[i].rlink;
    }
    assert_eq!(seen, ec.primary());
    assert!(ec.items().len() > ec.primary(), "anti-knight has secondary items");
}

#[test]
fn cover_then_uncover_restores_the_matrix() {
    let model = model("windoku-9x9");
    let ec = model.exact_cover();
    let mut m = Matrix::default();
    m.build(ec);
    let pristine = m.clone();
    // Choose an option as X4–X5 would, then undo as X6–X7 would.
    let x = m.starts[ec.option(40, 5)];
    let i = m.item_of(x).unwrap();
    m.cover(i);
    m.cover_others(x);
    assert_ne!(m, pristine);
    assert_eq!(m.len(ItemId(1)), 9, "r1c1 shares no unit with r5c5");
    assert_eq!(m.len(ItemId(5)), 8, "r1c5 shares column 5 with r5c5, so lost r1c5=5");
    assert_eq!(m.len(ItemId(41)), 9, "r5c5 keeps its options: its item is covered, not hidden");
    m.uncover_others(x);
    m.uncover(i);
    assert_eq!(m, pristine);
}

#[test]
fn secondary_items_are_never_chosen() {
    // In anti-king 9x9 every (group, value) item has 2 options and every primary item 9:
    // MRV over all items would pick a secondary one; X3 looks at primary items only.
    let model = model("anti-king-9x9");
    let ec = model.exact_cover();
    let mut m = Matrix::default();
    m.build(ec);
    let secondary = ItemId(ec.primary() as u32 + 1);
    assert_eq!(m.len(secondary), 2);
    let (i, len) = m.choose();
    assert_eq!((i, len), (ItemId(1), 9), "the first cell, r1c1");
}
