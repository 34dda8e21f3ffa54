//! The files a command writes (`--trace`, `--summary`, `--plot`, `--html`, `--spec-out`,
//! `--output`): one rule for all of them.
//!
//! - **Checked before anything is written** ([`check`]): no output may be one of the run's inputs
//!   (a puzzle file, a spec file, a stored run, the file behind standard input), under any name,
//!   nor the same file as another output of the run (`--trace X --summary X` would leave only
//!   the summary). Outputs that are not regular files (`/dev/null`, a pipe) are exempt.
//! - **Written whole or not at all** ([`OutputFile`]): the bytes go to a temporary file beside
//!   the target, renamed over it once complete. An interrupted or failed run, a crash, or two
//!   runs writing the same path at once never leave a torn file: the target holds what it held
//!   before, or one run's complete output (the last to finish).
//!
//! The module sits at the bottom of the binary's modules: it needs nothing but `std`.

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use anyhow::{Result, bail};
use coverlab_model::text::file_name;

/// Refuses the run when an output is one of `inputs` or the same file as another output.
/// `outputs` pairs each path with the flag that named it (`--trace`); `inputs` are paths as
/// given (`-` is standard input, checked as `/dev/stdin`).
pub fn check<'a>(
    outputs: impl IntoIterator<Item = (&'a str, &'a Path)>,
    inputs: impl IntoIterator<Item = &'a Path> + Clone,
) -> Result<()> {
    let outputs: Vec<(&str, &Path)> = outputs.into_iter().collect();
    for (k, &(flag, output)) in outputs.iter().enumerate() {
        for input in inputs.clone() {
            let input = if input.as_os_str() == "-" { Path::new("/dev/stdin") } else { input };
            if same_file(output, input) {
                bail!(
                    "{flag} {}: that is also an input ({}); writing it would destroy it",
                    file_name(output),
                    file_name(input)
                );
            }
        }
        if let Some((other, _)) = outputs[..k].iter().find(|(_, earlier)| same_target(output, earlier)) {
            bail!(
                "{flag} {}: that is also the {other} output; one run cannot write both to one file",
                file_name(output)
            );
        }
    }
    Ok(())
}

/// True when `a` and `b` are the same regular file (or the same name, before either exists).
pub fn same_file(a: &Path, b: &Path) -> bool {
    let Ok(meta_a) = std::fs::metadata(a) else {
        return a == b;
    };
    if !meta_a.is_file() {
        return false;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        std::fs::metadata(b).is_ok_and(|meta_b| meta_a.dev() == meta_b.dev() && meta_a.ino() == meta_b.ino())
    }
    #[cfg(not(unix))]
    {
        matches!((std::fs::canonicalize(a), std::fs::canonicalize(b)), (Ok(x), Ok(y)) if x == y)
    }
}

/// True when two outputs would land in one file: the same existing regular file, or two names
/// of one file yet to be made (`out.json` and `./out.json`).
fn same_target(a: &Path, b: &Path) -> bool {
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(_), Ok(_)) => same_file(a, b),
        (Err(_), Err(_)) => match (planned(a), planned(b)) {
            (Some(x), Some(y)) => x == y,
            _ => a == b,
        },
        _ => false,
    }
}

/// The absolute path a file yet to be made will have: its directory resolved, its name kept.
fn planned(path: &Path) -> Option<PathBuf> {
    let name = path.file_name()?;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    Some(std::fs::canonicalize(dir).ok()?.join(name))
}

/// Temporary files made by this process, numbered so that two outputs never share one.
static MADE: AtomicUsize = AtomicUsize::new(0);

/// An output being written: to a temporary file beside the target until [`OutputFile::commit`]
/// renames it into place. Dropped without a commit, the temporary file is removed and the
/// target left as it was. A target that exists and is not a regular file (`/dev/null`, a pipe,
/// a terminal) is written directly.
#[derive(Debug)]
pub struct OutputFile {
    file: File,
    /// The temporary file, until committed; `None` when writing the target directly.
    temporary: Option<PathBuf>,
    /// Where the output goes (a symbolic link's own target, so the link stays a link).
    target: PathBuf,
}

impl OutputFile {
    /// Starts the output for `path`.
    pub fn create(path: &Path) -> io::Result<OutputFile> {
        let existing = std::fs::metadata(path).ok();
        if existing.as_ref().is_some_and(|m| !m.is_file()) {
            let file = File::create(path)?;
            return Ok(OutputFile { file, temporary: None, target: path.to_path_buf() });
        }
        let target = match existing {
            Some(_) => std::fs::canonicalize(path)?,
            None => path.to_path_buf(),
        };
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let name = target.file_name().map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
        loop {
            let number = MADE.fetch_add(1, Ordering::Relaxed);
            let temporary = dir.join(format!(".{name}.{}-{number}.tmp", std::process::id()));
            match std::fs::OpenOptions::new().write(true).create_new(true).open(&temporary) {
                Ok(file) => {
                    if let Some(meta) = &existing {
                        // The output keeps the permissions the target had.
                        let _ = file.set_permissions(meta.permissions());
                    }
                    return Ok(OutputFile { file, temporary: Some(temporary), target });
                }
                // Left by a process that died, or another's: take the next number.
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(e),
            }
        }
    }

    /// Puts the complete output in place.
    pub fn commit(mut self) -> io::Result<()> {
        self.file.flush()?;
        match self.temporary.take() {
            Some(temporary) => std::fs::rename(&temporary, &self.target).inspect_err(|_| {
                let _ = std::fs::remove_file(&temporary);
            }),
            None => Ok(()),
        }
    }
}

impl Write for OutputFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file.write(buf)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

impl Drop for OutputFile {
    fn drop(&mut self) {
        if let Some(temporary) = self.temporary.take() {
            let _ = std::fs::remove_file(temporary);
        }
    }
}

/// Writes `bytes` to `path` whole, as [`OutputFile`] does.
pub fn write(path: &Path, bytes: impl AsRef<[u8]>) -> Result<()> {
    let written = OutputFile::create(path).and_then(|mut out| {
        out.write_all(bytes.as_ref())?;
        out.commit()
    });
    written.map_err(|e| anyhow::anyhow!("cannot write {}: {e}", file_name(path)))
}
