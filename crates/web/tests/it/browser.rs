//! The page in a real browser: `crates/web/tests/browser.sh` builds it and runs this module
//! with `COVERLAB_WEB_PAGE` naming it; `tests/driver.mjs` drives headless Chromium over the
//! DevTools protocol. Without `COVERLAB_WEB_PAGE` the test says it was skipped (a plain `cargo
//! test` builds no WebAssembly and needs no browser).

use std::process::Command;

use serde_json::Value;

use crate::common::{assert_solves, root};

/// A 17-clue puzzle, in the address as `#p=…`.
const PUZZLE: &str = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";

#[test]
fn the_page_solves_the_puzzle_in_its_address_hints_and_stops() {
    let Some(page) = std::env::var_os("COVERLAB_WEB_PAGE") else {
        eprintln!("skipped: COVERLAB_WEB_PAGE is not set (crates/web/tests/browser.sh builds the page and sets it)");
        return;
    };
    // The page's budget: under 3 MB, the module inlined.
    let bytes = std::fs::metadata(&page).expect("the page exists").len();
    assert!(
        bytes < 3_000_000,
        "the page is {bytes} bytes (was it built without binaryen's wasm-metadce and wasm-opt?)"
    );
    let driver = root().join("crates/web/tests/driver.mjs");
    let out = Command::new("node").arg(driver).arg("check").arg(&page).arg(PUZZLE).output().expect("node runs");
    let text = String::from_utf8_lossy(&out.stdout);
    let v: Value = serde_json::from_str(text.trim()).unwrap_or_else(|e| {
        panic!("the driver's output is not JSON ({e}): {text}\n{}", String::from_utf8_lossy(&out.stderr))
    });
    assert!(out.status.success() && v.get("error").is_none(), "the driver failed: {v}");
    eprintln!("page: {v}");
    // The solution line under the board, checked by the validator.
    assert_eq!(v["status"], "solved", "{v}");
    assert_solves(PUZZLE, None, v["solution"].as_str().unwrap());
    assert!(v["shown"].as_str().unwrap().contains("unique"), "{v}");
    // A hint's sentence, and its cells marked on the board.
    let hint = v["hint"].as_str().unwrap();
    assert!(hint.contains("single") && hint.contains(" r"), "{hint}");
    assert!(v["marked"].as_u64().unwrap() >= 1, "{v}");
    // Stop: the count was running, Stop ended it at once, and the new worker answers.
    let stop = &v["stop"];
    assert_eq!(stop["busyBefore"], true, "the count had ended before Stop: {v}");
    assert!(stop["stopMs"].as_f64().unwrap() < 1000.0, "{v}");
    assert_eq!(stop["said"], "stopped");
    assert_eq!(stop["after"], "1342421324313124");
    assert_eq!(stop["busyAfter"], false);
    // Interactive within a second of opening (a loose bound here: CI machines are shared).
    assert!(v["ready_ms"].as_f64().unwrap() < 5000.0, "{v}");
    // kissat is in the module (build.sh builds it in; KISSAT=0 leaves it out).
    assert_eq!(v["kissat"], true, "{v}");
}

#[test]
fn the_page_solves_minimal_25x25s_with_its_sat_solvers() {
    let Some(page) = std::env::var_os("COVERLAB_WEB_PAGE") else {
        eprintln!("skipped: COVERLAB_WEB_PAGE is not set (crates/web/tests/browser.sh builds the page and sets it)");
        return;
    };
    // Line 18 of the Frisch set with batsat, the SAT solver in Rust, and line 12 with `auto`,
    // whose hand-over goes to kissat in the module (1.4 to 4.9 s in the page under load; batsat
    // took 6.4 s, or more than 20 s: docs/web.md).
    page_solves_frisch(&page, 18, "batsat");
    page_solves_frisch(&page, 12, "auto");
}

/// Line `line` of the Frisch 25×25 set, solved by `strategy` in the page, the solution checked
/// by the validator.
fn page_solves_frisch(page: &std::ffi::OsStr, line: usize, strategy: &str) {
    let text = std::fs::read_to_string(root().join("tests/data/25x25/gecode_frisch_18.txt")).unwrap();
    let puzzle = text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).nth(line - 1).unwrap().trim();
    let dir = std::env::temp_dir().join(format!("coverlab-web-it-{}-{line}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("frisch.txt");
    std::fs::write(&file, format!("{puzzle}\n")).unwrap();
    let driver = root().join("crates/web/tests/driver.mjs");
    let out = Command::new("node")
        .arg(driver)
        .args(["bench".as_ref(), page, file.as_os_str(), strategy.as_ref()])
        .output()
        .expect("node runs");
    let _ = std::fs::remove_dir_all(&dir);
    let text = String::from_utf8_lossy(&out.stdout);
    let v: Value = serde_json::from_str(text.trim()).unwrap_or_else(|e| {
        panic!("the driver's output is not JSON ({e}): {text}\n{}", String::from_utf8_lossy(&out.stderr))
    });
    assert!(out.status.success() && v.get("error").is_none(), "the driver failed: {v}");
    eprintln!("page, line {line}, {strategy}: {v}");
    let run = &v["runs"][0];
    assert_eq!(run["status"], "solved", "{v}");
    assert_solves(puzzle, None, run["solution"].as_str().unwrap());
}
