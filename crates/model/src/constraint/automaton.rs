//! A deterministic automaton over the values 1..=n read along a line (a regex line), and its
//! filter: generalised arc consistency over the layered graph of (position, state).
//!
//! A path from the start through one state per position to an accepting state after the last
//! cell, each step reading a value of that cell's domain, is an assignment the automaton
//! accepts. A value stays in a cell's domain exactly when some such path reads it there:
//! states reachable from the start (forward) whose step with that value reaches a state from
//! which an accepting state is reachable over the remaining domains (backward). Two passes,
//! each k × states × n at worst (Pesant, "A regular language membership constraint for finite
//! sequences of variables", CP 2004).

use std::fmt;

/// No transition.
const DEAD: u16 = u16::MAX;

/// A deterministic automaton over values 1..=n, trimmed: every state but perhaps a start can
/// reach an accepting state. State 0 is the start, or states 0 to `starts` − 1 are the starts
/// (a sequence is accepted when some start's run accepts it: a union of deterministic machines,
/// one per guess made before reading, as a lunchbox's smallest and largest values). Built by
/// [`crate::pattern::compile`] and the constructors below.
#[derive(Clone, PartialEq, Eq)]
pub struct Automaton {
    n: usize,
    /// How many start states: states 0..starts.
    starts: usize,
    /// The pattern it was compiled from.
    pattern: String,
    /// `delta[q * n + v - 1]`: the state after reading value v in state q, or [`DEAD`].
    delta: Vec<u16>,
    /// The values with a transition out of each state.
    out: Vec<u64>,
    /// Accepting states, one bit each.
    accepting: Vec<u64>,
}

impl fmt::Debug for Automaton {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Automaton")
            .field("pattern", &self.pattern)
            .field("n", &self.n)
            .field("states", &self.states())
            .finish_non_exhaustive()
    }
}

impl Automaton {
    /// The automaton of a subset construction's table (`delta[q * n + v]` for value v + 1, with
    /// `None` for no transition), without the states that cannot reach an accepting one.
    pub(crate) fn trimmed(n: usize, pattern: &str, delta: &[Option<usize>], accepting: &[bool]) -> Automaton {
        Automaton::trimmed_from(n, pattern, delta, accepting, 1)
    }

    /// [`Automaton::trimmed`] with states 0..starts as its starts, all kept and kept first.
    fn trimmed_from(n: usize, pattern: &str, delta: &[Option<usize>], accepting: &[bool], starts: usize) -> Automaton {
        let states = accepting.len();
        // The filter's scratch holds 64 words of states.
        debug_assert!((1..=crate::pattern::MAX_STATES).contains(&states) && delta.len() == states * n);
        // Backwards from the accepting states along reversed transitions.
        let mut into: Vec<Vec<usize>> = vec![Vec::new(); states];
        for (i, t) in delta.iter().enumerate() {
            if let &Some(t) = t {
                into[t].push(i / n);
            }
        }
        let mut live: Vec<bool> = accepting.to_vec();
        let mut stack: Vec<usize> = (0..states).filter(|&q| live[q]).collect();
        while let Some(t) = stack.pop() {
            for &q in &into[t] {
                if !live[q] {
                    live[q] = true;
                    stack.push(q);
                }
            }
        }
        // Renumber the live states, the starts kept first (even when not live: a start that is
        // not accepts nothing).
        let mut id = vec![DEAD; states];
        let mut kept = 0u16;
        for q in 0..states {
            if q < starts || live[q] {
                id[q] = kept;
                kept += 1;
            }
        }
        let kept = usize::from(kept);
        let mut out_delta = vec![DEAD; kept * n];
        let mut out = vec![0u64; kept];
        let mut acc = vec![0u64; kept.div_ceil(64)];
        for q in (0..states).filter(|&q| id[q] != DEAD) {
            let i = usize::from(id[q]);
            if accepting[q] {
                acc[i / 64] |= 1 << (i % 64);
            }
            for v in 0..n {
                if let Some(t) = delta[q * n + v].filter(|&t| live[t]) {
                    out_delta[i * n + v] = id[t];
                    out[i] |= 1 << v;
                }
            }
        }
        Automaton { n, starts, pattern: pattern.into(), delta: out_delta, out, accepting: acc }
    }

