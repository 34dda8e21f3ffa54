//! The constraint graph: a node per cell, an edge between two cells that share a unit, and an
//! edge of the constraint's kind between cells a constraint beyond houses links (the cells of a
//! thermometer, an arrow, a dot, a line or a cage's sum, each to the next in the rule's order).
//!
//! Built with petgraph once per model; the peers arrays every strategy reads come from its
//! unit edges, and `coverlab graph` writes it as DOT.

use std::fmt::Write as _;

use petgraph::graph::{NodeIndex, UnGraph};
use petgraph::visit::EdgeRef;

use crate::constraint::{Constraint, ConstraintKind};
use crate::unit::Unit;
use crate::{Cell, cell_name};

/// What an edge of the constraint graph stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Edge {
    /// The two cells share a house or group: they hold different values.
    Unit,
    /// A constraint of this kind links the two cells.
    Constraint(ConstraintKind),
}

/// The cells of a model as a petgraph graph; node `i` is cell `i`.
#[derive(Debug, Clone)]
pub struct ConstraintGraph {
    graph: UnGraph<u16, Edge>,
}

impl ConstraintGraph {
    pub(crate) fn build(cells: usize, units: &[Unit], constraints: &[Constraint]) -> ConstraintGraph {
        let mut edges: Vec<(u32, u32)> = Vec::new();
        for unit in units {
            for (i, &a) in unit.cells.iter().enumerate() {
                for &b in &unit.cells[i + 1..] {
                    edges.push((a.min(b) as u32, a.max(b) as u32));
                }
            }
        }
        edges.sort_unstable();
        edges.dedup();
        let mut linked: Vec<(u32, u32, ConstraintKind)> = Vec::new();
        for c in constraints {
            for w in c.cells.windows(2) {
                linked.push((w[0].min(w[1]) as u32, w[0].max(w[1]) as u32, c.kind));
            }
        }
        linked.sort_unstable();
        linked.dedup();
        let mut graph = UnGraph::with_capacity(cells, edges.len() + linked.len());
        for c in 0..cells {
            graph.add_node(c as u16);
        }
        graph.extend_with_edges(edges.into_iter().map(|(a, b)| (a, b, Edge::Unit)));
        graph.extend_with_edges(linked.into_iter().map(|(a, b, k)| (a, b, Edge::Constraint(k))));
        ConstraintGraph { graph }
    }

    /// The petgraph graph itself, for analyses (colourings, components, …): edge weights say
    /// what each edge stands for.
    pub fn graph(&self) -> &UnGraph<u16, Edge> {
        &self.graph
    }

    /// The cells sharing a unit with `cell` (its peers), ascending.
    pub fn neighbours(&self, cell: Cell) -> Vec<u16> {
        let mut out: Vec<u16> = self
            .graph
            .edges(NodeIndex::new(cell))
            .filter(|e| *e.weight() == Edge::Unit)
            .map(|e| if e.source().index() == cell { e.target().index() } else { e.source().index() } as u16)
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The number of unit edges (pairs of cells that share a unit).
    pub fn edge_count(&self) -> usize {
        self.graph.edge_weights().filter(|w| **w == Edge::Unit).count()
    }

    /// The number of constraint edges of each kind that has any, by kind.
    pub fn constraint_edges(&self) -> Vec<(ConstraintKind, usize)> {
        let mut out: Vec<(ConstraintKind, usize)> = Vec::new();
        for w in self.graph.edge_weights() {
            if let Edge::Constraint(k) = *w {
                match out.iter_mut().find(|(x, _)| *x == k) {
                    Some((_, c)) => *c += 1,
                    None => out.push((k, 1)),
                }
            }
        }
        out.sort_unstable();
        out
    }

    /// The graph in Graphviz DOT, nodes named `r1c1` and laid out on the grid: one edge per pair
    /// of linked cells (a pair that shares a unit and a constraint is drawn once, as the
    /// constraint), and the cells of each of `regions` (boxes or jigsaw regions: `(label,
    /// cells)`) in a `subgraph cluster_…` of their own, filled with the region's colour.
    pub fn to_dot<'a>(&self, name: &str, n: usize, regions: impl IntoIterator<Item = (&'a str, &'a [Cell])>) -> String {
        const FILLS: [&str; 4] = ["#f2f2f2", "#dce9f5", "#f5e6d3", "#e0f0dc"];
        let mut out = String::new();
        let quote = |text: &str| text.replace('\\', "\\\\").replace('"', "\\\"");
        let _ =
            writeln!(out, "// Render as a grid with Graphviz: dot -Tsvg FILE.dot > FILE.svg (the graph asks for the");
        let _ =
            writeln!(out, "// neato layout, which keeps each cell at its pinned position: column, row; each box or");
        let _ = writeln!(out, "// region is a cluster, and its cells share a fill colour).");
        let _ = writeln!(out, "graph \"{}\" {{", quote(name));
        let _ = writeln!(out, "  graph [layout=neato, splines=true, overlap=true];");
        let _ = writeln!(out, "  node [shape=box, fontname=monospace, style=filled, fillcolor=white];");
        let mut clustered = vec![false; self.graph.node_count()];
        for (k, (label, cells)) in regions.into_iter().enumerate() {
            let cells: Vec<Cell> = cells.iter().copied().filter(|&c| c < clustered.len() && !clustered[c]).collect();
            if cells.is_empty() {
                continue;
            }
            let id: String = label.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
            let _ = writeln!(out, "  subgraph \"cluster_{id}_{k}\" {{");
            let _ = writeln!(out, "    label=\"{}\";", quote(label));
            let _ = writeln!(out, "    node [fillcolor=\"{}\"];", FILLS[k % FILLS.len()]);
            for c in cells {
                clustered[c] = true;
                let _ = writeln!(out, "    {} [pos=\"{},{}!\"];", cell_name(c, n), c % n, n - 1 - c / n);
            }
            let _ = writeln!(out, "  }}");
        }
        for c in (0..self.graph.node_count()).filter(|&c| !clustered[c]) {
            let _ = writeln!(out, "  {} [pos=\"{},{}!\"];", cell_name(c, n), c % n, n - 1 - c / n);
        }
        // One edge per pair: the pair's constraint kinds, if any, else a plain unit edge.
        let mut pairs: std::collections::BTreeMap<(usize, usize), Vec<ConstraintKind>> = Default::default();
        for e in self.graph.edge_references() {
            let (a, b) = (e.source().index(), e.target().index());
            let kinds = pairs.entry((a.min(b), a.max(b))).or_default();
            if let Edge::Constraint(k) = *e.weight()
                && !kinds.contains(&k)
            {
                kinds.push(k);
            }
        }
        for ((a, b), mut kinds) in pairs {
            let (a, b) = (cell_name(a, n), cell_name(b, n));
            if kinds.is_empty() {
                let _ = writeln!(out, "  {a} -- {b};");
            } else {
                kinds.sort_unstable();
                let kinds: Vec<&str> = kinds.iter().map(|k| k.name()).collect();
                let _ = writeln!(out, "  {a} -- {b} [kind=\"{}\", color=red, penwidth=2];", kinds.join(","));
            }
        }
        out.push_str("}\n");
        out
    }
}
