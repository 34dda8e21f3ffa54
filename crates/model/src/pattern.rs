//! Regular expressions over a line's values, for [`crate::Rule::Regex`]: a small parser and
//! its compilation to a deterministic automaton over the values 1..=n.
//!
//! The syntax is the common subset of regular expressions, over the spec's symbols (on 9×9
//! the digits `1`–`9`): a symbol; `.` (any value); a class `[1-4]`, `[^5]`, `[13579]` (a range
//! runs in the alphabet's order); concatenation; alternation `|`; groups `( )`; repeats `*`,
//! `+`, `?`, `{m}`, `{m,}`, `{,n}` and `{m,n}`. `\` makes the next character a symbol, for
//! alphabets with `(`, `[`, `{`, `?` and the like. The pattern matches the whole line: there
//! are no anchors. `.`, `|`, `*`, `+` and `-` can never be symbols (see [`crate::Symbols`]).
//!
//! The automaton: Glushkov's position automaton (one state per symbol occurrence, no empty
//! transitions; Berry and Sethi, "From regular expressions to deterministic automata", 1986),
//! made deterministic by the subset construction and trimmed of the states that cannot reach
//! an accepting one. Every size is capped before it is allocated: the pattern's length, its
//! nesting, its symbol occurrences once bounded repeats are written out, and the automaton's
//! states.
//!
//! A state machine ([`crate::Rule::StateMachine`], ISS's `NFA`) is given by its states,
//! starts, accepting states and transitions on value sets (each written as a pattern of one
//! class); [`machine`] makes it deterministic by the same subset construction, within
//! [`MAX_MACHINE_STATES`] states and [`MAX_TRANSITIONS`] transitions as given.

use std::collections::BTreeMap;
use std::fmt;

use crate::Symbols;
use crate::constraint::Automaton;

/// The longest pattern, in characters.
pub const MAX_PATTERN_CHARS: usize = 1000;
/// The deepest nesting of groups.
pub const MAX_DEPTH: usize = 50;
/// The most symbol occurrences (classes, `.` and symbols) once bounded repeats are written out:
/// `[1-4]{3}` counts 3.
pub const MAX_POSITIONS: usize = 1024;
/// The largest count a bounded repeat may give.
pub const MAX_REPEAT: u32 = 1000;
/// The most states of the deterministic automaton.
pub const MAX_STATES: usize = 4096;
/// The most states a state machine may be given (numbered 0 to this − 1): ISS's own limit.
pub const MAX_MACHINE_STATES: usize = 4096;
/// The most transitions a state machine may be given.
pub const MAX_TRANSITIONS: usize = 1 << 16;
/// The most words of state sets combined while a state machine is made deterministic (a
/// fraction of a second).
pub const MAX_MACHINE_WORK: usize = 1 << 27;
/// The most states × cells of one regex line: what the filter follows at each call.
pub const MAX_LINE_STATES: usize = 1 << 19;
/// The most states × max(cells, n), summed over the regex lines of one spec: what loading them
/// builds and checks, and what their automata hold.
pub const MAX_SPEC_LINE_STATES: usize = 1 << 22;

/// A parsed pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Node {
    /// The empty sequence (an empty pattern, group or alternative).
    Empty,
    /// One value from the mask (bit `v - 1` for value `v`): a symbol, a class or `.`.
    Class(u64),
    /// The parts one after the other.
    Concat(Vec<Node>),
    /// Any one of the alternatives.
    Alt(Vec<Node>),
    /// The node `min` to `max` times (`None`: no upper bound).
    Repeat {
        /// What repeats.
        node: Box<Node>,
        /// The least count.
        min: u32,
        /// The greatest count, if any.
        max: Option<u32>,
    },
}

/// What is wrong with a pattern, and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("at character {position}: {message}")]
#[non_exhaustive]
pub struct PatternError {
    /// 1-based character position in the pattern.
    pub position: usize,
    /// What is wrong there.
    pub message: String,
}