    /// The automaton of "every `m` consecutive values fall in `m` different classes" (`class(v)`
    /// in 0..m for each value v from 1): entropic lines (low, middle and high thirds, m = 3) and
    /// modular lines (remainders mod m). A state remembers the classes of the last values read,
    /// at most m − 1 of them, all different, in order: at most 1 + m + m(m − 1) + … states
    /// (1237 for m = 6).
    #[doc(hidden)]
    pub fn classes(n: usize, m: usize, name: &str, class: impl Fn(u32) -> usize) -> Automaton {
        let mut ids: Vec<Vec<usize>> = vec![Vec::new()];
        let mut delta: Vec<Option<usize>> = Vec::new();
        let mut q = 0;
        while q < ids.len() {
            let here = ids[q].clone();
            for v in 1..=n as u32 {
                let c = class(v);
                if here.contains(&c) {
                    delta.push(None);
                    continue;
                }
                let mut next = here.clone();
                next.push(c);
                if next.len() >= m {
                    next.remove(0);
                }
                let t = match ids.iter().position(|x| *x == next) {
                    Some(t) => t,
                    None => {
                        ids.push(next);
                        ids.len() - 1
                    }
                };
                delta.push(Some(t));
            }
            q += 1;
        }
        Automaton::trimmed(n, name, &delta, &vec![true; ids.len()])
    }

    /// The automaton of a skyscraper clue: reading a row from the clue, exactly `count` values
    /// are higher than every value before them. A state is the highest value so far and how many
    /// were seen (never more than `count`, never more than that highest value): at most
    /// (n + 1)(n + 2) / 2 states (2145 for n = 64).
    #[doc(hidden)]
    pub fn skyscraper(n: usize, count: usize) -> Automaton {
        let mut ids: Vec<(usize, usize)> = vec![(0, 0)];
        // The id of each (highest, seen) pair met so far.
        let mut id_of: Vec<Option<usize>> = vec![None; (n + 1) * (count + 1)];
        id_of[0] = Some(0);
        let mut delta: Vec<Option<usize>> = Vec::new();
        let mut q = 0;
        while q < ids.len() {
            let (high, seen) = ids[q];
            for v in 1..=n {
                let next = if v > high { (v, seen + 1) } else { (high, seen) };
                if next.1 > count {
                    delta.push(None);
                    continue;
                }
                let slot = &mut id_of[next.0 * (count + 1) + next.1];
                let t = *slot.get_or_insert_with(|| {
                    ids.push(next);
                    ids.len() - 1
                });
                delta.push(Some(t));
            }
            q += 1;
        }
        let accepting: Vec<bool> = ids.iter().map(|&(_, seen)| seen == count).collect();
        Automaton::trimmed(n, "skyscraper", &delta, &accepting)
    }

    /// The automaton of a hidden skyscraper clue: reading a row from the clue, the values rise
    /// until the first one that is not higher than every value before it (hidden), and that one
    /// is `value`. A state is the highest value so far (0 before the first), then one state,
    /// found, that reads anything: n + 2 states.
    pub(crate) fn hidden_skyscraper(n: usize, value: usize) -> Automaton {
        let found = n + 1;
        let mut delta: Vec<Option<usize>> = Vec::with_capacity((n + 2) * n);
        for high in 0..=n {
            for v in 1..=n {
                delta.push(if v > high {
                    Some(v)
                } else if v == value {
                    Some(found)
                } else {
                    None
                });
            }
        }
        delta.extend((1..=n).map(|_| Some(found)));
        let accepting: Vec<bool> = (0..=found).map(|q| q == found).collect();
        Automaton::trimmed(n, "hidden skyscraper", &delta, &accepting)
    }

