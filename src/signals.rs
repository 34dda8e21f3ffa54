//! Ctrl-C and `kill`: a run stops taking new puzzles, finishes (cutting short) the searches under
//! way, writes what it has and exits 130 (SIGINT) or 143 (SIGTERM). A second Ctrl-C exits at
//! once.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// The flag a signal raises, and which signal it was.
#[derive(Debug, Clone, Default)]
pub struct Interrupt {
    flag: Arc<AtomicBool>,
    signal: Arc<AtomicUsize>,
}

impl Interrupt {
    /// Catches SIGINT and SIGTERM from now on (a no-op where signals do not exist).
    pub fn install() -> Interrupt {
        let interrupt = Interrupt::default();
        #[cfg(unix)]
        {
            use signal_hook::consts::{SIGINT, SIGTERM};
            use signal_hook::flag;
            for signal in [SIGINT, SIGTERM] {
                // Registered first, so it runs before the flag is raised: only a second signal
                // finds the flag up and exits at once.
                let _ = flag::register_conditional_shutdown(signal, 128 + signal, interrupt.flag.clone());
                let _ = flag::register_usize(signal, interrupt.signal.clone(), signal as usize);
                let _ = flag::register(signal, interrupt.flag.clone());
            }
        }
        interrupt
    }

    /// The flag, for `Limits::interrupt` and the pipeline's stop.
    pub fn flag(&self) -> &Arc<AtomicBool> {
        &self.flag
    }

    /// The signal received, if any: its number (2 for SIGINT, 15 for SIGTERM).
    pub fn signal(&self) -> Option<u8> {
        if !self.flag.load(Ordering::Relaxed) {
            return None;
        }
        match self.signal.load(Ordering::Relaxed) {
            0 => Some(2),
            s => Some(s.min(127) as u8),
        }
    }
}
