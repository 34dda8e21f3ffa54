//! Uniqueness: unique rectangles (types 1 to 6), the hidden unique rectangle and BUG+1.
//!
//! Sound only on a puzzle known to have exactly one solution: [`crate::try_next_step_with`]
//! tries them only when [`crate::Options::unique`] says so.
//!
//! A deadly pattern: four open cells A, B (a row), C, D (the next row) in two columns, that
//! would hold x and y crosswise. Swapping x and y in them gives a second solution when every
//! unit holding one of them holds exactly a side (A and B, C and D, A and C, or B and D) and
//! the spec has no constraint beyond houses and groups: on a classic grid, the rectangle spans
//! exactly two boxes; on a jigsaw, two regions; on anti-knight, no knight's move joins a side's
//! cell to a cell outside it. A unique puzzle never ends in one, so:
//!
//! - Type 1: A, B and C hold only x and y: D is neither.
//! - Type 2: A and B hold only x and y, C and D only x, y and one more value z: C or D holds z,
//!   so z is out of the cells that see both.
//! - Type 4: A and B hold only x and y, and in a unit holding C and D, x has no other place: C
//!   or D holds x, so neither holds y.
//! - Type 3: A and B hold only x and y, C and D x, y and other values E: C or D holds a value
//!   of E, so with k − 1 other cells of a unit holding C and D, whose candidates and E make k
//!   values, those values are out of the unit's other cells (a naked subset with C and D as one
//!   cell).
//! - Type 5: the two corners of a diagonal (or one corner) hold only x and y, the others x, y and
//!   the same single z: one of those holds z, so z is out of the cells that see them all.
//! - Type 6: A and D (a diagonal) hold only x and y, and x has no other place in the two rows
//!   (or the two columns): x is in A and D or in B and C, and B and C holding x would leave y
//!   in A and D, a pattern that swaps: x is out of B and C.
//! - Hidden unique rectangle: A holds only x and y, and x has only two places in D's row (C, D)
//!   and in D's column (B, D): D holding y would force x in B and C, and y in A, so D is not y.
//! - BUG+1: every open cell holds two candidates except one that holds three, and every value
//!   has 0 or 2 places in every house except the third value of that cell. Without it the board
//!   would have no solution or two (each cell swapped to its other candidate is a second one),
//!   so that cell holds it. Only on specs of houses alone.
//!
//! Rectangles are found from a corner holding two values: O(bivalue cells × n²).

use coverlab_model::{Cell, Model};

use crate::bits::{Ones, bit, values};
use crate::find::fish::lines;
use crate::{Board, Step, Technique};

fn in_unit(model: &Model, u: usize, c: Cell) -> bool {
    model.units()[u].cells.binary_search(&c).is_ok()
}

/// Whether x and y could be swapped in the rectangle a, b (a side), c, d (the other side; a
/// and c a side, b and d a side) without breaking a unit, on a spec with nothing but units.
fn swappable(model: &Model, [a, b, c, d]: [Cell; 4]) -> bool {
    if !model.constraints().is_empty() {
        return false;
    }
    let sides = [[a, b], [c, d], [a, c], [b, d]];
    [a, b, c, d].iter().all(|&cell| {
        model.units_of(cell).iter().all(|&u| {
            let inside: Vec<Cell> = [a, b, c, d].into_iter().filter(|&x| in_unit(model, u as usize, x)).collect();
            sides.iter().any(|s| inside == s[..] || inside == [s[1], s[0]][..])
        })
    })
}

/// Each rectangle with corner `a` holding only two values: (a, b in a's row, c in a's column,
/// d), every corner open and holding both values, swappable; `f` returns the step it finds.
fn rectangles(board: &Board, model: &Model, mut f: impl FnMut([Cell; 4], u64) -> Option<Step>) -> Option<Step> {
    let n = model.size();
    lines(model)?;
    for a in 0..n * n {
        let m = board.candidates(a);
        if board.value(a) != 0 || m.count_ones() != 2 {
            continue;
        }
        let (r, col) = (a / n, a % n);
        for c2 in 0..n {
            let b = r * n + c2;
            if c2 == col || board.candidates(b) & m != m {
                continue;
            }
            for r2 in 0..n {
                let (c, d) = (r2 * n + col, r2 * n + c2);
                if r2 == r || board.candidates(c) & m != m || board.candidates(d) & m != m {
                    continue;
                }
                if !swappable(model, [a, b, c, d]) {
                    continue;
                }
                if let Some(step) = f([a, b, c, d], m) {
                    return Some(step);
                }
            }
        }
    }
    None
}

