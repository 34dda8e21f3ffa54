//! Model shape checks: peers, units, the exact-cover matrix, spec errors.

use coverlab_model::{Grid, Item, Model, Puzzle, builtin, validate};

fn model(name: &str) -> Model {
    builtin::load(name).unwrap().unwrap()
}

#[test]
fn classic_peers_number_3n_minus_2_sqrt_n_minus_1() {
    for (name, n) in [("classic-4x4", 4usize), ("classic-9x9", 9), ("classic-16x16", 16), ("classic-25x25", 25)] {
        let m = model(name);
        let s = (n as f64).sqrt() as usize;
        for cell in 0..n * n {
            assert_eq!(m.peers(cell).len(), 3 * n - 2 * s - 1, "{name} {cell}");
            assert_eq!(m.units_of(cell).len(), 3);
        }
        assert_eq!(m.graph().edge_count(), n * n * (3 * n - 2 * s - 1) / 2);
    }
}

#[test]
fn rectangular_boxes_tile_the_grid() {
    let m = model("classic-6x6");
    let boxes: Vec<_> = m.houses().iter().filter(|u| u.label.starts_with("box")).collect();
    assert_eq!(boxes.len(), 6);
    // Box 1 is 2 rows tall and 3 columns wide.
    assert_eq!(boxes[0].cells, vec![0, 1, 2, 6, 7, 8]);
    // Peers: 5 in the row, 5 in the column, and 2 more in the box: 12.
    assert_eq!(m.peers(0).len(), 12);
}

#[test]
fn variants_add_their_units() {
    assert_eq!(model("x-sudoku-9x9").houses().len(), 29);
    let w = model("windoku-9x9");
    assert_eq!(w.houses().len(), 31);
    let win1 = w.houses().iter().find(|u| u.label == "window 1").unwrap();
    assert_eq!(win1.cells, vec![10, 11, 12, 19, 20, 21, 28, 29, 30]);
    assert_eq!(model("jigsaw-9x9").houses().len(), 27);
    // Anti-king: only diagonal neighbours in different boxes are new.
    let k = model("anti-king-9x9");
    assert!(k.groups().iter().all(|g| g.cells.len() == 2 && !g.exact));
    assert_eq!(k.peers(0).len(), 20, "r1c1's diagonal neighbour shares its box");
    assert_eq!(k.peers(30).len(), 23, "r4c4 gains r3c3, r3c5 and r5c3 from other boxes");
    let kn = model("anti-knight-9x9");
    // r5c5 has 8 knight moves, all outside its row, column; 4 fall outside its box.
    assert_eq!(kn.peers(40).len(), 28);
}

#[test]
fn exact_cover_matrix_has_the_right_shape() {
    for name in ["classic-4x4", "classic-9x9", "anti-knight-9x9", "jigsaw-9x9"] {
        let m = model(name);
        let n = m.size();
        let ec = m.exact_cover();
        assert_eq!(ec.options(), n * n * n);
        assert_eq!(ec.primary(), n * n + m.houses().len() * n);
        assert_eq!(ec.items().len(), ec.primary() + m.groups().len() * n);
        for o in 0..ec.options() {
            let (cell, v) = ec.cell_value(o);
            assert_eq!(ec.option(cell, v), o);
            let items = ec.option_items(o);
            assert_eq!(items[0] as usize, cell);
            assert_eq!(items.len(), 1 + m.units_of(cell).len());
            for &i in &items[1..] {
                match ec.items()[i as usize] {
                    Item::HouseValue(u, iv) => {
                        assert!(i < ec.primary() as u32 && iv == v && m.units()[u].cells.contains(&cell))
                    }
                    Item::GroupValue(u, iv) => {
                        assert!(i >= ec.primary() as u32 && iv == v && m.units()[u].cells.contains(&cell))
                    }
                    Item::Cell(_) => panic!("a second cell item"),
                }
            }
        }
    }
}

