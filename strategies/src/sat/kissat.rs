//! A thin safe wrapper over kissat's C API (`kissat.h`), which the `kissat` crate compiles and
//! links (the kissat of the SAT Competition 2021, built without options, proofs or output).
//!
//! kissat is not incremental: a solver takes its clauses, answers one call, and is dropped. So
//! `sat` uses it for one answer only (the first solution of a hand-over, see `sat::finish`), and
//! CaDiCaL for anything after. This kissat never calls the terminate hook its API declares; a
//! call is stopped from outside instead: a watcher thread, parked beside the call, raises
//! kissat's own termination flag (`kissat_terminate`, a volatile word it polls) once the
//! deadline passes, the user interrupts, or another racer answers. On WebAssembly (the page),
//! which has no threads, the limits carry no deadline and no interrupt and one thread races, so
//! no watcher is needed: the page stops a search by ending its worker.

#![allow(unsafe_code, reason = "the FFI boundary to kissat's C API; every call is on a live solver")]

use std::ffi::{c_int, c_uint, c_void};
use std::ptr::NonNull;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::{Answer, Stops};

// The `kissat` crate builds kissat's sources into the static library that the declarations
// below resolve against.
extern crate kissat as _;

unsafe extern "C" {
    fn kissat_init() -> *mut c_void;
    fn kissat_release(solver: *mut c_void);
    fn kissat_add(solver: *mut c_void, lit: c_int);
    fn kissat_solve(solver: *mut c_void) -> c_int;
    fn kissat_value(solver: *mut c_void, lit: c_int) -> c_int;
    fn kissat_terminate(solver: *mut c_void);
    fn kissat_reserve(solver: *mut c_void, max_var: c_int);
    fn kissat_set_conflict_limit(solver: *mut c_void, limit: c_uint);
}

/// How often the watcher of a call looks at the clock and the flags.
const WATCH_EVERY: Duration = Duration::from_millis(2);

/// One kissat solver, for one call.
#[derive(Debug)]
pub(crate) struct Kissat {
    solver: NonNull<c_void>,
    /// It has answered its call: no clause may follow.
    solved: bool,
    /// Every literal is negated on its way in and out: the same formula with each variable
    /// renamed to its negation, searched from the opposite phases.
    flip: bool,
    pub stops: Stops,
}

// SAFETY: a kissat instance has no thread affinity; it may move to another thread as long as
// one thread uses it at a time, which `&mut self` on every call guarantees (the watcher only
// raises the termination flag, which kissat declares volatile for exactly this use).
unsafe impl Send for Kissat {}

/// The solver's address, handed to the watcher thread.
#[derive(Clone, Copy)]
struct Handle(*mut c_void);
// SAFETY: the watcher only calls `kissat_terminate` on it, while the call it watches runs.
unsafe impl Send for Handle {}

impl Handle {
    /// Raises the solver's termination flag.
    fn terminate(self) {
        // SAFETY: the solver is live and inside `kissat_solve` (or just out of it: the flag is
        // then never read again); the flag is a volatile word meant to be raised from outside.
        unsafe { kissat_terminate(self.0) }
    }
}

impl Kissat {
    /// A solver; with `flip`, one that sees every literal negated.
    pub fn new(flip: bool) -> Kissat {
        // SAFETY: kissat_init returns a fresh solver, released in Drop.
        let solver = NonNull::new(unsafe { kissat_init() }).expect("kissat allocates its solver");
        Kissat { solver, solved: false, flip, stops: Stops::default() }
    }

    /// Variables 1..=`vars` are about to be used.
    pub fn reserve(&mut self, vars: i32) {
        // SAFETY: live solver; `vars` is a variable count the encoding made (≥ 0, far below
        // kissat's limit of 2^28).
        unsafe { kissat_reserve(self.solver.as_ptr(), vars.max(0)) }
    }

    /// Adds the clause `lits` (non-zero DIMACS literals). Before the call only.
    pub fn add(&mut self, lits: &[i32]) {
        assert!(!self.solved, "kissat takes no clause after its call");
        let sign = if self.flip { -1 } else { 1 };
        // SAFETY: live solver, not solved yet; a clause ends with 0.
        unsafe {
            for &lit in lits {
                debug_assert_ne!(lit, 0);
                kissat_add(self.solver.as_ptr(), sign * lit);
            }
            kissat_add(self.solver.as_ptr(), 0);
        }
    }

    /// Bounds the conflicts of the call.
    pub fn limit_conflicts(&mut self, conflicts: u32) {
        // SAFETY: live solver.
        unsafe { kissat_set_conflict_limit(self.solver.as_ptr(), conflicts) }
    }

    /// Solves the clauses added, once; [`Stops`] end it early (`Unknown`).
    pub fn solve(&mut self) -> Answer {
        assert!(!self.solved, "kissat answers one call");
        self.solved = true;
        let handle = Handle(self.solver.as_ptr());
        let result = if self.stops.any() {
            if self.stops.reached() {
                return Answer::Unknown;
            }
            let done = &AtomicBool::new(false);
            let stops = &self.stops;
            std::thread::scope(|scope| {
                let watcher = scope.spawn(move || {
                    while !done.load(Ordering::Acquire) {
                        if stops.reached() {
                            handle.terminate();
                            return;
                        }
                        std::thread::park_timeout(WATCH_EVERY);
                    }
                });
                // SAFETY: live solver, not solved before.
                let result = unsafe { kissat_solve(handle.0) };
                done.store(true, Ordering::Release);
                watcher.thread().unpark();
                result
            })
        } else {
            // SAFETY: live solver, not solved before.
            unsafe { kissat_solve(handle.0) }
        };
        match result {
            10 => Answer::Sat,
            20 => Answer::Unsat,
            _ => Answer::Unknown,
        }
    }

    /// True when `var` is true in the model of a satisfiable call.
    pub fn is_true(&mut self, var: i32) -> bool {
        // SAFETY: live solver, after a satisfiable `solve` (callers' contract).
        let value = unsafe { kissat_value(self.solver.as_ptr(), var) };
        // `var` if true, `-var` if false (0: unassigned); a flipped solver's `var` is our `-var`.
        if self.flip { value < 0 } else { value > 0 }
    }
}

impl Drop for Kissat {
    fn drop(&mut self) {
        // SAFETY: the solver is released once.
        unsafe { kissat_release(self.solver.as_ptr()) }
    }
}
