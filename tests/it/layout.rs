//! The layout holds no circle of files: within each crate of the workspace, the source files'
//! `crate::…` and `super::…` paths draw a graph (file → the file it names) without a cycle, so
//! every crate reads in one direction, from the commands down. A module's own `mod child;` and
//! its uses of `child::…` are the tree itself, not arrows: a parent dispatching to its children
//! while they share its helpers is not a circle. A cycle fails with its files and
//! the paths that tie them. (`cargo test --test it layout` is how anyone checks it.)

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The source folders of the workspace's crates.
const CRATES: &[&str] = &[
    "src",
    "crates/model/src",
    "crates/engine/src",
    "crates/formats/src",
    "crates/generate/src",
    "crates/techniques/src",
    "crates/web/src",
    "strategies/src",
];

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a file relative to its crate's source folder: `commands/solve.rs` →
/// `["commands", "solve"]`, `commands/mod.rs` → `["commands"]`, `lib.rs` → `[]`.
fn module_of(root: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(root).unwrap().with_extension("");
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib" | "main")) {
        parts.pop();
    }
    parts
}

/// The paths a file names: each `crate::a::b…` and `super::a…`, as module paths.
fn named_paths(text: &str, module: &[String]) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let code: String = text.lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n");
    // `super` of module a::b (`a/b.rs` or `a/b/mod.rs`) is a.
    let parent = module[..module.len().saturating_sub(1)].to_vec();
    for (prefix, base) in [("crate::", Vec::new()), ("super::", parent)] {
        let mut rest = code.as_str();
        while let Some(at) = rest.find(prefix) {
            let before = rest[..at].chars().last();
            rest = &rest[at + prefix.len()..];
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let mut path = base.clone();
            for segment in rest.split("::") {
                let name: String = segment.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                if name.is_empty() || name.chars().next().is_some_and(char::is_uppercase) {
                    break;
                }
                path.push(name.clone());
                if segment.len() != name.len() {
                    break;
                }
            }
            found.push(path);
        }
    }
    found
}

/// The cycles (strongly connected components of two files or more) of a graph.
fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    // Kosaraju: finishing order on the graph, then components on the reversed graph.
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        seen: &mut BTreeSet<String>,
        order: &mut Vec<String>,
    ) {
        if !seen.insert(node.to_string()) {
            return;
        }
        for next in graph.get(node).into_iter().flatten() {
            visit(next, graph, seen, order);
        }
        order.push(node.to_string());
    }
    let mut seen = BTreeSet::new();
    let mut order = Vec::new();
    for node in graph.keys() {
        visit(node, graph, &mut seen, &mut order);
    }
    let mut reversed: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, tos) in graph {
        for to in tos {
            reversed.entry(to.clone()).or_default().insert(from.clone());
        }
    }
    let mut assigned = BTreeSet::new();
    let mut found = Vec::new();
    for node in order.iter().rev() {
        let mut component = Vec::new();
        visit(node, &reversed, &mut assigned, &mut component);
        if component.len() > 1 {
            component.sort();
            found.push(component);
        }
    }
    found
}

#[test]
fn no_crate_has_a_circle_of_files() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut problems = Vec::new();
    for dir in CRATES {
        let src = root.join(dir);
        let mut files = Vec::new();
        sources(&src, &mut files);
        // Module path → file, for resolving what a path names (the longest prefix that is a file).
        let by_module: BTreeMap<Vec<String>, String> =
            files.iter().map(|f| (module_of(&src, f), f.strip_prefix(root).unwrap().display().to_string())).collect();
        let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for file in &files {
            let name = file.strip_prefix(root).unwrap().display().to_string();
            let module = module_of(&src, file);
            let text = std::fs::read_to_string(file).unwrap();
            let edges = graph.entry(name.clone()).or_default();
            for path in named_paths(&text, &module) {
                let target = (1..=path.len()).rev().find_map(|k| by_module.get(&path[..k]));
                // The crate root (lib.rs) declares and re-exports modules: not an edge.
                if let Some(target) = target.filter(|t| **t != name && !path.is_empty()) {
                    edges.insert(target.clone());
                }
            }
        }
        for cycle in cycles(&graph) {
            let ties: Vec<String> = cycle
                .iter()
                .flat_map(|from| {
                    graph[from].iter().filter(|to| cycle.contains(to)).map(move |to| format!("{from} -> {to}"))
                })
                .collect();
            problems.push(format!("a circle of {} files: {}", cycle.len(), ties.join(", ")));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_cycle_finder_finds_a_cycle() {
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a".to_string(), BTreeSet::from(["b".to_string()])),
        ("b".to_string(), BTreeSet::from(["c".to_string()])),
        ("c".to_string(), BTreeSet::from(["a".to_string()])),
        ("d".to_string(), BTreeSet::from(["a".to_string()])),
    ]
    .into_iter()
    .collect();
    assert_eq!(cycles(&graph), vec![vec!["a".to_string(), "b".to_string(), "c".to_string()]]);
    let paths =
        named_paths("use crate::input::Reading;\nfn f() { super::batch::run(); }", &["commands".into(), "x".into()]);
    assert_eq!(paths, [vec!["input"], vec!["commands", "batch", "run"]]);
}

/// The crates under `crates/` that are front ends, like the binary: they sit on top of
/// everything (`crates/web`, the page's WebAssembly module, calls the CLI's library).
const FRONT_ENDS: &[&str] = &["web"];

/// The crates under `crates/` are the engine's floor: none depends on `strategies/` or on the
/// binary (`coverlab-generate` runs searches through the engine's trait; `strategies/` builds
/// them, in `generation.rs`), [`FRONT_ENDS`] aside. Dev-dependencies are the tests', not the
/// layout's.
#[test]
fn no_core_crate_depends_on_the_strategies_or_the_binary() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut problems = Vec::new();
    for entry in std::fs::read_dir(root.join("crates")).unwrap() {
        let dir = entry.unwrap().path();
        if dir.file_name().is_some_and(|name| FRONT_ENDS.iter().any(|f| name == *f)) {
            continue;
        }
        let manifest = dir.join("Cargo.toml");
        let Ok(text) = std::fs::read_to_string(&manifest) else { continue };
        let mut section = String::new();
        for line in text.lines() {
            let line = line.trim();
            if line.starts_with('[') {
                section = line.to_string();
            } else if section == "[dependencies]"
                && (line.starts_with("coverlab-strategies")
                    || line.starts_with("coverlab ")
                    || line.starts_with("coverlab="))
            {
                problems.push(format!("{}: {line}", manifest.strip_prefix(root).unwrap().display()));
            }
        }
    }
    assert!(problems.is_empty(), "arrows back up:\n{}", problems.join("\n"));
}
