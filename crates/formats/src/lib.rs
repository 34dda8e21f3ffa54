//! Puzzle text formats.
