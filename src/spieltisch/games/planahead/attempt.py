"""One attempt at a puzzle (Rätsel): the Plan Ahead game alone, against one clock for the whole land.

The tiles come in the puzzle's fixed order, one at a time, exactly as in a game with one seat. When
the time runs out the attempt ends and the score reached so far counts, with the tile lying on a field
then (kept there, as the clock at a table keeps it); tiles not yet placed do not.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from spieltisch.games.errors import ErrorCode, RuleError
from spieltisch.games.planahead import game as pa
from spieltisch.games.planahead.puzzle import Puzzle


@dataclass(frozen=True, slots=True)
class Attempt:
    puzzle_id: str
    game: pa.Game
    started_at: float
    ends_at: float
    timed_out: bool = False

    @property
    def over(self) -> bool:
        return self.timed_out or self.game.phase is pa.Phase.FINISHED

    @property
    def score(self) -> int:
        return self.game.seats[0].score

    def seconds_used(self, now: float) -> float:
        return min(now, self.ends_at) - self.started_at


def start(puzzle: Puzzle, now: float, time_limit_s: float | None = None) -> Attempt:
    """A new attempt; `time_limit_s` overrides the puzzle's own limit (an operator's choice)."""
    game = pa.Game(pa.Settings(seat_limit=1), puzzle.seed, tuple(puzzle.tiles), (pa.Seat(),))
    return Attempt(puzzle.id, game, now, now + (time_limit_s or puzzle.time_limit_s))


def _playing(attempt: Attempt) -> None:
    if attempt.over:
        code = ErrorCode.TIME_UP if attempt.timed_out else ErrorCode.GAME_OVER
        raise RuleError(code, "this attempt is over")


def place(attempt: Attempt, field: int | None) -> Attempt:
    _playing(attempt)
    return replace(attempt, game=pa.place(attempt.game, 0, field))


def confirm(attempt: Attempt, now: float) -> Attempt:
    _playing(attempt)
    return replace(attempt, game=pa.confirm(attempt.game, 0, now))


def act(attempt: Attempt, action: pa.Action, now: float) -> Attempt:
    match action:
        case pa.Place(field):
            return place(attempt, field)
        case pa.Confirm():
            return confirm(attempt, now)


def on_deadline(attempt: Attempt, now: float) -> Attempt:
    """The clock reached `now`: past the end, the attempt is over. A tile lying unconfirmed stays and
    counts (marked as the clock's), as at a table; the next tile never comes."""
    if attempt.over or now < attempt.ends_at:
        return attempt
    return replace(attempt, game=pa.keep_tentative(attempt.game, 0, now), timed_out=True)


def give_up(attempt: Attempt, now: float) -> Attempt:
    """The attempt ends at `now` (before its time: the server ended it) with what it had, as if its
    time ran out then. Idempotent."""
    if attempt.over:
        return attempt
    return on_deadline(replace(attempt, ends_at=min(attempt.ends_at, now)), now)


def view(attempt: Attempt) -> dict[str, Any]:
    data = pa.seat_view(attempt.game, 0)
    data.update(
        puzzle=attempt.puzzle_id,
        started_at=attempt.started_at,
        ends_at=attempt.ends_at,
        timed_out=attempt.timed_out,
        phase="finished" if attempt.over else "playing",
    )
    if attempt.timed_out:
        data["tile"] = None
    return data


def to_dict(attempt: Attempt) -> dict[str, Any]:
    return {
        "puzzle": attempt.puzzle_id,
        "game": pa.to_dict(attempt.game),
        "started_at": attempt.started_at,
        "ends_at": attempt.ends_at,
        "timed_out": attempt.timed_out,
    }


def from_dict(data: dict[str, Any]) -> Attempt:
    return Attempt(
        data["puzzle"],
        pa.from_dict(data["game"]),
        data["started_at"],
        data["ends_at"],
        data["timed_out"],
    )
