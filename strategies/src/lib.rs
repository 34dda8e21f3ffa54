//! Strategies.
