//! The tests of `src/outfile.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use std::io::Write;
use std::path::{Path, PathBuf};

use coverlab::outfile::*;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("coverlab-outfile-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn an_output_is_whole_or_absent() {
    let dir = scratch("whole");
    let path = dir.join("out.txt");
    std::fs::write(&path, "before").unwrap();
    let mut out = OutputFile::create(&path).unwrap();
    out.write_all(b"half").unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "before", "nothing shows before the commit");
    drop(out);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "before", "an abandoned output changes nothing");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "the temporary file is removed");
    write(&path, "after").unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "after");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn two_outputs_or_an_input_on_one_path_are_refused() {
    let dir = scratch("check");
    let input = dir.join("in.txt");
    std::fs::write(&input, "x").unwrap();
    let new = dir.join("new.json");
    let also_new = dir.join(".").join("new.json");
    let e = check([("--trace", new.as_path()), ("--summary", also_new.as_path())], [input.as_path()]);
    assert!(e.unwrap_err().to_string().contains("also the --trace output"));
    let e = check([("--html", input.as_path())], [input.as_path()]);
    assert!(e.unwrap_err().to_string().contains("that is also an input"));
    check([("--trace", new.as_path()), ("--plot", dir.join("p.svg").as_path())], [input.as_path()]).unwrap();
    let null = Path::new("/dev/null");
    check([("--trace", null), ("--summary", null)], [input.as_path()]).unwrap();
    std::fs::remove_dir_all(dir).unwrap();
}