fn ur_step(technique: Technique, corners: [Cell; 4], m: u64) -> Step {
    let mut step = Step::new(technique);
    step.cells = corners.to_vec();
    step.values = values(m).collect();
    step
}

/// Type 1: corners a, b and c hold only the two values; d loses them.
pub(crate) fn type1(board: &Board, model: &Model) -> Option<Step> {
    rectangles(board, model, |[a, b, c, d], m| {
        let cand = |x: Cell| board.candidates(x);
        if cand(b) != m || cand(c) != m || cand(d) == m {
            return None;
        }
        let mut step = ur_step(Technique::UniqueRectangle1, [a, b, c, d], m);
        step.eliminations = values(m).map(|v| (d, v)).collect();
        Some(step.finish())
    })
}

/// The two ways to read a rectangle found from `a`: the side a–b holds only the two values (the
/// floor), c–d the roof; or the side a–c, b–d the roof. Each as (floor, roof) corners
/// in the order [floor 1, floor 2, roof 1, roof 2] with floor 1 and roof 1 a side.
fn floors([a, b, c, d]: [Cell; 4]) -> [[Cell; 4]; 2] {
    [[a, b, c, d], [a, c, b, d]]
}

/// Type 2: a side holds only x and y, the other side x, y and the same single z: z is out of
/// the cells that see both roof corners.
pub(crate) fn type2(board: &Board, model: &Model) -> Option<Step> {
    rectangles(board, model, |rect, m| {
        let cand = |x: Cell| board.candidates(x);
        for [f1, f2, r1, r2] in floors(rect) {
            let z = cand(r1) & !m;
            if cand(f2) != m || cand(r2) & !m != z || z.count_ones() != 1 {
                continue;
            }
            let zv = (z.trailing_zeros() + 1) as u8;
            let out: Vec<(Cell, u8)> = model
                .peers(r1)
                .iter()
                .map(|&c| usize::from(c))
                .filter(|&c| c != r2 && board.value(c) == 0 && cand(c) & z != 0 && model.sees(c, r2))
                .map(|c| (c, zv))
                .collect();
            if out.is_empty() {
                continue;
            }
            let mut step = ur_step(Technique::UniqueRectangle2, [f1, f2, r1, r2], m);
            step.values.push(zv);
            step.eliminations = out;
            return Some(step.finish());
        }
        None
    })
}

/// Type 4: a side holds only x and y; in a house holding both roof corners x has no other
/// place: y is out of both roof corners.
pub(crate) fn type4(board: &Board, model: &Model) -> Option<Step> {
    rectangles(board, model, |rect, m| {
        let cand = |x: Cell| board.candidates(x);
        for [f1, f2, r1, r2] in floors(rect) {
            if cand(f2) != m || cand(r1) == m || cand(r2) == m {
                continue;
            }
            for x in Ones(m) {
                let y = m & !(1 << x);
                for &u in model.units_of(r1) {
                    let u = u as usize;
                    if u >= model.houses().len() || !in_unit(model, u, r2) {
                        continue;
                    }
                    let others = model.units()[u].cells.iter().any(|&c| c != r1 && c != r2 && cand(c) >> x & 1 == 1);
                    if others {
                        continue;
                    }
                    let yv = (y.trailing_zeros() + 1) as u8;
                    let mut step = ur_step(Technique::UniqueRectangle4, [f1, f2, r1, r2], m);
                    step.values = vec![(x + 1) as u8, yv];
                    step.units = vec![u];
                    step.eliminations = vec![(r1, yv), (r2, yv)];
                    return Some(step.finish());
                }
            }
        }
        None
    })
}

