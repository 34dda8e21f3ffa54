"""The Python package against the examples and test data of the repository.

Solutions are checked by `valid_classic` below (rows, columns and boxes, givens kept), written
here without coverlab, never by the solver that produced them.
"""

import math
import os
import pathlib
import subprocess

import numpy as np
import pytest

import coverlab

ROOT = pathlib.Path(__file__).resolve().parents[2]
CLASSIC_9 = ROOT / "examples/puzzles/classic-9x9.txt"
CLASSIC_16 = ROOT / "examples/puzzles/classic-16x16.txt"
KILLER = ROOT / "examples/puzzles/killer-9x9.txt"
KILLER_LINK = ROOT / "examples/puzzles/killer-link.txt"
JANKO_16 = ROOT / "tests/data/16x16/gecode_janko_55.txt"
MAGICTOUR = ROOT / "tests/data/9x9/magictour_top1465_first50.txt"

FOUR = ".342.....43....."
BAD_FOUR = "11.............."  # two 1s in row 1
UNSOLVABLE_FOUR = "12........3...4."  # r1c3 is 3 or 4, both in column 3 below


def lines(path):
    return [line.split()[0] for line in path.read_text().splitlines() if line.strip() and not line.startswith("#")]


def valid_classic(solution, puzzle, symbols):
    """True when `solution` fills `puzzle` as a classic sudoku: each row, column and box holds
    every symbol once, and every given is kept."""
    cells = len(solution)
    n = math.isqrt(cells)
    b = math.isqrt(n)
    if n * n != cells or b * b != n or len(puzzle) != cells or sorted(symbols) != sorted(set(symbols)):
        return False
    want = sorted(symbols)
    rows = [solution[r * n : (r + 1) * n] for r in range(n)]
    cols = ["".join(rows[r][c] for r in range(n)) for c in range(n)]
    boxes = [
        "".join(rows[br * b + r][bc * b + c] for r in range(b) for c in range(b)) for br in range(b) for bc in range(b)
    ]
    if any(sorted(unit) != want for unit in rows + cols + boxes):
        return False
    return all(g not in symbols or g == s for g, s in zip(puzzle, solution))


DIGITS = "123456789"


def test_valid_classic_catches_a_wrong_grid():
    good = "1342421324313124"
    assert valid_classic(good, FOUR, "1234")
    assert not valid_classic("1342421324313142", FOUR, "1234")  # row 4 fine, columns not
    assert not valid_classic("2341412313243412", FOUR, "1234")  # a given changed


def test_solve_one_string():
    record = coverlab.solve(FOUR)
    assert record["status"] == "solved"
    assert record["spec"] == "classic-4x4"
    assert record["unique"] is True
    assert set(record["stats"]) == {"nodes", "guesses", "backtracks", "placements"}
    assert valid_classic(record["solutions"][0], FOUR, "1234")


def test_solve_list_keeps_order_and_a_bad_puzzle_is_a_record():
    puzzles = lines(CLASSIC_9)
    records = coverlab.solve([puzzles[0], BAD_FOUR, puzzles[1]])
    assert [r["index"] for r in records] == [0, 1, 2]
    assert [r["status"] for r in records] == ["solved", "invalid", "solved"]
    assert records[1]["error"] == "<argument>:2: r1c1 and r1c2 both hold 1 in row 1"
    assert records[1]["location"] == "<argument>:2"
    for record, puzzle in zip([records[0], records[2]], [puzzles[0], puzzles[1]]):
        assert valid_classic(record["solutions"][0], puzzle, DIGITS)


def test_solve_file_and_jobs_give_the_same_records_in_order():
    one = coverlab.solve(MAGICTOUR, jobs=1)
    two = coverlab.solve(MAGICTOUR, jobs=2)
    assert len(one) == len(lines(MAGICTOUR)) == 50
    assert one == two
    for record, puzzle in zip(one, lines(MAGICTOUR)):
        assert record["status"] == "solved"
        assert valid_classic(record["solutions"][0], puzzle, DIGITS)


