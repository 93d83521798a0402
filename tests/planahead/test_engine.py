"""The Plan Ahead rules engine: board geometry, notation, scoring and the simultaneous game."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spieltisch.games.errors import RuleError
from spieltisch.games.planahead import game as pa
from spieltisch.games.planahead.board import COORDS, LINES
from spieltisch.games.planahead.notation import EMPTY_LAND, format_land, parse_land
from spieltisch.games.planahead.scoring import LineState, points_completed_by, score_land
from spieltisch.games.planahead.tiles import ALL_TILES, Direction, NotationError, Tile

# The spec's lines, copied from plan-ahead.md: the geometry must produce exactly these.
SPEC_LINES = {
    Direction.VERTICAL: ["1-2-3", "4-5-6-7", "8-9-10-11-12", "13-14-15-16", "17-18-19"],
    Direction.RISING: ["1-4-8", "2-5-9-13", "3-6-10-14-17", "7-11-15-18", "12-16-19"],
    Direction.FALLING: ["8-13-17", "4-9-14-18", "1-5-10-15-19", "2-6-11-16", "3-7-12"],
}


def test_board_has_the_spec_lines():
    for direction, lines in SPEC_LINES.items():
        got = {"-".join(map(str, line.fields)) for line in LINES if line.direction is direction}
        assert got == set(lines)
    assert sorted(line.length for line in LINES) == sorted([3, 4, 5, 4, 3] * 3)


def test_27_distinct_tiles_with_the_rules_values():
    assert len(set(ALL_TILES)) == 27
    assert {t.vertical for t in ALL_TILES} == {1, 5, 9}
    assert {t.rising for t in ALL_TILES} == {2, 6, 7}
    assert {t.falling for t in ALL_TILES} == {3, 4, 8}


@pytest.mark.parametrize("bad", ["", "96", "9633", "abc", "133", "973x", "463", "9 6 3"])
def test_bad_tile_notation(bad):
    with pytest.raises(NotationError):
        Tile.parse(bad)


def test_rules_example_road_of_three_is_27():
    # "Die Straße geht über 3 Felder von oben nach unten … 3 * 9 = 27."
    land = parse_land("923 963 973 " + " ".join(["."] * 16))
    result = score_land(land)
    assert result.total == 27
    complete = [line for line in result.lines if line.state is LineState.COMPLETE]
    assert [(line.line.fields, line.points) for line in complete] == [((1, 2, 3), 27)]


lands = st.lists(st.sampled_from(ALL_TILES), min_size=19, max_size=27, unique=True).flatmap(
    lambda tiles: st.lists(st.booleans(), min_size=19, max_size=19).map(
        lambda empty: tuple(None if e else t for t, e in zip(tiles[:19], empty, strict=True))
    )
)


def brute_force_score(land) -> int:
    """An independent check: walk every line from the coordinates with hex direction vectors."""
    steps = {Direction.VERTICAL: (0, 1), Direction.RISING: (1, -1), Direction.FALLING: (1, 0)}
    at = {coord: index for index, coord in enumerate(COORDS)}
    total = 0
    for direction, (dq, dr) in steps.items():
        starts = [c for c in COORDS if (c[0] - dq, c[1] - dr) not in at]
        for q, r in starts:
            cells = []
            while (q, r) in at:
                cells.append(land[at[(q, r)]])
                q, r = q + dq, r + dr
            if all(cells) and len({tile.value(direction) for tile in cells}) == 1:
                total += len(cells) * cells[0].value(direction)
    return total


@given(lands)
@settings(max_examples=300)
def test_scoring_equals_a_brute_force_line_check(land):
    result = score_land(land)
    assert result.total == brute_force_score(land)
    assert result.total == sum(line.points for line in result.lines)
    assert 0 <= result.total <= 307
    for line in result.lines:
        tiles = [land[f - 1] for f in line.line.fields]
        values = {t.value(line.line.direction) for t in tiles if t}
        assert (line.state is LineState.BROKEN) == (len(values) > 1)
        assert (line.state is LineState.COMPLETE) == (len(values) == 1 and all(tiles))


@given(lands)
def test_notation_round_trip(land):
    assert parse_land(format_land(land)) == land


@given(lands, st.integers(1, 19))
def test_preview_is_the_gain_of_completed_lines(land, field):
    tile = next(t for t in ALL_TILES if t not in land)
    land = land[: field - 1] + (None,) + land[field:]
    placed = land[: field - 1] + (tile,) + land[field:]
    gain = score_land(placed).total - score_land(land).total
    assert points_completed_by(land, field, tile) == gain


#: A land scoring the rules' maximum 307 (found by `spieltisch planahead optimum --tiles all`; that no
#: land scores more is the optimiser's exact proof, tested in test_optimum.py).
LAND_307 = "563 574 524 968 973 924 964 168 178 123 164 174 978 928 963 974 528 568 573"


def test_the_maximum_307_is_reachable():
    land = parse_land(LAND_307)
    assert score_land(land).total == brute_force_score(land) == 307


@given(st.integers(0, 2**48))
def test_the_draw_comes_from_the_seed(seed):
    draw = pa.draw_tiles(seed)
    assert len(draw) == 19 and len(set(draw)) == 19
    assert pa.draw_tiles(seed) == draw


def play_randomly(game: pa.Game, data, now: float = 0.0) -> pa.Game:
    while game.phase is pa.Phase.PLAYING:
        for seat in range(len(game.seats)):
            free = [f for f in range(1, 20) if game.seats[seat].land[f - 1] is None]
            game = pa.place(game, seat, data.draw(st.sampled_from(free)))
            game = pa.confirm(game, seat, now)
    return game


@given(st.integers(1, 6), st.integers(0, 2**32), st.data())
@settings(max_examples=40, deadline=None)
def test_a_game_deals_the_same_tiles_to_every_seat_one_at_a_time(seats, seed, data):
    game = pa.new_game(seats, seed, 0.0)
    shown = []
    while game.phase is pa.Phase.PLAYING:
        shown.append(game.current_tile)
        for seat in range(seats):
            view = pa.seat_view(game, seat)
            assert view["tile"] == game.current_tile.code
            free = [f for f in range(1, 20) if game.seats[seat].land[f - 1] is None]
            game = pa.place(game, seat, data.draw(st.sampled_from(free)))
            if seat < seats - 1:
                before = game.turn
                game = pa.confirm(game, seat, 0.0)
                assert game.turn == before  # the next tile waits for everyone
            else:
                game = pa.confirm(game, seat, 0.0)
    assert tuple(shown) == pa.draw_tiles(seed)
    for seat in game.seats:
        assert sorted(t for t in seat.land) == sorted(shown)
    assert pa.from_dict(json.loads(json.dumps(pa.to_dict(game)))) == game


def test_moves_that_break_the_rules_are_refused():
    game = pa.new_game(2, 1, 0.0)
    with pytest.raises(RuleError, match="place the tile"):
        pa.confirm(game, 0, 0.0)
    with pytest.raises(RuleError):
        pa.place(game, 2, 1)
    with pytest.raises(RuleError):
        pa.place(game, 0, 20)
    game = pa.confirm(pa.place(game, 0, 4), 0, 0.0)
    with pytest.raises(RuleError, match="confirmed"):
        pa.place(game, 0, 5)
    game = pa.confirm(pa.place(game, 1, 4), 1, 0.0)
    with pytest.raises(RuleError) as taken:
        pa.place(game, 0, 4)
    assert taken.value.code == "field_taken"


def test_others_do_not_see_where_the_current_tile_went():
    game = pa.confirm(pa.place(pa.new_game(2, 3, 0.0), 0, 10), 0, 0.0)
    assert pa.seat_view(game, 1)["seats"][0]["land"] == format_land(EMPTY_LAND)
    assert pa.seat_view(game, 0)["seats"][0]["land"].split()[9] == game.current_tile.code
    assert "tentative" not in pa.seat_view(game, 1)["seats"][0]


def test_turn_clock_places_for_those_who_did_not_confirm():
    game = pa.new_game(3, 5, 100.0, pa.Settings(turn_seconds=30))
    assert game.deadline == 130.0
    game = pa.confirm(pa.place(game, 0, 1), 0, 101.0)
    game = pa.place(game, 1, 7)  # placed but not confirmed: the clock keeps his choice
    assert pa.on_deadline(game, 129.9) == game  # not yet
    tile = game.current_tile
    game = pa.on_deadline(game, 130.0)
    assert game.turn == 1 and game.deadline == 160.0
    assert game.seats[1].land[6] == tile and game.seats[1].clock_placed == {7}
    assert sum(t == tile for t in game.seats[2].land) == 1 and len(game.seats[2].clock_placed) == 1
    assert not game.seats[0].clock_placed


def test_ranking_shares_places_on_ties():
    game = pa.Game(pa.Settings(), 0, pa.draw_tiles(0), (pa.Seat(), pa.Seat(), pa.Seat()), turn=19)
    assert game.ranking() == (1, 1, 1)


@pytest.mark.slow
def test_cli_score_json_and_errors():
    land = "923 963 973 " + " ".join(["."] * 16)
    out = subprocess.run(
        [sys.executable, "-m", "spieltisch", "planahead", "score", "--land", land, "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    data = json.loads(out.stdout)
    assert data["score"] == 27 and len(data["lines"]) == 15
    assert set(data["lines"][0]) == {"fields", "direction", "state", "points"}
    assert data["lines"][0] == {
        "fields": [1, 2, 3],
        "direction": "vertical",
        "state": "complete",
        "points": 27,
    }
    for bad in ["923 963", "999 " + " ".join(["."] * 18), "923 923 " + " ".join(["."] * 17)]:
        out = subprocess.run(
            [sys.executable, "-m", "spieltisch", "planahead", "score", "--land", bad],
            capture_output=True,
            text=True,
        )
        assert out.returncode == 2
        assert len(out.stderr.strip().splitlines()) == 1 and out.stdout == ""


def test_a_computers_tiles_are_marked_apart_from_the_clocks():
    """A tile a computer fixed (for a person: one standing in for him) is marked as the clock's are,
    in the views and snapshots (issue 32: the replay and the end of the game say it)."""
    game = pa.new_game(2, seed=3, now=0.0, settings=pa.Settings(turn_seconds=30))
    game = pa.act(game, 0, pa.Place(1), 1.0)
    game = pa.act(game, 0, pa.Confirm(), 1.0)
    game = pa.act(game, 1, pa.Place(2), 1.0)
    game = pa.act(game, 1, pa.Confirm(), 1.0, by_computer=True)
    assert [s.computer_placed for s in game.seats] == [frozenset(), {2}]
    game = pa.on_deadline(game, 100.0)  # nobody lays the second tile: the clock does
    assert game.seats[1].computer_placed == {2} and len(game.seats[1].clock_placed) == 1
    assert pa.seat_view(game, 0)["seats"][1]["computer_placed"] == [2]
    assert pa.from_dict(json.loads(json.dumps(pa.to_dict(game)))).seats[1].computer_placed == {2}