/// Hidden unique rectangle: corner a holds only x and y, and x has only two places both in the
/// line through b and d and in the line through c and d: y is out of d.
pub(crate) fn hidden(board: &Board, model: &Model) -> Option<Step> {
    let n = model.size();
    let (rows, cols) = lines(model)?;
    rectangles(board, model, |[a, b, c, d], m| {
        let cand = |x: Cell| board.candidates(x);
        if cand(d) == m {
            return None;
        }
        for x in Ones(m) {
            let only_two = |u: usize, p: Cell| {
                model.units()[u].cells.iter().all(|&cell| cell == p || cell == d || cand(cell) >> x & 1 == 0)
            };
            let (col_bd, row_cd) = (cols[d % n], rows[d / n]);
            if !only_two(col_bd, b) || !only_two(row_cd, c) {
                continue;
            }
            let yv = ((m & !(1 << x)).trailing_zeros() + 1) as u8;
            let mut step = ur_step(Technique::HiddenUniqueRectangle, [a, b, c, d], m);
            step.values = vec![(x + 1) as u8, yv];
            step.units = vec![row_cd, col_bd];
            step.eliminations = vec![(d, yv)];
            return Some(step.finish());
        }
        None
    })
}

/// BUG+1: on a spec of houses alone, every open cell bivalue but one with three candidates,
/// and one of its three the only value with three places in its houses, every other value of
/// every house with 0 or 2: that cell holds it.
pub(crate) fn bug_plus_one(board: &Board, model: &Model) -> Option<Step> {
    if !model.constraints().is_empty() || !model.groups().is_empty() {
        return None;
    }
    let cells = model.cells();
    let mut three = None;
    for c in 0..cells {
        if board.value(c) != 0 {
            continue;
        }
        match board.candidates(c).count_ones() {
            2 => {}
            3 if three.is_none() => three = Some(c),
            _ => return None,
        }
    }
    let c = three?;
    'value: for v in values(board.candidates(c)) {
        // With v taken out of c, every value has 0 or 2 places in every house.
        for house in model.houses() {
            for w in 1..=model.size() as u8 {
                let places = house
                    .cells
                    .iter()
                    .filter(|&&x| {
                        let m = if x == c { board.candidates(x) & !bit(v) } else { board.candidates(x) };
                        m & bit(w) != 0
                    })
                    .count();
                if places != 0 && places != 2 {
                    continue 'value;
                }
            }
        }
        let mut step = Step::new(Technique::BugPlusOne);
        step.placements = vec![(c, v)];
        step.cells = vec![c];
        step.values = vec![v];
        return Some(step.finish());
    }
    None
}

/// Type 3: a side (the floor) holds only x and y, the other two corners (the roof) x, y and
/// other values E: one roof corner holds a value of E. With k − 1 other open cells of a unit
/// holding both roof corners, whose candidates and E make k values, those k values fill the k
/// places (the roof and the cells): they are out of the unit's other cells.
pub(crate) fn type3(board: &Board, model: &Model) -> Option<Step> {
    rectangles(board, model, |rect, m| {
        let cand = |x: Cell| board.candidates(x);
        for [f1, f2, r1, r2] in floors(rect) {
            let extra = (cand(r1) | cand(r2)) & !m;
            if cand(f2) != m || cand(r1) == m || cand(r2) == m || extra.count_ones() > 3 {
                continue;
            }
            for &u in model.units_of(r1) {
                let u = u as usize;
                if !in_unit(model, u, r2) {
                    continue;
                }
                let others: Vec<Cell> = model.units()[u]
                    .cells
                    .iter()
                    .copied()
                    .filter(|&c| c != r1 && c != r2 && board.value(c) == 0)
                    .collect();
                if let Some(step) = roof_subset(board, model, [f1, f2, r1, r2], m, u, extra, &others) {
                    return Some(step);
                }
            }
        }
        None
    })
}

/// The first set S of `others` (1 to 3 cells, in order) whose candidates with `extra` make
/// |S| + 1 values that some other cell of unit `u` holds: the type 3 step.
fn roof_subset(
    board: &Board,
    model: &Model,
    corners: [Cell; 4],
    m: u64,
    u: usize,
    extra: u64,
    others: &[Cell],
) -> Option<Step> {
    let cand = |x: Cell| board.candidates(x);
    let mut chosen: Vec<Cell> = Vec::new();
    // Depth-first over combinations in order, a combination not extended past 4 values.
    fn walk(
        others: &[Cell],
        from: usize,
        union: u64,
        chosen: &mut Vec<Cell>,
        found: &mut dyn FnMut(&[Cell], u64) -> Option<Step>,
        cand: &dyn Fn(Cell) -> u64,
    ) -> Option<Step> {
        for i in from..others.len() {
            let next = union | cand(others[i]);
            if next.count_ones() > 4 || chosen.len() == 3 {
                continue;
            }
            chosen.push(others[i]);
            if next.count_ones() as usize == chosen.len() + 1
                && let Some(step) = found(chosen, next)
            {
                return Some(step);
            }
            let deeper = walk(others, i + 1, next, chosen, found, cand);
            chosen.pop();
            if deeper.is_some() {
                return deeper;
            }
        }
        None
    }
    let [_, _, r1, r2] = corners;
    let mut found = |set: &[Cell], union: u64| -> Option<Step> {
        let out: Vec<(Cell, u8)> = model.units()[u]
            .cells
            .iter()
            .copied()
            .filter(|&c| c != r1 && c != r2 && board.value(c) == 0 && !set.contains(&c))
            .flat_map(|c| values(cand(c) & union).map(move |v| (c, v)))
            .collect();
        if out.is_empty() {
            return None;
        }
        let mut step = ur_step(Technique::UniqueRectangle3, corners, m);
        step.cells.extend_from_slice(set);
        step.values.extend(values(union));
        step.units = vec![u];
        step.eliminations = out;
        Some(step.finish())
    };
    walk(others, 0, extra, &mut chosen, &mut found, &cand)
}

