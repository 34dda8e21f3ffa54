//! The `coverlab` command: everything it does lives in the library (`src/lib.rs`), so that tests
//! and fuzz targets can drive a run without a process.

fn main() -> std::process::ExitCode {
    coverlab::main()
}
