//! The few C library functions kissat calls, for `wasm32-unknown-unknown`, which has no libc:
//! kissat is compiled there against wasi-libc's headers only (`crates/web/build.sh`), and what
//! its live code still calls (the module's imports from `env` without this file) is defined
//! here.
//!
//! - `malloc`, `calloc`, `realloc` and `free` go to Rust's allocator (dlmalloc on this target),
//!   each block with a 16-byte header that holds its size, which `free` and `realloc` need and C
//!   does not pass.
//! - `abort` traps: the worker reports it, as it does a panic, and the page starts a new one.
//! - The output functions are reached only on kissat's way to `abort` (a fatal error, a failed
//!   allocation): they write nothing and report success.
//! - `sprintf` formats kissat's statistics and messages, which this build (`QUIET`) never
//!   prints: it traps rather than leave a buffer unwritten.
//!
//! A variadic C function (`fprintf`, `sprintf`) receives its variable arguments on WebAssembly
//! as one pointer to them, so a Rust function taking that pointer has its exact signature.

#![allow(unsafe_code, reason = "the C library's allocation functions, over Rust's allocator")]

use std::alloc::{Layout, alloc, alloc_zeroed, dealloc, realloc as grow};
use std::ffi::{c_char, c_int, c_void};

/// The header before each block: its size, padded to C's largest alignment on wasm32.
const HEADER: usize = 16;

/// The layout of a block of `size` bytes with its header; `None` past the address space.
fn layout(size: usize) -> Option<Layout> {
    Layout::from_size_align(size.checked_add(HEADER)?, HEADER).ok()
}

/// The block's address past its header, its size written there; null when `base` is.
///
/// # Safety
/// `base` is null or a fresh allocation of `layout(size)`.
unsafe fn user(base: *mut u8, size: usize) -> *mut c_void {
    if base.is_null() {
        return std::ptr::null_mut();
    }
    // SAFETY: the allocation starts with HEADER bytes, 16-aligned, which hold a usize.
    unsafe {
        base.cast::<usize>().write(size);
        base.add(HEADER).cast()
    }
}

/// The start of the allocation behind `ptr` and its size.
///
/// # Safety
/// `ptr` came from [`malloc`], [`calloc`] or [`realloc`] here and was not freed.
unsafe fn block(ptr: *mut c_void) -> (*mut u8, usize) {
    // SAFETY: `user` placed `ptr` HEADER bytes into its allocation, after the size.
    unsafe {
        let base = ptr.cast::<u8>().sub(HEADER);
        (base, base.cast::<usize>().read())
    }
}

#[unsafe(no_mangle)]
extern "C" fn malloc(size: usize) -> *mut c_void {
    let Some(layout) = layout(size) else { return std::ptr::null_mut() };
    // SAFETY: the layout has a non-zero size (the header); `user` gets what was allocated.
    unsafe { user(alloc(layout), size) }
}

#[unsafe(no_mangle)]
extern "C" fn calloc(count: usize, size: usize) -> *mut c_void {
    let Some(layout) = count.checked_mul(size).and_then(layout) else { return std::ptr::null_mut() };
    // SAFETY: as in `malloc`.
    unsafe { user(alloc_zeroed(layout), layout.size() - HEADER) }
}

/// # Safety
/// C's `realloc`: `ptr` is null or a live block from here.
#[unsafe(no_mangle)]
unsafe extern "C" fn realloc(ptr: *mut c_void, size: usize) -> *mut c_void {
    if ptr.is_null() {
        return malloc(size);
    }
    let Some(new) = layout(size) else { return std::ptr::null_mut() };
    // SAFETY: `ptr` is a live block (the caller's contract), allocated with `layout(old)`.
    unsafe {
        let (base, old) = block(ptr);
        let old = layout(old).expect("a live block's layout");
        user(grow(base, old, new.size()), size)
    }
}

/// # Safety
/// C's `free`: `ptr` is null or a live block from here.
#[unsafe(no_mangle)]
unsafe extern "C" fn free(ptr: *mut c_void) {
    if !ptr.is_null() {
        // SAFETY: `ptr` is a live block (the caller's contract), allocated with `layout(size)`.
        unsafe {
            let (base, size) = block(ptr);
            dealloc(base, layout(size).expect("a live block's layout"));
        }
    }
}

#[unsafe(no_mangle)]
extern "C" fn abort() -> ! {
    std::arch::wasm32::unreachable()
}

#[unsafe(no_mangle)]
extern "C" fn sprintf(_: *mut c_char, _: *const c_char, _: *const c_void) -> c_int {
    std::arch::wasm32::unreachable()
}

#[unsafe(no_mangle)]
extern "C" fn fprintf(_: *mut c_void, _: *const c_char, _: *const c_void) -> c_int {
    0
}

#[unsafe(no_mangle)]
extern "C" fn vfprintf(_: *mut c_void, _: *const c_char, _: *const c_void) -> c_int {
    0
}

#[unsafe(no_mangle)]
extern "C" fn fputs(_: *const c_char, _: *mut c_void) -> c_int {
    0
}

#[unsafe(no_mangle)]
extern "C" fn fputc(c: c_int, _: *mut c_void) -> c_int {
    c
}

#[unsafe(no_mangle)]
extern "C" fn fwrite(_: *const c_void, _: usize, count: usize, _: *mut c_void) -> usize {
    count
}

#[unsafe(no_mangle)]
extern "C" fn fflush(_: *mut c_void) -> c_int {
    0
}

#[unsafe(no_mangle)]
extern "C" fn isatty(_: c_int) -> c_int {
    0
}
