//! The bad-input corpus: every case of `tests/bad_input/cases.txt` runs the real binary and checks
//! its exit code, its messages and its records. The manifest's format is described in
//! `tests/bad_input/README.md`; every failing case is reported, not only the first.

use std::collections::BTreeSet;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Where the corpus lives, relative to the package root (the binary's current directory).
const CORPUS: &str = "tests/bad_input";

/// No case may use more address space than this (MiB) unless it says otherwise (`memory:`): a
/// hostile input that makes coverlab allocate without bound fails its case instead of exhausting
/// the machine.
const MEMORY_MIB: u64 = 1024;

/// A case that runs longer than this (unless it says otherwise) is killed and fails.
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);

/// One case of the manifest.
#[derive(Debug, Default, Clone)]
struct Case {
    name: String,
    /// The manifest line where it starts.
    line: usize,
    args: Vec<String>,
    exit: Option<i32>,
    stdout: Vec<String>,
    stderr: Vec<String>,
    no_stdout: Vec<String>,
    no_stderr: Vec<String>,
    records: Option<usize>,
    invalid: Option<usize>,
    solved: Option<usize>,
    jobs: Vec<String>,
    stdin: Option<String>,
    setup: Vec<Setup>,
    before: Vec<Vec<String>>,
    unchanged: Vec<String>,
    max_stderr: Option<usize>,
    timeout: Option<Duration>,
    memory_mib: Option<u64>,
    stdout_to: Option<String>,
}

/// A file the runner makes in the case's scratch directory before running it.
#[derive(Debug, Clone)]
enum Setup {
    /// `file:` / `file-utf16le:` / `file-utf16be:` NAME TEXT.
    File { name: String, text: String, encoding: Encoding },
    /// `copy:` NAME PATH.
    Copy { name: String, from: String },
    /// `dir:` NAME.
    Dir { name: String },
    /// `fifo:` NAME TEXT: a named pipe, fed TEXT by a thread of the runner.
    Fifo { name: String, text: String },
    /// `keep-lines:` NAME FROM N (after the `before:` commands).
    KeepLines { name: String, from: String, lines: i64 },
}

#[derive(Debug, Clone, Copy)]
enum Encoding {
    Utf8,
    Utf16Le,
    Utf16Be,
}