#[test]
fn conflicting_givens_name_both_cells_and_the_house() {
    let m = std::sync::Arc::new(model("classic-9x9"));
    let mut g = Grid::empty(9);
    g.set(2, 5);
    g.set(6, 5);
    let e = Puzzle::new(m.clone(), g).unwrap_err();
    assert_eq!(e.to_string(), "r1c3 and r1c7 both hold 5 in row 1");
    let mut g = Grid::empty(9);
    g.set(0, 4);
    g.set(20, 4);
    assert_eq!(Puzzle::new(m, g).unwrap_err().to_string(), "r1c1 and r3c3 both hold 4 in box 1");
    let kn = std::sync::Arc::new(model("anti-knight-9x9"));
    let mut g = Grid::empty(9);
    g.set(0, 1);
    g.set(9 + 5, 1);
    assert!(Puzzle::new(kn.clone(), g.clone()).is_ok(), "r1c1 and r2c6 are not a knight's move apart");
    g.set(9 + 5, 0);
    g.set(2, 1);
    g.set(0, 0);
    g.set(13, 1);
    assert_eq!(Puzzle::new(kn, g).unwrap_err().to_string(), "r1c3 and r2c5 both hold 1, a knight's move apart");
}

#[test]
fn validator_catches_each_kind_of_violation() {
    let m = model("classic-4x4");
    let sol: Vec<u8> = vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
    let solution = Grid::from_values(4, sol.clone()).unwrap();
    let mut givens = Grid::empty(4);
    givens.set(0, 1);
    assert_eq!(validate::check_solution(&m, &givens, &solution), Ok(()));
    givens.set(0, 2);
    assert_eq!(
        validate::check_solution(&m, &givens, &solution).unwrap_err().to_string(),
        "r1c1 holds 1, but the puzzle gives 2"
    );
    let mut bad = sol.clone();
    bad.swap(0, 1);
    let e = validate::check_solution(&m, &Grid::empty(4), &Grid::from_values(4, bad).unwrap()).unwrap_err();
    assert_eq!(e.to_string(), "r1c1 and r3c1 both hold 2 in column 1");
    let mut hole = sol;
    hole[5] = 0;
    let e = validate::check_solution(&m, &Grid::empty(4), &Grid::from_values(4, hole).unwrap()).unwrap_err();
    assert_eq!(e.to_string(), "r2c2 is empty");
}

fn spec_error(text: &str) -> String {
    Model::from_ron(text, "t.ron").unwrap_err().to_string()
}

#[test]
fn spec_errors_say_what_and_where() {
    assert_eq!(
        spec_error("Spec(name: \"t\", size: 9, rules: [Rows, Boxes(rows: 2, cols: 4)])"),
        "t.ron:1:40: boxes of 2×4 have 8 cells, expected 9"
    );
    assert_eq!(
        spec_error(
            "Spec(name: \"t\", size: 4,\n  rules: [House(name: \"h\", cells: [\"r1c1\", \"r5c1\", \"r2c2\", \"r3c3\"])])"
        ),
        "t.ron:2:44: house \"h\": r5c1 is outside the 4×4 grid"
    );
    assert_eq!(
        spec_error("Spec(name: \"t\", size: 4, rules: [House(name: \"h\", cells: [\"r1c1\", \"r2c2\"])])"),
        "t.ron:1:46: house \"h\" has 2 cells, expected 4"
    );
    assert_eq!(
        spec_error("Spec(name: \"t\", size: 4, symbols: \"1223\", rules: [Rows])"),
        "t.ron:1:26: the symbol '2' appears twice in the alphabet"
    );
    assert_eq!(
        spec_error("Spec(name: \"t\", size: 4, rules: [Regions([\"AABB\", \"AABB\", \"CCDD\", \"CCDC\"])])"),
        "t.ron:1:34: region 'C' has 5 cells, expected 4"
    );
    assert_eq!(
        spec_error("Spec(name: \"t\", size: 4, rules: [AtMostOnce(name: \"g\", cells: [\"r1c1\", \"r1c1\"])])"),
        "t.ron:1:64: group \"g\" lists r1c1 twice"
    );
    assert_eq!(
        spec_error("Spec(name: \"t\", size: 4, rules: [Windows])"),
        "t.ron:1:34: Windows needs a Boxes rule for the window shape"
    );
    assert_eq!(
        spec_error("Spec(name: \"t\", size: 4, rules: [House(name: \"h\", cells: [\"q1\"])])"),
        "t.ron:1:60: \"q1\" is not a cell (expected r<row>c<column>, like \"r3c4\")"
    );
    assert!(spec_error("Spec(name: \"t\", size: 4, rules: [Rows], colour: 3)").starts_with("t.ron:1:"));
}

