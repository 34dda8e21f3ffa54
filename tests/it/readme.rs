//! The README and the reference in `docs/`, checked against the program rather than remembered.
//!
//! Every fenced code block of `README.md` and `docs/*.md` is read, in order, and run as a new user
//! would (with this build's binary, in a scratch directory holding the repository's `examples/`,
//! `tests/`, `specs/` and `docs/`), one scratch directory per document:
//!
//! - A **transcript** is a block whose first line starts with `$ ` (tag it `console`). Each `$ `
//!   line is a command, run with `sh -c`; the lines up to the next `$ ` line are what it prints,
//!   compared with its stdout followed by its stderr, line by line, exactly but for trailing
//!   whitespace and trailing blank lines. A command that exits with a code other than 0 prints, last, the line
//!   `[exit N]`, so a document shows the failures it means. A line holding only `...` stands
//!   for any number of lines (none included): the way to cut a long output short.
//! - In a **`sh` block** without `$ ` prompts, each line that runs coverlab
//!   (`cargo run --release -- ARGS` or `coverlab ARGS`) and each `mkdir -p DIR` is run; it must
//!   succeed, its output is not compared. Other lines (`cargo test`, `cargo install`, `cargo
//!   insta …`, `cargo run --example …`) are not run here.
//!
//! `coverlab ARGS` and `cargo run --release -- ARGS` both run this build's binary (the scratch
//! directory's `bin/` comes first on `PATH`), so no release build is needed. Each command must
//! finish within 120 s (a bound against a hang: debug builds are slower than release). Every file
//! the examples write must be in `out/`, which git ignores.
//!
//! Besides: every `cargo install` line pins the lock file, every relative link (and its
//! `#anchor`) resolves to a file of the repository, and the strategy table of
//! `docs/strategies.md` names every registered strategy and preset, with every option.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use crate::common;

/// The repository's root.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `README.md`, then `docs/*.md` in name order, as paths relative to the root.
fn documents() -> Vec<PathBuf> {
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .map(|p| p.strip_prefix(root()).unwrap().to_path_buf())
        .collect();
    docs.sort();
    docs.insert(0, PathBuf::from("README.md"));
    docs
}

fn read(doc: &Path) -> String {
    std::fs::read_to_string(root().join(doc)).unwrap_or_else(|e| panic!("{}: {e}", doc.display()))
}

/// A fenced code block: its tag (`sh`, `console`, …), the line of its opening fence, its lines.
#[derive(Debug)]
struct Block {
    tag: String,
    line: usize,
    lines: Vec<String>,
}

/// The fenced code blocks of a Markdown text, in order.
fn blocks(text: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut open: Option<Block> = None;
    for (i, line) in text.lines().enumerate() {
        match (&mut open, line.trim_start().strip_prefix("```")) {
            (None, Some(tag)) => open = Some(Block { tag: tag.trim().to_string(), line: i + 1, lines: Vec::new() }),
            (Some(_), Some(_)) => blocks.push(open.take().unwrap()),
            (Some(block), None) => block.lines.push(line.to_string()),
            (None, None) => {}
        }
    }
    assert!(open.is_none(), "a code block is never closed");
    blocks
}

/// A shell command line as the test runs it: `cargo run --release -- ` becomes `coverlab `.
fn as_run(command: &str) -> String {
    command.replace("cargo run --release -- ", "coverlab ")
}

/// Whether a line of a `sh` block is one the test runs.
fn runs(line: &str) -> bool {
    line.starts_with("cargo run --release -- ") || line.starts_with("coverlab ") || line.starts_with("mkdir -p ")
}

/// The folders of the repository a scratch directory links to.
const LINKED: [&str; 4] = ["examples", "tests", "specs", "docs"];

/// A scratch directory set up as a fresh clone for the examples: the repository's folders, and
/// `bin/coverlab`, this build's binary.
fn clone_like(name: &str) -> common::Scratch {
    let dir = common::scratch("docs", name);
    for folder in LINKED {
        std::os::unix::fs::symlink(root().join(folder), dir.join(folder)).unwrap();
    }
    std::fs::create_dir(dir.join("bin")).unwrap();
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_coverlab"), dir.join("bin/coverlab")).unwrap();
    dir
}

/// Runs one command line in `dir`: its stdout then its stderr, and `[exit N]` when it fails; or
/// why it could not finish.
fn run(dir: &Path, command: &str) -> Result<String, String> {
    use std::os::unix::process::CommandExt;
    let path = format!("{}:{}", dir.join("bin").display(), std::env::var("PATH").unwrap_or_default());
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(as_run(command))
        .current_dir(dir)
        .env("PATH", path)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .unwrap();
    let pid = child.id();
    let (mut stdout, mut stderr) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let err_reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = stderr.read_to_end(&mut s);
        s
    });
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        let mut out = Vec::new();
        let _ = stdout.read_to_end(&mut out);
        let _ = send.send((out, child.wait()));
    });
    let Ok((out, status)) = receive.recv_timeout(Duration::from_secs(120)) else {
        let _ = Command::new("kill").arg("-KILL").arg(format!("-{pid}")).status();
        return Err("still running after 120 s".to_string());
    };
    let mut text = common::text(&out);
    text.push_str(&common::text(&err_reader.join().unwrap()));
    match status.unwrap().code() {
        Some(0) => {}
        Some(code) => text.push_str(&format!("[exit {code}]\n")),
        None => text.push_str("[killed by a signal]\n"),
    }
    Ok(text)
}

