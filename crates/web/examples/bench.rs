//! The native side of `crates/web/bench.sh`: the page's own requests ([`coverlab_web::call`],
//! the same code the module runs) made natively and timed in-process, as the page's driver
//! (`tests/driver.mjs bench`) times them in the worker. Prints one JSON object of the driver's
//! shape: `{"runs": [{"ms", "status", "solution"}…], "batch": {"tries": [{"ms", "cpu_ms"}…], "puzzles", "solutions"}}`.
//!
//! ```text
//! cargo run --profile wasm -p coverlab-web --example bench -- FILE STRATEGY
//! ```
//!
//! `runs`: one `solve` request per puzzle of FILE (its lines, less blank ones and `#` comments).
//! `batch` (for more than 30 puzzles): the set repeated `BENCH_REPEAT` times (default 10) in one
//! request, made once untimed and then `BENCH_TRIES` times (default 7): `tries` holds each one's
//! wall time (`ms`) and CPU time (`cpu_ms`, this thread's; Linux, null elsewhere).

use std::time::Instant;

use serde_json::{Value, json};

/// The CPU time this thread has run so far, in ms (Linux's `/proc/thread-self/schedstat`, in
/// nanoseconds); None elsewhere. On a machine shared with other work, wall time counts the
/// time the thread waited for a core; this does not.
fn cpu_ms() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e6)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [file, strategy] = &args[..] else {
        eprintln!("usage: bench FILE STRATEGY");
        std::process::exit(2);
    };
    let text = match std::fs::read_to_string(file) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("{file}: {e}");
            std::process::exit(2);
        }
    };
    let lines: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).collect();
    let solve = |puzzle: &str| -> (f64, Option<f64>, Value) {
        let request = json!({"op": "solve", "puzzle": puzzle, "strategy": strategy}).to_string();
        let cpu = cpu_ms();
        let start = Instant::now();
        let response = coverlab_web::call(&request);
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        let cpu = cpu.zip(cpu_ms()).map(|(a, b)| b - a);
        (ms, cpu, serde_json::from_str(&response).expect("the response is JSON"))
    };
    let runs: Vec<Value> = lines
        .iter()
        .map(|puzzle| {
            let (ms, _, v) = solve(puzzle);
            let r = &v["results"][0];
            json!({"ms": ms, "status": r["status"], "solution": r["solutions"][0]})
        })
        .collect();
    let batch = (lines.len() > 30).then(|| {
        let repeat: usize = std::env::var("BENCH_REPEAT").ok().and_then(|r| r.parse().ok()).unwrap_or(10);
        let tries: usize = std::env::var("BENCH_TRIES").ok().and_then(|r| r.parse().ok()).unwrap_or(7);
        let text = vec![lines.join("\n"); repeat].join("\n");
        // Warm caches and the allocator as the page's requests are (the page's warm-up is
        // longer: V8 compiles its optimised code meanwhile).
        solve(&text);
        let timed: Vec<(f64, Option<f64>, Value)> = (0..tries.max(1)).map(|_| solve(&text)).collect();
        let tries: Vec<Value> = timed.iter().map(|t| json!({"ms": t.0, "cpu_ms": t.1})).collect();
        let v = &timed.last().expect("one try at least").2;
        let results = v["results"].as_array().cloned().unwrap_or_default();
        let solutions: Vec<Value> = results.iter().take(lines.len()).map(|r| r["solutions"][0].clone()).collect();
        json!({"tries": tries, "puzzles": results.len(), "solutions": solutions})
    });
    println!("{}", json!({"runs": runs, "batch": batch}));
}
