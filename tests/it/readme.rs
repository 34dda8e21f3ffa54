//! Every `cargo run --release -- …` line of the README's shell blocks, run as a new user would
//! (with this build's binary, in a scratch directory holding the repository's `examples/`,
//! `tests/` and `specs/`): each must succeed, promptly. The README's promise that every example
//! works on a fresh clone is checked here, not remembered.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common;

/// The commands of the README's ```sh blocks that run coverlab (`cargo run --release -- ARGS`,
/// given as `ARGS`), and the `mkdir -p DIR` lines that make their output folder, in order.
fn readme_commands() -> Vec<Step> {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let mut commands = Vec::new();
    let mut in_sh = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_sh = line.trim() == "```sh";
            continue;
        }
        if !in_sh {
            continue;
        }
        if let Some(rest) = line.trim().strip_prefix("cargo run --release -- ") {
            commands.push(Step::Coverlab(rest.to_string()));
        } else if line.trim().starts_with("mkdir -p ") {
            commands.push(Step::Shell(line.trim().to_string()));
        }
    }
    commands
}

/// A line of the README run by the test.
#[derive(Debug)]
enum Step {
    /// coverlab's arguments.
    Coverlab(String),
    /// A shell command of its own (`mkdir -p out`).
    Shell(String),
}

#[test]
fn every_readme_command_runs() {
    let steps = readme_commands();
    assert!(steps.len() >= 10, "the README's examples were found: {steps:?}");
    let dir = common::scratch("readme", "commands");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for folder in ["examples", "tests", "specs", "docs"] {
        std::os::unix::fs::symlink(root.join(folder), dir.join(folder)).unwrap();
    }
    let binary = env!("CARGO_BIN_EXE_coverlab");
    let mut failures = Vec::new();
    for step in &steps {
        let (command, line) = match step {
            Step::Coverlab(args) => (args, format!("'{binary}' {args}")),
            Step::Shell(line) => (line, line.clone()),
        };
        let start = Instant::now();
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(line)
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
    // Every file the examples write is in `out/` (git ignores it), none in the clone's root.
    let mut left: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| !["examples", "tests", "specs", "docs", "out"].contains(&name.as_str()))
        .collect();
    left.sort();
    assert!(left.is_empty(), "README examples leave files outside out/: {left:?}");
    let ignore = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/.gitignore")).unwrap();
    assert!(ignore.lines().any(|l| l.trim() == "/out/"), ".gitignore ignores out/");
}

#[test]
fn install_lines_pin_the_lock_file() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let installs: Vec<&str> = readme.lines().filter(|l| l.contains("cargo install")).collect();
    assert!(installs.iter().any(|l| l.contains("--path .")), "the README says how to install coverlab");
    for line in installs {
        assert!(line.contains("cargo install --locked"), "an install without --locked: {line}");
    }
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