/// Whether `actual` is what `expected` shows: the same lines but for trailing whitespace, a
/// line `...` standing for any number of lines.
fn shows(expected: &[&str], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((&"...", rest)) => (0..=actual.len()).any(|skip| shows(rest, &actual[skip..])),
        Some((line, rest)) => {
            actual.first().is_some_and(|a| a.trim_end() == line.trim_end()) && shows(rest, &actual[1..])
        }
    }
}

/// Runs the examples of one document; returns its failures and how many commands it ran.
fn check_examples(doc: &Path) -> (Vec<String>, usize) {
    let name = doc.file_stem().unwrap().to_string_lossy().into_owned();
    let dir = clone_like(&name);
    let mut failures = Vec::new();
    let mut ran = 0;
    for block in blocks(&read(doc)) {
        let at = |i: usize| format!("{}:{}", doc.display(), block.line + 1 + i);
        let transcript = block.lines.first().is_some_and(|l| l.starts_with("$ "));
        if !transcript {
            if let Some(i) = block.lines.iter().position(|l| l.starts_with("$ ")) {
                failures.push(format!("{}: a `$ ` command inside a block that does not start with one", at(i)));
            }
            if block.tag != "sh" {
                continue;
            }
            for (i, line) in block.lines.iter().enumerate() {
                let line = line.trim();
                if !runs(line) {
                    continue;
                }
                ran += 1;
                match run(&dir, line) {
                    Ok(out) if !out.contains("\n[exit ") && !out.starts_with("[exit ") => {}
                    Ok(out) => failures.push(format!("{}: {line}: fails:\n{out}", at(i))),
                    Err(why) => failures.push(format!("{}: {line}: {why}", at(i))),
                }
            }
            continue;
        }
        if block.tag != "console" {
            failures.push(format!("{}: a transcript is tagged `console`, not `{}`", at(0), block.tag));
        }
        let mut i = 0;
        while i < block.lines.len() {
            let command = block.lines[i].strip_prefix("$ ").unwrap();
            let start = i;
            i += 1;
            while i < block.lines.len() && !block.lines[i].starts_with("$ ") {
                i += 1;
            }
            let expected: Vec<&str> = block.lines[start + 1..i].iter().map(String::as_str).collect();
            let first = command.split_whitespace().next().unwrap_or("");
            if first == "cargo" && !command.starts_with("cargo run --release -- ") {
                failures
                    .push(format!("{}: {command}: a transcript runs coverlab, not other cargo commands", at(start)));
                continue;
            }
            ran += 1;
            match run(&dir, command) {
                Ok(out) => {
                    let mut actual: Vec<&str> = out.lines().collect();
                    let mut expected = expected;
                    for lines in [&mut actual, &mut expected] {
                        while lines.last().is_some_and(|l| l.trim().is_empty()) {
                            lines.pop();
                        }
                    }
                    if !shows(&expected, &actual) {
                        failures.push(format!(
                            "{}: {command}\n--- the document shows:\n{}\n--- it prints:\n{}",
                            at(start),
                            expected.join("\n"),
                            out.trim_end()
                        ));
                    }
                }
                Err(why) => failures.push(format!("{}: {command}: {why}", at(start))),
            }
        }
    }
    // Every file the examples write is in `out/` (git ignores it), none in the clone's root.
    let mut left: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| !LINKED.contains(&name.as_str()) && name != "bin" && name != "out")
        .collect();
    left.sort();
    if !left.is_empty() {
        failures.push(format!("{}: the examples leave files outside out/: {left:?}", doc.display()));
    }
    (failures, ran)
}

#[test]
fn every_example_of_the_docs_runs_and_prints_what_it_shows() {
    // Each document runs in a folder of its own, so two at a time: run one after the other
    // they were this binary's longest test (12 s alone; commands, performance and the README
    // take about a quarter each).
    let docs = documents();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                while let Some(doc) = docs.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed)) {
                    let result = check_examples(doc);
                    results.lock().expect("no document's check panicked").push((doc.clone(), result));
                }
            });
        }
    });
    let mut results = results.into_inner().expect("no document's check panicked");
    results.sort_by(|a, b| a.0.cmp(&b.0));
    let mut failures = Vec::new();
    let mut ran = 0;
    for (_, (f, n)) in results {
        failures.extend(f);
        ran += n;
    }
    assert!(ran >= 30, "the documents' examples were found: {ran} commands");
    assert!(failures.is_empty(), "{} examples of the docs fail:\n\n{}", failures.len(), failures.join("\n\n"));
    let ignore = read(Path::new(".gitignore"));
    assert!(ignore.lines().any(|l| l.trim() == "/out/"), ".gitignore ignores out/");
}

