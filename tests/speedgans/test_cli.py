"""The speedgans command line: exact JSON shapes, one-line errors with exit code 2."""

from __future__ import annotations

import json

import pytest

from spieltisch.cli import main
from spieltisch.games.speedgans.notation import parse_city
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


# Rat ------------------------------------------------------------------------------------------------
def test_rat_json_exact_shape(capsys, catalog, catalog_dir, monkeypatch) -> None:
    monkeypatch.setenv("SPIELTISCH_DATA_DIR", str(catalog_dir))
    muster = catalog.musterstadt(("F1", "W2", "H3")).city
    code, out, err = run(
        capsys, "speedgans", "rat", "--city", ". . . . . . . . .", "--tasks", "F1,W2,H3", "--json"
    )
    assert code == 0 and err == ""
    data = json.loads(out)
    assert list(data) == ["target", "next_cell", "wrong"]
    assert data == {"target": str(muster), "next_cell": 1, "wrong": []}  # cells count from 1

    # The Musterstadt's first two tiles, and its last one turned the wrong way (cell 9).
    cells = [str(p) for p in muster.cells]
    last = muster.cells[8]
    assert last is not None
    wrong_last = last.flipped()
    laid = " ".join([cells[0], cells[1], ".", ".", ".", ".", ".", ".", str(wrong_last)])
    code, out, _ = run(capsys, "speedgans", "rat", "--city", laid, "--tasks", "F1,W2,H3", "--json")
    assert code == 0
    data = json.loads(out)
    hint = catalog.rat(parse_city(laid), ("F1", "W2", "H3"))
    assert data == {
        "target": str(hint.target),
        "next_cell": None if hint.next_cell is None else hint.next_cell + 1,
        "wrong": [c + 1 for c in hint.wrong],
    }
    assert all(1 <= c <= 9 for c in data["wrong"]) and 1 <= data["next_cell"] <= 9

    # A complete optimal city: nothing left to do.
    code, out, _ = run(capsys, "speedgans", "rat", "--city", str(muster), "--tasks", "H3,F1,W2", "--json")
    assert json.loads(out) == {"target": str(muster), "next_cell": None, "wrong": []}


def test_rat_text_and_empty_text_city(capsys, catalog, catalog_dir, monkeypatch) -> None:
    monkeypatch.setenv("SPIELTISCH_DATA_DIR", str(catalog_dir))
    muster = catalog.musterstadt(("F1", "W2", "H3")).city
    code, out, err = run(capsys, "speedgans", "rat", "--city", "", "--tasks", "f1, w2, h3")
    assert code == 0 and err == ""
    assert out.splitlines()[0].startswith(f"target: {muster}")
    assert f"next: cell 1 <- {muster.cells[0]}" in out


@pytest.mark.parametrize(
    ("city", "tasks"),
    [
        ("1a0 1a0 . . . . . . .", "F1,W2,H3"),
        ("1a0 2a0", "F1,W2,H3"),
        ("9c0 . . . . . . . .", "F1,W2,H3"),
        (". . . . . . . . .", "F1,F2,H3"),
        (". . . . . . . . .", "F1,W2,X9"),
        (". . . . . . . . .", "F1,W2"),
    ],
)
def test_rat_bad_input(capsys, city: str, tasks: str) -> None:
    code, out, err = run(capsys, "speedgans", "rat", "--city", city, "--tasks", tasks, "--json")
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("spieltisch: error:")
