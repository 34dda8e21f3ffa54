//! Symmetries of the givens' positions: a puzzle with `rot180` symmetry has a given at r1c2 if and
//! only if it has one at r9c8. The generator removes givens an orbit at a time.
//!
//! A symmetry here is about where the givens are, not about the spec: a jigsaw puzzle can have
//! rotationally symmetric givens although its regions are not symmetric.

use coverlab_model::Cell;

/// A motion of an n×n grid: `(n, row, col)` to the image's `(row, col)`.
type Motion = fn(usize, usize, usize) -> (usize, usize);

/// A group of grid motions that the set of given cells is kept invariant under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Symmetry {
    /// No symmetry: givens are removed one at a time.
    #[default]
    None,
    /// Half-turn rotation (the most common in published puzzles).
    Rot180,
    /// Quarter-turn rotation (orbits of four cells).
    Rot90,
    /// Mirror across the vertical axis (left and right).
    Mirror,
    /// Mirror across the horizontal axis (top and bottom).
    Flip,
    /// Mirror across the main diagonal (r1c1 to rNcN).
    Diagonal,
    /// Mirror across the anti-diagonal (r1cN to rNc1).
    AntiDiagonal,
    /// Both mirrors (and so the half turn too).
    BothMirrors,
    /// Every motion of the square: rotations and mirrors (orbits of up to eight cells).
    Dihedral,
}

impl Symmetry {
    /// Every symmetry, in the order `--help` lists them.
    pub const ALL: [Symmetry; 9] = [
        Symmetry::None,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Mirror,
        Symmetry::Flip,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
        Symmetry::BothMirrors,
        Symmetry::Dihedral,
    ];

    /// The name written on the command line and in JSON records.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
            Symmetry::Flip => "flip",
            Symmetry::Diagonal => "diagonal",
            Symmetry::AntiDiagonal => "anti-diagonal",
            Symmetry::BothMirrors => "both-mirrors",
            Symmetry::Dihedral => "dihedral",
        }
    }

    /// The symmetry called `name`.
    pub fn from_name(name: &str) -> Option<Symmetry> {
        Symmetry::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The motions that generate the group, as maps of (row, col) in an n×n grid.
    fn generators(self) -> &'static [Motion] {
        fn rot180(n: usize, r: usize, c: usize) -> (usize, usize) {
            (n - 1 - r, n - 1 - c)
        }
        fn rot90(n: usize, r: usize, c: usize) -> (usize, usize) {
            (c, n - 1 - r)
        }
        fn mirror(n: usize, r: usize, c: usize) -> (usize, usize) {
            (r, n - 1 - c)
        }
        fn flip(n: usize, r: usize, c: usize) -> (usize, usize) {
            (n - 1 - r, c)
        }
        fn diagonal(_: usize, r: usize, c: usize) -> (usize, usize) {
            (c, r)
        }
        fn anti_diagonal(n: usize, r: usize, c: usize) -> (usize, usize) {
            (n - 1 - c, n - 1 - r)
        }
        match self {
            Symmetry::None => &[],
            Symmetry::Rot180 => &[rot180],
            Symmetry::Rot90 => &[rot90],
            Symmetry::Mirror => &[mirror],
            Symmetry::Flip => &[flip],
            Symmetry::Diagonal => &[diagonal],
            Symmetry::AntiDiagonal => &[anti_diagonal],
            Symmetry::BothMirrors => &[mirror, flip],
            Symmetry::Dihedral => &[rot90, mirror],
        }
    }

    /// The image of `cell` under every motion of the group (the cell itself included).
    pub fn orbit(self, cell: Cell, n: usize) -> Vec<Cell> {
        let mut orbit = vec![cell];
        let mut i = 0;
        while i < orbit.len() {
            let (r, c) = (orbit[i] / n, orbit[i] % n);
            for g in self.generators() {
                let (r2, c2) = g(n, r, c);
                let image = r2 * n + c2;
                if !orbit.contains(&image) {
                    orbit.push(image);
                }
            }
            i += 1;
        }
        orbit.sort_unstable();
        orbit
    }

    /// The orbits of an n×n grid's cells, each sorted, in order of their first cell.
    pub fn orbits(self, n: usize) -> Vec<Vec<Cell>> {
        let mut seen = vec![false; n * n];
        let mut orbits = Vec::new();
        for cell in 0..n * n {
            if !seen[cell] {
                let orbit = self.orbit(cell, n);
                for &c in &orbit {
                    seen[c] = true;
                }
                orbits.push(orbit);
            }
        }
        orbits
    }

    /// Whether the set of cells where `filled` is true is invariant under the group.
    pub fn holds(self, n: usize, filled: impl Fn(Cell) -> bool) -> bool {
        (0..n * n).all(|cell| self.orbit(cell, n).iter().all(|&c| filled(c) == filled(cell)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_partition_the_grid_with_the_expected_sizes() {
        for n in [4, 5, 9, 16] {
            for s in Symmetry::ALL {
                let orbits = s.orbits(n);
                let mut cells: Vec<Cell> = orbits.iter().flatten().copied().collect();
                cells.sort_unstable();
                assert_eq!(cells, (0..n * n).collect::<Vec<_>>(), "{s:?} on {n}");
                let largest = orbits.iter().map(Vec::len).max().unwrap();
                let expected = match s {
                    Symmetry::None => 1,
                    Symmetry::Rot90 | Symmetry::BothMirrors => 4,
                    Symmetry::Dihedral => 8,
                    _ => 2,
                };
                assert_eq!(largest, expected, "{s:?} on {n}");
            }
        }
        // The centre of an odd grid is fixed by every motion.
        assert_eq!(Symmetry::Dihedral.orbit(40, 9), vec![40]);
        assert_eq!(Symmetry::Rot90.orbit(0, 9), vec![0, 8, 72, 80]);
    }

    #[test]
    fn names_round_trip() {
        for s in Symmetry::ALL {
            assert_eq!(Symmetry::from_name(s.name()), Some(s));
        }
    }
}