fn parse_manifest(text: &str) -> Result<Vec<Case>, String> {
    let mut cases: Vec<Case> = Vec::new();
    let mut names = BTreeSet::new();
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |what: &str| format!("cases.txt:{line_no}: {what}: {raw}");
        if let Some(name) = line.strip_prefix("case ") {
            let name = name.trim().to_string();
            if !names.insert(name.clone()) {
                return Err(bad("a second case of this name"));
            }
            cases.push(Case { name, line: line_no, ..Case::default() });
            continue;
        }
        let Some(case) = cases.last_mut() else {
            return Err(bad("a key before the first `case`"));
        };
        let Some((key, value)) = line.split_once(':') else {
            return Err(bad("expected `key: value`"));
        };
        let value = value.trim();
        let words = || value.split_whitespace().map(str::to_string).collect::<Vec<_>>();
        let name_and_rest = || {
            let (name, rest) = value.split_once(char::is_whitespace).unwrap_or((value, ""));
            (name.to_string(), rest.trim_start().to_string())
        };
        match key.trim() {
            "run" => case.args = words(),
            "exit" => case.exit = Some(value.parse().map_err(|_| bad("not an exit code"))?),
            "stdout" => case.stdout.push(value.to_string()),
            "stderr" => case.stderr.push(value.to_string()),
            "no-stdout" => case.no_stdout.push(value.to_string()),
            "no-stderr" => case.no_stderr.push(value.to_string()),
            "records" => case.records = Some(value.parse().map_err(|_| bad("not a count"))?),
            "invalid" => case.invalid = Some(value.parse().map_err(|_| bad("not a count"))?),
            "solved" => case.solved = Some(value.parse().map_err(|_| bad("not a count"))?),
            "jobs" => case.jobs = words(),
            "stdin" => case.stdin = Some(value.to_string()),
            "before" => case.before.push(words()),
            "unchanged" => case.unchanged.push(value.to_string()),
            "max-stderr" => case.max_stderr = Some(value.parse().map_err(|_| bad("not a byte count"))?),
            "stdout-to" => case.stdout_to = Some(value.to_string()),
            "memory" => case.memory_mib = Some(value.parse().map_err(|_| bad("not MiB"))?),
            "timeout" => case.timeout = Some(Duration::from_secs(value.parse().map_err(|_| bad("not seconds"))?)),
            "file" | "file-utf16le" | "file-utf16be" => {
                let (name, text) = name_and_rest();
                let encoding = match key.trim() {
                    "file" => Encoding::Utf8,
                    "file-utf16le" => Encoding::Utf16Le,
                    _ => Encoding::Utf16Be,
                };
                case.setup.push(Setup::File { name, text, encoding });
            }
            "copy" => {
                let (name, from) = name_and_rest();
                case.setup.push(Setup::Copy { name, from });
            }
            "dir" => case.setup.push(Setup::Dir { name: value.to_string() }),
            "fifo" => {
                let (name, text) = name_and_rest();
                case.setup.push(Setup::Fifo { name, text });
            }
            "keep-lines" => {
                let w = words();
                let [name, from, lines] = w.as_slice() else {
                    return Err(bad("expected `keep-lines: NAME FROM N`"));
                };
                let lines = lines.parse().map_err(|_| bad("not a line count"))?;
                case.setup.push(Setup::KeepLines { name: name.clone(), from: from.clone(), lines });
            }
            _ => return Err(bad("unknown key")),
        }
    }
    for case in &cases {
        let bad = |what: &str| format!("cases.txt:{}: case {}: {what}", case.line, case.name);
        if case.args.is_empty() {
            return Err(bad("no `run:`"));
        }
        if case.exit.is_none() {
            return Err(bad("no `exit:`"));
        }
        if case.stdout.is_empty() && case.stderr.is_empty() && case.records.is_none() {
            return Err(bad("nothing to check: give `stderr:`, `stdout:` or `records:`"));
        }
        if (case.invalid.is_some() || case.solved.is_some()) && case.records.is_none() {
            return Err(bad("`invalid:` and `solved:` need `records:`"));
        }
        let expected = case.stdout.iter().chain(&case.stderr).chain(&case.no_stdout).chain(&case.no_stderr);
        let files = case.setup.iter().filter_map(|s| match s {
            Setup::File { text, .. } | Setup::Fifo { text, .. } => Some(text),
            _ => None,
        });
        for text in expected.chain(files) {
            unescape(text).map_err(|e| bad(&e))?;
        }
    }
    Ok(cases)
}

/// The bytes of a `file:` text: `\n`, `\r`, `\t`, `\0`, `\\`, `\xHH` (a byte), `\u{H…}` (a
/// character) and `\{N*TEXT}` (TEXT, itself escaped, N times).
fn unescape(text: &str) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c != '\\' {
            let mut buf = [0; 4];
            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            continue;
        }
        let Some((_, e)) = chars.next() else {
            return Err(format!("a lone `\\` at the end of {text:?}"));
        };
        match e {
            'n' => out.push(b'\n'),
            'r' => out.push(b'\r'),
            't' => out.push(b'\t'),
            '0' => out.push(0),
            '\\' => out.push(b'\\'),
            'x' => {
                let hex: String = (0..2).filter_map(|_| chars.next().map(|(_, h)| h)).collect();
                out.push(u8::from_str_radix(&hex, 16).map_err(|_| format!("bad \\x{hex} in {text:?}"))?);
            }
            'u' => {
                let (inner, end) = braced(text, i + 2)?;
                let c = u32::from_str_radix(inner, 16).ok().and_then(char::from_u32);
                let c = c.ok_or_else(|| format!("bad \\u{{{inner}}} in {text:?}"))?;
                let mut buf = [0; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                while chars.next_if(|&(j, _)| j <= end).is_some() {}
            }
            '{' => {
                let (inner, end) = braced(text, i + 1)?;
                let (count, unit) =
                    inner.split_once('*').ok_or_else(|| format!("expected \\{{N*TEXT}} in {text:?}"))?;
                let count: usize = count.parse().map_err(|_| format!("bad repeat count in {text:?}"))?;
                out.extend(unescape(unit)?.repeat(count));
                while chars.next_if(|&(j, _)| j <= end).is_some() {}
            }
            other => return Err(format!("unknown escape \\{other} in {text:?}")),
        }
    }
    Ok(out)
}

