//! The tests of `src/viewer.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use serde_json::{Value, json};

use coverlab::viewer::*;

#[test]
fn the_template_has_one_placeholder_and_no_remote_resource() {
    assert_eq!(TEMPLATE.matches(PLACEHOLDER).count(), 1);
    for remote in ["http://", "https://", "//cdn", "src=\"//"] {
        assert!(!TEMPLATE.contains(remote), "the viewer must not fetch anything: {remote}");
    }
}

#[test]
fn labels_cannot_end_the_script() {
    let text = script_json(&json!({"label": "</script><!-- x"}));
    assert!(!text.contains('<'));
    assert_eq!(serde_json::from_str::<Value>(&text).unwrap()["label"], "</script><!-- x");
}

#[test]
fn little_killer_clues_sit_outside_the_grid_with_their_arrow() {
    let cell = |r: usize, c: usize| (r - 1) * 9 + c - 1;
    // From the top edge down-right: the clue above-left of the first cell.
    assert_eq!(little_killer_clue(&[cell(1, 2), cell(2, 3), cell(3, 4)], 9), ([-1, 0], [1, 1]));
    // Written towards the edge: the clue after the last cell (here the corner), the arrow
    // reversed.
    assert_eq!(little_killer_clue(&[cell(3, 7), cell(2, 8), cell(1, 9)], 9), ([-1, 9], [1, -1]));
    // A corner cell alone: the short diagonal through it, not the long one.
    assert_eq!(little_killer_clue(&[cell(9, 9)], 9), ([7, 9], [1, -1]));
    // Inside at both ends: on the edge behind the first cell.
    assert_eq!(little_killer_clue(&[cell(3, 3), cell(4, 4)], 9), ([-1, -1], [1, 1]));
}
