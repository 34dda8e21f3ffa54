//! The exports JavaScript calls (`page/worker.js` is the glue): a request is written into a
//! buffer this module owns, [`cl_call`] answers it into another, and JavaScript reads the
//! answer from linear memory. No pointer comes in from JavaScript, so nothing here dereferences
//! one: the only unsafety is the unmangled names themselves.
//!
//! ```text
//! const at = cl_request(bytes.length);                // room for the request, where
//! new Uint8Array(memory.buffer, at, bytes.length).set(bytes);
//! const len = cl_call();                              // the response's length
//! const text = decode(new Uint8Array(memory.buffer, cl_response(), len));
//! ```

use std::cell::RefCell;

thread_local! {
    /// The request being written by JavaScript (UTF-8 JSON).
    #[doc(hidden)]
    pub static REQUEST: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// The last response (UTF-8 JSON), kept until the next call.
    #[doc(hidden)]
    pub static RESPONSE: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Makes the request buffer `len` bytes long (zeroed) and returns where it starts, for
/// JavaScript to write the request into. The address stays valid until the next call of any
/// export (a call may grow the memory, which JavaScript must then view afresh).
// SAFETY (of the unmangled name): no other symbol of the module is called `cl_request`.
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "C" fn cl_request(len: usize) -> *mut u8 {
    REQUEST.with_borrow_mut(|request| {
        request.clear();
        request.resize(len, 0);
        request.as_mut_ptr()
    })
}

/// Carries out the request in the buffer ([`crate::call`]) and returns the response's length
/// in bytes; [`cl_response`] says where it is.
// SAFETY (of the unmangled name): no other symbol of the module is called `cl_call`.
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "C" fn cl_call() -> usize {
    let request = REQUEST.with_borrow_mut(std::mem::take);
    let response = match std::str::from_utf8(&request) {
        Ok(text) => crate::call(text),
        Err(e) => serde_json::json!({ "error": format!("the request is not UTF-8: {e}") }).to_string(),
    };
    RESPONSE.with_borrow_mut(|r| {
        *r = response;
        r.len()
    })
}

/// Where the last response starts (its length is what [`cl_call`] returned).
// SAFETY (of the unmangled name): no other symbol of the module is called `cl_response`.
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "C" fn cl_response() -> *const u8 {
    RESPONSE.with_borrow(|r| r.as_ptr())
}
