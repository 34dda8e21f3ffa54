"""coverlab from Python: the command line's solve, count, generate, rate, explain, hint and
check as functions, over puzzle strings, lists of strings, files and NumPy arrays.

A single puzzle string gives one record (a dict with the fields of the CLI's JSON output) and
raises InputError when it cannot be read; a list, a file or an array gives a list of records in
input order, where a bad puzzle is a record with ``status`` ``"invalid"`` and its ``error``.
"""

import os
from typing import Any, Dict, Iterable, List, NamedTuple, Optional, Sequence, Tuple, Union, overload

import numpy as np
import numpy.typing as npt

__version__: str

STATUSES: Tuple[str, str, str, str]
"""The statuses a record can have: ``("solved", "unsolvable", "invalid", "stopped")``."""

Record = Dict[str, Any]
"""One result, with the CLI's JSON field names (``index``, ``status``, ``location``, …)."""

Puzzles = Union[Sequence[str], "os.PathLike[str]", npt.NDArray[np.integer[Any]]]
"""Many puzzles: a list of puzzle strings, a file's path, or an (N, n*n) integer array with 0
for an empty cell."""

SpecLike = Union[None, str, "os.PathLike[str]", "Spec"]
"""A Spec, or what makes one: a built-in name, a RON file's path, RON text, an f-puzzles link."""

class InputError(ValueError):
    """A puzzle or an input cannot be read. The message is the CLI's; ``file``, ``line`` and
    ``cell`` (``"r2c5"``) say where, when known."""

    file: Optional[str]
    line: Optional[int]
    cell: Optional[str]

class SpecError(ValueError):
    """A spec cannot be built. The message is the CLI's; ``file``, ``line`` and ``column`` say
    where, when known."""

    file: Optional[str]
    line: Optional[int]
    column: Optional[int]

class Spec:
    """A compiled spec (the rules of a puzzle family)."""

    def __init__(self, spec: str) -> None:
        """A built-in spec's name (``"killer-9x9-example"``), a RON file's path, or RON text
        (starting with ``(``). Raises SpecError."""
    @staticmethod
    def from_fpuzzles(link: str) -> Spec:
        """The rules an f-puzzles link (or its payload or JSON) brings. Raises SpecError."""
    @property
    def name(self) -> str:
        """The spec's name."""
    @property
    def size(self) -> int:
        """The grid's side (9 for 9×9)."""
    @property
    def symbols(self) -> str:
        """The symbols of values 1 to n, in order (``"123456789"``)."""
    def to_ron(self) -> str:
        """The spec as RON text."""

@overload
def solve(
    puzzles: str,
    *,
    spec: SpecLike = ...,
    strategy: Optional[str] = ...,
    seed: int = ...,
    max_solutions: Optional[int] = ...,
    max_nodes: Optional[int] = ...,
    timeout: Optional[float] = ...,
    jobs: Optional[int] = ...,
    input_format: Optional[str] = ...,
) -> Record: ...
@overload
def solve(
    puzzles: Puzzles,
    *,
    spec: SpecLike = ...,
    strategy: Optional[str] = ...,
    seed: int = ...,
    max_solutions: Optional[int] = ...,
    max_nodes: Optional[int] = ...,
    timeout: Optional[float] = ...,
    jobs: Optional[int] = ...,
    input_format: Optional[str] = ...,
) -> List[Record]:
    """Solves puzzles as ``coverlab solve --format json``: ``status`` (solved, unsolvable,
    stopped, invalid), ``solutions``, ``unique``, ``stats``. ``strategy`` is written as on the
    command line (``"fast(locked: false)"``); ``jobs`` threads solve in parallel and the
    records stay in input order."""

@overload
def count(
    puzzles: str,
    *,
    spec: SpecLike = ...,
    strategy: Optional[str] = ...,
    seed: int = ...,
    max_solutions: Optional[int] = ...,
    max_nodes: Optional[int] = ...,
    timeout: Optional[float] = ...,
    jobs: Optional[int] = ...,
    input_format: Optional[str] = ...,
) -> Record: ...
@overload
def count(
    puzzles: Puzzles,
    *,
    spec: SpecLike = ...,
    strategy: Optional[str] = ...,
    seed: int = ...,
    max_solutions: Optional[int] = ...,
    max_nodes: Optional[int] = ...,
    timeout: Optional[float] = ...,
    jobs: Optional[int] = ...,
    input_format: Optional[str] = ...,
) -> List[Record]:
    """Counts solutions as ``coverlab count --format json``: ``count`` and ``exact`` (false
    when ``max_solutions`` or another limit stopped the count)."""

@overload
def rate(
    puzzles: str,
    *,
    spec: SpecLike = ...,
    timeout: Optional[float] = ...,
    jobs: Optional[int] = ...,
    input_format: Optional[str] = ...,
) -> Record: ...
@overload
def rate(
    puzzles: Puzzles,
    *,
    spec: SpecLike = ...,
    timeout: Optional[float] = ...,
    jobs: Optional[int] = ...,
    input_format: Optional[str] = ...,
) -> List[Record]:
    """Rates puzzles as ``coverlab rate --format json``: ``score``, ``level`` and the singles,
    eliminations and guesses behind them."""

@overload
def explain(
    puzzles: str,
    *,
    spec: SpecLike = ...,
    max_steps: Optional[int] = ...,
    jobs: Optional[int] = ...,
    input_format: Optional[str] = ...,
) -> Record: ...
@overload
def explain(
    puzzles: Puzzles,
    *,
    spec: SpecLike = ...,
    max_steps: Optional[int] = ...,
    jobs: Optional[int] = ...,
    input_format: Optional[str] = ...,
) -> List[Record]:
    """Solves as a person would, as ``coverlab explain --format json``: ``steps`` (each with
    ``technique``, ``text``, ``placements``, ``eliminations``), ``ending`` and ``grid``."""

