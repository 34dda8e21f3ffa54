//! Where messages and results go: diagnostics on standard error, results on standard output,
//! and neither can bring the program down.
//!
//! - [`diag!`](crate::diag!) writes one message on stderr, its control characters escaped
//!   ([`coverlab_model::text::escape`]), and ignores a stderr that cannot be written (closed,
//!   full): a run loses its messages, never its results.
//! - [`Stdout`] is a buffered stdout whose errors say what failed ("cannot write to standard
//!   output: …"); a closed pipe (`coverlab solve … | head`) keeps its kind, so `main` can treat it
//!   as success.

use std::fmt;
use std::io::{self, BufWriter, Write};
use std::sync::{Arc, Mutex};

use indicatif::ProgressBar;

use coverlab_model::text::escape;

/// Writes one message line on stderr, prefixed `coverlab: `, each line of it escaped.
pub fn message(args: fmt::Arguments<'_>) {
    line(&format!("coverlab: {args}"));
}

/// Writes `text` and a newline on stderr, escaped, ignoring errors.
pub fn line(text: &str) {
    let mut shown = printable(text);
    shown.push('\n');
    let bar = BAR.lock().ok().and_then(|b| b.clone());
    let write = || {
        let _ = io::stderr().lock().write_all(shown.as_bytes());
    };
    match bar {
        Some(bar) => bar.suspend(write),
        None => write(),
    }
}

/// The progress bar on screen, if any: messages are written above it.
static BAR: Mutex<Option<ProgressBar>> = Mutex::new(None);

/// Says which progress bar is on screen (`None`: none), for messages to go above it
/// ([`crate::progress`] calls this as it shows and clears its bar).
pub fn set_bar(bar: Option<ProgressBar>) {
    if let Ok(mut shown) = BAR.lock() {
        *shown = bar;
    }
}

/// Appends `n` in decimal, without the formatting machinery.
pub fn push_u64(out: &mut Vec<u8>, n: u64) {
    let mut buf = [0u8; 20];
    let mut at = buf.len();
    let mut rest = n;
    loop {
        at -= 1;
        buf[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    out.extend_from_slice(&buf[at..]);
}

/// `text` with the control characters of each of its lines escaped (its line breaks kept).
pub fn printable(text: &str) -> String {
    let mut shown = String::with_capacity(text.len() + 1);
    for (i, part) in text.split('\n').enumerate() {
        if i > 0 {
            shown.push('\n');
        }
        shown.push_str(&escape(part));
    }
    shown
}

/// `diag!("…", args)`: a message on stderr (see the module doc).
#[macro_export]
macro_rules! diag {
    ($($arg:tt)*) => { $crate::diag::message(format_args!($($arg)*)) };
}

/// Standard output, buffered (one write per 64 KiB, or per flush); every error it returns names
/// standard output. It can be sent to another thread (a flusher).
pub struct Stdout(BufWriter<io::Stdout>);

impl Stdout {
    /// A buffered writer to stdout.
    pub fn new() -> Stdout {
        Stdout(BufWriter::with_capacity(64 * 1024, io::stdout()))
    }
}

impl Default for Stdout {
    fn default() -> Self {
        Stdout::new()
    }
}

fn named(e: io::Error) -> io::Error {
    if e.kind() == io::ErrorKind::BrokenPipe {
        return e;
    }
    io::Error::new(e.kind(), format!("cannot write to standard output: {e}"))
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf).map_err(named)
    }
    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.0.write_all(buf).map_err(named)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.0.flush().map_err(named)
    }
}

/// Where problems with a whole input go (a missing file, one holding no puzzle): stderr, or a
/// list the caller reads after the run.
#[derive(Debug, Clone, Default)]
pub struct Notes(Option<Arc<Mutex<Kept>>>);

/// What a caller's [`Notes`] keep.
#[derive(Debug, Default)]
struct Kept {
    notes: Vec<String>,
    warnings: Vec<String>,
}

impl Notes {
    /// Notes kept in a list, for [`Notes::taken`].
    pub fn kept() -> Notes {
        Notes(Some(Arc::default()))
    }

    /// Says `note`: on stderr, or into the list.
    pub fn say(&self, note: &str) {
        match &self.0 {
            Some(kept) => lock(kept).notes.push(note.to_string()),
            None => crate::diag!("{note}"),
        }
    }

    /// Says `advice` on puzzles that were read all the same (too few givens for the spec they
    /// were read with, drawings read past): on stderr, or into the caller's warnings.
    pub fn warn(&self, advice: &str) {
        match &self.0 {
            Some(kept) => lock(kept).warnings.push(advice.to_string()),
            None => crate::diag!("{advice}"),
        }
    }

    /// Says `message`, which a record already carries (a puzzle's error, a count): on stderr
    /// for the process, nowhere for a caller that keeps its notes (it has the records).
    pub fn echo(&self, message: &str) {
        if self.0.is_none() {
            crate::diag!("{message}");
        }
    }

    /// [`Notes::echo`] without the `coverlab: ` prefix.
    pub fn echo_line(&self, text: &str) {
        if self.0.is_none() {
            line(text);
        }
    }

    /// The notes kept so far, taken out of the list.
    pub fn taken(&self) -> Vec<String> {
        self.0.as_ref().map_or_else(Vec::new, |kept| std::mem::take(&mut lock(kept).notes))
    }

    /// The warnings kept so far, taken out of the list.
    pub fn warnings_taken(&self) -> Vec<String> {
        self.0.as_ref().map_or_else(Vec::new, |kept| std::mem::take(&mut lock(kept).warnings))
    }
}

fn lock(kept: &Mutex<Kept>) -> std::sync::MutexGuard<'_, Kept> {
    kept.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}