#[test]
fn every_spec_file_is_built_in() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../specs");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".ron"))
        .map(|n| n.trim_end_matches(".ron").to_string())
        .collect();
    files.sort();
    let mut built_in: Vec<String> = builtin::FILES.iter().map(|(n, _)| n.to_string()).collect();
    built_in.sort();
    assert_eq!(files, built_in, "specs/ and builtin::FILES must list the same specs");
}

#[test]
fn the_readme_spec_example_compiles() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/specs.md")).unwrap();
    let start = readme.find("```ron\n").expect("docs/specs.md has a RON example") + 7;
    let end = start + readme[start..].find("```").unwrap();
    let m = Model::from_ron(&readme[start..end], "README.md").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(m.size(), 6);
    assert_eq!(m.houses().len(), 18);
    assert!(!m.groups().is_empty());
}

#[test]
fn regions_divide_the_grid_for_drawing() {
    let classic = builtin::load("classic-6x6").unwrap().unwrap();
    let regions = classic.regions().expect("boxes divide the grid");
    assert_eq!(&regions[..12], &[0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1], "2x3 boxes");
    assert_eq!(regions.iter().copied().max(), Some(5));
    let jigsaw = builtin::load("jigsaw-9x9").unwrap().unwrap();
    let regions = jigsaw.regions().expect("the regions divide the grid");
    for unit in jigsaw.houses().iter().filter(|u| u.kind == coverlab_model::UnitKind::Region) {
        let first = regions[unit.cells[0]];
        assert!(unit.cells.iter().all(|&c| regions[c] == first), "{}", unit.label);
    }
    let rows_only = Model::from_ron("Spec(name: \"latin\", size: 4, rules: [Rows, Columns])", "latin.ron").unwrap();
    assert_eq!(rows_only.regions(), None, "a Latin square has no regions");
}

/// A 4×4 spec with the classic houses and `extra` rules.
fn with_rules(extra: &str) -> String {
    format!(
        "Spec(\n  name: \"v\",\n  size: 4,\n  rules: [Rows, Columns, Boxes(rows: 2, cols: 2),\n    {extra}\n  ],\n)"
    )
}

#[test]
fn constraints_that_cannot_hold_are_refused_with_where_and_why() {
    for (rule, want) in [
        ("Cage(cells: [\"r1c1\", \"r5c1\"], sum: 3)", "v.ron:5:5: Cage rule 1: r5c1 is outside the 4×4 grid"),
        ("Cage(cells: [\"r1c1\", \"r1c1\"], sum: 3)", "v.ron:5:5: Cage rule 1 lists r1c1 twice"),
        ("Cage(cells: [\"r1c1\", \"r1c2\"], sum: 9)", "2 different values on a 4×4 grid add up to 3 to 7, never 9"),
        ("WhiteDot(cells: [\"r1c1\", \"r2c2\"])", "r1c1 and r2c2 are not orthogonal neighbours"),
        ("X(cells: [\"r1c1\", \"r1c2\"])", "an X needs two values adding up to 10"),
        ("Thermometer(cells: [\"r1c1\", \"r1c2\", \"r1c3\", \"r1c4\", \"r2c4\"])", "a thermometer has 1 to 4"),
        (
            "Thermometer(cells: [\"r1c1\", \"r1c3\"])",
            "r1c1 and r1c3 follow each other on the thermometer but do not touch",
        ),
        (
            "LittleKiller(cells: [\"r1c1\", \"r2c2\", \"r3c2\"], sum: 6)",
            "r2c2 to r3c2 is not a step along one diagonal",
        ),
        ("Sandwich(row: 1, column: 2, sum: 0)", "needs a row or a column (one of them)"),
        ("Sandwich(row: 1, sum: 6)", "the values between 1 and 4 add up to 0 to 5, never 6"),
        (
            "Regex(cells: [\"r1c1\", \"r1c2\"], pattern: \"1(2\")",
            "Regex rule 1 (the line from r1c1): pattern \"1(2\" at character 2: '(' is never closed",
        ),
        (
            "Regex(cells: [\"r2c2\", \"r1c2\"], pattern: \"[1-5]\")",
            "Regex rule 1 (the line from r2c2): pattern \"[1-5]\" at character 4: '5' is not a symbol of this 4×4 grid (its symbols: 1234)",
        ),
        (
            "Regex(cells: [\"r1c1\", \"r1c3\"], pattern: \"12\")",
            "r1c1 and r1c3 follow each other on the line but do not touch",
        ),
        ("Regex(cells: [\"r1c1\"], pattern: \"1\")", "Regex rule 1 has 1 cell; a regex line has 2 to 16 on a 4×4 grid"),
        (
            "Regex(cells: [\"r1c1\", \"r1c2\", \"r1c3\"], pattern: \"12|4{4}\")",
            "pattern \"12|4{4}\" matches no sequence of 3 symbols, so the line can never match",
        ),
    ] {
        let text = with_rules(rule);
        let e = Model::from_ron(&text, "v.ron").unwrap_err().to_string();
        assert!(e.contains(want), "{rule}: {e}");
        assert!(e.starts_with("v.ron:5:5:"), "located at the rule: {e}");
    }
    // The second rule of a kind is located, not the first.
    let text = with_rules("Cage(cells: [\"r1c1\", \"r1c2\"], sum: 3),\n    Cage(cells: [\"r3c3\", \"r3c4\"], sum: 99)");
    let e = Model::from_ron(&text, "v.ron").unwrap_err().to_string();
    assert!(e.starts_with("v.ron:6:5: cage 2 (sum 99)"), "{e}");
}