#[test]
fn the_readme_keeps_the_two_commands_of_a_fresh_clone() {
    let readme = read(Path::new("README.md"));
    let sh: Vec<String> = blocks(&readme).into_iter().filter(|b| b.tag == "sh").flat_map(|b| b.lines).collect();
    for command in ["cargo run --release -- solve examples/puzzles/classic-9x9.txt", "cargo test --workspace"] {
        assert!(sh.iter().any(|l| l.trim() == command), "the README's quick start says `{command}`");
    }
    assert!(readme.lines().count() <= 300, "the README stays short: {} lines", readme.lines().count());
}

#[test]
fn install_lines_pin_the_lock_file() {
    let mut installs = Vec::new();
    for doc in documents() {
        let text = read(&doc);
        installs
            .extend(text.lines().filter(|l| l.contains("cargo install")).map(|l| format!("{}: {l}", doc.display())));
    }
    assert!(
        installs.iter().any(|l| l.starts_with("README.md") && l.contains("--path .")),
        "the README says how to install coverlab"
    );
    for line in installs {
        assert!(line.contains("cargo install --locked"), "an install without --locked: {line}");
    }
}

/// The targets of a Markdown text's inline links and images: `](target)`.
fn link_targets(text: &str) -> Vec<(usize, String)> {
    let mut targets = Vec::new();
    let mut in_code = false;
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            let end = rest.find(')').unwrap_or(rest.len());
            targets.push((i + 1, rest[..end].trim().to_string()));
            rest = &rest[end..];
        }
    }
    targets
}

/// The anchors GitHub gives a Markdown text's headings.
fn anchors(text: &str) -> Vec<String> {
    let mut in_code = false;
    let mut anchors = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
        } else if !in_code && line.starts_with('#') {
            let heading = line.trim_start_matches('#').trim().to_lowercase();
            let slug: String = heading
                .chars()
                .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
                .map(|c| if c == ' ' { '-' } else { c })
                .collect();
            anchors.push(slug);
        }
    }
    anchors
}

#[test]
fn every_relative_link_resolves() {
    let mut broken = Vec::new();
    let mut checked = 0;
    for doc in documents() {
        let text = read(&doc);
        let base = doc.parent().unwrap();
        for (line, target) in link_targets(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            checked += 1;
            let (file, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let path = if file.is_empty() { doc.clone() } else { base.join(file) };
            let full = root().join(&path);
            let at = format!("{}:{line}: ({target})", doc.display());
            if !full.exists() {
                broken.push(format!("{at}: no such file"));
            } else if !anchor.is_empty() {
                let text = std::fs::read_to_string(&full).unwrap_or_default();
                if !anchors(&text).iter().any(|a| a == anchor) {
                    broken.push(format!("{at}: no heading with that anchor"));
                }
            }
        }
    }
    assert!(checked >= 20, "the documents' links were found: {checked}");
    assert!(broken.is_empty(), "links that lead nowhere:\n{}", broken.join("\n"));
}

#[test]
fn the_strategy_tables_name_every_registered_strategy_preset_and_option() {
    use coverlab_strategies::registry;
    let doc = read(Path::new("docs/strategies.md"));
    // The rows of its tables headed `| strategy |` and `| preset |`, as cells.
    let mut header = "";
    let mut rows: Vec<Vec<&str>> = Vec::new();
    for line in doc.lines() {
        if !line.starts_with('|') {
            header = "";
        } else if header.is_empty() {
            header = line;
        } else if line.starts_with("| `") && (header.starts_with("| strategy |") || header.starts_with("| preset |")) {
            let cells = line.trim().strip_prefix('|').and_then(|l| l.strip_suffix('|')).unwrap_or(line);
            rows.push(cells.split('|').map(str::trim).collect());
        }
    }
    let listed: Vec<&str> = rows.iter().map(|r| r[0].trim_matches('`')).collect();
    let mut registered: Vec<&str> = registry::REGISTRY.iter().map(|s| s.name).collect();
    registered.extend(registry::PRESETS.iter().map(|p| p.name));
    let mut sorted_listed = listed.clone();
    sorted_listed.sort_unstable();
    registered.sort_unstable();
    assert_eq!(sorted_listed, registered, "docs/strategies.md's strategy and preset tables against the registry");
    for info in registry::REGISTRY {
        let row = rows.iter().find(|r| r[0] == format!("`{}`", info.name)).unwrap();
        // The columns: strategy, role, algorithm, options, source.
        assert_eq!(row.len(), 5, "{}'s row has five columns: {row:?}", info.name);
        let mut listed: Vec<&str> = row[3].split(", ").filter(|o| !o.is_empty()).map(|o| o.trim_matches('`')).collect();
        let mut options: Vec<&str> = info.options.iter().map(|o| o.name).collect();
        listed.sort_unstable();
        options.sort_unstable();
        assert_eq!(listed, options, "the options of {} in docs/strategies.md", info.name);
    }
    for preset in registry::PRESETS {
        let row = doc.lines().find(|l| l.starts_with(&format!("| `{}` |", preset.name))).unwrap();
        assert!(
            row.contains(&format!("`{}({}", preset.of, preset.set)),
            "{} is written as it is set: {row}",
            preset.name
        );
    }
}
