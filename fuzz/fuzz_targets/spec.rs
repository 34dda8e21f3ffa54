//! Spec loading: any text is a model or a located error, never a panic or a hang; a model that
//! loads answers every question a command asks of it.
#![no_main]

use coverlab_model::Model;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match Model::from_ron(text, "fuzz.ron") {
        Ok(model) => {
            let n = model.size();
            assert!((1..=coverlab_model::MAX_SIZE).contains(&n));
            let _ = model.regions();
            for cell in 0..n * n {
                assert!(model.peers(cell).iter().all(|&p| (p as usize) < n * n && p as usize != cell));
            }
            if n <= 16 {
                let _ = model.to_dot();
                let _ = model.exact_cover();
            }
        }
        Err(e) => {
            assert!(e.to_string().starts_with("fuzz.ron"), "{e}");
        }
    }
});