def test_solve_16x16():
    symbols = coverlab.Spec("classic-16x16").symbols
    puzzles = lines(CLASSIC_16)
    records = coverlab.solve(CLASSIC_16)
    assert [r["spec"] for r in records] == ["classic-16x16"] * len(puzzles)
    for record, puzzle in zip(records, puzzles):
        assert valid_classic(record["solutions"][0], puzzle, symbols)


@pytest.mark.parametrize("dtype", [np.uint8, np.int64, np.int32])
def test_solve_arrays(dtype):
    puzzles = lines(JANKO_16)[:10]
    symbols = coverlab.Spec("classic-16x16").symbols
    value = {s: i + 1 for i, s in enumerate(symbols)}
    array = np.array([[value.get(c, 0) for c in p] for p in puzzles], dtype=dtype)
    records = coverlab.solve(array)
    assert [r["status"] for r in records] == ["solved"] * 10
    assert [r["solutions"] for r in records] == [r["solutions"] for r in coverlab.solve(puzzles)]
    grids = coverlab.solutions_array(records)
    assert grids.shape == (10, 256) and grids.dtype == np.uint8
    assert ((array == 0) | (grids == array)).all()
    for row, puzzle in zip(grids, puzzles):
        assert valid_classic("".join(symbols[v - 1] for v in row), puzzle, symbols)


def json_records(args, text=None):
    """The command's JSON lines, as the CLI writes them, read back with json.loads."""
    import json

    _exit, out, _notes, _warnings = coverlab._coverlab.run(args, text)
    return [json.loads(line) for line in out.decode().splitlines()]


@pytest.mark.parametrize(
    "command,options",
    [
        ("solve", []),
        ("solve", ["--max-solutions", "3"]),
        ("solve", ["--max-nodes", "2"]),
        ("solve", ["--strategy", "dlx", "--jobs", "2"]),
        ("count", []),
        ("count", ["--max-solutions", "2"]),
    ],
)
def test_records_are_the_json_records(command, options):
    """solve and count build their dicts without JSON: the same keys in the same order, the
    same values, as the JSON lines the command writes, for every kind of record."""
    text = "\n".join(
        [
            "Grid 01",
            lines(MAGICTOUR)[0] + " # a comment",
            BAD_FOUR,  # invalid
            "1" + "." * 15,  # many solutions
            UNSOLVABLE_FOUR,
            "x" * 81,  # unreadable
            lines(CLASSIC_9)[1],
            ".342.....43.....",
        ]
    ) + "\n"
    args = [command, *options, "--format", "json", "--progress", "never"]
    want = json_records(args, text)
    assert len(want) >= 6 and {r["status"] for r in want} >= {"solved", "invalid"}
    got = coverlab._coverlab.run(args, text, None, "records")[1]
    assert got == want
    assert [list(r) for r in got] == [list(r) for r in want]  # the keys' order too
    with pytest.raises(ValueError, match="hand is for solve and count"):
        coverlab._coverlab.run(["rate", "--format", "json"], text, None, "records")
    # A file gives its name in each location, as the CLI's records do.
    args = [command, *options, "--format", "json", "--progress", "never", "--", str(MAGICTOUR)]
    assert coverlab._coverlab.run(args, None, None, "records")[1] == json_records(args)


