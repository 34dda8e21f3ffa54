"""coverlab from Python: solve, count, generate, rate, explain, hint and check sudoku-like
puzzles of any size and spec, with the command line's own code.

Each function runs the command of the same name (``coverlab solve --format json …``) in the
extension module, with the GIL released, and returns its JSON records as dicts with the CLI's
field names. Puzzles can be given as

- one puzzle string (``"4...3.......6..8…"``, a grid over several lines, an f-puzzles link):
  one record back, and an unreadable puzzle raises :class:`InputError`;
- a list of puzzle strings, a file path (``pathlib.Path`` or any ``os.PathLike``), or a NumPy
  array of shape ``(N, n*n)`` (0 for an empty cell): a list of records in input order, a bad
  puzzle being a record with ``status`` ``"invalid"`` and its ``error``, as in the CLI.

``solve`` and ``count`` build their dicts from the results directly, without JSON;
:func:`solve_array` gives a batch's results as NumPy arrays only, the fastest way.
"""

from __future__ import annotations

import json
import math
import os
import re
import warnings
from typing import Any, Dict, Iterable, List, NamedTuple, Optional, Sequence, Union

from ._coverlab import STATUSES, InputError, Spec, SpecError, __version__
from ._coverlab import check_strategy as _check_strategy
from ._coverlab import default_symbols as _default_symbols
from ._coverlab import run as _run

__all__ = [
    "CoverlabWarning",
    "InputError",
    "STATUSES",
    "SolvedArrays",
    "Spec",
    "SpecError",
    "__version__",
    "check",
    "count",
    "dataset_card",
    "explain",
    "generate",
    "hint",
    "rate",
    "solve",
    "solve_array",
    "solutions_array",
]

Record = Dict[str, Any]

_WHERE = re.compile(r"^(?P<file>.+?):(?P<line>\d+): ")
_CELL = re.compile(r"\br(\d+)c(\d+)\b")
_UNREADABLE = re.compile(r"^cannot open (?P<file>.+?): ")


def _input_error(message: str, location: Optional[str] = None) -> InputError:
    """An InputError with ``file``, ``line`` and ``cell`` taken from the CLI's message."""
    err = InputError(message)
    err.file, err.line, err.cell = None, None, None
    where = _WHERE.match(location + ": " if location else message)
    if where:
        err.file, err.line = where.group("file"), int(where.group("line"))
    elif _UNREADABLE.match(message):
        err.file = _UNREADABLE.match(message).group("file")
    cell = _CELL.search(message)
    if cell:
        err.cell = f"r{cell.group(1)}c{cell.group(2)}"
    return err


def _spec(spec: Union[None, str, Spec]) -> Optional[Spec]:
    if spec is None or isinstance(spec, Spec):
        return spec
    if isinstance(spec, os.PathLike):
        return Spec(os.fspath(spec))
    if "?load=" in spec or spec.startswith("N4Ig"):
        return Spec.from_fpuzzles(spec)
    return Spec(spec)


def _is_array(value: Any) -> bool:
    return hasattr(value, "shape") and hasattr(value, "dtype")


def _array_text(array: Any, spec: Optional[Spec]) -> str:
    """The rows of an (N, n*n) integer array as puzzle lines ('.' for 0)."""
    import numpy as np

    a = np.asarray(array)
    if a.ndim == 1:
        a = a[np.newaxis, :]
    if a.ndim != 2 or not np.issubdtype(a.dtype, np.integer):
        raise InputError(f"an array of puzzles is (N, n*n) integers, not {a.ndim}-d {a.dtype}")
    cells = a.shape[1]
    n = math.isqrt(cells)
    if n * n != cells or n < 1:
        raise InputError(f"an array row holds n*n cells: {cells} is not a square")
    symbols = spec.symbols if spec is not None else _default_symbols(n)
    if spec is not None and spec.size != n:
        raise InputError(f"the array's puzzles are {n}x{n}, but spec {spec.name} is {spec.size}x{spec.size}")
    bad = np.argwhere((a < 0) | (a > n))
    if len(bad):
        row, col = (int(x) for x in bad[0])
        cell = f"r{col // n + 1}c{col % n + 1}"
        raise _input_error(
            f"<array>:{row + 1}: {cell}: value {int(a[row, col])} is out of range (0 for empty, 1 to {n})",
        )
    marks = np.frombuffer(("." + symbols).encode("ascii"), dtype=np.uint8)
    lines = np.empty((a.shape[0], cells + 1), dtype=np.uint8)
    lines[:, :cells] = marks[a.astype(np.intp)]
    lines[:, cells] = ord("\n")
    return lines.tobytes().decode("ascii")


