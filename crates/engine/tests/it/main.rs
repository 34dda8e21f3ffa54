//! The engine's tests (trace JSON, replay), in one test binary.

mod replay;
mod trace_json;
mod unit;
