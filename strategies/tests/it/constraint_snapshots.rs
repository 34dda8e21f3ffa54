//! insta snapshots of traces on constraints beyond houses, one puzzle per kind, stored in
//! `<workspace>/snapshots/constraints/<strategy>__<kind>.snap`: a research variant's reasoning
//! about cages, thermometers or dots shows up in a diff.
//!
//! The puzzle of each kind is picked from the variant corpus (`corpus/variants/variants.txt`):
//! the first case with a unique solution whose spec has a constraint of that kind, smallest grid
//! first. Each trace is replayed by the checker (which verifies every `eliminate … by` step) and
//! its solutions validated before it is compared (`coverlab_strategies::snapshot`, without the
//! `limits:` line). Strategies: `fast` (filtering), `singles`
//! (filtering on placement) and `dfs` (checking each placement).

use crate::common;

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use coverlab_engine::Limits;
use coverlab_model::{ConstraintKind, Model, Puzzle};
use coverlab_strategies::registry;
use coverlab_strategies::snapshot::Snapshot;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/corpus/variants");
const STRATEGIES: [&str; 3] = ["fast", "singles", "dfs"];
/// Longer traces are snapshotted by their length only.
const TRACE_MAX_EVENTS: usize = 1500;

/// For each kind, its puzzle: (spec file, puzzle line).
fn picks() -> Vec<(ConstraintKind, String, Arc<Model>, String)> {
    let text = std::fs::read_to_string(format!("{DIR}/variants.txt")).expect("variants.txt");
    let mut cases: Vec<(usize, String, Arc<Model>, String)> = Vec::new();
    let mut models: BTreeMap<String, Arc<Model>> = BTreeMap::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let (spec, rest) = line.split_once(':').expect("spec : puzzle : count");
        let (puzzle, count) = rest.rsplit_once(':').expect("spec : puzzle : count");
        if count.trim() != "1" {
            continue;
        }
        let spec = spec.trim().to_string();
        let model = models
            .entry(spec.clone())
            .or_insert_with(|| {
                let ron = std::fs::read_to_string(format!("{DIR}/{spec}")).expect("spec file");
                Arc::new(Model::from_ron(&ron, &spec).expect("valid spec"))
            })
            .clone();
        cases.push((model.size(), spec, model, puzzle.trim().to_string()));
    }
    cases.sort_by_key(|c| c.0);
    ConstraintKind::ALL
        .into_iter()
        .filter(|&k| k != ConstraintKind::HouseSum)
        .map(|kind| {
            let (_, spec, model, puzzle) = cases
                .iter()
                .find(|c| c.2.constraints().iter().any(|x| x.kind == kind))
                .unwrap_or_else(|| panic!("no unique case with a {} constraint", kind.name()));
            (kind, spec.clone(), model.clone(), puzzle.clone())
        })
        .collect()
}

#[test]
fn constraint_trace_snapshots() {
    let mut settings = insta::Settings::clone_current();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("strategies/ sits in the workspace");
    settings.set_snapshot_path(root.join("snapshots/constraints"));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    let mut expected = std::collections::BTreeSet::new();
    for (kind, spec, model, line) in picks() {
        let puzzle = Puzzle::new_unchecked(model.clone(), common::parse_line(&model, &line));
        for name in STRATEGIES {
            let limits = Limits { max_nodes: Some(200_000), ..Limits::count(2, 2) };
            let snapshot = Snapshot::new(limits).max_events(TRACE_MAX_EVENTS).without_limits_line().spec(&spec);
            let text =
                snapshot.take(&mut *registry::resolve(name).expect("registered").build(common::SEED), &puzzle).text;
            let file = format!("{name}__{}", kind.name());
            expected.insert(format!("{file}.snap"));
            let mut info = BTreeMap::new();
            info.insert("spec", spec.clone());
            info.insert("strategy", name.to_string());
            info.insert("kind", kind.name().to_string());
            settings.set_info(&info);
            settings.set_description(format!("{name} on a {} puzzle ({spec})", kind.name()));
            settings.bind(|| insta::assert_snapshot!(file, text));
        }
    }
    let stale: Vec<String> = std::fs::read_dir(root.join("snapshots/constraints"))
        .map(|dir| {
            dir.map(|e| e.expect("a readable entry").file_name().to_string_lossy().into_owned())
                .filter(|name| name.ends_with(".snap") && !expected.contains(name))
                .collect()
        })
        .unwrap_or_default();
    assert!(stale.is_empty(), "unreferenced snapshots in snapshots/constraints: {stale:?}");
}
