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
use std::sync::Mutex;

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