def test_solve_array_gives_the_records_as_arrays():
    puzzles = lines(MAGICTOUR)[:20] + [BAD_FOUR.ljust(81, ".")]
    array = np.array([[0 if c == "." else int(c) for c in p] for p in puzzles], dtype=np.int16)
    solved = coverlab.solve_array(array, jobs=2)
    records = coverlab.solve(array)
    assert solved.solutions.shape == (21, 81) and solved.solutions.dtype == np.uint8
    assert list(solved.status) == [r["status"] for r in records] == ["solved"] * 20 + ["invalid"]
    assert list(solved.unique) == [r.get("unique") is True for r in records]
    assert (solved.solutions == coverlab.solutions_array(records)).all()
    assert not solved.solutions[20].any()
    for row, puzzle in zip(solved.solutions[:20], puzzles):
        assert valid_classic("".join(str(v) for v in row), puzzle, DIGITS)
    # Not unique, unsolvable, one puzzle, none.
    four = np.zeros((2, 16), dtype=np.uint8)
    four[1, [0, 1, 10, 14]] = [1, 2, 3, 4]  # UNSOLVABLE_FOUR
    again = coverlab.solve_array(four)
    assert list(again.status) == ["solved", "unsolvable"]
    assert list(again.status) == [r["status"] for r in coverlab.solve(four)]
    assert list(again.unique) == [False, False]
    assert not again.solutions[1].any()
    one = coverlab.solve_array(array[0])
    assert one.solutions.shape == (1, 81) and (one.solutions[0] == solved.solutions[0]).all()
    empty = coverlab.solve_array(np.zeros((0, 81), dtype=np.uint8))
    assert empty.solutions.shape == (0, 81) and len(empty.status) == 0
    with pytest.raises(coverlab.InputError, match="value 12 is out of range"):
        coverlab.solve_array(np.full((1, 16), 12))


def test_array_with_a_value_out_of_range():
    array = np.zeros((3, 81), dtype=np.int64)
    array[2, 10] = 12
    with pytest.raises(coverlab.InputError) as e:
        coverlab.solve(array)
    assert e.value.cell == "r2c2" and e.value.line == 3
    assert "value 12 is out of range" in str(e.value)


def test_count():
    assert coverlab.count("1" + "." * 15)["count"] == 72  # 288 grids of 4×4, a quarter with r1c1=1
    records = coverlab.count(CLASSIC_9, max_solutions=2)
    assert [(r["count"], r["exact"]) for r in records] == [(1, True)] * 3
    capped = coverlab.count("1" + "." * 15, max_solutions=5)
    assert (capped["count"], capped["exact"]) == (5, False)


def test_a_variant_spec_by_name_and_from_an_fpuzzles_link():
    spec = coverlab.Spec("killer-9x9-example")
    record = coverlab.solve(KILLER, spec=spec)[0]
    assert record["spec"] == "killer-9x9-example" and record["unique"] is True
    assert valid_classic(record["solutions"][0], "." * 81, DIGITS)
    assert coverlab.count(KILLER, spec="killer-9x9-example")[0]["count"] == 1
    link = KILLER_LINK.read_text().strip()
    from_link = coverlab.Spec.from_fpuzzles(link)
    assert from_link.size == 9 and from_link.name.startswith("fpuzzles")
    assert coverlab.count(link)["count"] == 1


def test_a_spec_from_ron_text_and_a_file(tmp_path):
    ron = coverlab.Spec("classic-6x6").to_ron()
    from_text = coverlab.Spec(ron)
    assert (from_text.name, from_text.size) == ("classic-6x6", 6)
    path = tmp_path / "six.ron"
    path.write_text(ron)
    assert coverlab.Spec(str(path)).size == 6
    record = coverlab.solve("1....." + "." * 30, spec=from_text, max_solutions=1)
    assert record["status"] == "solved" and record["spec"] == "classic-6x6"


def test_strategies_by_name_with_options():
    puzzles = lines(MAGICTOUR)[:5]
    plain = coverlab.solve(puzzles)
    for strategy in ["fast(locked: false)", "dlx", "singles"]:
        records = coverlab.solve(puzzles, strategy=strategy)
        assert [r["solutions"] for r in records] == [r["solutions"] for r in plain]
    with pytest.raises(ValueError, match="fast's option locked is true or false"):
        coverlab.solve(FOUR, strategy="fast(locked: maybe)")


def test_input_error_says_what_and_where():
    assert issubclass(coverlab.InputError, ValueError) and issubclass(coverlab.SpecError, ValueError)
    with pytest.raises(coverlab.InputError) as e:
        coverlab.solve(BAD_FOUR)
    assert str(e.value) == "<argument>:1: r1c1 and r1c2 both hold 1 in row 1"
    assert (e.value.file, e.value.line, e.value.cell) == ("<argument>", 1, "r1c1")