/// The text between the `{` at byte `open` of `text` and the next `}`, and that `}`'s offset.
fn braced(text: &str, open: usize) -> Result<(&str, usize), String> {
    if text.as_bytes().get(open) != Some(&b'{') {
        return Err(format!("expected `{{` after the escape in {text:?}"));
    }
    let close = text[open..].find('}').ok_or_else(|| format!("unclosed `{{` in {text:?}"))? + open;
    Ok((&text[open + 1..close], close))
}

/// A case's placeholders filled in: `{in}` (the corpus) and `{tmp}` (its scratch directory).
struct Places {
    tmp: PathBuf,
}

impl Places {
    /// An expected text: placeholders filled in, escapes read.
    fn expect(&self, text: &str) -> String {
        let bytes = unescape(&self.fill(text)).expect("checked when the manifest was read");
        String::from_utf8_lossy(&bytes).into_owned()
    }

    fn fill(&self, text: &str) -> String {
        text.replace("{in}", CORPUS).replace("{tmp}", self.tmp.to_str().expect("a UTF-8 temp path"))
    }
    /// A path of the manifest: a name in the scratch directory, or a path with a placeholder.
    fn path(&self, text: &str) -> PathBuf {
        if text.contains('{') { PathBuf::from(self.fill(text)) } else { self.tmp.join(text) }
    }
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The binary, run from the package root with its address space capped at `memory_mib`.
fn command(args: &[String], memory_mib: u64) -> Command {
    let mut c = Command::new("sh");
    c.arg("-c")
        .arg(format!("ulimit -v {} && exec \"$0\" \"$@\"", memory_mib * 1024))
        .arg(env!("CARGO_BIN_EXE_coverlab"))
        .args(args)
        .current_dir(root());
    c
}

struct Ran {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    timed_out: bool,
}

/// Runs a child to its end, or kills it at `timeout`; stdout and stderr are read as it goes.
fn finish(mut child: Child, timeout: Duration) -> Ran {
    let out = child.stdout.take();
    let mut err = child.stderr.take().expect("piped");
    let out = std::thread::spawn(move || {
        let mut v = Vec::new();
        if let Some(mut out) = out {
            let _ = out.read_to_end(&mut v);
        }
        v
    });
    let err = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = err.read_to_end(&mut v);
        v
    });
    let start = Instant::now();
    let mut timed_out = false;
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if start.elapsed() > timeout {
            timed_out = true;
            let _ = child.kill();
            break child.wait().expect("wait");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let text = |v: Vec<u8>| String::from_utf8_lossy(&v).into_owned();
    Ran {
        code: status.code(),
        stdout: text(out.join().expect("reader")),
        stderr: text(err.join().expect("reader")),
        timed_out,
    }
}

/// How a case runs: its standard input and output, and its limits.
struct Io<'a> {
    stdin: Option<&'a Path>,
    /// A file written as standard output (`/dev/full`) instead of a captured pipe.
    stdout_to: Option<&'a Path>,
    timeout: Duration,
    memory_mib: u64,
}