    /// The automaton of an X-sum clue on a line of n cells: the first value x says that the
    /// first x values, it included, add up to `sum`. A state is how many of those cells are left
    /// and what they must add up to (each left cell 1 to n), then one state, done, that reads
    /// anything. `None` when that takes more than [`crate::pattern::MAX_STATES`] states (an
    /// X-sum of a few hundred on a 25×25 grid and above).
    #[doc(hidden)]
    pub fn x_sum(n: usize, sum: usize) -> Option<Automaton> {
        // State 0 is the start and state 1 done; the others are (cells left, total left).
        let mut ids: Vec<(usize, usize)> = vec![(0, 0), (0, 0)];
        let mut id_of: Vec<Option<usize>> = vec![None; n * (sum + 1)];
        let mut delta: Vec<Option<usize>> = Vec::new();
        let mut q = 0;
        while q < ids.len() {
            for v in 1..=n {
                let next = match q {
                    0 => (v - 1, sum.checked_sub(v)),
                    1 => {
                        delta.push(Some(1));
                        continue;
                    }
                    _ => (ids[q].0 - 1, ids[q].1.checked_sub(v)),
                };
                let t = match next {
                    (0, Some(0)) => Some(1),
                    // The cells left can still add up to what is left: 1 to n each.
                    (left, Some(total)) if left > 0 && left < n && left <= total && total <= left * n => {
                        let slot = &mut id_of[left * (sum + 1) + total];
                        if slot.is_none() {
                            if ids.len() >= crate::pattern::MAX_STATES {
                                return None;
                            }
                            ids.push((left, total));
                            *slot = Some(ids.len() - 1);
                        }
                        *slot
                    }
                    _ => None,
                };
                delta.push(t);
            }
            q += 1;
        }
        let accepting: Vec<bool> = (0..ids.len()).map(|q| q == 1).collect();
        Some(Automaton::trimmed(n, "x-sum", &delta, &accepting))
    }

    /// The automaton of a deterministic machine given by its start state, its step (`None`: no
    /// transition) and which states accept, explored breadth first from the start. `None` when
    /// it has more than [`crate::pattern::MAX_STATES`] states.
    fn explore<S: Ord + Clone>(
        n: usize,
        name: &str,
        start: S,
        step: impl Fn(&S, u32) -> Option<S>,
        accept: impl Fn(&S) -> bool,
    ) -> Option<Automaton> {
        Automaton::explore_from(n, name, vec![start], step, accept)
    }

    /// [`Automaton::explore`] from several starts (distinct), each a guess made before the first
    /// value is read.
    fn explore_from<S: Ord + Clone>(
        n: usize,
        name: &str,
        starts: Vec<S>,
        step: impl Fn(&S, u32) -> Option<S>,
        accept: impl Fn(&S) -> bool,
    ) -> Option<Automaton> {
        let first = starts.len();
        if first == 0 || first > crate::pattern::MAX_STATES {
            return None;
        }
        let mut id_of: std::collections::BTreeMap<S, usize> =
            starts.iter().enumerate().map(|(i, s)| (s.clone(), i)).collect();
        debug_assert_eq!(id_of.len(), first, "distinct starts");
        let mut ids: Vec<S> = starts;
        let mut delta: Vec<Option<usize>> = Vec::new();
        let mut q = 0;
        while q < ids.len() {
            for v in 1..=n as u32 {
                let t = match step(&ids[q], v) {
                    Some(next) => Some(match id_of.get(&next) {
                        Some(&t) => t,
                        None => {
                            if ids.len() >= crate::pattern::MAX_STATES {
                                return None;
                            }
                            id_of.insert(next.clone(), ids.len());
                            ids.push(next);
                            ids.len() - 1
                        }
                    }),
                    None => None,
                };
                delta.push(t);
            }
            q += 1;
        }
        let accepting: Vec<bool> = ids.iter().map(accept).collect();
        Some(Automaton::trimmed_from(n, name, &delta, &accepting, first))
    }

