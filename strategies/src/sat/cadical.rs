//! A thin safe wrapper over CaDiCaL's C API (`ccadical.h`), which the `cadical` crate compiles
//! and links. The crate's own `Solver` does not reach `set_option`, and a portfolio needs
//! CaDiCaL's `seed`; everything else here is what the crate offers too.
//!
//! The hooks (CaDiCaL's terminator and learner) are one [`Hooks`] value owned by the solver: the
//! learner counts conflicts, the terminator stops a call at a deadline or when another thread
//! raises a shared flag.

#![allow(unsafe_code, reason = "the FFI boundary to CaDiCaL's C API; every call is on a live solver")]

use std::ffi::{CStr, c_char, c_int, c_void};
use std::ptr::NonNull;

use super::{Answer, LARGE_VARS, Stops};

// The `cadical` crate builds CaDiCaL's sources (with its C API) into the static library that
// the declarations below resolve against.
extern crate cadical as _;

unsafe extern "C" {
    fn ccadical_init() -> *mut c_void;
    fn ccadical_release(solver: *mut c_void);
    fn ccadical_add(solver: *mut c_void, lit: c_int);
    fn ccadical_solve(solver: *mut c_void) -> c_int;
    fn ccadical_val(solver: *mut c_void, lit: c_int) -> c_int;
    fn ccadical_set_option(solver: *mut c_void, name: *const c_char, value: c_int);
    fn ccadical_limit(solver: *mut c_void, name: *const c_char, value: c_int);
    fn ccadical_set_terminate(
        solver: *mut c_void,
        state: *mut c_void,
        terminate: Option<unsafe extern "C" fn(state: *mut c_void) -> c_int>,
    );
    fn ccadical_set_learn(
        solver: *mut c_void,
        state: *mut c_void,
        max_length: c_int,
        learn: Option<unsafe extern "C" fn(state: *mut c_void, clause: *mut c_int)>,
    );
    // Added by the `cadical` crate (its src/ccadical.cpp).
    fn ccadical_configure(solver: *mut c_void, name: *const c_char) -> c_int;
    fn ccadical_reserve(solver: *mut c_void, max_var: c_int);
}

/// How many terminate polls pass between two looks at the clock, on a small formula. CaDiCaL
/// polls every few search steps, whose cost grows with the formula: on a large one
/// ([`LARGE_VARS`]) the clock is read at every poll, or a deadline would pass by a tenth of a
/// second.
const CLOCK_EVERY: u32 = 64;

/// What CaDiCaL's hooks read and write.
#[derive(Debug, Default)]
pub(crate) struct Hooks {
    /// Clauses learned (conflicts) since this was last reset.
    pub learned: u64,
    /// What stops a call: the flags at every poll, the deadline every `clock_every` polls.
    pub stops: Stops,
    polls: u32,
    /// `CLOCK_EVERY`, or 1 for a large formula.
    clock_every: u32,
}

unsafe extern "C" fn terminate(state: *mut c_void) -> c_int {
    // SAFETY: `state` is the `Hooks` the solver owns (see `Cadical::new`); CaDiCaL calls this
    // only inside `ccadical_solve`, while the solver is borrowed mutably and nothing else
    // touches the hooks.
    let hooks = unsafe { &mut *state.cast::<Hooks>() };
    if hooks.stops.raised() {
        return 1;
    }
    hooks.polls = hooks.polls.wrapping_add(1);
    c_int::from(hooks.polls.is_multiple_of(hooks.clock_every.max(1)) && hooks.stops.past_deadline())
}

unsafe extern "C" fn learn(state: *mut c_void, _clause: *mut c_int) {
    // SAFETY: as in `terminate`.
    let hooks = unsafe { &mut *state.cast::<Hooks>() };
    hooks.learned += 1;
}

/// One CaDiCaL solver with its hooks connected.
#[derive(Debug)]
pub(crate) struct Cadical {
    solver: NonNull<c_void>,
    hooks: NonNull<Hooks>,
}

