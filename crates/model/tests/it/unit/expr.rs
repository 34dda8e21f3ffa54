//! The tests of `src/expr.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use coverlab_model::expr::*;

fn allows(text: &str, a: u32, b: u32) -> bool {
    PairExpr::parse(text).unwrap().allows(a, b, 9)
}

#[test]
fn conditions_mean_what_they_say() {
    assert!(allows("abs(a - b) >= 5", 1, 6) && !allows("abs(a - b) >= 5", 3, 6));
    assert!(allows("a + b == 10", 3, 7) && !allows("a + b == 10", 3, 6));
    assert!(allows("a == 2 * b || b == 2 * a", 8, 4) && !allows("a == 2*b || b == 2*a", 3, 4));
    assert!(allows("a % 2 != b % 2", 2, 3) && !allows("a % 2 != b % 2", 2, 4));
    assert!(allows("!(a < b)", 5, 5) && !allows("! (a < b)", 4, 5));
    assert!(allows("min(a, b) * 2 > max(a, b) && n == 9", 5, 6));
    assert!(allows("a - -b == a + b", 1, 2), "unary minus");
    assert!(allows("1 + 2 * 3 == 7", 1, 1), "precedence");
    assert!(allows("a", 1, 0) && !allows("a - 1", 1, 5), "a value allows when not zero");
    assert!(!allows("a / (b - b) == 0", 3, 3), "dividing by zero allows nothing");
    assert!(!allows("9223372036854775807 + a > 0", 1, 1), "overflow allows nothing");
}

#[test]
fn errors_say_what_and_where() {
    let e = |t: &str| PairExpr::parse(t).unwrap_err().to_string();
    assert_eq!(e("a + "), "the expression ends where a value is expected at character 5");
    assert_eq!(e("(a + b"), "a ')' is missing at character 7");
    assert_eq!(e("c == 1"), "unknown name \"c\" (known: a, b, n, abs, min, max) at character 1");
    assert_eq!(e("abs(a, b)"), "abs takes 1, not 2 at character 1");
    assert_eq!(e("a == 1 )"), "unexpected ')' at character 8");
    assert_eq!(e("a ≥ b"), "unexpected '≥' at character 3");
    assert!(e(&"(".repeat(100)).contains("nests deeper than 64"));
    assert!(e(&"-".repeat(100)).contains("nests deeper than 64"));
    assert!(e(&"!".repeat(100)).contains("nests deeper than 64"));
    assert!(e(&"a+".repeat(600)).contains("longer than 1000"));
    assert!(e("99999999999999999999 > a").contains("too large"));
}