    /// The automaton of a quadruple: the values read hold every one of `values` (a value
    /// listed k times, k times). A state is the values still missing, sorted; a value read is
    /// crossed off when missing (crossing it off never hurts: every later cell can still cross
    /// off the rest), so at most 2⁴ states.
    #[doc(hidden)]
    pub fn quadruple(n: usize, values: &[u32]) -> Automaton {
        let mut start = values.to_vec();
        start.sort_unstable();
        let step = |missing: &Vec<u32>, v: u32| {
            let mut next = missing.clone();
            if let Some(i) = next.iter().position(|&m| m == v) {
                next.remove(i);
            }
            Some(next)
        };
        Automaton::explore(n, "quadruple", start, step, |missing| missing.is_empty()).expect("at most 16 states")
    }

    /// The automaton of a rellik cage of total `sum` (1 to 63): the values read differ and no
    /// set of one or more of them adds up to `sum`. A state is the set of values below `sum`
    /// read so far (a value above it never takes part, and `sum` itself is refused): at most
    /// 2^min(n, sum − 1) states, 512 on 9×9. `None` past [`crate::pattern::MAX_STATES`]
    /// states (large totals from 13×13 up).
    #[doc(hidden)]
    pub fn rellik(n: usize, sum: u32) -> Option<Automaton> {
        debug_assert!((1..64).contains(&sum));
        let below = (1u64 << sum) - 1;
        let step = |&read: &u64, v: u32| {
            if v > sum {
                return Some(read);
            }
            if v == sum || read >> v & 1 == 1 {
                return None;
            }
            // The sets without v add up to anything but `sum` (no state holds one that does):
            // with v, a set reaches it exactly when one without v reaches sum − v.
            let mut made = 1u64;
            for x in (1..sum).filter(|x| read >> x & 1 == 1) {
                made |= made << x & below;
            }
            (made >> (sum - v) & 1 == 0).then_some(read | 1 << v)
        };
        Automaton::explore(n, "rellik", 0u64, step, |_| true)
    }

    /// The automaton of a pill arrow with a pill of `digits` cells (1 to 3) read first, then its
    /// line: a state is the pill's digits so far and the number they write, then what the line
    /// has left to add up to (at most 1 + n + 10n + 999 + 10n states for n ≤ 9). A digit after
    /// the first is 1 to 9 on every grid.
    #[doc(hidden)]
    pub fn pill_arrow(n: usize, digits: usize) -> Option<Automaton> {
        // (digits read, the number so far) while reading the pill; (digits, what is left) after.
        let step = |&(read, value): &(usize, u32), v: u32| {
            if read < digits {
                if read > 0 && v > 9 {
                    return None;
                }
                Some((read + 1, value * 10 + v))
            } else {
                value.checked_sub(v).map(|left| (read, left))
            }
        };
        Automaton::explore(n, "pill arrow", (0usize, 0u32), step, |&(read, left)| read == digits && left == 0)
    }

    /// The automaton of a double arrow read as its two ends, then the cells between them: a
    /// state is how many ends were read and their sum, then what the middle has left to add up
    /// to (at most 3n + 2 states).
    #[doc(hidden)]
    pub fn double_arrow(n: usize) -> Automaton {
        let step = |&(read, value): &(u8, u32), v: u32| {
            if read < 2 { Some((read + 1, value + v)) } else { value.checked_sub(v).map(|left| (read, left)) }
        };
        Automaton::explore(n, "double arrow", (0u8, 0u32), step, |&(read, left)| read == 2 && left == 0)
            .expect("at most 3n + 2 states")
    }

    /// The automaton of a sum line of total `sum`: a state is what the segment being read adds
    /// up to so far (0 between segments, where the line may end): `sum` states. `None` past
    /// [`crate::pattern::MAX_STATES`].
    #[doc(hidden)]
    pub fn sum_line(n: usize, sum: u32) -> Option<Automaton> {
        if sum == 0 || sum as usize > crate::pattern::MAX_STATES {
            return None;
        }
        let step = |&read: &u32, v: u32| match read + v {
            t if t == sum => Some(0),
            t if t < sum => Some(t),
            _ => None,
        };
        Automaton::explore(n, "sum line", 0u32, step, |&read| read == 0)
    }

