"""Puzzle rules: the day's tiles from the date, the archive, ids, the clock, scoring an attempt."""

from __future__ import annotations

import datetime as dt

import pytest

from spieltisch.games.errors import RuleError
from spieltisch.games.planahead.board import FIELD_COUNT
from spieltisch.games.planahead.notation import EMPTY_LAND
from spieltisch.games.planahead.puzzle import (
    DEFAULT_TIME_LIMIT_S,
    FIRST_PUZZLE_DATE,
    archive,
    attempt_result,
    parse_puzzle_id,
    puzzle_for,
    seed_for,
    time_left,
)
from spieltisch.games.planahead.scoring import score_land
from spieltisch.games.planahead.tiles import ALL_TILES

DAY = dt.date(2026, 11, 29)


def test_same_day_same_puzzle_and_stable_seed():
    first, again = puzzle_for(DAY), puzzle_for(dt.date(2026, 11, 29))
    assert first == again
    assert first.id == "2026-11-29"
    assert first.date == DAY
    assert len(first.tiles) == FIELD_COUNT == len(set(first.tiles))
    assert first.time_limit_s == DEFAULT_TIME_LIMIT_S
    # Pinned: a change here would change every published puzzle (and its best results).
    assert (
        seed_for(DAY)
        == first.seed
        == int.from_bytes(
            __import__("hashlib").sha256(b"spieltisch/planahead/puzzle/2026-11-29").digest()[:8], "big"
        )
    )


def test_days_differ():
    tiles = {puzzle_for(DAY - dt.timedelta(days=n)).tiles for n in range(30)}
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
    puzzle = puzzle_for(DAY, time_limit_s=120)
    assert time_left(puzzle, started_at=1000.0, now=1000.0) == 120
    assert time_left(puzzle, started_at=1000.0, now=1100.5) == pytest.approx(19.5)
    assert time_left(puzzle, started_at=1000.0, now=5000.0) == 0
    with pytest.raises(RuleError):
        puzzle_for(DAY, time_limit_s=0)


def test_attempt_when_time_runs_out_counts_points_so_far():
    puzzle = puzzle_for(DAY)
    tiles = puzzle.tiles
    # Lay the tiles on the first fields only; whatever lines happen to be complete count.
    land = tuple(tiles[:10]) + (None,) * 9
    result = attempt_result(puzzle, land, optimum=250, timed_out=True)
    assert result.score == score_land(land).total
    assert result.timed_out and not result.finished
    assert result.share == pytest.approx(result.score / 250)


def test_finished_attempt_and_empty_land():
    puzzle = puzzle_for(DAY)
    full = tuple(puzzle.tiles)
    done = attempt_result(puzzle, full, optimum=300, timed_out=False)
    assert done.finished and not done.timed_out
    empty = attempt_result(puzzle, EMPTY_LAND, optimum=300, timed_out=True)
    assert empty.score == 0 and empty.share == 0


def test_attempt_rejects_foreign_tiles_and_bad_optimum():
    puzzle = puzzle_for(DAY)
    foreign = next(tile for tile in ALL_TILES if tile not in puzzle.tiles)
    with pytest.raises(RuleError):
        attempt_result(puzzle, (foreign,) + (None,) * 18, optimum=300, timed_out=True)
    with pytest.raises(ValueError):
        attempt_result(puzzle, tuple(puzzle.tiles), optimum=-1, timed_out=False)
