//! Every `cargo run --release -- …` line of the README's shell blocks, run as a new user would
//! (with this build's binary, in a scratch directory holding the repository's `examples/`,
//! `tests/` and `specs/`): each must succeed, promptly. The README's promise that every example
//! works on a fresh clone is checked here, not remembered.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common;

/// The commands of the README's ```sh blocks that run coverlab.
fn readme_commands() -> Vec<String> {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let mut commands = Vec::new();
    let mut in_sh = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_sh = line.trim() == "```sh";
            continue;
        }
        if in_sh && let Some(rest) = line.trim().strip_prefix("cargo run --release -- ") {
            commands.push(rest.to_string());
        }
    }
    commands
}

#[test]
fn every_readme_command_runs() {
    let commands = readme_commands();
    assert!(commands.len() >= 10, "the README's examples were found: {commands:?}");
    let dir = common::scratch("readme", "commands");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for folder in ["examples", "tests", "specs", "docs"] {
        std::os::unix::fs::symlink(root.join(folder), dir.join(folder)).unwrap();
    }
    let binary = env!("CARGO_BIN_EXE_coverlab");
    let mut failures = Vec::new();
    for command in &commands {
        let start = Instant::now();
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(format!("'{binary}' {command}"))
            .current_dir(&dir)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // A bound against a hang, far above "seconds" (debug builds are slower than release).
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break Some(status);
            }
            if start.elapsed() > Duration::from_secs(120) {
                let _ = child.kill();
                break None;
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let stderr = child.wait_with_output().map(|o| String::from_utf8_lossy(&o.stderr).into_owned()).unwrap();
        match status {
            Some(s) if s.success() => {}
            Some(s) => failures.push(format!("{command}: exit {:?}: {stderr}", s.code())),
            None => failures.push(format!("{command}: still running after 120 s")),
        }
    }
    assert!(failures.is_empty(), "README commands that fail:\n{}", failures.join("\n"));
}

#[test]
fn the_strategy_tables_name_every_registered_strategy_and_preset() {
    use coverlab_strategies::registry;
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let section = &readme[readme.find("## Strategies").unwrap()..readme.find("### What the counters mean").unwrap()];
    // The first cell of every table row: `name`.
    let listed: Vec<&str> = section
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .filter_map(|l| l.split_once('`').map(|(name, _)| name))
        .collect();
    let mut registered: Vec<&str> = registry::REGISTRY.iter().map(|s| s.name).collect();
    registered.extend(registry::PRESETS.iter().map(|p| p.name));
    let mut sorted_listed = listed.clone();
    sorted_listed.sort_unstable();
    registered.sort_unstable();
    assert_eq!(sorted_listed, registered, "the README's strategy and preset tables against the registry");
    for preset in registry::PRESETS {
        let row = section.lines().find(|l| l.starts_with(&format!("| `{}` |", preset.name))).unwrap();
        assert!(
            row.contains(&format!("`{}({}", preset.of, preset.set)),
            "{} is written as it is set: {row}",
            preset.name
        );
    }
}
