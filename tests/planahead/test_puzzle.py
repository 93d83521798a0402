"""Puzzle rules: the day's tiles from the date, the archive, ids, the clock, scoring an attempt."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from spieltisch.games.errors import ErrorCode, RuleError
from spieltisch.games.planahead import attempt
from spieltisch.games.planahead import game as pa
from spieltisch.games.planahead.board import FIELD_COUNT
from spieltisch.games.planahead.puzzle import (
    DEFAULT_TIME_LIMIT_S,
    FIRST_PUZZLE_DATE,
    SECRET_FROM,
    archive,
    parse_puzzle_id,
    puzzle_for,
    seed_for,
)
from spieltisch.games.planahead.scoring import score_land

DAY = dt.date(2026, 11, 29)
SECRET = b"a test secret of the server"


def test_same_day_same_puzzle_and_stable_seed():
    first, again = puzzle_for(DAY, SECRET), puzzle_for(dt.date(2026, 11, 29), SECRET)
    assert first == again
    assert first.id == "2026-11-29"
    assert first.date == DAY
    assert len(first.tiles) == FIELD_COUNT == len(set(first.tiles))
    assert first.time_limit_s == DEFAULT_TIME_LIMIT_S
    # Pinned: a change here would change every published puzzle (and its best results).
    assert (
        seed_for(DAY, SECRET)
        == first.seed
        == int.from_bytes(
            __import__("hashlib").sha256(b"spieltisch/planahead/puzzle/2026-11-29").digest()[:8], "big"
        )
    )


def test_from_the_secret_on_nobody_can_work_out_a_days_tiles_without_the_server():
    day = SECRET_FROM + dt.timedelta(days=3)
    assert puzzle_for(day, SECRET) == puzzle_for(day, SECRET)  # stable for one server
    assert puzzle_for(day, SECRET).tiles != puzzle_for(day, b"another server's secret").tiles
    public = int.from_bytes(
        __import__("hashlib").sha256(f"spieltisch/planahead/puzzle/{day.isoformat()}".encode()).digest()[:8],
        "big",
    )
    assert seed_for(day, SECRET) != public
    # The days before keep the tiles they were published with, whatever the secret.
    assert puzzle_for(DAY, SECRET) == puzzle_for(DAY, b"another server's secret")


def test_days_differ():
    tiles = {puzzle_for(DAY - dt.timedelta(days=n), SECRET).tiles for n in range(30)}
    assert len(tiles) == 30


def test_parse_puzzle_id():
    assert parse_puzzle_id(" 2026-11-29 ", today=DAY) == DAY
    assert parse_puzzle_id("2026-01-01", today=DAY) == FIRST_PUZZLE_DATE


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("2026-11-30", "future_puzzle"),
        ("2025-12-31", "no_puzzle"),
        ("2026-02-30", "bad_puzzle"),
        ("20261129", "bad_puzzle"),
        ("2026-W48-7", "bad_puzzle"),
        ("", "bad_puzzle"),
        ("yesterday", "bad_puzzle"),
    ],
)
def test_bad_puzzle_ids(text, code):
    with pytest.raises(RuleError) as error:
        parse_puzzle_id(text, today=DAY)
    assert error.value.code == code
    assert "\n" not in error.value.message


def test_archive_is_earlier_days_newest_first():
    ids = archive(DAY)
    assert ids[0] == "2026-11-28"
    assert ids[-1] == FIRST_PUZZLE_DATE.isoformat()
    assert len(ids) == (DAY - FIRST_PUZZLE_DATE).days
    assert DAY.isoformat() not in ids
    assert archive(DAY, limit=3) == ("2026-11-28", "2026-11-27", "2026-11-26")
    assert archive(FIRST_PUZZLE_DATE) == ()
    assert all(parse_puzzle_id(i, today=DAY) for i in ids[:5])


def test_time_limit():
    assert puzzle_for(DAY, SECRET, time_limit_s=120).time_limit_s == 120
    assert attempt.start(puzzle_for(DAY, SECRET, time_limit_s=120), 1000.0).ends_at == 1120.0
    with pytest.raises(RuleError):
        puzzle_for(DAY, SECRET, time_limit_s=0)


def start_attempt(now: float = 1000.0) -> attempt.Attempt:
    return attempt.start(puzzle_for(DAY, SECRET), now)


def test_an_attempt_plays_the_puzzles_tiles_in_order():
    puzzle = puzzle_for(DAY, SECRET)
    state = start_attempt()
    assert (
        state.ends_at == 1000.0 + DEFAULT_TIME_LIMIT_S and attempt.view(state)["tile"] == puzzle.tiles[0].code
    )
    for field in range(1, FIELD_COUNT + 1):
        state = attempt.act(state, pa.Place(field), 1000.0 + field)
        state = attempt.act(state, pa.Confirm(), 1000.0 + field)
    assert state.over and not state.timed_out
    assert state.game.seats[0].land == tuple(puzzle.tiles)
    assert state.score == score_land(tuple(puzzle.tiles)).total
    assert state.seconds_used(1019.0) == 19.0
    assert state.seconds_used(5000.0) == DEFAULT_TIME_LIMIT_S  # never more than the limit
    with pytest.raises(RuleError) as caught:
        attempt.act(state, pa.Place(1), 1020.0)
    assert caught.value.code is ErrorCode.GAME_OVER


def test_when_time_runs_out_the_points_so_far_count_and_the_tile_lying_stays():
    state = start_attempt()
    state = attempt.act(state, pa.Place(1), 1001.0)
    state = attempt.act(state, pa.Confirm(), 1001.0)
    state = attempt.act(state, pa.Place(2), 1002.0)  # lies there, not confirmed
    lying = state.game.current_tile
    assert attempt.on_deadline(state, 1000.0 + DEFAULT_TIME_LIMIT_S - 0.1) == state  # not yet
    over = attempt.on_deadline(state, 1000.0 + DEFAULT_TIME_LIMIT_S)
    assert over.timed_out and over.over
    # As the clock at a table: the tile stays where it lay, marked as the clock's, and counts.
    land = over.game.seats[0].land
    assert sum(tile is not None for tile in land) == 2 and land[1] == lying
    assert over.game.seats[0].clock_placed == {2} and over.game.seats[0].tentative is None
    assert over.score == score_land(land).total
    assert attempt.view(over)["tile"] is None and attempt.view(over)["phase"] == "finished"
    with pytest.raises(RuleError) as caught:
        attempt.act(over, pa.Confirm(), 2000.0)
    assert caught.value.code is ErrorCode.TIME_UP


def test_when_time_runs_out_with_no_tile_lying_none_is_laid():
    state = start_attempt()
    state = attempt.act(state, pa.Place(1), 1001.0)
    state = attempt.act(state, pa.Confirm(), 1001.0)
    over = attempt.on_deadline(state, 1000.0 + DEFAULT_TIME_LIMIT_S)
    assert over.timed_out and sum(tile is not None for tile in over.game.seats[0].land) == 1
    assert over.game.seats[0].clock_placed == frozenset()


def test_an_operators_time_limit_and_the_snapshot():
    state = attempt.start(puzzle_for(DAY, SECRET), 50.0, time_limit_s=12)
    assert state.ends_at == 62.0
    state = attempt.act(state, pa.Place(5), 51.0)
    assert attempt.from_dict(json.loads(json.dumps(attempt.to_dict(state)))) == state