def _source(puzzles: Any, spec: Optional[Spec]):
    """(file arguments, text, single): where the puzzles come from."""
    if isinstance(puzzles, os.PathLike):
        return [os.fspath(puzzles)], None, False
    if isinstance(puzzles, str):
        return [], puzzles, True
    if _is_array(puzzles):
        return [], _array_text(puzzles, spec), False
    items = list(puzzles)
    for i, item in enumerate(items):
        if not isinstance(item, str):
            raise TypeError(f"puzzle {i} is a {type(item).__name__}, not a str")
    sep = "\n\n" if any("\n" in item.strip() for item in items) else "\n"
    return [], sep.join(item.strip() for item in items) + "\n", False


class CoverlabWarning(UserWarning):
    """Advice on puzzles that were read all the same (the CLI says it on stderr): too few
    givens for the spec they were read with, drawings read past."""


def _call(args: List[str], text: Optional[str], spec: Optional[Spec], hand: Optional[str] = None, depth: int = 4):
    """Runs the command: (its output, its notes on whole inputs); warnings are warned. With
    ``hand`` (solve and count), the output is the records as dicts (``"records"``) or arrays'
    bytes (``"arrays"``) rather than JSON."""
    try:
        _exit, out, notes, advice = _run(args, text, spec, hand)
    except InputError as e:
        raise _input_error(str(e)) from None
    for line in advice:
        warnings.warn(line, CoverlabWarning, stacklevel=depth)
    return out, notes


def _parse(out: bytes) -> List[Record]:
    """The JSON lines the command wrote, as dicts: one json.loads for all (a record is one line:
    its strings escape their newlines), half the time of one call per line."""
    lines = out.strip(b"\n")
    return json.loads(b"[" + lines.replace(b"\n", b",") + b"]") if lines else []


def _records(command: str, options: List[str], puzzles: Any, spec: Union[None, str, Spec]):
    spec_obj = _spec(spec)
    files, text, single = _source(puzzles, spec_obj)
    if text is not None and not text.strip():
        return None if single else []
    args = [command, *options, "--"] + files if files else [command, *options]
    # solve and count hand their records over as dicts, without JSON in between.
    handed = command in ("solve", "count")
    out, notes = _call(args, text, spec_obj, "records" if handed else None)
    if notes:
        raise _input_error("; ".join(notes))
    records = out if handed else _parse(out)
    if single:
        if len(records) != 1:
            raise InputError(f"<argument>: {len(records)} puzzles in one string: pass a list or a file")
        record = records[0]
        if record.get("status") == "invalid":
            raise _input_error(record.get("error", "invalid puzzle"), None)
        return record
    return records


def _opt(options: List[str], flag: str, value: Any) -> None:
    if value is None or value is False:
        return
    if value is True:
        options.append(flag)
    else:
        options += [flag, str(value)]


def _common(strategy: Optional[str], jobs: Optional[int], timeout: Optional[float], input_format: Optional[str]):
    options: List[str] = []
    if strategy is not None:
        _check_strategy(strategy)
    _opt(options, "--strategy", strategy)
    _opt(options, "--jobs", jobs)
    _opt(options, "--timeout", timeout)
    _opt(options, "--input-format", input_format)
    return options


def _solve(command, puzzles, spec, strategy, seed, max_solutions, max_nodes, timeout, jobs, input_format):
    options = _common(strategy, jobs, timeout, input_format)
    options += ["--format", "json", "--progress", "never", "--seed", str(seed)]
    _opt(options, "--max-solutions", max_solutions)
    _opt(options, "--max-nodes", max_nodes)
    return _records(command, options, puzzles, spec)


def solve(
    puzzles: Any,
    *,
    spec: Union[None, str, Spec] = None,
    strategy: Optional[str] = None,
    seed: int = 0,
    max_solutions: Optional[int] = None,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
    jobs: Optional[int] = None,
    input_format: Optional[str] = None,
) -> Any:
    """Solves puzzles, as ``coverlab solve --format json``: one record per puzzle with
    ``index``, ``status``, ``location``, ``spec``, ``solutions``, ``unique`` and ``stats``."""
    return _solve("solve", puzzles, spec, strategy, seed, max_solutions, max_nodes, timeout, jobs, input_format)


class SolvedArrays(NamedTuple):
    """What :func:`solve_array` gives: a row per puzzle."""

    solutions: Any
    """The first solution found, ``(N, n*n)`` ``uint8`` values; a row of zeros without one."""
    status: Any
    """``"solved"``, ``"unsolvable"``, ``"invalid"`` or ``"stopped"``, as the records say."""
    unique: Any
    """``bool``: the puzzle is known to have exactly one solution."""


