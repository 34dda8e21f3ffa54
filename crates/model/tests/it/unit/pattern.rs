//! The tests of `src/pattern.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use coverlab_model::Symbols;
use coverlab_model::pattern::*;

fn nine() -> Symbols {
    Symbols::default_for(9)
}

fn m(values: &[u32]) -> u64 {
    values.iter().fold(0, |a, &v| a | 1 << (v - 1))
}

fn class(values: &[u32]) -> Node {
    Node::Class(m(values))
}

fn rep(node: Node, min: u32, max: Option<u32>) -> Node {
    Node::Repeat { node: Box::new(node), min, max }
}

fn p(text: &str) -> Node {
    parse(text, &nine()).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

#[test]
fn every_construct_parses() {
    assert_eq!(p("1"), class(&[1]));
    assert_eq!(p("."), Node::Class(0x1ff));
    assert_eq!(p("[1-4]"), class(&[1, 2, 3, 4]));
    assert_eq!(p("[^5]"), class(&[1, 2, 3, 4, 6, 7, 8, 9]));
    assert_eq!(p("[13-57]"), class(&[1, 3, 4, 5, 7]));
    assert_eq!(p("[9-9]"), class(&[9]));
    assert_eq!(p("12"), Node::Concat(vec![class(&[1]), class(&[2])]));
    assert_eq!(p("1|23"), Node::Alt(vec![class(&[1]), Node::Concat(vec![class(&[2]), class(&[3])])]));
    assert_eq!(p("(1|2)3"), Node::Concat(vec![Node::Alt(vec![class(&[1]), class(&[2])]), class(&[3])]));
    assert_eq!(p("1*"), rep(class(&[1]), 0, None));
    assert_eq!(p("1+"), rep(class(&[1]), 1, None));
    assert_eq!(p("1?"), rep(class(&[1]), 0, Some(1)));
    assert_eq!(p("1{3}"), rep(class(&[1]), 3, Some(3)));
    assert_eq!(p("1{2,}"), rep(class(&[1]), 2, None));
    assert_eq!(p("1{,4}"), rep(class(&[1]), 0, Some(4)));
    assert_eq!(p("1{2,4}"), rep(class(&[1]), 2, Some(4)));
    assert_eq!(p("(12)*"), rep(Node::Concat(vec![class(&[1]), class(&[2])]), 0, None));
    assert_eq!(p("1[2-4]*9").to_string(), "1[234]*9");
    // Empty patterns, groups and alternatives match the empty sequence.
    assert_eq!(p(""), Node::Empty);
    assert_eq!(p("()"), Node::Empty);
    assert_eq!(p("1|"), Node::Alt(vec![class(&[1]), Node::Empty]));
}

#[test]
fn escapes_write_symbols_that_are_operators() {
    let odd = Symbols::new("a(?]", 4).unwrap();
    assert_eq!(parse("\\(", &odd), Ok(class(&[2])));
    assert_eq!(parse("[a\\]]", &odd), Ok(class(&[1, 4])));
    assert_eq!(parse("\\?+", &odd), Ok(rep(class(&[3]), 1, None)));
    assert_eq!(parse("[\\(-\\]]", &odd), Ok(class(&[2, 3, 4])), "a range in the alphabet's order");
    // Large alphabets: letters, both cases, and '$' as a symbol.
    let big = Symbols::default_for(64);
    assert_eq!(parse("$", &big), Ok(Node::Class(1 << 63)));
    assert_eq!(parse("[a-z]", &big).map(|n| matches!(n, Node::Class(m) if m.count_ones() == 26)), Ok(true));
    assert_eq!(parse(".", &big), Ok(Node::Class(u64::MAX)));
    assert_eq!(parse("[0-$]", &big), Ok(Node::Class(u64::MAX)));
}

/// The error of `text` on 9×9: its position and a piece of its message.
fn bad(text: &str, position: usize, says: &str) {
    let e = parse(text, &nine()).expect_err(text);
    assert_eq!(e.position, position, "{text:?}: {e}");
    assert!(e.message.contains(says), "{text:?}: {e}");
}

#[test]
fn every_error_says_what_and_where() {
    bad("1(2", 2, "'(' is never closed");
    bad("1(2(3)", 2, "'(' is never closed");
    bad("12)", 3, "')' closes no '('");
    bad("[]", 1, "the class is empty");
    bad("1[^1-9]", 2, "leaves out every symbol");
    bad("[1-4", 1, "'[' is never closed");
    bad("[4-1]", 2, "the range 4-1 runs backwards");
    bad("[1-]", 3, "'-' is not a symbol");
    bad(
        "1[2-4*6",
        6,
        "'*' is not a symbol of this 9×9 grid (its symbols: 123456789) (inside the class opened at character 2: is its ']' missing?)",
    );
    bad("10", 2, "'0' is not a symbol of this 9×9 grid (its symbols: 123456789)");
    bad("1 2", 2, "' ' is not a symbol");
    bad("^1", 1, "needs no anchors");
    bad("1$", 2, "needs no anchors");
    bad("*1", 1, "'*' repeats nothing");
    bad("(+)", 2, "'+' repeats nothing");
    bad("1|?", 3, "'?' repeats nothing");
    bad("{2}", 1, "'{' repeats nothing");
    bad("1**", 3, "'*' repeats a repeat");
    bad("1{2}{3}", 5, "'{' repeats a repeat");
    bad("1?+", 3, "'+' repeats a repeat");
    bad("1]", 2, "']' closes no '['");
    bad("1}", 2, "'}' closes no '{'");
    bad("1{", 2, "'{' is not followed by a count");
    bad("1{x}", 2, "'{' is not followed by a count");
    bad("1{2", 2, "'{' is never closed");
    bad("1{2,3", 2, "'{' is never closed");
    bad("1{,}", 2, "gives no count");
    bad("1{3,2}", 2, "asks for at least 3 but at most 2");
    bad("1{1001}", 3, "the count 1001 is too large");
    bad("1{99999999999999999999}", 3, "is too large");
    bad("12\\", 3, "'\\' ends the pattern");
    bad("[1\\", 3, "'\\' ends the pattern");
    bad("\\0", 1, "'0' is not a symbol");
}

#[test]
fn hostile_patterns_are_refused_before_they_grow() {
    bad(&"1".repeat(MAX_PATTERN_CHARS + 1), MAX_PATTERN_CHARS + 1, "at most 1000 are read");
    bad(&format!("{}1{}", "(".repeat(60), ")".repeat(60)), MAX_DEPTH + 1, "groups nest more than 50 deep");
    bad("(.{100}){100}", 1, "more than 1024 symbols");
    bad("((.{1000}){1000}){1000}", 1, "more than 1024 symbols");
    assert!(parse(&"1".repeat(MAX_PATTERN_CHARS), &nine()).is_ok());
    assert!(parse(".{1000}", &nine()).is_ok());
    // Eight states per extra symbol after the 1: the subset construction blows up.
    let e = automaton("[1-9]*1[1-9]{12}", &nine()).unwrap_err();
    assert!(e.message.contains("more than 4096 states"), "{e}");
    assert!(automaton("[1-9]*1[1-9]{8}", &nine()).is_ok());
    assert!(compile(&p("1"), 65, "1", MAX_STATES).is_err() && compile(&p("1"), 0, "1", MAX_STATES).is_err());
}

#[test]
fn automata_accept_what_the_pattern_says() {
    let a = automaton("1[2-4]*9", &nine()).unwrap();
    for (values, ok) in [
        (&[1, 9][..], true),
        (&[1, 2, 3, 4, 9], true),
        (&[1, 5, 9], false),
        (&[1, 2], false),
        (&[9], false),
        (&[], false),
    ] {
        assert_eq!(a.matches(values), ok, "{values:?}");
    }
    let b = automaton("(12|3){2,3}", &nine()).unwrap();
    assert!(b.matches(&[1, 2, 3]) && b.matches(&[3, 3, 3]) && b.matches(&[1, 2, 1, 2, 1, 2]));
    assert!(!b.matches(&[3]) && !b.matches(&[3, 3, 3, 3]) && !b.matches(&[1, 3]));
    let empty = automaton("", &nine()).unwrap();
    assert!(empty.matches(&[]) && !empty.matches(&[1]));
    // Trimmed: "1|12" never has a dead end left, and every state but the start is live.
    let c = automaton("1|12", &nine()).unwrap();
    assert_eq!(c.states(), 3);
    assert_eq!((c.next(0, 1), c.next(0, 2), c.next(1, 2), c.next(2, 1)), (Some(1), None, Some(2), None));
    assert!(c.accepts(1) && c.accepts(2) && !c.accepts(0));
    assert_eq!(
        (c.next(0, 0), c.next(0, 10), c.next(99, 1), c.next(usize::MAX, 1)),
        (None, None, None, None),
        "out of range"
    );
}

#[test]
fn live_states_follow_the_line_length() {
    let a = automaton("1[2-4]*9", &nine()).unwrap();
    assert!(!a.live_states(1)[0][0], "no one-symbol match");
    assert!(a.live_states(2)[0][0] && a.live_states(7)[0][0]);
    let b = automaton("12|345", &nine()).unwrap();
    assert!(b.live_states(2)[0][0] && b.live_states(3)[0][0] && !b.live_states(4)[0][0]);
}
