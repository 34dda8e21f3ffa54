//! The tests of `src/registry.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use coverlab_strategies::registry::*;

fn kebab(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

#[test]
fn names_are_unique_kebab_case_and_match_instances() {
    let mut seen = std::collections::BTreeSet::new();
    for name in names() {
        assert!(seen.insert(name), "{name} registered twice");
        assert!(kebab(name), "{name} is not kebab-case");
    }
    for chosen in all() {
        assert_eq!(chosen.build(5).name(), chosen.label(5), "an instance names itself with every option");
        assert!(!chosen.info.summary.is_empty() && !chosen.info.source.is_empty());
    }
    for info in REGISTRY {
        for option in info.options {
            assert!(option.name.chars().all(|c| c.is_ascii_lowercase() || c == '_'), "{}", option.name);
            assert!(!option.help.is_empty());
        }
    }
    assert!(find(DEFAULT).is_some());
}

#[test]
fn presets_set_options_of_a_registered_strategy() {
    for preset in PRESETS {
        let chosen = find(preset.name).unwrap_or_else(|| panic!("{} does not resolve", preset.name));
        assert_eq!(chosen.info.name, preset.of);
        assert!(!chosen.options.changed().is_empty(), "{} changes nothing", preset.name);
    }
}

#[test]
fn strategies_are_written_with_options() {
    let c = resolve("fast(hidden: false, gac_from: 1)").unwrap();
    assert_eq!(c.info.name, "fast");
    assert!(c.label(0).starts_with("fast(hidden: false, "), "{}", c.label(0));
    let locked = resolve("fast-locked(restarts: true)").unwrap();
    assert!(locked.options.changed().contains(&"gac_from: 65".to_string()), "the preset's values stay");
    assert!(locked.options.changed().contains(&"restarts: true".to_string()));
    let seeded = resolve("random-stack(seed: 7)").unwrap();
    assert_eq!(seeded.label(3), "random-stack(seed: 7)", "a written seed beats --seed");
    assert_eq!(resolve("random-stack").unwrap().label(3), "random-stack(seed: 3)");
    assert!(resolve("fast(hidden: maybe)").unwrap_err().contains("true or false"));
    assert!(resolve("nonesuch").unwrap_err().starts_with("unknown strategy \"nonesuch\" (known: auto, "));
    assert!(
        resolve("singels").unwrap_err().starts_with("unknown strategy \"singels\": did you mean singles? (known: ")
    );
    assert!(resolve("fast(hidden: false").unwrap_err().contains("parentheses"));
    assert_eq!(resolve("dfs()").unwrap().label(0), "dfs");
}

#[test]
fn short_labels_name_what_differs_from_the_chosen_defaults() {
    let short = |text: &str| resolve(text).unwrap().short_label();
    assert_eq!(short("fast"), "fast");
    assert_eq!(short("fast(locked: false)"), "fast(locked: false)");
    assert_eq!(short("fast(locked: true)"), "fast", "a default written out changes nothing");
    assert_eq!(short("fast(gac_from: 1, hidden: false)"), "fast(hidden: false, gac_from: 1)", "in the table's order");
    assert_eq!(short("fast-locked"), "fast-locked", "a preset is named by its name");
    assert_eq!(short("fast-locked(restarts: true)"), "fast-locked(restarts: true)");
    assert_eq!(short("fast-locked(gac_from: 16)"), "fast-locked(gac_from: 16)", "a preset's value undone");
    assert_eq!(short("random-stack"), "random-stack", "--seed is not an option written out");
    assert_eq!(short("random-stack(seed: 7)"), "random-stack(seed: 7)");
    assert_eq!(short("dfs()"), "dfs");
    for chosen in all() {
        assert_eq!(chosen.short_label(), chosen.name, "a registered name at its own values is bare");
    }
}

#[test]
fn every_strategy_module_is_registered() {
    // Each `pub mod x;` in lib.rs holding a strategy must name a registered strategy (in a
    // string: its name, or a label that starts with it).
    let lib = include_str!("../../../src/lib.rs");
    for line in lib.lines() {
        if let Some(module) = line.strip_prefix("pub mod ").and_then(|m| m.strip_suffix(';')) {
            if ["registry", "bench", "branching", "options", "plain", "snapshot", "generation"].contains(&module) {
                continue;
            }
            // A module is a file, or a folder with its mod.rs.
            let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
            let source = std::fs::read_to_string(format!("{dir}/{module}.rs"))
                .or_else(|_| std::fs::read_to_string(format!("{dir}/{module}/mod.rs")))
                .unwrap_or_else(|e| panic!("module {module}: {e}"));
            assert!(
                REGISTRY.iter().any(|s| source.contains(&format!("\"{}", s.name))),
                "module {module} defines no registered strategy name"
            );
        }
    }
}
