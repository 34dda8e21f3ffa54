//! The tests of `src/options.rs`'s internals (moved out of the library, so that `cargo test` compiles
//! the crate once).

use coverlab_strategies::options::*;

static TABLE: [OptionInfo; 2] = [
    OptionInfo::flag("hidden", true, "hidden singles"),
    OptionInfo::number("gac_from", 16, 1, 65, "all-different filtering from this size"),
];

#[test]
fn options_parse_validate_and_print_back() {
    let mut o = Options::defaults(&TABLE);
    assert_eq!(o.label("fast"), "fast(hidden: true, gac_from: 16)");
    o.apply(" gac_from: 9 , hidden:false,", "fast").unwrap();
    assert!(!o.flag("hidden"));
    assert_eq!(o.number("gac_from"), 9);
    assert_eq!(o.label("fast"), "fast(hidden: false, gac_from: 9)");
    assert_eq!(o.changed(), ["hidden: false", "gac_from: 9"]);
    let mut base = Options::defaults(&TABLE);
    base.apply("gac_from: 9", "fast").unwrap();
    assert_eq!(o.changed_from(&base), ["hidden: false"]);
}

#[test]
fn bad_settings_name_the_options() {
    let mut o = Options::defaults(&TABLE);
    let e = o.apply("hiden: false", "fast").unwrap_err();
    assert_eq!(e, "fast has no option \"hiden\"; fast's options are hidden: true, gac_from: 16");
    let e = o.apply("hidden: maybe", "fast").unwrap_err();
    assert_eq!(e, "fast's option hidden is true or false, not \"maybe\"");
    let e = o.apply("gac_from: 99", "fast").unwrap_err();
    assert_eq!(e, "fast's option gac_from is a whole number from 1 to 65, not \"99\"");
    let e = o.apply("hidden", "fast").unwrap_err();
    assert!(e.starts_with("\"hidden\" is not an option setting"), "{e}");
    let mut none = Options::defaults(&[]);
    assert_eq!(none.apply("x: 1", "dfs").unwrap_err(), "dfs has no option \"x\"; dfs has no options");
    assert_eq!(none.label("dfs"), "dfs");
}
