//! Prints the steps `rate --scale se` takes on a puzzle line, one per line with its
//! difficulty: for comparing with serate's `--after='%s %r'` when a rating disagrees.
//!
//! `cargo run -p coverlab-techniques --example se_steps -- PUZZLE`

fn main() {
    let line = std::env::args().nth(1).unwrap_or_default();
    let givens: Vec<u8> = line.bytes().map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 }).collect();
    match coverlab_techniques::se::rate_with(&givens, |h| {
        println!(
            "{} {}.{} {:?} {:?}",
            h.name,
            h.tenths / 10,
            h.tenths % 10,
            h.place.map(|(c, v)| format!("r{}c{}={v}", c / 9 + 1, c % 9 + 1)),
            h.remove.iter().map(|&(c, v)| format!("r{}c{}.{v}", c / 9 + 1, c % 9 + 1)).collect::<Vec<_>>()
        )
    }) {
        Ok(r) => {
            println!("ER/EP/ED {}.{}/{}.{}/{}.{}", r.er / 10, r.er % 10, r.ep / 10, r.ep % 10, r.ed / 10, r.ed % 10)
        }
        Err(e) => println!("error: {e:?}"),
    }
}