    /// The automaton of a sum line closed into a loop, total `sum`: the segment that runs over
    /// the line's end is guessed first, as what its part at the end adds up to (q, 0 when no
    /// segment runs over); a state is (q, what the segment being read adds up to so far), the
    /// run starting at (q, q) and accepted when it ends at (q, q): at most `sum`² states. `None`
    /// past [`crate::pattern::MAX_STATES`].
    #[doc(hidden)]
    pub fn sum_loop(n: usize, sum: u32) -> Option<Automaton> {
        if sum == 0 || (sum as usize).pow(2) > crate::pattern::MAX_STATES {
            return None;
        }
        let step = |&(q, read): &(u32, u32), v: u32| match read + v {
            t if t == sum => Some((q, 0)),
            t if t < sum => Some((q, t)),
            _ => None,
        };
        let starts = (0..sum).map(|q| (q, q)).collect();
        Automaton::explore_from(n, "sum loop", starts, step, |&(q, read)| read == q)
    }

    /// The automaton of a lunchbox of total `sum`: the values strictly between the line's
    /// smallest and largest add up to `sum` (its cells differ: a group of their own keeps them
    /// apart). The smallest and largest values are guessed first (lo < hi); a state is the
    /// guess, then whether one of the two was read (which, and what the values since add up
    /// to) or both: at most n(n − 1)/2 × (2 sum + 4) states. `None` past
    /// [`crate::pattern::MAX_STATES`].
    #[doc(hidden)]
    pub fn lunchbox(n: usize, sum: u32) -> Option<Automaton> {
        let n32 = n as u32;
        // (lo, hi, phase: 0 neither read, 1 lo read, 2 hi read, 3 both; the sum since the first).
        let step = |&(lo, hi, phase, read): &(u32, u32, u8, u32), v: u32| {
            let inside = lo < v && v < hi;
            match phase {
                _ if !inside && v != lo && v != hi => None,
                0 if inside => Some((lo, hi, 0, 0)),
                0 => Some((lo, hi, if v == lo { 1 } else { 2 }, 0)),
                1 | 2 if inside => (read + v <= sum).then_some((lo, hi, phase, read + v)),
                1 if v == hi => (read == sum).then_some((lo, hi, 3, 0)),
                2 if v == lo => (read == sum).then_some((lo, hi, 3, 0)),
                3 if inside => Some((lo, hi, 3, 0)),
                _ => None,
            }
        };
        let starts = (1..=n32).flat_map(|lo| (lo + 1..=n32).map(move |hi| (lo, hi, 0u8, 0u32))).collect();
        Automaton::explore_from(n, "lunchbox", starts, step, |&(_, _, phase, _)| phase == 3)
    }

    /// How many start states it has (states 0 to this − 1).
    pub fn starts(&self) -> usize {
        self.starts
    }

    /// The number of states.
    pub fn states(&self) -> usize {
        self.out.len()
    }

    /// The grid size n: the automaton reads values 1..=n.
    pub fn size(&self) -> usize {
        self.n
    }

    /// The pattern it was compiled from.
    pub fn pattern(&self) -> &str {
        &self.pattern
    }

    /// The state after reading value `v` (from 1) in state `q`; none when no accepted sequence
    /// continues that way.
    pub fn next(&self, q: usize, v: u32) -> Option<usize> {
        let v = usize::try_from(v).ok().filter(|v| (1..=self.n).contains(v))?;
        let t = *self.delta.get(q.checked_mul(self.n)?.checked_add(v - 1)?)?;
        (t != DEAD).then_some(usize::from(t))
    }

    /// True when a sequence may end in state `q`.
    pub fn accepts(&self, q: usize) -> bool {
        self.accepting.get(q / 64).is_some_and(|w| w >> (q % 64) & 1 == 1)
    }

    /// True when the automaton accepts the values (each from 1).
    pub fn matches(&self, values: &[u8]) -> bool {
        (0..self.starts).any(|start| {
            let mut q = start;
            for &v in values {
                match self.next(q, u32::from(v)) {
                    Some(t) => q = t,
                    None => return false,
                }
            }
            self.accepts(q)
        })
    }

