"""The move-by-move analysis (games/planahead/analysis.py) and its command line, whose `--json` shape
is a contract: `spieltisch planahead analyse --tiles "T1 … T19" --fields "F1 … F19" --json`."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spieltisch.cli import main
from spieltisch.games.planahead.analysis import MISTAKE, analyse
from spieltisch.games.planahead.bots import play_game
from spieltisch.games.planahead.game import draw_tiles
from spieltisch.games.planahead.scoring import score_land
from spieltisch.games.planahead.tiles import ALL_TILES

MOVE_KEYS = ["turn", "tile", "field", "best_field", "expected", "best_expected", "loss"]


def fields_of(land, draw) -> list[int]:
    """Where each tile of the draw lies on a finished land (1..19)."""
    return [land.index(tile) + 1 for tile in draw]


def analyse_argv(draw, fields) -> list[str]:
    """The command line that analyses a game of these tiles laid on these fields."""
    return [
        "planahead",
        "analyse",
        "--tiles",
        " ".join(t.code for t in draw),
        "--fields",
        " ".join(map(str, fields)),
    ]


def cli(capsys, draw, fields) -> dict:
    assert main([*analyse_argv(draw, fields), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_the_strong_engines_own_line_loses_almost_nothing(seed, capsys):
    draw = draw_tiles(seed)
    land = play_game("strong", draw, None)
    result = cli(capsys, draw, fields_of(land, draw))
    assert list(result) == ["moves", "score", "accuracy"]
    assert [list(move) for move in result["moves"]] == [MOVE_KEYS] * 19
    assert [move["turn"] for move in result["moves"]] == list(range(1, 20))
    assert [move["tile"] for move in result["moves"]] == [t.code for t in draw]
    assert result["score"] == score_land(land).total
    assert sum(move["loss"] for move in result["moves"]) < 5
    assert result["accuracy"] >= 0.95


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_planted_blunder_shows_at_its_turn_and_nothing_changes_before_it(seed, capsys):
    """The strong line, but its 10th tile goes where its last one went (and the last to the 10th's
    field): the 10th move is a mistake at least; the nine before it read as they did."""
    draw = draw_tiles(seed)
    fields = fields_of(play_game("strong", draw, None), draw)
    planted = list(fields)
    planted[9], planted[18] = planted[18], planted[9]
    honest, blundered = cli(capsys, draw, fields), cli(capsys, draw, planted)
    assert blundered["moves"][:9] == honest["moves"][:9]  # nothing that came later enters a move
    move = blundered["moves"][9]
    assert move["field"] == fields[18] and move["best_field"] != move["field"]
    assert move["loss"] >= MISTAKE and move["loss"] == pytest.approx(
        move["best_expected"] - move["expected"], abs=0.11
    )


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4])
def test_random_play_shows_large_losses(seed, capsys):
    draw = draw_tiles(seed)
    land = play_game("random", draw, random.Random(seed))
    result = cli(capsys, draw, fields_of(land, draw))
    assert sum(move["loss"] for move in result["moves"]) > 60
    assert result["accuracy"] < 0.85


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_any_game_reads_consistently(data):
    count = data.draw(st.integers(1, 19))
    draw = data.draw(st.permutations(ALL_TILES))[:count]
    fields = data.draw(st.permutations(range(1, 20)))[:count]
    result = analyse(draw, fields)
    land = [None] * 19
    for move, tile, field in zip(result.moves, draw, fields, strict=True):
        assert move.tile == tile.code and move.field == field
        assert land[move.best_field - 1] is None  # the best field was free then
        assert move.loss >= 0 and move.best_expected >= move.expected
        land[field - 1] = tile
    assert result.score == score_land(tuple(land)).total
    assert 0 <= result.accuracy <= 1
    # A move's figures depend only on what came before it: the game cut short reads the same.
    cut = data.draw(st.integers(1, count))
    assert analyse(draw[:cut], fields[:cut]).moves == result.moves[:cut]


@pytest.mark.parametrize(
    "tiles, fields",
    [
        ("963 124", "1"),  # a field missing
        ("963 124", "1 1"),  # one field twice
        ("963 124", "1 20"),  # no field 20
        ("963 963", "1 2"),  # one tile twice
        ("963 999", "1 2"),  # no such tile
        ("963", "one"),
        ("", ""),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(tiles, fields, capsys):
    assert main(["planahead", "analyse", "--tiles", tiles, "--fields", fields, "--json"]) == 2
    captured = capsys.readouterr()
    assert (
        captured.out == "" and captured.err.startswith("spieltisch: error:") and captured.err.count("\n") == 1
    )


def test_the_table_marks_costly_moves(capsys):
    draw = draw_tiles(1)
    fields = fields_of(play_game("strong", draw, None), draw)
    fields[9], fields[18] = fields[18], fields[9]
    assert main(analyse_argv(draw, fields)) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 21 and lines[0].split()[:3] == ["turn", "tile", "field"]
    assert "mistake" in lines[10] or "blunder" in lines[10]
    assert lines[-1].startswith("score ") and "accuracy" in lines[-1]
