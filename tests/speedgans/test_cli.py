"""The speedgans command line: exact JSON shapes, one-line errors with exit code 2."""

from __future__ import annotations

import json

import pytest

from spieltisch.cli import main
from spieltisch.games.speedgans.tasks import TASK_IDS

EXAMPLE = "6b1 3b0 5a3 1b2 9b0 2a2 7a2 4a0 8a1"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_score_json(capsys) -> None:
    code, out, err = run(capsys, "speedgans", "score", "--city", EXAMPLE, "--json")
    assert code == 0
    data = json.loads(out)
    assert list(data) == ["valid", "problems", "tasks", "catches"]
    assert data["valid"] is True and data["problems"] == []
    assert list(data["tasks"]) == list(TASK_IDS)
    assert data["tasks"]["F1"] == 2 and data["tasks"]["F5"] == 4  # spec example
    assert len(data["catches"]) == 2


def test_score_invalid_city(capsys) -> None:
    code, out, _ = run(
        capsys, "speedgans", "score", "--city", "1a3 3a0 4a0 5a1 9b2 6a3 7b0 2a1 8b2", "--json"
    )
    assert code == 0
    data = json.loads(out)
    assert data["valid"] is False
    assert {p["kind"] for p in data["problems"]} == {"dead_end"}


@pytest.mark.parametrize("city", ["1a0 1a0 . . . . . . .", "xyz", "1a0 2a0", "9c0 . . . . . . . ."])
def test_score_bad_notation(capsys, city: str) -> None:
    code, out, err = run(capsys, "speedgans", "score", "--city", city, "--json")
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("spieltisch: error:")


@pytest.mark.parametrize("tasks", ["F1,F2,H3", "F1,W2", "F1,W2,X9", "F1,W2,H3,L1"])
def test_musterstadt_bad_triple(capsys, tasks: str) -> None:
    code, out, err = run(capsys, "speedgans", "musterstadt", "--tasks", tasks, "--json")
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("spieltisch: error:")


def test_stats_and_musterstadt_json(capsys, catalog, catalog_dir, monkeypatch) -> None:
    monkeypatch.setenv("SPIELTISCH_DATA_DIR", str(catalog_dir))
    code, out, _ = run(capsys, "speedgans", "catalog", "stats", "--json")
    assert code == 0
    data = json.loads(out)
    assert list(data) == ["valid_placements", "tasks"]
    assert data["valid_placements"] == catalog.valid_placements
    assert list(data["tasks"]) == list(TASK_IDS)
    for entry in data["tasks"].values():
        assert list(entry) == ["min", "max", "best_count"]

    code, out, _ = run(capsys, "speedgans", "musterstadt", "--tasks", "F1,W2,H3", "--json")
    assert code == 0
    data = json.loads(out)
    assert list(data) == ["city", "tasks", "points", "sum"]
    assert list(data["tasks"]) == ["F1", "W2", "H3"]
    assert len(data["points"]) == 3 and all(isinstance(p, float) for p in data["points"])
    assert data["sum"] == pytest.approx(sum(data["points"]))