/// Parses `pattern` over the alphabet `symbols` (value `v` is written `symbols.symbol(v)`).
pub fn parse(pattern: &str, symbols: &Symbols) -> Result<Node, PatternError> {
    let count = pattern.chars().count();
    if count > MAX_PATTERN_CHARS {
        return Err(PatternError {
            position: MAX_PATTERN_CHARS + 1,
            message: format!("the pattern has {count} characters; at most {MAX_PATTERN_CHARS} are read"),
        });
    }
    let mut p = Parser { chars: pattern.chars().collect(), i: 0, symbols, depth: 0 };
    let node = p.alternation()?;
    if p.i < p.chars.len() {
        // Only a ')' stops an alternation early.
        return Err(p.error(p.i, "')' closes no '('".into()));
    }
    let positions = positions(&node);
    if positions > MAX_POSITIONS as u64 {
        return Err(PatternError {
            position: 1,
            message: format!(
                "the pattern is too large: with its repeats written out it has more than {MAX_POSITIONS} symbols, classes and dots"
            ),
        });
    }
    Ok(node)
}

struct Parser<'a> {
    chars: Vec<char>,
    i: usize,
    symbols: &'a Symbols,
    depth: usize,
}

impl Parser<'_> {
    fn error(&self, at: usize, message: String) -> PatternError {
        PatternError { position: at + 1, message }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    fn full(&self) -> u64 {
        let n = self.symbols.len();
        if n >= 64 { u64::MAX } else { (1 << n) - 1 }
    }

    fn alternation(&mut self) -> Result<Node, PatternError> {
        let mut alternatives = vec![self.concatenation()?];
        while self.peek() == Some('|') {
            self.i += 1;
            alternatives.push(self.concatenation()?);
        }
        Ok(if alternatives.len() == 1 { alternatives.remove(0) } else { Node::Alt(alternatives) })
    }

    fn concatenation(&mut self) -> Result<Node, PatternError> {
        let mut parts = Vec::new();
        while let Some(c) = self.peek() {
            if c == '|' || c == ')' {
                break;
            }
            let atom = self.atom()?;
            parts.push(self.repeated(atom)?);
        }
        Ok(match parts.len() {
            0 => Node::Empty,
            1 => parts.remove(0),
            _ => Node::Concat(parts),
        })
    }

    fn atom(&mut self) -> Result<Node, PatternError> {
        let at = self.i;
        let Some(c) = self.peek() else { return Ok(Node::Empty) };
        self.i += 1;
        match c {
            '(' => {
                if self.depth >= MAX_DEPTH {
                    return Err(self.error(at, format!("groups nest more than {MAX_DEPTH} deep")));
                }
                self.depth += 1;
                let inner = self.alternation()?;
                self.depth -= 1;
                if self.peek() != Some(')') {
                    return Err(self.error(at, "'(' is never closed".into()));
                }
                self.i += 1;
                Ok(inner)
            }
            '[' => self.class(at),
            '.' => Ok(Node::Class(self.full())),
            '*' | '+' | '?' | '{' => Err(self.error(
                at,
                format!(
                    "'{c}' repeats nothing: put a symbol, a class or a group before it (or write \\{c} for a symbol)"
                ),
            )),
            ']' | '}' => {
                let open = if c == ']' { '[' } else { '{' };
                Err(self.error(at, format!("'{c}' closes no '{open}' (write \\{c} for a symbol)")))
            }
            '\\' => {
                let c = self.escaped(at)?;
                Ok(Node::Class(self.symbol(c, at)?))
            }
            c => Ok(Node::Class(self.symbol(c, at)?)),
        }
    }

    /// The character after a `\` at `at`.
    fn escaped(&mut self, at: usize) -> Result<char, PatternError> {
        let c = self
            .peek()
            .ok_or_else(|| self.error(at, "'\\' ends the pattern (it escapes the next character)".into()))?;
        self.i += 1;
        Ok(c)
    }

    /// The mask of the symbol `c`, found at `at`.
    fn symbol(&self, c: char, at: usize) -> Result<u64, PatternError> {
        match self.symbols.value_of(c) {
            Some(v) => Ok(1 << (v - 1)),
            None => {
                let hint = if c == '^' || c == '$' {
                    " (a pattern always matches the whole line: it needs no anchors)"
                } else {
                    ""
                };
                Err(self.error(
                    at,
                    format!(
                        "{:?} is not a symbol of this {n}×{n} grid (its symbols: {}){hint}",
                        c,
                        self.symbols.as_string(),
                        n = self.symbols.len()
                    ),
                ))
            }
        }
    }

    /// A class; its `[` was at `at`.
    fn class(&mut self, at: usize) -> Result<Node, PatternError> {
        let negated = self.peek() == Some('^');
        if negated {
            self.i += 1;
        }
        let mut mask = 0u64;
        let mut items = 0;
        loop {
            let here = self.i;
            let Some(c) = self.peek() else {
                return Err(self.error(at, "'[' is never closed".into()));
            };
            self.i += 1;
            if c == ']' {
                break;
            }
            items += 1;
            // An operator inside a class is most likely a class left open: say so.
            let open = |mut e: PatternError| {
                if "*+?|.(){}".contains(c) {
                    e.message += &format!(" (inside the class opened at character {}: is its ']' missing?)", at + 1);
                }
                e
            };
            let c = if c == '\\' { self.escaped(here)? } else { c };
            let low = self.symbol(c, here).map_err(open)?;
            if self.peek() == Some('-') && self.chars.get(self.i + 1).is_some_and(|&d| d != ']') {
                self.i += 1;
                let there = self.i;
                let mut d = self.chars[there];
                self.i += 1;
                if d == '\\' {
                    d = self.escaped(there)?;
                }
                let high = self.symbol(d, there)?;
                if high < low {
                    return Err(self.error(here, format!("the range {c}-{d} runs backwards ({d} comes before {c})")));
                }
                // Every value from low's to high's (masks of one bit each).
                mask |= (high << 1).wrapping_sub(low);
            } else {
                mask |= low;
            }
        }
        if items == 0 {
            return Err(self.error(at, "the class is empty (write \\] for the symbol ])".into()));
        }
        if negated {
            mask = self.full() & !mask;
            if mask == 0 {
                return Err(self.error(at, "the class leaves out every symbol: it matches nothing".into()));
            }
        }
        Ok(Node::Class(mask))
    }

    /// `node` followed by at most one repeat.
    fn repeated(&mut self, node: Node) -> Result<Node, PatternError> {
        let at = self.i;
        let (min, max) = match self.peek() {
            Some(c @ ('*' | '+' | '?')) => {
                self.i += 1;
                match c {
                    '*' => (0, None),
                    '+' => (1, None),
                    _ => (0, Some(1)),
                }
            }
            Some('{') => {
                self.i += 1;
                self.braces(at)?
            }
            _ => return Ok(node),
        };
        if let Some(c) = self.peek().filter(|c| matches!(c, '*' | '+' | '?' | '{')) {
            return Err(
                self.error(self.i, format!("'{c}' repeats a repeat: put what it repeats in a group, as in (…){c}"))
            );
        }
        Ok(Node::Repeat { node: Box::new(node), min, max })
    }

    /// A bounded repeat after its `{` (at `at`): `{m}`, `{m,}`, `{,n}` or `{m,n}`.
    fn braces(&mut self, at: usize) -> Result<(u32, Option<u32>), PatternError> {
        let shape = "a repeat is {m}, {m,}, {,n} or {m,n}";
        let first = self.number()?;
        let (min, max) = if self.peek() == Some(',') {
            self.i += 1;
            let second = self.number()?;
            if first.is_none() && second.is_none() {
                return Err(self.error(at, format!("'{{,}}' gives no count: {shape}")));
            }
            (first.unwrap_or(0), second)
        } else {
            let Some(m) = first else {
                return Err(self.error(at, format!("'{{' is not followed by a count: {shape}")));
            };
            (m, Some(m))
        };
        if self.peek() != Some('}') {
            return Err(self.error(at, format!("'{{' is never closed: {shape}")));
        }
        self.i += 1;
        if let Some(max) = max
            && max < min
        {
            return Err(self.error(at, format!("{{{min},{max}}} asks for at least {min} but at most {max}")));
        }
        Ok((min, max))
    }

    /// A decimal count, if digits follow.
    fn number(&mut self) -> Result<Option<u32>, PatternError> {
        let at = self.i;
        let mut value: u64 = 0;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            self.i += 1;
            value = (value * 10 + u64::from(d)).min(u64::from(u32::MAX));
        }
        if self.i == at {
            return Ok(None);
        }
        if value > u64::from(MAX_REPEAT) {
            let digits: String = self.chars[at..self.i].iter().collect();
            return Err(self.error(at, format!("the count {digits} is too large (at most {MAX_REPEAT})")));
        }
        Ok(Some(value as u32))
    }
}