/// Type 5: two diagonal corners (or one) hold only x and y, the others x, y and the same single
/// z: one of those holds z, so z is out of the cells that see all of them (two on a side are
/// type 2).
pub(crate) fn type5(board: &Board, model: &Model) -> Option<Step> {
    let n = model.size();
    rectangles(board, model, |[a, b, c, d], m| {
        let cand = |x: Cell| board.candidates(x);
        let z = [a, b, c, d].iter().fold(0, |acc, &x| acc | cand(x)) & !m;
        if z.count_ones() != 1 {
            return None;
        }
        let (plain, with_z): (Vec<Cell>, Vec<Cell>) = [a, b, c, d].into_iter().partition(|&x| cand(x) == m);
        // Two with z on a side is type 2; one with z is type 1.
        let side = |p: Cell, q: Cell| p / n == q / n || p % n == q % n;
        if with_z.len() < 2 || with_z.len() == 2 && side(with_z[0], with_z[1]) {
            return None;
        }
        let zv = (z.trailing_zeros() + 1) as u8;
        let out: Vec<(Cell, u8)> = model
            .peers(with_z[0])
            .iter()
            .map(|&p| usize::from(p))
            .filter(|&p| board.value(p) == 0 && cand(p) & z != 0 && !with_z.contains(&p))
            .filter(|&p| with_z.iter().all(|&w| model.sees(p, w)))
            .map(|p| (p, zv))
            .collect();
        if out.is_empty() {
            return None;
        }
        let mut step = ur_step(Technique::UniqueRectangle5, [a, b, c, d], m);
        step.cells = plain.into_iter().chain(with_z).collect();
        step.values.push(zv);
        step.eliminations = out;
        Some(step.finish())
    })
}

/// Type 6: two diagonal corners hold only x and y, and x has no other place in the
/// rectangle's two rows (or its two columns): x is in those two corners or in the other two,
/// which would leave y in the first two, a pattern that swaps: x is out of the other two.
pub(crate) fn type6(board: &Board, model: &Model) -> Option<Step> {
    let n = model.size();
    let (rows, cols) = lines(model)?;
    rectangles(board, model, |[a, b, c, d], m| {
        let cand = |x: Cell| board.candidates(x);
        if cand(d) != m || cand(b) == m || cand(c) == m {
            return None;
        }
        let only_corners = |u: usize, x: usize| {
            model.units()[u].cells.iter().all(|&p| [a, b, c, d].contains(&p) || cand(p) >> x & 1 == 0)
        };
        for x in Ones(m) {
            if cand(b) >> x & 1 == 0 || cand(c) >> x & 1 == 0 {
                continue;
            }
            let pairs = [(rows[a / n], rows[d / n]), (cols[a % n], cols[d % n])];
            let Some(&(u1, u2)) = pairs.iter().find(|&&(u1, u2)| only_corners(u1, x) && only_corners(u2, x)) else {
                continue;
            };
            let xv = (x + 1) as u8;
            let yv = ((m & !(1 << x)).trailing_zeros() + 1) as u8;
            let mut step = ur_step(Technique::UniqueRectangle6, [a, d, b, c], m);
            step.values = vec![xv, yv];
            step.units = vec![u1, u2];
            step.eliminations = vec![(b, xv), (c, xv)];
            return Some(step.finish());
        }
        None
    })
}
