//! The tests of `src/se/unique.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

#[test]
fn names_carry_the_loop_size_and_type_as_se_writes_them() {
    assert_eq!(coverlab_techniques::se::unique::name(4, 1), "Unique Rectangle type 1");
    assert_eq!(coverlab_techniques::se::unique::name(4, 4), "Unique Rectangle type 4");
    assert_eq!(coverlab_techniques::se::unique::name(6, 2), "Unique Loop 6 type 2");
    assert_eq!(coverlab_techniques::se::unique::name(10, 3), "Unique Loop 10 type 3");
}
