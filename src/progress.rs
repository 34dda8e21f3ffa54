//! A progress bar on stderr for long runs (indicatif): puzzles done, rate, the share of the
//! input read and the time left, unsolved and invalid so far.
//!
//! `--progress auto` (the default) shows it only when stderr is a terminal, and only once a run
//! has lasted a second: a short run, a pipe or a file never gets a bar or an escape code.
//! `always` draws it even into a pipe (for watching a log with `tail -f`), `never` never.
//! Messages written while the bar is up ([`crate::diag`](mod@crate::diag)) go above it.

use std::io::{self, IsTerminal, Write};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike};

use crate::cli::ProgressArg;
use crate::input::Reading;
use crate::summary::Summary;

/// A run lasts this long before its bar appears.
const SHOW_AFTER: Duration = Duration::from_secs(1);
/// Least time between two updates of the bar's text.
const UPDATE_EVERY: Duration = Duration::from_millis(100);

/// The progress of one run.
pub struct Progress {
    #[doc(hidden)]
    pub wanted: bool,
    always: bool,
    started: Instant,
    last: Option<Instant>,
    reading: Reading,
    bar: Option<ProgressBar>,
    /// What is counted: `puzzles`, `grids`.
    noun: &'static str,
}

impl Progress {
    /// A progress display for a run reading `reading`, shown as `mode` says.
    pub fn new(mode: ProgressArg, reading: Reading, noun: &'static str) -> Progress {
        let wanted = match mode {
            ProgressArg::Never => false,
            _ if reading.terminal => false,
            ProgressArg::Always => true,
            ProgressArg::Auto => io::stderr().is_terminal() && std::env::var_os("TERM").is_none_or(|t| t != "dumb"),
        };
        Progress {
            wanted,
            always: mode == ProgressArg::Always,
            started: Instant::now(),
            last: None,
            reading,
            bar: None,
            noun,
        }
    }

    /// Brings the bar up to date with `summary` (cheap when called often: at most every 100 ms).
    pub fn update(&mut self, summary: &Summary) {
        if !self.wanted {
            return;
        }
        let now = Instant::now();
        if self.last.is_some_and(|last| now - last < UPDATE_EVERY) || now - self.started < SHOW_AFTER {
            return;
        }
        self.last = Some(now);
        let bar = self.bar.get_or_insert_with(|| {
            let target = if self.always && !io::stderr().is_terminal() {
                ProgressDrawTarget::term_like_with_hz(Box::new(PlainStderr), 10)
            } else {
                ProgressDrawTarget::stderr_with_hz(10)
            };
            let bar = ProgressBar::with_draw_target(self.reading.total, target);
            let style = match self.reading.total {
                Some(_) => "{elapsed_precise} [{bar:24}] {percent:>3}% {msg} (ETA {eta})",
                None => "{elapsed_precise} {spinner} {msg}",
            };
            bar.set_style(ProgressStyle::with_template(style).expect("a valid template").progress_chars("=> "));
            crate::diag::set_bar(Some(bar.clone()));
            bar
        });
        let secs = (now - self.started).as_secs_f64();
        let mut msg =
            format!("{} {} ({:.0}/s)", group(summary.puzzles), self.noun, summary.puzzles as f64 / secs.max(1e-9));
        if summary.unsolved() > 0 {
            msg.push_str(&format!(", {} unsolved", group(summary.unsolved())));
        }
        if summary.invalid > 0 {
            msg.push_str(&format!(", {} invalid", group(summary.invalid)));
        }
        bar.set_message(msg);
        bar.set_position(self.reading.read.load(Ordering::Relaxed));
        if self.reading.total.is_none() {
            bar.tick();
        }
    }

    /// Takes the bar off the screen.
    pub fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
            crate::diag::set_bar(None);
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}

/// `1234567` as `1,234,567`.
pub fn group(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Stderr drawn on as if it were a terminal (`--progress always` into a pipe or a file).
#[derive(Debug)]
struct PlainStderr;

impl PlainStderr {
    fn emit(&self, s: &str) -> io::Result<()> {
        io::stderr().lock().write_all(s.as_bytes())
    }
}

impl TermLike for PlainStderr {
    fn width(&self) -> u16 {
        100
    }
    fn move_cursor_up(&self, n: usize) -> io::Result<()> {
        if n > 0 { self.emit(&format!("\x1b[{n}A")) } else { Ok(()) }
    }
    fn move_cursor_down(&self, n: usize) -> io::Result<()> {
        if n > 0 { self.emit(&format!("\x1b[{n}B")) } else { Ok(()) }
    }
    fn move_cursor_right(&self, n: usize) -> io::Result<()> {
        if n > 0 { self.emit(&format!("\x1b[{n}C")) } else { Ok(()) }
    }
    fn move_cursor_left(&self, n: usize) -> io::Result<()> {
        if n > 0 { self.emit(&format!("\x1b[{n}D")) } else { Ok(()) }
    }
    fn write_line(&self, s: &str) -> io::Result<()> {
        self.emit(&format!("{s}\n"))
    }
    fn write_str(&self, s: &str) -> io::Result<()> {
        self.emit(s)
    }
    fn clear_line(&self) -> io::Result<()> {
        self.emit("\r\x1b[2K")
    }
    fn flush(&self) -> io::Result<()> {
        io::stderr().flush()
    }
}