#[test]
fn constraints_are_in_the_model_and_the_graph_but_not_the_peers() {
    let classic = model("classic-4x4");
    let text =
        with_rules("Thermometer(cells: [\"r1c1\", \"r2c2\", \"r3c3\"]),\n    WhiteDot(cells: [\"r4c1\", \"r4c2\"])");
    let m = Model::from_ron(&text, "v.ron").unwrap();
    assert_eq!(m.constraints().len(), 2);
    assert_eq!(m.constraints_of(0), &[0]);
    assert_eq!(m.constraints_of(12), &[1]);
    for c in 0..16 {
        assert_eq!(m.peers(c), classic.peers(c), "constraint edges are not peers");
    }
    use coverlab_model::ConstraintKind;
    assert_eq!(m.graph().constraint_edges(), vec![(ConstraintKind::Thermometer, 2), (ConstraintKind::WhiteDot, 1)]);
    assert!(m.to_dot().contains("r1c1 -- r2c2 [kind=\"thermometer\""));
}

/// `coverlab graph`: one edge per pair of cells, and a cluster per box or jigsaw region.
#[test]
fn the_dot_graph_draws_each_pair_once_and_clusters_regions() {
    let edges = |dot: &str| -> Vec<(String, String)> {
        dot.lines()
            .filter_map(|l| l.trim().split_once(" -- "))
            .map(|(a, b)| (a.to_string(), b.split([' ', ';']).next().unwrap().to_string()))
            .collect()
    };
    for name in ["classic-9x9", "jigsaw-9x9", "x-sudoku-9x9", "killer-9x9-example"] {
        let m = coverlab_model::builtin::load(name).unwrap().unwrap();
        let dot = m.to_dot();
        let mut pairs = edges(&dot);
        let total = pairs.len();
        pairs.sort();
        pairs.dedup();
        assert_eq!(pairs.len(), total, "{name}: a pair of cells drawn twice");
        assert!(pairs.iter().all(|(a, b)| a != b), "{name}: an edge from a cell to itself");
        assert!(total >= 810, "{name}: every pair of peers is linked ({total})");
        assert_eq!(dot.matches("subgraph \"cluster_").count(), 9, "{name}: nine boxes or regions");
        for c in 0..81 {
            let node = format!("{} [pos=", coverlab_model::cell_name(c, 9));
            assert_eq!(dot.matches(&node).count(), 1, "{name}: {node} placed once");
        }
    }
    let killer = coverlab_model::builtin::load("killer-9x9-example").unwrap().unwrap().to_dot();
    assert!(killer.contains("[kind=\"cage\""), "{killer}");
}

