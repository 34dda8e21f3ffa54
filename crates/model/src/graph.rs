//! The constraint graph: a node per cell, an edge between two cells that share a unit.
//!
//! Built with petgraph once per model; the peers arrays every strategy reads come from it, and
//! `coverlab graph` writes it as DOT.

use std::fmt::Write as _;

use petgraph::graph::{NodeIndex, UnGraph};

use crate::model::Unit;
use crate::{Cell, cell_name};

/// The cells of a model as a petgraph graph; node `i` is cell `i`.
#[derive(Debug, Clone)]
pub struct ConstraintGraph {
    graph: UnGraph<u16, ()>,
}

impl ConstraintGraph {
    pub(crate) fn build(cells: usize, units: &[Unit]) -> ConstraintGraph {
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
        let mut graph = UnGraph::with_capacity(cells, edges.len());
        for c in 0..cells {
            graph.add_node(c as u16);
        }
        graph.extend_with_edges(edges);
        ConstraintGraph { graph }
    }

    /// The petgraph graph itself, for analyses (colourings, components, …).
    pub fn graph(&self) -> &UnGraph<u16, ()> {
        &self.graph
    }

    /// The neighbours of `cell`, ascending.
    pub fn neighbours(&self, cell: Cell) -> Vec<u16> {
        let mut out: Vec<u16> = self.graph.neighbors(NodeIndex::new(cell)).map(|n| n.index() as u16).collect();
        out.sort_unstable();
        out
    }

    /// The number of edges.
    pub fn edge_count(&self) -> usize {
        self.graph.edge_count()
    }

    /// Every cell's neighbours as compressed rows (offsets, flat list).
    pub(crate) fn peer_rows(&self) -> (Vec<u32>, Vec<u16>) {
        let mut offsets = Vec::with_capacity(self.graph.node_count() + 1);
        let mut peers = Vec::with_capacity(self.graph.edge_count() * 2);
        offsets.push(0);
        for c in 0..self.graph.node_count() {
            peers.extend(self.neighbours(c));
            offsets.push(peers.len() as u32);
        }
        (offsets, peers)
    }

    /// The graph in Graphviz DOT, nodes named `r1c1` and laid out on the grid.
    pub fn to_dot(&self, name: &str, n: usize) -> String {
        let mut out = String::new();
        let name = name.replace('\\', "\\\\").replace('"', "\\\"");
        let _ =
            writeln!(out, "// Render as a grid with Graphviz: dot -Tsvg FILE.dot > FILE.svg (the graph asks for the");
        let _ = writeln!(out, "// neato layout, which keeps each cell at its pinned position: column, row).");
        let _ = writeln!(out, "graph \"{name}\" {{");
        let _ = writeln!(out, "  graph [layout=neato, splines=true, overlap=true];");
        let _ = writeln!(out, "  node [shape=box, fontname=monospace];");
        for c in 0..self.graph.node_count() {
            let _ = writeln!(out, "  {} [pos=\"{},{}!\"];", cell_name(c, n), c % n, n - 1 - c / n);
        }
        let mut edges: Vec<(usize, usize)> = self
            .graph
            .edge_indices()
            .filter_map(|e| self.graph.edge_endpoints(e))
            .map(|(a, b)| (a.index().min(b.index()), a.index().max(b.index())))
            .collect();
        edges.sort_unstable();
        for (a, b) in edges {
            let _ = writeln!(out, "  {} -- {};", cell_name(a, n), cell_name(b, n));
        }
        out.push_str("}\n");
        out
    }
}