def test_a_bad_puzzle_in_a_file_names_its_line(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(FOUR + "\n" + BAD_FOUR + "\n")
    records = coverlab.solve(path)
    assert records[1]["status"] == "invalid"
    assert records[1]["error"] == f"{path}:2: r1c1 and r1c2 both hold 1 in row 1"
    with pytest.raises(coverlab.InputError, match="No such file") as e:
        coverlab.solve(tmp_path / "missing.txt")
    assert e.value.file == str(tmp_path / "missing.txt")


def test_messages_are_the_clis():
    binary = os.environ.get("COVERLAB_BIN")
    if not binary:
        pytest.skip("COVERLAB_BIN (the CLI to compare with) not set")
    cli = subprocess.run([binary, "solve", "--format", "json", BAD_FOUR], capture_output=True, text=True)
    assert cli.returncode == 2
    import json

    assert json.loads(cli.stdout)["error"] == coverlab.solve([BAD_FOUR])[0]["error"]


def test_spec_errors():
    with pytest.raises(coverlab.SpecError, match="unknown spec nope: not a built-in spec"):
        coverlab.Spec("nope")
    with pytest.raises(coverlab.SpecError) as e:
        coverlab.Spec('(name: "x", size: 9, rules: [Bogus])')
    assert (e.value.file, e.value.line, e.value.column) == ("<text>", 1, 30)
    assert "Bogus" in str(e.value)


def test_generate_is_deterministic_whatever_the_jobs():
    first = coverlab.generate(4, seed=7, jobs=1)
    assert first == coverlab.generate(4, seed=7, jobs=2)
    assert first != coverlab.generate(4, seed=8, jobs=1)
    assert len({g["puzzle"] for g in first}) == 4
    for g in first:
        assert g["status"] == "generated"
        assert valid_classic(g["solution"], g["puzzle"], DIGITS)
        assert coverlab.count(g["puzzle"])["count"] == 1


def test_generate_16x16_and_a_spec():
    made = coverlab.generate(1, spec="classic-16x16", seed=3)[0]
    symbols = coverlab.Spec("classic-16x16").symbols
    assert made["spec"] == "classic-16x16"
    assert valid_classic(made["solution"], made["puzzle"], symbols)


def test_rate_explain_hint_check():
    puzzles = lines(CLASSIC_9)
    rated = coverlab.rate(puzzles)
    assert [r["status"] for r in rated] == ["rated"] * 3
    assert all(r["scale"] == "propagation" and r["unique"] for r in rated)
    explained = coverlab.explain(puzzles[1])
    assert explained["ending"] == "solved"
    assert valid_classic(explained["grid"], puzzles[1], DIGITS)
    assert explained["steps"][0]["text"].startswith(explained["steps"][0]["technique"])
    hinted = coverlab.hint(puzzles[0])
    assert hinted["hint"] == hinted["step"]["text"]
    nudged = coverlab.hint(puzzles[0], nudge=True)
    assert nudged["hint"].startswith("look for") and "step" not in nudged
    # Progress with a wrong entry, given the puzzle as it was set: the entry is named.
    solution = coverlab.solve(puzzles[0])["solutions"][0]
    assert valid_classic(solution, puzzles[0], DIGITS)
    cell = puzzles[0].index(".")
    wrong = next(d for d in DIGITS if d != solution[cell])
    progress = puzzles[0][:cell] + wrong + puzzles[0][cell + 1 :]
    named = coverlab.hint(progress, puzzle=puzzles[0])
    assert named["wrong"] == ["r%dc%d" % (cell // 9 + 1, cell % 9 + 1)]
    assert named["hint"] == named["wrong"][0] + " is wrong"
    checked = coverlab.check([FOUR, BAD_FOUR])
    assert [c["status"] for c in checked] == ["ok", "invalid"]
    assert checked[1]["error"] == "<argument>:2: r1c1 and r1c2 both hold 1 in row 1"


def test_the_clis_advice_is_a_warning():
    with pytest.warns(coverlab.CoverlabWarning, match="few or no givens"):
        coverlab.count("1" + "." * 15)