fn run(args: &[String], io: &Io<'_>) -> Result<Ran, String> {
    let mut c = command(args, io.memory_mib);
    c.stderr(Stdio::piped());
    match io.stdout_to {
        Some(path) => {
            let file = fs::OpenOptions::new().write(true).open(path).map_err(|e| format!("stdout-to: {e}"))?;
            c.stdout(file)
        }
        None => c.stdout(Stdio::piped()),
    };
    let stdin = io.stdin;
    match stdin {
        Some(path) => c.stdin(fs::File::open(root().join(path)).map_err(|e| format!("stdin {}: {e}", path.display()))?),
        None => c.stdin(Stdio::null()),
    };
    let child = c.spawn().map_err(|e| format!("cannot start the binary: {e}"))?;
    Ok(finish(child, io.timeout))
}

/// Makes the case's files, runs its `before:` commands, then makes its `keep-lines:` files.
fn set_up(case: &Case, places: &Places) -> Result<(), String> {
    let _ = fs::remove_dir_all(&places.tmp);
    fs::create_dir_all(&places.tmp).map_err(|e| e.to_string())?;
    for setup in &case.setup {
        match setup {
            Setup::File { name, text, encoding } => {
                let bytes = unescape(&places.fill(text))?;
                let bytes = match encoding {
                    Encoding::Utf8 => bytes,
                    Encoding::Utf16Le | Encoding::Utf16Be => {
                        let text = String::from_utf8(bytes).map_err(|_| format!("{name}: UTF-16 text must be text"))?;
                        let units = text.encode_utf16();
                        if matches!(encoding, Encoding::Utf16Le) {
                            units.flat_map(u16::to_le_bytes).collect()
                        } else {
                            units.flat_map(u16::to_be_bytes).collect()
                        }
                    }
                };
                fs::write(places.path(name), bytes).map_err(|e| format!("{name}: {e}"))?;
            }
            Setup::Copy { name, from } => {
                fs::copy(root().join(places.fill(from)), places.path(name)).map_err(|e| format!("copy {from}: {e}"))?;
            }
            Setup::Dir { name } => fs::create_dir_all(places.path(name)).map_err(|e| e.to_string())?,
            Setup::Fifo { name, text } => {
                let path = places.path(name);
                let made = Command::new("mkfifo").arg(&path).status().map_err(|e| format!("mkfifo: {e}"))?;
                if !made.success() {
                    return Err(format!("mkfifo {name} failed"));
                }
                let bytes = unescape(&places.fill(text))?;
                // Blocks until the binary opens the pipe; a thread left waiting ends with the test.
                std::thread::spawn(move || fs::write(path, bytes));
            }
            Setup::KeepLines { .. } => {}
        }
    }
    for before in &case.before {
        let args: Vec<String> = before.iter().map(|a| places.fill(a)).collect();
        let io = Io { stdin: None, stdout_to: None, timeout: DEFAULT_TIMEOUT, memory_mib: MEMORY_MIB };
        let ran = run(&args, &io)?;
        if ran.code != Some(0) {
            return Err(format!("before: {args:?} exited {:?}: {}", ran.code, ran.stderr));
        }
    }
    for setup in &case.setup {
        if let Setup::KeepLines { name, from, lines } = setup {
            let text = fs::read_to_string(places.path(from)).map_err(|e| format!("keep-lines {from}: {e}"))?;
            let all: Vec<&str> = text.lines().collect();
            let keep =
                if *lines < 0 { all.len().saturating_sub(lines.unsigned_abs() as usize) } else { *lines as usize };
            let mut kept = all[..keep.min(all.len())].join("\n");
            kept.push('\n');
            fs::write(places.path(name), kept).map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

/// Runs one case (once per `jobs:` value); returns what went wrong, if anything.
fn check(case: &Case, scratch: &Path) -> Vec<String> {
    let places = Places { tmp: scratch.join(&case.name) };
    if let Err(e) = set_up(case, &places) {
        return vec![format!("setup: {e}")];
    }
    let before: Vec<(String, Vec<u8>)> =
        case.unchanged.iter().map(|p| (p.clone(), fs::read(root().join(places.path(p))).unwrap_or_default())).collect();
    let variants: Vec<Option<&String>> =
        if case.jobs.is_empty() { vec![None] } else { case.jobs.iter().map(Some).collect() };
    let mut problems = Vec::new();
    for jobs in variants {
        let mut args: Vec<String> = case.args.iter().map(|a| places.fill(a)).collect();
        if let Some(jobs) = jobs {
            args.splice(1..1, ["--jobs".to_string(), jobs.clone()]);
        }
        let at = match jobs {
            Some(j) => format!("--jobs {j}: "),
            None => String::new(),
        };
        let stdin = case.stdin.as_ref().map(|s| places.path(s));
        let earlier = problems.len();
        let stdout_to = case.stdout_to.as_ref().map(|s| places.path(s));
        let io = Io {
            stdin: stdin.as_deref(),
            stdout_to: stdout_to.as_deref(),
            timeout: case.timeout.unwrap_or(DEFAULT_TIMEOUT),
            memory_mib: case.memory_mib.unwrap_or(MEMORY_MIB),
        };
        let ran = match run(&args, &io) {
            Ok(ran) => ran,
            Err(e) => {
                problems.push(format!("{at}{e}"));
                continue;
            }
        };
        let mut fail = |what: String| problems.push(format!("{at}{what}"));
        if ran.timed_out {
            fail("killed after its time limit".into());
        }
        if ran.code != case.exit {
            let code = ran.code.map_or("a signal (a crash, or the memory cap)".into(), |c| c.to_string());
            fail(format!("exit code {code}, expected {}", case.exit.expect("checked")));
        }
        if ran.stderr.contains("panicked") {
            fail("stderr holds a panic".into());
        }
        for want in case.stderr.iter().map(|t| places.expect(t)) {
            if !ran.stderr.contains(&want) {
                fail(format!("stderr lacks {want:?}"));
            }
        }
        for want in case.stdout.iter().map(|t| places.expect(t)) {
            if !ran.stdout.contains(&want) {
                fail(format!("stdout lacks {want:?}"));
            }
        }
        for unwanted in case.no_stderr.iter().map(|t| places.expect(t)) {
            if ran.stderr.contains(&unwanted) {
                fail(format!("stderr holds {unwanted:?}"));
            }
        }
        for unwanted in case.no_stdout.iter().map(|t| places.expect(t)) {
            if ran.stdout.contains(&unwanted) {
                fail(format!("stdout holds {unwanted:?}"));
            }
        }
        if let Some(max) = case.max_stderr
            && ran.stderr.len() > max
        {
            fail(format!("stderr is {} bytes, more than {max}", ran.stderr.len()));
        }
        let json = args.windows(2).any(|w| w[0] == "--format" && w[1] == "json");
        if json || case.records.is_some() {
            let mut records = Vec::new();
            for (i, line) in ran.stdout.lines().enumerate() {
                match serde_json::from_str::<serde_json::Value>(line) {
                    Ok(v) => records.push(v),
                    Err(e) => fail(format!("stdout line {} is not JSON ({e}): {line:.200}", i + 1)),
                }
            }
            let count = |status: &str| records.iter().filter(|r| r["status"] == status).count();
            if let Some(n) = case.records
                && records.len() != n
            {
                fail(format!("{} records, expected {n}", records.len()));
            }
            if let Some(n) = case.invalid
                && count("invalid") != n
            {
                fail(format!("{} invalid records, expected {n}", count("invalid")));
            }
            if let Some(n) = case.solved
                && count("solved") != n
            {
                fail(format!("{} solved records, expected {n}", count("solved")));
            }
            let indices: Vec<u64> = records.iter().filter_map(|r| r["index"].as_u64()).collect();
            if indices != (0..records.len() as u64).collect::<Vec<_>>() {
                fail(format!("record indices {indices:?} are not 0, 1, 2, … in order"));
            }
        }
        if problems.len() > earlier {
            let shown = |s: &str| s.chars().take(1500).collect::<String>();
            problems.push(format!(
                "    ran: coverlab {}\n    stdout: {}\n    stderr: {}",
                args.join(" "),
                shown(&ran.stdout),
                shown(&ran.stderr)
            ));
        }
    }
    for (path, bytes) in before {
        if fs::read(root().join(places.path(&path))).unwrap_or_default() != bytes {
            problems.push(format!("{path} was changed"));
        }
    }
    problems
}

/// Every file of the corpus directory, relative to it.
fn corpus_files(dir: &Path, base: &Path, out: &mut Vec<String>) {
    for entry in fs::read_dir(dir).expect("the corpus directory") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            corpus_files(&path, base, out);
        } else {
            out.push(path.strip_prefix(base).expect("inside").to_string_lossy().into_owned());
        }
    }
}

#[test]
fn every_bad_input_case_behaves_as_the_manifest_says() {
    let manifest = fs::read_to_string(root().join(CORPUS).join("cases.txt")).expect("the manifest");
    let cases = parse_manifest(&manifest).unwrap_or_else(|e| panic!("{e}"));

    // Every committed input is used by some case, so the corpus holds no dead files.
    let mut files = Vec::new();
    corpus_files(&root().join(CORPUS), &root().join(CORPUS), &mut files);
    let unused: Vec<&String> = files
        .iter()
        .filter(|f| !matches!(f.as_str(), "README.md" | "cases.txt" | ".gitattributes"))
        .filter(|f| !manifest.contains(&format!("{{in}}/{f}")))
        .collect();
    assert!(unused.is_empty(), "corpus files no case uses: {unused:?}");

    let scratch = std::env::temp_dir().join(format!("coverlab-bad-input-{}", std::process::id()));
    let _ = fs::remove_dir_all(&scratch);
    let next = AtomicUsize::new(0);
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get()).min(4);
    let mut results: Vec<(usize, Vec<String>, Duration)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(case) = cases.get(i) else { break };
                        let start = Instant::now();
                        let problems = check(case, &scratch);
                        done.push((i, problems, start.elapsed()));
                    }
                    done
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().expect("a worker")).collect()
    });
    // The slowest cases, for `cargo test --test bad_input -- --nocapture`.
    results.sort_by_key(|(_, _, took)| std::cmp::Reverse(*took));
    for (i, _, took) in results.iter().take(8) {
        println!("{:>6} ms  {}", took.as_millis(), cases[*i].name);
    }
    results.sort_by_key(|(i, _, _)| *i);
    let failures: Vec<String> = results
        .iter()
        .filter(|(_, problems, _)| !problems.is_empty())
        .map(|(i, problems, _)| {
            let case = &cases[*i];
            format!("case {} (cases.txt:{}):\n  {}", case.name, case.line, problems.join("\n  "))
        })
        .collect();
    let _ = fs::remove_dir_all(&scratch);
    assert!(failures.is_empty(), "{} of {} cases failed:\n\n{}", failures.len(), cases.len(), failures.join("\n\n"));
}

#[test]
fn the_manifest_escapes_read_as_documented() {
    assert_eq!(unescape(r"a\nb\r\t\0\\").unwrap(), b"a\nb\r\t\0\\");
    assert_eq!(unescape(r"\xff\u{FEFF}1").unwrap(), b"\xff\xef\xbb\xbf1");
    assert_eq!(unescape(r"\{3*ab}c").unwrap(), b"abababc");
    assert_eq!(unescape(r"\{2*\x00.}").unwrap(), b"\0.\0.");
    assert!(unescape(r"\q").is_err());
}