/// How many symbol occurrences the node has once its repeats are written out as the
/// automaton's construction writes them (saturating).
fn positions(node: &Node) -> u64 {
    match node {
        Node::Empty => 0,
        Node::Class(_) => 1,
        Node::Concat(parts) | Node::Alt(parts) => parts.iter().fold(0u64, |s, p| s.saturating_add(positions(p))),
        Node::Repeat { node, min, max } => positions(node).saturating_mul(u64::from(copies(*min, *max))),
    }
}

/// The copies of a repeated node the construction makes: `{m,n}` as m copies and n − m optional
/// ones, `{m,}` as m − 1 copies and one repeated (one repeated for `*`).
fn copies(min: u32, max: Option<u32>) -> u32 {
    max.unwrap_or(min.max(1))
}

/// A bitset over the position automaton's states.
type Set = Vec<u64>;

/// The sets of a sub-expression in Glushkov's construction: can it match the empty sequence,
/// the positions it can start with, and those it can end with.
struct Fragment {
    nullable: bool,
    first: Set,
    last: Set,
}

/// Glushkov's construction: position 0 is the start; `classes[p]` the values position p reads;
/// `follow[p]` the positions that may come right after p.
struct Glushkov {
    words: usize,
    classes: Vec<u64>,
    follow: Vec<Set>,
}

