//! Every puzzle reader, and the writers' round trip: the first byte picks the format (or
//! detection) and a forced spec; the rest is the input. Every entry is a puzzle or an error with
//! a line; a puzzle's own spec (f-puzzles, killer forms, ISS strings) compiles or is refused;
//! every other puzzle read, written in each output format and read again, gives the same values.
#![no_main]

use coverlab_formats::{InputFormat, OutputFormat, Reader, write, write_boxed};
use coverlab_model::{Model, builtin};
use libfuzzer_sys::fuzz_target;

const SPECS: [Option<&str>; 4] = [None, Some("classic-4x4"), Some("classic-9x9"), Some("jigsaw-9x9")];

fuzz_target!(|data: &[u8]| {
    let Some((&choice, input)) = data.split_first() else { return };
    let formats = [
        None,
        Some(InputFormat::Line),
        Some(InputFormat::Grid),
        Some(InputFormat::Header),
        Some(InputFormat::Csv),
        Some(InputFormat::Fpuzzles),
        Some(InputFormat::Killer),
        Some(InputFormat::Iss),
        Some(InputFormat::Sudokupad),
    ];
    let format = formats[usize::from(choice) % formats.len()];
    let spec: Option<Model> =
        SPECS[usize::from(choice) / formats.len() % SPECS.len()].map(|name| builtin::load(name).unwrap().unwrap());
    let mut lines = 0usize;
    for entry in Reader::new(input, "fuzz", format, spec.as_ref()) {
        lines = lines.max(entry.line);
        let Ok(parsed) = entry.result else { continue };
        assert_eq!(parsed.values.len(), parsed.size * parsed.size);
        assert!(parsed.values.iter().all(|&v| usize::from(v) <= parsed.size));
        if let Some(own) = parsed.spec {
            // A puzzle that brings its own spec (f-puzzles, killer forms, ISS): the spec compiles
            // to a model of the puzzle's size, or is refused with a message; those formats are
            // not written back as plain grids.
            if let Ok(model) = Model::compile(*own) {
                assert_eq!(model.size(), parsed.size);
            }
            continue;
        }
        let by_size;
        let model = match &spec {
            Some(model) => model,
            None => match builtin::for_cell_count(parsed.values.len()).and_then(|n| builtin::load(n)?.ok()) {
                Some(model) => {
                    by_size = model;
                    &by_size
                }
                None => continue,
            },
        };
        for out in [OutputFormat::Line, OutputFormat::Grid, OutputFormat::Boxed] {
            let text = match out {
                OutputFormat::Boxed => write_boxed(&parsed.values, &parsed.symbols, model.regions()),
                _ => write(&parsed.values, &parsed.symbols, None, out),
            };
            let again: Vec<_> = Reader::new(text.as_bytes(), "again", None, Some(model)).collect();
            assert_eq!(again.len(), 1, "{out:?} wrote one puzzle:\n{text}");
            let read = again[0].result.as_ref().unwrap_or_else(|e| panic!("{out:?} reads back: {e}\n{text}"));
            assert_eq!(read.values, parsed.values, "{out:?}:\n{text}");
        }
    }
    let _ = lines;
});
