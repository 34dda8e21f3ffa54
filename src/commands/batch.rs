//! The loop `generate` and `rate` share: items worked on by `--jobs` threads
//! ([`crate::pipeline`]), each item's text written to the output (stdout) in order, its record
//! handed back in order for the exit code, the progress bar and the summary.

use std::io::Write;
use std::time::{Duration, Instant};

use anyhow::Result;

use crate::io::Output;
use crate::pipeline::{self, Shape};
use crate::signals::Interrupt;

/// Most items in one batch.
const MAX_BATCH: usize = 64;

/// The threads `--jobs` asks for, capped at the number of cores.
pub fn jobs(requested: Option<u64>) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    requested.map_or(cores, |j| (j as usize).min(cores)).max(1)
}

/// Runs `work` on every item of `source` and writes its text to `out` (stdout for the CLI,
/// flushed at once on a terminal), in the order of the source; `record` sees each item's record
/// in that order. Stops taking items on an interrupt.
pub fn run<T, S, R>(
    out: Output,
    jobs: usize,
    source: impl FnMut() -> Option<T> + Send,
    init: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, T) -> (Vec<u8>, R) + Sync,
    mut record: impl FnMut(R) + Send,
    interrupt: &Interrupt,
) -> Result<()>
where
    T: Send,
    R: Send,
{
    let (terminal, mut out) = (out.terminal, out.writer);
    let mut flushed = Instant::now();
    let result = pipeline::run(
        Shape::new(jobs, MAX_BATCH),
        source,
        init,
        |state, batch: Vec<T>| {
            let mut bytes = Vec::new();
            let mut records = Vec::with_capacity(batch.len());
            for item in batch {
                let (text, r) = work(state, item);
                bytes.extend_from_slice(&text);
                records.push(r);
            }
            (bytes, records)
        },
        |(bytes, records): (Vec<u8>, Vec<R>)| {
            out.write_all(&bytes)?;
            if terminal || flushed.elapsed() >= Duration::from_millis(50) {
                out.flush()?;
                flushed = Instant::now();
            }
            records.into_iter().for_each(&mut record);
            Ok(())
        },
        interrupt.flag(),
    );
    let flush = out.flush();
    result?;
    flush?;
    Ok(())
}