impl Glushkov {
    fn empty(&self) -> Fragment {
        Fragment { nullable: true, first: vec![0; self.words], last: vec![0; self.words] }
    }

    fn link(&mut self, from: &Set, to: &Set) {
        for (w, &bits) in from.iter().enumerate() {
            let mut b = bits;
            while b != 0 {
                let p = w * 64 + b.trailing_zeros() as usize;
                b &= b - 1;
                self.follow[p].iter_mut().zip(to).for_each(|(f, t)| *f |= t);
            }
        }
    }

    fn concat(&mut self, a: Fragment, b: Fragment) -> Fragment {
        self.link(&a.last, &b.first);
        let first = if a.nullable { union(&a.first, &b.first) } else { a.first };
        let last = if b.nullable { union(&a.last, &b.last) } else { b.last };
        Fragment { nullable: a.nullable && b.nullable, first, last }
    }

    fn build(&mut self, node: &Node) -> Fragment {
        match node {
            Node::Empty => self.empty(),
            &Node::Class(mask) => {
                let p = self.classes.len();
                self.classes.push(mask);
                self.follow.push(vec![0; self.words]);
                let mut set = vec![0; self.words];
                set[p / 64] |= 1 << (p % 64);
                Fragment { nullable: false, first: set.clone(), last: set }
            }
            Node::Concat(parts) => {
                let mut out = self.empty();
                for part in parts {
                    let f = self.build(part);
                    out = self.concat(out, f);
                }
                out
            }
            Node::Alt(parts) => {
                let mut out = Fragment { nullable: false, first: vec![0; self.words], last: vec![0; self.words] };
                for part in parts {
                    let f = self.build(part);
                    out.nullable |= f.nullable;
                    out.first = union(&out.first, &f.first);
                    out.last = union(&out.last, &f.last);
                }
                out
            }
            Node::Repeat { node, min, max } => {
                let mut out = self.empty();
                let required = match max {
                    None => min.saturating_sub(1),
                    Some(_) => *min,
                };
                for _ in 0..required {
                    let f = self.build(node);
                    out = self.concat(out, f);
                }
                match max {
                    None => {
                        // The last copy loops back to its own start: x+ (x* when min is 0).
                        let f = self.build(node);
                        self.link(&f.last, &f.first);
                        let f = Fragment { nullable: f.nullable || *min == 0, ..f };
                        out = self.concat(out, f);
                    }
                    Some(max) => {
                        for _ in *min..*max {
                            let f = self.build(node);
                            out = self.concat(out, Fragment { nullable: true, ..f });
                        }
                    }
                }
                out
            }
        }
    }
}

fn union(a: &Set, b: &Set) -> Set {
    a.iter().zip(b).map(|(x, y)| x | y).collect()
}