@overload
def hint(
    puzzles: str,
    *,
    spec: SpecLike = ...,
    nudge: bool = ...,
    puzzle: Union[None, str, os.PathLike[str]] = ...,
    jobs: Optional[int] = ...,
    input_format: Optional[str] = ...,
) -> Record: ...
@overload
def hint(
    puzzles: Puzzles,
    *,
    spec: SpecLike = ...,
    nudge: bool = ...,
    puzzle: Union[None, str, os.PathLike[str]] = ...,
    jobs: Optional[int] = ...,
    input_format: Optional[str] = ...,
) -> List[Record]:
    """The next step, as ``coverlab hint --format json``: ``hint`` in words and its ``step``
    (without it when ``nudge``, which says only what to look for and where). With ``puzzle``
    (the puzzle as it was set), entries of the progress that are not its solution are named
    instead (``wrong``: their cells)."""

@overload
def check(puzzles: str, *, spec: SpecLike = ..., input_format: Optional[str] = ...) -> Record: ...
@overload
def check(puzzles: Puzzles, *, spec: SpecLike = ..., input_format: Optional[str] = ...) -> List[Record]:
    """Reads puzzles without solving, as ``coverlab check --format json``: ``status`` ``ok``
    (with ``spec``, ``size`` and what it ``holds``) or ``invalid`` (with ``error``)."""

@overload
def generate(
    count: int = ...,
    *,
    spec: SpecLike = ...,
    size: Optional[int] = ...,
    seed: int = ...,
    clues: Optional[int] = ...,
    minimal: bool = ...,
    difficulty: Optional[str] = ...,
    symmetry: Optional[str] = ...,
    full: bool = ...,
    attempts: Optional[int] = ...,
    timeout: Optional[float] = ...,
    jobs: Optional[int] = ...,
    start: int = ...,
    parquet: None = ...,
) -> List[Record]:
    """Makes ``count`` unique puzzles as ``coverlab generate --format json`` (``puzzle``,
    ``solution``, ``givens``, ``level``, ``score``, ``seed``): the same puzzles for the same
    seed and options, whatever ``jobs``. ``spec="jigsaw"`` makes random jigsaw layouts.
    ``start`` is the index of the first puzzle (``start`` to ``start + count - 1`` of the
    seed, as a run from 0 makes them)."""
@overload
def generate(
    count: int = ...,
    *,
    spec: SpecLike = ...,
    size: Optional[int] = ...,
    seed: int = ...,
    clues: Optional[int] = ...,
    minimal: bool = ...,
    difficulty: Optional[str] = ...,
    symmetry: Optional[str] = ...,
    full: bool = ...,
    attempts: Optional[int] = ...,
    timeout: Optional[float] = ...,
    jobs: Optional[int] = ...,
    start: int = ...,
    parquet: Union[str, "os.PathLike[str]"],
    rows_per_file: Optional[int] = ...,
    techniques: bool = ...,
    card: bool = ...,
) -> Optional[Record]:
    """As ``coverlab generate --format parquet --output DIR``: Parquet files in ``DIR/data``
    (``rows_per_file`` puzzles to a file; ``techniques`` adds the human techniques' histogram
    column) and the dataset card beside them, returned as a dict (``DIR/dataset.json``: the
    recipe, counts, levels, scores, givens). ``card=False`` writes the files only and returns
    None: a share of a set, made by one task; :func:`dataset_card` then writes the card."""

def dataset_card(directory: Union[str, "os.PathLike[str]"]) -> Record:
    """Writes the card (``dataset.json``, ``README.md``) of the Parquet files in
    ``directory/data`` and returns it: the step after shares of a set were made apart. The
    files must come from one recipe and cover one range of indices, each once; the card is then
    the one a single run writes."""

class SolvedArrays(NamedTuple):
    """What :func:`solve_array` gives: a row per puzzle."""

    solutions: npt.NDArray[np.uint8]
    """The first solution found, (N, n*n) values; a row of zeros without one."""
    status: npt.NDArray[np.str_]
    """``"solved"``, ``"unsolvable"``, ``"invalid"`` or ``"stopped"``, as the records say."""
    unique: npt.NDArray[np.bool_]
    """The puzzle is known to have exactly one solution."""

def solve_array(
    puzzles: npt.NDArray[np.integer[Any]],
    *,
    spec: SpecLike = ...,
    strategy: Optional[str] = ...,
    seed: int = ...,
    max_nodes: Optional[int] = ...,
    timeout: Optional[float] = ...,
    jobs: Optional[int] = ...,
) -> SolvedArrays:
    """Solves an (N, n*n) integer array of puzzles (0 for an empty cell) as ``solve`` does,
    with the results as arrays and no record per puzzle: the fastest way to solve a batch. An
    out-of-range value raises InputError; a puzzle whose givens clash is ``"invalid"``."""

def solutions_array(
    records: Iterable[Record], symbols: Optional[str] = ..., size: Optional[int] = ...
) -> npt.NDArray[np.uint8]:
    """The first solution of each record as an (N, n*n) uint8 array, a row of zeros where a
    puzzle has none; ``symbols`` defaults to the size's default (pass ``Spec.symbols`` for a
    spec of other symbols)."""

class CoverlabWarning(UserWarning):
    """Advice on puzzles that were read all the same (the CLI says it on stderr): too few givens
    for the spec they were read with, drawings read past."""