    /// The states reachable from the start after each number of values 0..=k that can still
    /// reach an accepting state in the values left (any values): `live[i]` for position i.
    /// Empty sets throughout when no sequence of k values is accepted. Takes (k + 1) × states
    /// bytes: the model calls it only for lines within [`crate::pattern::MAX_LINE_STATES`].
    pub fn live_states(&self, k: usize) -> Vec<Vec<bool>> {
        let s = self.states();
        let mut forward = vec![vec![false; s]; k + 1];
        forward[0][..self.starts].fill(true);
        for i in 0..k {
            for q in 0..s {
                if forward[i][q] {
                    for v in values(self.out[q]) {
                        forward[i + 1][usize::from(self.delta[q * self.n + v])] = true;
                    }
                }
            }
        }
        let mut live = forward;
        for (q, l) in live[k].iter_mut().enumerate() {
            *l &= self.accepts(q);
        }
        for i in (0..k).rev() {
            for q in 0..s {
                if live[i][q] {
                    live[i][q] = values(self.out[q]).any(|v| live[i + 1][usize::from(self.delta[q * self.n + v])]);
                }
            }
        }
        live
    }
}

/// The values (from 0) of a mask.
fn values(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let v = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            v
        })
    })
}

/// Words of scratch kept on the stack: lines of up to 255 cells with at most 64 states.
const STACK_WORDS: usize = 256;

/// Generalised arc consistency for the automaton along the cells: keeps in each domain exactly
/// the values some accepted assignment within the domains reads there.
pub(super) fn automaton(a: &Automaton, d: &mut [u64]) -> Result<(), usize> {
    let k = d.len();
    let words = a.states().div_ceil(64);
    let need = (k + 1) * words;
    let mut stack = [0u64; STACK_WORDS];
    let mut heap = Vec::new();
    let layers: &mut [u64] = if need <= STACK_WORDS {
        &mut stack[..need]
    } else {
        heap.resize(need, 0);
        &mut heap
    };
    // Forward: the states reachable at each position, from the starts.
    for q in 0..a.starts {
        layers[q / 64] |= 1 << (q % 64);
    }
    for i in 0..k {
        let (here, there) = layers[i * words..(i + 2) * words].split_at_mut(words);
        let mut any = false;
        for q in bits(here) {
            for v in values(d[i] & a.out[q]) {
                let t = usize::from(a.delta[q * a.n + v]);
                there[t / 64] |= 1 << (t % 64);
                any = true;
            }
        }
        if !any {
            return Err(i);
        }
    }
    // Backward: `after` holds the states at position i + 1 from which the rest is accepted.
    let mut after = [0u64; 64];
    let mut before = [0u64; 64];
    let (after, before) = (&mut after[..words], &mut before[..words]);
    let mut any = false;
    for (w, (x, &acc)) in after.iter_mut().zip(&a.accepting).enumerate() {
        *x = layers[k * words + w] & acc;
        any |= *x != 0;
    }
    if !any {
        return Err(k.saturating_sub(1));
    }
    for i in (0..k).rev() {
        before.fill(0);
        let mut keep = 0u64;
        for q in bits(&layers[i * words..(i + 1) * words]) {
            let mut used = 0u64;
            for v in values(d[i] & a.out[q]) {
                let t = usize::from(a.delta[q * a.n + v]);
                if after[t / 64] >> (t % 64) & 1 == 1 {
                    used |= 1 << v;
                }
            }
            if used != 0 {
                keep |= used;
                before[q / 64] |= 1 << (q % 64);
            }
        }
        d[i] = keep;
        if keep == 0 {
            return Err(i);
        }
        after.copy_from_slice(before);
    }
    Ok(())
}

/// The states (bits) of a set, in order.
fn bits(set: &[u64]) -> impl Iterator<Item = usize> + '_ {
    set.iter().enumerate().flat_map(|(w, &b)| values(b).map(move |x| w * 64 + x))
}