/// Compiles a parsed pattern over values 1..=n to a trimmed deterministic automaton (`pattern`
/// is its text, kept for messages). Fails when it would have more than `max_states` states (at
/// most [`MAX_STATES`]), before building them.
pub fn compile(node: &Node, n: usize, pattern: &str, max_states: usize) -> Result<Automaton, PatternError> {
    let max_states = max_states.min(MAX_STATES);
    let too_many = || PatternError {
        position: 1,
        message: format!("the pattern needs more than {max_states} states as a deterministic automaton: simplify it"),
    };
    if max_states == 0 {
        return Err(too_many());
    }
    if !(1..=crate::MAX_SIZE).contains(&n) {
        return Err(PatternError {
            position: 1,
            message: format!("an automaton reads values 1 to n for n from 1 to {}, not {n}", crate::MAX_SIZE),
        });
    }
    let total = positions(node);
    if total > MAX_POSITIONS as u64 {
        return Err(PatternError {
            position: 1,
            message: format!("the pattern is too large: more than {MAX_POSITIONS} symbols, classes and dots"),
        });
    }
    let words = (total as usize + 1).div_ceil(64);
    let mut g = Glushkov { words, classes: vec![0], follow: vec![vec![0; words]] };
    let whole = g.build(node);
    let start: Set = {
        let mut s = vec![0; words];
        s[0] = 1;
        s
    };
    g.link(&start, &whole.first);
    let mut accepting_positions = whole.last.clone();
    if whole.nullable {
        accepting_positions[0] |= 1;
    }
    // The positions that read each value.
    let mut reads: Vec<Set> = vec![vec![0; words]; n];
    for (p, &mask) in g.classes.iter().enumerate().skip(1) {
        for (v, r) in reads.iter_mut().enumerate() {
            if mask >> v & 1 == 1 {
                r[p / 64] |= 1 << (p % 64);
            }
        }
    }
    // The subset construction, from the start's set.
    let mut sets: Vec<Set> = vec![start.clone()];
    let mut index: BTreeMap<Set, usize> = BTreeMap::new();
    index.insert(start, 0);
    let mut delta: Vec<Option<usize>> = Vec::new();
    let mut q = 0;
    while q < sets.len() {
        let mut reachable = vec![0u64; words];
        for (w, &bits) in sets[q].iter().enumerate() {
            let mut b = bits;
            while b != 0 {
                let p = w * 64 + b.trailing_zeros() as usize;
                b &= b - 1;
                reachable.iter_mut().zip(&g.follow[p]).for_each(|(r, f)| *r |= f);
            }
        }
        for r in &reads {
            let next: Set = reachable.iter().zip(r).map(|(a, b)| a & b).collect();
            if next.iter().all(|&w| w == 0) {
                delta.push(None);
                continue;
            }
            let id = match index.get(&next) {
                Some(&id) => id,
                None => {
                    if sets.len() == max_states {
                        return Err(too_many());
                    }
                    index.insert(next.clone(), sets.len());
                    sets.push(next);
                    sets.len() - 1
                }
            };
            delta.push(Some(id));
        }
        q += 1;
    }
    let accepting: Vec<bool> =
        sets.iter().map(|s| s.iter().zip(&accepting_positions).any(|(a, b)| a & b != 0)).collect();
    Ok(Automaton::trimmed(n, pattern, &delta, &accepting))
}

/// Reads a state machine transition's values: a pattern of exactly one symbol, class or `.`
/// (`"7"`, `"[1-4]"`, `"[^5]"`). The mask of its values (bit `v - 1` for value `v`).
pub fn value_set(text: &str, symbols: &Symbols) -> Result<u64, PatternError> {
    match parse(text, symbols)? {
        Node::Class(mask) => Ok(mask),
        _ => Err(PatternError {
            position: 1,
            message: "expected one symbol, one class such as [1-4] or [^5], or '.' (any value)".into(),
        }),
    }
}