// SAFETY: a CaDiCaL instance has no thread affinity; it may move to another thread as long as
// one thread uses it at a time, which `&mut self` on every call guarantees.
unsafe impl Send for Cadical {}

impl Cadical {
    /// A solver with CaDiCaL's configuration `config` (`default`, `plain`, `sat`, `unsat`) and
    /// random seed `seed`.
    pub fn new(config: &CStr, seed: i32) -> Cadical {
        // SAFETY: ccadical_init returns a fresh solver, released in Drop.
        let solver = NonNull::new(unsafe { ccadical_init() }).expect("CaDiCaL allocates its solver");
        let hooks = NonNull::from(Box::leak(Box::new(Hooks { clock_every: CLOCK_EVERY, ..Hooks::default() })));
        // SAFETY: `solver` is live; `config` and the option name are NUL-terminated; the hooks
        // outlive the solver (both are released in Drop, the solver first).
        unsafe {
            let known = ccadical_configure(solver.as_ptr(), config.as_ptr());
            assert!(known != 0, "{config:?} is a CaDiCaL configuration");
            ccadical_set_option(solver.as_ptr(), c"seed".as_ptr(), seed);
            ccadical_set_terminate(solver.as_ptr(), hooks.as_ptr().cast(), Some(terminate));
            // Every learned clause is reported, so that each conflict is counted.
            ccadical_set_learn(solver.as_ptr(), hooks.as_ptr().cast(), c_int::MAX, Some(learn));
        }
        Cadical { solver, hooks }
    }

    /// The hooks' state, between calls.
    pub fn hooks(&mut self) -> &mut Hooks {
        // SAFETY: the hooks are only read by CaDiCaL inside `solve`, which borrows `self`
        // mutably, so this borrow is the only one.
        unsafe { self.hooks.as_mut() }
    }

    /// Variables 1..=`vars` are about to be used.
    pub fn reserve(&mut self, vars: i32) {
        self.hooks().clock_every = if vars >= LARGE_VARS { 1 } else { CLOCK_EVERY };
        // SAFETY: live solver.
        unsafe { ccadical_reserve(self.solver.as_ptr(), vars) }
    }

    /// Adds the clause `lits` (non-zero DIMACS literals).
    pub fn add(&mut self, lits: &[i32]) {
        // SAFETY: live solver; a clause ends with 0.
        unsafe {
            for &lit in lits {
                debug_assert_ne!(lit, 0);
                ccadical_add(self.solver.as_ptr(), lit);
            }
            ccadical_add(self.solver.as_ptr(), 0);
        }
    }

    /// Bounds the conflicts of the next call.
    pub fn limit_conflicts(&mut self, conflicts: i32) {
        // SAFETY: live solver; "conflicts" is a limit CaDiCaL defines.
        unsafe { ccadical_limit(self.solver.as_ptr(), c"conflicts".as_ptr(), conflicts) }
    }

    /// Solves the clauses added so far.
    pub fn solve(&mut self) -> Answer {
        // SAFETY: live solver; the hooks it calls stay valid (see `new`).
        match unsafe { ccadical_solve(self.solver.as_ptr()) } {
            10 => Answer::Sat,
            20 => Answer::Unsat,
            _ => Answer::Unknown,
        }
    }

    /// True when `var` is true in the model of the last satisfiable call.
    pub fn is_true(&mut self, var: i32) -> bool {
        // SAFETY: live solver, right after a satisfiable `solve` (callers' contract).
        unsafe { ccadical_val(self.solver.as_ptr(), var) > 0 }
    }
}

impl Drop for Cadical {
    fn drop(&mut self) {
        // SAFETY: the solver is released once, before the hooks it points to.
        unsafe {
            ccadical_release(self.solver.as_ptr());
            drop(Box::from_raw(self.hooks.as_ptr()));
        }
    }
}