#[test]
fn the_validator_checks_every_constraint_kind_from_the_rules() {
    use coverlab_model::validate::check_solution;
    let solution = Grid::from_values(4, vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]).unwrap();
    let empty = Grid::empty(4);
    for (rule, ok) in [
        ("Cage(cells: [\"r1c1\", \"r1c2\"], sum: 3)", true),
        ("Cage(cells: [\"r1c1\", \"r1c2\"], sum: 4)", false),
        ("Thermometer(cells: [\"r1c1\", \"r1c2\", \"r1c3\"])", true),
        ("Thermometer(cells: [\"r1c3\", \"r1c2\"])", false),
        ("Arrow(circle: \"r1c3\", line: [\"r1c2\", \"r2c1\"])", false),
        ("Arrow(circle: \"r1c4\", line: [\"r1c3\", \"r2c3\"])", true),
        ("WhiteDot(cells: [\"r1c1\", \"r1c2\"])", true),
        ("BlackDot(cells: [\"r1c1\", \"r1c2\"])", true),
        ("BlackDot(cells: [\"r1c2\", \"r1c3\"])", false),
        ("V(cells: [\"r1c1\", \"r2c1\"])", false),
        ("V(cells: [\"r1c2\", \"r2c2\"])", false),
        ("Even(cells: [\"r1c2\", \"r1c4\"])", true),
        ("Odd(cells: [\"r1c2\"])", false),
        ("NonConsecutive", false),
        ("Renban(cells: [\"r1c2\", \"r1c3\", \"r2c3\"])", true),
        ("Palindrome(cells: [\"r1c1\", \"r2c2\", \"r3c2\"])", true),
        ("Palindrome(cells: [\"r1c1\", \"r1c2\"])", false),
        ("Whisper(cells: [\"r1c1\", \"r2c1\"])", true),
        ("Whisper(cells: [\"r1c1\", \"r1c2\"])", false),
        ("LittleKiller(cells: [\"r1c2\", \"r2c3\", \"r3c4\"], sum: 6)", true),
        ("Sandwich(row: 1, sum: 5)", true),
        ("Sandwich(column: 1, sum: 4)", false),
        ("Regex(cells: [\"r1c1\", \"r1c2\", \"r1c3\"], pattern: \"1[2-3]+\")", true),
        ("Regex(cells: [\"r1c1\", \"r1c2\", \"r1c3\"], pattern: \"(12|3)*\")", true),
        ("Regex(cells: [\"r1c3\", \"r1c2\", \"r1c1\"], pattern: \"1.*\")", false),
        ("Regex(cells: [\"r1c1\", \"r2c1\"], pattern: \"1[^3]\")", false),
    ] {
        let m = Model::from_ron(&with_rules(rule), "v.ron").unwrap_or_else(|e| panic!("{rule}: {e}"));
        assert_eq!(check_solution(&m, &empty, &solution).is_ok(), ok, "{rule}");
    }
}

/// The sums the model derives from a killer's cages and houses (innies, outies, innies minus
/// outies) hold on its solution, and each is a real constraint: changing one of its cells'
/// values breaks it.
#[test]
fn derived_house_sums_hold_on_a_killers_solution() {
    use coverlab_model::{ConstraintKind, Relation};
    let m = model("killer-9x9-example");
    // TAREK 27, the spec's puzzle; its solution from the collection (tests/data/variants).
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/variants/killer_tarek_27_6_30.solutions.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let values: Vec<u8> = text.lines().next().unwrap().bytes().map(|b| b - b'0').collect();
    let solution = Grid::from_values(9, values.clone()).unwrap();
    validate::check_solution(&m, &Grid::empty(9), &solution).unwrap();
    let derived: Vec<_> = m.constraints().iter().filter(|c| c.kind == ConstraintKind::HouseSum).collect();
    let signed = derived.iter().filter(|c| matches!(c.relation, Relation::SignedSum { .. })).count();
    assert!(derived.len() > signed && signed > 0, "{} derived, {signed} innies minus outies", derived.len());
    for c in derived {
        let mut vals: Vec<u8> = c.cells.iter().map(|&x| values[x]).collect();
        assert!(c.holds(&vals), "{} on the solution", c.label);
        for i in 0..vals.len() {
            let keep = vals[i];
            vals[i] = keep % 9 + 1;
            assert!(!c.holds(&vals), "{} with cell {i} changed", c.label);
            vals[i] = keep;
        }
    }
}

