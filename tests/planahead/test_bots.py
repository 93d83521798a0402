"""Plan Ahead computer players: legal, blind to the future, reproducible, ordered in strength."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from spieltisch.cli import main
from spieltisch.games.planahead.bots import LEVELS, choose_field, play_game, replay_strongest
from spieltisch.games.planahead.game import draw_tiles
from spieltisch.games.planahead.notation import EMPTY_LAND, parse_land
from spieltisch.games.planahead.scoring import score_land
from spieltisch.games.planahead.tiles import ALL_TILES, Tile


@pytest.mark.parametrize("level", LEVELS)
def test_every_choice_is_a_free_field_for_the_given_tile(level: str) -> None:
    for seed in range(3):
        draw = draw_tiles(seed)
        rng = random.Random(seed)
        land: list[Tile | None] = [None] * 19
        for turn, tile in enumerate(draw):
            field = choose_field(level, tuple(land), tile, draw[: turn + 1], rng)
            assert 1 <= field <= 19
            assert land[field - 1] is None
            land[field - 1] = tile
        assert sorted(t for t in land if t is not None) == sorted(draw)


@pytest.mark.parametrize("level", LEVELS)
def test_choices_do_not_depend_on_tiles_still_to_come(level: str) -> None:
    # Two draws sharing their first 10 tiles: the first 10 placements must be the same.
    prefix = draw_tiles(7)[:10]
    rest = [tile for tile in ALL_TILES if tile not in prefix]
    other = prefix + tuple(random.Random(99).sample(rest, 9))
    assert other[10:] != draw_tiles(7)[10:]
    first = play_game(level, draw_tiles(7), random.Random(5))
    second = play_game(level, other, random.Random(5))
    assert [first.index(tile) for tile in prefix] == [second.index(tile) for tile in prefix]


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_game(level: str) -> None:
    draw = draw_tiles(11)
    assert play_game(level, draw, random.Random(3)) == play_game(level, draw, random.Random(3))


def test_choice_from_a_position_in_notation() -> None:
    land = parse_land("963 . . . . . . . . . . . . . . . . . .")
    tile = Tile.parse("964")
    field = choose_field("strong", land, tile, [Tile.parse("963"), tile], random.Random(0))
    assert field != 1 and land[field - 1] is None


def test_bad_input_is_refused() -> None:
    tile = ALL_TILES[0]
    with pytest.raises(ValueError, match="unknown level"):
        choose_field("grandmaster", EMPTY_LAND, tile, [tile], random.Random(0))
    with pytest.raises(ValueError, match="already on the land"):
        choose_field("easy", (tile,) + EMPTY_LAND[1:], tile, [tile], random.Random(0))


def test_replay_strongest_plays_the_whole_sequence() -> None:
    draw = draw_tiles(3)
    score, land = replay_strongest(draw)
    assert sorted(t for t in land if t is not None) == sorted(draw)
    assert score == score_land(land).total
    assert replay_strongest(draw) == (score, land)


@pytest.mark.slow
def test_strong_beats_medium_beats_easy() -> None:
    # Same draws for every level; the gaps (~40 and ~100 points) dwarf the noise of 30 games.
    means = {}
    for level in LEVELS:
        scores = [
            score_land(play_game(level, draw_tiles(500 + i), random.Random(i))).total for i in range(30)
        ]
        means[level] = sum(scores) / len(scores)
    assert means["strong"] > means["medium"] > means["easy"], means


def test_import_does_not_load_numba() -> None:
    code = "import sys, spieltisch.games.planahead.bots; print('numba' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_bot_bench_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["planahead", "bot-bench", "--level", "medium", "--games", "3", "--seed", "4", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["level"] == "medium" and figures["games"] == 3 and figures["seed"] == 4
    assert {"mean", "std", "zero_line_share", "ms_per_move", "cpu_ms_per_move"} <= figures.keys()


def test_bot_bench_cli_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["planahead", "bot-bench", "--level", "random", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("random") and "mean=" in out and "zero-line=" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["planahead", "bot-bench", "--level", "godlike", "--games", "2"],
        ["planahead", "bot-bench", "--level", "easy", "--games", "0"],
        ["planahead", "bot-train", "--games", "0"],
    ],
)
def test_bot_cli_bad_input_exits_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("spieltisch: error:") and "\n" not in err


def test_bot_cli_non_number_exits_2() -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["planahead", "bot-bench", "--level", "easy", "--games", "many"])
    assert exit_info.value.code == 2


@pytest.mark.slow
def test_bot_train_cli_is_reproducible(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    from spieltisch.games.planahead.bots import weights

    paths = [tmp_path / "a.npz", tmp_path / "b.npz"]
    for path in paths:
        assert main(["planahead", "bot-train", "--games", "300", "--seed", "3", "--out", str(path)]) == 0
    assert capsys.readouterr().out.split() == [str(path) for path in paths]
    first, second = (weights.load(path) for path in paths)
    assert (first == second).all()
    assert first.shape == weights.strong().shape