/// Makes a state machine over values 1..=n deterministic: `states` states (at most
/// [`MAX_MACHINE_STATES`]), the `starts`, the `accept`ing states and the transitions
/// (from, values, to), each below `states`. The subset construction from the set of starts,
/// trimmed; `name` is kept for messages. Fails, with what to say, past `max_states` deterministic
/// states (at most [`MAX_STATES`]).
pub fn machine(
    n: usize,
    name: &str,
    states: usize,
    starts: &[usize],
    accept: &[usize],
    transitions: &[(usize, u64, usize)],
    max_states: usize,
) -> Result<Automaton, String> {
    let max_states = max_states.min(MAX_STATES);
    if !(1..=crate::MAX_SIZE).contains(&n) || states == 0 || states > MAX_MACHINE_STATES {
        return Err(format!("a machine of 1 to {MAX_MACHINE_STATES} states reads values 1 to n"));
    }
    let words = states.div_ceil(64);
    // `step[q * n + v]`: the states one transition on value v + 1 leads to from q (empty: none).
    let mut step: Vec<Set> = vec![Vec::new(); states * n];
    if transitions.len() > MAX_TRANSITIONS {
        return Err(format!("it has {} transitions, more than {MAX_TRANSITIONS} (the limit)", transitions.len()));
    }
    if let Some(q) =
        starts.iter().chain(accept).chain(transitions.iter().flat_map(|(a, _, b)| [a, b])).find(|&&q| q >= states)
    {
        return Err(format!("state {q} is not one of its {states} states"));
    }
    for &(from, mask, to) in transitions {
        for v in (0..n.min(64)).filter(|v| mask >> v & 1 == 1) {
            let s = &mut step[from * n + v];
            if s.is_empty() {
                s.resize(words, 0);
            }
            s[to / 64] |= 1 << (to % 64);
        }
    }
    let mut start = vec![0u64; words];
    for &q in starts {
        start[q / 64] |= 1 << (q % 64);
    }
    let mut accepting_states = vec![0u64; words];
    for &q in accept {
        accepting_states[q / 64] |= 1 << (q % 64);
    }
    let mut sets: Vec<Set> = vec![start.clone()];
    let mut index: BTreeMap<Set, usize> = BTreeMap::new();
    index.insert(start, 0);
    let mut delta: Vec<Option<usize>> = Vec::new();
    // The words combined so far, bounded so that no machine takes long to build.
    let mut work = 0usize;
    let mut q = 0;
    while q < sets.len() {
        for v in 0..n {
            work += words * sets[q].iter().map(|w| w.count_ones() as usize).sum::<usize>();
            if work > MAX_MACHINE_WORK {
                return Err(format!(
                    "made deterministic it needs more than {MAX_MACHINE_WORK} steps to build (the limit): simplify it"
                ));
            }
            let mut next = vec![0u64; words];
            for (w, &bits) in sets[q].iter().enumerate() {
                let mut b = bits;
                while b != 0 {
                    let p = w * 64 + b.trailing_zeros() as usize;
                    b &= b - 1;
                    next.iter_mut().zip(&step[p * n + v]).for_each(|(x, s)| *x |= s);
                }
            }
            if next.iter().all(|&w| w == 0) {
                delta.push(None);
                continue;
            }
            let id = match index.get(&next) {
                Some(&id) => id,
                None => {
                    if sets.len() >= max_states {
                        return Err(format!(
                            "made deterministic it needs more than {max_states} states (the limit): simplify it"
                        ));
                    }
                    index.insert(next.clone(), sets.len());
                    sets.push(next);
                    sets.len() - 1
                }
            };
            delta.push(Some(id));
        }
        q += 1;
    }
    let accepting: Vec<bool> = sets.iter().map(|s| s.iter().zip(&accepting_states).any(|(a, b)| a & b != 0)).collect();
    Ok(Automaton::trimmed(n, name, &delta, &accepting))
}

/// Parses and compiles `pattern` over `symbols` in one step.
pub fn automaton(pattern: &str, symbols: &Symbols) -> Result<Automaton, PatternError> {
    let node = parse(pattern, symbols)?;
    compile(&node, symbols.len(), pattern, MAX_STATES)
}

impl fmt::Display for Node {
    /// The node written back as a pattern over the default symbols of its values (`1`–`9`,
    /// then `A`–…), for messages and tests.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const DIGITS: &[u8] = b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz@$#";
        match self {
            Node::Empty => write!(f, "()"),
            &Node::Class(mask) => {
                if mask.count_ones() == 1 {
                    write!(f, "{}", DIGITS[mask.trailing_zeros() as usize] as char)
                } else {
                    write!(f, "[")?;
                    (0..64).filter(|v| mask >> v & 1 == 1).try_for_each(|v| write!(f, "{}", DIGITS[v] as char))?;
                    write!(f, "]")
                }
            }
            Node::Concat(parts) => parts.iter().try_for_each(|p| match p {
                Node::Alt(_) => write!(f, "({p})"),
                _ => write!(f, "{p}"),
            }),
            Node::Alt(parts) => {
                for (i, p) in parts.iter().enumerate() {
                    if i > 0 {
                        write!(f, "|")?;
                    }
                    write!(f, "{p}")?;
                }
                Ok(())
            }
            Node::Repeat { node, min, max } => {
                match **node {
                    Node::Class(_) => write!(f, "{node}")?,
                    _ => write!(f, "({node})")?,
                }
                match (min, max) {
                    (0, None) => write!(f, "*"),
                    (1, None) => write!(f, "+"),
                    (0, Some(1)) => write!(f, "?"),
                    (m, None) => write!(f, "{{{m},}}"),
                    (m, Some(x)) if m == x => write!(f, "{{{m}}}"),
                    (m, Some(x)) => write!(f, "{{{m},{x}}}"),
                }
            }
        }
    }
}
