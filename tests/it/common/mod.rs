//! What the end-to-end tests share: running the binary, reading what it printed, scratch files.

#![allow(dead_code, reason = "each test binary uses its own share of these")]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The `coverlab` binary, run from the repository's root.
pub fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_coverlab"));
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

/// Runs `coverlab ARGS` with no input.
pub fn run(args: &[&str]) -> Output {
    bin().args(args).stdin(Stdio::null()).output().expect("the binary runs")
}

/// Output as text (lossy).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The JSON lines of a run's stdout.
pub fn json_lines(o: &Output) -> Vec<serde_json::Value> {
    text(&o.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

/// A scratch directory, removed with what it holds when dropped: at the end of the test that
/// made it, passed or failed (a failing assertion unwinds through the drop).
pub struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A fresh scratch directory for one test of `group`; keep it bound for as long as its files
/// are used (`let dir = scratch(..)`), since it goes when dropped.
pub fn scratch(group: &str, name: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!("coverlab-{group}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    Scratch(dir)
}

/// A path as an argument.
pub fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Whether the whole suite runs: `COVERLAB_TESTS=full` (as `.ci/run` sets). Without it the
/// slowest tests take a fixed sample of their cases, so that a warm `cargo test --workspace`
/// stays a quick loop (docs/research.md, "What a test run costs").
pub fn full() -> bool {
    std::env::var("COVERLAB_TESTS").is_ok_and(|v| v == "full")
}
