//! The tests of `src/ffi.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use coverlab_web::ffi::*;

#[test]
fn a_request_written_into_the_buffer_is_answered_in_the_response() {
    let request = br#"{"op": "count", "puzzle": ".342.....43.....", "max_solutions": 5}"#;
    let at = cl_request(request.len());
    REQUEST.with_borrow_mut(|r| {
        assert_eq!(r.as_mut_ptr(), at);
        r.copy_from_slice(request);
    });
    let len = cl_call();
    let response = RESPONSE.with_borrow(|r| {
        assert_eq!((r.as_ptr(), r.len()), (cl_response(), len));
        r.clone()
    });
    let v: serde_json::Value = serde_json::from_str(&response).unwrap();
    assert_eq!(v["results"][0]["count"], 1, "{response}");
    assert_eq!(v["results"][0]["exact"], true);
}
