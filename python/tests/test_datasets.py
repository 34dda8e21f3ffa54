"""Datasets from Python: Parquet sets read back with pyarrow, every solution checked by
`valid_classic` (written without coverlab), and the same set made on a Dask LocalCluster of two
workers, a share of it per task, as by one process (docs/datasets.md)."""

import json

import pytest

import coverlab

from test_coverlab import DIGITS, valid_classic

pq = pytest.importorskip("pyarrow.parquet")


def files(directory):
    """Every file under `directory` (relative name -> bytes)."""
    return {str(p.relative_to(directory)): p.read_bytes() for p in sorted(directory.rglob("*")) if p.is_file()}


def test_parquet_reads_back_with_pyarrow_and_every_solution_is_valid(tmp_path):
    card = coverlab.generate(30, seed=4, parquet=tmp_path, rows_per_file=12)
    assert card["counts"] == {"requested": 30, "made": 30, "failed": 0}
    assert [f["name"] for f in card["files"]] == [f"data/part-0000{k}.parquet" for k in range(3)]
    assert card == json.loads((tmp_path / "dataset.json").read_text())
    table = pq.read_table(tmp_path / "data")
    assert table.num_rows == 30
    assert str(table.schema.field("index").type) == "uint64"
    rows = table.to_pylist()
    assert [r["index"] for r in rows] == list(range(30))
    for r in rows:
        assert valid_classic(r["solution"], r["puzzle"], DIGITS), r
        assert r["givens"] == sum(c != "." for c in r["puzzle"])
        assert r["spec"] == "classic-9x9" and r["size"] == 9 and r["seed"] == 4
        assert r["minimal"] is True
        assert r["level"] in ("easy", "medium", "hard", "expert")
        assert len(r["canon"]) == 81
    # The puzzles are those of `generate` as JSON records, and the levels those the card counts.
    records = coverlab.generate(30, seed=4)
    assert [r["puzzle"] for r in rows] == [r["puzzle"] for r in records]
    assert [r["level"] for r in rows] == [r["level"] for r in records]
    levels = {}
    for r in rows:
        levels[r["level"]] = levels.get(r["level"], 0) + 1
    assert card["levels"] == levels


def test_shares_made_apart_give_the_same_files_as_one_run(tmp_path):
    coverlab.generate(24, seed=8, parquet=tmp_path / "one", rows_per_file=8, symmetry="rot180")
    for start in (16, 0, 8):
        assert coverlab.generate(8, seed=8, start=start, parquet=tmp_path / "apart", rows_per_file=8, symmetry="rot180", card=False) is None
    card = coverlab.dataset_card(tmp_path / "apart")
    assert card["counts"]["made"] == 24
    assert files(tmp_path / "one") == files(tmp_path / "apart")


def test_bad_dataset_requests_raise():
    with pytest.raises(ValueError, match="for parquet=DIR"):
        coverlab.generate(2, techniques=True)
    with pytest.raises(coverlab.InputError, match="not a multiple of --rows-per-file"):
        coverlab.generate(2, start=3, parquet="unused-dir", rows_per_file=2)


def make_share(directory, start, count, seed, rows_per_file):
    """One Dask task: puzzles `start` to `start + count - 1` into `directory/data`."""
    import coverlab

    coverlab.generate(count, seed=seed, start=start, parquet=directory, rows_per_file=rows_per_file, jobs=1, card=False)
    return start


def test_a_dask_local_cluster_of_two_workers_makes_the_one_process_set(tmp_path):
    distributed = pytest.importorskip("distributed")
    import dask

    count, per_file, seed = 64, 16, 21
    # Dask's scratch folders and lock files under pytest's folder, not in /tmp/dask-scratch-space.
    with dask.config.set({"temporary-directory": str(tmp_path / "dask-scratch")}), distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=None,
        local_directory=str(tmp_path / "dask-scratch"),  # not /tmp/dask-scratch-space, left behind
    ) as cluster, distributed.Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        shares = [
            client.submit(make_share, str(tmp_path / "dask"), start, per_file, seed, per_file, pure=False)
            for start in range(0, count, per_file)
        ]
        assert sorted(client.gather(shares)) == list(range(0, count, per_file))
    card = coverlab.dataset_card(tmp_path / "dask")
    coverlab.generate(count, seed=seed, parquet=tmp_path / "one", rows_per_file=per_file, jobs=1)
    assert card["counts"]["made"] == count
    assert files(tmp_path / "dask") == files(tmp_path / "one")
    for r in pq.read_table(tmp_path / "dask" / "data").to_pylist():
        assert valid_classic(r["solution"], r["puzzle"], DIGITS)
