//! Ordered parallel work over a stream: items are read, worked on by several threads and
//! delivered in input order, as soon as each is done, in bounded memory.
//!
//! Every worker thread does everything in turn: it takes the next batch of items from the
//! source (under the source's lock), works on it alone, then hands the result to the output,
//! where whichever thread holds the output's lock delivers every batch that is next in order.
//! No thread only reads or only writes, so on two cores two workers keep both busy.
//!
//! - **Order and latency.** A batch is delivered as soon as it and every batch before it are
//!   done: `coverlab solve big.txt | head -1` answers when the first puzzle is solved.
//! - **Batches adapt.** Each worker starts with one item per batch and doubles its batch while
//!   a batch takes under a millisecond (up to `max_batch`), halving it when one takes more than
//!   ten: fast items are taken 256 at a time (one lock per 256), slow ones one at a time, so a
//!   hard puzzle never holds easy ones hostage in its batch.
//! - **Bounded.** At most `window` batches beyond the oldest undelivered one are taken (plus
//!   one per worker): a slow item never lets the reader run ahead through a huge input.
//! - **Stops.** When `stop` is set no new batch is taken; batches already taken are finished
//!   and delivered. When the sink fails (stdout closed) everything stops and its error is
//!   returned.

use std::collections::BTreeMap;
use std::io;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// How the work is spread.
#[derive(Debug, Clone, Copy)]
pub struct Shape {
    /// Worker threads (the calling thread is one of them): 1 runs everything on the caller.
    pub jobs: usize,
    /// Most items in one batch.
    pub max_batch: usize,
    /// Batches that may be taken beyond the oldest one not yet delivered.
    pub window: u64,
}

impl Shape {
    /// `jobs` workers, batches of up to `max_batch`, a window of four batches per worker.
    pub fn new(jobs: usize, max_batch: usize) -> Shape {
        let jobs = jobs.max(1);
        Shape { jobs, max_batch: max_batch.max(1), window: 4 * jobs as u64 }
    }
}

/// A batch that takes less than this doubles the next one.
const GROW_BELOW: Duration = Duration::from_millis(1);
/// A batch that takes more than this halves the next one.
const SHRINK_ABOVE: Duration = Duration::from_millis(10);

struct Output<B, K> {
    sink: K,
    next: u64,
    done: BTreeMap<u64, B>,
    error: Option<io::Error>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A worker that panicked aborts the process in release builds; in tests, carry on.
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Runs `work` on every item of `source`, batch by batch, and gives each batch's result to
/// `sink` in input order. `init` makes each worker's own state (a strategy, say).
///
/// Returns the sink's first error, if any (nothing more is delivered after it).
pub fn run<T, B, S, Src, Init, Work, Sink>(
    shape: Shape,
    mut source: Src,
    init: Init,
    work: Work,
    mut sink: Sink,
    stop: &AtomicBool,
) -> io::Result<()>
where
    T: Send,
    B: Send,
    Src: FnMut() -> Option<T> + Send,
    Init: Fn() -> S + Sync,
    Work: Fn(&mut S, Vec<T>) -> B + Sync,
    Sink: FnMut(B) -> io::Result<()> + Send,
{
    if shape.jobs == 1 {
        // One thread: no locks, no reordering; the same adaptive batches.
        let mut state = init();
        let mut size = 1;
        while !stop.load(Ordering::Relaxed) {
            let batch: Vec<T> = std::iter::from_fn(&mut source).take(size).collect();
            if batch.is_empty() {
                break;
            }
            let started = Instant::now();
            let result = work(&mut state, batch);
            size = adapt(size, started.elapsed(), shape.max_batch);
            sink(result)?;
        }
        return Ok(());
    }

    let input = Mutex::new((source, false)); // (source, exhausted)
    let taken = AtomicU64::new(0); // batches taken so far
    let output = Mutex::new(Output { sink, next: 0, done: BTreeMap::new(), error: None });
    let delivered = Condvar::new();
    let failed = AtomicBool::new(false);

    let worker = || {
        let mut state = init();
        let mut size = 1;
        loop {
            // Wait while the window is full (a slow batch is holding up delivery).
            {
                let mut out = lock(&output);
                while taken.load(Ordering::Acquire) >= out.next + shape.window && !failed.load(Ordering::Acquire) {
                    out = delivered.wait(out).unwrap_or_else(|poisoned| poisoned.into_inner());
                }
            }
            if stop.load(Ordering::Relaxed) || failed.load(Ordering::Acquire) {
                return;
            }
            let (seq, batch) = {
                let mut guard = lock(&input);
                let (source, exhausted) = &mut *guard;
                if *exhausted {
                    return;
                }
                let batch: Vec<T> = std::iter::from_fn(&mut *source).take(size).collect();
                if batch.is_empty() {
                    *exhausted = true;
                    return;
                }
                (taken.fetch_add(1, Ordering::AcqRel), batch)
            };
            let started = Instant::now();
            let result = work(&mut state, batch);
            size = adapt(size, started.elapsed(), shape.max_batch);
            let mut out = lock(&output);
            out.done.insert(seq, result);
            while out.error.is_none() {
                let next = out.next;
                let Some(ready) = out.done.remove(&next) else { break };
                if let Err(e) = (out.sink)(ready) {
                    out.error = Some(e);
                    failed.store(true, Ordering::Release);
                }
                out.next += 1;
            }
            drop(out);
            delivered.notify_all();
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..shape.jobs {
            scope.spawn(worker);
        }
        worker();
    });
    let out = output.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner());
    out.error.map_or(Ok(()), Err)
}

/// The next batch size after a batch of `size` took `took`.
fn adapt(size: usize, took: Duration, max: usize) -> usize {
    if took < GROW_BELOW {
        (size * 2).min(max)
    } else if took > SHRINK_ABOVE {
        (size / 2).max(1)
    } else {
        size
    }
}