def solve_array(
    puzzles: Any,
    *,
    spec: Union[None, str, Spec] = None,
    strategy: Optional[str] = None,
    seed: int = 0,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
    jobs: Optional[int] = None,
) -> SolvedArrays:
    """Solves an ``(N, n*n)`` integer array of puzzles (0 for an empty cell) as :func:`solve`
    does, and gives the results as arrays: :class:`SolvedArrays` ``(solutions, status,
    unique)``, with no record per puzzle. An out-of-range value raises :class:`InputError`;
    a puzzle whose givens clash is ``"invalid"`` in ``status``."""
    import numpy as np

    spec_obj = _spec(spec)
    a = np.asarray(puzzles)
    text = _array_text(a, spec_obj)
    rows, cells = (1, a.shape[0]) if a.ndim == 1 else a.shape
    options = _common(strategy, jobs, timeout, None)
    options += ["--format", "json", "--progress", "never", "--seed", str(seed)]
    _opt(options, "--max-nodes", max_nodes)
    if rows == 0:
        solutions, status, unique = b"", b"", b""
    else:
        (solutions, status, unique), notes = _call(["solve", *options], text, spec_obj, "arrays", depth=3)
        if notes:
            raise _input_error("; ".join(notes))
    if len(status) != rows:
        raise InputError(f"<array>: {rows} rows read as {len(status)} puzzles")
    solved = np.frombuffer(solutions, dtype=np.uint8).copy() if solutions else np.zeros(rows * cells, dtype=np.uint8)
    return SolvedArrays(
        solved.reshape(rows, cells),
        np.array(STATUSES)[np.frombuffer(status, dtype=np.uint8).astype(np.intp)],
        np.frombuffer(unique, dtype=np.uint8).astype(bool),
    )


def count(
    puzzles: Any,
    *,
    spec: Union[None, str, Spec] = None,
    strategy: Optional[str] = None,
    seed: int = 0,
    max_solutions: Optional[int] = None,
    max_nodes: Optional[int] = None,
    timeout: Optional[float] = None,
    jobs: Optional[int] = None,
    input_format: Optional[str] = None,
) -> Any:
    """Counts solutions, as ``coverlab count --format json``: records with ``count`` and
    ``exact`` (false when a limit stopped the count)."""
    return _solve("count", puzzles, spec, strategy, seed, max_solutions, max_nodes, timeout, jobs, input_format)


def rate(
    puzzles: Any,
    *,
    spec: Union[None, str, Spec] = None,
    timeout: Optional[float] = None,
    jobs: Optional[int] = None,
    input_format: Optional[str] = None,
) -> Any:
    """Rates puzzles, as ``coverlab rate --format json``: ``score``, ``level`` and the counts
    behind them."""
    options = _common(None, jobs, timeout, input_format) + ["--format", "json", "--progress", "never"]
    return _records("rate", options, puzzles, spec)


def explain(
    puzzles: Any,
    *,
    spec: Union[None, str, Spec] = None,
    max_steps: Optional[int] = None,
    jobs: Optional[int] = None,
    input_format: Optional[str] = None,
) -> Any:
    """Solves as a person would, as ``coverlab explain --format json``: ``steps`` (each with
    ``technique``, ``text``, ``placements``, ``eliminations``), ``ending`` and ``grid``."""
    options = _common(None, jobs, None, input_format) + ["--format", "json"]
    _opt(options, "--max-steps", max_steps)
    return _records("explain", options, puzzles, spec)


def hint(
    puzzles: Any,
    *,
    spec: Union[None, str, Spec] = None,
    nudge: bool = False,
    puzzle: Union[None, str, "os.PathLike[str]"] = None,
    jobs: Optional[int] = None,
    input_format: Optional[str] = None,
) -> Any:
    """The next step, as ``coverlab hint --format json``: ``hint`` in words and its ``step``
    (none with ``nudge=True``, which says only where to look). With ``puzzle`` (the puzzle as it
    was set, written out or a file), each of ``puzzles`` is progress on it, and entries that are
    not its solution are named instead (``wrong``: their cells)."""
    options = _common(None, jobs, None, input_format) + ["--format", "json"]
    _opt(options, "--nudge", nudge)
    _opt(options, "--puzzle", None if puzzle is None else os.fspath(puzzle))
    return _records("hint", options, puzzles, spec)


def check(
    puzzles: Any,
    *,
    spec: Union[None, str, Spec] = None,
    input_format: Optional[str] = None,
) -> Any:
    """Reads puzzles without solving, as ``coverlab check --format json``: ``status`` ``ok``
    (with the ``spec`` and what it ``holds``) or ``invalid`` (with the ``error``)."""
    options = _common(None, None, None, input_format) + ["--format", "json"]
    return _records("check", options, puzzles, spec)