/// The peers the model computes (bitset rows) are the constraint graph's unit neighbours, on
/// every built-in spec (the graph is built apart, on first use).
#[test]
fn peers_are_the_graphs_unit_neighbours() {
    for name in builtin::names() {
        let m = model(&name);
        for cell in 0..m.cells() {
            assert_eq!(m.peers(cell), m.graph().neighbours(cell).as_slice(), "{name} {}", m.cell_name(cell));
        }
    }
}

#[test]
fn pair_rules_become_pair_constraints_and_the_validator_checks_them_as_written() {
    let ron = r#"Spec(name: "p", size: 4, rules: [Rows, Columns, Boxes(rows: 2, cols: 2),
        Pair(name: "steps up", cells: ["r1c1", "r2c3", "r4c4"], holds: "b == a + 1"),
        Pair(cells: ["r3c1", "r3c2"], allowed: [(4, 1)])])"#;
    let m = Model::from_ron(ron, "p.ron").unwrap();
    let pairs: Vec<_> = m.constraints().iter().filter(|c| c.kind == coverlab_model::ConstraintKind::Pair).collect();
    assert_eq!(
        pairs.iter().map(|c| (c.label.as_str(), c.cells.clone())).collect::<Vec<_>>(),
        [("steps up", vec![0, 6]), ("steps up", vec![6, 15]), ("pair 2", vec![8, 9])]
    );
    // Direction matters: (1, 2) holds on the way up, (2, 1) does not.
    assert!(pairs[0].holds(&[1, 2]) && !pairs[0].holds(&[2, 1]));
    assert!(pairs[2].holds(&[4, 1]) && !pairs[2].holds(&[1, 4]));
    // A valid sudoku that breaks "steps up": r1c1 and r2c3 both hold 1. (Solutions that keep
    // the rules pass the validator in the strategies' variant corpus.)
    let bad = Grid::from_values(4, vec![1, 2, 3, 4, 3, 4, 1, 2, 4, 1, 2, 3, 2, 3, 4, 1]).unwrap();
    let empty = Grid::empty(4);
    let e = validate::check_solution(&m, &empty, &bad).unwrap_err().to_string();
    assert!(e.contains("r1c1 and r2c3 hold 1 and 1, which steps up does not allow"), "{e}");
}

/// Regex lines cannot make a spec allocate or work without bound: the pattern's size, the
/// automaton's states, states × cells on one line, and the spec's lines together are capped,
/// each refused with a message naming the rule.
#[test]
fn hostile_regex_lines_are_refused_by_their_caps() {
    use coverlab_model::pattern;
    // A 25×25 snake through every cell with a 1001-state automaton: 625,625 (state, cell) pairs.
    let snake: Vec<String> = (1..=25)
        .flat_map(|r| (1..=25).map(move |c| format!("\"r{r}c{}\"", if r % 2 == 1 { c } else { 26 - c })))
        .collect();
    let text = format!(
        "Spec(name: \"s\", size: 25, rules: [Rows, Regex(cells: [{}], pattern: \".{{1000}}\")])",
        snake.join(", ")
    );
    let e = Model::from_ron(&text, "s.ron").unwrap_err().to_string();
    assert!(e.contains("compiles to 1001 states; times the line's 625 cells that is more than 524288"), "{e}");
    // About 2,050 states each (nine values): the spec's budget runs out after about 220 lines.
    let a = pattern::automaton("[1-9]*1[1-9]{10}|12", &coverlab_model::Symbols::default_for(9)).unwrap();
    assert!(a.states() > 2048, "{}", a.states());
    let rules: Vec<String> = (0..300)
        .map(|i| {
            let (r, c) = (1 + i % 9, 1 + (i / 9) % 8);
            format!("Regex(cells: [\"r{r}c{c}\", \"r{r}c{}\"], pattern: \"[1-9]*1[1-9]{{10}}|12\")", c + 1)
        })
        .collect();
    let text = format!("Spec(name: \"s\", size: 9, rules: [Rows, {}])", rules.join(", "));
    let e = Model::from_ron(&text, "s.ron").unwrap_err().to_string();
    assert!(e.contains("the spec's regex lines together need more than 4194304 (state, cell) pairs"), "{e}");
    assert!(e.starts_with("s.ron:1:") && e.contains(": Regex rule 2"), "{e}");
}
