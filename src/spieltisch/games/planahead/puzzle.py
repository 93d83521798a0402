"""Plan Ahead as a puzzle (Rätsel): one tile sequence a day, the same for everyone, against the clock.

Pure rules, no I/O and no clock: "today" and "now" are always passed in, so the server injects its
clock and tests use fixed dates.

* The puzzle of a day is named by its ISO date (`2026-11-29`). Its seed comes from that name through
  HMAC-SHA-256 under the server's secret (stable across processes, machines and Python versions,
  unlike `hash()`, and unknown to anyone before the day; days before 2026-12-02 used the public
  SHA-256 of the name and keep it), and its tiles
  from `draw_tiles(seed)`, the same draw the table game uses. Every retry replays the same puzzle.
* The archive is the puzzles of the earlier days since the first puzzle date; a future date is not
  a puzzle yet (its tiles must not leak before the day).
* The time limit is part of the puzzle. Default: 180 s for 19 tiles, i.e. about 9 s a tile. In the
  puzzle every tile is known in advance, so the time goes into planning and then placing 19 tiles
  (a drag and an OK each, 2–3 s): 3 minutes leave about a minute to plan while still rewarding a
  quick plan, and keep a daily puzzle a short break rather than a session.
* When the time runs out, the score reached so far counts (the rules: "zählt deine bisher erspielte
  Punktzahl"); the result is also shown as a share of the exact optimum of the sequence.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import re
from dataclasses import dataclass

from spieltisch.games.errors import ErrorCode, RuleError
from spieltisch.games.planahead.board import FIELD_COUNT
from spieltisch.games.planahead.game import draw_tiles
from spieltisch.games.planahead.tiles import Tile

#: The day of the first puzzle: the archive does not reach further back.
FIRST_PUZZLE_DATE = dt.date(2026, 1, 1)

#: From this day on a puzzle's tiles are drawn under the server's secret (see `seed_for`).
SECRET_FROM = dt.date(2026, 12, 2)

#: An attempt that placed its tiles faster than this many seconds a tile is not ranked: nobody
#: drags and confirms a tile in less (a script that knows the best land does).
MIN_SECONDS_PER_TILE = 0.4

#: Seconds for a puzzle of 19 tiles (see the module docstring for why).
DEFAULT_TIME_LIMIT_S = 180

#: A puzzle id: exactly YYYY-MM-DD (fromisoformat alone would also take week dates like 2026-W48-7).
_ID = re.compile(r"\d{4}-\d{2}-\d{2}")

#: Keeps the puzzle seeds apart from any other seed derived from a date.
_SEED_PREFIX = "spieltisch/planahead/puzzle/"


@dataclass(frozen=True, slots=True)
class Puzzle:
    #: The ISO date of the puzzle's day, e.g. "2026-11-29"; also its name in URLs and the archive.
    id: str
    seed: int
    tiles: tuple[Tile, ...]
    time_limit_s: int

    @property
    def date(self) -> dt.date:
        return dt.date.fromisoformat(self.id)


def seed_for(day: dt.date, secret: bytes) -> int:
    """The puzzle seed of a day, as an integer of 8 bytes. From `SECRET_FROM` on: HMAC-SHA-256 of
    the ISO date under the server's secret, so that nobody can work out a day's tiles before the
    server shows them. Earlier days keep the public rule they were published with (SHA-256 of the
    date alone): their tiles and results lists stay as they were."""
    message = (_SEED_PREFIX + day.isoformat()).encode("ascii")
    if day < SECRET_FROM:
        digest = hashlib.sha256(message).digest()
    else:
        digest = hmac.new(secret, message, hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big")


def puzzle_for(day: dt.date, secret: bytes, time_limit_s: int = DEFAULT_TIME_LIMIT_S) -> Puzzle:
    """The puzzle of a day (any day; whether it may be shown yet is `parse_puzzle_id`'s business)."""
    if time_limit_s <= 0:
        raise RuleError(ErrorCode.BAD_SETTINGS, "a puzzle's time limit must be positive")
    seed = seed_for(day, secret)
    return Puzzle(day.isoformat(), seed, draw_tiles(seed, FIELD_COUNT), time_limit_s)


def parse_puzzle_id(text: str, today: dt.date) -> dt.date:
    """The day a puzzle id names. Raises RuleError for a malformed id, a day before the first puzzle,
    or a day after `today` (the server's date: tomorrow's tiles are not public yet)."""
    text = text.strip()
    try:
        if not _ID.fullmatch(text):
            raise ValueError
        day = dt.date.fromisoformat(text)
    except ValueError:
        raise RuleError(
            ErrorCode.BAD_PUZZLE, f"puzzle id {text!r} must be an ISO date like 2026-11-29"
        ) from None
    if day < FIRST_PUZZLE_DATE:
        raise RuleError(ErrorCode.NO_PUZZLE, f"the first puzzle is of {FIRST_PUZZLE_DATE.isoformat()}")
    if day > today:
        raise RuleError(ErrorCode.FUTURE_PUZZLE, f"the puzzle of {day.isoformat()} is not out yet")
    return day


def archive(today: dt.date, limit: int | None = None) -> tuple[str, ...]:
    """Ids of the puzzles before `today`, newest first (at most `limit` of them)."""
    last = today - dt.timedelta(days=1)
    count = max(0, (last - FIRST_PUZZLE_DATE).days + 1)
    if limit is not None:
        count = min(count, max(0, limit))
    return tuple((last - dt.timedelta(days=back)).isoformat() for back in range(count))