def generate(
    count: int = 1,
    *,
    spec: Union[None, str, Spec] = None,
    size: Optional[int] = None,
    seed: int = 0,
    clues: Optional[int] = None,
    minimal: bool = False,
    difficulty: Optional[str] = None,
    symmetry: Optional[str] = None,
    full: bool = False,
    attempts: Optional[int] = None,
    timeout: Optional[float] = None,
    jobs: Optional[int] = None,
    start: int = 0,
    parquet: Union[None, str, "os.PathLike[str]"] = None,
    rows_per_file: Optional[int] = None,
    techniques: bool = False,
    card: bool = True,
) -> Any:
    """Makes ``count`` unique puzzles, as ``coverlab generate --format json``: the same puzzles
    for the same seed and options, whatever ``jobs``. ``spec="jigsaw"`` makes random jigsaw
    layouts (``size`` sets their side). ``start`` is the index of the first puzzle (puzzles
    ``start`` to ``start + count - 1`` of the seed, as a run from 0 makes them).

    With ``parquet=DIR``, as ``coverlab generate --format parquet --output DIR``: the puzzles
    go into Parquet files in ``DIR/data`` (``rows_per_file`` to a file, ``techniques`` adding
    the human techniques' histogram), and the dataset card (``DIR/dataset.json``, returned as a
    dict) beside them; ``card=False`` writes the files only (a share of a set: see
    :func:`dataset_card`) and returns None."""
    if parquet is not None:
        options = ["--format", "parquet", "--output", os.fspath(parquet)]
        options += ["--progress", "never", "-n", str(count), "--seed", str(seed), "--start", str(start)]
        _opt(options, "--rows-per-file", rows_per_file)
        _opt(options, "--techniques", techniques)
        _opt(options, "--no-card", not card)
    else:
        if rows_per_file is not None or techniques or not card:
            raise ValueError("rows_per_file, techniques and card are for parquet=DIR")
        options = ["--format", "json", "--progress", "never", "-n", str(count), "--seed", str(seed)]
        _opt(options, "--start", start)
    spec_obj = None
    if spec == "jigsaw":
        options += ["--spec", "jigsaw"]
    else:
        spec_obj = _spec(spec)
    for flag, value in [
        ("--size", size),
        ("--clues", clues),
        ("--minimal", minimal),
        ("--difficulty", difficulty),
        ("--symmetry", symmetry),
        ("--full", full),
        ("--attempts", attempts),
        ("--timeout", timeout),
        ("--jobs", jobs),
    ]:
        _opt(options, flag, value)
    out, _notes = _call(["generate", *options], None, spec_obj)
    if parquet is not None:
        return _read_card(parquet) if card else None
    return _parse(out)


def _read_card(directory: Union[str, "os.PathLike[str]"]) -> Record:
    with open(os.path.join(os.fspath(directory), "dataset.json"), encoding="utf-8") as f:
        return json.load(f)


def dataset_card(directory: Union[str, "os.PathLike[str]"]) -> Record:
    """Writes the dataset card (``dataset.json``, ``README.md``) of the Parquet files already in
    ``directory/data``, as ``coverlab generate --format parquet --output DIR --card-only``, and
    returns it as a dict: the step after shares of a set were made apart (``generate(...,
    parquet=DIR, start=..., card=False)``, one per task). The files must come from one recipe
    and cover one range of indices; the card is then the one a single run writes."""
    _call(["generate", "--format", "parquet", "--output", os.fspath(directory), "--card-only"], None, None)
    return _read_card(directory)


def solutions_array(records: Iterable[Record], symbols: Optional[str] = None, size: Optional[int] = None):
    """The first solution of each record as a NumPy array of shape (N, n*n), dtype uint8;
    a row of zeros where a puzzle has no solution. ``symbols`` defaults to the grid size's
    default symbols (a spec's ``Spec.symbols`` for others)."""
    import numpy as np

    records = list(records)
    grids: Sequence[Optional[str]] = [(r.get("solutions") or [None])[0] for r in records]
    if size is None:
        found = next((g for g in grids if g), None)
        size = math.isqrt(len(found)) if found else 0
    symbols = symbols or (_default_symbols(size) if size else "")
    lookup = np.zeros(256, dtype=np.uint8)
    for value, symbol in enumerate(symbols, start=1):
        lookup[ord(symbol)] = value
    out = np.zeros((len(records), size * size), dtype=np.uint8)
    for i, grid in enumerate(grids):
        if grid:
            out[i] = lookup[np.frombuffer(grid.encode("ascii"), dtype=np.uint8)]
    return out
