//! The tests of `src/sudokupad.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use coverlab_formats::sudokupad::*;

#[test]
fn ids_come_from_every_link_form() {
    assert_eq!(puzzle_id("https://sudokupad.app/sclABC?setting-nogrid=1"), "sclABC");
    assert_eq!(puzzle_id("https://sudokupad.app/?puzzle=fpuzN4Ig%2B"), "fpuzN4Ig+");
    assert_eq!(puzzle_id("https://app.crackingthecryptic.com/sudoku/ctcXYZ#x"), "ctcXYZ");
    assert_eq!(puzzle_id("  sclQQQ  "), "sclQQQ");
}

#[test]
fn unzip_restores_keys_colours_flags_and_empty_cells() {
    let zipped = "{ce:[[,{v:3},],[{v:1,c:FF0000},,]],ca:[{ce:[[0,0]],v:'a:b',unique:t,hidden:f,c1:#0}]}";
    let v = read_json(zipped).unwrap();
    assert_eq!(
        v.to_string(),
        r##"{"cages":[{"borderColor":"#000000","cells":[[0,0]],"hidden":false,"unique":true,"value":"a:b"}],"cells":[[{},{"value":3},{}],[{"color":"#FF0000","value":1},{},{}]]}"##
    );
}

#[test]
fn looks_like_links_and_ids_only() {
    assert!(looks_like("https://sudokupad.app/abc123"));
    assert!(looks_like("sclN4IgzglgXgpiBcBOANCA5gJwgEw"));
    assert!(!looks_like("scl"));
    assert!(!looks_like("ctc.4...3..2.1...."));
    assert!(looks_like("http://www.sudokupad.app/scl"));
    // A line that only mentions a link (a title, a comment) is not one.
    assert!(!looks_like("Puzzle 1, from https://sudokupad.app/abc123"));
}
