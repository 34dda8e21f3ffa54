//! The web crate's tests, in one test binary: the requests the page sends, answered natively
//! (`api`), and the page itself in headless Chromium (`browser`, when the page is built).

mod api;
mod browser;
mod common;
mod unit;
